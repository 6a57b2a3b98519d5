"""Phase 1 of the round: attacks, highest initiative first (F2, F4, cheat sheet "An attack").

The attacker picks a target its card reaches and the hex it attacks from (`target`), or holds
its card (`hold`). A defending target may then step one hex (`movement.Step`); if it stepped
out of range, the attacker's movement left may bring it back (`follow`, or `hold` to let it
go). The defender rolls 2dF (F4): -2 proceeds; -1 proceeds at disadvantage; 0 fails; +1 fails
and counter-attacks at disadvantage; +2 fails and counter-attacks. Then the strike
(`hits.py`), a tackle's stun, and any movement left (`movement.Withdraw`).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import ClassVar, Final

from shiftdrive.core.dice import DiceSource, roll_fudge
from shiftdrive.core.errors import RuleError
from shiftdrive.engine.actions import Action, ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import Turn
from shiftdrive.maps.hexgrid import Hex
from shiftdrive.rulesets.fully_automated.defense import (
    COUNTER,
    COUNTER_DISADVANTAGED,
    PROCEEDS,
    PROCEEDS_DISADVANTAGED,
    defending,
    defense_advantage,
    defense_outcome,
)
from shiftdrive.rulesets.fully_automated.forecast import forecast
from shiftdrive.rulesets.fully_automated.hits import counter, release, strike, uses_aim
from shiftdrive.rulesets.fully_automated.reach import (
    attack_from,
    attack_options,
    reachable,
    target_allowed,
)
from shiftdrive.rulesets.fully_automated.rounds import (
    advance,
    standing,
    tackle_stun,
    tackle_unmade,
)
from shiftdrive.rulesets.fully_automated.state import (
    DEAD,
    Attack,
    FAState,
)
from shiftdrive.rulesets.fully_automated.table import (
    card,
    layout,
    pos,
)
from shiftdrive.rulesets.fully_automated.walks import approach, can_step, has_free_step
from shiftdrive.rulesets.fully_automated.words import forecast_text

# A target choice with what it settles: (target, hex attacked from, range 0 normal/1 disadvantaged).
TargetOption = tuple[str, Hex, int, Choice]
HOLD: Final = Choice.of("hold", label="hold")  # an attacker's holding its card (immutable)
# a tackler's: the attack is held, the Move it played comes in phase 3 (`rounds.tackle_unmade`)
HOLD_TACKLE: Final = Choice.of("hold", label="hold: no attack; move with the movers instead")


@lru_cache(maxsize=4096)
def _target_from(name: str, h: Hex, disadvantaged: int, here: bool) -> Choice:
    """`target name=X from=q,r` with its label. Choices are immutable and the same targets and
    hexes come up in every battle, so each is made once."""
    where = "from here" if here else f"from {h}"
    note = " (disadvantaged range)" if disadvantaged else ""
    params = (("from", str(h)), ("name", name))  # sorted, as Choice.of would
    return Choice("target", params, f"attack {name} {where}{note}")


def target_options(state: FAState, seat: str, atk: Attack) -> list[TargetOption]:
    """`target name=X`, with `from=q,r` for each hex the card's movement can attack from
    (seed: "they can use it to come into range"), each with what it settles."""
    fa = state.fighters[seat]
    where = layout(state)
    out: list[TargetOption] = []
    for t in state.order:
        if not target_allowed(state, fa, state.fighters[t], atk.card):
            continue
        opts = attack_options(state, seat, t, atk.card, atk.movement_left, where)
        if not opts:
            continue
        if atk.movement_left <= 0:
            # No movement: the one hex is where the attacker stands.
            ((h, (rs, _)),) = opts.items()
            out.append((t, h, rs, Choice.of("target", label=f"attack {t}", name=t)))
            continue
        for h, (rs, cost) in sorted(opts.items(), key=lambda kv: (kv[1], kv[0])):
            out.append((t, h, rs, _target_from(t, h, rs, cost == 0)))
    return out


def _attack(state: FAState) -> Attack:
    atk = state.attack
    assert atk is not None
    return atk


class Target(Action[FAState]):
    """`target name=X from=q,r`: attack X from a hex the card's movement reaches; without
    `from=` the rules pick the nearest hex (handy at the table)."""

    name = "target"
    params: ClassVar[Mapping[str, ParamKind]] = MappingProxyType(
        {"name": ParamKind.UNIT, "from": ParamKind.HEX}
    )

    def options(self, state: FAState, turn: Turn) -> list[Choice]:
        return [c for *_, c in target_options(state, turn.seat, _attack(state))]

    def check(self, state: FAState, turn: Turn, choice: Choice) -> str | None:
        if choice.get("from") is not None:
            return super().check(state, turn, choice)
        atk, seat = _attack(state), turn.seat
        t = choice.str_param("name")
        if set(dict(choice.params)) != {"name"}:
            return f"'{choice.text()}' is not one of {seat}'s choices now"
        if t in state.fighters and t in reachable(state, seat, atk.card, atk.movement_left):
            return None
        name = card(state, atk.card).name
        return f"{seat} cannot attack {t!r} with {name} this round: out of reach or no line"

    def apply(self, state: FAState, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        where = choice.get("from")
        return choose_target(
            state,
            choice.str_param("name"),
            Hex.parse(where) if isinstance(where, str) else None,
            dice,
        )

    def odds_words(self, state: FAState, turn: Turn, choice: Choice) -> str | None:
        """The damage spread (and stuns) against that target from that hex, exactly
        (`forecast`), or Restrain's outcomes."""
        atk, seat, t = _attack(state), turn.seat, choice.str_param("name")
        where = choice.get("from")
        if isinstance(where, str):
            at = Hex.parse(where)
        else:
            best = attack_from(state, seat, t, atk.card, atk.movement_left)
            if best is None:
                return None
            at = best[0]
        return forecast_text(forecast(state, atk, t, at))


class Hold(Action[FAState]):
    """`hold`: the attacker holds its card, or lets a target that stepped out of range go."""

    name = "hold"

    def options(self, state: FAState, turn: Turn) -> list[Choice]:
        if turn.kind == "follow":
            return [Choice.of("hold", label=f"let {_attack(state).target} go: the attack fails")]
        return [HOLD_TACKLE if _attack(state).tackle else HOLD]

    def apply(self, state: FAState, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        if turn.kind == "follow":
            return let_go(state, dice)
        return choose_target(state, None, None, dice)


class Follow(Action[FAState]):
    """`follow to=q,r`: back into range of a defender who stepped out (cheat sheet "Are they
    still in range?"), with the card's movement left."""

    name = "follow"
    params: ClassVar[Mapping[str, ParamKind]] = MappingProxyType({"to": ParamKind.HEX})

    def options(self, state: FAState, turn: Turn) -> list[Choice]:
        atk = _attack(state)
        assert atk.target is not None
        opts = attack_options(state, turn.seat, atk.target, atk.card, atk.movement_left)
        return [Choice.of("follow", to=str(h)) for h in sorted(opts)]

    def odds_words(self, state: FAState, turn: Turn, choice: Choice) -> str | None:
        """The attack's chances from that hex (`forecast`)."""
        atk = _attack(state)
        assert atk.target is not None
        return forecast_text(forecast(state, atk, atk.target, Hex.parse(choice.str_param("to"))))

    def apply(self, state: FAState, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        atk = _attack(state)
        assert atk.target is not None
        to = Hex.parse(choice.str_param("to"))
        opts = attack_options(state, atk.attacker, atk.target, atk.card, atk.movement_left)
        state.phase = "attacks"
        return approach(state, atk, to, opts[to][1]) + defense(state, dice)


def choose_target(
    state: FAState, target: str | None, where: Hex | None, dice: DiceSource
) -> list[Event]:
    """The attacker's pick: hold, release a restrained ally (F6), or attack."""
    atk = _attack(state)
    fa = state.fighters[atk.attacker]
    c = card(state, atk.card)
    if target is None:
        state.attack = None
        state.queue.pop(0)
        hold = Event("hold", data={"character": fa.name, "card": atk.card, "card_name": c.name})
        moves = tackle_unmade(state, fa.name) if atk.tackle else []
        return [hold, *moves, *advance(state, dice)]
    events: list[Event] = []
    if atk.tackle:
        fa.moved_this_round = True
    opts = attack_options(state, fa.name, target, atk.card, atk.movement_left)
    if where is None:
        best = attack_from(state, fa.name, target, atk.card, atk.movement_left)
        if best is None:
            raise RuleError(f"{target} is not in reach of {fa.name}'s {c.name}")
        where = best[0]
    if where not in opts:
        raise RuleError(f"{fa.name} cannot attack {target} from {where} with {c.name}")
    events += approach(state, atk, where, opts[where][1])
    atk.target = target
    ft = state.fighters[target]
    if c.kind == "restrain" and ft.side == fa.side:
        events.append(Event("release", data={"attacker": fa.name, "character": target}))
        events.append(release(ft))
        return events + finish_attack(state, dice)
    atk.aimed = uses_aim(fa)  # spent once the attack is rolled (`defense`)
    events.append(
        Event(
            "attack",
            data={
                "attacker": fa.name,
                "target": target,
                "card": atk.card,
                "card_name": c.name,
                "aimed": atk.aimed,
                "tackle": atk.tackle,
            },
        )
    )
    if target not in state.attacked:
        state.attacked.append(target)
    if defending(state, target) and not ft.stepped and can_step(state, target):
        state.phase = "defend_step"
        return events
    return events + after_step(state, dice)


def after_step(state: FAState, dice: DiceSource) -> list[Event]:
    """The cheat sheet: still in range? If not, can the attacker move back into range?"""
    atk = _attack(state)
    assert atk.target is not None
    state.phase = "attacks"
    if not state.fighters[atk.attacker].able:  # fallen while the defender chose its hex
        return [_fallen(state), *finish_attack(state, dice)]
    if defending(state, atk.target):
        opts = attack_options(state, atk.attacker, atk.target, atk.card, atk.movement_left)
        fa = state.fighters[atk.attacker]
        if fa.pos not in opts:
            if not opts:
                gone = Event(
                    "out_of_range",
                    data={"attacker": atk.attacker, "target": atk.target, "let_go": False},
                )
                return [gone, *finish_attack(state, dice)]
            if len(opts) == 1:
                ((h, (_, cost)),) = opts.items()
                return approach(state, atk, h, cost) + defense(state, dice)
            state.phase = "follow"
            return []
    return defense(state, dice)


def _fallen(state: FAState) -> Event:
    atk = _attack(state)
    f = state.fighters[atk.attacker]
    return Event("no_attack", data={"character": f.name, "status": f.status})


def attacker_fallen(state: FAState, dice: DiceSource) -> list[Event]:
    """F8 mid-attack: an attacker the GM's `hp` leaves unable to fight (incapacitated,
    dying or dead: "cannot perform any action besides defending") before its attack is
    rolled makes no attack, as `rounds.advance` skips one fallen before its turn, and uses
    no more of its card's movement. Picking a target, following or withdrawing, its turn
    ends now; a defender still choosing its hex chooses it first (`after_step`).

    A defender the GM's `hp` leaves dying or dead while it chooses its hex can no longer
    defend ("no longer can perform even the defend action"): it does not step, and the
    attack goes on from where everyone stands (`after_step`; `defense` ends it on the dead)."""
    atk = state.attack
    if atk is None or state.ended:
        return []
    if state.fighters[atk.attacker].able:
        if state.phase == "defend_step" and atk.target and not defending(state, atk.target):
            return after_step(state, dice)
        return []
    if state.phase == "attacks" and atk.target is None:
        fallen = _fallen(state)
        state.attack = None
        state.queue.pop(0)
        return [fallen, *advance(state, dice)]
    if state.phase == "follow":
        state.phase = "attacks"
        return [_fallen(state), *finish_attack(state, dice)]
    if state.phase == "withdraw":
        atk.movement_left = 0
        state.phase = "attacks"
        return finish_attack(state, dice)
    return []


def let_go(state: FAState, dice: DiceSource) -> list[Event]:
    """The attacker lets a defender that stepped out of range go: the attack fails."""
    atk = _attack(state)
    state.phase = "attacks"
    gone = Event(
        "out_of_range", data={"attacker": atk.attacker, "target": atk.target, "let_go": True}
    )
    return [gone, *finish_attack(state, dice)]


def defense(state: FAState, dice: DiceSource) -> list[Event]:
    """F4: the defender rolls 2dF; -2 proceeds, -1 proceeds at disadvantage, 0 fails,
    +1 fails with a counter-attack at disadvantage, +2 fails with a counter-attack."""
    atk = _attack(state)
    assert atk.target is not None
    fa, ft = state.fighters[atk.attacker], state.fighters[atk.target]
    if ft.status == DEAD:  # F8: killed (by the GM) mid-attack; its token is off the map
        gone = Event(
            "out_of_range",
            data={"attacker": fa.name, "target": ft.name, "let_go": False, "dead": True},
        )
        return [gone, *finish_attack(state, dice)]
    if atk.aimed:  # seed "Aim": the attack is made now (rolled), so the aim is used
        fa.aim = 0
    events: list[Event] = []
    extra_dis = False
    if defending(state, ft.name):
        adv, why = defense_advantage(state, atk, pos(fa))
        aimed = ft.aim > 0
        if aimed:
            ft.aim = 0
        roll = roll_fudge(
            dice,
            2,
            advantage=adv,
            why=f"{ft.name} defends against {fa.name}",
            who=ft.name,
        )
        total = roll.total
        events.append(
            Event(
                "defend",
                data={
                    "character": ft.name,
                    "attacker": fa.name,
                    "faces": list(roll.faces),
                    "total": total,
                    "advantage": adv,
                    "aimed": aimed,
                    "disadvantage": why,
                },
            )
        )
        outcome = defense_outcome(total)
        if outcome in (COUNTER, COUNTER_DISADVANTAGED):
            events += counter(state, ft.name, fa.name, outcome == COUNTER_DISADVANTAGED, dice)
        if outcome not in (PROCEEDS, PROCEEDS_DISADVANTAGED):
            return events + finish_attack(state, dice)
        extra_dis = outcome == PROCEEDS_DISADVANTAGED
    events += strike(state, atk, extra_dis, dice)
    return events + finish_attack(state, dice)


def finish_attack(state: FAState, dice: DiceSource) -> list[Event]:
    """After the strike: the tackle's stun, then any movement left ("step out of range
    after the attack"), then the next attacker."""
    atk = _attack(state)
    events: list[Event] = []
    fa = state.fighters[atk.attacker]
    if atk.tackle and not atk.rolled:
        events.append(tackle_stun(fa))
    atk.rolled = True
    if (
        not state.ended
        and len(standing(state)) > 1
        and fa.able
        and atk.movement_left > 0
        and has_free_step(state, fa.name, atk.movement_left)
    ):
        state.phase = "withdraw"
        return events
    state.attack = None
    state.phase = "attacks"
    if state.queue:
        state.queue.pop(0)
    return events + advance(state, dice)
