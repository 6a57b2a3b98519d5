"""The command line as a user meets it: output, exit codes, no tracebacks for mistakes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import yaml
from typer.testing import CliRunner

from conftest import DUEL, EXAMPLES
from shiftdrive.cli.main import app

runner = CliRunner()
AMBUSH = str(EXAMPLES / "fate_core" / "station-ambush.yaml")


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def test_python_dash_m_runs_the_same_command_line() -> None:
    """`python -m shiftdrive` is the `shiftdrive` command, for a machine without the script
    on its PATH."""
    done = subprocess.run(
        [sys.executable, "-m", "shiftdrive", "roll", "4dF+3", "--seed", "7"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == run("roll", "4dF+3", "--seed", "7")[1]


def test_roll_is_repeatable_with_a_seed() -> None:
    code, out = run("roll", "4dF+3", "--seed", "7")
    assert code == 0 and out == run("roll", "4dF+3", "--seed", "7")[1]
    assert out.startswith("4dF+3: [")


def test_roll_bad_expression_is_a_clear_error() -> None:
    code, out = run("roll", "4dX")
    assert code == 2 and "cannot read dice expression '4dX'" in out and "Traceback" not in out


def test_odds_json_exact_fractions() -> None:
    code, out = run("odds", "0", "--difficulty", "0", "--json")
    data = json.loads(out)
    assert code == 0 and set(data) == {"fail", "tie", "success", "style", "mishap"}
    assert data["fail"] == "31/81" and data["tie"] == "19/81"


def test_odds_table_accepts_ladder_words() -> None:
    code, out = run("odds", "Good", "--opposed", "Fair", "--invokes", "1")
    assert code == 0 and "Good (+3)" in out and "success with style" in out


def test_odds_2df_advantage_hazardous() -> None:
    code, out = run(
        "odds", "1", "--difficulty", "2", "--dice", "2dF", "--advantage", "--hazardous", "--json"
    )
    assert code == 0 and sum(eval(v) for v in json.loads(out).values()) == 1


def test_odds_needs_one_opposition() -> None:
    code, out = run("odds", "2")
    assert code == 2 and "exactly one of --difficulty or --opposed" in out
    code, out = run("odds", "Superbish", "--difficulty", "1")
    assert code == 2 and "SKILL" in out


def test_rulesets_lists_fate_core() -> None:
    code, out = run("rulesets")
    assert code == 0 and "fate_core" in out


def test_play_with_bots_saves_and_replays(tmp_path: Path) -> None:
    save = tmp_path / "fight.json"
    code, out = run("play", AMBUSH, "--bots", "all", "--seed", "1", "--save", str(save))
    assert code == 0 and "Over:" in out and save.exists()
    code, out = run("replay", str(save))
    assert code == 0 and "reproduces exactly" in out
    data = json.loads(save.read_text())
    data["log"][-1]["events"][0].setdefault("data", {})["tampered"] = "something else"
    save.write_text(json.dumps(data))
    code, out = run("replay", str(save))
    assert code == 1 and "does not reproduce" in out


def test_play_bad_scenario_names_file_field_and_reason(tmp_path: Path) -> None:
    data = json.loads(json.dumps(DUEL))
    data["sides"][0]["characters"][0]["weapon"] = "lightsaber"
    f = tmp_path / "bad.yaml"
    f.write_text(yaml.safe_dump(data))
    code, out = run("play", str(f), "--bots", "all")
    assert code == 2
    assert "bad.yaml: sides[0].characters[0].weapon: weapon 'lightsaber' is not in" in out
    code, out = run("check", str(f))
    assert code == 2 and "Traceback" not in out


def test_play_unknown_bot_side() -> None:
    code, out = run("play", AMBUSH, "--bots", "pirates")
    assert code == 2 and "no side or seat named pirates" in out


def test_interactive_play_numbers_refusals_gm_and_undo(tmp_path: Path) -> None:
    save = tmp_path / "live.json"
    script = (
        "\n".join(
            [
                "99",  # refused: out of range
                "attack target=Kesh skill=Fight",  # refused: out of reach, in the game's words
                "gm fate_points character=Anna\\ Vex delta=1",
                "2",  # attack Kesh with Shoot
                "undo",
                "quit",
            ]
        )
        + "\n"
    )
    code, out = run(
        "play", AMBUSH, "--bots", "raiders", "--seed", "4", "--save", str(save), input=script
    )
    assert code == 0
    assert "choose a number from 1 to" in out
    assert "cannot attack Kesh with Fight" in out
    assert "GM adjusts Anna Vex's fate points by +1" in out
    assert "undone: Attack Kesh with Shoot" in out
    saved = json.loads(save.read_text())
    assert [e["choice"]["action"] for e in saved["log"][1:]] == ["gm_fate_points"]


def test_manual_dice_prompt_until_valid(tmp_path: Path) -> None:
    script = "\n".join(["2", "9 9", "+ + + +", "0 0 0 0", "quit"]) + "\n"
    code, out = run("play", AMBUSH, "--bots", "raiders", "--dice", "manual", input=script)
    assert code == 0
    assert "need exactly 4 faces" in out
    assert "Anna Vex rolls Shoot: [+ + + +] -> 8" in out


def test_embedded_demo_is_the_example_scenario() -> None:
    from importlib import resources

    embedded = resources.files("shiftdrive.data").joinpath("demo.yaml").read_text()
    assert embedded == (EXAMPLES / "fate_core" / "station-ambush.yaml").read_text()


def test_demo_runs_to_the_end_without_a_terminal() -> None:
    code, out = run("demo", "--seed", "2")
    assert code == 0 and "Over:" in out
