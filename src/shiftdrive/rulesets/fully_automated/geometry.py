"""Lines of attack, cover, obstruction and movement costs on the hex map (seed: "Discerning Cover
and Line of Sight", the Defend and Move sections; rulings F7, F9).

A line is drawn centre to centre, nudged both ways (`Hex.line_to_both`) so a line along a hex
edge counts as passing either side. Then:

- a line is *open* when no wall (sight-blocking terrain) lies strictly between the two hexes;
- no open line at all: no line of attack;
- every open line runs through another character: *obstructed* ("Players cannot target an
  object obstructed by another character") - cannot attack or be attacked;
- an open line passes an obstacle (low or high) or a character in a hex adjacent to the target,
  while some open line is free of characters: the target is *in cover*. A character used as
  cover takes the point of damage that cover saves (F9).

`Board` precomputes what depends only on the map (walls, cover, neighbours, open lines per pair
of hexes) and remembers walks, so the rules and bots can ask thousands of times per battle
cheaply.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import Final, NamedTuple

from shiftdrive.maps.hexgrid import Hex, HexMap
from shiftdrive.maps.paths import cheapest


@dataclass(slots=True, init=False, eq=False)
class Sight:
    """What lies between an attacker's hex and a target's hex.

    A value, never changed once made. Not a frozen dataclass, with `__init__`, `__eq__` and
    `__hash__` written out: frozen fields are set through `object.__setattr__`, and the
    compiled build leaves a dataclass's generated methods interpreted.
    """

    line: bool  # a line of attack exists (walls)
    obstructed: bool  # every line of attack runs through another character
    cover: bool  # the target is behind cover from this attacker
    cover_by: str | None  # the character used as cover, when that is the cover
    # A line of attack that is not obstructed. Worked out once when made (a sight never
    # changes; nearly all are the four constants below), not at each of the hundreds of asks
    # per battle, as a property would.
    attackable: bool = field(init=False, repr=False)

    def __init__(
        self, line: bool, obstructed: bool, cover: bool, cover_by: str | None = None
    ) -> None:
        self.line = line
        self.obstructed = obstructed
        self.cover = cover
        self.cover_by = cover_by
        self.attackable = line and not obstructed

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sight) and (
            self.line,
            self.obstructed,
            self.cover,
            self.cover_by,
        ) == (other.line, other.obstructed, other.cover, other.cover_by)

    def __hash__(self) -> int:
        return hash((self.line, self.obstructed, self.cover, self.cover_by))


NO_LINE: Final = Sight(False, False, False)
OBSTRUCTED: Final = Sight(True, True, False)
OPEN: Final = Sight(True, False, False)
COVERED: Final = Sight(True, False, True)

WALKS_REMEMBERED: Final = 4096  # per board; a board is shared by every battle on its map


class Lines(NamedTuple):
    """The wall-free lines between two hexes (interior hexes only), whether an obstacle next to
    the far end lies on one (terrain cover), and the hexes next to the far end that a character
    could screen it from, in the order `sight` names the one used as cover."""

    open: tuple[tuple[Hex, ...], ...]
    terrain_cover: bool
    screens: tuple[Hex, ...]


class Board:
    """The static part of a map, precomputed once per map; caches lines and walks."""

    __slots__ = (
        "_lines",
        "_near_cover",
        "_steps",
        "_walks",
        "cover",
        "hmap",
        "nbrs",
        "rough",
        "walls",
    )

    def __init__(self, hmap: HexMap) -> None:
        self.hmap = hmap
        hexes = hmap.hexes
        self.walls = frozenset(h for h in hexes if hmap.flags(h).blocks_sight)
        self.cover = frozenset(h for h in hexes if hmap.flags(h).gives_cover)
        self.rough = frozenset(h for h in hexes if hmap.flags(h).rough)
        self._near_cover = frozenset(h for h in hexes if self._touches_cover(h))
        self.nbrs: dict[Hex, tuple[Hex, ...]] = {
            h: tuple(n for n in h.neighbours() if hmap.passable(n)) for h in hexes
        }
        # each hex's neighbours with the cost of entering them, adversaries aside (F7)
        self._steps: dict[Hex, tuple[tuple[Hex, int], ...]] = {
            h: tuple((n, 1 + (n in self.rough)) for n in ns) for h, ns in self.nbrs.items()
        }
        self._lines: dict[tuple[Hex, Hex], Lines] = {}
        self._walks: dict[
            tuple[Hex, int, frozenset[Hex]], Mapping[Hex, tuple[int, Hex | None]]
        ] = {}

    def open_lines(self, a: Hex, t: Hex) -> tuple[tuple[tuple[Hex, ...], ...], bool]:
        """Wall-free lines from `a` to `t` (interior hexes only), and whether an obstacle next
        to `t` lies on one of them (terrain cover)."""
        lines = self.lines(a, t)
        return lines.open, lines.terrain_cover

    def lines(self, a: Hex, t: Hex) -> Lines:
        """The open lines from `a` to `t` with what `sight` asks of them, worked out once per
        pair of hexes (the map never changes)."""
        key = (a, t)
        got = self._lines.get(key)
        if got is None:
            lines: list[tuple[Hex, ...]] = []
            for ln in a.line_to_both(t):
                inner = tuple(ln[1:-1])
                if inner not in lines and not any(h in self.walls for h in inner):
                    lines.append(inner)
            cover = any(h in self.cover and h.is_adjacent(t) for ln in lines for h in ln)
            screens = tuple(h for ln in lines for h in reversed(ln) if h.is_adjacent(t))
            got = Lines(tuple(lines), cover, screens)
            self._lines[key] = got
        return got

    def next_to_cover(self, h: Hex) -> bool:
        """Adjacent to an obstacle (for the end-of-round announcement of who is behind cover).
        Looked up for the map's hexes: every round asks it of every character."""
        return h in self._near_cover if h in self.nbrs else self._touches_cover(h)

    def _touches_cover(self, h: Hex) -> bool:
        return any(n in self.cover for n in h.neighbours())

    def walk(
        self, start: Hex, budget: int, enemies: AbstractSet[Hex] = frozenset()
    ) -> Mapping[Hex, tuple[int, Hex | None]]:
        """Every hex reachable within `budget`: (cost, previous hex on the cheapest path).

        F7 and the Move card: 1 per hex, +1 for rough terrain or furniture, +1 to pass through
        an adversary (`enemies`); allies are passed freely. Whether a hex is free to stop in is
        the caller's question. Remembered (the answer is shared: do not change it), since every
        card and target of one attacker walks from the same hex past the same adversaries.

        Only adversaries within `budget` hexes of `start` take part in the key: one farther
        away stands on a hex the walk could not reach even without the +1, so it never changes
        the answer, and walks that differ only in far-off adversaries are one walk.

        One hex of movement (every close card's) is the start and its plain neighbours free of
        adversaries: made afresh, in `_walk`'s order, as that is cheaper than the memo's key.
        """
        if budget == 1:
            rough = self.rough
            step: dict[Hex, tuple[int, Hex | None]] = {start: (0, None)}
            for n in self.nbrs[start]:
                if n not in rough and n not in enemies:
                    step[n] = (1, start)
            return step
        near = frozenset(e for e in enemies if start.distance(e) <= budget)
        key = (start, budget, near)
        got = self._walks.get(key)
        if got is None:
            if len(self._walks) >= WALKS_REMEMBERED:
                self._walks.clear()
            got = self._walks[key] = self._walk(start, budget, near)
        return got

    def _walk(
        self, start: Hex, budget: int, enemies: AbstractSet[Hex]
    ) -> dict[Hex, tuple[int, Hex | None]]:
        """The walk, by the maps' one cheapest-path search (`maps.paths.cheapest`): its heap
        order is (cost, hex), so ties settle as they always have."""
        plain = self._steps
        if enemies:

            def steps(h: Hex) -> list[tuple[Hex, int]]:
                return [(n, c + 1) if n in enemies else (n, c) for n, c in plain[h]]

            best, came_from = cheapest(start, steps, budget)
        else:
            best, came_from = cheapest(start, plain.__getitem__, budget)
        return {h: (cost, came_from.get(h)) for h, cost in best.items()}


def sight(board: Board | HexMap, occupants: Mapping[Hex, str], a: Hex, t: Hex) -> Sight:
    """Line of attack, obstruction and cover from `a` to `t` (other characters in `occupants`)."""
    if isinstance(board, HexMap):
        board = Board(board)
    lines, terrain_cover, screens = board._lines.get((a, t)) or board.lines(a, t)
    if not lines:
        return NO_LINE
    if not occupants:
        return COVERED if terrain_cover else OPEN
    taken = occupants.keys()
    for ln in lines:
        if taken.isdisjoint(ln):
            break
    else:
        return OBSTRUCTED
    if terrain_cover:
        return COVERED
    for h in screens:
        if h in occupants:
            return Sight(True, False, True, occupants[h])
    return OPEN


def next_to_cover(hmap: HexMap, h: Hex) -> bool:
    """Adjacent to an obstacle (kept for callers holding a plain map)."""
    return Board(hmap).next_to_cover(h)
