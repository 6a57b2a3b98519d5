"""The Ruleset contract every ruleset implements, and the registry that finds them by id.

The engine never knows a rule: it asks the ruleset who must decide (`turns`), what is legal
and what a choice does (the ruleset's `Action` specs, `engine/actions.py`), and how an event
reads for a seat (`describe`). A ruleset declares its turn structure through `turns()`: one
seat at a time (phases, initiative, popcorn), several at once (simultaneous secret cards),
optional windows that pass by default (invokes after the dice), or none (over).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Container, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar, Final, Generic, TypeVar

from mypy_extensions import mypyc_attr

from shiftdrive.core.aspects import AspectSet
from shiftdrive.core.consequences import ConsequenceSlots
from shiftdrive.core.dice import DiceSource
from shiftdrive.core.errors import RuleError
from shiftdrive.core.fate_points import FatePoints
from shiftdrive.core.odds import Odds
from shiftdrive.core.records import by_fields
from shiftdrive.core.stress import StressTrack
from shiftdrive.engine.actions import Action, ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import GM, Event
from shiftdrive.engine.gm_words import describe_override

S = TypeVar("S")
Sc = TypeVar("Sc")


@dataclass(frozen=True, slots=True)
class Seat:
    """Who sits at the table: a player controlling some characters or craft, a side, or the GM.

    `controls` names the units (characters, craft) whose decisions and dice are this seat's;
    `side` is the side it plays for (None for the GM).
    """

    id: str
    side: str | None
    controls: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "side": self.side, "controls": list(self.controls)}


GM_SEAT: Final = Seat(GM, None)


@dataclass(slots=True, init=False, eq=False)
class Turn:
    """Who must (or may) decide what now, as data: the one answer `pending`, `waiting`, the
    "not your decision" refusal and the prompts are all derived from.

    `kind` names the decision (a phase, a stage: 'gunnery', 'invoke', 'card', 'dice');
    `actor` is the unit or character deciding; `secret` hides the choice from other seats
    until it is revealed. `window` marks an optional decision: the seat *may* act (an
    interrupt, an invoke after the dice, a compel) and passes by default; every turn of one
    window can be passed in one step (`Encounter.pass_window`).

    A value, never changed once made. Not a frozen dataclass, with `__init__`, `__eq__` and
    `__hash__` written out: rulesets make one or more a decision, a frozen dataclass sets its
    fields through `object.__setattr__`, and the compiled build leaves a dataclass's generated
    methods interpreted (about ten times the cost of a compiled `__init__`).
    """

    seat: str
    kind: str
    actor: str | None
    secret: bool
    window: str | None

    def __init__(
        self,
        seat: str,
        kind: str,
        actor: str | None = None,
        secret: bool = False,
        window: str | None = None,
    ) -> None:
        self.seat = seat
        self.kind = kind
        self.actor = actor
        self.secret = secret
        self.window = window

    def _key(self) -> tuple[str, str, str | None, bool, str | None]:
        return (self.seat, self.kind, self.actor, self.secret, self.window)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Turn) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    @property
    def optional(self) -> bool:
        return self.window is not None


@dataclass(frozen=True, slots=True)
class ChoiceMap:
    """A picture of the board with some of the open choices drawn on it, each under its
    number in the list of choices (`drawn`: their indices), so a player picks a place off the
    picture; a UI shows the picture and lists only the other choices."""

    picture: str
    drawn: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Decision:
    """A turn with its prompt in words, for a person. `secret`: hidden from other seats until
    revealed; `window`: an optional decision that passes by default (see `Turn`)."""

    seat: str
    kind: str
    prompt: str
    actor: str | None = None
    secret: bool = False
    window: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "seat": self.seat,
            "kind": self.kind,
            "prompt": self.prompt,
            "actor": self.actor,
            "secret": self.secret,
        }
        if self.window is not None:
            out["window"] = self.window
            out["optional"] = True
        return out


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


@dataclass(slots=True, init=False)
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

    def __init__(
        self,
        name: str,
        side: str,
        taken_out: bool = False,
        conceded: bool = False,
        bugged_out: bool = False,
        damage: int = 0,
        consequences: int = 0,
        fate_points_spent: int = 0,
    ) -> None:
        # Written out: the compiled build leaves a dataclass's generated __init__ interpreted
        # (a frozen one's sets each field through `object.__setattr__`), and every simulated
        # battle tallies each unit. Set once here, never after: still a value.
        self.name = name
        self.side = side
        self.taken_out = taken_out
        self.conceded = conceded
        self.bugged_out = bugged_out
        self.damage = damage
        self.consequences = consequences
        self.fate_points_spent = fate_points_spent

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
class Ruleset(ABC, Generic[S, Sc]):
    """Base class of a ruleset over its state `S` and scenario model `Sc`. Override the
    abstract hooks, list the `actions` and say whose turn it is (`turns`); the rest derive."""

    # Class variables, not per-instance ones: the compiled build reads them from the class, so
    # a ruleset that is not compiled (a test's, a newcomer's) still has its own.
    id: ClassVar[str] = ""
    title: ClassVar[str] = ""

    #: every action of the ruleset, by name (`engine/actions.py`); see `menu`
    actions: ClassVar[Mapping[str, Action[Any]]] = {}

    # --- set-up -------------------------------------------------------------------------------
    @abstractmethod
    def load_scenario(self, data: Mapping[str, Any]) -> Sc:
        """Validate scenario data; raise ScenarioError naming the field path and the reason."""

    @abstractmethod
    def setup(self, scenario: Sc, dice: DiceSource) -> tuple[S, list[Event]]:
        """Build the starting state; any die rolled here (initiative, detection) uses `dice`."""

    # --- the turn structure ---------------------------------------------------------------------
    @abstractmethod
    def seats(self, state: S) -> list[Seat]:
        """Seats that play (the GM seat 'gm' is implicit), with what each controls."""

    @abstractmethod
    def turns(self, state: S) -> list[Turn]:
        """Who must (or may) decide what now, in order; empty when the encounter is over.

        The one answer `pending`, `waiting` and the "not your decision" refusal come from.
        """

    def prompt(self, state: S, turn: Turn) -> str:
        """A turn in words, for the person deciding."""
        who = turn.actor or turn.seat
        return f"{who}: {turn.kind}" + (" (optional: pass to let it go)" if turn.window else "")

    def pending(self, state: S) -> list[Decision]:
        """Decisions outstanding now, worded; empty when the encounter is over."""
        return [
            Decision(t.seat, t.kind, self.prompt(state, t), t.actor, t.secret, t.window)
            for t in self.turns(state)
        ]

    def waiting(self, state: S) -> list[str]:
        """Seats that must decide now, in turn order (bot loops ask this after every choice,
        so the usual single turn skips building a dict)."""
        turns = self.turns(state)
        if len(turns) == 1:
            return [turns[0].seat]
        return list(dict.fromkeys(t.seat for t in turns))

    def turn_of(self, state: S, seat: str) -> Turn | None:
        """`seat`'s first open turn, or None when it has nothing to decide."""
        for turn in self.turns(state):
            if turn.seat == seat:
                return turn
        return None

    def menu(self, state: S, turn: Turn) -> Sequence[str]:
        """The names of the actions offered in `turn` (default: those named like its kind)."""
        return (turn.kind,) if turn.kind in self.actions else ()

    def standing(self, state: S, seat: str) -> Sequence[str]:
        """Actions `seat` may take at any time, outside any turn, that nobody waits on (the
        GM's compel, a GM's adjustment of hit points). Offered in a turn of their own kind."""
        return ()

    def legal(self, state: S, seat: str, only: Container[str] | None = None) -> list[Choice]:
        """Every legal choice of `seat` now: the menus of its open turns, and its standing
        actions. `only` keeps just those actions (a bot that weighs a few need not have the
        rest built)."""
        out: list[Choice] = []
        for name in self.standing(state, seat):
            if only is None or name in only:
                out.extend(self.actions[name].options(state, Turn(seat, name)))
        for turn in self.turns(state):
            if turn.seat == seat:
                for name in self.menu(state, turn):
                    if only is None or name in only:
                        out.extend(self.actions[name].options(state, turn))
        return out

    def why_illegal(self, state: S, seat: str, choice: Choice) -> str | None:
        """Why `choice` is refused, in the game's words; None when it is legal.

        Not this seat's decision, an action not offered in its turn, or the action's own check.
        """
        if choice.action in self.standing(state, seat):
            return self._check(state, Turn(seat, choice.action), choice)
        mine = [t for t in self.turns(state) if t.seat == seat]
        if not mine:
            waiting = ", ".join(self.waiting(state)) or "nobody"
            return f"it is not {seat}'s decision now (waiting on {waiting})"
        offered: list[str] = []
        for turn in mine:
            names = self.menu(state, turn)
            if choice.action in names:
                return self._check(state, turn, choice)
            offered.extend(names)
        listed = ", ".join(dict.fromkeys(self.action_name(n) for n in offered)) or "nothing"
        if choice.action not in self.actions:  # a typo, or a word that is no action at all
            return f"no action is called {choice.action!r} ({seat} may: {listed})"
        action = _in_sentence(self.action_name(choice.action))
        return f"{seat} cannot {action} now ({seat} may: {listed})"

    def _check(self, state: S, turn: Turn, choice: Choice) -> str | None:
        """An action's own check, after refusing parameters it does not take."""
        action = self.actions[choice.action]
        unknown = [n for n, _ in choice.params if n not in action.params]
        if unknown:
            known = ", ".join(action.params) or "none"
            return f"{choice.action} has no parameter {unknown[0]} (it takes: {known})"
        return action.check(state, turn, choice)

    def apply(self, state: S, seat: str, choice: Choice, dice: DiceSource) -> list[Event]:
        """Carry out a legal choice, mutating `state`; every die comes from `dice`."""
        if choice.action in self.standing(state, seat):
            return self.actions[choice.action].apply(state, Turn(seat, choice.action), choice, dice)
        for turn in self.turns(state):
            if turn.seat == seat and choice.action in self.menu(state, turn):
                return self.actions[choice.action].apply(state, turn, choice, dice)
        raise RuleError(f"{seat} cannot {choice.action} now")

    def param_kinds(self, choice: Choice) -> Mapping[str, ParamKind]:
        """The kind of each of a choice's parameters (what picker a UI draws)."""
        action = self.actions.get(choice.action)
        return action.params if action is not None else {}

    @abstractmethod
    def result(self, state: S) -> Result | None:
        """The end of the encounter, or None while it goes on."""

    # --- events in words -----------------------------------------------------------------------
    def describe(self, event: Event, seat: str) -> str:
        """`event` in the game's words, as `seat` reads it in the log, the CLI or the web.

        Events are data; this is the one place a ruleset words them. The default words the
        engine's own events (GM overrides, dice) and falls back on the kind and data.
        """
        return describe_engine_event(event)

    def action_name(self, action: str) -> str:
        """An action as the game names it to people ("Move 2 zones", never "move2"); the short
        name stays what is typed. The default reads the short name as words."""
        return action.replace("_", " ")

    def choice_words(self, choice: Choice) -> str:
        """A choice as people read it in an echo or an undo: its label, else the game's name of
        its action with the parameters as typed."""
        if choice.label:
            return choice.label
        return self.action_name(choice.action) + choice.text()[len(choice.action) :]

    # --- what leaves the engine -----------------------------------------------------------------
    @abstractmethod
    def snapshot(self, state: S) -> dict[str, Any]:
        """The whole state as JSON data: replay must reproduce it exactly."""

    @abstractmethod
    def view(self, state: S, seat: str) -> dict[str, Any]:
        """What `seat` may see of the state ('gm' sees all). Must strip every secret."""

    def overridden(self, state: S) -> list[Event]:
        """The GM changed the state outside the rules (an override): a ruleset that remembers
        anything worked out from the state forgets it here, and one that keeps a status
        following from a track (guns out of action while a row is marked) brings it in line
        with the state as the GM left it; the events say what that changed (logged after the
        override's own)."""
        return []

    def unseen(self, state: S, seat: str) -> frozenset[str]:
        """Units `seat` may not see now (undetected craft): their dice are hidden from it too."""
        return frozenset()

    def choice_visibility(self, state: S, seat: str, choice: Choice) -> frozenset[str] | None:
        """Who may see a submitted choice in the log: None for everyone (secret cards override)."""
        return None

    def secrets(self, state: S, seat: str) -> list[str]:
        """Texts `seat` must not find anywhere in its view (for the conformance harness)."""
        return []

    def odds(self, state: S, seat: str, choice: Choice) -> Odds | None:
        """Exact odds of the roll a choice would make, when it makes one."""
        found = self._offered(state, seat, choice)
        return None if found is None else found[0].odds(state, found[1], choice)

    def odds_words(self, state: S, seat: str, choice: Choice) -> str | None:
        """A choice's chances in the game's words, where the ruleset gives them (the odds
        column shows them instead of `odds`)."""
        found = self._offered(state, seat, choice)
        return None if found is None else found[0].odds_words(state, found[1], choice)

    def choice_map(self, state: S, seat: str, choices: Sequence[Choice]) -> ChoiceMap | None:
        """The board with the `choices` that go to a place drawn on it under their numbers
        (a ruleset with a map picture gives one); None to list them all."""
        return None

    def _offered(self, state: S, seat: str, choice: Choice) -> tuple[Action[S], Turn] | None:
        """The spec of `choice` and the turn of `seat` that offers its action: a standing
        action's turn of its own kind, as `legal` and `apply` give it, or an open turn."""
        action = self.actions.get(choice.action)
        if action is None:
            return None
        if choice.action in self.standing(state, seat):
            return action, Turn(seat, choice.action)
        for turn in self.turns(state):
            if turn.seat == seat and choice.action in self.menu(state, turn):
                return action, turn
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


@mypyc_attr(allow_interpreted_subclasses=True)  # rulesets not in setup.py, test stand-ins
class OneAtATime(Ruleset[S, Sc]):
    """A ruleset that waits on one decision at a time (popcorn initiative, one unit's phase),
    said by `turn`: who is waited on, a seat's turn and the turn a choice is made in follow
    from that one turn, with no list made for it (the bot loop asks them after every choice).
    A standing action is applied in a turn of its own kind, as the base class does, unless
    the turn's menu offers it too."""

    @abstractmethod
    def turn(self, state: S) -> Turn | None:
        """The one decision the encounter waits on now; None when it is over."""

    def turns(self, state: S) -> list[Turn]:
        turn = self.turn(state)
        return [] if turn is None else [turn]

    def waiting(self, state: S) -> list[str]:
        turn = self.turn(state)
        return [] if turn is None else [turn.seat]

    def turn_of(self, state: S, seat: str) -> Turn | None:
        turn = self.turn(state)
        return turn if turn is not None and turn.seat == seat else None

    def apply(self, state: S, seat: str, choice: Choice, dice: DiceSource) -> list[Event]:
        """The choice's action in the turn, when the turn is `seat`'s and offers it; else
        the base class's (a standing action, or the refusal)."""
        turn = self.turn(state)
        action = choice.action
        if turn is not None and turn.seat == seat and action in self.menu(state, turn):
            return self.actions[action].apply(state, turn, choice, dice)
        return super().apply(state, seat, choice, dice)


def describe_engine_event(event: Event) -> str:
    """Words for an event no ruleset words: a GM override's, else its kind and data."""
    words = describe_override(event)
    if words is not None:
        return words
    if not event.data:
        return event.kind
    return f"{event.kind}: " + ", ".join(f"{k} {v}" for k, v in event.data.items())


def _in_sentence(name: str) -> str:
    """An action's name inside a sentence ("Tachyon cannot move 2 zones now")."""
    return name[:1].lower() + name[1:]
