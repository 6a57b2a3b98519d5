"""Walks over a hex map: where one can step, what a walk reaches within a budget, the cheapest
path, and the hexes beside cover, remembered per map (the map never changes, and bots ask the
same questions every decision).

Kept apart from `hexgrid` so the map stays a plain value; a ruleset that walks the same map in
many battles shares one `HexWalks` over it.
"""

from __future__ import annotations

from collections.abc import Iterator
from collections.abc import Set as AbstractSet
from typing import Final

from shiftdrive.maps.errors import MapError
from shiftdrive.maps.hexgrid import Hex, HexMap
from shiftdrive.maps.paths import cheapest, route

#: how many answers of reachable a map's walks remember (then they start again)
REACH_CACHE: Final = 2_000


class HexWalks:
    """Movement over one `HexMap`: step tables, walks and paths, remembered by their question."""

    __slots__ = ("_cover", "_reach", "_steps", "map")

    def __init__(self, hexmap: HexMap) -> None:
        self.map: HexMap = hexmap
        #: each hex's enterable neighbours with the cost of entering them (`steps`), built
        #: on first use, and reachable's answers so far (the map never changes)
        self._steps: dict[Hex, tuple[tuple[Hex, int], ...]] | None = None
        self._reach: dict[tuple[Hex, int, frozenset[Hex]], tuple[tuple[Hex, int], ...]] = {}
        #: the hexes `beside_cover` (built on first use)
        self._cover: frozenset[Hex] | None = None

    def steps(self, h: Hex) -> tuple[tuple[Hex, int], ...]:
        """The hexes one step from `h` that can be entered, with the cost of entering each
        (`neighbours` and `movement_cost`, looked up: path searches ask it for every hex)."""
        table = self._steps
        if table is None:
            table = self._steps = {c: self._steps_from(c) for c in self.map.hexes}
        got = table.get(h)
        if got is None:  # off the map: worked out, not kept
            return self._steps_from(h)
        return got

    def _steps_from(self, h: Hex) -> tuple[tuple[Hex, int], ...]:
        m = self.map
        return tuple((n, m.movement_cost(n)) for n in m.neighbours(h))

    def beside_cover(self, h: Hex) -> bool:
        """Whether a hex one can step into next to `h` gives cover (a low obstacle to crouch
        behind); looked up for the map's hexes, since bots ask it of every hex they weigh."""
        near = self._cover
        m = self.map
        if near is None:
            near = self._cover = frozenset(c for c in m.hexes if self._touches_cover(c))
        return h in near if h in m else self._touches_cover(h)

    def _touches_cover(self, h: Hex) -> bool:
        m = self.map
        return any(m.flags(n).gives_cover for n in m.neighbours(h))

    def reachable(
        self, start: Hex, budget: int, blocked: AbstractSet[Hex] = frozenset()
    ) -> dict[Hex, int]:
        """Every hex reachable from `start` within `budget` movement, with its cheapest cost.

        `start` is always included at cost 0 (empty for a negative budget); hexes in `blocked`
        (e.g. other ships) cannot be entered or passed through. Remembered by its question
        (the map never changes); each caller gets its own copy.
        """
        return dict(self.reach_order(start, budget, blocked))

    def reach_order(
        self, start: Hex, budget: int, blocked: AbstractSet[Hex] = frozenset()
    ) -> tuple[tuple[Hex, int], ...]:
        """`reachable` as (hex, cost) pairs, cheapest first, then by hex (`start` first):
        remembered by its question and shared (the map never changes), so a menu of moves
        asked again costs a lookup."""
        self._require(start)
        if budget < 0:
            return ()
        key = (start, budget, frozenset(blocked))
        got = self._reach.get(key)
        if got is None:
            table = self.steps

            def steps(h: Hex) -> Iterator[tuple[Hex, int]]:
                for n, cost in table(h):
                    if n not in blocked:
                        yield n, cost

            found = cheapest(start, steps, budget)[0]
            got = tuple(sorted(found.items(), key=lambda kv: (kv[1], kv[0])))
            if len(self._reach) >= REACH_CACHE:
                self._reach.clear()
            self._reach[key] = got
        return got

    def path(
        self, start: Hex, goal: Hex, blocked: AbstractSet[Hex] = frozenset()
    ) -> list[Hex] | None:
        """Cheapest path by movement cost, both ends included; None if the goal can't be reached.

        Deterministic: ties go to the first-found route in `DIRECTIONS` order.
        """
        self._require(start)
        if start == goal:
            return [start]
        if not self.map.passable(goal) or goal in blocked:
            return None

        table = self.steps

        def steps(h: Hex) -> Iterator[tuple[Hex, int]]:
            for n, cost in table(h):
                if n not in blocked:
                    yield n, cost

        best, came_from = cheapest(start, steps, goal=goal)
        return route(came_from, goal) if goal in best else None

    def _require(self, h: Hex) -> None:
        if h not in self.map:
            raise MapError(f"hex {h} is outside the map")
