"""C4: the invoke window after a roll. The actor's side may invoke first, then the opposing
side (to defend, or as an obstacle against a fixed difficulty); a side with nothing it could
invoke is passed over. ONE rule says what is open: `open_invokes`."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Final

from shiftdrive.core.aspects import Aspect, AspectKind
from shiftdrive.core.dice import DiceSource, roll_fudge
from shiftdrive.core.fate_points import SpendReason
from shiftdrive.engine.actions import Action, ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.rulesets.tachyon.aspects import BOOST
from shiftdrive.rulesets.tachyon.choices import kinds
from shiftdrive.rulesets.tachyon.outcomes import OUTCOMES, READS, need_to_change
from shiftdrive.rulesets.tachyon.sight import aspect_maker, aspect_visible, who_sees
from shiftdrive.rulesets.tachyon.state import (
    ACTIVE,
    Roll,
    TachyonState,
    Unit,
    dice_data,
)

if TYPE_CHECKING:
    from shiftdrive.engine.ruleset import Turn

PASS: Final = Choice.of("pass", label="Pass (no more invokes)")


FUDGE_MAX: Final = (
    4  # the best four Fudge dice can roll: a reroll can gain at most this less the dice
)

LATER_STAGES: Final = {"actor": ("target",), "target": ()}  # the invoke stages after each (C4)


def to_stage(state: TachyonState, roll: Roll, dice: DiceSource, first: bool = False) -> list[Event]:
    """Walk the invoke stages (C4): the actor's side, then the opposing side."""
    for stage in ("actor", "target") if first else LATER_STAGES[roll.stage]:
        roll.stage = stage
        side = roll.actor_side if stage == "actor" else roll.opp_side
        if side is not None and may_invoke(state, roll, side):
            state.roll = roll
            return []
    state.roll = None
    return OUTCOMES[roll.action](state, roll, dice)


def stage_holder(state: TachyonState, roll: Roll) -> tuple[str | None, str | None]:
    """The side that may invoke at this stage of a roll, and its unit in the roll (if any)."""
    # Asked several times per roll: the status is read directly, not through `active`.
    if roll.stage == "actor":
        a = state.units.get(roll.actor)
        in_it = a is not None and (a.status == ACTIVE or roll.actor in state.tie_grace)
        return roll.actor_side, (roll.actor if in_it else None)
    o = state.units.get(roll.opp_unit or "")
    return roll.opp_side, (o.name if o is not None and o.status == ACTIVE else None)


def invoke_options(state: TachyonState, roll: Roll, seat: str) -> list[Choice]:
    """C4 invokes open to `seat` now, as choices with labels (see `open_invokes`)."""
    return [invoke_choice(state, roll, *inv) for inv in open_invokes(state, roll, seat)]


def invoke_choice(
    state: TachyonState, roll: Roll, aspect: str, payment: str, by: str, effect: str
) -> Choice:
    """One invoke from `open_invokes` as a labelled choice (what `legal` lists)."""
    obstacle = roll.stage == "target" and roll.fixed
    _, holder = stage_holder(state, roll)
    paid = f"{by}'s free invoke" if payment == "free" else f"{by} pays a fate point"
    label = invoke_label(roll, aspect, effect, by, holder, paid, obstacle)
    return Choice.of("invoke", aspect=aspect, payment=payment, by=by, effect=effect, label=label)


BONUS_OR_REROLL: Final = ("bonus", "reroll")
BONUS: Final = ("bonus",)


def invoke_effects(roll: Roll) -> tuple[str, ...]:
    """What an invoke may do at this stage of a roll: +2, or a reroll of the side's own dice
    (an opposition without dice, a fixed difficulty, has none to reroll)."""
    return BONUS_OR_REROLL if roll.stage == "actor" or roll.o_dice is not None else BONUS


def open_invokes(
    state: TachyonState,
    roll: Roll,
    seat: str,
    *,
    fate_points: bool = True,
    rerolls: bool = True,
) -> Iterator[tuple[str, str, str, str]]:
    """C4 invokes open to `seat` now as (aspect, payment, by, effect): +2 or a reroll of its
    own dice (`invoke_effects`), from a free invoke held by one of its craft or its side, or
    a PC's fate point on a relevant aspect (an ally's point is teamwork; against a fixed
    difficulty the opposing side's +2 is an obstacle). A paid invoke is once per aspect per
    side per roll. `fate_points=False` leaves out those paid with a fate point, and
    `rerolls=False` the rerolls (each the same list filtered), for a reader that would not
    spend one: most invokes listed for a side of PCs are paid ones, and every invoke may
    reroll where any may, so whether one may is known from `invoke_effects`."""
    side, holder = stage_holder(state, roll)
    if side != seat or side is None:
        return
    seeing = who_sees(state, roll.actor, roll.opp_unit)
    if seeing is not None and side not in seeing:
        return  # a roll of an undetected craft: the other side knows nothing to invoke against
    units = state.units
    payers: list[str] = []  # the side's craft in the fight with a fate point to pay
    # T8: a craft taken out at its own initiative still acts, and invokes on its own roll
    acting = roll.actor if roll.actor in state.tie_grace else None
    if fate_points:
        for u in units.values():
            fp = u.fate_points
            if (
                fp is not None
                and u.side == side
                and (u.status == ACTIVE or u.name == acting)
                and fp.current >= 1
            ):
                payers.append(u.name)
    actor = units.get(roll.actor)
    target = units.get(roll.target or "")
    places = (  # the zones of the roll: their aspects help it
        actor.zone if actor is not None else None,
        target.zone if target is not None else None,
    )
    effects = invoke_effects(roll) if rerolls else BONUS
    involved = (roll.actor, roll.target, holder)
    paid = roll.paid
    for a in state.aspects.aspects:
        free = a.free_invokes
        if not free and not payers:
            continue  # nothing to spend on it (most aspects, for a side without PCs)
        # An aspect helps a roll when it is on a craft in it, or in the scene or zone
        # where it happens; a boost is its holder's own momentum.
        owner = a.owner
        if owner is not None:
            relevant = owner in involved
        else:
            zone = a.zone
            relevant = zone is None or zone in places
        if not relevant and not (free and a.kind is BOOST):
            continue
        if not aspect_visible(state, a, seat):
            continue
        for h, n in free.items():
            if n <= 0:
                continue
            if h != side:  # held by a craft: one of the side's, in the fight
                hu = units.get(h)
                if hu is None or hu.side != side or (hu.status != ACTIVE and h != acting):
                    continue
            if not relevant and not (a.kind is BOOST and h in involved):
                continue
            for effect in effects:
                yield a.name, "free", h, effect
        if not relevant or a.kind is BOOST or (paid and f"{side}:{a.name}" in paid):
            continue  # (no key is made on the many rolls with nothing paid yet)
        for pc in payers:
            for effect in effects:
                yield a.name, "fate_point", pc, effect


def invoke_label(
    roll: Roll,
    aspect: str,
    effect: str,
    by: str,
    holder: str | None,
    paid: str,
    obstacle: bool,
) -> str:
    if effect == "reroll":
        what = "reroll the dice"
    elif obstacle:
        what = "+2 to the difficulty (obstacle)"
    else:
        what = "+2"
    team = (
        " (teamwork)"
        if holder is not None and by not in (holder, roll.actor_side, roll.opp_side)
        else ""
    )
    return f"Invoke '{aspect}': {what}{team} ({paid})"


def apply_invoke(state: TachyonState, seat: str, choice: Choice, dice: DiceSource) -> list[Event]:
    """Pay for the invoke (a free invoke, a boost spent, or a fate point: once per aspect per
    side per roll), then +2 (to the difficulty, as an obstacle) or a reroll of the side's own
    dice; the window stays open while the side may invoke again."""
    roll = state.roll
    assert roll is not None
    name = choice.str_param("aspect")
    by = choice.str_param("by")
    a = state.aspects.get(name)
    free = choice.str_param("payment") == "free"
    earner: Unit | None = None
    if free:
        a.use_free(by)
        if a.kind is BOOST:
            state.aspects.remove(a.name)
    else:
        payer = state.units[by]
        assert payer.fate_points is not None
        payer.fate_points.spend(SpendReason.INVOKE, who=by, what=f"'{a.name}'")
        roll.paid.append(f"{seat}:{a.name}")
        earner = invoked_against(state, a, seat)
    actor_stage = roll.stage == "actor"
    effect = choice.str_param("effect")
    data: dict[str, Any] = {"side": seat, "effect": effect}
    if effect == "reroll":
        if actor_stage:
            r = roll_fudge(
                dice, 4, minimized=roll.a_min, why=f"reroll: {roll.a_skill}", who=roll.actor
            )
            roll.total += r.total - roll.a_dice
            roll.a_dice = r.total
        else:
            r = roll_fudge(
                dice, 4, minimized=roll.o_min, why="reroll: opposition", who=roll.opp_unit or ""
            )
            roll.opp += r.total - (roll.o_dice or 0)
            roll.o_dice = r.total
        data["dice"] = dice_data(r)
    else:
        if actor_stage:
            roll.total += 2
        else:
            roll.opp += 2
        data["obstacle"] = not actor_stage and roll.fixed
    data["total"] = roll.total
    data["opposition"] = None if roll.hide_opp else roll.opp
    vis = who_sees(state, roll.actor, roll.opp_unit, by, aspect_maker(state, a))
    events = [
        Event(
            "invoke",
            data={**data, "aspect": a.name, "by": by, "free": free},
            visible_to=vis,
        )
    ]
    if earner is not None:
        earner.owed_points += 1  # paid when the battle ends (`flow.finish`)
    if vis is not None and who_sees(state, roll.actor, roll.opp_unit) is None:
        # A hidden craft's invoke shows in the open roll, not who made it (T7).
        events.append(
            Event(
                "invoke",
                data=data,
                visible_to=frozenset(x for x in state.sides if x not in vis),
            )
        )
    if not may_invoke(state, roll, seat):
        events += to_stage(state, roll, dice)
    return events


def invoked_against(state: TachyonState, a: Aspect, seat: str) -> Unit | None:
    """C7: a PC earns a fate point when another side pays one to invoke its aspect (its own
    character aspect, or a consequence it took) against it, at the battle's end (Fate Core:
    "at the end of the scene"); a free invoke pays nobody."""
    if a.kind is not AspectKind.CHARACTER and a.kind is not AspectKind.CONSEQUENCE:
        return None
    owner = state.units.get(a.owner or "")
    if owner is None or owner.side == seat or owner.fate_points is None:
        return None
    return owner


def may_invoke(state: TachyonState, roll: Roll, seat: str) -> bool:
    """Whether `seat` gets an invoke step now: what `open_invokes` offers it could, spent
    together, change what the action's outcome reads from the roll (`READS`: the result, up
    for the roller's side, down for the other; a result the card does not read, such as style
    on a move, is no reason to ask; where every shift is read, a hit's damage past shields and
    armor, a point-defense backlash, Evasion or an initiative, each shift counts). Decided
    from the seat's own invokes and the roll it sees only, so a step appearing never tells it
    of another side's fate points or free invokes; a scanner who may not see what it rolls
    against gets its step whenever it has an invoke (deciding by the hidden difficulty would
    tell it)."""
    upward = roll.stage == "actor"
    if upward and roll.hide_opp:
        need: int | None = 1
    else:
        need = need_to_change(READS[roll.action](state, roll), roll.total - roll.opp, upward)
    if need is None:
        return False
    dice = roll.a_dice if upward else roll.o_dice
    # At best the dice rolled come up +; a minimized die is not rolled and stays - (T6).
    low = roll.a_min if upward else roll.o_min
    best_reroll = FUDGE_MAX - 2 * low - dice if dice is not None else 0
    bonuses = 0  # +2 invokes the seat could make, counted until they are enough
    # Every invoke open may reroll instead where any may (`invoke_effects`): the +2s are
    # walked, and a reroll is there with the first (asked only if one +2 is not enough).
    reroll: bool | None = None
    paid, last_paid = 0, ""
    points = -1  # the side's fate points, counted the first time a second point is asked
    for aspect, payment, by, _ in open_invokes(state, roll, seat, rerolls=False):
        if payment == "free":
            # Most steps need one +2: a holder's other free invokes are counted only if not.
            enough = 2 * (bonuses + 1) >= need
            bonuses += 1 if enough else state.aspects.get(aspect).free_for(by)
        elif aspect != last_paid:  # a fate point: once per aspect per side (its payers in a row)
            last_paid = aspect
            paid += 1
            if paid > 1 and points < 0:
                points = _side_fate_points(state, seat)
            if paid == 1 or paid <= points:
                bonuses += 1
        # (need >= 1: a reroll counts only beside a +2, and only where it could do more)
        if bonuses:
            if 2 * bonuses >= need:
                return True
            if reroll is None:
                reroll = len(invoke_effects(roll)) > 1
            if reroll and best_reroll + 2 * (bonuses - 1) >= need:
                return True
    return False


def _side_fate_points(state: TachyonState, side: str) -> int:
    return sum(fp.current for u in state.units.values() if u.side == side and (fp := u.fate_points))


class Pass(Action[TachyonState]):
    """Let the window go: no more invokes from this side on this roll."""

    name = "pass"

    def options(self, state: TachyonState, turn: Turn) -> list[Choice]:
        return [PASS]

    def apply(
        self, state: TachyonState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        assert state.roll is not None
        return to_stage(state, state.roll, dice)


class Invoke(Action[TachyonState]):
    """Invoke an aspect on the roll: +2 or a reroll, with a free invoke or a fate point."""

    name = "invoke"
    params: ClassVar[Mapping[str, ParamKind]] = kinds(
        aspect=ParamKind.ASPECT,
        payment=ParamKind.OPTION,
        by=ParamKind.UNIT,
        effect=ParamKind.OPTION,
    )

    def options(self, state: TachyonState, turn: Turn) -> list[Choice]:
        assert state.roll is not None
        return invoke_options(state, state.roll, turn.seat)

    def apply(
        self, state: TachyonState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        return apply_invoke(state, turn.seat, choice, dice)
