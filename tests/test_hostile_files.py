"""Hostile and broken files: every one refused by `check`, `play` or `replay` with a clear
error naming the file (and the field) and the reason; never a traceback, never a hang."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from conftest import EXAMPLES
from shiftdrive.cli.main import app

runner = CliRunner()
AMBUSH = EXAMPLES / "fate_core" / "station-ambush.yaml"
BRAWL = EXAMPLES / "fully_automated" / "brawl.yaml"
DOGFIGHT = EXAMPLES / "tachyon" / "dogfight-2v2.yaml"


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


SCENARIO_TEXTS: dict[str, tuple[bytes, str]] = {
    "alias": (b"ruleset: fate_core\ntitle: &t [*t]\n", "anchors and aliases"),
    "laughs": (
        b'ruleset: fate_core\na: &a ["x","x","x"]\nb: &b [*a,*a,*a]\nc: [*b,*b,*b]\n',
        "anchors and aliases",
    ),
    "set": (b"ruleset: fate_core\ntitle: !!set {a, b}\n", "tag:yaml.org,2002:set"),
    "binary": (b"ruleset: fate_core\ntitle: !!binary aGVsbG8=\n", "tag:yaml.org,2002:binary"),
    "deep": (b"ruleset: fate_core\nx: " + b"[" * 5000 + b"]" * 5000 + b"\n", "nested deeper"),
    "utf8": (b"ruleset: fate_core\ntitle: \xff\xfe\n", "is not UTF-8 text"),
    "bigint": (b"ruleset: fate_core\nx: " + b"9" * 5000 + b"\n", "a number too long"),
    "list": (b"- 1\n- 2\n", "must hold a mapping"),
    "huge": (b"ruleset: fate_core\n#" + b"x" * 300_000 + b"\n", "is larger than 256,000 bytes"),
}


@pytest.mark.parametrize("name", sorted(SCENARIO_TEXTS))
def test_hostile_scenario_text_is_refused_by_name(name: str, tmp_path: Path) -> None:
    text, reason = SCENARIO_TEXTS[name]
    path = tmp_path / f"{name}.yaml"
    path.write_bytes(text)
    for command in (["check", str(path)], ["play", str(path), "--bots", "all"]):
        code, out = run(*command)
        assert code == 2, out
        assert f"{name}.yaml" in out and reason in out.replace("\n", " "), out


def mutated(path: Path, change: Any) -> dict[str, Any]:
    data = yaml.safe_load(path.read_text())
    change(data)
    return data


def set_radius(d: dict[str, Any]) -> None:
    d["map"] = {"radius": 100_000}


def set_size(d: dict[str, Any]) -> None:
    d["map"] = {"width": 1_000_000_000, "height": 3}


def set_stress(d: dict[str, Any]) -> None:
    d["sides"][0]["characters"][0]["stress"] = {"physical": 1_000_000}


def crowd(d: dict[str, Any]) -> None:
    chars = d["sides"][1]["characters"]
    chars += [{**copy.deepcopy(chars[-1]), "name": f"Thug {n}", "aspects": []} for n in range(37)]


def many_sides(d: dict[str, Any]) -> None:
    d["sides"] += [
        {"name": f"Gang {n}", "characters": [{"name": f"Goon {n}", "at": f"{n},6"}]}
        for n in range(7)
    ]


def set_hp(d: dict[str, Any]) -> None:
    d["sides"][0]["characters"][0]["hp"] = 10**9


def many_large(d: dict[str, Any]) -> None:
    d["sides"][0]["large"] = [
        {"name": f"Carrier {n}", "template": "frigate", "zone": "Jump Point"} for n in range(11)
    ]


BOUNDS = [
    (BRAWL, set_radius, "at most 2,000"),
    (BRAWL, set_size, "at most 2,000"),
    (AMBUSH, set_stress, "less than or equal to 20"),
    (AMBUSH, crowd, "sides: hold 42 characters; a scenario may have at most 40"),
    (BRAWL, many_sides, "sides: List should have at most 8 items"),
    (BRAWL, set_hp, "hp: Input should be less than or equal to 200"),
    (DOGFIGHT, many_large, "large: List should have at most 10 items"),
]


@pytest.mark.parametrize(("example", "change", "reason"), BOUNDS)
def test_sizes_beyond_any_table_are_refused_by_field(
    example: Path, change: Any, reason: str, tmp_path: Path
) -> None:
    path = tmp_path / "big.yaml"
    path.write_text(yaml.safe_dump(mutated(example, change)))
    code, out = run("check", str(path))
    assert code == 2 and reason in out.replace("\n", " ") and "big.yaml" in out, out


def test_a_craft_aspect_must_have_a_name(tmp_path: Path) -> None:
    data = yaml.safe_load(DOGFIGHT.read_text())
    craft = data["sides"][0]["craft"][0]
    craft["aspects"] = [""]
    path = tmp_path / "empty.yaml"
    path.write_text(yaml.safe_dump(data))
    code, out = run("check", str(path))
    assert code == 2 and "aspects" in out and "at least 1 character" in out, out


def test_an_error_lists_twenty_problems_and_counts_the_rest(tmp_path: Path) -> None:
    data = yaml.safe_load(AMBUSH.read_text())
    data["zones"] += [{"name": "Airlock", "adjacent": ["Nowhere"]} for _ in range(30)]
    path = tmp_path / "many.yaml"
    path.write_text(yaml.safe_dump(data))
    code, out = run("check", str(path))
    assert code == 2 and "… and" in out and out.count("many.yaml:") == 22, out


def test_a_seat_at_the_keyboard_is_asked_from_the_start_of_round_chatter() -> None:
    """Found by the fuzz test: the odds beside tachyon's chatter choices (a side's turn, no
    craft acting) raised KeyError before the first prompt."""
    code, out = run("play", str(DOGFIGHT), "--bots", "Pirates", "--seed", "1", input="quit\n")
    assert code == 0 and "start of round chatter" in out and "Say nothing" in out, out


@pytest.fixture(scope="module")
def good_save(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    path = tmp_path_factory.mktemp("saves") / "good.json"
    code, _ = run("play", str(AMBUSH), "--bots", "all", "--seed", "3", "--save", str(path))
    assert code == 0
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def tamper(data: dict[str, Any], how: str) -> Any:
    d = copy.deepcopy(data)
    entry = next(e for e in d["log"] if e["draws"])
    if how == "face":
        entry["draws"][0]["values"][0] = 7
    elif how == "entry":
        d["log"][1] = 5
    elif how == "draws":
        d["log"][1]["draws"] = [1]
    elif how == "version":
        d.pop("version")
    elif how == "seed":
        d["dice"]["seed"] = d["dice"]["seed"] + 1
    elif how == "final":
        d.pop("final")
    elif how == "scenario":
        d["scenario"]["sides"][0]["characters"][0]["hidden"] = True
    elif how == "dice":
        d["dice"] = 5
    elif how == "who":
        entry["draws"][0]["who"] = "Brute"
    elif how == "commands":
        d["final"]["commands"] = 0
    elif how == "scenario_list":  # types the compiled build would refuse with a TypeError
        d["scenario"] = [d["scenario"]]
    elif how == "digest_list":
        d["final"]["digest"] = [d["final"]["digest"]]
    elif how == "ruleset_list":
        d["ruleset"] = [d["ruleset"]]
    return d


REASONS = {
    "face": "not all faces of dF",
    "entry": "log[1] must be an object",
    "draws": "log[1] is malformed",
    "version": "save format version None is not 2",
    "seed": "but seed",
    "final": "no final state digest",
    "scenario": "scenario: sides[0].characters[0].hidden: is not a known field",
    "dice": "'dice' must be an object",
    "who": "its dice are not the ones its command rolls",
    "commands": "the log holds",
    "scenario_list": "scenario must be an object, not list",
    "digest_list": "final state digest is not text",
    "ruleset_list": "ruleset must be a name, not list",
}


@pytest.mark.parametrize("how", sorted(REASONS))
def test_tampered_saves_are_refused(good_save: dict[str, Any], how: str, tmp_path: Path) -> None:
    path = tmp_path / f"{how}.json"
    path.write_text(json.dumps(tamper(good_save, how)))
    code, out = run("replay", str(path))
    assert code in (1, 2) and "Traceback" not in out, out
    assert f"{how}.json: " in out and REASONS[how] in out.replace("\n", " "), out
    assert "reproduces exactly" not in out


def test_a_set_up_short_of_its_dice_is_refused(tmp_path: Path) -> None:
    """Found by the fuzz test: a save whose set-up lost draws raised DiceExhausted."""
    path = tmp_path / "setup.json"
    code, _ = run("play", str(DOGFIGHT), "--bots", "all", "--seed", "2", "--save", str(path))
    data = json.loads(path.read_text())
    data["log"][0]["draws"] = data["log"][0]["draws"][:3]
    path.write_text(json.dumps(data))
    code, out = run("replay", str(path))
    assert code == 2 and "setup.json: the set-up does not replay" in out, out


HEAD = '{"format":"shiftdrive-encounter","x":'


@pytest.mark.parametrize(
    ("name", "text", "reason"),
    [
        ("deep", HEAD + "[" * 100_000 + "]" * 100_000 + "}", "nested too deeply"),
        ("bigint", HEAD + "9" * 5000 + "}", "number too long"),
        ("notjson", "{", "not valid JSON"),
    ],
)  # fmt: skip
def test_broken_save_files_are_refused(name: str, text: str, reason: str, tmp_path: Path) -> None:
    path = tmp_path / f"{name}.json"
    path.write_text(text)
    code, out = run("replay", str(path))
    assert code == 2 and reason in out and f"{name}.json" in out, out
