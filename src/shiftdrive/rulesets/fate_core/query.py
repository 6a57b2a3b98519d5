"""What a bot or a user interface may ask of a fate_core conflict beyond the ruleset's
contract: the roll's standing, who is an enemy, how far a zone is, which aspects a side sees."""

from __future__ import annotations

from shiftdrive.conflict.roll import Roll, totals
from shiftdrive.core.aspects import Aspect
from shiftdrive.rulesets.fate_core.fighters import HOST, zone_map
from shiftdrive.rulesets.fate_core.state import FateCoreState, Fighter


def roll_in_hand(state: FateCoreState) -> Roll | None:
    return state.roll


def standing(state: FateCoreState) -> tuple[int, int]:
    """The roll in hand's total and opposition so far (invokes included)."""
    assert state.roll is not None
    return totals(state, state.roll)


def acting(state: FateCoreState) -> Fighter | None:
    """The fighter whose turn it is."""
    return state.current()


def enemies(state: FateCoreState, name: str) -> list[Fighter]:
    """`name`'s enemies still in the fight, in turn-sheet order."""
    side = state.fighters[name].side
    return [e for e in state.active() if e.side != side]


def allies(state: FateCoreState, name: str) -> list[Fighter]:
    """`name`'s side still in the fight, `name` included."""
    return state.active(state.fighters[name].side)


def distance(state: FateCoreState, a: str, b: str) -> int | None:
    """Zones between two zones (None: no way between them)."""
    return zone_map(state).distance(a, b)


def visible_aspects(state: FateCoreState, seat: str) -> list[Aspect]:
    """The aspects `seat` sees (hidden ones only for their owner's side and the GM)."""
    return [a for a in state.aspects if HOST.visible(state, a, seat)]


def free_invokes(state: FateCoreState, name: str) -> int:
    """How many free invokes `name` holds on all aspects."""
    return sum(a.free_for(name) for a in state.aspects)
