"""Passive sensors (S3): detection range halved (rounded down) once if either vessel's sensors
are passive; the switch is free and once a turn; Sensors and Communications follow it."""

from __future__ import annotations

from typing import Any

from star_wars_scenes import behemoth

from shiftdrive.core.dice import ScriptedDice
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter

FLECK = "Zemara Fleck"
SHIP = "Fleck's Starfighter"


def _line(behemoth_zone: str, **behemoth_spec: Any) -> dict[str, Any]:
    """Fleck (Size 1) in Z0 and the Behemoth (Size 5) down a line of zones: 6 zones of range,
    3 when either is passive."""
    data = behemoth()
    data["first"] = FLECK
    fleck = data["sides"][0]["characters"][0]
    fleck["skills"].update({"Notice": 2, "Rapport": 2})
    names = [f"Z{i}" for i in range(8)]
    data["zones"] = [
        {"name": n, "adjacent": [m for m in names if abs(names.index(m) - i) == 1]}
        for i, n in enumerate(names)
    ]
    for v in data["sides"][0]["vehicles"]:
        v["zone"] = "Z0"
    data["sides"][1]["vehicles"][0].update(zone=behemoth_zone, **behemoth_spec)
    return data


def _reached(enc: Encounter, action: str) -> set[str]:
    return {c.str_param("target") for c in enc.legal("rebels") if c.action == action} - {"scene"}


def test_going_passive_halves_the_range_and_still_leaves_the_turns_action() -> None:
    enc = Encounter.start(_line("Z4"), dice=ScriptedDice([]))
    assert _reached(enc, "discover") == {"Behemoth"}  # 4 zones: within 1 + 5 = 6
    events = enc.submit("rebels", Choice.of("sensors", mode="passive"))
    assert events[0].kind == "sensors" and enc.state.fighters[SHIP].passive_sensors
    assert _reached(enc, "discover") == set()  # 6 // 2 = 3 zones now
    assert _reached(enc, "communicate") == set()
    assert not [c for c in enc.legal("rebels") if c.action == "sensors"]  # once a turn
    assert enc.why_illegal("rebels", Choice.of("sensors", mode="active")) is not None
    assert "hold" in {c.action for c in enc.legal("rebels")}  # the turn goes on


def test_the_other_vessels_passive_sensors_halve_it_too_but_only_once() -> None:
    enc = Encounter.start(_line("Z3", sensors="passive"), dice=ScriptedDice([]))
    assert _reached(enc, "discover") == {"Behemoth"}  # 3 zones: 6 // 2
    enc.submit("rebels", Choice.of("sensors", mode="passive"))
    assert _reached(enc, "discover") == {"Behemoth"}  # both passive: still 3, not 1
    enc = Encounter.start(_line("Z4", sensors="passive"), dice=ScriptedDice([]))
    assert _reached(enc, "discover") == set()


def test_switching_back_to_active_restores_the_range_and_the_view_shows_the_mode() -> None:
    data = _line("Z5")
    data["sides"][0]["vehicles"][0]["sensors"] = "passive"
    enc = Encounter.start(data, dice=ScriptedDice([]))
    assert _reached(enc, "discover") == set()
    assert [c.text() for c in enc.legal("rebels") if c.action == "sensors"] == [
        "sensors mode=active"
    ]
    enc.submit("rebels", Choice.of("sensors", mode="active"))
    assert _reached(enc, "discover") == {"Behemoth"}
    seen = {f["name"]: f for f in enc.ruleset.view(enc.state, "empire")["fighters"]}
    assert seen[SHIP]["sensors"] == "active" and seen["Behemoth"]["sensors"] == "active"
