"""Astrogation (seed "Astrogation attempt"; RULINGS P2, P14): the difficulty by diameters, the
seed's margin -> minutes table, mishaps on hazardous jumps, exact odds, and the command."""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from shiftdrive.cli.main import app
from shiftdrive.core.errors import RuleError
from shiftdrive.rulesets.pilot_wave.astrogation import (
    Jump,
    aftermath,
    difficulty,
    hazardous,
    outcomes,
    result,
)

runner = CliRunner()


@pytest.mark.parametrize(
    ("diameters", "level", "risky"),
    [(1000, 2, False), (100, 2, False), (99.9, 3, False), (10, 3, False), (9.9, 6, True)],
)
def test_the_difficulty_is_routine_difficult_or_impossible_by_diameters(
    diameters: float, level: int, risky: bool
) -> None:
    jump = Jump(diameters)
    assert difficulty(jump) == level
    assert hazardous(jump) is risky


@pytest.mark.parametrize(
    ("margin", "minutes"),
    [(6, 0), (4, 0), (3, 2), (2, 4), (1, 6), (0, 10), (-1, 12), (-2, 14), (-3, 16)],
)
def test_each_margin_takes_the_seeds_minutes(margin: int, minutes: int) -> None:
    outcome = result(Jump(150), margin)
    assert outcome.jumps and outcome.minutes == minutes


def test_terrible_or_worse_fails_and_loses_twenty_minutes() -> None:
    for margin in (-4, -6):
        outcome = result(Jump(150), margin)
        assert not outcome.jumps and outcome.minutes == 20 and not outcome.mishap


def test_close_in_a_margin_of_minus_three_is_a_mishap_with_a_consequence() -> None:
    close = Jump(8)
    assert result(close, -2).jumps and result(close, -2).minutes == 14
    mishap = result(close, -3)
    assert mishap.mishap and mishap.consequence and not mishap.jumps and mishap.minutes == 20
    assert not mishap.destroyed


def test_a_three_parsec_jumps_mishap_destroys_the_ship() -> None:
    far = Jump(500, parsecs=3)
    assert hazardous(far) and difficulty(far) == 2
    assert result(far, -2).jumps
    assert result(far, -3).destroyed and result(far, -5).destroyed


def test_jumps_past_three_parsecs_or_from_nowhere_are_refused() -> None:
    with pytest.raises(RuleError, match="1 to 2 parsecs"):
        Jump(100, parsecs=4)
    with pytest.raises(RuleError, match="more than 0 diameters"):
        Jump(0)


def test_every_jump_exits_in_five_days_and_two_parsecs_drain_the_reactor() -> None:
    assert aftermath(Jump(100)) == ["exiting the wormhole takes about 5 days"]
    notes = aftermath(Jump(100, parsecs=2))
    assert "10 hours" in notes[1] and "0.1G" in notes[1]


FOUR_DF = icepool.d(3) - 2


@given(
    skill=st.integers(-2, 8),
    diameters=st.sampled_from([5.0, 50.0, 500.0]),
    parsecs=st.integers(1, 3),
)
def test_the_odds_of_each_margin_are_exact(skill: int, diameters: float, parsecs: int) -> None:
    """Against icepool's 4dF: each margin is skill + dice - difficulty, and they sum to one."""
    jump = Jump(diameters, parsecs)
    rows = outcomes(jump, skill)
    assert sum(p for _, p in rows) == 1
    dice = 4 @ FOUR_DF
    for outcome, p in rows:
        face = outcome.margin - skill + difficulty(jump)
        assert p == Fraction(dice.quantity(face), dice.denominator())


def test_the_command_shows_difficulty_hazard_margins_and_the_reactor() -> None:
    args = ["astrogate", "--diameters", "50", "--skill", "Good", "--parsecs", "2"]
    out = runner.invoke(app, args)
    assert out.exit_code == 0, out.output
    assert "difficulty Difficult (+3)" in out.output and "hazardous: no" in out.output
    assert "19/81" in out.output and "jumps after 10 minutes" in out.output
    assert "the jump is made:  98.8%" in out.output or "the jump is made: 98.8%" in out.output
    assert "10 hours" in out.output


def test_the_command_refuses_bad_input_by_name() -> None:
    out = runner.invoke(app, ["astrogate", "--diameters", "50", "--skill", "Godlike"])
    assert out.exit_code == 2 and "--skill" in out.output
    out = runner.invoke(app, ["astrogate", "--diameters", "50", "--parsecs", "5"])
    assert out.exit_code == 2 and "parsecs" in out.output
