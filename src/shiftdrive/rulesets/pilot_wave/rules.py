"""Pilot Wave's characters and conflicts on the hex map at a personal scale: a host of the
conflict library (`shiftdrive.conflict`) with the seed's side order, Tactics pools, counters,
range bands, weapon values and armor.

Seed: 000 (Pilot Wave). Rulings C1-C12 and P3-P11 apply. Which module holds which rule:
docs/rulesets/pilot_wave.md. Ships and astrogation (P12, P14) are a later part.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final

from shiftdrive.conflict import table
from shiftdrive.conflict.actions import conflict_actions
from shiftdrive.conflict.exchange import rolls_of
from shiftdrive.conflict.roll import note_boosts
from shiftdrive.core.aspects import AspectSet
from shiftdrive.core.dice import DiceSource
from shiftdrive.engine.actions import Action
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import Result, Ruleset, Seat, Sheet, Tally, Turn
from shiftdrive.rulesets.pilot_wave import order as flow
from shiftdrive.rulesets.pilot_wave import view as seen
from shiftdrive.rulesets.pilot_wave import words
from shiftdrive.rulesets.pilot_wave.characters import sheet_problems
from shiftdrive.rulesets.pilot_wave.combat import PilotAttack, SwitchFire
from shiftdrive.rulesets.pilot_wave.counters import (
    CarryOut,
    Concession,
    Counter,
    PassOrLet,
    declare,
)
from shiftdrive.rulesets.pilot_wave.host import HOST, PilotWaveHost
from shiftdrive.rulesets.pilot_wave.moves import Hold, Move, Reload
from shiftdrive.rulesets.pilot_wave.scenario import PilotWaveScenario, load
from shiftdrive.rulesets.pilot_wave.setup import setup
from shiftdrive.rulesets.pilot_wave.state import PilotWaveState
from shiftdrive.rulesets.pilot_wave.tactics import (
    Act,
    Bid,
    First,
    HighG,
    NoticeRoll,
    OrderRoll,
    RovingPoints,
    next_rolls,
)

#: a turn's steps that do not end it, and so are never declared (nor countered)
STEPS: Final = frozenset({"move", "reload"})


def _actions(host: PilotWaveHost) -> dict[str, Action[PilotWaveState]]:
    specs: dict[str, Action[Any]] = dict(conflict_actions(host))
    own: list[Action[Any]] = [
        PilotAttack(host),
        SwitchFire(),
        Move(),
        Reload(),
        Hold(host),
        Bid(),
        First(host),
        Act(),
        RovingPoints(host),
        HighG(host),
        NoticeRoll(host),
        OrderRoll(host),
        Counter(host),
        PassOrLet(host, specs),
        Concession(host, specs),
        CarryOut(specs),
    ]
    specs.update((spec.name, spec) for spec in own)
    host.rolls = rolls_of(specs)
    return specs


ACTIONS: Final = _actions(HOST)


class PilotWave(Ruleset[PilotWaveState, PilotWaveScenario]):
    """A Pilot Wave conflict between sides of characters on a hex map."""

    id = "pilot_wave"
    title = "Pilot Wave: characters and conflicts on the hex map"
    actions: ClassVar[Mapping[str, Action[Any]]] = ACTIONS

    # --- set-up -------------------------------------------------------------------------------
    def load_scenario(self, data: Mapping[str, Any]) -> PilotWaveScenario:
        return load(data)

    def setup(
        self, scenario: PilotWaveScenario, dice: DiceSource
    ) -> tuple[PilotWaveState, list[Event]]:
        return setup(scenario, dice)

    def check_character(self, data: Mapping[str, Any]) -> list[tuple[str, str]]:
        """A character file's problems (its shape, then P3's creation rules)."""
        return sheet_problems(dict(data))

    # --- turn structure -----------------------------------------------------------------------
    def seats(self, state: PilotWaveState) -> list[Seat]:
        return table.side_seats(state)

    def turns(self, state: PilotWaveState) -> list[Turn]:
        memo = state.turns_memo  # (read here too: asked several times per decision)
        return memo if memo is not None else flow.turns(state)

    def menu(self, state: PilotWaveState, turn: Turn) -> Sequence[str]:
        return flow.menu(state, turn)

    def prompt(self, state: PilotWaveState, turn: Turn) -> str:
        return words.prompt(state, turn)

    def apply(
        self, state: PilotWaveState, seat: str, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        """A character's action for its turn is declared first: the other sides may counter
        it before it is carried out (counters.declare). Once a roll is over, the conflict's
        next own roll follows (Notice, side order, high G: `tactics.next_rolls`)."""
        turn = self.turn_of(state, seat)
        try:
            if turn is not None and turn.kind == "turn" and choice.action not in STEPS:
                events = declare(state, ACTIONS, turn, choice, dice)
            else:
                events = super().apply(state, seat, choice, dice)
            if not state.rank or state.notice_left or state.order_left or state.high_g_left:
                events = events + next_rolls(HOST, state, dice)
            return events
        finally:
            flow.forget(state)  # the state has changed: whose turn it is, worked out again

    def overridden(self, state: PilotWaveState) -> list[Event]:
        """After a GM override: whose turn it is is worked out again; a boost the GM added
        expires like any other (C6)."""
        flow.forget(state)
        note_boosts(state)
        return []

    def choice_visibility(
        self, state: PilotWaveState, seat: str, choice: Choice
    ) -> frozenset[str] | None:
        """A side-order bid is seen by its side (and the GM) only; a move is not seen by an
        enemy side that has not noticed the mover (P8)."""
        if choice.action == "bid":
            return frozenset({seat, "gm"})
        if choice.action == "move":
            turn = self.turn_of(state, seat)
            if turn is not None and turn.actor in state.fighters:
                return seen.move_seen_by(state, state.fighters[turn.actor])
        return None

    def result(self, state: PilotWaveState) -> Result | None:
        if state.ended is None:
            return None
        return Result(state.winner, state.ended, flow.ending(state))

    # --- events in words ----------------------------------------------------------------------
    def describe(self, event: Event, seat: str) -> str:
        return words.describe(event, seat)

    # --- balancing ----------------------------------------------------------------------------
    def tally(self, state: PilotWaveState) -> list[Tally]:
        return [table.tally(f) for f in state.fighters.values()]

    def rounds(self, state: PilotWaveState) -> int:
        return state.exchange

    # --- what leaves the engine ---------------------------------------------------------------
    def snapshot(self, state: PilotWaveState) -> dict[str, Any]:
        return state.to_json()

    def secrets(self, state: PilotWaveState, seat: str) -> list[str]:
        return seen.secrets(state, seat)

    def view(self, state: PilotWaveState, seat: str) -> dict[str, Any]:
        return seen.view(state, seat)

    # --- GM control ---------------------------------------------------------------------------
    def sheets(self, state: PilotWaveState) -> dict[str, Sheet]:
        return table.sheets(state)

    def aspects(self, state: PilotWaveState) -> AspectSet:
        return state.aspects
