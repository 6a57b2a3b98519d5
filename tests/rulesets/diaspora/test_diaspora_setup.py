"""diaspora set-up: the scenario's errors, seats, detection (D9), the opening choice (D1) and
amplified skill with its earlier-phase penalty (D2), including the seed's own example."""

from __future__ import annotations

import pytest
from diaspora_helpers import MINUS, PLUS, ZERO, duel, placed_duel, scenario, ship, start, state, the

from shiftdrive.core.dice import ScriptedDice
from shiftdrive.engine.encounter import Encounter, IllegalChoice
from shiftdrive.engine.registry import get_bot, get_ruleset
from shiftdrive.engine.ruleset import Seat
from shiftdrive.engine.scenario import ScenarioError
from shiftdrive.rulesets.diaspora import bot, crew
from shiftdrive.rulesets.diaspora.phases import position
from shiftdrive.rulesets.diaspora.state import EW, POSITION


def test_registered_with_its_bot() -> None:
    assert get_ruleset("diaspora").id == "diaspora"
    assert get_bot("diaspora") is bot.choose


@pytest.mark.parametrize(
    ("change", "path", "reason"),
    [
        ({"stations": {"helm": "A-pilot"}}, "stations", "unknown station 'helm'"),
        ({"stations": {"pilot": "Nobody"}}, "stations", "'Nobody' is not in A's crew"),
        ({"stunts": ["cloak"]}, "stunts", "unknown ship stunt 'cloak'"),
        ({"frame": 0}, "frame", "greater than or equal to 1"),
    ],
)
def test_scenario_errors_name_the_field(change: dict[str, object], path: str, reason: str) -> None:
    a = ship("A")
    a.update(change)
    with pytest.raises(ScenarioError) as err:
        Encounter.start(duel(a), seed=1)
    assert "sides" in str(err.value) and reason in str(err.value)


def test_unknown_skill_is_refused_by_name() -> None:
    a = ship("A", crew=[{"name": "Ann", "skills": {"piloting": 3}}])
    with pytest.raises(ScenarioError, match="unknown skill 'piloting'"):
        Encounter.start(duel(a), seed=1)


def test_a_seat_per_side_controlling_its_ships() -> None:
    enc, _ = start(scenario([ship("A"), ship("A2")], [ship("B")]), PLUS, ZERO, MINUS)
    seats = get_ruleset("diaspora").seats(state(enc))
    assert seats == [Seat("blue", "blue", ("A", "A2")), Seat("red", "red", ("B",))]


def test_tracks_are_cascading_with_the_scenario_length_d8() -> None:
    a = ship("A", frame=3)
    enc, _ = start(duel(a), PLUS, MINUS)
    assert the(enc, "A").tracks["frame"].render() == "[1][2][3]"
    assert the(enc, "A").tracks["heat"].render() == "[1][2][3][4][5]"
    assert the(enc, "A").consequences.values == {"mild": 1, "moderate": 2, "severe": 4}


def test_detection_ranks_and_the_winner_places_two_ships_d9() -> None:
    enc, _ = start(duel(), MINUS, PLUS)  # A: 2 - 4 = -2, B: 2 + 4 = 6
    assert [d.kind for d in enc.pending()] == ["place"] and enc.pending()[0].seat == "red"
    with pytest.raises(IllegalChoice):
        enc.submit("red", "place ship=A band=4")  # never on the outermost bands
    enc.submit("red", "place ship=A band=-3")
    enc.submit("red", "place ship=B band=1")
    assert (the(enc, "A").band, the(enc, "B").band) == (-3, 1)
    assert enc.pending()[0].kind == "opening" and enc.pending()[0].seat == "red"


def test_three_ships_place_two_then_one_then_none_d9() -> None:
    data = scenario([ship("A"), ship("A2")], [ship("B")])
    enc, _ = start(data, ZERO, PLUS, MINUS)  # A2 6, A 2, B -2
    st = state(enc)
    assert st.placers == [("A2", 2), ("A", 1)]


def test_a_tie_is_broken_by_raw_navigation_d9() -> None:
    a = ship("A", skills={"navigation": 3})
    enc, _ = start(duel(a), MINUS, [-1, -1, -1, 0])  # A: 3 - 4 = -1, B: 2 - 3 = -1
    assert state(enc).placers == [("A", 2)]


def test_a_tie_nobody_breaks_places_at_random_by_4df_even_on_the_edge_d9() -> None:
    enc, _ = start(duel(), ZERO, ZERO, PLUS, [-1, 0, 0, 0])
    assert (the(enc, "A").band, the(enc, "B").band) == (4, -1)
    assert state(enc).detection_winner is None
    assert state(enc).phase == POSITION  # nobody chose: turn 1 has its position phase


def test_the_winner_may_skip_turn_ones_position_phase_d1() -> None:
    enc, _ = placed_duel(opening="electronic_warfare")
    assert state(enc).round == 1 and state(enc).phase != POSITION
    assert state(enc).phase in (EW, "beam")


def test_navigator_who_also_pilots_loses_one_pilot_on_turn_one_seed_example() -> None:
    """Seed "Position": if one character is navigator and pilot, the effective Pilot skill is
    reduced by one, which can limit V-shift (min(V-shift 3, Pilot 3 - 1) = 2); D9."""
    both = ship(
        "A",
        v_shift=3,
        crew=[{"name": "Ann", "skills": {"navigation": 2, "pilot": 3}}],
        stations={"navigator": "Ann", "pilot": "Ann"},
    )
    apart = ship(
        "B",
        v_shift=3,
        crew=[
            {"name": "Nav", "skills": {"navigation": 2}},
            {"name": "Pil", "skills": {"pilot": 3}},
        ],
        stations={"navigator": "Nav", "pilot": "Pil"},
    )
    enc, _ = placed_duel(duel(both, apart))
    st = state(enc)
    assert crew.effective(st, the(enc, "A"), "pilot") == 2
    assert position.base(st, the(enc, "A")) == 2
    assert position.base(st, the(enc, "B")) == 3
    st.round, st.acted = 2, {}  # a later turn: no detection roll behind it
    assert position.base(st, the(enc, "A")) == 3


def test_amplified_is_the_rating_plus_one_when_the_skill_is_higher_d2() -> None:
    assert crew.amplified(2, 3) == 3
    assert crew.amplified(2, 2) == 2
    assert crew.amplified(2, None) == 2
    assert crew.amplified(0, -1) == 0


def test_scripted_setup_draws_only_detection_dice() -> None:
    dice = ScriptedDice([*PLUS, *MINUS])
    Encounter.start(duel(), dice=dice)
    assert dice.remaining == 0


def test_a_fate_point_wins_a_detection_tie_d9() -> None:
    a = ship("A", fate_points=1)
    b = ship("B", fate_points=1)
    enc, dice = start(duel(a, b), ZERO, ZERO)
    assert [(d.kind, d.actor, d.window) for d in enc.pending()] == [("tie", "A", "tie")]
    enc.submit("blue", "pass")
    enc.submit("red", "break_tie")
    assert the(enc, "B").fate_points.current == 0
    assert state(enc).placers == [("B", 2)] and state(enc).detection_winner == "B"
    assert dice.remaining == 0  # nobody placed at random


def test_a_tie_both_sides_pay_for_still_stands_and_is_placed_at_random_d9() -> None:
    enc, dice = start(duel(ship("A", fate_points=1), ship("B", fate_points=1)), ZERO, ZERO)
    enc.submit("blue", "break_tie")
    dice.push([*PLUS, *MINUS])
    enc.submit("red", "break_tie")
    assert (the(enc, "A").band, the(enc, "B").band) == (4, -4)


def test_duplicate_or_blank_ship_aspects_are_refused_by_name() -> None:
    """The file fuzz found a ship listing one aspect twice crashing the set-up."""
    import yaml

    from conftest import EXAMPLES

    data = yaml.safe_load((EXAMPLES / "diaspora" / "duel.yaml").read_text(encoding="utf-8"))
    ship_ = data["sides"][0]["ships"][0]
    ship_["aspects"] = ["Overpowered Drives", "overpowered drives", " "]
    with pytest.raises(ScenarioError) as err:
        get_ruleset("diaspora").load_scenario(data)
    text = str(err.value)
    assert "sides[0].ships[0].aspects[1]" in text and "duplicate aspect" in text
    assert "sides[0].ships[0].aspects[2]" in text and "an aspect needs a name" in text
