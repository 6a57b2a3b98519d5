"""Statistics a balancing report needs: Wilson intervals, differences of proportions, spreads.

Pure Python (`math` only): the numbers are small and exactness matters more than speed here.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054  # two-sided 95% normal quantile


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion: sane at 0%, 100% and small N (unlike Wald)."""
    if trials <= 0:
        return (0.0, 1.0)
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must be between 0 and {trials}, not {successes}")
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _normal_two_sided_p(z: float) -> float:
    return math.erfc(abs(z) / math.sqrt(2))


@dataclass(frozen=True, slots=True)
class Difference:
    """How a proportion moved from run A to run B (b - a), with its uncertainty.

    `ci95` is Newcombe's hybrid score interval (method 10, from the two Wilson intervals);
    `p_value` the pooled two-proportion z-test. Both treat the runs as independent samples.
    When both runs use the same seeds the pairs are positively correlated, which makes these
    conservative; `paired_p_value` (exact McNemar on the battles whose outcome changed) uses
    the pairing and is the sharper test then.
    """

    a: float
    b: float
    diff: float
    ci95: tuple[float, float]
    p_value: float
    paired_p_value: float | None = None


def difference(
    k_a: int, n_a: int, k_b: int, n_b: int, *, discordant: tuple[int, int] | None = None
) -> Difference:
    """Difference of two proportions k_b/n_b - k_a/n_a; `discordant` = (a only, b only)."""
    if n_a <= 0 or n_b <= 0:
        raise ValueError("both runs need at least one battle")
    pa, pb = k_a / n_a, k_b / n_b
    la, ua = wilson(k_a, n_a)
    lb, ub = wilson(k_b, n_b)
    d = pb - pa
    lo = d - math.sqrt((pb - lb) ** 2 + (ua - pa) ** 2)
    hi = d + math.sqrt((ub - pb) ** 2 + (pa - la) ** 2)
    pooled = (k_a + k_b) / (n_a + n_b)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n_a + 1 / n_b))
    p = 1.0 if se == 0 else _normal_two_sided_p(d / se)
    paired = mcnemar_exact(*discordant) if discordant is not None else None
    return Difference(pa, pb, d, (max(-1.0, lo), min(1.0, hi)), p, paired)


def mcnemar_exact(only_a: int, only_b: int) -> float:
    """Exact two-sided McNemar p-value: a binomial(only_a + only_b, 1/2) test."""
    n = only_a + only_b
    if n == 0:
        return 1.0
    k = min(only_a, only_b)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / (1 << n)
    return min(1.0, 2 * tail)


def spread(values: Sequence[float]) -> dict[str, float]:
    """Mean, median, standard deviation, min, max and the 10th/90th percentiles."""
    if not values:
        return {}
    ordered = sorted(values)
    n = len(ordered)

    def pct(q: float) -> float:
        # nearest-rank percentile: always a value that occurred
        return float(ordered[min(n - 1, max(0, math.ceil(q * n) - 1))])

    return {
        "mean": statistics.fmean(ordered),
        "median": float(statistics.median(ordered)),
        "stdev": statistics.stdev(ordered) if n > 1 else 0.0,
        "min": float(ordered[0]),
        "p10": pct(0.10),
        "p90": pct(0.90),
        "max": float(ordered[-1]),
    }


def trials_for(half_width: float, p: float, z: float = Z95) -> int:
    """Battles needed for a rate near `p` to be known within ±`half_width` (95%: z = 1.96).

    The normal approximation n = z²·p(1−p)/h², rounded up: what a designer needs to plan a run,
    not a guarantee (Wilson intervals near 0% or 100% are a little narrower).
    """
    if not 0 < half_width < 1:
        raise ValueError(f"half_width must be between 0 and 1, not {half_width}")
    return math.ceil(z * z * p * (1 - p) / (half_width * half_width))
