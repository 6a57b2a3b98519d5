"""Hex coordinates and hex maps: known answers plus metric and line properties."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shiftdrive.maps import (
    DIRECTIONS,
    Hex,
    HexMap,
    MapError,
    Terrain,
    TerrainFlags,
    hex_to_offset,
    offset_to_hex,
)

coords = st.integers(min_value=-60, max_value=60)
hexes = st.builds(Hex, coords, coords)
FAST = settings(max_examples=150, deadline=None)


# --- Hex -------------------------------------------------------------------------------------


def test_cube_coordinate_and_arithmetic() -> None:
    h = Hex(2, -1)
    assert h.s == -1
    assert h + Hex(1, 1) == Hex(3, 0)
    assert h - Hex(1, 1) == Hex(1, -2)
    assert Hex(1, -1).scale(3) == Hex(3, -3)
    assert sorted([Hex(1, 0), Hex(0, 5), Hex(0, -1)]) == [Hex(0, -1), Hex(0, 5), Hex(1, 0)]
    assert len({Hex(1, 2), Hex(1, 2)}) == 1


def test_hex_is_an_immutable_offset_not_a_sequence_to_concatenate() -> None:
    h = Hex(2, -1)
    with pytest.raises(TypeError):
        h + (1, 1)
    with pytest.raises(AttributeError):
        h.q = 5  # type: ignore[misc]
    assert repr(h) == "Hex(q=2, r=-1)"


@pytest.mark.parametrize(
    ("a", "b", "d"),
    [
        (Hex(0, 0), Hex(0, 0), 0),
        (Hex(0, 0), Hex(1, 0), 1),
        (Hex(0, 0), Hex(2, -1), 2),
        (Hex(0, 0), Hex(3, -3), 3),
        (Hex(0, 0), Hex(3, 2), 5),
        (Hex(-2, 1), Hex(2, -1), 4),
    ],
)
def test_known_distances(a: Hex, b: Hex, d: int) -> None:
    assert a.distance(b) == d == b.distance(a)


def test_neighbours_follow_direction_order() -> None:
    assert Hex(0, 0).neighbours() == [
        Hex(1, 0),
        Hex(1, -1),
        Hex(0, -1),
        Hex(-1, 0),
        Hex(-1, 1),
        Hex(0, 1),
    ]
    assert Hex(2, 3).neighbours() == [Hex(2, 3) + d for d in DIRECTIONS]


@pytest.mark.parametrize("text", ["2,-1", "(2,-1)", " ( 2 , -1 ) ", "+2, -1"])
def test_parse_accepts_forms(text: str) -> None:
    assert Hex.parse(text) == Hex(2, -1)
    assert str(Hex(2, -1)) == "2,-1"


@pytest.mark.parametrize("text", ["", "2", "2,", "a,b", "(2,-1", "2,-1)", "2;-1", "1,2,3"])
def test_parse_rejects_bad_text_naming_it(text: str) -> None:
    with pytest.raises(MapError, match=repr(text).replace("(", r"\(").replace(")", r"\)")):
        Hex.parse(text)


def test_straight_line() -> None:
    assert Hex(0, 0).line_to(Hex(3, 0)) == [Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(3, 0)]
    assert Hex(0, 0).line_to(Hex(0, 0)) == [Hex(0, 0)]


def test_line_along_an_edge_has_two_choices() -> None:
    plus, minus = Hex(0, 0).line_to_both(Hex(2, -1))
    assert plus == [Hex(0, 0), Hex(1, 0), Hex(2, -1)]
    assert minus == [Hex(0, 0), Hex(1, -1), Hex(2, -1)]
    assert Hex(0, 0).line_to(Hex(2, -1)) == plus


def test_ring_and_spiral() -> None:
    assert Hex(0, 0).ring(0) == [Hex(0, 0)]
    ring1 = Hex(0, 0).ring(1)
    assert ring1[0] == Hex(-1, 1)
    assert sorted(ring1) == sorted(Hex(0, 0).neighbours())
    assert len(Hex(0, 0).ring(3)) == 18
    spiral = Hex(1, 1).spiral(2)
    assert len(spiral) == 19 and spiral[0] == Hex(1, 1)
    assert Hex(1, 1).within(2) == frozenset(spiral)
    with pytest.raises(MapError):
        Hex(0, 0).ring(-1)


@FAST
@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a: Hex, b: Hex, c: Hex) -> None:
    assert a.distance(b) == b.distance(a)
    assert (a.distance(b) == 0) == (a == b)
    assert a.distance(c) <= a.distance(b) + b.distance(c)


@FAST
@given(hexes, hexes)
def test_lines_are_connected_and_minimal(a: Hex, b: Hex) -> None:
    for line in (a.line_to(b), *a.line_to_both(b)):
        assert len(line) == a.distance(b) + 1
        assert line[0] == a and line[-1] == b
        assert all(p.is_adjacent(q) for p, q in pairwise(line))


@FAST
@given(hexes)
def test_text_round_trip(h: Hex) -> None:
    assert Hex.parse(str(h)) == h
    assert Hex.parse(f"({h.q}, {h.r})") == h


@FAST
@given(hexes, st.integers(min_value=0, max_value=5))
def test_ring_hexes_are_at_radius(center: Hex, radius: int) -> None:
    ring = center.ring(radius)
    assert len(set(ring)) == max(1, 6 * radius)
    assert all(center.distance(h) == radius for h in ring)


@FAST
@given(hexes)
def test_offset_round_trip(h: Hex) -> None:
    assert offset_to_hex(*hex_to_offset(h)) == h


# --- HexMap ----------------------------------------------------------------------------------


def test_map_shapes() -> None:
    assert len(HexMap.from_radius(2)) == 19
    rect = HexMap.from_rect(4, 3)
    assert len(rect) == 12
    assert Hex(0, 0) in rect and offset_to_hex(3, 1) in rect
    assert Hex(-1, 0) not in rect
    with pytest.raises(MapError):
        HexMap([])
    with pytest.raises(MapError, match="outside"):
        HexMap.from_radius(1, {Hex(5, 5): Terrain.WALL})


def test_terrain_flags_defaults() -> None:
    assert Terrain.WALL.flags.blocks_movement and Terrain.WALL.flags.blocks_sight
    high = Terrain.HIGH_OBSTACLE.flags
    assert high.blocks_movement and high.gives_cover and not high.blocks_sight
    low = Terrain.LOW_OBSTACLE.flags
    assert not low.blocks_movement and low.gives_cover and low.rough
    rough = Terrain.ROUGH.flags
    assert rough.rough and not rough.gives_cover
    assert Terrain.parse("High obstacle") is Terrain.HIGH_OBSTACLE
    with pytest.raises(MapError, match="lava"):
        Terrain.parse("lava")


def test_terrain_queries() -> None:
    m = HexMap.from_radius(2, {Hex(1, 0): Terrain.WALL, Hex(0, 1): Terrain.ROUGH})
    assert m.terrain(Hex(0, 0)) is Terrain.OPEN
    assert not m.passable(Hex(1, 0)) and not m.passable(Hex(9, 9))
    assert m.movement_cost(Hex(0, 1)) == 2 and m.movement_cost(Hex(0, 0)) == 1
    assert Hex(1, 0) not in m.neighbours(Hex(0, 0))
    assert len(m.neighbours(Hex(0, 0))) == 5
    with pytest.raises(MapError, match="9,9"):
        m.terrain(Hex(9, 9))


def test_flags_can_be_overridden_per_map() -> None:
    m = HexMap.from_radius(
        2, {Hex(1, 0): Terrain.HIGH_OBSTACLE}, terrain_flags={Terrain.HIGH_OBSTACLE: TerrainFlags()}
    )
    assert m.passable(Hex(1, 0))


def test_line_of_sight() -> None:
    m = HexMap.from_radius(3, {Hex(1, 0): Terrain.WALL, Hex(-1, 0): Terrain.HIGH_OBSTACLE})
    assert not m.line_of_sight(Hex(0, 0), Hex(2, 0))
    assert m.line_of_sight(Hex(0, 0), Hex(1, 0))  # the ends never block
    assert m.line_of_sight(Hex(0, 0), Hex(-2, 0))  # high obstacles give cover, not blindness
    assert m.hexes_between(Hex(0, 0), Hex(3, 0)) == [Hex(1, 0), Hex(2, 0)]


def test_sight_along_an_edge_needs_only_one_clear_side() -> None:
    one_side = HexMap.from_radius(3, {Hex(1, 0): Terrain.WALL})
    assert one_side.line_of_sight(Hex(0, 0), Hex(2, -1))
    both = one_side.with_terrain({Hex(1, -1): Terrain.WALL})
    assert not both.line_of_sight(Hex(0, 0), Hex(2, -1))


def test_to_text_draws_odd_r_rows_with_markers() -> None:
    m = HexMap.from_rect(3, 2, {Hex(1, 0): Terrain.WALL, Hex(0, 1): Terrain.ROUGH})
    assert m.to_text({Hex(0, 0): "A", Hex(1, 1): "B"}) == "A # .\n ~ B ."
    wide = HexMap.from_rect(2, 2).to_text({Hex(0, 0): "AB"})
    assert wide == "AB  .\n  .   ."
    with pytest.raises(MapError):
        m.to_text({Hex(7, 7): "Z"})


def test_dict_round_trip_and_errors() -> None:
    m = HexMap.from_radius(1, {Hex(1, 0): Terrain.WALL})
    data = m.to_dict()
    assert data["terrain"] == {"1,0": "wall"}
    assert HexMap.from_dict(data) == m
    assert HexMap.from_dict({"radius": 1, "terrain": {"1,0": "wall"}}) == m
    assert len(HexMap.from_dict({"width": 3, "height": 2})) == 6
    with pytest.raises(MapError, match="'terrain' at 1,0"):
        HexMap.from_dict({"radius": 1, "terrain": {"1,0": "lava"}})
    with pytest.raises(MapError, match="'hexes'"):
        HexMap.from_dict({"hexes": ["0,0", "x"]})
    with pytest.raises(MapError, match="'radius'"):
        HexMap.from_dict({"radius": "big"})
    with pytest.raises(MapError, match="'height'"):
        HexMap.from_dict({"width": 3})
    with pytest.raises(MapError, match="'size'"):
        HexMap.from_dict({"size": 3})


def test_hex_arithmetic_is_never_tuple_arithmetic() -> None:
    with pytest.raises(TypeError):
        Hex(1, 2) * 2
    with pytest.raises(TypeError):
        2 * Hex(1, 2)
    with pytest.raises(TypeError):
        (1, 1) + Hex(2, 3)
    assert Hex(1, 2).scale(2) == Hex(2, 4)
