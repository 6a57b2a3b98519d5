"""Diaspora band maps: ranges, leaving the map and the D3 crossing costs."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shiftdrive.maps import DIASPORA, DIASPORA_COSTS, BandCosts, BandMap, MapError

bands = st.integers(min_value=-4, max_value=4)
FAST = settings(max_examples=150, deadline=None)


def test_default_is_diaspora() -> None:
    assert BandMap() == DIASPORA
    assert list(DIASPORA.bands) == list(range(-4, 5))
    assert DIASPORA.costs == DIASPORA_COSTS
    assert DIASPORA.in_range(4) and not DIASPORA.in_range(5)
    assert DIASPORA.clamp(9) == 4 and DIASPORA.clamp(-9) == -4
    assert DIASPORA.distance(-3, 2) == 5


def test_text_round_trip() -> None:
    assert str(DIASPORA) == "-4..4"
    assert BandMap.parse(" -4 .. 4 ") == DIASPORA
    assert BandMap.parse("0..2") == BandMap(0, 2)
    with pytest.raises(MapError, match="'4-4'"):
        BandMap.parse("4-4")
    with pytest.raises(MapError):
        BandMap(3, 1)


def test_move_and_leaving() -> None:
    assert DIASPORA.move(0, 3) == (3, False)
    assert DIASPORA.move(3, 1) == (4, False)
    assert DIASPORA.move(3, 2) == (4, True)
    assert DIASPORA.move(-4, -1) == (-4, True)
    with pytest.raises(MapError, match="band 7"):
        DIASPORA.move(7, 0)


def test_d3_crossing_costs() -> None:
    assert DIASPORA.crossing_cost(0, 1) == 1
    assert DIASPORA.crossing_cost(3, 4) == 2 == DIASPORA.crossing_cost(4, 3)
    assert DIASPORA.crossing_cost(-3, -4) == 2
    assert DIASPORA.crossing_cost(0, 4) == 5
    assert DIASPORA.crossing_cost(-4, 4) == 10
    assert DIASPORA.crossing_cost(2, 2) == 0
    assert DIASPORA.leave_cost(4, 1) == 3
    assert DIASPORA.leave_cost(2, 1) == 6
    assert DIASPORA.crossing_cost(0, 2, {(2, 1): 4}) == 5


def test_advance_spends_budget() -> None:
    assert DIASPORA.advance(2, 1, 6) == (4, True, 6)
    assert DIASPORA.advance(2, 1, 5) == (4, False, 3)
    assert DIASPORA.advance(2, 1, 2) == (3, False, 1)
    assert DIASPORA.advance(0, -1, 0) == (0, False, 0)
    with pytest.raises(MapError):
        DIASPORA.advance(0, 2, 3)


def test_cost_validation() -> None:
    with pytest.raises(MapError, match="adjacent"):
        BandCosts(special={(1, 3): 2})
    with pytest.raises(MapError):
        BandCosts(step=-1)


def test_to_text_puts_markers_under_bands() -> None:
    text = BandMap(-1, 1).to_text({1: "Kestrel"})
    top, bottom = text.split("\n")
    assert "-1" in top and "+1" in top
    assert bottom.strip() == "Kestrel"
    assert top.index("+1") >= bottom.index("K")


@FAST
@given(bands, bands, bands)
def test_crossing_cost_is_symmetric_and_additive(a: int, b: int, c: int) -> None:
    cost = DIASPORA.crossing_cost
    assert cost(a, b) == cost(b, a)
    assert cost(a, b) >= DIASPORA.distance(a, b)
    lo, mid, hi = sorted((a, b, c))
    assert cost(lo, hi) == cost(lo, mid) + cost(mid, hi)


@FAST
@given(bands, st.integers(min_value=-10, max_value=10))
def test_move_stays_on_map(position: int, steps: int) -> None:
    new, left = DIASPORA.move(position, steps)
    assert DIASPORA.in_range(new)
    assert left == (not DIASPORA.in_range(position + steps))
    if not left:
        assert new == position + steps


@FAST
@given(bands, st.sampled_from([1, -1]), st.integers(min_value=0, max_value=15))
def test_advance_never_overspends(position: int, direction: int, budget: int) -> None:
    new, left, spent = DIASPORA.advance(position, direction, budget)
    assert spent <= budget
    expected = DIASPORA.crossing_cost(position, new) + (DIASPORA.costs.leave if left else 0)
    assert spent == expected
