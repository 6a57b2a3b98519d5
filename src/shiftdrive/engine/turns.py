"""Turn-structure building blocks the rulesets share.

- InitiativeOrder: ranked actors, run lowest-first or highest-first, equal ranks grouped so
  they act simultaneously (Tachyon T8; Fate Core turn order by a skill; Fully Automated F3).
- PopcornOrder: each actor picks the next who has not acted; the last picks who opens the next
  round (Star Wars S1).
- SecretChoices: every seat chooses in secret, all reveal at once (Fully Automated F2).
- SideAlternation: sides take turns, with a counter of actions each side has left (Pilot Wave).
- PhasedRound: a round in phases, each unit acting once per phase in initiative order, with
  actions counted per round for multiple-action penalties (Tachyon T8/T9).
All are plain data with to_json/from_json so they live inside a ruleset's state.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from shiftdrive.core.errors import RuleError


@dataclass(slots=True)
class InitiativeOrder:
    """Actors ranked by a score; `ascending` runs lowest first. Ties share a step."""

    scores: dict[str, int]
    ascending: bool = False
    tiebreak: dict[str, int] = field(default_factory=dict)

    def steps(self) -> list[list[str]]:
        """Actors grouped by equal score (and equal tiebreak), in acting order."""
        sign = 1 if self.ascending else -1

        def key(name: str) -> tuple[int, int]:
            return (self.scores[name], self.tiebreak.get(name, 0))

        ordered = sorted(self.scores, key=lambda n: (sign * key(n)[0], sign * key(n)[1], n))
        groups: list[list[str]] = []
        for name in ordered:
            if groups and key(groups[-1][0]) == key(name):
                groups[-1].append(name)
            else:
                groups.append([name])
        return groups

    def order(self) -> list[str]:
        return [name for group in self.steps() for name in group]

    def remove(self, name: str) -> None:
        self.scores.pop(name, None)
        self.tiebreak.pop(name, None)

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": dict(self.scores),
            "ascending": self.ascending,
            "tiebreak": dict(self.tiebreak),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> InitiativeOrder:
        return cls(dict(data["scores"]), bool(data["ascending"]), dict(data.get("tiebreak", {})))


@dataclass(slots=True)
class PopcornOrder:
    """Popcorn initiative: whoever acts names the next actor among those who have not acted.

    Who has yet to act this round is kept as the round goes (`yet`), not worked out from
    `actors` and `acted` at each ask: a bot and the rules ask it several times a turn. Change
    the order through its methods (`start`, `hand_to`, `mark_acted`, `remove`); `current` may
    be set directly (an interrupt takes the turn without acting yet)."""

    actors: list[str]
    current: str | None = None
    #: who has acted this round, in the order they did (a dict: asked of every actor, often)
    acted: dict[str, None] = field(default_factory=dict)
    round: int = 1
    #: who has not acted this round, in `actors`' order (the current actor among them)
    yet: list[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        acted = self.acted
        self.yet = [a for a in self.actors if a not in acted]

    def start(self, first: str) -> None:
        self._check(first)
        self.current = first

    def _check(self, name: str) -> None:
        if name not in self.actors:
            raise RuleError(f"{name} is not in this fight")

    def waiting(self) -> list[str]:
        """Who has not acted this round, the current actor aside (none: the round is done).
        A new list: the caller may keep it."""
        out = list(self.yet)
        current = self.current
        if current is not None and current in out:
            out.remove(current)
        return out

    def next_options(self) -> list[str]:
        """Who the current actor may hand to: those yet to act, or anyone to open a new round."""
        return self.waiting() or list(self.actors)

    def hand_to(self, name: str) -> bool:
        """The current actor has acted and picks `name`; True when a new round starts."""
        self._check(name)
        waiting = self.waiting()  # none: the current actor is the last, anyone opens the next
        if waiting and name not in waiting:
            raise RuleError(f"{name} has already acted this round")
        if self.current is not None:
            self.mark_acted(self.current)
        new_round = not waiting
        if new_round:
            self.acted = {}
            self.yet = list(self.actors)
            self.round += 1
        self.current = name
        return new_round

    def mark_acted(self, name: str) -> None:
        """`name` has had its action this round (Star Wars: a duel round is both duellists'
        action without a turn of its own); it is not offered as the next actor."""
        self.acted[name] = None
        if name in self.yet:
            self.yet.remove(name)

    def remove(self, name: str) -> None:
        if name in self.actors:
            self.actors.remove(name)
        self.acted.pop(name, None)
        if name in self.yet:
            self.yet.remove(name)

    def to_json(self) -> dict[str, Any]:
        return {
            "actors": list(self.actors),
            "current": self.current,
            "acted": list(self.acted),
            "round": self.round,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PopcornOrder:
        return cls(
            list(data["actors"]),
            data.get("current"),
            dict.fromkeys(data.get("acted", [])),
            int(data.get("round", 1)),
        )


@dataclass(slots=True, init=False)
class SecretChoices:
    """Simultaneous secret choices: held per seat until every seat has chosen, then revealed."""

    seats: list[str]
    chosen: dict[str, Any] = field(default_factory=dict)

    def __init__(self, seats: list[str], chosen: dict[str, Any] | None = None) -> None:
        # Written out: the compiled build leaves a dataclass's __init__ interpreted.
        self.seats = seats
        self.chosen = {} if chosen is None else chosen

    def waiting(self) -> list[str]:
        return [s for s in self.seats if s not in self.chosen]

    def choose(self, seat: str, value: Any) -> None:
        if seat not in self.seats:
            raise RuleError(f"{seat} has no secret choice to make")
        if seat in self.chosen:
            raise RuleError(f"{seat} has already chosen this round")
        self.chosen[seat] = value

    @property
    def complete(self) -> bool:
        return not self.waiting()

    def reveal(self, default: Any = None) -> dict[str, Any]:
        """Everyone's choice (undecided seats get `default`), and a fresh start."""
        out = {s: self.chosen.get(s, default) for s in self.seats}
        self.chosen = {}
        return out

    def visible_to(self, seat: str) -> dict[str, Any]:
        """What one seat may see before the reveal: its own choice, and who has chosen."""
        return {"mine": self.chosen.get(seat), "chosen": sorted(self.chosen)}

    def to_json(self) -> dict[str, Any]:
        return {"seats": list(self.seats), "chosen": dict(self.chosen)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SecretChoices:
        return cls(list(data["seats"]), dict(data.get("chosen", {})))


@dataclass(slots=True)
class SideAlternation:
    """Sides alternate single actions; each side has a counter of actions left this exchange."""

    sides: list[str]
    left: dict[str, int]
    turn: int = 0

    @classmethod
    def of(cls, counts: Mapping[str, int], first: str) -> SideAlternation:
        sides = list(counts)
        if first not in sides:
            raise RuleError(f"no side named {first}")
        sides = sides[sides.index(first) :] + sides[: sides.index(first)]
        return cls(sides, dict(counts))

    def current(self) -> str | None:
        """The side to act: the next side in rotation that still has actions, None when done."""
        n = len(self.sides)
        for k in range(n):
            side = self.sides[(self.turn + k) % n]
            if self.left.get(side, 0) > 0:
                return side
        return None

    def spend(self, side: str) -> None:
        if self.current() != side:
            raise RuleError(f"it is not {side}'s turn")
        self.left[side] -= 1
        self.turn = (self.sides.index(side) + 1) % len(self.sides)

    def to_json(self) -> dict[str, Any]:
        return {"sides": list(self.sides), "left": dict(self.left), "turn": self.turn}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SideAlternation:
        return cls(list(data["sides"]), dict(data["left"]), int(data.get("turn", 0)))


def rank(values: Iterable[tuple[str, int]], *, ascending: bool = False) -> list[str]:
    """Names ordered by value (ties by name), for ranked placement."""
    items = sorted(values, key=lambda kv: (kv[1], kv[0]))
    return [k for k, _ in (items if ascending else sorted(items, key=lambda kv: (-kv[1], kv[0])))]


@dataclass(slots=True, init=False)
class PhasedRound:
    """A round played in phases (Tachyon's piloting, gunnery, EW, damage control): each phase
    lets every unit that acts in it act once, in initiative order (lowest first or highest
    first, per phase; ties by listing order), and the round counts each actor's actions, for
    multiple-action penalties (Tachyon T9).

    Who acts in a phase (`eligible`) and their initiative are the ruleset's: it asks
    `next_actor`, marks the actor `done`, counts what it did with `count_action`, and moves
    on with `next_phase` once nobody is left (a new round starts after the last phase).
    """

    phases: list[str]
    lowest_first: list[str]
    index: int
    round: int
    acted: list[str]
    actions: dict[str, int]

    def __init__(
        self,
        phases: Iterable[str],
        lowest_first: Iterable[str] = (),
        *,
        index: int = 0,
        round: int = 1,
        acted: list[str] | None = None,
        actions: dict[str, int] | None = None,
    ) -> None:
        # Written out: the compiled build leaves a dataclass's __init__ interpreted.
        self.phases = list(phases)
        self.lowest_first = list(lowest_first)
        if not self.phases:
            raise RuleError("a phased round needs at least one phase")
        self.index = index
        self.round = round
        self.acted = [] if acted is None else acted
        self.actions = {} if actions is None else actions

    @property
    def phase(self) -> str:
        return self.phases[self.index]

    def next_actor(self, initiative: Mapping[str, int], eligible: Iterable[str]) -> str | None:
        """Who acts next in this phase: the eligible actor (in listing order) who has not
        acted, with the lowest or highest initiative; None when everyone has."""
        low = self.phase in self.lowest_first
        best: str | None = None
        for name in eligible:
            if name in self.acted:
                continue
            if best is None:
                best = name
                continue
            here, there = initiative[name], initiative[best]
            if (here < there) if low else (here > there):
                best = name
        return best

    def done(self, actor: str) -> None:
        """`actor` has had its turn in this phase."""
        if actor not in self.acted:
            self.acted.append(actor)

    def earlier_actions(self, actor: str) -> int:
        """How many actions `actor` has taken this round (before the one it is taking)."""
        return self.actions.get(actor, 0)

    def count_action(self, actor: str) -> int:
        """Count one more action of `actor` this round; returns the new count."""
        n = self.actions.get(actor, 0) + 1
        self.actions[actor] = n
        return n

    def next_phase(self) -> bool:
        """Move to the next phase; after the last, a new round begins (True): its first phase,
        nobody has acted and no action is counted."""
        self.acted = []
        if self.index + 1 < len(self.phases):
            self.index += 1
            return False
        self.index = 0
        self.round += 1
        self.actions = {}
        return True

    def to_json(self) -> dict[str, Any]:
        return {
            "phases": list(self.phases),
            "lowest_first": list(self.lowest_first),
            "index": self.index,
            "round": self.round,
            "acted": list(self.acted),
            "actions": dict(self.actions),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PhasedRound:
        return cls(
            list(data["phases"]),
            list(data.get("lowest_first", [])),
            index=int(data.get("index", 0)),
            round=int(data.get("round", 1)),
            acted=list(data.get("acted", [])),
            actions=dict(data.get("actions", {})),
        )
