"""The four outcomes plus the mishap of hazardous rolls (RULINGS C2)."""

from __future__ import annotations

from bisect import bisect_right
from enum import StrEnum
from typing import Final


class Outcome(StrEnum):
    """Result of a roll against opposition, judged by its shifts."""

    MISHAP = "mishap"
    FAIL = "fail"
    TIE = "tie"
    SUCCESS = "success"
    STYLE = "style"

    @property
    def succeeded(self) -> bool:
        return self in (Outcome.SUCCESS, Outcome.STYLE)


#: each outcome's name (a dict lookup: an enum member's `.value` runs Python code)
OUTCOME_NAMES: Final[dict[Outcome, str]] = {o: o.value for o in Outcome}

MISHAP_SHIFTS: Final = -3
#: C2's bands as data: the fewest shifts of a tie, a success and a success with style.
FLOORS: Final[tuple[int, ...]] = (0, 1, 3)
BANDS: Final = (Outcome.FAIL, Outcome.TIE, Outcome.SUCCESS, Outcome.STYLE)


def outcome_of(shifts: int, *, hazardous: bool = False) -> Outcome:
    """C2: <0 fail, 0 tie, 1-2 success, >=3 style; hazardous and <=-3 is a mishap."""
    if hazardous and shifts <= MISHAP_SHIFTS:
        return Outcome.MISHAP
    return BANDS[bisect_right(FLOORS, shifts)]


#: the floors where a tie counts as a success (tie and success one band)
_FLOORS_TIE_WINS: Final[tuple[int, ...]] = FLOORS[:1] + FLOORS[2:]
#: the fewest shifts of a failure that is not -3 or worse, where -3 or worse reads apart (a
#: mishap, the opposition's style)
LOW_FLOOR: Final = MISHAP_SHIFTS + 1
#: `shifts_to_change`'s floors by (tie_succeeds, low)
_FLOORS_BY: Final[dict[tuple[bool, bool], tuple[int, ...]]] = {
    (False, False): FLOORS,
    (True, False): _FLOORS_TIE_WINS,
    (False, True): (LOW_FLOOR, *FLOORS),
    (True, True): (LOW_FLOOR, *_FLOORS_TIE_WINS),
}


def shifts_to_change(
    shifts: int, upward: bool, hit: bool = False, tie_succeeds: bool = False, low: bool = False
) -> int | None:
    """The fewest shifts that change a result in one direction (up for the roller, down for
    its opposition): into another band, or, on a roll whose shifts become a `hit`, also the
    size of a hit (every shift of it counts). Where a tie counts as a success
    (`tie_succeeds`), tie and success are one band; where -3 or worse reads apart (`low`: a
    mishap, a defense or a contest won with style, C2), it is a band below failure. None when
    nothing can: style going up, the lowest band going down. An invoke step that cannot reach
    it is not worth a seat's time."""
    if hit and shifts >= 0:
        return 1
    floors = _FLOORS_BY[tie_succeeds, low]
    band = bisect_right(floors, shifts)  # the floors at or below: 0 is the lowest band
    if upward:
        return floors[band] - shifts if band < len(floors) else None
    return shifts - floors[band - 1] + 1 if band else None
