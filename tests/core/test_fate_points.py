import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shiftdrive.core.errors import RuleError
from shiftdrive.core.fate_points import (
    CompelResult,
    EarnReason,
    FatePoints,
    SpendReason,
    concession_award,
    resolve_compel,
)


def test_spend_and_earn() -> None:
    fp = FatePoints(2, 3)
    fp.spend(SpendReason.INVOKE)
    fp.spend(SpendReason.STUNT)
    assert fp.current == 0
    with pytest.raises(RuleError, match="Zird has no fate points left to invoke 'Sharpshooter'"):
        fp.spend(SpendReason.INVOKE, who="Zird", what="'Sharpshooter'")
    assert fp.current == 0
    fp.earn(EarnReason.INVOKED_AGAINST)
    assert fp.current == 1
    with pytest.raises(RuleError, match="only 1 fate point left"):
        fp.spend(SpendReason.STORY_DETAIL, n=2, who="Zird")
    assert fp.current == 1


def test_negative_amounts_refused() -> None:
    fp = FatePoints(1, 1)
    with pytest.raises(RuleError):
        fp.spend(SpendReason.GM, n=-1)
    with pytest.raises(RuleError):
        fp.earn(EarnReason.GM, n=-1)
    with pytest.raises(RuleError):
        FatePoints(-1, 3)
    assert fp.current == 1


def test_session_refresh_keeps_extra() -> None:
    fp = FatePoints(1, 3)
    fp.start_session()
    assert fp.current == 3
    fp = FatePoints(5, 3)
    fp.start_session()
    assert fp.current == 5


def test_scenario_end_resets() -> None:
    fp = FatePoints(5, 3)
    fp.end_scenario()
    assert fp.current == 3
    fp = FatePoints(0, 3)
    fp.end_scenario()
    assert fp.current == 3


def test_gm_adjust_never_below_zero() -> None:
    fp = FatePoints(2, 2)
    fp.adjust(3)
    assert fp.current == 5
    fp.adjust(-5)
    assert fp.current == 0
    with pytest.raises(RuleError):
        fp.adjust(-1)
    assert fp.current == 0


def test_concession_award() -> None:
    assert concession_award(0) == 1
    assert concession_award(2) == 3
    with pytest.raises(RuleError):
        concession_award(-1)


def test_compel_accept_and_refuse() -> None:
    fp = FatePoints(1, 3)
    assert resolve_compel(fp, True, "Zird") is CompelResult.ACCEPTED
    assert fp.current == 2
    assert resolve_compel(fp, False, "Zird") is CompelResult.REFUSED
    assert fp.current == 1


def test_refusing_without_points_must_accept() -> None:
    fp = FatePoints(0, 3)
    with pytest.raises(RuleError, match="Zird has no fate points left to refuse a compel"):
        resolve_compel(fp, False, "Zird")
    assert fp.current == 0


@given(st.integers(0, 50), st.integers(0, 10))
def test_round_trip(current: int, refresh: int) -> None:
    fp = FatePoints(current, refresh)
    assert FatePoints.from_json(json.loads(json.dumps(fp.to_json()))) == fp


def test_spent_counts_points_paid_not_earned() -> None:
    fp = FatePoints(3, 3)
    fp.spend(SpendReason.INVOKE)
    fp.earn(EarnReason.COMPEL)
    fp.spend(SpendReason.STUNT, 2)
    assert fp.spent == 3 and fp.current == 1
    assert fp == FatePoints(1, 3)  # a bookkeeping figure, not part of the state
    assert fp.to_json() == {"current": 1, "refresh": 3}
