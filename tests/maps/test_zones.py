"""Zone graphs: case-insensitive lookup, BFS distances, validation and the dict round trip."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import pure_only
from shiftdrive.maps import Barrier, MapError, Zone, ZoneMap

FAST = settings(max_examples=100, deadline=None)

STATION: dict[str, Any] = {
    "zones": [
        {"name": "Hangar", "aspects": ["Cramped"], "end_zone": True, "adjacent": ["corridor"]},
        {"name": "Corridor", "aspects": [], "end_zone": False, "adjacent": ["Hangar", "Bridge"]},
        {"name": "Bridge", "aspects": [], "end_zone": False, "adjacent": ["Corridor"]},
        {"name": "Void", "aspects": [], "end_zone": True, "adjacent": [], "flags": ["vacuum"]},
    ],
    "barriers": [{"between": ["Corridor", "Bridge"], "difficulty": 2}],
}


@pytest.fixture
def station() -> ZoneMap:
    return ZoneMap.from_dict(STATION)


def test_lookup_is_case_insensitive_and_keeps_spelling(station: ZoneMap) -> None:
    assert station.zone("hANGAR").name == "Hangar"
    assert "bridge" in station and "Galley" not in station
    assert station.zone("Hangar").aspects == ("Cramped",)
    assert station.neighbours("hangar") == ("Corridor",)
    assert station.adjacent("corridor", "BRIDGE") and not station.adjacent("Hangar", "Bridge")
    assert station.end_zones() == ["Hangar", "Void"]
    assert station.zone("void").flags == frozenset({"vacuum"})


def test_unknown_zone_message_lists_zones(station: ZoneMap) -> None:
    with pytest.raises(MapError, match=r"no zone named 'Galley' \(zones: Hangar, Corridor"):
        station.zone("Galley")


def test_distances_and_paths(station: ZoneMap) -> None:
    assert station.distance("Hangar", "Bridge") == 2
    assert station.distance("Hangar", "hangar") == 0
    assert station.distance("Hangar", "Void") is None
    assert dict(station.distances_from("hangar")) == {"Hangar": 0, "Corridor": 1, "Bridge": 2}
    assert station.distances_from("Hangar") is station.distances_from("HANGAR")  # cached
    assert station.within("Bridge", 1) == ["Bridge", "Corridor"]
    assert station.path("hangar", "bridge") == ["Hangar", "Corridor", "Bridge"]
    assert station.path("Hangar", "Void") is None


def test_barriers(station: ZoneMap) -> None:
    assert station.barrier("bridge", "corridor") == 2
    assert station.barrier("Hangar", "Corridor") == 0
    assert station.barriers == (Barrier(("Corridor", "Bridge"), 2),)


def test_to_dict_normalises_spelling(station: ZoneMap) -> None:
    data = station.to_dict()
    assert data["zones"][0]["adjacent"] == ["Corridor"]
    assert ZoneMap.from_dict(data) == station
    assert ZoneMap.from_dict(data).to_dict() == data


def test_builders() -> None:
    chain = ZoneMap.chain(["A", "B", "C"])
    assert chain.distance("A", "C") == 2
    edges = ZoneMap.from_edges(["A", "B", "C"], [("A", "B"), ("b", "a"), ("C", "A")])
    assert edges.neighbours("A") == ("B", "C")
    assert "A" in edges.to_text()
    with pytest.raises(MapError, match="'D'"):
        ZoneMap.from_edges(["A"], [("A", "D")])


@pytest.mark.parametrize(
    ("zones", "pattern"),
    [
        ([Zone("A", adjacent=("B",)), Zone("B")], r"zone 'A': field 'adjacent' lists 'B', but"),
        ([Zone("A", adjacent=("Q",))], r"zone 'A': field 'adjacent' names unknown zone 'Q'"),
        ([Zone("A", adjacent=("a",))], r"zone 'A': field 'adjacent' lists the zone itself"),
        (
            [Zone("A", adjacent=("B", "b")), Zone("B", adjacent=("A",))],
            r"zone 'A': field 'adjacent' lists 'b' twice",
        ),
        ([Zone("A"), Zone("a")], r"zone 'a' is defined twice"),
        ([], "at least one zone"),
    ],
)
def test_validation_names_the_bad_entry(zones: list[Zone], pattern: str) -> None:
    with pytest.raises(MapError, match=pattern):
        ZoneMap(zones)


def test_barrier_must_be_on_a_border() -> None:
    zones = [Zone("A", adjacent=("B",)), Zone("B", adjacent=("A",)), Zone("C")]
    with pytest.raises(MapError, match=r"barrier #1: field 'between'.*do not border"):
        ZoneMap(zones, [Barrier(("A", "C"), 1)])
    ZoneMap(zones, [Barrier(("a", "b"), 1)]).validate()


@pytest.mark.parametrize(
    ("data", "pattern"),
    [
        ([], "must be a mapping"),
        ({}, "field 'zones' is missing"),
        ({"zones": "A"}, "field 'zones' must be a list"),
        ({"zones": [], "extra": 1}, "unknown field 'extra'"),
        ({"zones": [{"aspects": []}]}, "zone #1: field 'name' is missing"),
        ({"zones": [{"name": ""}]}, "zone #1: field 'name' must be non-empty"),
        ({"zones": [{"name": "A", "aspects": "Dark"}]}, "zone 'A': field 'aspects'"),
        ({"zones": [{"name": "A", "adjacent": [1]}]}, "zone 'A': field 'adjacent'"),
        ({"zones": [{"name": "A", "end_zone": "yes"}]}, "zone 'A': field 'end_zone'"),
        ({"zones": [{"name": "A", "adjacnet": []}]}, "zone 'A': unknown field 'adjacnet'"),
        ({"zones": [{"name": "A"}], "barriers": [{"between": ["A"]}]}, "barrier #1: field 'diff"),
        (
            {"zones": [{"name": "A"}], "barriers": [{"between": ["A"], "difficulty": 1}]},
            "barrier #1: field 'between' must name two",
        ),
        (
            {"zones": [{"name": "A"}], "barriers": [{"between": ["A", "B"], "difficulty": True}]},
            "barrier #1: field 'difficulty'",
        ),
    ],
)
def test_from_dict_errors_name_the_field(data: Any, pattern: str) -> None:
    with pytest.raises(MapError, match=pattern):
        ZoneMap.from_dict(data)


names = st.lists(
    st.text(alphabet="abcdefgXYZ", min_size=1, max_size=6),
    min_size=1,
    max_size=8,
    unique_by=str.casefold,
)


@st.composite
def zone_maps(draw: st.DrawFn) -> ZoneMap:
    zone_names = draw(names)
    pairs = [(a, b) for i, a in enumerate(zone_names) for b in zone_names[i + 1 :]]
    edges = draw(st.lists(st.sampled_from(pairs), unique=True)) if pairs else []
    base = ZoneMap.from_edges(zone_names, edges)
    zones = [
        Zone(
            z.name,
            aspects=tuple(draw(st.lists(st.text(max_size=5), max_size=2))),
            adjacent=z.adjacent,
            end_zone=draw(st.booleans()),
            flags=frozenset(draw(st.sets(st.sampled_from(["dark", "debris"])))),
        )
        for z in base
    ]
    barriers = [
        Barrier(pair, draw(st.integers(min_value=1, max_value=4)))
        for pair in edges
        if draw(st.booleans())
    ]
    return ZoneMap(zones, barriers)


@FAST
@given(zone_maps())
def test_dict_round_trip(zm: ZoneMap) -> None:
    data = zm.to_dict()
    again = ZoneMap.from_dict(data)
    assert again == zm
    assert again.to_dict() == data


@FAST
@given(zone_maps(), st.data())
def test_distance_symmetric_and_paths_agree(zm: ZoneMap, data: st.DataObject) -> None:
    a = data.draw(st.sampled_from(zm.names))
    b = data.draw(st.sampled_from(zm.names))
    d = zm.distance(a, b)
    assert d == zm.distance(b, a)
    path = zm.path(a, b)
    if d is None:
        assert path is None
    else:
        assert path is not None and len(path) == d + 1
        assert all(zm.adjacent(x, y) for x, y in pairwise(path))
    for c in zm.names:
        ac, cb = zm.distance(a, c), zm.distance(c, b)
        if ac is not None and cb is not None:
            assert d is not None and d <= ac + cb


def test_zone_map_pickles_and_copies_after_caching() -> None:
    import copy
    import pickle

    zmap = ZoneMap.chain(["A", "B", "C"])
    assert zmap.distance("A", "C") == 2
    assert zmap.distance("A", "C") == 2  # remembered
    for clone in (pickle.loads(pickle.dumps(zmap)), copy.deepcopy(zmap)):
        assert clone == zmap and clone.distance("a", "c") == 2


@pure_only
def test_zone_map_refuses_bad_names_after_caching() -> None:
    zmap = ZoneMap.chain(["A", "B", "C"])
    assert zmap.distance("A", "C") == 2
    with pytest.raises(MapError, match="no zone named"):
        zmap.distance(["A"], "C")  # type: ignore[arg-type]
