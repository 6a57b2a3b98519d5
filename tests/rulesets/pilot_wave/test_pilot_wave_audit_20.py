"""Audit 20 (seed 000 "Pilot Wave"; RULINGS P3, P9, P11): the character file and
`shiftdrive character new` held to what the scenario loader holds a character to, the refresh
a player character starts with, and scenario weapons read as the loader promises. Each test
failed on the code before this audit."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from pilot_wave_helpers import ZERO, full_character, npc, scenario, start
from typer.testing import CliRunner

from shiftdrive.cli.main import app
from shiftdrive.rulesets.pilot_wave.board import weapon_of

#: `test_characters.py`'s Juno Hale, walked through `character new`
JUNO = [
    "Juno Hale",
    "Restless Ship's Navigator",
    "Merchant Navy, Smuggler",
    "Can't Say No To A Wager",
    "The Stars Are Free, Family Before Profit",
    "Old Captain Reyes, Owes The Syndicate",
    "Navigation Implant",
    "Hot Hand, Shortcut Through The Dark, Silver Tongue",
    "1",
    "Space Ops",
    "Tactics, Notice",
    "Gun Combat, Finance, Zero-G",
    "Athletics, Interpersonal, Stealth, Engineering",
    "sniff",
]


def _check(path: Path, data: dict[str, Any]) -> str:
    """`shiftdrive check FILE`'s output, on one line; the command must refuse the file."""
    path.write_text(yaml.safe_dump(data))
    result = CliRunner().invoke(app, ["check", str(path)])
    assert result.exit_code != 0, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return " ".join(result.output.split())


def _new(tmp_path: Path, answers: list[str]) -> tuple[str, dict[str, Any]]:
    out = tmp_path / "juno.yaml"
    result = CliRunner().invoke(app, ["character", "new", str(out)], input="\n".join(answers))
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split()), yaml.safe_load(out.read_text())["character"]


# --- P3: the character file, `character new` and the scenario loader agree ---------------------


def test_a_character_file_with_an_aspect_twice_is_refused_as_in_a_scenario(
    tmp_path: Path,
) -> None:
    """Seed "Convictions": "Choose two convictions"; P3: convictions 2. Two convictions of
    one text are one aspect: the scenario loader refused such a character ("aspects need
    their own names") while `shiftdrive check` passed the same character's file."""
    ada = full_character()
    ada["aspects"]["convictions"] = ["Honor Above All", "honor above all"]
    out = _check(tmp_path / "ada.yaml", {"ruleset": "pilot_wave", "character": ada})
    assert (
        "ada.yaml: character.aspects.convictions: Ada: the aspect 'honor above all' is already "
        "in play (aspects.convictions); aspects need their own names"
    ) in out
    # the scenario loader says it once, naming the file and the field
    out = _check(tmp_path / "fight.yaml", scenario([ada], [npc("Zed", "5,0")]))
    assert out.count("honor above all") == 1
    assert "fight.yaml: sides[0].characters[0].aspects.convictions: Ada: the aspect" in out


def test_character_new_asks_again_for_an_aspect_given_twice(tmp_path: Path) -> None:
    """The walk-through checks each answer as it is given: a tie repeating a conviction is
    asked again (before, it was written, and the scenario loader refused the character)."""
    answers = [*JUNO]
    answers.insert(5, "Family Before Profit, Owes The Syndicate")  # the first tie repeats
    out, sheet = _new(tmp_path, answers)
    assert "'Family Before Profit' is already an aspect of this character" in out
    assert sheet["aspects"]["ties"] == ["Old Captain Reyes", "Owes The Syndicate"]


def test_character_new_asks_again_for_a_physique_that_is_not_0_to_3(tmp_path: Path) -> None:
    """Seed "Attributes": "3 shifts to distribute". An answer Python calls a digit but cannot
    read as a number (a superscript three) ended the command with a traceback."""
    answers = [*JUNO]
    answers.insert(8, "\u00b3")
    out, sheet = _new(tmp_path, answers)
    assert "a number from 0 to 3" in out
    assert (sheet["physique"], sheet["psyche"]) == (1, 2)


def test_a_player_characters_refresh_is_three(tmp_path: Path) -> None:
    """The seed gives three stunts and no refresh; Fate Core's refresh with three free stunts
    is 3 (docs: a default). A player character with refresh 7 was accepted and began with 7
    fate points; an exempt NPC may still have any refresh."""
    pc = {"ruleset": "pilot_wave", "character": full_character(refresh=7)}
    out = _check(tmp_path / "ada.yaml", pc)
    assert "ada.yaml: character.refresh: Ada: a player character's refresh is 3" in out
    fight = scenario([full_character(refresh=7)], [npc("Zed", "5,0")])
    out = _check(tmp_path / "fight.yaml", fight)
    assert "fight.yaml: sides[0].characters[0].refresh: Ada: a player character's refresh" in out
    enc = start(scenario([full_character()], [npc("Zed", "5,0", refresh=5)]), ZERO * 10)
    assert enc.state.fighters["Ada"].fate_points.current == 3
    assert enc.state.fighters["Zed"].fate_points.current == 5


# --- P9 / P11: scenario weapons ------------------------------------------------------------------


def test_a_scenario_weapons_skill_in_any_case_is_the_shooters_skill() -> None:
    """P9: a shot rolls the weapon's skill. The loader accepts a weapon's skill in any case
    (as a character's skills), but kept `gun combat` as written, so Ada's Gun Combat Great
    (+4) was read as an unlisted skill, Terrible (-2). A Zip Gun (pistol, value 1) at 3 hexes
    is Effective (Routine 2): 4 + 0 - 2 = 2 shifts, + 1 - 2 (Effective's damage shift) = a
    hit of 1 on Zed."""
    data = scenario(
        [npc("Ada", "0,0", weapon="Zip Gun", skills={"Gun Combat": 4})],
        [npc("Zed", "3,0")],
        weapons={"Zip Gun": {"kind": "pistol", "value": 1, "rounds": 6, "skill": "gun combat"}},
    )
    enc = start(data, ZERO * 10)
    enc.submit("Crew", "first side=Crew")
    assert weapon_of(enc.state, enc.state.fighters["Ada"]).skill == "Gun Combat"
    shot = next(c for c in enc.legal("Crew") if c.action == "attack")
    assert shot.label == "Shoot Zed with the Zip Gun (Gun Combat Great (+4), effective)"
    enc.submit("Crew", shot.text())
    enc.pass_window("counter")
    enc.pass_window("invoke")
    roll = next(e for e in enc.events() if e.kind == "roll" and e.data["skill"] == "Gun Combat")
    assert roll.data["total"] == 4
    harm = next(e for e in enc.events() if e.kind == "harm")
    assert (harm.data["shifts"], harm.data["weapon"], harm.data["hit"]) == (2, -1, 1)


def test_a_hand_weapon_cannot_be_automatic_or_a_blast(tmp_path: Path) -> None:
    """Seed "Automatic Weapon Fire" (carbines, pistols, mounted rifles) and "Blast Weapons"
    (a plasma gun, a grenade launcher): a `kind: hand` weapon marked `auto: true` loaded, and
    its wielder was offered to switch it to automatic fire, which hand-to-hand never uses."""
    data = scenario(
        [npc("Ada", "0,0", weapon="Vibro Knife", skills={"Close Combat": 2})],
        [npc("Zed", "1,0")],
        weapons={"Vibro Knife": {"kind": "hand", "value": 2, "skill": "Close Combat"}},
    )
    data["weapons"]["Vibro Knife"].update(auto=True, blast=True)
    out = _check(tmp_path / "knife.yaml", data)
    assert "knife.yaml: weapons.Vibro Knife.auto: a hand weapon (kind: hand) cannot be auto" in out
    assert "weapons.Vibro Knife.blast: a hand weapon (kind: hand) cannot be blast" in out


# --- P1 / P7: in-system travel beyond 6G --------------------------------------------------------


def test_travel_beyond_six_g_says_what_it_does_to_the_crew() -> None:
    """Seed "Space combat": "One minute of exposure to higher than 6Gs takes you out. Ten
    minutes or more leads to death" (P7). `travel` priced a 7G trip of hours as a trip like
    any other; now it says what the crew lives through. 0.07 AU at 7G is 0.29 days (6 h 51
    min 42 s: t = 2 sqrt(d / a)): dead; 100 km takes 1 min 16 s: out; 15 km 30 s: the roll."""
    runner = CliRunner()
    out = runner.invoke(app, ["travel", "0.07AU", "--g", "7"])
    assert out.exit_code == 0, out.output
    text = " ".join(out.output.split())
    assert "0.29 days (6 h 51 min 42 s)" in text
    assert "beyond 6G for ten minutes or more: the crew is dead (P7)" in text
    out = runner.invoke(app, ["travel", "100km", "--g", "7"])
    text = " ".join(out.output.split())
    assert "1 min 16 s" in text and "beyond 6G for a minute or more: the crew is out (P7)" in text
    out = runner.invoke(app, ["travel", "15km", "--g", "7"])
    text = " ".join(out.output.split())
    assert "30 s" in text
    assert "beyond 6G: each aboard overcomes Space Ops at Difficult (+3)" in text
    out = runner.invoke(app, ["travel", "0.07AU", "--g", "6"])
    assert "P7" not in out.output  # 6G is not beyond 6G


def test_a_ranged_weapon_fired_with_close_combat_is_refused_by_name(tmp_path: Path) -> None:
    """Seed "Close Combat": "hand-held or hand-thrown weapons". A `kind: pistol` weapon with
    `skill: Close Combat` (a throwing axe) loaded, but every Close Combat attack is
    hand-to-hand here, so it could never be thrown: its wielder at 3 hexes had no attack at
    all. The loader now names the field and why (thrown weapons are not automated yet)."""
    data = scenario(
        [npc("Ada", "0,0", weapon="Throwing Axe", skills={"Close Combat": 3})],
        [npc("Zed", "3,0")],
        weapons={
            "Throwing Axe": {"kind": "pistol", "value": 2, "rounds": 1, "skill": "Close Combat"}
        },
    )
    out = _check(tmp_path / "axe.yaml", data)
    assert ("axe.yaml: weapons.Throwing Axe.skill: a pistol is not fired with Close Combat") in out


def test_character_new_takes_one_psychic_power_at_most(tmp_path: Path) -> None:
    """Seed "Psychic Powers": "only one power manifests in any psychic individual" (P13). The
    walk-through took "mover, sniff" and silently kept the mover; it now asks again."""
    answers = [*JUNO]
    answers.insert(13, "mover, sniff")
    out, sheet = _new(tmp_path, answers)
    assert "one power at most" in out
    assert sheet["power"] == "sniff"


def test_a_scenario_gun_without_rounds_has_the_seeds_magazine(tmp_path: Path) -> None:
    """Seed "Weapon Values": a pistol has 10 rounds, a carbine 30, a rifle 5. A scenario
    weapon that left `rounds` out had 0: it could never fire and no reload was offered (a
    reload fills it to 0). Now it has its kind's rounds; `rounds: 0` on a gun is refused by
    name. A Laser Pistol shot (Energy Weapons 3) leaves 9 of 10."""
    data = scenario(
        [npc("Ada", "0,0", weapon="Laser Pistol", skills={"Energy Weapons": 3})],
        [npc("Zed", "3,0")],
        weapons={"Laser Pistol": {"kind": "pistol", "value": 2, "skill": "Energy Weapons"}},
    )
    enc = start(data, ZERO * 10)
    assert enc.state.fighters["Ada"].rounds == 10
    enc.submit("Crew", "first side=Crew")
    enc.submit("Crew", "attack target=Zed skill='Energy Weapons' fire=single")
    enc.pass_window("counter")
    assert enc.state.fighters["Ada"].rounds == 9
    data["weapons"]["Laser Pistol"]["rounds"] = 0
    out = _check(tmp_path / "laser.yaml", data)
    assert (
        "laser.yaml: weapons.Laser Pistol.rounds: a pistol needs at least 1 round to fire "
        "(leave `rounds` out for the seed's 10)"
    ) in out


def test_a_scenarios_armor_below_zero_is_refused_by_name(tmp_path: Path) -> None:
    """Seed "Armor Ratings": "An Armor value reduces the shifts of a successful hit" (EVA 1 to
    Powered 4). A scenario's `armor: {paper suit: -2}` loaded, and its wearer took 2 more
    from every hit; now the field is named."""
    data = scenario([npc("Ada", "0,0", armor="paper suit")], [npc("Zed", "3,0")])
    data["armor"] = {"paper suit": -2}
    out = _check(tmp_path / "paper.yaml", data)
    assert "paper.yaml: armor.paper suit:" in out and "greater than or equal to 0" in out


def test_travel_refuses_an_infinite_distance_or_acceleration_by_name() -> None:
    """P1's calculator ended with a traceback on `1e400AU` (an infinite distance) and on a
    thrust so small the time overflows, and gave "0 s" and "nan km/s" at `--g inf`."""
    runner = CliRunner()
    for args, says in (
        (["travel", "1e400AU"], "the distance must be more than 0 and finite"),
        (["travel", "1AU", "--g", "inf"], "the acceleration must be more than 0G and finite"),
        (["travel", "1AU", "--g", "1e-300"], "too little to cross the distance"),
    ):
        out = runner.invoke(app, args)
        assert out.exit_code == 2, out.output  # refused, no traceback
        assert says in " ".join(out.output.split()), args


def test_travel_reads_the_seeds_thousands_of_kilometres() -> None:
    """Seed "System Travel": "D is distance in thousands of kilometers"; its Orbital hex is
    "15 Kkm". `10500Kkm` was refused as an unknown unit; it is the gas giant's 10.5 Mkm."""
    out = CliRunner().invoke(app, ["travel", "10500Kkm", "--g", "6"])
    assert out.exit_code == 0, out.output
    assert "0.31 days (7 h 25 min 17 s)" in out.output


def test_three_stunts_are_three_different_stunts(tmp_path: Path) -> None:
    """Seed "Stunts": "Each player character gets three stunts." `[Hot Hand, Hot Hand, hot
    hand]` passed as three; `check` now names it, and `character new` asks again."""
    ada = full_character(stunts=["Hot Hand", "Hot Hand", "hot hand"])
    out = _check(tmp_path / "ada.yaml", {"ruleset": "pilot_wave", "character": ada})
    assert "character.stunts: Ada: the stunt 'Hot Hand' is listed twice: three stunts" in out
    answers = [*JUNO]
    answers.insert(7, "Hot Hand, Silver Tongue, hot hand")
    out, sheet = _new(tmp_path, answers)
    assert "'hot hand' is given twice: name three different stunts" in out
    assert sheet["stunts"] == ["Hot Hand", "Shortcut Through The Dark", "Silver Tongue"]


def test_consequence_slots_are_one_of_each_and_a_pc_has_mild_moderate_severe(
    tmp_path: Path,
) -> None:
    """Seed "Consequences": mild -2, moderate -4, severe -6 (extreme -8); C9: one slot of
    each. `consequences: [mild, mild]` silently became one mild slot, and a player character
    with `consequences: [mild]` was accepted. Both are named now; an exempt NPC may still
    have fewer slots."""
    twice = scenario([npc("Ada", "0,0", consequences=["mild", "mild"])], [npc("Zed", "3,0")])
    out = _check(tmp_path / "twice.yaml", twice)
    assert "sides[0].characters[0].consequences: Ada: 'mild' is listed twice (one slot" in out
    pc = {"ruleset": "pilot_wave", "character": full_character(consequences=["mild"])}
    out = _check(tmp_path / "ada.yaml", pc)
    assert (
        "character.consequences: Ada: a player character has a mild, moderate, severe "
        "consequence slot; moderate, severe missing"
    ) in out
    enc = start(scenario([full_character()], [npc("Zed", "3,0", consequences=[])]), ZERO * 8)
    assert enc.state.fighters["Zed"].consequences.free() == []
