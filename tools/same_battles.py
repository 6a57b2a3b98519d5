"""Fingerprint the battles of every example, to show a refactor plays the same battles.

Usage: python tools/same_battles.py OUT.json [--seeds 100]
       python tools/same_battles.py --compare BEFORE.json AFTER.json

For seeds 0..N-1 of every example under examples/, plays the bot battle that
`shiftdrive play SCENARIO --bots all --seed S` plays (the simulator's `run_battle`) and keeps
its winner, ending, rounds, decisions and tallies. Event wording is not part of it; the
comparison holds the outcome (winner, ending, rounds, tallies) and reports decisions apart.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "examples").glob("*/*.yaml"))


def fingerprint(seeds: int) -> dict[str, list[dict[str, object]]]:
    from shiftdrive.engine.encounter import Encounter
    from shiftdrive.sim.runner import run_battle

    out: dict[str, list[dict[str, object]]] = {}
    for path in SCENARIOS:
        prepared = Encounter.prepare(yaml.safe_load(path.read_text()), source=str(path))
        rows = []
        for seed in range(seeds):
            o = run_battle(prepared, seed, seed).to_json()
            o.pop("reason", None)
            rows.append(o)
        out[f"{path.parent.name}/{path.name}"] = rows
    return out


def _outcome(row: dict[str, object]) -> dict[str, object]:
    """What the issue asks to stay the same: winner, ending, rounds and tallies (the number of
    decisions may change by design, e.g. when an invoke step that could change nothing is no
    longer asked)."""
    return {k: v for k, v in row.items() if k != "decisions"}


def compare(before: Path, after: Path) -> int:
    a = json.loads(before.read_text())
    b = json.loads(after.read_text())
    bad = 0
    for name in sorted(set(a) | set(b)):
        rows_a, rows_b = a.get(name, []), b.get(name, [])
        pairs = list(zip(rows_a, rows_b, strict=False))
        same = sum(_outcome(x) == _outcome(y) for x, y in pairs)
        asked = sum(x.get("decisions") == y.get("decisions") for x, y in pairs)
        before_n = sum(int(x.get("decisions", 0)) for x, _ in pairs)
        after_n = sum(int(y.get("decisions", 0)) for _, y in pairs)
        n = max(len(rows_a), len(rows_b))
        print(
            f"{name:36} {same:4}/{n} identical (winner, ending, rounds, tallies);"
            f" decisions {after_n}/{before_n} ({asked}/{n} same count)"
        )
        bad += n - same
    return 1 if bad else 0


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("out", nargs="?")
    parser.add_argument("--seeds", type=int, default=100)
    parser.add_argument("--compare", nargs=2, type=Path)
    args = parser.parse_args()
    if args.compare:
        return compare(*args.compare)
    Path(args.out).write_text(json.dumps(fingerprint(args.seeds), indent=0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
