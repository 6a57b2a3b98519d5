"""What a ruleset on the conflict library tells the engine about its characters, the same for
every such ruleset: a seat per side controlling that side's characters, each character's sheet
for GM overrides, and each character's tally for `simulate`."""

from __future__ import annotations

from shiftdrive.conflict.host import CONCEDED, TAKEN_OUT, Combatant, ConflictState
from shiftdrive.engine.ruleset import Seat, Sheet, Tally


def side_seats(state: ConflictState) -> list[Seat]:
    """One seat per side, controlling the side's characters."""
    return [
        Seat(side, side, tuple(f.name for f in state.fighters.values() if f.side == side))
        for side in state.sides
    ]


def sheets(state: ConflictState) -> dict[str, Sheet]:
    """Each character's fate points, stress and consequences, for the GM's overrides."""
    return {
        n: Sheet(n, f.side, f.fate_points, f.stress, f.consequences)
        for n, f in state.fighters.items()
    }


def tally(f: Combatant, *, bugged_out: bool = False, fate_points: bool = True) -> Tally:
    """How a character left the fight, its marked boxes, consequences and fate points spent
    (`fate_points=False` where its points are counted with someone else, a vehicle's pilot)."""
    return Tally(
        name=f.name,
        side=f.side,
        taken_out=f.status == TAKEN_OUT,
        conceded=f.status == CONCEDED,
        bugged_out=bugged_out,
        damage=sum(t.marked_count for t in f.stress.values()),
        consequences=len(f.consequences.taken()),
        fate_points_spent=f.fate_points.spent if fate_points else 0,
    )
