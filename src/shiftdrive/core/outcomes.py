"""The four outcomes plus the mishap of hazardous rolls (RULINGS C2)."""

from __future__ import annotations

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


MISHAP_SHIFTS: Final = -3


def outcome_of(shifts: int, *, hazardous: bool = False) -> Outcome:
    """C2: <0 fail, 0 tie, 1-2 success, >=3 style; hazardous and <=-3 is a mishap."""
    if shifts < 0:
        if hazardous and shifts <= MISHAP_SHIFTS:
            return Outcome.MISHAP
        return Outcome.FAIL
    if shifts == 0:
        return Outcome.TIE
    if shifts <= 2:
        return Outcome.SUCCESS
    return Outcome.STYLE
