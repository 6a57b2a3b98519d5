"""Contests (RULINGS C11) and challenges (Fate Core: several overcome rolls read together)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Self

from shiftdrive.core.errors import RuleError
from shiftdrive.core.outcomes import Outcome, outcome_of

STYLE_MARGIN: Final = 3


@dataclass(frozen=True, slots=True)
class ContestRound:
    """What one round of a contest scored: `leader` None means a tie for highest (a twist)."""

    leader: str | None
    victories: int
    twist: bool

    @property
    def style(self) -> bool:
        return self.victories >= 2

    def to_json(self) -> dict[str, Any]:
        return {"leader": self.leader, "victories": self.victories, "twist": self.twist}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        return cls(data.get("leader"), int(data["victories"]), bool(data["twist"]))


@dataclass(slots=True)
class Contest:
    """C11: highest result scores a victory; style (beating every other result by 3 or more)
    scores two; a tie for highest scores nothing and brings a twist; first to `target` wins."""

    participants: list[str]
    victories: dict[str, int] = field(default_factory=dict)
    target: int = 3
    twists: int = 0
    rounds: list[dict[str, Any]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if len(self.participants) < 2:
            raise RuleError("a contest needs at least two participants")
        if len(set(self.participants)) != len(self.participants):
            raise RuleError("each contest participant must be named once")
        if self.target < 1:
            raise RuleError("a contest needs a target of at least one victory")
        unknown = [n for n in self.victories if n not in self.participants]
        if unknown:
            raise RuleError(f"{', '.join(unknown)} is not in this contest")
        self.victories = {n: self.victories.get(n, 0) for n in self.participants}

    @property
    def winner(self) -> str | None:
        """The participant who has reached `target` victories, if any."""
        for name in self.participants:
            if self.victories[name] >= self.target:
                return name
        return None

    def record(self, results: dict[str, int]) -> ContestRound:
        """Score one round from every participant's final result."""
        if self.winner is not None:
            raise RuleError(f"the contest is already won by {self.winner}")
        missing = [n for n in self.participants if n not in results]
        extra = [n for n in results if n not in self.participants]
        if missing:
            raise RuleError(f"no result for {', '.join(missing)}")
        if extra:
            raise RuleError(f"{', '.join(extra)} is not in this contest")
        ranked = sorted(self.participants, key=lambda n: results[n], reverse=True)
        top, second = results[ranked[0]], results[ranked[1]]
        if top == second:
            outcome = ContestRound(None, 0, True)
            self.twists += 1
        else:
            gained = 2 if top - second >= STYLE_MARGIN else 1
            outcome = ContestRound(ranked[0], gained, False)
            self.victories[ranked[0]] += gained
        self.rounds.append(
            {"results": {n: int(results[n]) for n in self.participants}, **outcome.to_json()}
        )
        return outcome

    def add_victories(self, name: str, n: int) -> None:
        """Adjust a participant's victories (variants such as Star Wars duels, S2; GM)."""
        if name not in self.victories:
            raise RuleError(f"{name} is not in this contest")
        if self.victories[name] + n < 0:
            raise RuleError(f"{name} has only {self.victories[name]} victories")
        self.victories[name] += n

    def to_json(self) -> dict[str, Any]:
        return {
            "participants": list(self.participants),
            "victories": dict(self.victories),
            "target": self.target,
            "twists": self.twists,
            "rounds": [
                {**r, "results": dict(r["results"])} if "results" in r else dict(r)
                for r in self.rounds
            ],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        return cls(
            participants=[str(n) for n in data["participants"]],
            victories={str(k): int(v) for k, v in data.get("victories", {}).items()},
            target=int(data.get("target", 3)),
            twists=int(data.get("twists", 0)),
            rounds=[
                {**r, "results": dict(r["results"])} if "results" in r else dict(r)
                for r in data.get("rounds", [])
            ],
        )


@dataclass(frozen=True, slots=True)
class ChallengeTask:
    name: str
    skill: str
    difficulty: int

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "skill": self.skill, "difficulty": self.difficulty}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        return cls(str(data["name"]), str(data["skill"]), int(data["difficulty"]))


_SUMMARY_WORDS: Final[dict[Outcome, tuple[str, str]]] = {
    Outcome.STYLE: ("success with style", "successes with style"),
    Outcome.SUCCESS: ("success", "successes"),
    Outcome.TIE: ("tie (success at a minor cost)", "ties (success at a minor cost)"),
    Outcome.FAIL: ("failure", "failures"),
    Outcome.MISHAP: ("mishap", "mishaps"),
}


@dataclass(slots=True)
class Challenge:
    """Several overcome rolls, one per task; the outcomes are read together."""

    tasks: list[ChallengeTask]
    results: dict[str, Outcome] = field(default_factory=dict)

    def __post_init__(self) -> None:
        names = [t.name for t in self.tasks]
        if len(set(names)) != len(names):
            raise RuleError("each challenge task needs its own name")
        unknown = [n for n in self.results if n not in names]
        if unknown:
            raise RuleError(f"no challenge task named '{unknown[0]}'")
        self.results = {n: Outcome(v) for n, v in self.results.items()}

    def task(self, name: str) -> ChallengeTask:
        for task in self.tasks:
            if task.name == name:
                return task
        raise RuleError(f"no challenge task named '{name}'")

    def record(self, task_name: str, shifts: int, *, hazardous: bool = False) -> Outcome:
        """Record a task's overcome by its shifts (result - difficulty), C2."""
        task = self.task(task_name)
        if task.name in self.results:
            raise RuleError(f"'{task.name}' has already been rolled")
        outcome = outcome_of(shifts, hazardous=hazardous)
        self.results[task.name] = outcome
        return outcome

    @property
    def pending(self) -> list[str]:
        return [t.name for t in self.tasks if t.name not in self.results]

    @property
    def done(self) -> bool:
        return not self.pending

    @property
    def successes(self) -> int:
        """Tasks succeeded (with or without style)."""
        return sum(1 for o in self.results.values() if o.succeeded)

    @property
    def ties(self) -> int:
        return sum(1 for o in self.results.values() if o is Outcome.TIE)

    @property
    def failures(self) -> int:
        """Tasks failed (mishaps included)."""
        return sum(1 for o in self.results.values() if o in (Outcome.FAIL, Outcome.MISHAP))

    def counts(self) -> dict[Outcome, int]:
        return {o: sum(1 for r in self.results.values() if r is o) for o in Outcome}

    def summary(self) -> str:
        """Counts of each outcome, to interpret failure, costs and success together."""
        counts = self.counts()
        parts = []
        for outcome in (Outcome.STYLE, Outcome.SUCCESS, Outcome.TIE, Outcome.FAIL, Outcome.MISHAP):
            n = counts[outcome]
            if n:
                one, many = _SUMMARY_WORDS[outcome]
                parts.append(f"{n} {one if n == 1 else many}")
        text = f"{len(self.results)} of {len(self.tasks)} tasks rolled"
        if parts:
            text += ": " + ", ".join(parts)
        if self.pending:
            text += "; still to roll: " + ", ".join(self.pending)
        return text

    def to_json(self) -> dict[str, Any]:
        return {
            "tasks": [t.to_json() for t in self.tasks],
            "results": {n: o.value for n, o in self.results.items()},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        return cls(
            [ChallengeTask.from_json(t) for t in data["tasks"]],
            {str(n): Outcome(o) for n, o in data.get("results", {}).items()},
        )
