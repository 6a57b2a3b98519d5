"""Tachyon Squadron phased starfighter combat (seed 001; rulings C1-C12, T1-T14).

Round structure (seed "Combat phases"): start of round chatter, piloting (lowest initiative
first, T8), ordnance movement (T12), gunnery (highest first), ordnance resolution, electronic
warfare, damage control, end of round (T14). Every die comes from the encounter's source (C12).

This module wires the game's parts into the engine's contract; each rule lives in the module
named for it (see docs/rulesets/tachyon.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from shiftdrive.core.aspects import AspectSet
from shiftdrive.core.dice import DiceSource
from shiftdrive.core.errors import RuleError
from shiftdrive.core.stress import StressTrack
from shiftdrive.engine.actions import Action
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import Ending, Result, Ruleset, Seat, Sheet, Tally, Turn
from shiftdrive.rulesets.tachyon import flow, view, words
from shiftdrive.rulesets.tachyon.damage import systems_take_effect
from shiftdrive.rulesets.tachyon.menu import ACTIONS, MENUS
from shiftdrive.rulesets.tachyon.scenario import TachyonScenario, load
from shiftdrive.rulesets.tachyon.setup import set_up
from shiftdrive.rulesets.tachyon.sight import seen
from shiftdrive.rulesets.tachyon.state import (
    BUGGED_OUT,
    CONCEDED,
    DESTROYED,
    LARGE,
    OUT,
    TURRET,
    TachyonState,
)


class Tachyon(Ruleset[TachyonState, TachyonScenario]):
    """Phased starfighter combat for Tachyon Squadron."""

    id = "tachyon"
    title = "Tachyon Squadron phased starfighter combat"
    actions: ClassVar[Mapping[str, Action[Any]]] = ACTIONS

    # --- set-up -------------------------------------------------------------------------------
    def load_scenario(self, data: Mapping[str, Any]) -> TachyonScenario:
        return load(data)

    def setup(
        self, scenario: TachyonScenario, dice: DiceSource
    ) -> tuple[TachyonState, list[Event]]:
        return set_up(scenario, dice)

    # --- the turn structure ---------------------------------------------------------------------
    def seats(self, state: TachyonState) -> list[Seat]:
        return [
            Seat(side, side, tuple(u.name for u in state.units.values() if u.side == side))
            for side in state.sides
        ]

    def turns(self, state: TachyonState) -> list[Turn]:
        turn = flow.turn(state)
        return [] if turn is None else [turn]

    def prompt(self, state: TachyonState, turn: Turn) -> str:
        return words.prompt(state, turn)

    def menu(self, state: TachyonState, turn: Turn) -> Sequence[str]:
        return MENUS.get(turn.kind, ())

    def waiting(self, state: TachyonState) -> list[str]:
        # One turn at a time: its seat (what the base class derives, without the list).
        turn = flow.turn(state)
        return [] if turn is None else [turn.seat]

    def apply(
        self, state: TachyonState, seat: str, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        """The choice's action (the base class's lookup, for the one turn there is), then play
        moves on once nothing is left to settle."""
        turn = flow.turn(state)
        if turn is None or turn.seat != seat or choice.action not in MENUS[turn.kind]:
            raise RuleError(f"{seat} cannot {choice.action} now")
        state.turn_known = False  # the state changes from here on
        try:
            return ACTIONS[choice.action].apply(state, turn, choice, dice) + flow.after_roll(
                state, dice
            )
        finally:
            state.turn_known = False

    def overridden(self, state: TachyonState) -> list[Event]:
        """Whose turn it is is worked out again, and each large target's system tracks take
        effect as the GM left them (T5: guns back once their row is broken, out once it is
        complete; a completed explosion row destroys the ship), which may end the fight."""
        state.turn_known = False
        events: list[Event] = []
        for u in list(state.units.values()):
            if u.kind == LARGE:
                events += systems_take_effect(state, u)
        return events + flow.check_end(state)

    def describe(self, event: Event, seat: str) -> str:
        return words.describe(event, seat)

    def action_name(self, action: str) -> str:
        return words.action_name(action)

    def choice_visibility(
        self, state: TachyonState, seat: str, choice: Choice
    ) -> frozenset[str] | None:
        return view.choice_visibility(state, seat, choice)

    def result(self, state: TachyonState) -> Result | None:
        if state.ended is None:
            return None
        return Result(state.winner, state.ended, Ending(state.ending))

    # --- what leaves the engine ---------------------------------------------------------------
    def snapshot(self, state: TachyonState) -> dict[str, Any]:
        return state.to_json()

    def view(self, state: TachyonState, seat: str) -> dict[str, Any]:
        return view.view(state, seat)

    def secrets(self, state: TachyonState, seat: str) -> list[str]:
        return view.secrets(state, seat)

    def unseen(self, state: TachyonState, seat: str) -> frozenset[str]:
        """Craft `seat`'s side has not detected: their dice are hidden with them."""
        return frozenset(n for n, u in state.units.items() if not seen(state, u, seat))

    # --- GM control and balancing ---------------------------------------------------------------
    def sheets(self, state: TachyonState) -> dict[str, Sheet]:
        out: dict[str, Sheet] = {}
        for n, u in state.units.items():
            stress: dict[str, StressTrack] = {}
            if u.shields is not None:
                stress["shields"] = u.shields
            if u.stress is not None:
                stress["stress"] = u.stress
            stress.update(u.systems)
            out[n] = Sheet(n, u.side, u.fate_points, stress, u.consequences)
        return out

    def aspects(self, state: TachyonState) -> AspectSet:
        return state.aspects

    def rounds(self, state: TachyonState) -> int:
        return min(state.round, state.max_rounds)

    def tally(self, state: TachyonState) -> list[Tally]:
        """Per craft, flight and large target (gun emplacements count with their ship)."""
        return [
            Tally(
                name=u.name,
                side=u.side,
                taken_out=u.status in (OUT, DESTROYED),
                conceded=u.status == CONCEDED,
                bugged_out=u.status == BUGGED_OUT,
                damage=u.harm,
                consequences=len(u.consequences.taken()) if u.consequences else 0,
                fate_points_spent=u.fate_points.spent if u.fate_points else 0,
            )
            for u in state.units.values()
            if u.kind != TURRET
        ]
