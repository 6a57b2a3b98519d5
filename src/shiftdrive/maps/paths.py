"""The one cheapest-path search the maps and rulesets share (Dijkstra over any graph)."""

from __future__ import annotations

import heapq
from collections.abc import Callable, Hashable, Iterable
from typing import Any, Protocol, TypeVar


class _Node(Protocol, Hashable):
    def __lt__(self, other: Any, /) -> bool: ...


N = TypeVar("N", bound=_Node)


def cheapest(
    start: N,
    steps: Callable[[N], Iterable[tuple[N, int]]],
    budget: int | None = None,
    goal: N | None = None,
) -> tuple[dict[N, int], dict[N, N]]:
    """Cheapest cost from `start` to every node reached, and the step each was reached from.

    `steps(node)` yields (neighbour, cost of entering it). Nodes dearer than `budget` are not
    reached; the search stops as soon as `goal` is settled. Ties keep the first route found;
    between equal costs, the smaller node is settled first, so results are deterministic.
    """
    best: dict[N, int] = {start: 0}
    came_from: dict[N, N] = {}
    heap: list[tuple[int, N]] = [(0, start)]
    while heap:
        cost, node = heapq.heappop(heap)
        if cost > best[node]:
            continue
        if goal is not None and node == goal:
            break
        for nxt, step in steps(node):
            c = cost + step
            if (budget is None or c <= budget) and (nxt not in best or c < best[nxt]):
                best[nxt] = c
                came_from[nxt] = node
                heapq.heappush(heap, (c, nxt))
    return best, came_from


def route(came_from: dict[N, N], goal: N) -> list[N]:
    """The path to `goal` (both ends included) from a search's `came_from`."""
    out = [goal]
    while out[-1] in came_from:
        out.append(came_from[out[-1]])
    out.reverse()
    return out
