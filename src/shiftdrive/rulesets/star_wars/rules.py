"""Star Wars Fate conflicts: a thin host of the conflict library (`shiftdrive.conflict`) with
popcorn initiative (S1) instead of Fate Core's order, interrupts, and teamwork (S13).

Seed: 004 (the Star Wars hack), sections Challenges, Contests, and Conflicts; Vehicle Action.
Rulings C1-C12 and S1-S13 apply. Which module holds which rule: docs/rulesets/star_wars.md.
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
from shiftdrive.engine.ruleset import OneAtATime, Result, Seat, Sheet, Tally, Turn
from shiftdrive.rulesets.star_wars import popcorn, words
from shiftdrive.rulesets.star_wars import view as seen
from shiftdrive.rulesets.star_wars.characters import HOST, StarWarsHost
from shiftdrive.rulesets.star_wars.comms import Communicate
from shiftdrive.rulesets.star_wars.dogfight import GetOnTheirSix, unaspected
from shiftdrive.rulesets.star_wars.duel import AcceptLoss, CutGain, DuelRound, StyleChoice
from shiftdrive.rulesets.star_wars.hyperspace import Jump
from shiftdrive.rulesets.star_wars.maneuvers import StarWarsAdvantage, StarWarsDiscover
from shiftdrive.rulesets.star_wars.movement import Move, Sprint
from shiftdrive.rulesets.star_wars.repair import Repair
from shiftdrive.rulesets.star_wars.scenario import StarWarsScenario, load
from shiftdrive.rulesets.star_wars.sensors import SensorMode
from shiftdrive.rulesets.star_wars.setup import setup
from shiftdrive.rulesets.star_wars.state import ESCAPED, StarWarsState
from shiftdrive.rulesets.star_wars.teamwork import HelpAlly
from shiftdrive.rulesets.star_wars.weapons import StarWarsAttack


def _actions(host: StarWarsHost) -> dict[str, Action[StarWarsState]]:
    specs: dict[str, Action[Any]] = dict(conflict_actions(host))
    own: list[Action[Any]] = [
        StarWarsAttack(host),
        StarWarsAdvantage(host),
        StarWarsDiscover(host),
        Communicate(host),
        popcorn.StarWarsConcede(host),
        SensorMode(),
        Move(host),
        Sprint(host),
        HelpAlly(),
        DuelRound(host),
        Jump(host),
        Repair(host),
        GetOnTheirSix(host),
        StyleChoice(host, False),
        StyleChoice(host, True),
        CutGain(host),
        AcceptLoss(host),
        popcorn.Next(),
        popcorn.Hold(),
        popcorn.Interrupt(),
        popcorn.Answer(True),
        popcorn.Answer(False),
        popcorn.WindowPass(host),
    ]
    specs.update((spec.name, spec) for spec in own)
    host.rolls = rolls_of(specs)
    return specs


ACTIONS: Final = _actions(HOST)


class StarWars(OneAtATime[StarWarsState, StarWarsScenario]):
    """A Star Wars Fate conflict between sides of characters in zones, in popcorn order."""

    id = "star_wars"
    title = "Star Wars Fate hack (popcorn initiative)"
    actions: ClassVar[Mapping[str, Action[Any]]] = ACTIONS

    # --- set-up -------------------------------------------------------------------------------
    def load_scenario(self, data: Mapping[str, Any]) -> StarWarsScenario:
        return load(data)

    def setup(
        self, scenario: StarWarsScenario, dice: DiceSource
    ) -> tuple[StarWarsState, list[Event]]:
        return setup(scenario)

    # --- turn structure -----------------------------------------------------------------------
    def seats(self, state: StarWarsState) -> list[Seat]:
        return table.side_seats(state)

    def turn(self, state: StarWarsState) -> Turn | None:
        """`popcorn.open_turn`, remembered until the state changes (asked several times per
        decision: by the bot loop, the bot and `apply`); forgotten in `apply` and after a GM
        override."""
        if state.turn_known:
            return state.turn_memo
        found = popcorn.open_turn(state)
        state.turn_memo = found
        state.turn_known = True
        return found

    def menu(self, state: StarWarsState, turn: Turn) -> Sequence[str]:
        return popcorn.menu(state, turn)

    def apply(
        self, state: StarWarsState, seat: str, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        """Every choice; whose turn it is is worked out again afterwards (even when the
        choice was refused half-way, or waits for dice at the table)."""
        try:
            return OneAtATime.apply(self, state, seat, choice, dice)  # (not super(): every choice)
        finally:
            state.turn_known = False

    def overridden(self, state: StarWarsState) -> list[Event]:
        """After a GM override: whose turn it is is worked out again, and a tail whose aspect
        the GM removed is gone (S5); a boost the GM added expires like any other (C6)."""
        state.turn_known = False
        state.forget_purses()  # (the GM may have given someone a fate point)
        state.unsettled = True  # (or filled a hull: S10, as the turn ends)
        note_boosts(state)
        return unaspected(state) if state.tails else []

    def prompt(self, state: StarWarsState, turn: Turn) -> str:
        return words.prompt(state, turn)

    def result(self, state: StarWarsState) -> Result | None:
        if state.ended is None:
            return None
        return Result(state.winner, state.ended, popcorn.ending(state))

    # --- events in words ----------------------------------------------------------------------
    def describe(self, event: Event, seat: str) -> str:
        return words.describe(event, seat)

    # --- balancing ----------------------------------------------------------------------------
    def tally(self, state: StarWarsState) -> list[Tally]:
        """Each unit; a vehicle spends its pilot's fate points, counted with the pilot."""
        return [
            table.tally(f, bugged_out=f.status == ESCAPED, fate_points=not f.is_vehicle)
            for f in state.fighters.values()
        ]

    def rounds(self, state: StarWarsState) -> int:
        """Popcorn rounds begun; `round` runs one past the limit at the end."""
        return min(state.order.round, state.max_rounds)

    # --- what leaves the engine ---------------------------------------------------------------
    def snapshot(self, state: StarWarsState) -> dict[str, Any]:
        return state.to_json()

    def secrets(self, state: StarWarsState, seat: str) -> list[str]:
        return seen.secrets(state, seat)

    def view(self, state: StarWarsState, seat: str) -> dict[str, Any]:
        return seen.view(state, seat)

    # --- GM control ---------------------------------------------------------------------------
    def sheets(self, state: StarWarsState) -> dict[str, Sheet]:
        return table.sheets(state)

    def aspects(self, state: StarWarsState) -> AspectSet:
        return state.aspects
