"""The statistics against published values (Newcombe 1998) and their edge cases."""

from __future__ import annotations

import pytest

from shiftdrive.sim.stats import difference, mcnemar_exact, spread, trials_for, wilson


def test_wilson_matches_newcombe_1998_example() -> None:
    # Newcombe (1998), Stat Med 17:857, table I: 81/263 -> 0.2553 to 0.3662
    lo, hi = wilson(81, 263)
    assert lo == pytest.approx(0.2553, abs=1e-4) and hi == pytest.approx(0.3662, abs=1e-4)


def test_wilson_is_sane_at_the_edges() -> None:
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = wilson(10, 10)
    assert hi == pytest.approx(1.0) and lo == pytest.approx(0.7225, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson(11, 10)


def test_difference_matches_newcombe_method_10() -> None:
    # Newcombe (1998), Stat Med 17:873, example (a): 56/70 - 48/80 -> 0.0524 to 0.3339
    d = difference(48, 80, 56, 70)
    assert d.diff == pytest.approx(0.2)
    assert d.ci95[0] == pytest.approx(0.0524, abs=1e-4)
    assert d.ci95[1] == pytest.approx(0.3339, abs=1e-4)
    assert 0.005 < d.p_value < 0.02  # pooled z = 2.62


def test_no_change_is_no_evidence() -> None:
    d = difference(30, 60, 30, 60, discordant=(0, 0))
    assert d.diff == 0 and d.p_value == 1.0 and d.paired_p_value == 1.0
    assert d.ci95[0] < 0 < d.ci95[1]


def test_mcnemar_exact() -> None:
    # 1 vs 9 discordant pairs: 2 * P(X <= 1), X ~ Bin(10, 1/2) = 2 * 11/1024
    assert mcnemar_exact(1, 9) == pytest.approx(22 / 1024)
    assert mcnemar_exact(5, 5) == 1.0


def test_spread() -> None:
    s = spread([4, 1, 3, 2, 10])
    assert s["mean"] == 4 and s["median"] == 3 and s["min"] == 1 and s["max"] == 10
    assert s["p10"] == 1 and s["p90"] == 10
    assert spread([]) == {}


def test_trials_for_a_margin_is_the_textbook_sample_size() -> None:
    # n = 1.96^2 * 0.25 / 0.01^2 = 9604 (the classic "±1 point at 95%" figure)
    assert trials_for(0.01, 0.5) == 9604
    assert trials_for(0.03, 0.5) == 1068
    assert trials_for(0.01, 0.0) == 0
    with pytest.raises(ValueError):
        trials_for(0.0, 0.5)
