"""Fate Core conflict rules: the reference ruleset that proves the engine, a thin host of the
conflict library (`shiftdrive.conflict`).

Seed: 000 (Pilot Wave) sections Four Outcomes, Four Actions, Consequences, Aspect Types,
Invoking and Compelling Aspects, Refresh, Conflicts. Rulings C1-C10 apply. Which module holds
which rule: docs/rulesets/fate_core.md.
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
from shiftdrive.engine.events import GM, Event
from shiftdrive.engine.ruleset import Result, Ruleset, Seat, Sheet, Tally, Turn
from shiftdrive.rulesets.fate_core import turns as flow
from shiftdrive.rulesets.fate_core import view as seen
from shiftdrive.rulesets.fate_core import words
from shiftdrive.rulesets.fate_core.compels import (
    AnswerCompel,
    GmCompel,
    compel_visibility,
)
from shiftdrive.rulesets.fate_core.fighters import HOST, FateCoreHost
from shiftdrive.rulesets.fate_core.full_defense import FullDefense
from shiftdrive.rulesets.fate_core.movement import Move, Sprint
from shiftdrive.rulesets.fate_core.scenario import FateCoreScenario, load
from shiftdrive.rulesets.fate_core.setup import setup
from shiftdrive.rulesets.fate_core.state import FateCoreState


def _actions(host: FateCoreHost) -> dict[str, Action[FateCoreState]]:
    specs: dict[str, Action[Any]] = dict(conflict_actions(host))
    own: list[Action[Any]] = [
        Move(host),
        Sprint(host),
        FullDefense(),
        GmCompel(),
        AnswerCompel(True),
        AnswerCompel(False),
    ]
    specs.update((spec.name, spec) for spec in own)
    host.rolls = rolls_of(specs)
    return specs


ACTIONS: Final = _actions(HOST)


class FateCore(Ruleset[FateCoreState, FateCoreScenario]):
    """A Fate Core conflict between sides of characters in zones."""

    id = "fate_core"
    title = "Fate Core conflict (reference ruleset)"
    actions: ClassVar[Mapping[str, Action[Any]]] = ACTIONS

    # --- set-up -------------------------------------------------------------------------------
    def load_scenario(self, data: Mapping[str, Any]) -> FateCoreScenario:
        return load(data)

    def setup(
        self, scenario: FateCoreScenario, dice: DiceSource
    ) -> tuple[FateCoreState, list[Event]]:
        return setup(scenario)

    # --- turn structure -----------------------------------------------------------------------
    def seats(self, state: FateCoreState) -> list[Seat]:
        return table.side_seats(state)

    def turns(self, state: FateCoreState) -> list[Turn]:
        return flow.turns(state)

    def menu(self, state: FateCoreState, turn: Turn) -> Sequence[str]:
        return flow.menu(turn, state.roll.stage if state.roll is not None else None)

    def prompt(self, state: FateCoreState, turn: Turn) -> str:
        return words.prompt(state, turn)

    def standing(self, state: FateCoreState, seat: str) -> Sequence[str]:
        """The GM may compel at any time: a standing right, not a turn anybody waits on."""
        return ("compel",) if seat == GM and not state.ended else ()

    def choice_visibility(
        self, state: FateCoreState, seat: str, choice: Choice
    ) -> frozenset[str] | None:
        """A compel on a hidden aspect is seen only by the GM and the compelled side."""
        if choice.action == "compel":
            return compel_visibility(
                state, choice.str_param("character"), choice.str_param("aspect")
            )
        return None

    def overridden(self, state: FateCoreState) -> list[Event]:
        """A boost the GM added expires like any other (C6)."""
        note_boosts(state)
        return []

    def result(self, state: FateCoreState) -> Result | None:
        if state.ended is None:
            return None
        return Result(state.winner, state.ended, flow.ending(state))

    # --- events in words ----------------------------------------------------------------------
    def describe(self, event: Event, seat: str) -> str:
        return words.describe(event, seat)

    # --- balancing ----------------------------------------------------------------------------
    def tally(self, state: FateCoreState) -> list[Tally]:
        return [table.tally(f) for f in state.fighters.values()]

    def rounds(self, state: FateCoreState) -> int:
        """Exchanges begun (Fate Core's rounds); `exchange` runs one past the limit at the end."""
        return min(state.exchange, state.max_exchanges)

    # --- what leaves the engine ---------------------------------------------------------------
    def snapshot(self, state: FateCoreState) -> dict[str, Any]:
        return state.to_json()

    def secrets(self, state: FateCoreState, seat: str) -> list[str]:
        return seen.secrets(state, seat)

    def view(self, state: FateCoreState, seat: str) -> dict[str, Any]:
        return seen.view(state, seat)

    # --- GM control ---------------------------------------------------------------------------
    def sheets(self, state: FateCoreState) -> dict[str, Sheet]:
        return table.sheets(state)

    def aspects(self, state: FateCoreState) -> AspectSet:
        return state.aspects
