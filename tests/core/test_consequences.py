import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import pure_only
from shiftdrive.core.consequences import (
    DIASPORA_VALUES,
    FATE_CORE_VALUES,
    RECOVERY,
    TACHYON_VALUES,
    Absorption,
    Consequence,
    ConsequenceSlots,
    Severity,
    absorb_options,
)
from shiftdrive.core.errors import RuleError
from shiftdrive.core.stress import StressTrack

M, MO, S, X = Severity.MILD, Severity.MODERATE, Severity.SEVERE, Severity.EXTREME


def test_tables() -> None:
    assert FATE_CORE_VALUES == {M: 2, MO: 4, S: 6, X: 8}
    assert DIASPORA_VALUES == {M: 1, MO: 2, S: 4}
    assert TACHYON_VALUES == {M: 2, MO: 4, S: 6}
    assert RECOVERY[M] == (2, "scene")
    assert RECOVERY[MO] == (4, "session")
    assert RECOVERY[S] == (6, "scenario")
    assert RECOVERY[X] == (8, "milestone")


def test_take_and_clear() -> None:
    slots = ConsequenceSlots.of(FATE_CORE_VALUES)
    assert slots.free() == [M, MO, S, X]
    c = slots.take(MO, "Broken Arm")
    assert c == Consequence(MO, 4, "Broken Arm")
    assert slots.free() == [M, S, X]
    with pytest.raises(RuleError, match="already taken"):
        slots.take(MO, "Cracked Ribs")
    assert slots.get(MO) == c
    assert slots.taken() == [c]
    assert slots.clear(MO) == c
    assert slots.free() == [M, MO, S, X]


def test_unavailable_severity() -> None:
    slots = ConsequenceSlots.of(DIASPORA_VALUES)
    assert slots.free() == [M, MO, S]
    with pytest.raises(RuleError, match="no extreme consequence"):
        slots.take(X, "Reactor Breach")
    assert slots.taken() == []


def test_values_are_ordered_mild_first() -> None:
    slots = ConsequenceSlots.of({S: 6, M: 2})
    assert slots.free() == [M, S]


def test_count_taken_in_conflict() -> None:
    slots = ConsequenceSlots.of(FATE_CORE_VALUES)
    slots.take(M, "Winded")
    slots.end_conflict()
    slots.take(S, "Shot Through")
    slots.take(MO, "Concussed")
    assert slots.count_taken_in_conflict() == 2


def test_recovery() -> None:
    slots = ConsequenceSlots.of(FATE_CORE_VALUES)
    slots.take(M, "Bruised")
    slots.take(MO, "Sprained Ankle")
    slots.take(X, "Lost an Eye")
    assert slots.begin_recovery(M, 1) is False
    assert not slots.slots[M].recovering  # type: ignore[union-attr]
    assert slots.begin_recovery(M, 2) is True
    assert slots.slots[M].recovering  # type: ignore[union-attr]
    with pytest.raises(RuleError, match="already recovering"):
        slots.begin_recovery(M, 5)
    assert slots.begin_recovery(MO, 3) is False
    assert slots.begin_recovery(MO, 4) is True
    with pytest.raises(RuleError, match="milestone"):
        slots.begin_recovery(X, 10)
    with pytest.raises(RuleError, match="no severe consequence to recover"):
        slots.begin_recovery(S, 10)


def test_absorb_brief_example() -> None:
    track = StressTrack.fate_core("physical", 0)  # [1][2]
    slots = ConsequenceSlots.of({M: 2, MO: 4})
    assert absorb_options(3, track, slots) == [
        Absorption(0, (M,), 3),
        Absorption(1, (M,), 4),
        Absorption(None, (MO,), 4),
    ]


def test_absorb_stress_only_first() -> None:
    track = StressTrack.fate_core("physical", 4)  # [1][2][3][4]
    slots = ConsequenceSlots.of(FATE_CORE_VALUES)
    options = absorb_options(3, track, slots)
    assert options[:2] == [Absorption(2, (), 3), Absorption(3, (), 4)]
    assert Absorption(0, (M,), 3) in options
    assert Absorption(None, (MO,), 4) in options
    assert Absorption(None, (M, MO), 6) not in options  # moderate alone covers it
    assert Absorption(3, (M,), 6) not in options  # box 4 alone covers it


def test_absorb_skips_marked_boxes() -> None:
    track = StressTrack.fate_core("physical", 0)
    track.mark(1)
    options = absorb_options(2, track, None)
    assert options == []  # only box [1] is open: taken out
    track.clear()
    assert absorb_options(2, track, None) == [Absorption(1, (), 2)]


def test_absorb_needs_several_consequences() -> None:
    slots = ConsequenceSlots.of(DIASPORA_VALUES)  # 1 / 2 / 4
    assert absorb_options(7, None, slots) == [Absorption(None, (M, MO, S), 7)]
    assert absorb_options(8, None, slots) == []
    opts = absorb_options(3, None, slots)
    # fewer consequences first, then milder ones
    assert opts == [Absorption(None, (S,), 4), Absorption(None, (M, MO), 3)]


def test_absorb_taken_out_when_nothing_fits() -> None:
    track = StressTrack.fate_core("physical", 0)
    slots = ConsequenceSlots.of(FATE_CORE_VALUES)
    for sev in (M, MO, S, X):
        slots.take(sev, f"{sev.value} wound")
    assert absorb_options(3, track, slots) == []


def test_absorb_nothing_to_absorb() -> None:
    assert absorb_options(0, None, None) == [Absorption(None, (), 0)]
    assert absorb_options(-2, StressTrack.fate_core("p", 0), None) == [Absorption(None, (), 0)]


def test_absorb_refuses_other_track_kinds() -> None:
    with pytest.raises(RuleError):
        absorb_options(2, StressTrack.cascading("frame"), None)


def test_describe() -> None:
    track = StressTrack.fate_core("physical", 0)
    a = Absorption(1, (M,), 4)
    assert a.describe(track) == "check physical box [2] and take a mild consequence (absorbs 4)"
    assert Absorption(None, (), 0).describe(None) == "nothing to absorb"


@given(
    st.integers(1, 20),
    st.integers(-1, 5),
    st.lists(st.booleans(), min_size=4, max_size=4),
    st.sets(st.sampled_from(list(Severity))),
)
def test_absorb_options_are_covering_minimal_and_complete(
    hit: int, rating: int, marks: list[bool], taken: set[Severity]
) -> None:
    track = StressTrack.fate_core("physical", rating)
    track.marked = marks[: len(track)]
    slots = ConsequenceSlots.of(FATE_CORE_VALUES)
    for sev in taken:
        slots.take(sev, sev.value)
    options = absorb_options(hit, track, slots)
    for a in options:
        parts = [FATE_CORE_VALUES[s] for s in a.consequences]
        assert set(a.consequences) <= set(slots.free())
        if a.box is not None:
            assert not track.marked[a.box]
            parts.append(track.boxes[a.box])
        assert a.absorbed == sum(parts) >= hit
        assert all(a.absorbed - p < hit for p in parts)
    assert len(set(options)) == len(options)
    # taken out exactly when even everything together cannot cover the hit
    best = sum(FATE_CORE_VALUES[s] for s in slots.free()) + max(
        (track.boxes[i] for i in track.open_boxes()), default=0
    )
    assert (options == []) == (best < hit)
    # stress-only options come first
    kinds = [bool(a.consequences) for a in options]
    assert kinds == sorted(kinds)


@given(
    st.sampled_from([FATE_CORE_VALUES, DIASPORA_VALUES, TACHYON_VALUES]),
    st.data(),
)
def test_slots_round_trip(values: dict[Severity, int], data: st.DataObject) -> None:
    slots = ConsequenceSlots.of(values)
    for sev in data.draw(st.sets(st.sampled_from(list(values)))):
        c = slots.take(sev, data.draw(st.sampled_from(["Winded", "Hull Breach", "Dazed"])))
        c.recovering = data.draw(st.booleans())
        c.taken_in_conflict = data.draw(st.booleans())
    back = ConsequenceSlots.from_json(json.loads(json.dumps(slots.to_json())))
    assert back == slots
    assert back.to_json() == slots.to_json()


def test_absorption_round_trip() -> None:
    a = Absorption(1, (M, S), 9)
    assert Absorption.from_json(json.loads(json.dumps(a.to_json()))) == a


@pure_only
def test_slots_from_text_keys_are_severities_in_ladder_order() -> None:
    slots = ConsequenceSlots({"severe": 6, "mild": 2})  # type: ignore[dict-item]
    assert list(slots.values) == [Severity.MILD, Severity.SEVERE]
    assert all(type(k) is Severity for k in slots.slots)
