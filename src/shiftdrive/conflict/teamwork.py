"""Teamwork (C4): an ally of a roller (the actor, or on an opposed roll the defender) may pay a
fate point to invoke an aspect for +2 to the roller's total."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from shiftdrive.conflict.host import ACTIVE

if TYPE_CHECKING:
    from shiftdrive.conflict.host import Combatant, ConflictState
    from shiftdrive.conflict.roll import Roll


def helpers(state: ConflictState, roll: Roll, seat: str, roller: str) -> Sequence[Combatant]:
    """The allies on `seat`'s side who may pay to invoke an aspect for `roller` now: any active
    ally but the roller with a fate point to pay (each for the scene's aspects and its own:
    `invokes._open_invokes`). C4
    names no kind of roll: an opposed roll's defender is helped as its attacker is."""
    found: list[Combatant] = []
    for a in state.payers(seat):  # (a loop: Python 3.11 calls a comprehension)
        if a.fate_points.current >= 1 and a.name != roller and a.status == ACTIVE:
            found.append(a)
    return found
