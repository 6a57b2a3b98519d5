"""Mixed combat (the seed's section: "an individual character will be unable to directly damage
larger vehicles without appropriate equipment or creating an applicable aspect"; "very large
vehicles may not be equipped to directly affect individual characters"): a person is Size 0 on
the size scale of S3; scripted dice."""

from __future__ import annotations

from typing import Any

from shiftdrive.core.dice import ScriptedDice
from shiftdrive.core.odds import OddsQuery, odds
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter

ZERO = [0, 0, 0, 0]


def street(first: str = "Rook", **walker: Any) -> dict[str, Any]:
    """Two rebels on foot against an imperial speeder (Size 2: a gunner Shoot 2, a pilot
    Pilot 1) and a Size 3 walker, on ground zones."""
    return {
        "ruleset": "star_wars",
        "title": "Street fight",
        "first": first,
        "interrupts": False,
        "zones": [
            {"name": "Plaza", "adjacent": ["Alley"]},
            {"name": "Alley", "adjacent": ["Plaza"]},
        ],
        "sides": [
            {
                "name": "rebels",
                "characters": [
                    {"name": "Rook", "zone": "Plaza", "anti_vehicle": True,
                     "skills": {"Shoot": 3, "Athletics": 2, "Provoke": 2}},
                    {"name": "Wren", "zone": "Plaza",
                     "skills": {"Shoot": 2, "Athletics": 1, "Stealth": 3}},
                ],
            },
            {
                "name": "empire",
                "vehicles": [
                    {"name": "Speeder", "size": 2, "zone": "Plaza", "mode": "car",
                     "crew": [{"station": "pilot", "skills": {"Pilot": 1}},
                              {"station": "gunners", "skills": {"Shoot": 2}}]},
                    {"name": "Walker", "size": 3, "zone": "Alley", "mode": "armored", **walker,
                     "crew": [{"station": "pilot", "skills": {"Pilot": 1}},
                              {"station": "gunners", "skills": {"Shoot": 2}}]},
                ],
            },
        ],
    }  # fmt: skip


def _targets(enc: Encounter, seat: str, action: str = "attack") -> set[tuple[str, str]]:
    return {
        (c.str_param("target"), c.str_param("skill")) for c in enc.legal(seat) if c.action == action
    }


def test_a_speeder_fires_at_a_person_who_defends_at_plus_its_size() -> None:
    """The speeder's gunners Shoot 2 roll +1: 3, against Rook's Athletics 2 + 2 (Size 2 against
    Size 0) rolling 0: 4, a failure by one."""
    enc = Encounter.start(street("Speeder gunners"), dice=ScriptedDice([1, 0, 0, 0] + ZERO))
    assert _targets(enc, "empire") == {("Rook", "Shoot"), ("Wren", "Shoot")}
    shot = Choice.of("attack", target="Rook", skill="Shoot")
    assert enc.ruleset.odds(enc.state, "empire", shot) == odds(OddsQuery(skill=2, opposed=4))
    enc.submit("empire", shot)
    events = enc.submit("rebels", Choice.of("defend", skill="Athletics"))
    bonus = next(e for e in events if e.kind == "fire_bonus")
    assert bonus.data["size"] == 2 and bonus.data["stations"] == 0
    enc.pass_window("invoke")
    outcome = next(e for e in enc.log[-1].events if e.kind == "outcome")
    assert (outcome.data["total"], outcome.data["opposition"]) == (3, 4)


def test_a_large_vehicle_is_not_armed_against_people_unless_the_scenario_says() -> None:
    data = street("Walker gunners")
    data["zones"][1]["name"] = "Alley"
    data["sides"][0]["characters"][0]["zone"] = "Alley"
    enc = Encounter.start(data, dice=ScriptedDice([]))
    assert ("Rook", "Shoot") not in _targets(enc, "empire")
    assert enc.why_illegal("empire", Choice.of("attack", target="Rook", skill="Shoot"))
    enc = Encounter.start(street("Walker gunners", anti_personnel=True), dice=ScriptedDice([]))
    enc.state.fighters["Rook"].zone = "Alley"
    assert ("Rook", "Shoot") in _targets(enc, "empire")


def test_a_person_with_anti_vehicle_equipment_attacks_a_vehicle_on_the_size_scale() -> None:
    """Rook (Shoot 3, rolls +2: 5) against the Speeder's Pilot 1 + 4 (Size 0 against Size 2,
    doubled) rolling 0: 5, a tie; against the Walker (Size 3): passive 0 + 6."""
    enc = Encounter.start(street(), dice=ScriptedDice([1, 1, 0, 0] + ZERO))
    offered = _targets(enc, "rebels")
    assert ("Speeder", "Shoot") in offered and ("Walker", "Shoot") in offered
    assert ("Speeder", "Provoke") not in offered  # a vehicle has no mind to provoke
    why = enc.why_illegal("rebels", Choice.of("attack", target="Speeder", skill="Provoke"))
    assert why is not None and "cannot damage a vehicle" in why
    walker = Choice.of("attack", target="Walker", skill="Shoot")
    assert enc.ruleset.odds(enc.state, "rebels", walker) == odds(OddsQuery(skill=3, difficulty=6))
    enc.submit("rebels", Choice.of("attack", target="Speeder", skill="Shoot"))
    enc.submit("empire", Choice.of("defend", skill="Pilot"))
    enc.pass_window("invoke")
    outcome = next(e for e in enc.log[-1].events if e.kind == "outcome")
    assert (outcome.data["total"], outcome.data["opposition"]) == (5, 5)


def test_without_equipment_a_person_needs_an_applicable_aspect_on_the_vehicle() -> None:
    """Wren cannot shoot the Speeder; she creates an advantage on it (Stealth 3 + 1 = 4
    against its pilot's Pilot 1 + 0: style, two free invokes), and then may."""
    enc = Encounter.start(street("Wren"), dice=ScriptedDice([1, 0, 0, 0] + ZERO))
    assert not [t for t, _ in _targets(enc, "rebels") if t in ("Speeder", "Walker")]
    why = enc.why_illegal("rebels", Choice.of("attack", target="Speeder", skill="Shoot"))
    assert why is not None and "anti-vehicle equipment" in why
    plant = Choice.of("advantage", skill="Stealth", target="Speeder", name="Charge On The Hull")
    assert any(plant.matches(c) for c in enc.legal("rebels"))
    enc.submit("rebels", plant)
    enc.submit("empire", Choice.of("defend", skill="Pilot"))
    enc.pass_window("invoke")
    assert enc.state.aspects.get("Charge On The Hull").free_for("Wren") == 2
    assert ("Speeder", "Shoot") not in _targets(enc, "rebels")  # her turn is over
    assert enc.ruleset.actions["attack"].in_reach(
        enc.state, enc.state.fighters["Wren"], 2, enc.state.fighters["Speeder"]
    )
    # the Walker, with no aspect of hers on it, stays out of her reach
    assert not enc.ruleset.actions["attack"].in_reach(
        enc.state, enc.state.fighters["Wren"], 2, enc.state.fighters["Walker"]
    )


def test_a_crew_member_inside_a_vehicle_is_reached_only_through_it() -> None:
    enc = Encounter.start(street(), dice=ScriptedDice([]))
    assert not [t for t, _ in _targets(enc, "rebels") if t.endswith(("pilot", "gunners"))]


def test_advantages_and_searches_aim_only_at_those_engaged() -> None:
    """S9 and mixed combat: a person on foot works on people and vehicles, never on a crew
    inside its vehicle; a crew works on people only from a vehicle armed against them (the
    speeder, not the Size 3 walker)."""
    data = street("Rook")
    data["sides"][0]["characters"][0]["skills"]["Notice"] = 2
    enc = Encounter.start(data, dice=ScriptedDice(ZERO * 10))
    aimed = {target for target, _ in _targets(enc, "rebels", "advantage")}
    assert aimed == {"scene", "Speeder", "Walker"}
    assert {target for target, _ in _targets(enc, "rebels", "discover")} == aimed
    speeder = Encounter.start(street("Speeder pilot"), dice=ScriptedDice(ZERO))
    assert {t for t, _ in _targets(speeder, "empire", "advantage")} == {"scene", "Rook", "Wren"}
    walker = Encounter.start(street("Walker pilot"), dice=ScriptedDice(ZERO))
    assert {t for t, _ in _targets(walker, "empire", "advantage")} == {"scene"}
