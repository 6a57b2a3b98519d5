"""Conceding (C7, C10): on your turn or before a roll against you; 1 fate point plus one per
consequence taken in the conflict."""

from __future__ import annotations

from typing import TYPE_CHECKING

from shiftdrive.conflict.exchange import HostedAction
from shiftdrive.conflict.host import CONCEDED, CS
from shiftdrive.core.fate_points import EarnReason, concession_award
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event

if TYPE_CHECKING:
    from shiftdrive.conflict.host import ConflictState
    from shiftdrive.core.dice import DiceSource
    from shiftdrive.engine.ruleset import Turn


def concede(state: ConflictState, name: str) -> list[Event]:
    """`name` leaves the conflict on their own terms and is paid for it."""
    f = state.fighters[name]
    state.set_status(f, CONCEDED)
    n = concession_award(f.consequences.count_taken_in_conflict())
    state.earn(f, EarnReason.CONCESSION, n)
    return [Event("concede", data={"who": name, "fate_points": n}, visible_to=None)]


class Concede(HostedAction[CS]):
    """Offered on the fighter's own turn and when a roll is declared against them."""

    name = "concede"

    def options(self, state: CS, turn: Turn) -> list[Choice]:
        return [Choice.of("concede", label=f"{turn.actor} concedes the conflict")]

    def apply(self, state: CS, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        if turn.kind == "defend":
            state.roll = None  # before the roll: nobody rolls
        return concede(state, turn.actor or "") + self.host.end_turn(state)
