"""C2's bands: outcome_of and the step into another band that invoke windows are judged by."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from shiftdrive.core.outcomes import Outcome, outcome_of, shifts_to_change


def test_bands_of_c2() -> None:
    assert [outcome_of(s) for s in (-4, -1, 0, 1, 2, 3, 7)] == [
        Outcome.FAIL, Outcome.FAIL, Outcome.TIE, Outcome.SUCCESS, Outcome.SUCCESS,
        Outcome.STYLE, Outcome.STYLE,
    ]  # fmt: skip
    assert outcome_of(-3, hazardous=True) is Outcome.MISHAP
    assert outcome_of(-2, hazardous=True) is Outcome.FAIL


@given(st.integers(-30, 30), st.booleans())
def test_shifts_to_change_is_the_first_step_into_another_band(shifts: int, upward: bool) -> None:
    step = 1 if upward else -1
    gain = shifts_to_change(shifts, upward=upward)
    here = outcome_of(shifts)
    if gain is None:  # at the end of the scale in that direction: nothing further changes it
        assert all(outcome_of(shifts + step * g) is here for g in range(1, 40))
    else:
        assert outcome_of(shifts + step * gain) is not here
        assert all(outcome_of(shifts + step * g) is here for g in range(1, gain))


@given(st.integers(-30, 30), st.booleans())
def test_on_a_hit_every_shift_counts(shifts: int, upward: bool) -> None:
    """A hit's size is its shifts: from a tie up, one shift either way changes it."""
    gain = shifts_to_change(shifts, upward=upward, hit=True)
    if shifts >= 0:
        assert gain == 1
    else:
        assert gain == shifts_to_change(shifts, upward=upward)


@given(st.integers(-30, 30), st.booleans())
def test_where_a_tie_succeeds_tie_and_success_are_one_band(shifts: int, upward: bool) -> None:
    def band(s: int) -> Outcome:
        o = outcome_of(s)
        return Outcome.SUCCESS if o is Outcome.TIE else o

    step = 1 if upward else -1
    gain = shifts_to_change(shifts, upward=upward, tie_succeeds=True)
    if gain is None:
        assert all(band(shifts + step * g) is band(shifts) for g in range(1, 40))
    else:
        assert band(shifts + step * gain) is not band(shifts)
        assert all(band(shifts + step * g) is band(shifts) for g in range(1, gain))


@given(st.integers(-30, 30), st.booleans(), st.booleans())
def test_where_minus_three_reads_apart_it_is_a_band_below_failure(
    shifts: int, upward: bool, tie_succeeds: bool
) -> None:
    """A hazardous roll's mishap, a defense or a duel round won with style: -3 or worse is a
    band of its own (the hazardous reading of `outcome_of`), for either side to reach or
    leave."""

    def band(s: int) -> Outcome:
        o = outcome_of(s, hazardous=True)
        return Outcome.SUCCESS if tie_succeeds and o is Outcome.TIE else o

    step = 1 if upward else -1
    gain = shifts_to_change(shifts, upward=upward, tie_succeeds=tie_succeeds, low=True)
    if gain is None:
        assert all(band(shifts + step * g) is band(shifts) for g in range(1, 40))
    else:
        assert band(shifts + step * gain) is not band(shifts)
        assert all(band(shifts + step * g) is band(shifts) for g in range(1, gain))


def test_a_failure_pushed_down_to_style_for_the_opposition() -> None:
    assert shifts_to_change(-1, upward=False) is None
    assert shifts_to_change(-1, upward=False, low=True) == 2
    assert shifts_to_change(-4, upward=True) == 4
    assert shifts_to_change(-4, upward=True, low=True) == 2
    assert shifts_to_change(-3, upward=False, low=True) is None
