"""The encounter: a ruleset, a scenario, a dice source and the log that state is derived from.

`pending()` says who must decide, `legal(seat)` what they may choose, `submit(seat, choice)`
validates and applies. The log is the truth: `to_json` holds scenario + commands + dice,
replay rebuilds the state from them, undo cuts the log and replays.

Dice typed in at the table are decisions too: when a choice needs dice the table has not
given yet, the encounter rolls it back and asks the seat that rolls (`Decision(kind="dice")`);
once the faces are in, the choice is applied again from the start with them.

The engine is pure: reading and writing files is `shiftdrive.files`' work.
"""

from __future__ import annotations

import json
import random
from collections.abc import Container, Mapping
from dataclasses import dataclass
from typing import Any, Final

from shiftdrive.core.dice import (
    DiceDraw,
    DiceError,
    DiceNeeded,
    DiceSource,
    RecordingDice,
    ReplayDice,
    SeededDice,
    TableDice,
    read_faces,
)
from shiftdrive.core.errors import RuleError
from shiftdrive.engine.actions import ParamKind
from shiftdrive.engine.choices import Choice, ChoiceSyntaxError
from shiftdrive.engine.dice_prompt import DICE, AwaitingDice
from shiftdrive.engine.events import GM, Event, LogEntry
from shiftdrive.engine.overrides import OVERRIDES, apply_override, is_override
from shiftdrive.engine.registry import UnknownRuleset, get_bot, get_ruleset
from shiftdrive.engine.ruleset import Decision, Result, Ruleset, Seat
from shiftdrive.engine.saves import (
    SAVE_FORMAT,
    SAVE_VERSION,
    DiceSpec,
    SaveFileError,
    _type_word,
    check_save,
    digest,
)
from shiftdrive.engine.scenario import ScenarioError, ruleset_of
from shiftdrive.engine.seat_view import WordedLog, seat_view

PASS: Final = "pass"


class IllegalChoice(RuleError):
    """A choice the rules refuse now; the encounter is unchanged."""


def load_checked(ruleset: Ruleset[Any, Any], data: Mapping[str, Any], source: str) -> Any:
    """The ruleset's scenario from `data`. A side is a seat named by the side, and `gm` is
    the GM's: a side of that name would see every secret and make the GM's overrides, so it
    is refused (with the ruleset's own problems, if any), whatever the ruleset."""
    sides = data.get("sides")  # (any shape: the ruleset's own check says what is wrong)
    clash = [
        (f"sides[{i}].name", f"{side['name']!r} is the GM's seat: rename the side")
        for i, side in enumerate(sides if isinstance(sides, list) else ())
        if isinstance(side, Mapping) and str(side.get("name", "")).strip().lower() == GM
    ]
    try:
        scenario = ruleset.load_scenario(data)
    except ScenarioError as bad:
        raise ScenarioError([*clash, *bad.problems], source) from None
    if clash:
        raise ScenarioError(clash, source)
    return scenario


class Encounter:
    """One fight in progress. Build with `Encounter.start` or `Encounter.from_file`."""

    def __init__(
        self,
        ruleset: Ruleset[Any, Any],
        scenario_data: Mapping[str, Any],
        dice: DiceSource,
        spec: DiceSpec,
        *,
        source: str = "scenario",
        prepared: PreparedScenario | None = None,
        record: bool = True,
        setup_faces: list[list[int]] | None = None,
    ) -> None:
        """`setup_faces`: the set-up's table dice, when they are known already (a saved log)."""
        self.ruleset = ruleset
        self.bot = get_bot(ruleset.id)  # its default bot, from the registry
        self.source = source
        self.spec = spec
        self.recorded = record
        self._broken = False  # an unrecorded encounter whose last choice failed half-way
        self._dice = RecordingDice(dice)
        self._live: DiceSource = self._dice if record else dice
        # Seeded dice are verifiable: each draw's place in the generator's stream, and the
        # draws no log entry keeps (refused or undone commands), so a replay regenerates all.
        self._drawn = 0
        self.discarded: list[tuple[int, DiceDraw]] = []
        if prepared is not None:
            # Validated once by `prepare`; the data is already a private JSON copy.
            self.scenario_data = prepared.data
            self.scenario = prepared.scenario
        else:
            self.scenario_data = json.loads(json.dumps(scenario_data))
            self.scenario = load_checked(ruleset, self.scenario_data, source)
        self.table = spec.kind == "manual"
        self.awaiting: AwaitingDice | None = None
        self.log: list[LogEntry] = []
        self.state: Any = None
        if self.table:
            self._setup(setup_faces or [])
        else:
            self.state, events = ruleset.setup(self.scenario, self._live)
            self.log.append(LogEntry("setup", None, self._take(), events, at=0))

    def _setup(self, faces: list[list[int]]) -> None:
        """The set-up with dice from the table: asks for them until all are in."""
        self._dice = RecordingDice(TableDice(faces))
        try:
            self.state, events = self.ruleset.setup(self.scenario, self._dice)
        except DiceNeeded as need:
            self._dice.take()
            self.awaiting = AwaitingDice("setup", None, need, GM, faces)
            return
        self.awaiting = None
        self.log = [LogEntry("setup", None, self._dice.take(), events)]

    # --- construction -----------------------------------------------------------------------
    @classmethod
    def start(
        cls,
        scenario_data: Mapping[str, Any],
        *,
        seed: int | None = None,
        dice: DiceSource | None = None,
        dice_kind: str | None = None,
        source: str = "scenario",
    ) -> Encounter:
        """Start from scenario data. Without `dice`, a seeded generator (a random seed if None);
        `dice_kind="manual"` without `dice` asks the table for every die as a decision."""
        rid = ruleset_of(scenario_data, source)
        try:
            ruleset = get_ruleset(rid)
        except UnknownRuleset as unknown:
            raise ScenarioError([("ruleset", str(unknown))], source) from None
        if dice is None and dice_kind == "manual":
            dice = TableDice()
            spec = DiceSpec("manual", None)
        elif dice is None:
            if seed is None:
                seed = random.SystemRandom().randrange(2**31)
            dice = SeededDice(seed)
            spec = DiceSpec("seeded", seed)
        else:
            spec = DiceSpec(dice_kind or "script", seed)
        return cls(ruleset, scenario_data, dice, spec, source=source)

    @classmethod
    def prepare(
        cls, scenario_data: Mapping[str, Any], source: str = "scenario"
    ) -> PreparedScenario:
        """Validate a scenario once, to start many seeded encounters from it (simulation)."""
        rid = ruleset_of(scenario_data, source)
        try:
            ruleset = get_ruleset(rid)
        except UnknownRuleset as unknown:
            raise ScenarioError([("ruleset", str(unknown))], source) from None
        data: dict[str, Any] = json.loads(json.dumps(scenario_data))
        return PreparedScenario(ruleset, data, load_checked(ruleset, data, source), source)

    # --- asking -----------------------------------------------------------------------------
    def pending(self) -> list[Decision]:
        if self.awaiting is not None:
            return [self.awaiting.decision()]
        return [] if self.result() else self.ruleset.pending(self.state)

    def pending_seats(self) -> list[str]:
        if self.awaiting is not None:
            return [self.awaiting.roller]
        return [] if self.result() else self.ruleset.waiting(self.state)

    def window_of_a_person(self, bots: Container[str]) -> str | None:
        """The first seat no bot plays (the GM aside) with an optional window open now: the
        bots wait for it, as their choice would close it unasked (diaspora's concession before
        an attack comes, an invoke after the dice). None while dice are awaited."""
        if self.awaiting is not None:
            return None
        for d in self.pending():
            if d.window and d.seat not in bots and d.seat != GM:
                return d.seat
        return None

    def legal(self, seat: str) -> list[Choice]:
        if self.awaiting is not None:
            return [self.awaiting.choice_to_give()] if seat in (self.awaiting.roller, GM) else []
        if self.result():
            return []
        return self.ruleset.legal(self.state, seat)

    def result(self) -> Result | None:
        if self.state is None:
            return None
        return self.ruleset.result(self.state)

    def seating(self) -> list[Seat]:
        """Who sits at the table: each seat's side and the units it controls."""
        if self.state is None:
            return []
        return self.ruleset.seats(self.state)

    def seats(self) -> list[str]:
        """The seats' ids (the GM seat 'gm' is implicit)."""
        return [seat.id for seat in self.seating()]

    def param_kinds(self, choice: Choice) -> dict[str, ParamKind]:
        """What each of a choice's parameters names, for a UI's pickers."""
        if choice.action == DICE:
            return {"faces": ParamKind.DICE}
        return dict(self.ruleset.param_kinds(choice))

    def describe(self, event: Event, seat: str = GM) -> str:
        """An event in the game's words, as `seat` reads it."""
        return self.ruleset.describe(event, seat)

    def why_illegal(self, seat: str, choice: Choice) -> str | None:
        if self.awaiting is not None:
            need = self.awaiting.need
            if choice.action != DICE:
                return f"waiting for dice first: {need.count}{need.die} for {need.why}"
            if seat not in (self.awaiting.roller, GM):
                return f"{self.awaiting.roller} (or the GM) rolls {need.why}, not {seat}"
            try:
                read_faces(choice.str_param("faces"), need.die, need.count)
            except DiceError as bad:
                return str(bad)
            return None
        if is_override(choice):
            return None if seat == GM else f"only the GM may use {choice.action}"
        if self.result():
            return "the encounter is over"
        if seat != GM and seat not in self.seats():
            return f"there is no seat {seat!r} (seats: {', '.join(self.seats())}, gm)"
        for name, value in choice.params:
            if value is not None and not isinstance(value, str | int):  # bool is an int
                return f"{name} must be text, a whole number or true/false, not {value!r}"
        reason = self.ruleset.why_illegal(self.state, seat, choice)
        if reason is None:
            return self._same_types(seat, choice)
        return reason

    def _same_types(self, seat: str, choice: Choice) -> str | None:
        """True is not 1 and 1 is not True, though Python finds them equal."""
        for option in self.ruleset.legal(self.state, seat):
            if choice.matches(option):
                for (name, mine), (_, theirs) in zip(choice.params, option.params, strict=True):
                    if name not in option.free and type(mine) is not type(theirs):
                        return f"{name} must be {_type_word(theirs)}, not {_type_word(mine)}"
                return None
        return None

    def roller(self, need: DiceNeeded, seat: str) -> str:
        """The seat that rolls dice for `need.who` (a unit a seat controls), else `seat`."""
        if need.who:
            for candidate in self.seating():
                if need.who in candidate.controls or need.who == candidate.id:
                    return candidate.id
        return seat

    # --- doing ------------------------------------------------------------------------------
    def submit(self, seat: str, choice: Choice | str, *, validate: bool = True) -> list[Event]:
        """Validate and apply one choice. Refused choices raise IllegalChoice and change nothing.

        `validate=False` skips `why_illegal` (which lists every legal choice again) for choices
        the ruleset's own bot just picked from that list: the simulator's hot path. A rule the
        choice breaks inside `apply` is still refused and rolled back (in a recorded encounter).
        """
        if isinstance(choice, str):
            try:
                choice = Choice.parse(choice)
            except ChoiceSyntaxError as syntax:
                raise IllegalChoice(str(syntax)) from None
        reason = self.why_illegal(seat, choice) if validate else None
        if reason:
            raise IllegalChoice(reason)
        if not self.recorded:
            return self._apply_unrecorded(seat, choice)
        if self.awaiting is not None:
            return self._give_dice(choice)
        return self._attempt(seat, choice, [])

    def _give_dice(self, choice: Choice) -> list[Event]:
        """Faces from the table: the waiting command is tried again with every face so far."""
        waiting = self.awaiting
        assert waiting is not None
        need = waiting.need
        try:
            faces = read_faces(choice.str_param("faces"), need.die, need.count)
        except DiceError as bad:
            raise IllegalChoice(str(bad)) from None
        given = [*waiting.faces, faces]
        if waiting.choice is None:
            self._setup(given)
            return self.log[0].events if self.awaiting is None and self.log else []
        return self._attempt(waiting.seat, waiting.choice, given)

    def _attempt(self, seat: str, choice: Choice, faces: list[list[int]]) -> list[Event]:
        """Apply one command, logging it; at the table, ask for dice it lacks (nothing kept)."""
        if self.table:
            self._dice = RecordingDice(TableDice(faces))
        override = is_override(choice)
        if override:
            secret = choice.action == "gm_note" or bool(choice.get("hidden"))
            visibility: frozenset[str] | None = frozenset() if secret else None
        else:
            visibility = self.ruleset.choice_visibility(self.state, seat, choice)
        at = self._drawn
        try:
            if override:
                events = apply_override(self.ruleset, self.state, choice)
                events += self.ruleset.overridden(self.state)
                if visibility is not None:  # a hidden override: what it makes is hidden too
                    events = [Event(e.kind, e.data, visibility) for e in events]
            else:
                events = self.ruleset.apply(self.state, seat, choice, self._dice)
        except DiceNeeded as need:
            self._dice.take()
            self._rebuild(self.log)
            self.awaiting = AwaitingDice(seat, choice, need, self.roller(need, seat), faces)
            return []
        except (RuleError, DiceError) as refused:
            self._discard(at, self._take())
            self._rebuild(self.log)
            self.awaiting = None
            raise IllegalChoice(str(refused)) from None
        except BaseException:
            self._discard(at, self._take())
            self._rebuild(self.log)
            raise
        self.awaiting = None
        draws = self._take()
        self.log.append(
            LogEntry(seat, choice, draws, events, visibility, None if self.table else at)
        )
        return events

    def _take(self) -> list[DiceDraw]:
        """The draws of the command just made, counted in the generator's stream."""
        draws = self._dice.take()
        self._drawn += len(draws)
        return draws

    def _discard(self, at: int | None, draws: list[DiceDraw]) -> None:
        """Draws no log entry keeps; a seeded replay still needs their place in the stream."""
        if not self.table and at is not None:
            self.discarded.extend((at + i, draw) for i, draw in enumerate(draws))

    def pass_window(self, window: str) -> list[Event]:
        """Every seat in an optional window passes, in one step (each pass is logged)."""
        events: list[Event] = []
        for _ in range(1000):
            open_seats = [d.seat for d in self.pending() if d.window == window and d.seat != GM]
            if not open_seats:
                return events
            events.extend(self.submit(open_seats[0], Choice(PASS)))
        raise RuntimeError(f"window {window!r} did not close after 1000 passes")

    def _apply_unrecorded(self, seat: str, choice: Choice) -> list[Event]:
        """A simulated battle: no visibility, no log entry, dice straight from the generator,
        and no events kept.

        Nothing can be rolled back without the log, so a choice the rules refuse inside
        `apply` leaves the encounter unusable; simulations report that battle by its seed
        (a bot that picks a refused choice is a bug) and replay it recorded to show it.
        """
        if self._broken:
            raise RuntimeError("this unrecorded encounter broke at an earlier choice")
        try:
            if is_override(choice):
                events = apply_override(self.ruleset, self.state, choice)
                return events + self.ruleset.overridden(self.state)
            return self.ruleset.apply(self.state, seat, choice, self._live)
        except BaseException:
            self._broken = True
            raise

    def _need_log(self, what: str) -> None:
        if not self.recorded:
            raise RuntimeError(
                f"{what} needs the log, and this encounter keeps none (a simulated battle): "
                "start it again with record=True, from the same seed, to get the same battle"
            )

    def undo(self, steps: int = 1) -> list[LogEntry]:
        """Remove the last `steps` commands by replaying a shortened log; returns what was cut.

        At a dice prompt, the first step takes back the command waiting for the dice.
        """
        self._need_log("undo")
        if self.awaiting is not None:
            waiting = self.awaiting
            if waiting.choice is None:
                raise IllegalChoice("nothing to undo: the set-up is waiting for its dice")
            self.awaiting = None
            cut = [LogEntry(waiting.seat, waiting.choice, [], [])]
            return cut + (self.undo(steps - 1) if steps > 1 else [])
        if steps < 1:
            raise IllegalChoice("undo needs at least one step")
        if steps > len(self.log) - 1:
            raise IllegalChoice(f"only {len(self.log) - 1} command(s) to undo")
        cut = self.log[-steps:]
        for entry in cut:
            self._discard(entry.at, entry.draws)
        self._rebuild(self.log[:-steps])
        return cut

    def _rebuild(self, entries: list[LogEntry]) -> None:
        """Rebuild state from log entries and their recorded dice (live dice stay as they are)."""
        state, _ = self.ruleset.setup(self.scenario, ReplayDice(entries[0].draws))
        for entry in entries[1:]:
            assert entry.choice is not None
            if is_override(entry.choice):
                apply_override(self.ruleset, state, entry.choice)
                self.ruleset.overridden(state)
            else:
                self.ruleset.apply(state, entry.seat, entry.choice, ReplayDice(entry.draws))
        self.state = state
        self.log = list(entries)
        self.awaiting = None

    # --- what leaves the engine -------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        return self.ruleset.snapshot(self.state)

    def view(
        self, seat: str, *, last: int | None = None, memo: WordedLog | None = None
    ) -> dict[str, Any]:
        """Everything `seat` may see (`seat_view.seat_view`): state, its decisions, its
        legal choices and the log, the `last` entries of it when given."""
        self._need_log("a seat's view")
        return seat_view(self, seat, last=last, memo=memo)

    def events(self) -> list[Event]:
        self._need_log("events")
        return [e for entry in self.log for e in entry.events]

    # --- save, load, replay -----------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        self._need_log("saving")
        out: dict[str, Any] = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "ruleset": self.ruleset.id,
            "source": self.source,
            "scenario": self.scenario_data,
            "dice": self.spec.to_json(),
            "log": [e.to_json() for e in self.log],
        }
        if self.state is not None:
            out["final"] = {"digest": digest(self.snapshot()), "commands": len(self.log) - 1}
        if self.awaiting is not None:
            out["awaiting"] = self.awaiting.to_json()
        if self.discarded:
            out["discarded"] = [
                {"at": at, **d.to_json()} for at, d in sorted(self.discarded, key=lambda x: x[0])
            ]
        return out


@dataclass(frozen=True, slots=True)
class PreparedScenario:
    """A scenario parsed and validated once; `start(seed)` begins a seeded encounter from it.

    Rulesets must not mutate the scenario model in `setup` (tests check that encounters
    started here equal those started from the raw data).
    """

    ruleset: Ruleset[Any, Any]
    data: dict[str, Any]
    scenario: Any
    source: str = "scenario"

    def start(self, seed: int, *, record: bool = True) -> Encounter:
        """`record=False` keeps no log (see `Encounter._apply_unrecorded`): the simulator's
        battles, summed up from the final state and replayed, when wanted, from their seed."""
        return Encounter(
            self.ruleset,
            self.data,
            SeededDice(seed),
            DiceSpec("seeded", seed),
            source=self.source,
            prepared=self,
            record=record,
        )


__all__ = [
    "OVERRIDES", "DiceDraw", "DiceSpec", "Encounter", "IllegalChoice", "PreparedScenario",
    "SaveFileError", "check_save", "digest",
]  # fmt: skip
