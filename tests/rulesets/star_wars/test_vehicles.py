"""Vehicles by Size (S3, S9, S10): the seed's tables and its two worked examples (Behemoth
against Zemara Fleck, both ways, with the wingmen's teamwork of S13), with scripted dice."""

from __future__ import annotations

from typing import Any

import pytest
from star_wars_scenes import behemoth

from shiftdrive.core.dice import ScriptedDice
from shiftdrive.core.odds import OddsQuery, odds
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter
from shiftdrive.engine.scenario import ScenarioError
from shiftdrive.rulesets.star_wars.scenario import load
from shiftdrive.rulesets.star_wars.vehicles import (
    detection_range,
    rolls_defense,
    size_bonus,
    weapon_range,
)

ZERO = [0, 0, 0, 0]
FLECK = "Zemara Fleck"
SHIP = "Fleck's Starfighter"


@pytest.mark.parametrize(
    ("size", "zones"), [(1, 0), (2, 0), (3, 0), (4, 1), (5, 1), (6, 2), (7, 2), (8, 3), (9, 3)]
)
def test_weapon_range_is_the_seeds_table(size: int, zones: int) -> None:
    """S3: Size 1-3 reach 0 zones, 4-5 one, 6-7 two, 8-9 three."""
    assert weapon_range(size) == zones


def test_detection_range_is_both_sizes_halved_for_passive_sensors() -> None:
    """S3, the seed's example: a Size 1 vehicle detects a Size 4 one at 5 zones."""
    assert detection_range(1, 4) == 5
    assert detection_range(1, 4, passive=True) == 2


def test_defense_is_rolled_up_to_size_2_and_passive_from_size_3() -> None:
    assert rolls_defense(1) and rolls_defense(2)
    assert not rolls_defense(3) and not rolls_defense(5)


def test_the_size_bonus_doubles_when_the_attacker_is_smaller() -> None:
    assert size_bonus(5, 1) == 4  # the Behemoth firing at Fleck
    assert size_bonus(1, 5) == 8  # Fleck firing at the Behemoth
    assert size_bonus(2, 2) == 0


def example_one(dice: list[int]) -> Encounter:
    """Seed example 1: a group of two of the Behemoth's stations fires at Fleck."""
    enc = Encounter.start(behemoth(), dice=ScriptedDice(dice))
    enc.submit("empire", Choice.of("attack", target=SHIP, skill="Shoot"))
    return enc


def test_example_1_fleck_defends_with_style_and_gets_a_boost() -> None:
    """Gunners 2 + 1 (two stations) = 3 against Fleck's Pilot 2 + 4 (size) = 6, both rolling
    0: the defense wins by three shifts, with style, and Fleck gets a boost."""
    enc = example_one(ZERO + ZERO)
    assert [c.text() for c in enc.legal("rebels") if c.action == "defend"] == ["defend skill=Pilot"]
    events = enc.submit("rebels", Choice.of("defend", skill="Pilot"))
    enc.pass_window("invoke")
    bonus = next(e for e in events if e.kind == "fire_bonus")
    assert bonus.data == {
        "who": "Behemoth gunners 1", "target": SHIP, "stations": 1, "size": 4, "stunts": 0,
    }  # fmt: skip
    outcome = next(e for e in enc.log[-1].events + events if e.kind == "outcome")
    assert (outcome.data["total"], outcome.data["opposition"], outcome.data["shifts"]) == (3, 6, -3)
    boost = enc.state.aspects.get(f"{SHIP}'s Riposte")
    assert boost.kind.value == "boost" and boost.free_for(SHIP) == 1


def test_example_1_the_defenders_odds_count_the_stations_and_the_size() -> None:
    """The odds Fleck is shown for her defense are the roll's own: the gunners' 2 + 1 (two
    stations) against her Pilot 2 + 4 (size), not 2 against 2."""
    enc = example_one([])
    shown = enc.ruleset.odds(enc.state, "rebels", Choice.of("defend", skill="Pilot"))
    assert shown == odds(OddsQuery(skill=3, opposed=6))


def test_example_2_fleck_and_five_wingmen_beat_the_behemoth_by_four() -> None:
    """Fleck Shoot 3 +5 teamwork (five wingmen help, S13) rolls +1: 9 against the Behemoth's
    passive 0 +1 Deflector Shields +8 (four sizes larger, doubled) = 9, a tie; she spends the
    boost from example 1 (+2) and a fate point on Advanced Starfighter (+2): 13, four shifts."""
    enc = example_one(ZERO + ZERO + [1, 0, 0, 0])
    enc.submit("rebels", Choice.of("defend", skill="Pilot"))
    enc.pass_window("invoke")
    for i in range(1, 6):
        enc.submit("empire" if i == 1 else "rebels", Choice.of("next", who=f"Wingman {i} pilot"))
        enc.submit("rebels", Choice.of("help", ally=FLECK, skill="Shoot"))
    enc.submit("rebels", Choice.of("next", who=FLECK))
    shot = Choice.of("attack", target="Behemoth", skill="Shoot")
    # the odds shown before the shot count the help, the size bonus and the stunt
    assert enc.ruleset.odds(enc.state, "rebels", shot) == odds(OddsQuery(skill=3, difficulty=9 - 5))
    events = enc.submit("rebels", shot)
    teamwork = next(e for e in events if e.kind == "teamwork")
    assert len(teamwork.data["helpers"]) == 5
    standing = next(e for e in events if e.kind == "roll")
    assert standing.data["total"] == 4  # Shoot 3 + the dice's +1, before the bonuses
    enc.submit(
        "rebels",
        Choice.of("invoke", aspect=f"{SHIP}'s Riposte", effect="bonus", payment="free", by=SHIP),
    )
    enc.submit(
        "rebels",
        Choice.of(
            "invoke", aspect="Advanced Starfighter", effect="bonus", payment="fate_point", by=FLECK
        ),
    )
    enc.pass_window("invoke")
    outcome = next(e for e in enc.log[-1].events if e.kind == "outcome")
    assert (outcome.data["total"], outcome.data["opposition"], outcome.data["shifts"]) == (13, 9, 4)
    assert enc.state.fighters[FLECK].fate_points.current == 1
    # a hit of 4 on a Size 5 hull (counting boxes, S10)
    enc.submit("rebels", "full")
    absorb = enc.legal("empire")
    assert absorb[0].get("boxes") == 4 and "fill 4 hull" in absorb[0].label
    enc.submit("empire", absorb[0])
    assert enc.state.fighters["Behemoth"].stress["hull"].render() == "[x][x][x][x][ ]"


def test_an_unnamed_vehicle_is_taken_out_when_its_boxes_run_out() -> None:
    """S10: a Size 1 wingman with a nameless pilot has one box and no consequences."""
    enc = Encounter.start(behemoth(), dice=ScriptedDice([1, 1, 1, 1] + [-1, -1, -1, -1]))
    enc.submit("empire", Choice.of("attack", target="Wingman 1", skill="Shoot"))
    enc.submit("rebels", Choice.of("defend", skill="Pilot"))
    enc.pass_window("invoke")  # 2 + 4 + 1 = 7 against 1 - 4 + 4 = 1: six shifts
    if enc.pending()[0].kind == "style":
        enc.submit("empire", "full")
    assert [c.action for c in enc.legal("rebels")] == ["taken_out"]
    enc.submit("rebels", "taken_out")
    assert enc.state.fighters["Wingman 1"].status == "taken out"
    assert enc.state.fighters["Wingman 1 pilot"].status == "taken out"  # S10: its crew with it


def test_the_state_lists_its_units_and_each_vehicles_crew_as_set_up() -> None:
    """`units` and `crewed` are `fighters` and `crews` as the units themselves (the same
    objects, so a status read there is the sheet's own)."""
    state = Encounter.start(behemoth(), dice=ScriptedDice([])).state
    assert state.units == list(state.fighters.values())
    assert all(u is state.fighters[u.name] for u in state.units)
    assert [(v.name, [f.name for f in crew]) for v, crew in state.crewed] == [
        (v, list(names)) for v, names in state.crews.items()
    ]
    assert all(f is state.fighters[f.name] for _, crew in state.crewed for f in crew)
    assert SHIP in state.crews and state.crews[SHIP] == [FLECK]


def test_a_named_vehicle_takes_consequences_after_its_boxes() -> None:
    data = behemoth()
    enc = Encounter.start(data, dice=ScriptedDice([1, 1, 1, 1] + [-1, -1, -1, -1]))
    enc.submit("empire", Choice.of("attack", target=SHIP, skill="Shoot"))
    enc.submit("rebels", Choice.of("defend", skill="Pilot"))
    enc.pass_window("invoke")  # 7 against 2 - 4 + 4 = 2: five shifts
    enc.submit("empire", "full")
    labels = [c.label for c in enc.legal("rebels")]
    assert labels[0] == "fill 1 hull box(es) and take a moderate consequence (absorbs 5)"


def test_the_crews_act_by_station() -> None:
    enc = Encounter.start(behemoth(), dice=ScriptedDice([]))
    gunners = {c.action for c in enc.legal("empire")}
    assert "move" not in gunners and "attack" in gunners
    reason = enc.why_illegal("empire", Choice.of("move", to="High Orbit"))
    assert reason is not None


def test_a_fighter_pilot_flying_alone_moves_and_shoots() -> None:
    """S9: the lone pilot moves the fighter free, then fires in the same turn."""
    data = behemoth()
    data["first"] = FLECK
    enc = Encounter.start(data, dice=ScriptedDice([]))
    actions = {c.action for c in enc.legal("rebels")}
    assert {"move", "attack", "advantage", "help"} <= actions
    enc.submit("rebels", Choice.of("move", to="High Orbit"))
    assert enc.state.fighters[SHIP].zone == "High Orbit" == enc.state.fighters[FLECK].zone
    # the Behemoth (Size 5) is one zone away: a Size 1 fighter reaches 0 zones
    assert not [c for c in enc.legal("rebels") if c.action == "attack"]


def test_a_vehicle_needs_one_pilot_and_no_more_stations_than_its_size() -> None:
    data: dict[str, Any] = behemoth()
    crew = data["sides"][1]["vehicles"][0]["crew"]
    crew.append({"station": "gunners", "skills": {"Shoot": 1}, "stations": 2})
    crew.append({"station": "pilot", "skills": {"Pilot": 1}})
    with pytest.raises(ScenarioError) as err:
        load(data)
    text = str(err.value)
    assert "needs exactly one pilot (it has 2)" in text
    assert "7 weapon stations; Size 5 has 5" in text


def test_command_is_a_rapport_advantage_whose_free_invokes_serve_the_crew() -> None:
    """S9: a named gunner with Rapport may create an advantage (Command); its free invokes
    are held by the gunner, who may spend them on any crewmate's roll (C4)."""
    data = behemoth()
    rebels = data["sides"][0]
    rebels["characters"].append(
        {"name": "Cap", "skills": {"Rapport": 3, "Shoot": 1}, "vehicle": "Fleck's Starfighter",
         "station": "gunner"}
    )  # fmt: skip
    data["first"] = "Cap"
    enc = Encounter.start(data, dice=ScriptedDice([1, 1, 0, 0]))
    command = Choice.of("advantage", skill="Rapport", target="scene", name="Tight Formation")
    offered = [c for c in enc.legal("rebels") if c.action == "advantage"]
    assert {(c.str_param("skill"), c.str_param("target")) for c in offered} >= {
        ("Rapport", "scene")
    }
    enc.submit("rebels", command)  # Rapport 3 + 2 against Fair: three shifts, two invokes
    assert enc.state.aspects.get("Tight Formation").free_for("Cap") == 2


def test_fire_without_the_skill_is_told_the_skill_not_the_range() -> None:
    """A gunner's `attack target=X` with the target in sight but no `skill=` names the skill
    vehicle weapons fire with (it said the target was out of range)."""
    enc = Encounter.start(behemoth(), dice=ScriptedDice([]))
    fire = next(c for c in enc.legal("empire") if c.action == "attack")
    aimed = fire.str_param("target")
    reason = enc.why_illegal("empire", Choice.of("attack", target=aimed))
    assert reason is not None
    assert reason.endswith(f"fires at {aimed} with Shoot only: say skill=Shoot")
