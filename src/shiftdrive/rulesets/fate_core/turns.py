"""Whose turn it is: compels first, then the roll in hand, then the fighter whose turn it is
in the initiative order; how a turn ends (boosts fade, C6), exchanges, and the end."""

from __future__ import annotations

from typing import Final

from shiftdrive.conflict.exchange import STAGE_MENUS, stage_turn
from shiftdrive.conflict.roll import decided_by, expire_boosts, finish
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import Ending, Turn
from shiftdrive.rulesets.fate_core.state import FateCoreState

#: what a fighter may do on their turn, in the order offered
TURN_MENU: Final = (
    "move",
    "attack",
    "advantage",
    "discover",
    "overcome",
    "sprint",
    "full_defense",
    "concede",
)
COMPEL_MENU: Final = ("accept", "refuse")


def turns(state: FateCoreState) -> list[Turn]:
    """The one decision the conflict waits on: a compel's answer, a roll's stage, or a turn."""
    if state.ended:
        return []
    if state.compels:
        c = state.compels[0]
        return [Turn(state.side_of(c.character), "compel", c.character)]
    roll = state.roll
    if roll is not None:
        return [stage_turn(state, roll)]
    f = state.current()
    if f is None:
        return []
    return [Turn(f.side, "turn", f.name)]


def menu(turn: Turn, stage: str | None) -> tuple[str, ...]:
    """The actions offered in `turn` (`stage`: the roll's, when one is in hand)."""
    if turn.kind == "turn":
        return TURN_MENU
    if turn.kind == "compel":
        return COMPEL_MENU
    return STAGE_MENUS[stage] if stage is not None else ()


def end_turn(state: FateCoreState) -> list[Event]:
    """Close the current turn: expire boosts (C6), pass to the next active fighter."""
    f = state.current()
    events = expire_boosts(state, f.name) if f is not None else []
    state.turn_count += 1
    state.moved = False
    sides_left = [s for s in state.sides if state.active(s)]
    if len(sides_left) <= 1:
        winner = sides_left[0] if sides_left else None
        return events + finish(state, winner, "the other side is out of the fight")
    n = len(state.order)
    for _ in range(n):
        state.turn += 1
        if state.turn >= n:
            state.turn = 0
            state.exchange += 1
            if state.exchange > state.max_exchanges:
                why = f"the fight is broken off after {state.max_exchanges} exchanges"
                return events + finish(state, None, why)
            events.append(Event("exchange", data={"exchange": state.exchange}, visible_to=None))
        nxt = state.fighters[state.order[state.turn]]
        if nxt.active:
            if nxt.full_defense:
                nxt.full_defense = False
            break
    return events


def ending(state: FateCoreState) -> Ending:
    """Round limit when the exchanges ran out; else as the library reads it (C7)."""
    if state.exchange > state.max_exchanges:
        return Ending.ROUND_LIMIT
    return decided_by(state)
