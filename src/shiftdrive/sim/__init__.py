"""Monte Carlo balancing: many seeded bot battles through the engine, and their statistics."""

from shiftdrive.sim.report import build_report, compare_runs
from shiftdrive.sim.runner import (
    BackendUnavailable,
    BattleOutcome,
    Plan,
    Run,
    SimulationError,
    battle_seed,
    run_battle,
    simulate,
)

__all__ = [
    "BackendUnavailable", "BattleOutcome", "Plan", "Run", "SimulationError", "battle_seed",
    "build_report", "compare_runs", "run_battle", "simulate",
]  # fmt: skip
