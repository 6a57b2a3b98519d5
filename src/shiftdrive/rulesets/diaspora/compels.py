"""Compels before the rolls (D12): when detection, position, EW, beam, torpedo or damage
control begins (seed: "each phase will offer a test --- an opportunity to cross-compel, a
roll, ..."), each side's player may compel an aspect of another side's ship (an optional
decision that passes by default), and the GM any ship's (a standing choice while the window
is open). The compelled ship's player accepts (gains a fate point; in detection and position
its result is an automatic -4, no dice, no skill, and final: no invokes; in EW, beam and
torpedo it declares no target this phase; in damage control it makes no repair roll this
phase) or refuses by paying a fate point. Offering a compel costs nothing here
(a chosen default: D12 names no cost); a refused compel is off the table for the rest of the
window (a chosen default: the same aspect of the same ship cannot be compelled again before
this phase's rolls, so nobody drains a ship's fate points by asking again)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Final

from shiftdrive.core.dice import DiceSource
from shiftdrive.core.fate_points import EarnReason, SpendReason
from shiftdrive.engine.actions import Action, ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import GM, Event
from shiftdrive.engine.ruleset import Turn
from shiftdrive.rulesets.diaspora.choices import made, made_turn, made_window
from shiftdrive.rulesets.diaspora.phases import position
from shiftdrive.rulesets.diaspora.state import DETECTION, POSITION, DiasporaState, Ship

COMPEL: Final = "compel"
PASS: Final = "pass"  # the window's pass (the engine's `pass_window` submits it)
ANSWER: Final = "answer"
ACCEPT: Final = "accept"
REFUSE: Final = "refuse"
WINDOW: Final = frozenset({COMPEL, PASS, ANSWER})  # what leaves the window open
ACCEPTING: Final = made(ANSWER, compel=ACCEPT)  # the two answers, made once
REFUSING: Final = made(ANSWER, compel=REFUSE)


def begin(state: DiasporaState) -> None:
    """The phase's compel window opens (before its first declaration and roll)."""
    state.compel_phase = state.phase
    state.compel_passed = []
    state.compelled = []
    state.compel_refused = []
    state.compel_offer = None


def can_be_compelled(state: DiasporaState, ship: Ship) -> bool:
    """A compel matters to ships about to roll: every ship in position, the ships in line to
    declare a target in EW, beam and torpedo or to repair in damage control."""
    if not ship.fighting or ship.name in state.compelled:
        return False
    return state.phase in (DETECTION, POSITION) or ship.name in state.queue


def targets(state: DiasporaState, seat: str, first: bool = False) -> list[tuple[str, str]]:
    """(ship, aspect) pairs `seat` may compel: another side's ships' aspects that it can see (a
    hidden one only the GM: `view.sees`), less the compels refused in this window; only the
    first one when `first` (the window only asks whether there is one, after every choice in
    it)."""
    out: list[tuple[str, str]] = []
    refused = state.compel_refused
    for ship in state.ships.values():
        if ship.side != seat and can_be_compelled(state, ship):
            for aspect in state.aspects.aspects:
                if (
                    aspect.owner == ship.name
                    and (not aspect.hidden or seat == GM)  # hidden: its side's and the GM's
                    and (not refused or f"{ship.name}/{aspect.name}" not in refused)
                ):
                    out.append((ship.name, aspect.name))
                    if first:
                        return out
    return out


def any_target(state: DiasporaState, seat: str) -> bool:
    return bool(targets(state, seat, first=True))


def gm_may_compel(state: DiasporaState) -> bool:
    """The GM's compel is a standing choice while the window is open and no offer waits."""
    return (
        state.compel_phase == state.phase and state.compel_offer is None and any_target(state, GM)
    )


def turns(state: DiasporaState) -> list[Turn]:
    if state.compel_offer is not None:
        ship = state.ships[state.compel_offer[0]]
        return [made_turn(ship.side, ANSWER, ship.name)]
    if state.compel_phase != state.phase:
        return []
    for side in state.sides():
        if side not in state.compel_passed and any_target(state, side):
            return [made_window(side, COMPEL, None)]
    return []


class Compel(Action[DiasporaState]):
    """Compel an aspect of another side's ship before this phase's rolls."""

    name = COMPEL
    params: ClassVar[Mapping[str, ParamKind]] = {"ship": ParamKind.UNIT, "aspect": ParamKind.ASPECT}

    def options(self, state: DiasporaState, turn: Turn) -> list[Choice]:
        return [made(COMPEL, ship=s, aspect=a) for s, a in targets(state, turn.seat)]

    def apply(
        self, state: DiasporaState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        ship, aspect = choice.str_param("ship"), choice.str_param("aspect")
        # made at the table: the compel names the aspect to every side (a hidden one only the
        # GM may compel), so it is in the open from now on, as an invoke's
        state.aspects.get(aspect).hidden = False
        state.compel_offer = [ship, aspect, turn.seat]
        data = {"by": turn.seat, "ship": ship, "aspect": aspect, "phase": state.phase}
        return [Event("compel", data)]


def pass_compel(state: DiasporaState, turn: Turn) -> list[Event]:
    """`pass` in the compel window: no compel from this side before this phase's rolls."""
    state.compel_passed.append(turn.seat)
    return []


class Answer(Action[DiasporaState]):
    """Accept the compel (gain a fate point and fail to act) or refuse it (pay a fate point)."""

    name = ANSWER
    params: ClassVar[Mapping[str, ParamKind]] = {"compel": ParamKind.OPTION}

    def options(self, state: DiasporaState, turn: Turn) -> list[Choice]:
        ship = state.ships[turn.actor or ""]
        out = [ACCEPTING]
        if ship.fate_points.can_spend(1):
            out.append(REFUSING)
        return out

    def apply(
        self, state: DiasporaState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        offer = state.compel_offer
        assert offer is not None
        state.compel_offer = None
        ship = state.ships[offer[0]]
        accepted = choice.str_param("compel") == ACCEPT
        if accepted:
            ship.fate_points.earn(EarnReason.COMPEL)
            state.compelled.append(ship.name)
            if ship.name in state.queue:
                state.queue.remove(ship.name)  # no target this phase
        else:
            ship.fate_points.spend(SpendReason.REFUSE_COMPEL, who=ship.name)
            state.compel_refused.append(f"{ship.name}/{offer[1]}")
        # (the ship's fate points left are its side's to know: the view shows them to it)
        data = {"ship": ship.name, "aspect": offer[1], "accepted": accepted, "phase": state.phase}
        events = [Event("compel_answer", data)]
        if state.phase == POSITION and not any(
            position.declaring(state, s) for s in state.fighting()
        ):
            events += position.resolve(state, dice)  # every ship compelled: roll (nobody) now
        return events
