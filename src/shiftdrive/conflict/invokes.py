"""The invoke window after the dice (C4): the sides take turns to invoke an aspect or pass
until every side has passed in a row; then the roll resolves.

An invoke gives +2 or a reroll to your roll (your own aspects, the scene's, or the
opponent's: the opponent is paid a fate point at the end), +2 to a passive opposition
(obstacle), or +2 to an ally's roll (teamwork). Paid with a fate point (once per aspect
per roll) or a free invoke (they stack). A boost is spent when invoked (C6).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar, Final

from shiftdrive.conflict.exchange import HostedAction
from shiftdrive.conflict.host import ACTIVE, CS, Host
from shiftdrive.conflict.roll import FATE_DICE, close, roll_dice, totals
from shiftdrive.conflict.teamwork import helpers
from shiftdrive.core.aspects import AspectKind
from shiftdrive.core.dice import FUDGE, face_total
from shiftdrive.core.invokes import Invoke, InvokeEffect, Payment, pay_for_invoke
from shiftdrive.core.outcomes import OUTCOME_NAMES, outcome_of, shifts_to_change
from shiftdrive.engine.actions import ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import Turn

if TYPE_CHECKING:
    from shiftdrive.conflict.host import Combatant, ConflictState
    from shiftdrive.conflict.roll import Roll
    from shiftdrive.core.dice import DiceSource

ATTACK: Final = "attack"  # the action whose shifts are a hit
BOOST: Final = AspectKind.BOOST  # one name: reading the enum member costs more, per walk

#: the choice's words for an invoke's effect and payment, and core's
EFFECTS: Final[dict[str, InvokeEffect]] = {
    "bonus": InvokeEffect.BONUS,
    "reroll": InvokeEffect.REROLL,
    "teamwork": InvokeEffect.TEAMWORK,
    "obstacle": InvokeEffect.OBSTACLE,
}
PAYMENTS: Final[dict[str, Payment]] = {"free": Payment.FREE, "fate_point": Payment.FATE_POINT}
INVOKE_PARAMS: Final = {
    "aspect": ParamKind.ASPECT,
    "effect": ParamKind.OPTION,
    "payment": ParamKind.OPTION,
    "by": ParamKind.UNIT,
}
#: what an invoke may do for a roller's own roll, and for a passive roll's other sides
ROLLER_EFFECTS: Final = ("bonus", "reroll")
OBSTACLE_EFFECTS: Final = ("obstacle",)
EFFECT_WORDS: Final = {
    "bonus": "+2",
    "reroll": "a reroll",
    "teamwork": "+2 teamwork",
    "obstacle": "+2 to the opposition",
}


#: no fighter (who could pay for an invoke, on most rolls: one empty value, no list made)
NOBODY: Final[tuple[Combatant, ...]] = ()

#: the one pass of the invoke window (a choice is a value: one serves every battle)
PASS: Final = Choice.of("pass", label="Pass (no more invokes)")


def roller_of(state: ConflictState, roll: Roll, seat: str) -> str:
    """Whose dice `seat` invokes for: the actor's, the target's, or nobody's (a passive roll's
    other sides invoke obstacles)."""
    target_side = state.side_of(roll.target) if roll.target else ""
    return _roller(roll, seat, state.side_of(roll.actor), target_side)


def _roller(roll: Roll, seat: str, actor_side: str, target_side: str) -> str:
    """`roller_of`, from the sides of the roll's actor and target ("": none) read already."""
    if seat == actor_side:
        return roll.actor
    if roll.target and seat == target_side:
        return roll.target
    return ""


def window_sides(state: ConflictState, roll: Roll, actor_side: str, target_side: str) -> list[str]:
    """The sides of a roll's invoke window, the roller's first: the target's side on an opposed
    roll, every side still fighting on a passive one (the sides of the roll's actor and
    target read already)."""
    if roll.target:
        return [actor_side, target_side]
    return [actor_side] + [s for s in state.sides if s != actor_side and state.active(s)]


@lru_cache(maxsize=4096)
def invoke_choice(aspect: str, effect: str, payment: str, by: str) -> Choice:
    """One invoke from `InvokeAspect.open_invokes` as the labelled choice the menu lists:
    made the first time (a choice is a value, and these four are all it shows: one serves
    every battle and every window that lists it)."""
    paid = f"({by}'s free invoke)" if payment == "free" else f"({by} pays a fate point)"
    return Choice.of(
        "invoke",
        aspect=aspect,
        effect=effect,
        payment=payment,
        by=by,
        label=f"Invoke '{aspect}' for {EFFECT_WORDS[effect]} {paid}",
    )


@lru_cache(maxsize=4096)
def paid_key(seat: str, aspect: str) -> str:
    """What `Roll.paid` keeps of a paid invoke: the side's roll and the aspect. Fate Core
    lets a roll have one paid invoke of an aspect, whoever pays it (the roller, or an ally by
    teamwork); free invokes stack on top (C4)."""
    return f"{seat}:{aspect}".lower()


def open_invokes(
    host: Host[Any], state: ConflictState, seat: str, *, fate_points: bool = True
) -> Iterator[tuple[str, str, str, str]]:
    """The invokes open to `seat` on the roll in hand, as (aspect, effect, payment, by): the
    one rule of what may be invoked, which `InvokeAspect.options` words as choices and
    `may_change` weighs (lazily: it stops once it has seen enough). `fate_points=False`: the
    free invokes only, in the same order (a bot looking for a free one). The aspects are read
    as the walk goes: read what you need before you change them."""
    roll = state.roll
    assert roll is not None
    return _open_invokes(host, state, roll, seat, roller_of(state, roll, seat), fate_points)


def _open_invokes(
    host: Host[Any], state: ConflictState, roll: Roll, seat: str, roller: str, fate_points: bool
) -> Iterator[tuple[str, str, str, str]]:
    """`open_invokes` of `seat`, whose roller (`roller_of`) the caller has read already."""
    fighters = state.fighters
    paid = roll.paid  # (empty on most rolls: no key is made to look in it then)
    effects = ROLLER_EFFECTS if roller else OBSTACLE_EFFECTS
    # Who could pay a fate point at all (nothing changes while the walk is read, so each is
    # asked once): the roller and the allies who may help it by teamwork, or, for an
    # obstacle, the side's fighters. When nobody can, an aspect without free invokes is
    # passed over at once.
    roller_pays = False
    allies: Sequence[Combatant] = NOBODY
    team_pays: list[Combatant] | None = None
    # the owners whose aspects the roller may pay to invoke for its own roll (the scene's,
    # its own, its opponent's and those of what it rides), and what it may pay for
    own: tuple[str | None, ...] = ()
    own_effects: tuple[tuple[str, str], ...] = ()
    if fate_points:
        if roller:
            roller_pays = fighters[roller].fate_points.current >= 1
            if roller_pays:
                opponent = roll.target if roller == roll.actor else roll.actor
                own = (None, roller, opponent, host.aboard(state, roller))
                own_effects = ((roller, "bonus"), (roller, "reroll"))
            allies = helpers(state, roll, seat, roller)
        else:
            for f in state.payers(seat):  # (a loop: Python 3.11 calls a comprehension)
                if f.fate_points.current >= 1 and f.status == ACTIVE:
                    if team_pays is None:
                        team_pays = []
                    team_pays.append(f)
    pays = roller_pays or bool(allies) or team_pays is not None
    # With nobody to pay, only the aspects holding free invokes are read (most hold none).
    # The lists below are made only for an aspect that fills them.
    aspects = state.aspects
    for a in aspects.aspects if pays else aspects.holding_free():
        free = a.free_invokes
        # the side's holders of its free invokes (a holder is there only with one or more),
        # in the order of the fighters
        holders: list[str] | None = None
        if not free:
            pass  # (most aspects)
        elif len(free) == 1:  # (its one holder's side read)
            for h in free:
                holder = fighters.get(h)
                if holder is not None and holder.side == seat:
                    holders = [h]
        else:
            holders = [f.name for f in fighters.values() if f.side == seat and f.name in free]
        # who could pay a fate point for it, and for what (most aspects on a roll have
        # nobody: whether the side sees them is asked only of the others)
        payers: list[tuple[str, str]] | None = None
        if pays and a.kind is not BOOST:
            owner = a.owner
            if roller:
                if owner in own:
                    payers = list(own_effects)
                if allies:  # C4 teamwork: an ally invokes the scene's aspects or its own
                    for ally in allies:
                        if owner is None or ally.name == owner:
                            if payers is None:
                                payers = []
                            payers.append((ally.name, "teamwork"))
            elif team_pays is not None and (owner is None or fighters[owner].side == seat):
                for f in team_pays:
                    if owner is None or owner == f.name:
                        if payers is None:
                            payers = []
                        payers.append((f.name, "obstacle"))
            if paid and payers and paid_key(seat, a.name) in paid:
                payers = None  # the side has paid to invoke it on this roll already
        if not (holders or payers) or (a.hidden and not host.visible(state, a, seat)):
            continue  # (nothing to invoke it with, or hidden from the side)
        name = a.name
        if holders:
            for h in holders:
                for eff in effects:
                    yield name, eff, "free", h
        if payers:
            for payer, eff in payers:
                yield name, eff, "fate_point", payer


class InvokeAspect(HostedAction[CS]):
    """Invoke an aspect on the roll in hand (the menu of one side's turn in the window)."""

    name = "invoke"
    params: ClassVar[Mapping[str, ParamKind]] = INVOKE_PARAMS

    def options(self, state: CS, turn: Turn) -> list[Choice]:
        return [invoke_choice(*invoke) for invoke in self.open_invokes(state, turn)]

    def open_invokes(
        self, state: CS, turn: Turn, *, fate_points: bool = True
    ) -> Iterator[tuple[str, str, str, str]]:
        """The invokes open to `turn.seat` on the roll in hand (see `open_invokes`)."""
        return open_invokes(self.host, state, turn.seat, fate_points=fate_points)

    def check(self, state: CS, turn: Turn, choice: Choice) -> str | None:
        if any(choice.matches(option) for option in self.options(state, turn)):
            return None
        return (
            f"cannot invoke {choice.str_param('aspect')!r} that way now (each aspect "
            "takes one paid invoke per roll; free invokes need a holder who has one)"
        )

    def apply(self, state: CS, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        roll = state.roll
        assert roll is not None
        seat = turn.seat
        by = state.fighters[choice.str_param("by")]
        effect = choice.str_param("effect")
        payment = choice.str_param("payment")
        actor_side = state.side_of(roll.actor)
        roller = ""  # (whose dice: read only for the effects that name them)
        if effect == "teamwork" or effect == "reroll":
            target_side = state.side_of(roll.target) if roll.target else ""
            roller = _roller(roll, seat, actor_side, target_side)
        aspect = pay_for_invoke(
            state.aspects,
            Invoke(
                choice.str_param("aspect"),
                by.name,
                EFFECTS[effect],
                PAYMENTS[payment],
                roller if effect == "teamwork" else None,
            ),
            by.fate_points,
        )
        name = aspect.name
        if payment != "free":
            roll.paid.append(paid_key(seat, name))
            if aspect.owner and state.fighters[aspect.owner].side != seat:
                state.fighters[aspect.owner].owed_points += 1
        if aspect.kind is BOOST:
            state.boosts_born.pop(name, None)
        aspect.hidden = False
        roll.passed = []
        data: dict[str, Any] = {
            "side": seat,
            "by": by.name,
            "aspect": name,
            "effect": effect,
            "payment": payment,
        }
        if effect == "reroll":
            why = f"reroll for '{name}'"
            faces = dice.draw(FUDGE, FATE_DICE, why, roller)  # (plain NdF: the source's list)
            if seat == actor_side:
                roll.actor_faces = faces
            else:
                roll.opp_faces = faces
            data["dice"] = faces
        elif effect == "obstacle" or seat != actor_side:
            roll.opp_bonus += 2
        else:
            roll.actor_bonus += 2
        standing = totals(state, roll)
        total, opp = standing
        return [
            Event("invoke", data=data, visible_to=None),
            Event("standing", data={"total": total, "opposition": opp}, visible_to=None),
            *next_side(self.host, state, roll, seat, first=True, standing=standing),
        ]


class Pass(HostedAction[CS]):
    """No more invokes from this side for now; when every side has passed, the roll resolves."""

    name = "pass"

    def options(self, state: CS, turn: Turn) -> list[Choice]:
        return [PASS]

    def apply(self, state: CS, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        roll = state.roll
        assert roll is not None
        seat = turn.seat
        roll.passed.append(seat)
        return next_side(self.host, state, roll, seat)


def roll_and_open(host: Host[Any], state: CS, roll: Roll, dice: DiceSource) -> list[Event]:
    """Roll the dice, then open the invoke window at the roller's side (or resolve at once
    when no side could change the outcome). The host adds its own bonuses first."""
    events = host.before_roll(state, roll) + roll_dice(state, roll, dice)
    return events + next_side(host, state, roll, roll.turn_side, first=True)


def next_side(
    host: Host[Any],
    state: ConflictState,
    roll: Roll,
    seat: str,
    *,
    first: bool = False,
    standing: tuple[int, int] | None = None,
) -> list[Event]:
    """The window's next turn after `seat` (or `seat` itself when `first`): the next side that
    has not passed and could still change the outcome; when none is left, the roll resolves.
    A side that could not change the band is passed over, not asked (see `may_change`).
    (`standing`: the roll's `totals`, when the caller has just read them.)"""
    # (the sides, and so each one's roller, are read once for every side asked here)
    actor_side = state.side_of(roll.actor)
    target_side = state.side_of(roll.target) if roll.target else ""
    sides = window_sides(state, roll, actor_side, target_side)
    n = len(sides)
    # each side once, from `seat` (or the one after it): nothing changes while they are
    # asked, so a side refused here would be refused again
    start = (sides.index(seat) if seat in sides else 0) + (0 if first else 1)
    total, opp = totals(state, roll) if standing is None else standing
    for k in range(start, start + n):
        nxt = sides[k % n]
        if nxt in roll.passed:
            continue
        roller = _roller(roll, nxt, actor_side, target_side)
        if may_change(host, state, roll, nxt, roller, total - opp):
            roll.turn_side = nxt
            return []
    return resolve(host, state, roll, total, opp)


def may_change(
    host: Host[Any], state: ConflictState, roll: Roll, seat: str, roller: str, shifts: int
) -> bool:
    """Whether the invokes `seat` may make now (the invoke menu itself), spent together, could
    move the result into a band better for it (up for the roller's side, down for the others),
    or change the size of an attack's hit (`shifts`: the roll's total less its opposition;
    `roller`: `roller_of` the seat). Decided from the seat's own invokes and fate points only,
    so a turn appearing tells it nothing of another side's."""
    upward = roller == roll.actor
    # An attack's shifts are its hit (C3): every shift counts, not only the band; -3 or worse
    # is a band of its own where the roll reads it apart (a mishap, a defense with style).
    need = shifts_to_change(shifts, upward, roll.action == ATTACK, low=host.reads_low(state, roll))
    if need is None:
        return False
    # Points a host lets a side add to its own roll besides invokes (Pilot Wave's Tactics pool).
    extra = host.roving(state, seat) if roller else 0
    if extra >= need:
        return True
    faces = roll.actor_faces if upward else roll.opp_faces
    free = 0
    reroll = False
    # A roll takes one paid invoke of each aspect, whoever pays (C4): at most one +2 per
    # aspect with a payer, and no more than the payers' fate points (counted once each;
    # taken together they may overstate what a payer tied to one aspect can add, never
    # understate it: a side that could change the band is always asked)
    bought = 0
    last = ""
    purses: dict[str, int] | None = None
    for aspect, effect, payment, by in _open_invokes(host, state, roll, seat, roller, True):
        if effect == "reroll":
            reroll = bool(faces)
            continue
        if payment == "free":
            free += state.aspects.get(aspect).free_for(by)
        else:
            if purses is None:
                purses = {}
            if by not in purses:
                purses[by] = state.fighters[by].fate_points.current
            if aspect != last:  # (an aspect's payers are listed together)
                last = aspect
                bought += 1
        bonuses = free + (min(bought, sum(purses.values())) if purses else 0)
        gain = 2 * bonuses
        if reroll and bonuses:
            gain = max(gain, FATE_DICE - face_total(faces) + 2 * (bonuses - 1))
        if gain + extra >= need:
            return True
    return False


def resolve(host: Host[Any], state: ConflictState, roll: Roll, total: int, opp: int) -> list[Event]:
    """Read the roll (four outcomes, C2) from its total and opposition (`totals`), let its
    action say what that does, and end the turn unless the roll goes on to a style choice or a
    hit to absorb."""
    shifts = total - opp
    out = outcome_of(shifts, hazardous=roll.hazardous)
    events = [
        Event(
            "outcome",
            data={
                "who": roll.actor,
                "action": roll.action,
                "total": total,
                "opposition": opp,
                "shifts": shifts,
                "outcome": OUTCOME_NAMES[out],
            },
            visible_to=None,
        )
    ]
    events += host.resolve(state, roll, shifts, out)
    if state.roll is roll and roll.stage == "invoke":
        events += close(host, state)
    return events
