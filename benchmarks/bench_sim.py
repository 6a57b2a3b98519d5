"""Battles per second of `shiftdrive simulate`, on one core and on all of them.

Run: .venv/bin/python benchmarks/bench_sim.py [--battles N] [--repeat R] [--one-core]
         [--only NAME ...] [--split] [--profile]

For each scenario (tachyon 2v2 dogfight, fully_automated brawl, diaspora's duel, escort and
breakout, pilot_wave's boarding party, ambush and convoy raid, the three star_wars examples)
it measures:
  * one core: N battles in this process through `shiftdrive.sim.simulate` (serial backend);
  * all cores: the same N battles with --jobs = os.cpu_count() (spawn start-up included);
  * decisions per second and the cost per decision (one decision = one bot choice submitted);
  * with --split, one core again split into bots and "rules + engine": each battle's recorded
    choices are submitted again without bots, so the rules, dice, events and log alone are timed;
  * with --profile, the top functions by own time under cProfile (single core).
The runs use seed 0, so the battles are the same on every machine and every run.
The issues' speed goals compare examples with tachyon 2v2 (or fully_automated brawl) measured
in the same run: `--only dogfight-2v2 breakout` measures just those, `--one-core` skips the
all-cores figures (on a two-core machine they only add noise to a comparison). The scenarios
take turns, round by round (`--repeat` rounds), and each keeps its fastest round: load that
comes and goes then slows every scenario alike rather than whichever ran in a slow minute.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import platform
import pstats
import random
import sys
import time
from pathlib import Path

import shiftdrive
from shiftdrive.engine.bots import run_bots
from shiftdrive.engine.encounter import Encounter
from shiftdrive.files import read_yaml
from shiftdrive.sim import Plan, battle_seed, simulate
from shiftdrive.sim.runner import Run

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = [
    ROOT / "examples" / "tachyon" / "dogfight-2v2.yaml",
    ROOT / "examples" / "fully_automated" / "brawl.yaml",
    ROOT / "examples" / "diaspora" / "duel.yaml",
    ROOT / "examples" / "diaspora" / "escort.yaml",
    ROOT / "examples" / "diaspora" / "breakout.yaml",
    ROOT / "examples" / "pilot_wave" / "boarding-party.yaml",
    ROOT / "examples" / "pilot_wave" / "ambush.yaml",
    ROOT / "examples" / "pilot_wave" / "convoy-raid.yaml",
    ROOT / "examples" / "star_wars" / "cantina-duel.yaml",
    ROOT / "examples" / "star_wars" / "trench-run.yaml",
    ROOT / "examples" / "star_wars" / "blockade-runner.yaml",
]


def measure(
    paths: list[Path], battles: int, jobs: int, repeat: int = 1
) -> dict[Path, dict[str, float]]:
    """The fastest of `repeat` runs of each scenario, the scenarios taking turns round by
    round: other load on the machine only ever slows a run down, and it comes and goes over
    minutes, so scenarios compared in one run are measured side by side, not one after
    another (a scenario measured in a slow minute would otherwise look slower than the rest)."""
    best: dict[Path, Run] = {}
    for _ in range(max(1, repeat)):
        for path in paths:
            run = simulate(Plan(read_yaml(path), battles, seed=0, jobs=jobs, source=str(path)))
            if path not in best or run.seconds < best[path].seconds:
                best[path] = run
    figures: dict[Path, dict[str, float]] = {}
    for path, run in best.items():
        decisions = sum(o.decisions for o in run.outcomes)
        figures[path] = {
            "battles_per_second": run.battles_per_second,
            "decisions_per_battle": decisions / len(run.outcomes),
            "decisions_per_second": decisions / run.seconds,
            "us_per_decision": run.seconds / decisions * 1e6,
            "seconds": run.seconds,
        }
    return figures


def split(path: Path, battles: int, repeat: int = 1) -> tuple[float, float]:
    """Battles/s with bots, and with the same choices given (the rules and engine alone)."""
    prepared = Encounter.prepare(read_yaml(path), str(path))
    seeds = [battle_seed(0, i) for i in range(battles)]
    recorded = []
    for seed in seeds:
        enc = prepared.start(seed)
        run_bots(enc, rng=random.Random(seed), validate=False)
        recorded.append([(e.seat, e.choice) for e in enc.log[1:]])

    def with_bots() -> float:
        t = time.perf_counter()
        for seed in seeds:
            run_bots(prepared.start(seed, record=False), rng=random.Random(seed), validate=False)
        return time.perf_counter() - t

    def choices_given() -> float:
        t = time.perf_counter()
        for seed, choices in zip(seeds, recorded, strict=True):
            enc = prepared.start(seed, record=False)  # as `simulate` plays them
            for seat, choice in choices:
                assert choice is not None
                enc.submit(seat, choice, validate=False)
        return time.perf_counter() - t

    best_bots = min(with_bots() for _ in range(max(1, repeat)))
    best_given = min(choices_given() for _ in range(max(1, repeat)))
    return battles / best_bots, battles / best_given


def profile(path: Path, battles: int, top: int = 15) -> str:
    prof = cProfile.Profile()
    prof.enable()
    simulate(Plan(read_yaml(path), battles, seed=0, source=str(path)))
    prof.disable()
    buf = io.StringIO()
    pstats.Stats(prof, stream=buf).sort_stats("tottime").print_stats(top)
    return buf.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--battles", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure; the fastest counts")
    parser.add_argument("--split", action="store_true", help="bots vs rules + engine")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--one-core", action="store_true", help="skip the all-cores figures")
    parser.add_argument(
        "--only", nargs="+", metavar="NAME", help="scenarios whose file name contains NAME"
    )
    args = parser.parse_args()
    cores = 1 if args.one_core else (os.cpu_count() or 1)
    scenarios = [p for p in SCENARIOS if not args.only or any(n in p.name for n in args.only)]
    if not scenarios:
        known = ", ".join(p.stem for p in SCENARIOS)
        parser.error(f"--only {' '.join(args.only)}: no scenario matches (known: {known})")
    build = "compiled build (make fast)" if shiftdrive.compiled() else "pure Python build"
    print(f"{platform.python_implementation()} {sys.version.split()[0]}, "
          f"{os.cpu_count()} cores{' (measured on one)' if args.one_core else ''}, "
          f"{platform.machine()}, {args.battles} battles per figure, "
          f"fastest of {args.repeat} runs, "
          f"{build}")  # fmt: skip
    print(f"{'scenario':<32} {'cores':>5} {'battles/s':>10} {'decisions/battle':>17} "
          f"{'decisions/s':>12} {'µs/decision':>12}")  # fmt: skip
    for jobs in dict.fromkeys([1, cores]):
        for path, m in measure(scenarios, args.battles, jobs, args.repeat).items():
            name = f"{path.parent.name}/{path.name}"
            print(f"{name:<32} {jobs:>5} {m['battles_per_second']:>10.1f} "
                  f"{m['decisions_per_battle']:>17.1f} {m['decisions_per_second']:>12.0f} "
                  f"{m['us_per_decision']:>12.1f}")  # fmt: skip
    if args.split:
        print(f"\n{'scenario':<32} {'with bots':>10} {'choices given':>14} {'bots share':>11}")
        for path in scenarios:
            bots, given = split(path, args.battles, args.repeat)
            name = f"{path.parent.name}/{path.name}"
            share = 1 - bots / given
            print(f"{name:<32} {bots:>10.1f} {given:>14.1f} {share:>11.0%}")
    if args.profile:
        for path in scenarios:
            print(f"\n--- profile: {path.name}, {min(args.battles, 100)} battles, one core ---")
            print(profile(path, min(args.battles, 100)))


if __name__ == "__main__":
    main()
