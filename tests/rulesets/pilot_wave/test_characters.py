"""P3: characters by the creation rules, their skills' defaults and subjacent ratings, stress
tracks from the attributes (C8a), and `shiftdrive check` naming each breach."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from pilot_wave_helpers import ZERO, full_character, npc, scenario, start
from typer.testing import CliRunner

from shiftdrive.cli.main import app
from shiftdrive.engine.registry import get_ruleset
from shiftdrive.engine.scenario import ScenarioError
from shiftdrive.rulesets.pilot_wave.catalog import effective_skills
from shiftdrive.rulesets.pilot_wave.scenario import load


def problems(data: dict[str, Any]) -> list[tuple[str, str]]:
    with pytest.raises(ScenarioError) as exc:
        load(data)
    return exc.value.problems


def test_a_character_made_by_the_rules_passes() -> None:
    load(scenario([full_character()], [npc("Mook", "5,0")]))


def test_each_breach_is_named_with_character_field_and_reason() -> None:
    bad = full_character(stunts=["Only one"], physique=3, psyche=1)
    bad["aspects"]["convictions"] = ["Just one"]
    bad["skills"]["Survival"] = 2  # four Fair, three Average
    found = problems(scenario([bad], [npc("Mook", "5,0")]))
    paths = {p for p, _ in found}
    base = "sides[0].characters[0]"
    assert f"{base}.stunts" in paths
    assert f"{base}.aspects.convictions" in paths
    assert f"{base}.physique" in paths
    assert f"{base}.skills" in paths
    assert all(reason.startswith("Ada: ") for _, reason in found)
    reasons = " ".join(r for _, r in found)
    assert "needs 3 skill(s) at Fair (+2), has 4" in reasons
    assert "needs 4 skill(s) at Average (+1), has 3" in reasons
    assert "needs 2 convictions aspect(s), has 1" in reasons


def test_a_rating_off_the_pyramid_and_an_unknown_skill_are_breaches() -> None:
    bad = full_character()
    bad["skills"]["Notice"] = "Superb"
    bad["skills"]["Piloting"] = 1
    found = dict(problems(scenario([bad], [npc("Mook", "5,0")])))
    assert "is not a step of the pyramid" in found["sides[0].characters[0].skills.Notice"]
    assert "'Piloting' is not a Pilot Wave skill" in found["sides[0].characters[0].skills.Piloting"]


def test_an_exempt_npc_skips_the_creation_rules_but_not_the_skill_list() -> None:
    load(scenario([npc("Brute", "0,0", skills={"Close Combat": 5})], [npc("Mook", "5,0")]))
    found = problems(scenario([npc("Brute", "0,0", skills={"Karate": 5})], [npc("Mook", "5,0")]))
    assert found[0][0] == "sides[0].characters[0].skills.Karate"


def test_unlisted_skills_are_terrible_finance_mediocre_and_subjacent_at_parent_minus_one() -> None:
    skills = effective_skills({"Academics": 4, "Clandestine": 2, "Medical": 1}, 1, 2)
    assert skills["Survival"] == -2  # unlisted
    assert skills["Finance"] == 0  # P3
    assert skills["Engineering"] == 3  # Academics 4 - 1
    assert skills["Science"] == 3
    assert skills["Medical"] == 3  # better through Academics than its own Average
    assert skills["Stealth"] == 1  # Clandestine 2 - 1
    assert skills["Vehicle Ops"] == -2
    assert (skills["Physique"], skills["Psyche"]) == (1, 2)


def test_subjacent_never_lowers_a_listed_skill() -> None:
    skills = effective_skills({"Science": 4, "Academics": 1}, 0, 3)
    assert skills["Science"] == 4
    assert skills["Academics"] == 3  # Science 4 - 1 beats its own 1


def test_stress_tracks_come_from_physique_and_psyche() -> None:
    enc = start(
        scenario([full_character(physique=3, psyche=0)], [npc("Mook", "5,0", psyche=1)]), ZERO * 2
    )
    ada = enc.state.fighters["Ada"]
    assert ada.stress["physical"].boxes == [1, 2, 3, 4]  # Good: [1][2][3][4] (C8a)
    assert ada.stress["mental"].boxes == [1, 2]
    assert enc.state.fighters["Mook"].stress["mental"].boxes == [1, 2, 3]


def test_check_reports_every_breach_with_the_file(tmp_path: Path) -> None:
    bad = full_character(stunts=[])
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(scenario([bad], [npc("Mook", "5,0")])))
    result = CliRunner().invoke(app, ["check", str(path)])
    assert result.exit_code != 0
    assert "bad.yaml: sides[0].characters[0].stunts: Ada: needs 3 stunts, has 0" in " ".join(
        result.output.split()
    )
    assert "Traceback" not in result.output


def test_the_examples_pass_check() -> None:
    for path in sorted(Path(__file__).parents[3].joinpath("examples", "pilot_wave").glob("*.yaml")):
        get_ruleset("pilot_wave").load_scenario(yaml.safe_load(path.read_text()))


ANSWERS = """Juno Hale
Restless Ship's Navigator
Merchant Navy, Smuggler
Can't Say No To A Wager
The Stars Are Free, Family Before Profit
Old Captain Reyes, Owes The Syndicate
Navigation Implant
Hot Hand, Shortcut Through The Dark, Silver Tongue
1
Space Ops
Tactics, Notice
Gun Combat, Finance, Karate
Gun Combat, Finance, Zero-G
Athletics, Interpersonal, Stealth, Engineering
sniff
"""


def test_character_new_walks_through_the_steps_and_writes_a_sheet_check_accepts(
    tmp_path: Path,
) -> None:
    out = tmp_path / "juno.yaml"
    result = CliRunner().invoke(app, ["character", "new", str(out)], input=ANSWERS)
    assert result.exit_code == 0, result.output
    assert "'Karate' is not a Pilot Wave skill" in result.output  # asked again
    data = yaml.safe_load(out.read_text())
    sheet = data["character"]
    assert sheet["skills"] == {
        "Space Ops": 4, "Tactics": 3, "Notice": 3, "Gun Combat": 2, "Finance": 2, "Zero-G": 2,
        "Athletics": 1, "Interpersonal": 1, "Stealth": 1, "Engineering": 1,
    }  # fmt: skip
    assert (sheet["physique"], sheet["psyche"], sheet["power"]) == (1, 2, "sniff")
    checked = CliRunner().invoke(app, ["check", str(out)])
    assert checked.exit_code == 0 and "ok" in checked.output


def test_check_names_a_character_files_breaches(tmp_path: Path) -> None:
    bad = full_character(stunts=["Just one"])
    path = tmp_path / "ada.yaml"
    path.write_text(yaml.safe_dump({"ruleset": "pilot_wave", "character": bad}))
    result = CliRunner().invoke(app, ["check", str(path)])
    assert result.exit_code != 0
    assert "ada.yaml: character.stunts: Ada: needs 3 stunts, has 1" in " ".join(
        result.output.split()
    )


def test_recover_rolls_against_the_consequences_difficulty() -> None:
    ok = CliRunner().invoke(app, ["recover", "mild", "Fair", "--faces", "+0-0"])
    assert ok.exit_code == 0
    assert "Fair (+2) + [+ 0 - 0] = 2 against Routine (+2)" in ok.output
    assert "gone after one whole scene" in ok.output
    no = CliRunner().invoke(app, ["recover", "moderate", "2", "--faces", "0000"])
    assert "does not start to heal yet" in no.output  # 2 against Formidable (+4)
    bad = CliRunner().invoke(app, ["recover", "extreme", "2", "--faces", "0000"])
    assert bad.exit_code != 0 and "lasts until a milestone" in bad.output


def test_a_blank_name_or_aspect_is_refused_by_name() -> None:
    bad = full_character()
    bad["aspects"]["gear"] = "   "
    found = dict(problems(scenario([bad], [npc("Mook", "5,0")])))
    assert found["sides[0].characters[0].aspects.gear[0]"] == "is blank: it needs a name"
