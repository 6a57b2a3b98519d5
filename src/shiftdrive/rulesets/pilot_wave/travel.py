"""In-system travel (seed "System Travel", RULINGS P1): constant thrust to the midpoint, flip,
constant braking. Time is physics, t = 2 * sqrt(d / a) with a = G * 9.80665 m/s^2. The seed's
own formula gives hours rather than days, and some cells of its table are off (0.07 AU at 6G
is about 0.31 days, not 0.03): `seed_table` recomputes every cell."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Final

from shiftdrive.core.errors import RuleError
from shiftdrive.core.ladder import describe
from shiftdrive.rulesets.pilot_wave.catalog import (
    HIGH_G,
    HIGH_G_DEAD_SECONDS,
    HIGH_G_DIFFICULTY,
    HIGH_G_OUT_SECONDS,
)

STANDARD_GRAVITY: Final = 9.80665  # m/s^2 per G
METRES: Final[dict[str, float]] = {
    "au": 149_597_870_700.0,  # the IAU's astronomical unit
    "mkm": 1e9,
    "kkm": 1e6,  # the seed's formula's D (thousands of km) and its Orbital hex (15 Kkm)
    "km": 1e3,
}
_DISTANCE: Final = re.compile(r"\s*([0-9]*\.?[0-9]+(?:[eE][+-]?[0-9]+)?)\s*([A-Za-z]+)\s*")
#: the rows (AU) and columns (G) of the seed's "In-System Travel Times" table, with its remarks
SEED_ROWS: Final[tuple[tuple[float, str], ...]] = (
    (0.01, "Safe jump distance from a size A world."),
    (0.07, "Safe jump distance from a gas giant."),
    (0.3, "Typical distance to a neighbor world."),
    (2.0, "Typical distance to a far neighbor world."),
    (6.0, "Typical distance to a far gas giant."),
    (30.0, "Typical distance to an outer planet."),
)
SEED_G: Final = (1, 2, 3, 4, 5, 6)
#: the seed's own cells, in days, row by row (1G to 6G), to show beside the physics
SEED_CELLS: Final[tuple[tuple[float, ...], ...]] = (
    (0.28, 0.2, 0.16, 0.14, 0.12, 0.11),
    (0.75, 0.53, 0.43, 0.37, 0.33, 0.03),
    (1.5, 1.0, 0.8, 0.7, 0.6, 0.6),
    (4.0, 2.8, 2.3, 2.0, 1.7, 1.6),
    (6.9, 4.9, 4.0, 3.4, 3.1, 2.8),
    (15.5, 10.9, 8.9, 7.7, 6.9, 6.3),
)
#: how far a seed cell may be from the physics and still be the seed's rounding (it cuts
#: figures to one or two digits)
ROUNDING: Final = 0.10


def parse_distance(text: str) -> float:
    """A distance such as `0.07AU`, `10.5 Mkm` or `1500km`, in metres."""
    match = _DISTANCE.fullmatch(text) if isinstance(text, str) else None
    unit = match.group(2).lower() if match else ""
    if match is None or unit not in METRES:
        raise RuleError(
            f"cannot read the distance {text!r}: give a number and a unit, AU, Mkm, Kkm or "
            "km (e.g. 0.07AU, 10.5Mkm, 10500Kkm, 1500km)"
        )
    metres = float(match.group(1)) * METRES[unit]
    if not 0 < metres < math.inf:
        raise RuleError(f"the distance must be more than 0 and finite, not {text!r}")
    return metres


@dataclass(frozen=True, slots=True)
class Trip:
    """A trip of `metres` at a sustained `g` (the maneuver drive's rating: M2 is 2G)."""

    metres: float
    g: float

    def __post_init__(self) -> None:
        if not 0 < self.g < math.inf:
            raise RuleError(f"the acceleration must be more than 0G and finite, not {self.g}")
        if not 0 < self.metres < math.inf:
            raise RuleError("the distance must be more than 0 and finite")
        if not math.isfinite(self.seconds):
            raise RuleError(f"{self.g}G is too little to cross the distance in finite time")

    @property
    def seconds(self) -> float:
        """Accelerate to the midpoint, flip, brake: t = 2 * sqrt(d / a)."""
        return 2.0 * math.sqrt(self.metres / (self.g * STANDARD_GRAVITY))

    @property
    def days(self) -> float:
        return self.seconds / 86_400.0

    @property
    def top_speed(self) -> float:
        """Metres per second at the flip (the midpoint)."""
        return self.g * STANDARD_GRAVITY * self.seconds / 2.0

    def high_g(self) -> str | None:
        """P7 for a trip beyond 6G, thrusting or braking all the way: what it does to those
        aboard (None: 6G or less)."""
        if self.g <= HIGH_G:
            return None
        if self.seconds >= HIGH_G_DEAD_SECONDS:
            return "beyond 6G for ten minutes or more: the crew is dead (P7)"
        if self.seconds >= HIGH_G_OUT_SECONDS:
            return "beyond 6G for a minute or more: the crew is out (P7)"
        against = describe(HIGH_G_DIFFICULTY, difficulty=True)
        return (
            f"beyond 6G: each aboard overcomes Space Ops at {against} or takes a physical hit "
            "of the shortfall (P7)"
        )

    def words(self) -> str:
        """`0.31 days (7 h 24 min 42 s)`: days as the seed gives them, then to the second;
        beyond 6G, what the trip does to the crew (P7)."""
        total = round(self.seconds)
        d, rest = divmod(total, 86_400)
        h, rest = divmod(rest, 3_600)
        m, s = divmod(rest, 60)
        parts = [f"{d} d"] if d else []
        parts += [f"{h} h", f"{m} min", f"{s} s"] if d or h else [f"{m} min", f"{s} s"]
        hurt = self.high_g()
        return f"{self.days:.2f} days ({' '.join(parts)})" + (f"; {hurt}" if hurt else "")


@dataclass(frozen=True, slots=True)
class Cell:
    """One cell of the seed's table: its trip recomputed, and what the seed prints."""

    trip: Trip
    seed_days: float

    @property
    def off(self) -> bool:
        """Whether the seed's figure is wrong, not merely rounded."""
        return abs(self.seed_days - self.trip.days) > ROUNDING * self.trip.days


def seed_table() -> list[tuple[float, str, list[Cell]]]:
    """The seed's table, every cell recomputed: (AU, remark, a cell per G column)."""
    return [
        (
            au,
            remark,
            [Cell(Trip(au * METRES["au"], g), d) for g, d in zip(SEED_G, seed, strict=True)],
        )
        for (au, remark), seed in zip(SEED_ROWS, SEED_CELLS, strict=True)
    ]
