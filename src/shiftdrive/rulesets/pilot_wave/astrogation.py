"""Astrogation (seed "Astrogation", RULINGS P2, P14): the Space Ops roll that calculates a jump.

The difficulty is set by how far out the ship is, in diameters of the nearest body: 100 or
more is Routine (2), 10 to 100 Difficult (3), closer Impossible (6) and hazardous. The margin
sets the minutes the calculation takes (the seed's table); -4 or worse fails and costs 20
minutes. On a hazardous roll a margin of -3 or worse is a mishap (C2) instead: under 10
diameters the jump fails, 20 minutes are lost and the ship takes a consequence; a 3-parsec jump
(past the drive's 2-parsec limit, hazardous in itself) loses primary containment and the ship
is destroyed. Every jump ends with about 5 days in the wormhole's exit; a jump of 2 parsecs or
more leaves the reactor needing 10 hours in a gravity well of at least 0.1G.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from shiftdrive.core.errors import RuleError
from shiftdrive.core.odds import Odds, OddsQuery, odds

ROUTINE: Final = 2  # 100 diameters or more
DIFFICULT: Final = 3  # 10 to 100 diameters
IMPOSSIBLE: Final = 6  # under 10 diameters: hazardous too
FAR_OUT: Final = 100
CLOSE_IN: Final = 10
#: the seed's margins and the minutes each takes; below the last, the attempt fails
MINUTES: Final[dict[int, int]] = {4: 0, 3: 2, 2: 4, 1: 6, 0: 10, -1: 12, -2: 14, -3: 16}
FAILED_MINUTES: Final = 20  # -4 or worse (or a mishap): the first effort is lost
MISHAP_MARGIN: Final = -3  # C2: on a hazardous roll, this or worse is a mishap
DRIVE_LIMIT: Final = 2  # parsecs a WHIP or jump drive reaches
RISKY_LIMIT: Final = 3  # parsecs that can be tried, hazardous, a mishap destroying the ship
EXIT_DAYS: Final = 5  # leaving the wormhole's throat, whatever the speed
REACTOR_HOURS: Final = 10  # after a 2-parsec jump, in a gravity well of 0.1G or more
REACTOR_WELL_G: Final = 0.1


@dataclass(frozen=True, slots=True)
class Jump:
    """A jump to calculate: how far out the ship is (diameters) and how far it goes."""

    diameters: float
    parsecs: int = 1

    def __post_init__(self) -> None:
        if not self.diameters > 0:
            raise RuleError(f"the distance must be more than 0 diameters, not {self.diameters}")
        if not 1 <= self.parsecs <= RISKY_LIMIT:
            raise RuleError(
                f"a jump goes 1 to {DRIVE_LIMIT} parsecs ({RISKY_LIMIT} at the risk of the "
                f"ship), not {self.parsecs}"
            )


def difficulty(jump: Jump) -> int:
    """Routine (2) at 100 diameters or more, Difficult (3) from 10, else Impossible (6)."""
    if jump.diameters >= FAR_OUT:
        return ROUTINE
    if jump.diameters >= CLOSE_IN:
        return DIFFICULT
    return IMPOSSIBLE


def hazardous(jump: Jump) -> bool:
    """Under 10 diameters, or past the drive's 2-parsec limit."""
    return jump.diameters < CLOSE_IN or jump.parsecs > DRIVE_LIMIT


@dataclass(frozen=True, slots=True)
class Result:
    """What a margin means for the jump: the minutes spent, and whether it is made."""

    margin: int
    minutes: int
    jumps: bool
    mishap: bool = False
    destroyed: bool = False
    consequence: bool = False

    def words(self) -> str:
        if self.destroyed:
            return "mishap: primary containment is lost, the ship is destroyed"
        if self.mishap:
            return (
                f"mishap: the jump fails, {self.minutes} minutes lost, the ship takes a consequence"
            )
        if not self.jumps:
            return f"fails: {self.minutes} minutes lost, start over"
        return f"jumps after {self.minutes} minutes of calculation"


def result(jump: Jump, margin: int) -> Result:
    """The outcome of a roll that beat (or missed) the difficulty by `margin`."""
    if hazardous(jump) and margin <= MISHAP_MARGIN:
        if jump.parsecs > DRIVE_LIMIT:
            return Result(margin, 0, False, mishap=True, destroyed=True)
        return Result(margin, FAILED_MINUTES, False, mishap=True, consequence=True)
    top = max(MINUTES)
    if margin >= top:
        return Result(margin, MINUTES[top], True)
    if margin in MINUTES:
        return Result(margin, MINUTES[margin], True)
    return Result(margin, FAILED_MINUTES, False)


def chances(jump: Jump, skill: int, invokes: int = 0) -> Odds:
    """Exact odds of the Space Ops roll (skill + 4dF against the difficulty; C2 mishaps on a
    hazardous jump), with `invokes` free +2 invokes spent by `core.odds`'s policy."""
    return odds(
        OddsQuery(skill, difficulty=difficulty(jump), hazardous=hazardous(jump), invokes=invokes)
    )


def outcomes(jump: Jump, skill: int) -> list[tuple[Result, Fraction]]:
    """Each margin the roll can give, its outcome and its exact chance, best first."""
    spread = chances(jump, skill).shifts
    return [(result(jump, m), spread[m]) for m in sorted(spread, reverse=True) if spread[m]]


def aftermath(jump: Jump) -> list[str]:
    """What every made jump leaves to do (seed: the wormhole's exit; the reactor)."""
    notes = [f"exiting the wormhole takes about {EXIT_DAYS} days"]
    if jump.parsecs >= DRIVE_LIMIT:
        notes.append(
            f"the {jump.parsecs}-parsec jump drains the ship's power: the reactor must sit "
            f"{REACTOR_HOURS} hours in a gravity well of at least {REACTOR_WELL_G}G"
        )
    return notes
