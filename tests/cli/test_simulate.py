"""`shiftdrive simulate` as a designer meets it: report, JSON, plot, compare, errors, Ctrl-C."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

import shiftdrive
from conftest import EXAMPLES
from shiftdrive.cli import simulate as cli_simulate
from shiftdrive.cli.main import app
from shiftdrive.engine.encounter import Encounter
from shiftdrive.files import read_yaml
from shiftdrive.sim import runner as sim_runner
from shiftdrive.sim.runner import replay_battle

cli = CliRunner()
AMBUSH = str(EXAMPLES / "fate_core" / "station-ambush.yaml")
DOGFIGHT = str(EXAMPLES / "tachyon" / "dogfight-2v2.yaml")


def run(*args: str) -> tuple[int, str]:
    result = cli.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def as_json(*args: str) -> dict[str, Any]:
    code, out = run("simulate", *args, "--json")
    assert code == 0, out
    data: dict[str, Any] = json.loads(out)
    return data


def test_text_report_names_sides_endings_and_seeds() -> None:
    code, out = run("simulate", DOGFIGHT, "-n", "5", "--seed", "1")
    assert code == 0, out
    for text in ("won by Tachyon", "won by Pirates", "95% CI", "Battles ended by:",
                 "Rounds to finish",
                 "Precision: shares within ±", "±1 point needs about",
                 "Viper-1", "typical", "shortest", "longest", "--bots all --seed"):  # fmt: skip
        assert text in out, text


@pytest.mark.parametrize(("build", "seconds", "hint"), [
    ("python", 6.0, True), ("python", 1.0, False), ("compiled", 60.0, False),
])  # fmt: skip
def test_long_pure_runs_point_to_the_compiled_build(build: str, seconds: float, hint: bool) -> None:
    rep = as_json(DOGFIGHT, "-n", "3")
    rep.update(build=build, seconds=seconds)
    with cli_simulate.out.capture() as captured:
        cli_simulate.render_report(rep, DOGFIGHT)
    assert ("make fast" in captured.get()) is hint


def test_json_schema() -> None:
    data = as_json(AMBUSH, "-n", "4", "--seed", "2")
    assert data["battles"] == 4 and data["requested"] == 4 and data["interrupted"] is False
    assert data["seconds"] > 0 and data["battles_per_second"] > 0
    assert data["build"] == ("compiled" if shiftdrive.compiled() else "python")
    assert set(data["sides"]) == {"crew", "raiders"}
    for side in data["sides"].values():
        assert set(side) == {"wins", "count", "rate", "ci95"}
        assert 0 <= side["ci95"][0] <= side["rate"] <= side["ci95"][1] <= 1
    assert {"draws", "endings", "concessions", "bug_outs", "rounds", "rounds_histogram",
            "decisions", "participants", "notable", "seed_rule"} <= set(data)  # fmt: skip
    assert set(data["rounds"]) == {"mean", "median", "stdev", "min", "p10", "p90", "max"}
    prec = data["precision"]
    widest = max(
        [*data["sides"].values(), data["draws"]], key=lambda r: r["ci95"][1] - r["ci95"][0]
    )
    assert prec["half_width"] == pytest.approx((widest["ci95"][1] - widest["ci95"][0]) / 2)
    assert prec["goal"] == 0.01 and prec["battles_for_goal"] > 4
    person = next(iter(data["participants"].values()))
    assert {"side", "taken_out", "conceded", "bugged_out", "damage", "consequences",
            "fate_points"} == set(person)  # fmt: skip


def test_json_is_the_same_for_any_number_of_jobs() -> None:
    one = as_json(AMBUSH, "-n", "6", "--seed", "3")
    two = as_json(AMBUSH, "-n", "6", "--seed", "3", "--jobs", "2")
    for d in (one, two):
        for k in ("seconds", "battles_per_second", "backend", "jobs"):
            d.pop(k)
    assert one == two


def test_reported_seeds_replay_with_play(tmp_path: Path) -> None:
    """`play SCENARIO --bots all --seed SEED` is the very battle the report names."""
    report = as_json(DOGFIGHT, "-n", "3", "--seed", "8")
    pick = report["notable"][1]  # the shortest
    save = tmp_path / "battle.json"
    code, out = run("play", DOGFIGHT, "--bots", "all", "--seed", str(pick["seed"]),
                    "--save", str(save))  # fmt: skip
    assert code == 0, out
    saved = json.loads(save.read_text())
    sim = replay_battle(Encounter.prepare(read_yaml(Path(DOGFIGHT)), DOGFIGHT), pick["seed"])
    assert saved["log"] == sim.to_json()["log"] and saved["final"] == sim.to_json()["final"]
    assert len(saved["log"]) - 1 == pick["decisions"]
    winner = saved["log"][-1]["events"]
    assert pick["winner"] is None or any(
        pick["winner"] in e.get("text", "") or e.get("data", {}).get("winner") == pick["winner"]
        for e in winner
    )  # events are data: the winner is in the end event's data (or an older ruleset's text)


def test_compare_shows_how_the_odds_moved(tmp_path: Path) -> None:
    data = dict(read_yaml(Path(AMBUSH)))
    for side in data["sides"][1:]:
        for c in side["characters"]:
            c["skills"] = {k: v + 2 for k, v in c.get("skills", {}).items()}
    b = tmp_path / "tougher.yaml"
    b.write_text(yaml.safe_dump(data))
    cmp = as_json(AMBUSH, "-n", "6", "--seed", "1", "--compare", str(b))
    assert cmp["paired_battles"] == 6 and cmp["a"]["scenario"] == AMBUSH
    assert cmp["b"]["scenario"] == str(b)
    assert {"crew", "raiders", "draw"} <= set(cmp["changes"])
    crew = cmp["changes"]["crew"]
    assert crew["diff"] == pytest.approx(crew["b"] - crew["a"])
    assert crew["ci95"][0] <= crew["diff"] <= crew["ci95"][1]
    code, out = run("simulate", AMBUSH, "-n", "3", "--compare", str(b))
    assert code == 0 and "p paired" in out and "McNemar" in out and "tougher.yaml" in out


def test_plot_writes_a_png(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    png = tmp_path / "out.png"
    code, out = run("simulate", AMBUSH, "-n", "3", "--plot", str(png))
    assert code == 0, out
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_plot_without_matplotlib_is_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import importlib

    real = importlib.import_module

    def no_matplotlib(name: str, *args: Any) -> Any:
        if name.startswith("matplotlib"):
            raise ImportError(name)
        return real(name, *args)

    monkeypatch.setattr(importlib, "import_module", no_matplotlib)
    code, out = run("simulate", AMBUSH, "-n", "1", "--plot", str(tmp_path / "x.png"))
    assert code == 2 and "shiftdrive[plot]" in out and "Traceback" not in out


def test_ctrl_c_reports_what_finished(monkeypatch: pytest.MonkeyPatch) -> None:
    real = sim_runner.run_battle
    calls = []

    def interrupted(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        if len(calls) == 4:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(sim_runner, "run_battle", interrupted)
    code, out = run("simulate", AMBUSH, "-n", "10")
    assert code == 130 and "Interrupted: 3 of 10 battles finished" in out
    assert "won by crew" in out and "Traceback" not in out
    calls.clear()
    code, out = run("simulate", AMBUSH, "-n", "10", "--json")
    data = json.loads(out)
    assert code == 130 and data["battles"] == 3 and data["interrupted"] is True


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["missing.yaml"], "missing.yaml: file not found"),
        ([AMBUSH, "-n", "0"], "-n/--battles must be at least 1, not 0"),
        ([AMBUSH, "--jobs", "-1"], "--jobs must be 0 (one per core) or more"),
        ([AMBUSH, "--compare", "nope.yaml"], "--compare: nope.yaml: file not found"),
        ([AMBUSH, "--plot", "no/such/dir/x.png"], "--plot: the directory no/such/dir"),
        ([AMBUSH, "--ray", " "], "--ray needs a cluster address or 'local'"),
    ],
)
def test_bad_input_is_a_one_line_error(args: list[str], message: str) -> None:
    code, out = run("simulate", *args)
    assert code == 2 and message in out and "Traceback" not in out
    assert len(out.strip().splitlines()) == 1


def test_invalid_scenario_names_the_file_and_field(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("ruleset: tachyon\nsides: 3\n")
    code, out = run("simulate", str(bad), "-n", "2")
    assert code == 2 and str(bad) in out and "Traceback" not in out
    bad.write_text("ruleset: [unclosed\n")
    code, out = run("simulate", str(bad))
    assert code == 2 and "not valid YAML" in out


def test_compare_is_checked_before_any_battle_runs(tmp_path: Path) -> None:
    brawl = str(EXAMPLES / "fully_automated" / "brawl.yaml")
    code, out = run("simulate", AMBUSH, "-n", "500", "--compare", brawl)
    assert code == 2 and "is a fully_automated scenario" in out and "fate_core one" in out
    assert "won by" not in out  # refused up front: A was not run
    bad = tmp_path / "b.yaml"
    bad.write_text("ruleset: fate_core\nsides: 3\n")
    code, out = run("simulate", AMBUSH, "-n", "500", "--compare", str(bad))
    assert code == 2 and str(bad) in out and "won by" not in out and "Traceback" not in out


def test_missing_ray_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib

    real = importlib.import_module

    def no_ray(name: str, *args: Any) -> Any:
        if name == "ray":
            raise ImportError(name)
        return real(name, *args)

    monkeypatch.setattr(importlib, "import_module", no_ray)
    code, out = run("simulate", AMBUSH, "-n", "2", "--ray", "local")
    assert code == 2 and "shiftdrive[ray]" in out


def test_default_jobs_use_every_core_only_for_big_runs() -> None:
    from shiftdrive.cli.simulate import auto_jobs

    assert auto_jobs(6, 8, "spawn") == 1
    assert auto_jobs(1000, 2, "spawn") == 2
    assert auto_jobs(1000, 16, "spawn") == 4
    assert auto_jobs(100_000, 16, "spawn") == 16
    assert auto_jobs(60, 8, "fork") == 1
    assert auto_jobs(1000, 16, "fork") == 10  # forked workers start sooner: more of them pay
    code, out = run("simulate", AMBUSH, "-n", "4")
    assert code == 0, out
    assert "1 process" in out


def test_ray_is_left_to_size_itself_when_jobs_is_not_given(monkeypatch: pytest.MonkeyPatch) -> None:
    import shiftdrive.cli.simulate as cli_sim

    plans: list[sim_runner.Plan] = []

    def capture(
        plan: sim_runner.Plan, progress: Any = None, prepared: Any = None
    ) -> sim_runner.Run:
        plans.append(plan)
        raise sim_runner.BackendUnavailable("stopped here by the test")

    monkeypatch.setattr(cli_sim, "simulate", capture)
    code, out = run("simulate", AMBUSH, "-n", "1000", "--ray", "local")
    assert code == 2 and "stopped here by the test" in out
    assert plans[0].jobs == 1  # no num_cpus passed: Ray takes every core
    run("simulate", AMBUSH, "-n", "1000")
    assert plans[1].jobs == cli_sim.auto_jobs(1000, os.cpu_count() or 1)
