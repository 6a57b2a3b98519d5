"""Lines of attack, cover, obstruction and movement costs on the hex map (seed: "Discerning Cover
and Line of Sight", the Defend and Move sections; rulings F7, F9).

A line is drawn centre to centre, nudged both ways (`Hex.line_to_both`) so a line along a hex
edge counts as passing either side. Then:

- a line is *open* when no wall (sight-blocking terrain) lies strictly between the two hexes;
- no open line at all: no line of attack;
- every open line runs through another character: *obstructed* ("Players cannot target an
  object obstructed by another character") - cannot attack or be attacked;
- the target is *in cover* (seed "Discerning Cover" 2 and 3, F9) when it has a line of attack
  that is not obstructed and a line from ANY part of its hex to ANY part of the attacker's hex
  passes through an obstacle (low or high) or a character in a hex adjacent to the target.
  Every such line lies in the convex hull of the two hexes, and every point of that hull lies
  on one, so: cover when the hull's interior meets the obstacle's (`Board.screening`). A line
  that only grazes a corner or runs along the edge the target shares with the obstacle does
  not pass through it; a character used as cover takes the point of damage that cover saves
  (F9). Exact integer geometry: a hex q,r is drawn at (2q + r, 3r), its corners at
  (+-1, +-1) and (0, +-2) from there (the pointy-top layout, scaled).

- smoke or foliage (terrain that `obscures`) on an open line, or on either end's hex, makes the
  line *obscured*: a ranged attack along it is at disadvantage (seed: "When a line of sight
  is partially blocked or obscured by foliage or smoke the attack can be made at
  disadvantage").

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
    obscured: bool  # smoke or foliage on a line of attack (or on either end)
    # A line of attack that is not obstructed. Worked out once when made (a sight never
    # changes; nearly all are the four constants below), not at each of the hundreds of asks
    # per battle, as a property would.
    attackable: bool = field(init=False, repr=False)

    def __init__(
        self,
        line: bool,
        obstructed: bool,
        cover: bool,
        cover_by: str | None = None,
        obscured: bool = False,
    ) -> None:
        self.line = line
        self.obstructed = obstructed
        self.cover = cover
        self.cover_by = cover_by
        self.obscured = obscured
        self.attackable = line and not obstructed

    def _key(self) -> tuple[bool, bool, bool, str | None, bool]:
        return self.line, self.obstructed, self.cover, self.cover_by, self.obscured

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sight) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())


NO_LINE: Final = Sight(False, False, False)
OBSTRUCTED: Final = Sight(True, True, False)
OPEN: Final = Sight(True, False, False)
COVERED: Final = Sight(True, False, True)
OPEN_OBSCURED: Final = Sight(True, False, False, None, True)
COVERED_OBSCURED: Final = Sight(True, False, True, None, True)

WALKS_REMEMBERED: Final = 4096  # per board; a board is shared by every battle on its map


class Lines(NamedTuple):
    """The wall-free lines between two hexes (interior hexes only), whether an obstacle next to
    the far end screens it (terrain cover), and the hexes next to the far end that a character
    could screen it from (`Board.screening`), in the order `sight` names the one used as
    cover."""

    open: tuple[tuple[Hex, ...], ...]
    terrain_cover: bool
    screens: tuple[Hex, ...]
    obscured: bool  # smoke or foliage on an open line, or on either end (seed, F9's section)


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
        "obscuring",
        "rough",
        "walls",
    )

    def __init__(self, hmap: HexMap) -> None:
        self.hmap = hmap
        hexes = hmap.hexes
        self.walls = frozenset(h for h in hexes if hmap.flags(h).blocks_sight)
        self.cover = frozenset(h for h in hexes if hmap.flags(h).gives_cover)
        self.rough = frozenset(h for h in hexes if hmap.flags(h).rough)
        self.obscuring = frozenset(h for h in hexes if hmap.flags(h).obscures)
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
        to `t` screens it (terrain cover)."""
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
            screens = self.screening(a, t) if lines else ()
            cover = any(h in self.cover for h in screens)
            hazy = self.obscuring
            obscured = bool(hazy) and (
                a in hazy or t in hazy or any(h in hazy for ln in lines for h in ln)
            )
            got = Lines(tuple(lines), cover, screens, obscured)
            self._lines[key] = got
        return got

    def screening(self, a: Hex, t: Hex) -> tuple[Hex, ...]:
        """The hexes next to `t` (but `a`'s) that some line from any part of `t`'s hex to any
        part of `a`'s passes through (seed "Discerning Cover" 2): an obstacle there is cover,
        a character there may be. Nearest the centre line first, then in hex order."""
        hull = _hull(_corners(a) + _corners(t))
        ta, tt = _centre(a), _centre(t)
        dx, dy = ta[0] - tt[0], ta[1] - tt[1]
        near = []
        for n in t.neighbours():
            if n == a or n not in self.nbrs:
                continue  # the attacker's own hex, or off the map
            if _interiors_meet(hull, _corners(n)):
                cx, cy = _centre(n)
                near.append((abs((cx - tt[0]) * dy - (cy - tt[1]) * dx), n))
        return tuple(n for _, n in sorted(near))

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


_Point = tuple[int, int]
#: a hex's corners around its centre, counter-clockwise, in the scaled layout of the docstring
CORNERS: Final[tuple[_Point, ...]] = ((1, 1), (0, 2), (-1, 1), (-1, -1), (0, -2), (1, -1))


def _centre(h: Hex) -> _Point:
    return 2 * h.q + h.r, 3 * h.r


def _corners(h: Hex) -> list[_Point]:
    x, y = _centre(h)
    return [(x + dx, y + dy) for dx, dy in CORNERS]


def _hull(points: list[_Point]) -> list[_Point]:
    """The convex hull, counter-clockwise (Andrew's monotone chain), without collinear points."""
    pts = sorted(set(points))

    def half(seq: list[_Point]) -> list[_Point]:
        out: list[_Point] = []
        for p in seq:
            while len(out) >= 2 and _cross(out[-2], out[-1], p) <= 0:
                out.pop()
            out.append(p)
        return out

    lower, upper = half(pts), half(pts[::-1])
    return lower[:-1] + upper[:-1]


def _cross(o: _Point, a: _Point, b: _Point) -> int:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _interiors_meet(p: list[_Point], q: list[_Point]) -> bool:
    """Whether two convex polygons overlap in more than their boundaries: no edge of either
    separates them, not even touching (the separating axis theorem)."""
    for poly in (p, q):
        for i, (x1, y1) in enumerate(poly):
            x2, y2 = poly[(i + 1) % len(poly)]
            nx, ny = y2 - y1, x1 - x2
            on_p = [nx * x + ny * y for x, y in p]
            on_q = [nx * x + ny * y for x, y in q]
            if max(min(on_p), min(on_q)) >= min(max(on_p), max(on_q)):
                return False
    return True


def sight(board: Board | HexMap, occupants: Mapping[Hex, str], a: Hex, t: Hex) -> Sight:
    """Line of attack, obstruction and cover from `a` to `t` (other characters in `occupants`)."""
    if isinstance(board, HexMap):
        board = Board(board)
    lines, terrain_cover, screens, obscured = board._lines.get((a, t)) or board.lines(a, t)
    if not lines:
        return NO_LINE
    if occupants:
        taken = occupants.keys()
        for ln in lines:
            if taken.isdisjoint(ln):
                break
        else:
            return OBSTRUCTED
        if not terrain_cover:
            for h in screens:
                if h in occupants:
                    return Sight(True, False, True, occupants[h], obscured)
    if terrain_cover:
        return COVERED_OBSCURED if obscured else COVERED
    return OPEN_OBSCURED if obscured else OPEN


def next_to_cover(hmap: HexMap, h: Hex) -> bool:
    """Adjacent to an obstacle (kept for callers holding a plain map)."""
    return Board(hmap).next_to_cover(h)
