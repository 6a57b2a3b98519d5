"""In-system travel (seed "System Travel"; RULINGS P1): thrust to the midpoint, flip, brake;
the seed's table recomputed and its wrong cells named; the `travel` command."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from shiftdrive.cli.main import app
from shiftdrive.core.errors import RuleError
from shiftdrive.rulesets.pilot_wave.travel import Trip, parse_distance, seed_table

runner = CliRunner()
AU = 149_597_870_700.0


def test_a_gas_giants_safe_distance_at_six_g_takes_seven_hours_and_a_half() -> None:
    """0.07 AU at 6G: 2 sqrt(d / a) = 26,681 s; the seed's table says 0.03 days (P1)."""
    trip = Trip(parse_distance("0.07AU"), 6)
    assert round(trip.seconds) == 26681
    assert trip.words() == "0.31 days (7 h 24 min 41 s)"


@pytest.mark.parametrize(
    ("text", "metres"),
    [("0.07AU", 0.07 * AU), ("10.5 Mkm", 10.5e9), ("1500km", 1.5e6), ("2 au", 2 * AU)],
)
def test_distances_are_read_in_au_mkm_or_km(text: str, metres: float) -> None:
    assert parse_distance(text) == pytest.approx(metres)


@pytest.mark.parametrize("text", ["3 parsecs", "AU", "-1AU", "0km", ""])
def test_a_distance_without_a_known_unit_or_size_is_refused(text: str) -> None:
    with pytest.raises(RuleError, match="distance"):
        parse_distance(text)


@given(d=st.floats(1e3, 1e13), g=st.floats(0.1, 20))
def test_braking_at_the_midpoint_covers_the_distance(d: float, g: float) -> None:
    """Half the time accelerating covers half the distance: a (t/2)^2 / 2 = d / 2."""
    trip = Trip(d, g)
    a = g * 9.80665
    assert a * (trip.seconds / 2) ** 2 / 2 == pytest.approx(d / 2)
    assert trip.top_speed == pytest.approx(math.sqrt(a * d))


def test_the_seeds_table_is_recomputed_and_its_wrong_cells_named() -> None:
    off = {
        (au, g)
        for au, _, cells in seed_table()
        for g, c in zip(range(1, 7), cells, strict=True)
        if c.off
    }
    assert off == {(0.07, 6), (0.3, 3), (0.3, 4), (0.3, 5)}
    first = seed_table()[0][2][0]
    assert round(first.trip.seconds) == round(2 * math.sqrt(0.01 * AU / 9.80665))


def test_the_command_prints_days_and_hours_and_the_table() -> None:
    out = runner.invoke(app, ["travel", "0.07AU", "--g", "6"])
    assert out.exit_code == 0, out.output
    assert "0.31 days (7 h 24 min 41 s)" in out.output
    table = runner.invoke(app, ["travel", "--table"])
    assert "0.07 AU at 6G: 0.31 days (7 h 24 min 41 s), not 0.03" in table.output


def test_the_command_refuses_bad_input_by_name() -> None:
    out = runner.invoke(app, ["travel", "3 lightyears"])
    assert out.exit_code == 2 and "cannot read the distance" in out.output
    out = runner.invoke(app, ["travel", "1AU", "--g", "0"])
    assert out.exit_code == 2 and "acceleration" in out.output
    out = runner.invoke(app, ["travel"])
    assert out.exit_code == 2 and "DISTANCE" in out.output
