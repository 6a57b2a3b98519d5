"""Engine behaviour: choices, overrides, save/load, undo, views, scenario errors."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shiftdrive.core.dice import ScriptedDice
from shiftdrive.engine.bots import random_bot, run_bots
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter, IllegalChoice, SaveFileError, digest
from shiftdrive.engine.replay import replay
from shiftdrive.engine.scenario import ScenarioError
from shiftdrive.files import load, read_yaml, save


def _stays_text(v: str) -> bool:
    """Text that looks like a number or true/false/null reads back as that value (documented)."""
    try:
        int(v)
    except ValueError:
        return v not in ("true", "false", "null")
    return False


text_values = st.text(
    alphabet=st.characters(blacklist_categories=("Cs", "Cc")), max_size=20
).filter(_stays_text)
params = st.dictionaries(
    st.from_regex(r"[a-z_]{1,8}", fullmatch=True).filter(lambda k: k != "action"),
    st.one_of(st.integers(-50, 50), st.booleans(), st.none(), text_values),
    max_size=4,
)


@given(st.from_regex(r"[a-z_]{1,12}", fullmatch=True), params)
def test_choice_text_round_trips(action: str, values: dict[str, Any]) -> None:
    choice = Choice.of(action, **values)
    assert Choice.parse(choice.text()) == choice
    assert Choice.from_json(json.loads(json.dumps(choice.to_json()))) == choice


@given(params, st.from_regex(r"[a-z_]{1,8}", fullmatch=True))
def test_params_read_back_by_name(values: dict[str, Any], name: str) -> None:
    """However a choice was made (built, parsed, from JSON), its parameters read the same."""
    built = Choice.of("act", **values)
    for choice in (built, Choice.parse(built.text()), Choice.from_json(built.to_json())):
        for key in [*values, name]:
            value = values.get(key)
            assert choice.get(key) == value
            assert choice.str_param(key) == (value if isinstance(value, str) else "")


def test_free_parameters_match(duel: dict[str, Any]) -> None:
    legal = Choice.of("advantage", skill="Notice", name="Default", free=("name",))
    assert Choice.of("advantage", skill="Notice", name="My Own").matches(legal)
    assert not Choice.of("advantage", skill="Shoot", name="My Own").matches(legal)
    assert not Choice.of("advantage", skill="Notice", name="  ").matches(legal)


def test_gm_overrides_are_logged_and_replayed(duel: dict[str, Any]) -> None:
    enc = Encounter.start(duel, seed=5)
    enc.submit("gm", Choice.of("gm_add_aspect", name="Power Failure", invokes=1, holder="Zird"))
    enc.submit("gm", Choice.of("gm_fate_points", character="Anna", delta=2))
    enc.submit("gm", Choice.of("gm_stress", character="Zird", track="physical", box=2))
    enc.submit(
        "gm",
        Choice.of("gm_consequence", character="Zird", severity="mild", aspect="Sprained Ankle"),
    )
    enc.submit("gm", Choice.of("gm_note", text="reinforcements soon"))
    state = enc.state
    assert state.aspects.get("Power Failure").free_for("Zird") == 1
    assert state.fighters["Anna"].fate_points.current == 4
    assert state.fighters["Zird"].stress["physical"].marked[1]
    assert "Sprained Ankle" in state.aspects
    assert [e.seat for e in enc.log[1:]] == ["gm"] * 5
    assert "reinforcements" not in json.dumps(enc.view("crew"))
    assert "reinforcements" in json.dumps(enc.view("gm"))
    assert replay(enc.to_json()).ok
    enc.submit("gm", Choice.of("gm_clear_consequence", character="Zird", severity="mild"))
    assert "Sprained Ankle" not in enc.state.aspects


@pytest.mark.parametrize(
    ("choice", "reason"),
    [
        (Choice.of("gm_fate_points", character="Nobody", delta=1), "no character named"),
        (Choice.of("gm_fate_points", character="Zird", delta=-5), "fate point"),
        (Choice.of("gm_stress", character="Zird", track="psychic", box=1), "no stress track"),
        (Choice.of("gm_stress", character="Zird", track="physical", box=9), "boxes 1..3"),
        (Choice.of("gm_remove_aspect", name="Nope"), "no aspect"),
        (Choice.of("gm_add_aspect", name="Sirens Wailing"), "already"),
        (Choice.of("gm_consequence", character="Zird", severity="dire"), "severity"),
    ],
)
def test_bad_overrides_are_refused_and_change_nothing(
    duel: dict[str, Any], choice: Choice, reason: str
) -> None:
    enc = Encounter.start(duel, seed=5)
    before = digest(enc.snapshot())
    with pytest.raises(IllegalChoice, match=reason):
        enc.submit("gm", choice)
    assert digest(enc.snapshot()) == before and len(enc.log) == 1


def test_only_the_gm_overrides(duel: dict[str, Any]) -> None:
    enc = Encounter.start(duel, seed=5)
    with pytest.raises(IllegalChoice, match="only the GM"):
        enc.submit("crew", Choice.of("gm_fate_points", character="Anna", delta=5))


def test_save_load_and_continue_equals_uninterrupted(duel: dict[str, Any], tmp_path: Path) -> None:
    whole = Encounter.start(duel, seed=11)
    run_bots(whole, rng=random.Random(3), policy=random_bot)
    commands = [(e.seat, e.choice) for e in whole.log[1:]]
    half = Encounter.start(duel, seed=11)
    for seat, choice in commands[: len(commands) // 2]:
        assert choice is not None
        half.submit(seat, choice)
    path = tmp_path / "half.json"
    save(half, path)
    loaded = load(path)
    for seat, choice in commands[len(commands) // 2 :]:
        assert choice is not None
        loaded.submit(seat, choice)
    assert digest(loaded.snapshot()) == digest(whole.snapshot())
    assert [e.to_json() for e in loaded.log] == [e.to_json() for e in whole.log]


def test_undo_is_replay_of_a_shorter_log(duel: dict[str, Any]) -> None:
    enc = Encounter.start(duel, dice=ScriptedDice([0] * 8))
    start = digest(enc.snapshot())
    enc.submit("crew", Choice.of("attack", target="Zird", skill="Fight"))
    enc.submit("raiders", Choice.of("defend", skill="Athletics"))
    cut = enc.undo(2)
    assert [c.choice.action for c in cut if c.choice] == ["attack", "defend"]
    assert digest(enc.snapshot()) == start
    with pytest.raises(IllegalChoice, match="0 command"):
        enc.undo()


def test_tampered_save_does_not_replay(duel: dict[str, Any]) -> None:
    enc = Encounter.start(duel, seed=2)
    run_bots(enc, rng=random.Random(1))
    data = enc.to_json()
    entry = next(e for e in data["log"][1:] if e["draws"])
    entry["draws"][0]["values"] = [1 if v < 1 else -1 for v in entry["draws"][0]["values"]]
    try:
        report = replay(data)
        assert not report.ok
    except SaveFileError as exc:
        assert "log entry" in str(exc)


def test_save_file_errors_name_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(SaveFileError, match="bad.json: not valid JSON"):
        load(bad)
    other = tmp_path / "other.json"
    other.write_text('{"hello": 1}')
    with pytest.raises(SaveFileError, match="not a shiftdrive encounter"):
        load(other)


def _problems(data: dict[str, Any]) -> list[tuple[str, str]]:
    with pytest.raises(ScenarioError) as info:
        Encounter.start(data, seed=1, source="s.yaml")
    assert "s.yaml" in str(info.value)
    return info.value.problems


def test_unknown_ruleset(duel: dict[str, Any]) -> None:
    duel["ruleset"] = "warhammer"
    assert _problems(duel)[0][0] == "ruleset"


def test_unknown_skill_names_the_path(duel: dict[str, Any]) -> None:
    duel["sides"][0]["characters"][0]["skills"]["Shooot"] = 2
    path, reason = _problems(duel)[0]
    assert path == "sides[0].characters[0].skills.Shooot" and "unknown skill" in reason


def test_weapon_not_in_catalog(duel: dict[str, Any]) -> None:
    duel["sides"][1]["characters"][0]["weapon"] = "lightsaber"
    path, reason = _problems(duel)[0]
    assert path == "sides[1].characters[0].weapon" and "not in the catalog" in reason


def test_zone_that_does_not_exist(duel: dict[str, Any]) -> None:
    duel["sides"][1]["characters"][0]["zone"] = "Basement"
    duel["zones"][0]["adjacent"].append("Cellar")
    paths = [p for p, _ in _problems(duel)]
    assert "sides[1].characters[0].zone" in paths and "zones[0].adjacent[1]" in paths


def test_duplicate_names(duel: dict[str, Any]) -> None:
    duel["sides"][1]["characters"][0]["name"] = "Anna"
    duel["zones"][1]["name"] = "Hangar"
    problems = _problems(duel)
    assert any("duplicate name 'Anna'" in r for _, r in problems)
    assert any("duplicate zone" in r for _, r in problems)


def test_missing_and_mistyped_fields(duel: dict[str, Any]) -> None:
    del duel["sides"][0]["characters"][0]["name"]
    duel["sides"][1]["characters"][0]["refresh"] = "lots"
    duel["colour"] = "red"
    problems = dict(_problems(duel))
    assert problems["sides[0].characters[0].name"] == "is required"
    assert "sides[1].characters[0].refresh" in problems
    assert problems["colour"] == "is not a known field"


def test_yaml_errors_name_the_file_and_line(tmp_path: Path) -> None:
    f = tmp_path / "broken.yaml"
    f.write_text("ruleset: fate_core\nsides: [\n")
    with pytest.raises(ScenarioError, match=r"broken.yaml: not valid YAML at line \d"):
        read_yaml(f)
    g = tmp_path / "list.yaml"
    g.write_text("- a\n- b\n")
    with pytest.raises(ScenarioError, match="mapping"):
        read_yaml(g)
    with pytest.raises(ScenarioError, match="file not found"):
        read_yaml(tmp_path / "missing.yaml")


def test_every_die_is_recorded(duel: dict[str, Any]) -> None:
    enc = Encounter.start(duel, seed=9)
    run_bots(enc, rng=random.Random(9))
    drawn = sum(len(d.values) for e in enc.log for d in e.draws)
    assert drawn > 0
    rolled = [e for e in enc.events() if e.kind in ("roll", "invoke") and "[" in enc.describe(e)]
    assert len(rolled) <= sum(len(e.draws) for e in enc.log)
