"""`shiftdrive simulate`: many bot battles, a balancing report, and how a change moved the odds.

Thin like the rest of the CLI: it parses options, calls `shiftdrive.sim` and renders.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TaskID,
    TextColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from shiftdrive.engine.encounter import Encounter, PreparedScenario
from shiftdrive.engine.scenario import ScenarioError
from shiftdrive.files import read_yaml
from shiftdrive.sim.plot import PlotUnavailable, write_plot
from shiftdrive.sim.report import build_report, compare_runs
from shiftdrive.sim.runner import (
    BackendUnavailable,
    Plan,
    Run,
    SimulationError,
    simulate,
    start_method,
)

# Below this many battles a process, fewer processes finish sooner: a forked worker starts in
# ~0.1 s, a spawned one (macOS, Windows, a process with threads) in ~0.25 s.
AUTO_BATTLES_PER_PROCESS = {"fork": 100, "spawn": 250}


def auto_jobs(battles: int, cores: int, method: str | None = None) -> int:
    """Processes when --jobs is not given: every core, but only as many as the run can keep
    busy for well longer than a process takes to start."""
    per_process = AUTO_BATTLES_PER_PROCESS[method or start_method()]
    return max(1, min(cores, battles // per_process))


out = Console(highlight=False)
# A pure-Python run this long gets a pointer to the compiled build (about 3x the speed).
FAST_HINT_SECONDS = 5.0
#: the widest a participant's name is shown on one line (longer ones wrap)
NAME_WIDTH = 24
err = Console(stderr=True, highlight=False, soft_wrap=True)


def _fail(message: str, code: int = 2) -> typer.Exit:
    err.print(f"[bold red]error:[/bold red] {escape(message)}")
    return typer.Exit(code)


class _Rate(ProgressColumn):
    """Battles per second, measured by Rich over the last few updates."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text(f"{speed:,.0f} battles/s" if speed else "… battles/s", style="cyan")


def _progress(enabled: bool) -> Progress:
    # No refresh thread (auto_refresh=False): the bar is drawn when battles finish (`_Ticker`),
    # so worker processes can be forked from a process with no other thread (`start_method`).
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        _Rate(),
        TextColumn("left"),
        TimeRemainingColumn(),
        console=err,
        auto_refresh=False,
        transient=True,
        disable=not enabled,
    )


def _pct(x: float) -> str:
    return f"{x * 100:5.1f}%"


def _ci(ci: list[float]) -> str:
    return f"{ci[0] * 100:4.1f}–{ci[1] * 100:4.1f}%"


def _precision_line(p: dict[str, Any], per_second: float) -> str:
    """How sure the shares are, and what a ±1 point answer would cost at this run's speed."""
    pts = p["half_width"] * 100
    line = f"Precision: shares within ±{pts:.{1 if pts >= 2 else 2}f} points (95%)"
    goal = f"±{p['goal'] * 100:g} point"
    need = p["battles_for_goal"]
    if p["half_width"] <= p["goal"]:
        return line + f", better than {goal}"
    when = f" (≈ {_duration(need / per_second)} at this run's speed)" if per_second > 0 else ""
    return line + f"; {goal} needs about {need:,} battles{when}"


def _duration(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def render_report(rep: dict[str, Any], scenario: str) -> None:
    """The report for a person: outcomes, endings, length, participants, battles to watch."""
    backend = "1 process" if rep["backend"] == "serial" else f"{rep['jobs']} {rep['backend']}"
    if rep["backend"] == "ray":
        backend = "Ray"
    out.print(
        f"[bold]{scenario}[/bold] — {rep['ruleset']}, {rep['battles']} battles "
        f"(seed {rep['seed']}), {rep['seconds']:.1f} s, "
        f"{rep['battles_per_second']:,.1f} battles/s, {backend}"
        + (", compiled build" if rep["build"] == "compiled" else "")
    )
    if rep["interrupted"]:
        out.print(
            f"[yellow]Interrupted: {rep['battles']} of {rep['requested']} battles finished; "
            "the figures cover those.[/yellow]"
        )
    if not rep["battles"]:
        return
    table = Table(title="Outcomes", title_justify="left")
    for col in ("", "battles", "share", "95% CI"):
        table.add_column(col, justify="left" if not col else "right")
    for side, r in rep["sides"].items():
        table.add_row(f"won by {side}", str(r["count"]), _pct(r["rate"]), _ci(r["ci95"]))
    d = rep["draws"]
    table.add_row("draw / no winner", str(d["count"]), _pct(d["rate"]), _ci(d["ci95"]))
    for why, r in rep["no_winner"].items():  # who escaped, or which limit ended it
        table.add_row(f"  {why}", str(r["count"]), _pct(r["rate"]), _ci(r["ci95"]), style="dim")
    out.print(table)
    out.print(_precision_line(rep["precision"], rep["battles_per_second"]))
    endings = ", ".join(f"{k} {v}" for k, v in rep["endings"].items())
    # A battle ends by concession or bug-out only when the losing side's last craft leave that
    # way; single craft that conceded or bugged out are per participant, below.
    out.print(
        f"Battles ended by: {endings} (a whole side conceding: {rep['concessions']}, "
        f"bugging out: {rep['bug_outs']})"
    )
    r = rep["rounds"]
    if r:
        out.print(
            f"Rounds to finish: mean {r['mean']:.1f}, median {r['median']:g}, "
            f"sd {r['stdev']:.1f}, range {r['min']:g}–{r['max']:g} "
            f"(10%–90%: {r['p10']:g}–{r['p90']:g})"
        )
    else:
        out.print("Rounds to finish: not reported by this ruleset")
    dec = rep["decisions"]
    out.print(f"Decisions per battle: mean {dec['mean']:.0f}, range {dec['min']:g}–{dec['max']:g}")
    parts = Table(
        title="Participants: how often out; mean damage, consequences, fate points spent",
        title_justify="left",
        box=box.SIMPLE_HEAD,  # (no column rules: the names and sides fit an 80-column terminal)
        pad_edge=False,
        collapse_padding=True,
    )
    # the figures never wrap (a long crew name does, at its vehicle's and station's words)
    longest = max((len(name) for name in rep["participants"]), default=0)
    parts.add_column("", min_width=min(longest, NAME_WIDTH))
    parts.add_column("side", no_wrap=True)
    for col in ("taken out", "conceded", "bug out", "dmg", "cons", "FP"):
        parts.add_column(col, justify="right", no_wrap=True)
    for name, p in rep["participants"].items():
        parts.add_row(
            name,
            p["side"],
            _pct(p["taken_out"]["rate"]),
            _pct(p["conceded"]["rate"]),
            _pct(p["bugged_out"]["rate"]),
            f"{p['damage']['mean']:.2f}",
            f"{p['consequences']['mean']:.2f}",
            f"{p['fate_points']['mean']:.2f}",
        )
    out.print(parts)
    out.print(f"Battles worth watching: shiftdrive play {scenario} --bots all --seed SEED")
    for b in rep["notable"]:
        who = f"won by {b['winner']}" if b["winner"] else "no winner"
        out.print(
            f"  {b['what']:<9} seed {b['seed']:<11} {who}, {b['ending']}, "
            f"{b['rounds']} rounds, {b['decisions']} decisions"
        )
    if rep["build"] != "compiled" and rep["seconds"] >= FAST_HINT_SECONDS:
        out.print(
            "[dim]Pure-Python build: `make fast` builds the compiled one (.venv-fast/bin/"
            "shiftdrive), about three times faster, with the same battles for a seed.[/dim]"
        )


def render_compare(cmp: dict[str, Any], a: str, b: str) -> None:
    out.print(
        f"\n[bold]{a} → {b}[/bold]: {cmp['paired_battles']} battles with the same seeds "
        f"(seed {cmp['seed']})"
    )
    table = Table(title_justify="left")
    for col in ("", "A", "B", "change", "95% CI", "p", "p paired"):
        table.add_column(col, justify="left" if not col else "right")
    for side, c in cmp["changes"].items():
        label = "draw / no winner" if side == "draw" else f"won by {side}"
        table.add_row(
            label,
            _pct(c["a"]),
            _pct(c["b"]),
            f"{c['diff'] * 100:+.1f} pts",
            f"{c['ci95'][0] * 100:+.1f} to {c['ci95'][1] * 100:+.1f}",
            f"{c['p_value']:.3g}",
            f"{c['paired_p_value']:.3g}",
        )
    out.print(table)
    if cmp["rounds_mean"]:
        ra, rb = cmp["rounds_mean"]["a"], cmp["rounds_mean"]["b"]
        out.print(f"Mean rounds: {ra:.1f} → {rb:.1f}")
    out.print(
        "[dim]Change in percentage points. The CI (Newcombe) and p (two-proportion z) treat "
        "A and B as independent (conservative with shared seeds); 'p paired' is exact "
        "McNemar's on the battles whose winner changed.[/dim]"
    )


def _load(path: Path, option: str) -> dict[str, Any]:
    try:
        return dict(read_yaml(path))
    except ScenarioError as exc:
        raise _fail(f"{option}: {exc}" if option else str(exc)) from None


def _prepare(plan: Plan) -> PreparedScenario:
    try:
        return Encounter.prepare(plan.data, plan.source)
    except ScenarioError as exc:
        raise _fail(str(exc)) from None


class _Ticker:
    """Moves the bar as battles finish, redrawing it at most ten times a second."""

    def __init__(self, progress: Progress, task: TaskID) -> None:
        self.progress, self.task, self.drawn = progress, task, 0.0

    def __call__(self, done: int) -> None:
        self.progress.update(self.task, completed=done)
        now = time.monotonic()
        if now - self.drawn >= 0.1:
            self.drawn = now
            self.progress.refresh()


def _run(plan: Plan, prepared: PreparedScenario, progress: Progress, label: str) -> Run:
    task = progress.add_task(label, total=plan.battles)
    try:
        return simulate(plan, progress=_Ticker(progress, task), prepared=prepared)
    except ScenarioError as exc:
        raise _fail(str(exc)) from None
    except (BackendUnavailable, SimulationError) as exc:
        raise _fail(str(exc), 2 if isinstance(exc, BackendUnavailable) else 1) from None


def simulate_cmd(
    scenario: Annotated[Path, typer.Argument(help="Scenario YAML file")],
    battles: Annotated[int, typer.Option("-n", "--battles", help="How many battles")] = 1000,
    seed: Annotated[int, typer.Option(help="Run seed: battle i uses a seed derived from it")] = 0,
    jobs: Annotated[
        int | None,
        typer.Option(
            "-j",
            "--jobs",
            help="Processes (0: one per core). Default: one process per 100 battles (250 where "
            "workers cannot be forked), at most one per core. Results are the same for any J.",
            show_default=False,
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="The report as JSON")] = False,
    plot: Annotated[
        Path | None, typer.Option(help="Write a PNG of outcomes and lengths (needs matplotlib)")
    ] = None,
    compare: Annotated[
        Path | None, typer.Option(help="A second scenario to run with the same seeds")
    ] = None,
    ray: Annotated[
        str | None, typer.Option(help="Run on Ray: a cluster ADDRESS, or 'local'")
    ] = None,
) -> None:
    """Run N bot battles and report win rates, endings, lengths and who gets hurt.

    Battle i uses the seed printed in the report: replay any battle with
    `shiftdrive play SCENARIO --bots all --seed SEED`.
    """
    if battles < 1:
        raise _fail(f"-n/--battles must be at least 1, not {battles}")
    if jobs is not None and jobs < 0:
        raise _fail(f"--jobs must be 0 (one per core) or more, not {jobs}")
    if ray is not None and not ray.strip():
        raise _fail("--ray needs a cluster address or 'local'")
    cores = os.cpu_count() or 1
    if jobs is None:  # Ray sizes itself: by default it takes every core it is given
        jobs = 1 if ray is not None else auto_jobs(battles, cores)
    jobs = jobs or cores
    if plot is not None and not plot.parent.is_dir():
        raise _fail(f"--plot: the directory {plot.parent} does not exist")
    data_a = _load(scenario, "")
    data_b = _load(compare, "--compare") if compare is not None else None
    plans = [Plan(data_a, battles, seed, jobs, ray, str(scenario))]
    if data_b is not None:
        plans.append(Plan(data_b, battles, seed, jobs, ray, str(compare)))
    # Both scenarios are checked before any battle runs: a broken B must not cost A's run.
    prepared = [_prepare(plan) for plan in plans]
    if len(prepared) == 2 and prepared[0].ruleset.id != prepared[1].ruleset.id:
        raise _fail(
            f"--compare: {compare} is a {prepared[1].ruleset.id} scenario and {scenario} a "
            f"{prepared[0].ruleset.id} one; compare two versions of the same encounter"
        )
    runs: list[Run] = []
    with _progress(err.is_terminal) as progress:
        for plan, prep in zip(plans, prepared, strict=True):
            runs.append(_run(plan, prep, progress, Path(plan.source).name))
            if runs[-1].interrupted:
                break
    reports = [build_report(r) for r in runs]
    cmp = compare_runs(runs[0], runs[1]) if len(runs) == 2 else None
    if plot is not None:
        try:
            write_plot(plot, [(Path(r["scenario"]).name, r) for r in reports])
        except PlotUnavailable as exc:
            raise _fail(str(exc)) from None
    if as_json:
        print(json.dumps(cmp if cmp is not None else reports[0], indent=2))
    else:
        for rep in reports:
            render_report(rep, rep["scenario"])
        if cmp is not None:
            render_compare(cmp, str(scenario), str(compare))
        if plot is not None:
            out.print(f"plot written to {plot}")
    if any(r.interrupted for r in runs):
        raise typer.Exit(130)
