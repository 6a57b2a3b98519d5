"""Playing at a physical table from the terminal: dice typed in are decisions, so undo,
save and quit work at a dice prompt, Ctrl-C keeps the save, and a saved fight resumes."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import EXAMPLES
from shiftdrive.cli import main as cli
from shiftdrive.cli.main import app

runner = CliRunner()
AMBUSH = str(EXAMPLES / "fate_core" / "station-ambush.yaml")


def play(*args: str, script: list[str]) -> tuple[int, str]:
    result = runner.invoke(app, ["play", *args], input="\n".join(script) + "\n")
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def test_dice_prompt_asks_each_roller_in_turn_and_refuses_bad_faces(tmp_path: Path) -> None:
    save = tmp_path / "fight.json"
    code, out = play(
        AMBUSH, "--bots", "raiders", "--dice", "manual", "--save", str(save),
        script=["2", "9 9", "+ + + +", "0 0 0 0", "quit"],
    )  # fmt: skip
    assert code == 0
    assert "Roll 4dF for Anna Vex: Shoot" in out and "Roll 4dF for Kesh: Athletics" in out
    assert "need exactly 4 faces of dF" in out
    saved = json.loads(save.read_text())
    attack = saved["log"][-1]
    assert attack["choice"]["action"] == "defend"
    assert [d["values"] for d in attack["draws"]] == [[1, 1, 1, 1], [0, 0, 0, 0]]


def test_undo_at_a_dice_prompt_takes_back_the_choice_waiting_for_dice(tmp_path: Path) -> None:
    save = tmp_path / "fight.json"
    code, out = play(
        AMBUSH, "--bots", "raiders", "--dice", "manual", "--save", str(save),
        script=["2", "undo", "quit"],
    )  # fmt: skip
    assert code == 0 and "undone: Defend with Athletics (Fair (+2)), Attack Kesh with Shoot" in out
    saved = json.loads(save.read_text())
    assert len(saved["log"]) == 1 and "awaiting" not in saved


def test_save_and_quit_at_a_dice_prompt_then_resume_there(tmp_path: Path) -> None:
    save = tmp_path / "fight.json"
    code, out = play(
        AMBUSH, "--bots", "raiders", "--dice", "manual", script=["2", f"save {save}", "quit"]
    )
    assert code == 0 and "saved to" in out
    saved = json.loads(save.read_text())
    assert saved["awaiting"]["choice"]["action"] == "defend"
    code, out = play("--resume", str(save), "--bots", "raiders", script=["- - - -", "quit"])
    assert code == 0 and "resumed" in out and "Roll 4dF for Kesh: Athletics" in out
    resumed = json.loads(save.read_text())
    assert "awaiting" in resumed and resumed["awaiting"]["faces"] == [[-1, -1, -1, -1]]


def test_ctrl_c_at_a_prompt_keeps_the_save(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    answers = iter(["2"])

    def ask(message: str) -> str:
        for answer in answers:
            return answer
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "_prompt", ask)
    save = tmp_path / "fight.json"
    result = runner.invoke(
        app, ["play", AMBUSH, "--bots", "raiders", "--dice", "manual", "--save", str(save)]
    )
    assert result.exit_code == 0, result.output
    saved = json.loads(save.read_text())
    assert saved["awaiting"]["choice"] == {"action": "defend", "skill": "Athletics"}


def test_resume_continues_a_seeded_fight_to_the_end_keeping_what_was_played(tmp_path: Path) -> None:
    whole, half = tmp_path / "whole.json", tmp_path / "half.json"
    play(AMBUSH, "--bots", "all", "--seed", "9", "--save", str(whole), script=[])
    code, _ = play(
        AMBUSH, "--bots", "raiders", "--seed", "9", "--save", str(half), script=["2", "quit"]
    )
    assert code == 0
    code, out = play("--resume", str(half), "--bots", "all", script=[])
    assert code == 0 and "Over:" in out
    a, b = json.loads(whole.read_text()), json.loads(half.read_text())
    assert b["log"][1]["choice"] == {"action": "attack", "skill": "Shoot", "target": "Kesh"}
    assert b["final"]["commands"] > 1 and b["dice"] == a["dice"]


def test_resume_errors_name_the_file(tmp_path: Path) -> None:
    code, out = play("--resume", str(tmp_path / "missing.json"), script=[])
    assert code == 2 and "missing.json: file not found" in out and "Traceback" not in out
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    code, out = play("--resume", str(bad), script=[])
    assert code == 2 and "not a shiftdrive encounter" in out
    code, out = play(AMBUSH, "--resume", str(bad), script=[])
    assert code == 2 and "not both" in out


def test_undo_names_only_the_choices_the_seat_may_see() -> None:
    from shiftdrive.engine.choices import Choice
    from shiftdrive.engine.events import LogEntry

    cut = [
        LogEntry("Mara", Choice.of("play", card="move"), [], [], frozenset({"Mara"})),
        LogEntry("Rook", Choice.of("play", card="stab"), [], [], frozenset({"Rook"})),
        LogEntry("Vex", Choice.of("play", card="shoot"), [], [], frozenset({"Vex"})),
    ]
    from types import SimpleNamespace

    from shiftdrive.engine.registry import get_ruleset

    table = SimpleNamespace(enc=SimpleNamespace(ruleset=get_ruleset("fully_automated")))
    said = cli.Play.undone(table, cut, "Mara")  # type: ignore[arg-type]
    assert said == "play card=move, 2 hidden choices"
    assert "stab" not in said and "shoot" not in said


BRAWL = str(EXAMPLES / "fully_automated" / "brawl.yaml")
DOGFIGHT = str(EXAMPLES / "tachyon" / "dogfight-2v2.yaml")


def test_bots_take_sides_as_well_as_seats() -> None:
    code, out = play(BRAWL, "--bots", "Gang", "--seed", "7", script=["quit"])
    assert code == 0 and "bots: Nyx, Rook, Vex" in out.replace("\n", " ")
    code, out = play(BRAWL, "--bots", "Pirates", script=[])
    assert code == 2 and "sides: Dockers, Gang" in out


def test_the_save_is_written_before_each_prompt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "fight.json"
    seen: list[int] = []

    def ask(message: str) -> str:
        seen.append(len(json.loads(save.read_text())["log"]))
        if len(seen) == 1:
            return "2"
        raise EOFError

    monkeypatch.setattr(cli, "_prompt", ask)
    runner.invoke(app, ["play", AMBUSH, "--bots", "raiders", "--seed", "3", "--save", str(save)])
    assert seen[0] == 1 and seen[1] > 2  # the attack and the bots' replies were kept


def test_gm_commands_reach_the_rulesets_own_gm_decisions() -> None:
    code, out = play(
        BRAWL, "--bots", "all", "--seed", "7", script=[]
    )  # bots only: no prompt, plays to the end
    assert code == 0
    code, out = play(
        BRAWL, "--bots", "Gang", "--seed", "7", script=["gm hp name=Rook delta=-3", "quit"]
    )
    assert code == 0 and "refused" not in out


def test_hot_seat_clears_the_screen_between_seats_holding_secrets(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[str] = []
    answers = iter(["5", "", "quit"])  # Mara picks a card, hands over, Tobi quits

    def ask(message: str) -> str:
        asked.append(message)
        return next(answers)

    cleared: list[bool] = []
    monkeypatch.setattr(cli, "_prompt", ask)
    monkeypatch.setattr(cli.console, "clear", lambda *a, **k: cleared.append(True))
    monkeypatch.setattr(cli.Play, "hand_off", True, raising=False)
    monkeypatch.setattr(cli, "autosave_path", lambda source: Path(os.devnull))
    result = runner.invoke(app, ["play", BRAWL, "--bots", "Gang", "--seed", "7"])
    assert result.exit_code == 0, result.output
    assert asked[1] == "Mara: pass the keyboard to Tobi, who presses Enter" and cleared


def test_refusals_echoes_and_undo_use_the_games_names_not_the_short_ones() -> None:
    """Issue 15: no internal ids ("move2", "ew_advantage") in what the table reads."""
    from shiftdrive.engine.choices import Choice
    from shiftdrive.engine.encounter import Encounter
    from shiftdrive.files import read_yaml

    enc = Encounter.start(read_yaml(Path(DOGFIGHT)), seed=3)
    seat = enc.pending_seats()[0]
    offered = {c.action for c in enc.legal(seat)}
    absent = next(a for a in ("ew_advantage", "repair_shields", "fire") if a not in offered)
    reason = enc.why_illegal(seat, Choice.of(absent))
    assert reason is not None
    assert absent not in reason and "move2" not in reason and "_" not in reason
    assert enc.ruleset.choice_words(Choice.of("move2", to="Z2")) == "Move 2 zones to=Z2"


DIASPORA_DUEL = str(EXAMPLES / "diaspora" / "duel.yaml")


def test_a_person_may_concede_before_a_bots_attack_comes() -> None:
    """C10: the concession window before another side's attack is the person's to use,
    before the bot declares it (it is optional, so nobody waits on it otherwise)."""
    code, out = play(DIASPORA_DUEL, "--bots", "Raiders", "--seed", "2", script=["1"] * 60)
    assert code == 0
    flat = " ".join(out.split())
    asked = flat.index("Jackal is about to declare an attack: concede now")
    assert "Colonials concedes: Persistence leave the fight" in flat[asked:]
    assert "Over: Raiders wins — Colonials conceded" in flat
