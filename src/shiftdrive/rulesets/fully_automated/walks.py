"""How far a character may walk, and where a walk may end (F7, the Move and Defend cards, F8).

The Move allowance (default 4, -1 after a Move or a tackle last round, a flat 6 when aimed,
one hex when incapacitated), Defend's one hex (never onto rough ground or furniture, which
cost two), the free hexes an attack's movement left may
withdraw to, and dragging a body (-2, the body ends in the last hex walked through).
Each hex costs 1, rough ground or a low obstacle +1, passing through an adversary +1
(`geometry.Board.walk`); nobody ends on an occupied hex.
"""

from __future__ import annotations

from collections.abc import Iterator

from shiftdrive.engine.events import Event
from shiftdrive.maps.hexgrid import Hex
from shiftdrive.rulesets.fully_automated.state import (
    DYING,
    INCAPACITATED,
    Attack,
    FAState,
    Fighter,
)
from shiftdrive.rulesets.fully_automated.table import board, enemy_hexes, occupants, pos, rules


def move_allowance(state: FAState, f: Fighter, aimed: bool = False) -> int:
    """F7: the character's move (default 4), -1 if Move was played last round; 6 if aimed.

    Incapacitated characters move one hex a round (F8)."""
    if f.status == INCAPACITATED:
        return 1
    if aimed:
        return rules(state).aimed_move
    return max(0, f.move - (1 if f.moved_last_round else 0))


def free_walk(state: FAState, name: str, budget: int) -> Iterator[Hex]:
    """Free hexes `name` can walk to within `budget` (its own hex excluded), unordered."""
    f = state.fighters[name]
    start = f.pos
    if start is None or budget <= 0:
        return iter(())
    occ = occupants(state, name)
    reach = board(state).walk(start, budget, enemy_hexes(state, f))
    return (h for h in reach if h != start and h not in occ)


def free_steps(state: FAState, name: str, budget: int) -> list[Hex]:
    """`free_walk`'s hexes, in order."""
    return sorted(free_walk(state, name, budget))


def has_free_step(state: FAState, name: str, budget: int) -> bool:
    """Whether `free_walk` has any hex (asked after every attack: no list, no sort)."""
    return any(free_walk(state, name, budget))


def free_neighbours(state: FAState, name: str) -> Iterator[Hex]:
    """Defend's one hex (F4, F7): a free neighbour that one hex of movement pays for. Rough
    ground and furniture cost "one additional hex of movement" (seed "Move"), two in all, so
    a Defend step cannot enter them, just as a close card's one hex cannot; unordered."""
    f = state.fighters[name]
    if f.pos is None:
        return iter(())
    occ = occupants(state, name)
    b = board(state)
    return (h for h in b.nbrs[f.pos] if h not in occ and h not in b.rough)


def step_options(state: FAState, name: str) -> list[Hex]:
    """`free_neighbours`, in order."""
    return sorted(free_neighbours(state, name))


def can_step(state: FAState, name: str) -> bool:
    """Whether `free_neighbours` has any hex (asked before each step: no list, no sort)."""
    return any(free_neighbours(state, name))


def move_options(state: FAState, name: str, aimed: bool) -> list[Hex]:
    """Where a Move can end (F7): the allowance, rough +1, through an adversary +1."""
    f = state.fighters[name]
    start = pos(f)
    occ = occupants(state, name)
    budget = move_allowance(state, f, aimed)
    reach = board(state).walk(start, budget, enemy_hexes(state, f))
    return sorted(h for h in reach if h == start or h not in occ)


def bodies(state: FAState, name: str) -> list[str]:
    """Adjacent characters who cannot resist being moved: incapacitated, restrained, dying."""
    f = state.fighters[name]
    if f.pos is None:
        return []
    return [
        b.name
        for b in state.fighters.values()
        if b.name != name
        and b.pos is not None
        and b.status in (INCAPACITATED, DYING)
        and b.pos.is_adjacent(f.pos)
    ]


def body_moves(state: FAState, name: str, body: str) -> dict[Hex, Hex]:
    """Move card "-2 for moving another body" (F7): destination -> where the body ends up
    (the last hex walked through before the destination, which must be free)."""
    f = state.fighters[name]
    start = pos(f)
    occ = occupants(state, name, body)
    budget = move_allowance(state, f) - 2
    reach = board(state).walk(start, budget, enemy_hexes(state, f))
    out: dict[Hex, Hex] = {}
    for h, (_, prev) in reach.items():
        if h == start or h in occ or prev is None:
            continue
        if prev == start or prev not in occ:
            out[h] = prev
    return out


def approach(state: FAState, atk: Attack, to: Hex, cost: int) -> list[Event]:
    """The attacker walks to the hex it attacks from, spending the card's movement."""
    fa = state.fighters[atk.attacker]
    if to == fa.pos:
        return []
    fa.pos = to
    atk.movement_left -= cost
    return [Event("step", data={"character": fa.name, "to": str(to), "why": "attack"})]
