"""Walks over a hex map: reach within a budget, cheapest paths, and that the two agree."""

from __future__ import annotations

from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from shiftdrive.maps import Hex, HexMap, HexWalks, Terrain


def test_reachable_and_path_with_costs() -> None:
    m = HexMap.from_rect(5, 1, {Hex(2, 0): Terrain.ROUGH})
    w = HexWalks(m)
    assert w.reachable(Hex(0, 0), 3) == {Hex(0, 0): 0, Hex(1, 0): 1, Hex(2, 0): 3}
    assert w.reachable(Hex(0, 0), 3, blocked={Hex(1, 0)}) == {Hex(0, 0): 0}
    assert w.reachable(Hex(0, 0), -1) == {}
    path = w.path(Hex(0, 0), Hex(4, 0))
    assert path == [Hex(x, 0) for x in range(5)]
    assert m.path_cost(path) == 5
    assert w.path(Hex(0, 0), Hex(4, 0), blocked={Hex(2, 0)}) is None
    assert w.path(Hex(0, 0), Hex(0, 0)) == [Hex(0, 0)]


def test_path_goes_round_walls() -> None:
    m = HexMap.from_radius(3, {Hex(1, 0): Terrain.WALL, Hex(1, -1): Terrain.WALL})
    path = HexWalks(m).path(Hex(0, 0), Hex(2, 0))
    assert path is not None and len(path) == 4
    assert Hex(1, 0) not in path and Hex(1, -1) not in path


terrains = st.sampled_from(list(Terrain))


@st.composite
def maps_and_starts(draw: st.DrawFn) -> tuple[HexMap, Hex, int, frozenset[Hex]]:
    cells = Hex(0, 0).spiral(3)
    terrain = draw(st.dictionaries(st.sampled_from(cells[1:]), terrains, max_size=12))
    m = HexMap(cells, terrain)
    blocked = frozenset(draw(st.sets(st.sampled_from(cells[1:]), max_size=4)))
    return m, Hex(0, 0), draw(st.integers(min_value=0, max_value=7)), blocked


@settings(max_examples=80, deadline=None)
@given(maps_and_starts())
def test_reachable_agrees_with_path(case: tuple[HexMap, Hex, int, frozenset[Hex]]) -> None:
    m, start, budget, blocked = case
    w = HexWalks(m)
    reach = w.reachable(start, budget, blocked)
    assert reach[start] == 0
    for h, cost in reach.items():
        assert cost <= budget
        assert m.passable(h) and (h == start or h not in blocked)
        path = w.path(start, h, blocked)
        assert path is not None and path[0] == start and path[-1] == h
        assert m.path_cost(path) == cost
        assert all(p.is_adjacent(q) for p, q in pairwise(path))
    unlimited = w.reachable(start, 1000, blocked)
    assert reach == {h: c for h, c in unlimited.items() if c <= budget}
    for h in m:
        if h not in unlimited:
            assert w.path(start, h, blocked) is None


def test_walks_are_remembered_and_each_caller_gets_its_own_copy() -> None:
    m = HexMap.from_radius(3, {Hex(1, 0): Terrain.LOW_OBSTACLE})
    w = HexWalks(m)
    first = w.reach_order(Hex(0, 0), 2, frozenset({Hex(-1, 0)}))
    assert w.reach_order(Hex(0, 0), 2, {Hex(-1, 0)}) is first
    assert first[0] == (Hex(0, 0), 0)
    assert [c for _, c in first] == sorted(c for _, c in first)
    mine = w.reachable(Hex(0, 0), 2, {Hex(-1, 0)})
    mine.clear()
    assert w.reachable(Hex(0, 0), 2, {Hex(-1, 0)}) == dict(first)


def test_beside_cover_on_and_off_the_map() -> None:
    m = HexMap.from_radius(2, {Hex(1, 0): Terrain.LOW_OBSTACLE})
    w = HexWalks(m)
    assert w.beside_cover(Hex(0, 0)) and w.beside_cover(Hex(2, 0))
    assert not w.beside_cover(Hex(-2, 0))
    assert not w.beside_cover(Hex(9, 9))
