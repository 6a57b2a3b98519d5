"""Movement by zone kind (S4, S12): free zones by kind and vehicle, the extra zone's overcome,
and aircraft crossing ground zones."""

from __future__ import annotations

from typing import Any

import pytest

from shiftdrive.core.dice import ScriptedDice
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter
from shiftdrive.engine.scenario import ScenarioError
from shiftdrive.rulesets.star_wars.scenario import load

CHAIN = ["Z1", "Z2", "Z3", "Z4", "Z5"]


def scene(kind: str, size: int = 1, mode: str = "craft") -> dict[str, Any]:
    """A chain of five zones of one kind; a vehicle with a named pilot in Z1."""
    zones = [
        {"name": z, "adjacent": [n for n in CHAIN if abs(CHAIN.index(n) - i) == 1]}
        for i, z in enumerate(CHAIN)
    ]
    return {
        "ruleset": "star_wars",
        "interrupts": False,
        "zone_kind": kind,
        "zones": zones,
        "sides": [
            {"name": "a",
             "characters": [{"name": "Ace", "skills": {"Pilot": 2}, "vehicle": "V",
                             "station": "pilot"}],
             "vehicles": [{"name": "V", "size": size, "zone": "Z1", "mode": mode}]},
            {"name": "b",
             "vehicles": [{"name": "W", "size": 1, "zone": "Z5", "mode": mode,
                           "crew": [{"station": "pilot", "skills": {"Pilot": 1}}]}]},
        ],
    }  # fmt: skip


def moves(data: dict[str, Any]) -> tuple[list[str], list[str]]:
    enc = Encounter.start(data, dice=ScriptedDice([]))
    legal = enc.legal("a")
    free = [c.str_param("to") for c in legal if c.action == "move"]
    dash = [c.str_param("to") for c in legal if c.action == "sprint"]
    return free, dash


@pytest.mark.parametrize(
    ("kind", "size", "mode", "free"),
    [
        ("space", 1, "craft", 1),
        ("space", 6, "craft", 1),
        ("air", 1, "craft", 3),
        ("air", 2, "craft", 3),
        ("air", 3, "craft", 2),
        ("air", 4, "craft", 2),
        ("air", 5, "craft", 1),
        ("ground", 2, "car", 3),
        ("ground", 3, "armored", 2),
    ],
)
def test_free_zones_by_kind_and_size(kind: str, size: int, mode: str, free: int) -> None:
    """S4: space 0 or 1; air 3 / 2 / 1 by Size; ground car 3, armored 2; one more by dash."""
    reached, dash = moves(scene(kind, size, mode))
    assert reached == CHAIN[1 : 1 + free]
    assert dash == [CHAIN[free + 1]]


def test_the_extra_zone_is_a_pilot_overcome_against_the_size() -> None:
    data = scene("space", size=2)
    enc = Encounter.start(data, dice=ScriptedDice([0, 0, 0, 0]))
    events = enc.submit("a", Choice.of("sprint", to="Z3"))
    declare = next(e for e in events if e.kind == "declare")
    assert (declare.data["skill"], declare.data["difficulty"]) == ("Pilot", 2)
    assert enc.state.fighters["V"].zone == "Z3"  # Pilot 2 + 0 ties Size 2: it succeeds
    assert enc.state.fighters["Ace"].zone == "Z3"  # the crew moves with the vehicle


def test_a_failed_dash_gets_only_the_free_zones() -> None:
    enc = Encounter.start(scene("space", size=2), dice=ScriptedDice([-1, -1, 0, 0]))
    enc.submit("a", Choice.of("sprint", to="Z3"))
    enc.pass_window("invoke")
    assert enc.state.fighters["V"].zone == "Z2"


def test_an_aircraft_crosses_ground_zones_to_another_air_zone() -> None:
    """S12: air Z1, ground Z2 Z3 Z4, air Z5: one move, the ground zones not counted."""
    data = scene("ground")
    data["zones"][0]["kind"] = "air"
    data["zones"][4]["kind"] = "air"
    data["sides"][1]["vehicles"][0]["zone"] = "Z5"
    free, _ = moves(data)
    assert free == ["Z5"]


def test_a_ground_vehicle_cannot_enter_the_air_and_a_craft_cannot_start_on_the_ground() -> None:
    data = scene("ground", mode="car")
    data["zones"][2]["kind"] = "air"
    free, _ = moves(data)
    assert free == ["Z2"]
    with pytest.raises(ScenarioError) as err:
        load(scene("ground"))
    assert "Z1 is ground: a craft cannot be there (S12)" in str(err.value)
