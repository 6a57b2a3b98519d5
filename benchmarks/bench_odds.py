"""Time shiftdrive's exact odds against icepool doing the same work.

Run: .venv/bin/python benchmarks/bench_odds.py [--reps N]

Cases:
  * the full opposed table: skills 0..8 x 0..8, invokes 0..3, 4dF, no reroll (324 cells);
  * the same table on 2dF with advantage (F1: 3dF keep best two);
  * fudge_distribution(4) from a cold cache.

icepool prices each cell with the same policy (spend +2 invokes while shifts < 1), in two ways:
mapping the policy over both sides' dice per cell, and (fairer to icepool) building the
difference die once and mapping the policy over it per cell. Both are checked to give exactly
the same Fractions as shiftdrive. shiftdrive timings are cold: caches are cleared every rep.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time
from collections.abc import Callable
from fractions import Fraction

import icepool

from shiftdrive.core.odds import clear_caches, fudge_distribution, opposed_table

MAX_SKILL = 8
MAX_INVOKES = 3
Cell = tuple[int, int, int]
Outcomes = dict[str, Fraction]


def spend(shifts: int, invokes: int) -> int:
    """The documented policy: +2 invokes one at a time while the roll is not a success."""
    while shifts < 1 and invokes > 0:
        shifts += 2
        invokes -= 1
    return shifts


def outcomes(die: icepool.Die) -> Outcomes:
    """C2 outcome chances (not hazardous) from a die of final shifts."""
    out = dict.fromkeys(("fail", "tie", "success", "style", "mishap"), Fraction(0))
    for s in die.outcomes():
        key = "fail" if s < 0 else "tie" if s == 0 else "success" if s <= 2 else "style"
        out[key] += Fraction(die.probability(s))
    return out


def fudge_dice(dice: int, advantage: int) -> icepool.Die:
    fudge = icepool.d(3) - 2
    if advantage > 0:
        return fudge.highest(dice + 1, dice)
    return dice @ fudge


def icepool_per_cell(dice: int, advantage: int) -> dict[Cell, Outcomes]:
    """icepool maps the policy over both sides' dice, once per cell."""
    own = fudge_dice(dice, advantage)
    opp = dice @ (icepool.d(3) - 2)
    table: dict[Cell, Outcomes] = {}
    for skill in range(MAX_SKILL + 1):
        for other in range(MAX_SKILL + 1):
            for n in range(MAX_INVOKES + 1):

                def policy(mine: int, theirs: int, k: int = skill - other, n: int = n) -> int:
                    return spend(k + mine - theirs, n)

                table[skill, other, n] = outcomes(icepool.map(policy, own, opp))
    return table


def icepool_difference(dice: int, advantage: int) -> dict[Cell, Outcomes]:
    """icepool builds own - opposing dice once, then maps the policy over it per cell."""
    diff = fudge_dice(dice, advantage) - dice @ (icepool.d(3) - 2)
    table: dict[Cell, Outcomes] = {}
    for skill in range(MAX_SKILL + 1):
        for other in range(MAX_SKILL + 1):
            for n in range(MAX_INVOKES + 1):

                def policy(d: int, k: int = skill - other, n: int = n) -> int:
                    return spend(k + d, n)

                table[skill, other, n] = outcomes(diff.map(policy))
    return table


def shiftdrive_table(dice: int, advantage: int) -> dict[Cell, Outcomes]:
    clear_caches()
    table = opposed_table(MAX_SKILL, MAX_INVOKES, dice, advantage=advantage)
    return {
        cell: {
            "fail": o.fail,
            "tie": o.tie,
            "success": o.success,
            "style": o.style,
            "mishap": o.mishap,
        }
        for cell, o in table.items()
    }


def shiftdrive_table_only(dice: int, advantage: int) -> None:
    clear_caches()
    opposed_table(MAX_SKILL, MAX_INVOKES, dice, advantage=advantage)


def median_time(fn: Callable[[], object], reps: int, inner: int = 1) -> float:
    """Median seconds per call over `reps` samples of `inner` calls each."""
    samples = []
    for _ in range(reps):
        start = time.perf_counter()
        for _ in range(inner):
            fn()
        samples.append((time.perf_counter() - start) / inner)
    return statistics.median(samples)


def fmt(seconds: float) -> str:
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds * 1e6:.1f} µs"


def cold_fudge_distribution() -> None:
    clear_caches()
    fudge_distribution(4)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=7, help="samples per timing (median shown)")
    args = parser.parse_args()
    reps: int = args.reps

    print(f"Python {platform.python_version()}, icepool {icepool.__version__}, {reps} reps")
    rows: list[tuple[str, float, float | None, float | None]] = []
    for label, dice, advantage in (
        ("opposed table 4dF (324 cells)", 4, 0),
        ("opposed table 2dF advantage (324 cells)", 2, 1),
    ):
        ours = shiftdrive_table(dice, advantage)
        if icepool_per_cell(dice, advantage) != ours or icepool_difference(dice, advantage) != ours:
            raise SystemExit(f"{label}: icepool and shiftdrive disagree")
        t_ours = median_time(lambda d=dice, a=advantage: shiftdrive_table_only(d, a), reps, 10)
        t_cell = median_time(lambda d=dice, a=advantage: icepool_per_cell(d, a), reps)
        t_diff = median_time(lambda d=dice, a=advantage: icepool_difference(d, a), reps)
        rows.append((label, t_ours, t_cell, t_diff))

    t_fudge = median_time(cold_fudge_distribution, reps, 1000)
    t_ice_fudge = median_time(lambda: 4 @ (icepool.d(3) - 2), reps, 1000)
    rows.append(("fudge_distribution(4), cold", t_fudge, t_ice_fudge, None))

    header = f"{'case':<42}{'shiftdrive':>12}{'icepool/cell':>14}{'icepool/diff':>14}{'ratio':>14}"
    print(header)
    print("-" * len(header))
    for label, ours, cell, diff in rows:
        ratio = " / ".join(f"{t / ours:.0f}x" for t in (cell, diff) if t is not None)
        print(
            f"{label:<42}{fmt(ours):>12}{fmt(cell) if cell else '-':>14}"
            f"{fmt(diff) if diff else '-':>14}{ratio:>14}"
        )
    print("ratio = icepool time / shiftdrive time (per-cell map / difference die)")
    print("all icepool tables equal shiftdrive's exactly")


if __name__ == "__main__":
    main()
