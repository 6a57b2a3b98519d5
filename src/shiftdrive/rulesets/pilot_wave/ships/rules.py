"""Pilot Wave ship combat wired into the engine's contract (seed 000 "Spaceship Combat";
rulings C1-C12, P2, P4, P5, P6, P7, P8, P10, P12, P14). Each rule lives in the module named for
its phase (sensors, movement, targeting, countermeasures, resolution, damage, boarding);
whose turn it is lives in `flow`. See docs/rulesets/pilot_wave.md, "Ship combat"."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final

from shiftdrive.core.aspects import AspectSet
from shiftdrive.core.dice import DiceSource
from shiftdrive.engine.actions import Action
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import GM, Event
from shiftdrive.engine.ruleset import Ending, Result, Ruleset, Seat, Sheet, Tally, Turn
from shiftdrive.rulesets.pilot_wave.ships import flow, rolls, view, words
from shiftdrive.rulesets.pilot_wave.ships.boarding import Board, JumpAway, Repair, StandBy
from shiftdrive.rulesets.pilot_wave.ships.countermeasures import (
    Countermeasures,
    NoCountermeasures,
)
from shiftdrive.rulesets.pilot_wave.ships.damage import AbsorbHit
from shiftdrive.rulesets.pilot_wave.ships.invokes import InvokeAboard, PassInvokes, RovingAboard
from shiftdrive.rulesets.pilot_wave.ships.movement import DriftOff, Maneuver
from shiftdrive.rulesets.pilot_wave.ships.order import Concede, FirstSide, ShipBid
from shiftdrive.rulesets.pilot_wave.ships.scenario import ShipScenario, load
from shiftdrive.rulesets.pilot_wave.ships.sensors import Sense
from shiftdrive.rulesets.pilot_wave.ships.setup import setup
from shiftdrive.rulesets.pilot_wave.ships.state import (
    ACTIVE,
    CONCEDED,
    DEPARTED,
    JUMPED,
    ShipState,
)
from shiftdrive.rulesets.pilot_wave.ships.targeting import Aim, HoldFire

ACTIONS: Final[dict[str, Action[Any]]] = {
    a.name: a
    for a in (
        FirstSide(), Sense(), Maneuver(), DriftOff(), Aim(), HoldFire(), Countermeasures(),
        NoCountermeasures(), AbsorbHit(), Board(), Repair(), JumpAway(), StandBy(),
        InvokeAboard(), PassInvokes(), RovingAboard(), ShipBid(), Concede(),
    )
}  # fmt: skip


class PilotWaveShips(Ruleset[ShipState, ShipScenario]):
    """A Pilot Wave ship fight on the hex map at Far, Orbital or Extreme scale."""

    id = "pilot_wave"
    title = "Pilot Wave: ship combat"
    actions: ClassVar[Mapping[str, Action[Any]]] = ACTIONS

    def load_scenario(self, data: Mapping[str, Any]) -> ShipScenario:
        return load(data)

    def setup(self, scenario: ShipScenario, dice: DiceSource) -> tuple[ShipState, list[Event]]:
        return setup(scenario, dice)

    def seats(self, state: ShipState) -> list[Seat]:
        return [
            Seat(side, side, tuple(s.name for s in state.ships.values() if s.side == side))
            for side in state.sides
        ]

    def turns(self, state: ShipState) -> list[Turn]:
        return flow.turns(state)

    def menu(self, state: ShipState, turn: Turn) -> Sequence[str]:
        return flow.MENUS.get(turn.kind, ())

    def prompt(self, state: ShipState, turn: Turn) -> str:
        return words.prompt(state, turn)

    def apply(self, state: ShipState, seat: str, choice: Choice, dice: DiceSource) -> list[Event]:
        """The choice's action, then play runs on (resolution, the end of phases and
        exchanges) until someone must decide."""
        return super().apply(state, seat, choice, dice) + flow.advance(state, dice)

    def choice_visibility(
        self, state: ShipState, seat: str, choice: Choice
    ) -> frozenset[str] | None:
        """A ship's choice is seen only by the sides that see the ship (and the GM); one that
        names another ship (matching vectors with it, aiming at it, boarding it) only by those
        that see that one too; a choice on an attack roll in hand (an invoke, Tactics points)
        only by those that see its target too (`rolls.witnesses`), and an invoke only by those
        that see whose the aspect is (`rolls.seers`)."""
        turn = self.turn_of(state, seat)
        if turn is None or turn.actor is None:
            return None
        seen = state.seen_by(state.ships[turn.actor])
        for param in ("match", "target"):
            other = state.ships.get(str(choice.get(param) or ""))
            if other is not None:
                seen &= state.seen_by(other)
        if turn.kind == "invoke" and state.roll is not None:
            seen &= rolls.witnesses(state)
            aspect = choice.get("aspect")
            if isinstance(aspect, str) and state.aspects.find(aspect) is not None:
                seen &= rolls.seers(state, aspect)
        return seen | {GM}

    def result(self, state: ShipState) -> Result | None:
        if state.ended is None:
            return None
        return Result(state.winner, state.ended, Ending(state.ending))

    def describe(self, event: Event, seat: str) -> str:
        return words.describe(event, seat)

    def action_name(self, action: str) -> str:
        return words.ACTION_NAMES.get(action, action.replace("_", " "))

    def snapshot(self, state: ShipState) -> dict[str, Any]:
        return state.to_json()

    def view(self, state: ShipState, seat: str) -> dict[str, Any]:
        return view.view(state, seat)

    def secrets(self, state: ShipState, seat: str) -> list[str]:
        return view.secrets(state, seat)

    def unseen(self, state: ShipState, seat: str) -> frozenset[str]:
        """Ships `seat`'s side has not detected: their dice are hidden with them."""
        if seat == GM:
            return frozenset()
        return frozenset(n for n, s in state.ships.items() if not state.sees(seat, s))

    def sheets(self, state: ShipState) -> dict[str, Sheet]:
        out: dict[str, Sheet] = {}
        for s in state.ships.values():
            out[s.name] = Sheet(s.name, s.side, None, {"hull": s.hull}, s.consequences)
            for c in s.crew:
                out[c.name] = Sheet(c.name, s.side, None, {"physical": c.stress}, c.consequences)
        return out

    def aspects(self, state: ShipState) -> AspectSet:
        return state.aspects

    def rounds(self, state: ShipState) -> int:
        return min(state.exchange, state.max_exchanges)

    def tally(self, state: ShipState) -> list[Tally]:
        return [
            Tally(
                name=s.name,
                side=s.side,
                taken_out=s.status not in (ACTIVE, JUMPED, DEPARTED, CONCEDED),
                conceded=s.status == CONCEDED,
                bugged_out=s.status in (JUMPED, DEPARTED),
                damage=s.hull.marked_count,
                consequences=len(s.consequences.taken()),
            )
            for s in state.ships.values()
        ]
