"""Communications (S9): Provoke or Rapport against the other crew's Will, Security against its
Security (jamming), as an aspect on the other vessel within detection range; scripted dice."""

from __future__ import annotations

from typing import Any

import pytest
from star_wars_scenes import behemoth

from shiftdrive.core.dice import ScriptedDice
from shiftdrive.core.odds import OddsQuery, odds
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter
from shiftdrive.engine.scenario import ScenarioError

FLECK = "Zemara Fleck"


def _scene(**fleck: int) -> dict[str, Any]:
    data = behemoth()
    data["first"] = FLECK
    data["sides"][0]["characters"][0]["skills"].update(fleck)
    # the Behemoth's best Will aboard is its pilot's 2; its gunners' Security 1
    crew = data["sides"][1]["vehicles"][0]["crew"]
    crew[0]["skills"]["Will"] = 2
    crew[1]["skills"]["Security"] = 1
    return data


def test_jamming_is_security_against_the_best_security_aboard() -> None:
    """Fleck Security 3 rolls +1: 4 against the Behemoth's Security 1 rolling 0: three shifts,
    an aspect on the Behemoth with two free invokes for Fleck (C5 style)."""
    enc = Encounter.start(_scene(Security=3), dice=ScriptedDice([1, 0, 0, 0] + [0, 0, 0, 0]))
    jam = Choice.of("communicate", skill="Security", target="Behemoth", name="Behemoth Jammed")
    assert enc.ruleset.odds(enc.state, "rebels", jam) == odds(OddsQuery(skill=3, opposed=1))
    enc.submit("rebels", jam)
    defend = [c.text() for c in enc.legal("empire") if c.action == "defend"]
    assert defend == ["defend skill=Security"]
    enc.submit("empire", "defend skill=Security")
    enc.pass_window("invoke")
    jammed = enc.state.aspects.get("Behemoth Jammed")
    assert jammed.owner == "Behemoth" and jammed.free_for(FLECK) == 2


def test_provoke_is_resisted_by_the_crews_will_and_a_failure_gives_nothing() -> None:
    enc = Encounter.start(_scene(Provoke=1), dice=ScriptedDice([-1, 0, 0, 0] + [0, 0, 0, 0]))
    offered = {c.str_param("skill") for c in enc.legal("rebels") if c.action == "communicate"}
    assert offered == {"Provoke"}  # Rapport and Security unrated: not offered
    enc.submit("rebels", Choice.of("communicate", skill="Provoke", target="Behemoth", name="X"))
    assert [c.text() for c in enc.legal("empire") if c.action == "defend"] == ["defend skill=Will"]
    enc.submit("empire", "defend skill=Will")
    enc.pass_window("invoke")  # 1 - 1 = 0 against 2: a failure
    assert "X" not in enc.state.aspects


def test_communications_reach_only_within_detection_range() -> None:
    """S3: Size 1 + Size 5 = 6 zones; a vessel farther off cannot be hailed or jammed."""
    data = _scene(Rapport=2)
    names = [f"Z{i}" for i in range(8)]
    data["zones"] = [
        {"name": n, "adjacent": [m for m in names if abs(names.index(m) - i) == 1]}
        for i, n in enumerate(names)
    ]
    for v in data["sides"][0]["vehicles"]:
        v["zone"] = "Z0"
    data["sides"][1]["vehicles"][0]["zone"] = "Z6"
    enc = Encounter.start(data, dice=ScriptedDice([]))
    assert {c.str_param("target") for c in enc.legal("rebels") if c.action == "communicate"} == {
        "Behemoth"
    }
    data["sides"][1]["vehicles"][0]["zone"] = "Z7"
    enc = Encounter.start(data, dice=ScriptedDice([]))
    assert not [c for c in enc.legal("rebels") if c.action == "communicate"]
    why = enc.why_illegal(
        "rebels", Choice.of("communicate", skill="Rapport", target="Behemoth", name="X")
    )
    assert why is not None


def test_the_scenario_may_narrow_the_communications_skills() -> None:
    data = _scene(Rapport=2, Security=2)
    data["communications_skills"] = ["Security"]
    enc = Encounter.start(data, dice=ScriptedDice([]))
    offered = {c.str_param("skill") for c in enc.legal("rebels") if c.action == "communicate"}
    assert offered == {"Security"}
    data["communications_skills"] = ["Shoot"]
    with pytest.raises(ScenarioError) as err:
        Encounter.start(data, dice=ScriptedDice([]))
    assert "communications_skills" in str(err.value)
