"""pytest-benchmark figures for the simulator (not part of `pytest tests`).

Run: .venv/bin/pytest benchmarks/test_bench_sim.py --benchmark-only
Each round plays 20 seeded battles on one core; battles/s = 20 / the mean shown.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from shiftdrive.engine.encounter import Encounter
from shiftdrive.files import read_yaml
from shiftdrive.sim.runner import battle_seed, run_battle

ROOT = Path(__file__).resolve().parent.parent
BATTLES = 20


@pytest.mark.parametrize(
    "path",
    [ROOT / "examples/tachyon/dogfight-2v2.yaml", ROOT / "examples/fully_automated/brawl.yaml"],
    ids=lambda p: p.stem,
)
def test_battles_one_core(benchmark: Any, path: Path) -> None:
    prepared = Encounter.prepare(read_yaml(path), str(path))

    def battles() -> int:
        return sum(run_battle(prepared, i, battle_seed(0, i)).decisions for i in range(BATTLES))

    decisions = benchmark(battles)
    benchmark.extra_info["battles"] = BATTLES
    benchmark.extra_info["decisions"] = decisions
    assert decisions > 0
