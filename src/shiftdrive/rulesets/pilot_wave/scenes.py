"""Pilot Wave as the registry names it: one ruleset that plays either scene the seed has, picked
by the scenario. A scenario at a ship scale (`scale: far | orbital | extreme`) or whose sides
bring `ships:` is a ship fight (`pilot_wave.ships`); any other is the character conflict on the
hex map (`pilot_wave.rules`). Every call goes to the one the state belongs to; this holds no
rule of its own."""

from __future__ import annotations

import random
from collections.abc import Container, Mapping, Sequence
from typing import Any, ClassVar, Final

from shiftdrive.core.aspects import AspectSet
from shiftdrive.core.dice import DiceSource
from shiftdrive.core.odds import Odds
from shiftdrive.engine.actions import Action
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import (
    ChoiceMap,
    Decision,
    Result,
    Ruleset,
    Seat,
    Sheet,
    Tally,
    Turn,
)
from shiftdrive.rulesets.pilot_wave.bot import choose as conflict_bot
from shiftdrive.rulesets.pilot_wave.rules import ACTIONS as CONFLICT_ACTIONS
from shiftdrive.rulesets.pilot_wave.rules import PilotWave
from shiftdrive.rulesets.pilot_wave.ships.bot import choose as ship_bot
from shiftdrive.rulesets.pilot_wave.ships.rules import ACTIONS as SHIP_ACTIONS
from shiftdrive.rulesets.pilot_wave.ships.rules import PilotWaveShips
from shiftdrive.rulesets.pilot_wave.ships.scenario import is_ship_fight
from shiftdrive.rulesets.pilot_wave.ships.state import ShipState

CONFLICT: Final = PilotWave()
SHIPS: Final = PilotWaveShips()
ALL_ACTIONS: Final[dict[str, Action[Any]]] = {**CONFLICT_ACTIONS, **SHIP_ACTIONS}


def scene(state: Any) -> Ruleset[Any, Any]:
    """The ruleset the state belongs to."""
    return SHIPS if isinstance(state, ShipState) else CONFLICT


class PilotWaveScenes(Ruleset[Any, Any]):
    """Pilot Wave: character conflicts and ship fights, by the scenario."""

    id = "pilot_wave"
    title = "Pilot Wave: characters, conflicts and ship combat on the hex map"
    actions: ClassVar[Mapping[str, Action[Any]]] = ALL_ACTIONS

    def load_scenario(self, data: Mapping[str, Any]) -> Any:
        return (SHIPS if is_ship_fight(data) else CONFLICT).load_scenario(data)

    def setup(self, scenario: Any, dice: DiceSource) -> tuple[Any, list[Event]]:
        from shiftdrive.rulesets.pilot_wave.ships.scenario import ShipScenario

        return (SHIPS if isinstance(scenario, ShipScenario) else CONFLICT).setup(scenario, dice)

    def check_character(self, data: Mapping[str, Any]) -> list[tuple[str, str]]:
        return CONFLICT.check_character(data)

    def seats(self, state: Any) -> list[Seat]:
        return scene(state).seats(state)

    def turns(self, state: Any) -> list[Turn]:
        return scene(state).turns(state)

    def prompt(self, state: Any, turn: Turn) -> str:
        return scene(state).prompt(state, turn)

    def pending(self, state: Any) -> list[Decision]:
        return scene(state).pending(state)

    def waiting(self, state: Any) -> list[str]:
        return scene(state).waiting(state)

    def turn_of(self, state: Any, seat: str) -> Turn | None:
        return scene(state).turn_of(state, seat)

    def menu(self, state: Any, turn: Turn) -> Sequence[str]:
        return scene(state).menu(state, turn)

    def standing(self, state: Any, seat: str) -> Sequence[str]:
        return scene(state).standing(state, seat)

    def legal(self, state: Any, seat: str, only: Container[str] | None = None) -> list[Choice]:
        return scene(state).legal(state, seat, only)

    def why_illegal(self, state: Any, seat: str, choice: Choice) -> str | None:
        return scene(state).why_illegal(state, seat, choice)

    def apply(self, state: Any, seat: str, choice: Choice, dice: DiceSource) -> list[Event]:
        return scene(state).apply(state, seat, choice, dice)

    def result(self, state: Any) -> Result | None:
        return scene(state).result(state)

    def describe(self, event: Event, seat: str) -> str:
        if event.kind.startswith("ship_"):
            return SHIPS.describe(event, seat)
        return CONFLICT.describe(event, seat)

    def action_name(self, action: str) -> str:
        if action in SHIP_ACTIONS:
            return SHIPS.action_name(action)
        return CONFLICT.action_name(action)

    def snapshot(self, state: Any) -> dict[str, Any]:
        return scene(state).snapshot(state)

    def view(self, state: Any, seat: str) -> dict[str, Any]:
        return scene(state).view(state, seat)

    def overridden(self, state: Any) -> list[Event]:
        return scene(state).overridden(state)

    def unseen(self, state: Any, seat: str) -> frozenset[str]:
        return scene(state).unseen(state, seat)

    def choice_visibility(self, state: Any, seat: str, choice: Choice) -> frozenset[str] | None:
        return scene(state).choice_visibility(state, seat, choice)

    def secrets(self, state: Any, seat: str) -> list[str]:
        return scene(state).secrets(state, seat)

    def odds(self, state: Any, seat: str, choice: Choice) -> Odds | None:
        return scene(state).odds(state, seat, choice)

    def odds_words(self, state: Any, seat: str, choice: Choice) -> str | None:
        return scene(state).odds_words(state, seat, choice)

    def choice_map(self, state: Any, seat: str, choices: Sequence[Choice]) -> ChoiceMap | None:
        return scene(state).choice_map(state, seat, choices)

    def sheets(self, state: Any) -> dict[str, Sheet]:
        return scene(state).sheets(state)

    def aspects(self, state: Any) -> AspectSet:
        return scene(state).aspects(state)

    def tally(self, state: Any) -> list[Tally]:
        return scene(state).tally(state)

    def rounds(self, state: Any) -> int:
        return scene(state).rounds(state)


def choose(ruleset: Any, state: Any, seat: str, rng: random.Random) -> Choice:
    """The bot of the scene being played, asking that scene's ruleset (the one every call of
    `ruleset` would go to) without going through this one on each question."""
    if isinstance(state, ShipState):
        return ship_bot(SHIPS, state, seat, rng)
    return conflict_bot(CONFLICT, state, seat, rng)
