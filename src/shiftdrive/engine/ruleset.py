"""The Ruleset contract every ruleset implements, and the registry that finds them by id.

The engine never knows a rule: it asks the ruleset who must decide, what is legal, and what a
choice does. A ruleset declares its turn structure through `pending()`: one seat at a time
(phases, initiative, popcorn), several at once (simultaneous secret cards), or none (over).
"""

from __future__ import annotations

import importlib
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final, Generic, TypeVar

from mypy_extensions import mypyc_attr

from shiftdrive.core.aspects import AspectSet
from shiftdrive.core.consequences import ConsequenceSlots
from shiftdrive.core.dice import DiceSource
from shiftdrive.core.fate_points import FatePoints
from shiftdrive.core.odds import Odds
from shiftdrive.core.records import by_fields
from shiftdrive.core.stress import StressTrack
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event

S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Decision:
    """Who must decide what now. `secret`: hidden from other seats until revealed."""

    seat: str
    kind: str
    prompt: str
    actor: str | None = None
    secret: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "prompt": self.prompt,
            "actor": self.actor,
            "secret": self.secret,
        }


class Ending(StrEnum):
    """How a fight ended, as a category a balancing report can count."""

    TAKEN_OUT = "taken out"
    CONCESSION = "concession"
    BUG_OUT = "bug out"
    OBJECTIVE = "objective"
    ROUND_LIMIT = "round limit"
    GM = "gm"


@dataclass(frozen=True, slots=True)
class Result:
    """How an encounter ended: the winning side (None for a draw), why, and in which category."""

    winner: str | None
    reason: str
    ending: Ending = Ending.TAKEN_OUT

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "reason": self.reason, "ending": str(self.ending)}


@dataclass(frozen=True, slots=True)
class Tally:
    """What one battle did to one participant: the numbers a balancing report sums.

    `damage` counts what the ruleset calls harm (stress boxes, HP, system boxes);
    `fate_points_spent` counts points paid, not points earned.
    """

    name: str
    side: str
    taken_out: bool = False
    conceded: bool = False
    bugged_out: bool = False
    damage: int = 0
    consequences: int = 0
    fate_points_spent: int = 0

    def __reduce__(self) -> tuple[Any, ...]:
        """Simulation workers send tallies back pickled."""
        return by_fields(self)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "side": self.side,
            "taken_out": self.taken_out,
            "conceded": self.conceded,
            "bugged_out": self.bugged_out,
            "damage": self.damage,
            "consequences": self.consequences,
            "fate_points_spent": self.fate_points_spent,
        }


@dataclass(slots=True)
class Sheet:
    """The Fate parts of one character that the GM may adjust (aspects live in the state's set)."""

    name: str
    side: str
    fate_points: FatePoints | None = None
    stress: dict[str, StressTrack] = field(default_factory=dict)
    consequences: ConsequenceSlots | None = None


@mypyc_attr(allow_interpreted_subclasses=True)  # rulesets not in setup.py, test stand-ins
class Ruleset(ABC, Generic[S]):
    """Base class of a ruleset. Override the abstract hooks; the rest have sensible defaults."""

    id: str = ""
    title: str = ""

    # --- set-up -------------------------------------------------------------------------------
    @abstractmethod
    def load_scenario(self, data: Mapping[str, Any]) -> Any:
        """Validate scenario data; raise ScenarioError naming the field path and the reason."""

    @abstractmethod
    def setup(self, scenario: Any, dice: DiceSource) -> tuple[S, list[Event]]:
        """Build the starting state; any die rolled here (initiative, detection) uses `dice`."""

    def unrecorded(self, state: S) -> None:
        """The encounter keeps no log from now on (a simulated battle): the ruleset may stop
        wording the events it returns. Play must go on exactly as it would have; rulesets that
        word events only for the log skip that work here, the rest ignore this."""

    # --- the turn structure ---------------------------------------------------------------------
    @abstractmethod
    def seats(self, state: S) -> list[str]:
        """Seats that play (the GM seat 'gm' is implicit)."""

    @abstractmethod
    def pending(self, state: S) -> list[Decision]:
        """Decisions outstanding now; empty when the encounter is over."""

    def waiting(self, state: S) -> list[str]:
        """Seats that must decide now, in `pending` order. Bot loops ask this after every
        choice; rulesets may answer it without writing the prompts."""
        return list(dict.fromkeys(d.seat for d in self.pending(state)))

    @abstractmethod
    def legal(self, state: S, seat: str) -> list[Choice]:
        """Every legal choice of `seat` now (empty when it has nothing to decide)."""

    def why_illegal(self, state: S, seat: str, choice: Choice) -> str | None:
        """Why `choice` is refused, in the game's words; None when it is legal."""
        options = self.legal(state, seat)
        if any(choice.matches(option) for option in options):
            return None
        if not options:
            return f"{seat} has nothing to decide now"
        return f"'{choice.text()}' is not one of {seat}'s choices now"

    @abstractmethod
    def apply(self, state: S, seat: str, choice: Choice, dice: DiceSource) -> list[Event]:
        """Carry out a legal choice, mutating `state`; every die comes from `dice`."""

    @abstractmethod
    def result(self, state: S) -> Result | None:
        """The end of the encounter, or None while it goes on."""

    # --- what leaves the engine -----------------------------------------------------------------
    @abstractmethod
    def snapshot(self, state: S) -> dict[str, Any]:
        """The whole state as JSON data: replay must reproduce it exactly."""

    @abstractmethod
    def view(self, state: S, seat: str) -> dict[str, Any]:
        """What `seat` may see of the state ('gm' sees all). Must strip every secret."""

    def choice_visibility(self, state: S, seat: str, choice: Choice) -> frozenset[str] | None:
        """Who may see a submitted choice in the log: None for everyone (secret cards override)."""
        return None

    def secrets(self, state: S, seat: str) -> list[str]:
        """Texts `seat` must not find anywhere in its view (for the conformance harness)."""
        return []

    def odds(self, state: S, seat: str, choice: Choice) -> Odds | None:
        """Exact odds of the roll a choice would make, when it makes one."""
        return None

    # --- GM control -----------------------------------------------------------------------------
    @abstractmethod
    def sheets(self, state: S) -> dict[str, Sheet]:
        """Character sheets by name, for GM overrides."""

    @abstractmethod
    def aspects(self, state: S) -> AspectSet:
        """All aspects in play (scene, zones, characters), for GM overrides."""

    # --- balancing ------------------------------------------------------------------------------
    def tally(self, state: S) -> list[Tally]:
        """Per-participant outcome of the fight so far; rulesets override to add what they know.

        The default reads the sheets: stress boxes marked, consequences taken and fate points
        paid through `FatePoints.spend`.
        """
        return [
            Tally(
                name=sheet.name,
                side=sheet.side,
                damage=sum(track.marked_count for track in sheet.stress.values()),
                consequences=len(sheet.consequences.taken()) if sheet.consequences else 0,
                fate_points_spent=sheet.fate_points.spent if sheet.fate_points else 0,
            )
            for sheet in self.sheets(state).values()
        ]

    def rounds(self, state: S) -> int:
        """Rounds (exchanges) begun so far, for "how long does a fight last"; 0 if unknown.

        The default reads an int `state.round` when the state has one; rulesets that count
        time otherwise (Fate Core exchanges) override it.
        """
        value = getattr(state, "round", None)
        return value if isinstance(value, int) and not isinstance(value, bool) else 0

    # --- bots -----------------------------------------------------------------------------------
    def bot(self, state: S, seat: str, rng: random.Random) -> Choice:
        """A sensible choice for `seat`; the default picks at random among the legal ones."""
        return rng.choice(self.legal(state, seat))


_REGISTRY: Final[dict[str, str]] = {
    "fate_core": "shiftdrive.rulesets.fate_core:FateCore",
    "fully_automated": "shiftdrive.rulesets.fully_automated:FullyAutomated",
    "tachyon": "shiftdrive.rulesets.tachyon:Tachyon",
}
_LOADED: Final[dict[str, Ruleset[Any]]] = {}


@mypyc_attr(native_class=False)  # compiled classes cannot subclass KeyError
class UnknownRuleset(KeyError):
    """A ruleset id that is not registered."""

    def __str__(self) -> str:
        return str(self.args[0])


def register(ruleset_id: str, target: str) -> None:
    """Register a ruleset class by 'module:Class' so it is imported only when used."""
    _REGISTRY[ruleset_id] = target


def ruleset_ids() -> list[str]:
    return sorted(_REGISTRY)


def get_ruleset(ruleset_id: str) -> Ruleset[Any]:
    if ruleset_id not in _REGISTRY:
        raise UnknownRuleset(f"unknown ruleset {ruleset_id!r} (known: {', '.join(ruleset_ids())})")
    if ruleset_id not in _LOADED:
        module_name, _, class_name = _REGISTRY[ruleset_id].partition(":")
        cls = getattr(importlib.import_module(module_name), class_name)
        _LOADED[ruleset_id] = cls()
    return _LOADED[ruleset_id]
