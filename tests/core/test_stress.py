import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import pure_only
from shiftdrive.core.errors import RuleError
from shiftdrive.core.stress import StressKind, StressTrack


@pytest.mark.parametrize(
    ("rating", "boxes"),
    [
        (-2, [1, 2]),
        (0, [1, 2]),
        (1, [1, 2, 3]),
        (2, [1, 2, 3]),
        (3, [1, 2, 3, 4]),
        (4, [1, 2, 3, 4]),
        (6, [1, 2, 3, 4]),
    ],
)
def test_fate_core_boxes_by_skill(rating: int, boxes: list[int]) -> None:
    t = StressTrack.fate_core("physical", rating)
    assert t.kind is StressKind.FATE_CORE
    assert t.boxes == boxes
    assert t.marked == [False] * len(boxes)


def test_fate_core_mark() -> None:
    t = StressTrack.fate_core("physical", 2)
    assert t.open_boxes() == [0, 1, 2]
    assert t.boxes_for(2) == [1, 2]
    assert t.mark(1) == 2
    assert t.open_boxes() == [0, 2]
    assert t.boxes_for(2) == [2]
    assert t.render() == "[1][x][3]"
    with pytest.raises(RuleError, match="already checked"):
        t.mark(1)
    with pytest.raises(RuleError):
        t.mark(3)
    with pytest.raises(RuleError):
        t.mark(-1)
    assert t.marked == [False, True, False]
    assert t.marked_count == 1
    assert not t.is_full


def test_kind_specific_methods_refuse_other_kinds() -> None:
    with pytest.raises(RuleError):
        StressTrack.cascading("frame").mark(0)
    with pytest.raises(RuleError):
        StressTrack.fate_core("physical", 0).take_hit(1)
    with pytest.raises(RuleError):
        StressTrack.cascading("frame").fill(1)


def test_cascading_examples() -> None:
    t = StressTrack.cascading("frame", 5)
    assert t.boxes == [1, 2, 3, 4, 5]
    assert t.take_hit(2) is False
    assert t.marked == [True, True, False, False, False]
    # box 2 already marked: the next higher open box (3) and everything below it
    assert t.take_hit(2) is False
    assert t.marked == [True, True, True, False, False]
    assert t.render() == "[x][x][x][4][5]"
    assert t.take_hit(5) is False
    assert t.is_full
    assert t.take_hit(1) is True  # nothing open from box 1 up: past the last box


def test_cascading_hit_marks_lower_open_boxes() -> None:
    t = StressTrack.cascading("heat", 5)
    t.take_hit(1)
    t.take_hit(4)
    assert t.marked == [True, True, True, True, False]


def test_cascading_hit_past_last_box() -> None:
    t = StressTrack.cascading("data", 3)
    assert t.take_hit(4) is True
    assert t.is_full


def test_cascading_next_open_box_after_repair() -> None:
    t = StressTrack.cascading("frame", 5)
    t.take_hit(4)
    t.clear_through(2)  # damage control (D7): boxes 1-3 clear, box 4 stays
    assert t.marked == [False, False, False, True, False]
    assert t.take_hit(4) is False  # box 4 marked: box 5 and all below
    assert t.is_full
    t.clear_through(2)
    assert t.take_hit(4) is True  # boxes 4 and 5 marked: the hit goes past the track


def test_cascading_zero_hit() -> None:
    t = StressTrack.cascading("frame")
    assert t.take_hit(0) is False
    assert t.take_hit(-3) is False
    assert t.marked_count == 0


def test_cascade_target() -> None:
    t = StressTrack.cascading("frame", 3)
    assert t.cascade_target(2) == 1
    t.take_hit(2)
    assert t.cascade_target(2) == 2
    assert t.cascade_target(4) is None
    with pytest.raises(ValueError):
        t.cascade_target(0)


def test_counting_fill_and_overflow() -> None:
    t = StressTrack.counting("shields", 4)
    assert t.boxes == [1, 1, 1, 1]
    assert t.fill(3) == 0
    assert t.marked == [True, True, True, False]
    assert t.render() == "[x][x][x][ ]"
    assert t.fill(3) == 2
    assert t.is_full
    assert t.fill(2) == 2
    assert t.fill(0) == 0


def test_counting_fills_gaps_in_order() -> None:
    t = StressTrack.counting("systems", 4)
    t.set_box(1, True)
    assert t.fill(2) == 0
    assert t.marked == [True, True, True, False]


def test_clearing() -> None:
    t = StressTrack.counting("hull", 4)
    t.fill(3)
    assert t.clear_last() == 2
    assert t.marked == [True, True, False, False]
    assert t.clear_box(0) is True
    assert t.clear_box(0) is False
    assert t.marked == [False, True, False, False]
    t.clear()
    assert t.marked_count == 0
    assert t.clear_last() is None
    with pytest.raises(RuleError):
        t.clear_box(9)


def test_set_box() -> None:
    t = StressTrack.fate_core("mental", 0)
    t.set_box(0, True)
    assert t.marked == [True, False]
    t.set_box(0, False)
    assert t.marked == [False, False]
    with pytest.raises(RuleError):
        t.set_box(2, True)


def test_bad_construction() -> None:
    with pytest.raises(ValueError):
        StressTrack("x", StressKind.COUNTING, [1, 1], [True])
    with pytest.raises(ValueError):
        StressTrack.counting("x", 0)


@st.composite
def tracks(draw: st.DrawFn) -> StressTrack:
    kind = draw(st.sampled_from(StressKind))
    if kind is StressKind.FATE_CORE:
        track = StressTrack.fate_core("physical", draw(st.integers(-2, 6)))
    elif kind is StressKind.CASCADING:
        track = StressTrack.cascading("frame", draw(st.integers(1, 8)))
    else:
        track = StressTrack.counting("shields", draw(st.integers(1, 8)))
    track.marked = draw(st.lists(st.booleans(), min_size=len(track), max_size=len(track)))
    return track


@given(tracks())
def test_round_trip(track: StressTrack) -> None:
    data = json.loads(json.dumps(track.to_json()))
    back = StressTrack.from_json(data)
    assert back == track
    assert back.to_json() == track.to_json()


@given(st.integers(1, 8), st.lists(st.integers(-1, 10), max_size=10))
def test_cascading_invariants(length: int, hits: list[int]) -> None:
    t = StressTrack.cascading("frame", length)
    for hit in hits:
        before = list(t.marked)
        out = t.take_hit(hit)
        if hit <= 0:
            assert t.marked == before
            continue
        # past the track exactly when no box from box `hit` up was open
        assert out == all(before[hit - 1 :])
        if out:
            assert t.is_full
        else:
            top = max(i for i, m in enumerate(t.marked) if m)
            assert top >= hit - 1
            assert not before[top]  # the box marked was open
            assert all(t.marked[: top + 1])  # with every box below it
            assert t.marked[top + 1 :] == before[top + 1 :]


@given(st.integers(1, 8), st.lists(st.integers(0, 5), max_size=10))
def test_counting_conserves_shifts(length: int, hits: list[int]) -> None:
    t = StressTrack.counting("shields", length)
    overflow = sum(t.fill(h) for h in hits)
    assert t.marked_count + overflow == sum(hits)
    assert t.marked_count == min(length, sum(hits))


@pure_only
def test_kind_given_as_text_becomes_a_kind() -> None:
    assert StressTrack("shields", "counting", [1, 1]).kind is StressKind.COUNTING  # type: ignore[arg-type]
