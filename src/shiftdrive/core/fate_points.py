"""Fate points: refresh, earning, spending, compels and concessions (RULINGS C7)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final, Self

from shiftdrive.core.errors import RuleError


class EarnReason(StrEnum):
    COMPEL = "accepted a compel"
    INVOKED_AGAINST = "had an aspect invoked against them"
    CONCESSION = "conceded"
    CONCESSION_CONSEQUENCE = "consequence taken before conceding"
    GM = "GM adjustment"


class SpendReason(StrEnum):
    INVOKE = "invoke"
    STUNT = "stunt"
    REFUSE_COMPEL = "refuse a compel"
    STORY_DETAIL = "declare a story detail"
    INTERRUPT = "interrupt the order"
    GM = "GM adjustment"


_SPEND_VERB: Final[dict[SpendReason, str]] = {
    SpendReason.INVOKE: "invoke",
    SpendReason.STUNT: "power a stunt",
    SpendReason.REFUSE_COMPEL: "refuse a compel",
    SpendReason.STORY_DETAIL: "declare a story detail",
    SpendReason.INTERRUPT: "interrupt",
    SpendReason.GM: "pay",
}


def _points(n: int) -> str:
    return f"{n} fate point" + ("" if n == 1 else "s")


@dataclass(slots=True, init=False)
class FatePoints:
    """A character's fate points and refresh."""

    current: int
    refresh: int
    # Points paid so far (not points earned), for balancing reports; not part of the state's
    # JSON, since it is derived from the log like everything else.
    spent: int = field(default=0, compare=False)

    def __init__(self, current: int, refresh: int, spent: int = 0) -> None:
        # Written out: the compiled build leaves a dataclass's generated __init__ interpreted.
        if current < 0 or refresh < 0:
            raise RuleError("fate points and refresh cannot be negative")
        self.current = current
        self.refresh = refresh
        self.spent = spent

    def can_spend(self, n: int = 1) -> bool:
        return 0 <= n <= self.current

    def spend(self, reason: SpendReason, n: int = 1, who: str = "", what: str = "") -> None:
        """Spend n points; RuleError (nothing spent) if there are too few.

        `who` and `what` only shape the message: spend(INVOKE, who="Zird",
        what="'Sharpshooter'") -> "Zird has no fate points left to invoke 'Sharpshooter'".
        """
        if n < 0:
            raise RuleError(f"cannot spend {n} fate points")
        if n > self.current:
            subject = who or "they"
            verb = _SPEND_VERB[SpendReason(reason)] + (f" {what}" if what else "")
            if self.current == 0:
                raise RuleError(f"{subject} has no fate points left to {verb}")
            raise RuleError(
                f"{subject} has only {_points(self.current)} left; {verb} needs {_points(n)}"
            )
        self.current -= n
        self.spent += n

    def earn(self, reason: EarnReason, n: int = 1) -> None:
        if n < 0:
            raise RuleError(f"cannot earn {n} fate points")
        EarnReason(reason)
        self.current += n

    def start_session(self) -> None:
        """C7: reset to refresh at session start, keeping any extra."""
        self.current = max(self.current, self.refresh)

    def end_scenario(self) -> None:
        """C7: reset to refresh at scenario end, no matter what."""
        self.current = self.refresh

    def adjust(self, delta: int) -> None:
        """GM adjustment by delta; never below zero."""
        if self.current + delta < 0:
            raise RuleError(
                f"cannot take away {_points(-delta)}: only {_points(self.current)} left"
            )
        self.current += delta

    def to_json(self) -> dict[str, Any]:
        return {"current": self.current, "refresh": self.refresh}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        return cls(int(data["current"]), int(data["refresh"]))


def concession_award(consequences_taken: int) -> int:
    """C7/C10: conceding pays 1 fate point plus 1 per consequence taken in that conflict."""
    if consequences_taken < 0:
        raise RuleError("consequences taken cannot be negative")
    return 1 + consequences_taken


class CompelResult(StrEnum):
    ACCEPTED = "accepted"
    REFUSED = "refused"


def resolve_compel(points: FatePoints, accept: bool, who: str = "") -> CompelResult:
    """Accepting a compel earns 1 fate point; refusing costs 1.

    With no fate point to pay, refusing raises RuleError (nothing changes) and the compel must
    be accepted instead.
    """
    if accept:
        points.earn(EarnReason.COMPEL)
        return CompelResult.ACCEPTED
    if points.current < 1:
        raise RuleError(
            f"{who or 'they'} has no fate points left to refuse a compel; "
            "the compel must be accepted"
        )
    points.spend(SpendReason.REFUSE_COMPEL, who=who)
    return CompelResult.REFUSED
