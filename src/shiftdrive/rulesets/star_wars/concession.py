"""Conceding aboard a vehicle (C7, C10): the library's concession (`conflict.concede`: one
fate point plus one per consequence taken in the conflict), with what a crew adds to it. A
vehicle spends its pilot's fate points, so the consequences the vehicle took in the conflict
are its pilot's stake: a pilot who concedes (on its turn, or with the vehicle before a roll
against it) is paid for them too (default). The named crew who concede with their vehicle
are paid their own (`popcorn._crews_and_vehicles`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from shiftdrive.conflict.concede import Concede, concede
from shiftdrive.core.fate_points import EarnReason
from shiftdrive.engine.events import Event
from shiftdrive.rulesets.star_wars.popcorn import end_turn
from shiftdrive.rulesets.star_wars.state import StarWarsState
from shiftdrive.rulesets.star_wars.vehicles import vehicle_of

if TYPE_CHECKING:
    from shiftdrive.core.dice import DiceSource
    from shiftdrive.engine.choices import Choice
    from shiftdrive.engine.ruleset import Turn


def stake(state: StarWarsState, name: str) -> int:
    """The consequences taken in this conflict by the vehicle whose fate points are `name`'s
    (its pilot, while it flies it); 0 for anyone else."""
    f = state.fighters[name]
    ship = vehicle_of(state, f)
    if ship is None or ship.fate_points is not f.fate_points:
        return 0
    return ship.consequences.count_taken_in_conflict()


def concede_unit(state: StarWarsState, name: str) -> list[Event]:
    """`name` concedes (C10) and is paid (C7); a pilot also for its vehicle's consequences."""
    extra = stake(state, name)  # (read first: a unit's concession changes no slot)
    events = concede(state, name)
    if extra:
        state.fighters[name].fate_points.earn(EarnReason.CONCESSION, extra)
        data = {"who": name, "vehicle": state.fighters[name].vehicle, "fate_points": extra}
        events.append(Event("concession_stake", data=data, visible_to=None))
    return events


class StarWarsConcede(Concede[StarWarsState]):
    """Offered on a character's own turn and when a roll is declared against it (for a
    vehicle, its crew's seat concedes the vehicle, and its crew with it)."""

    def apply(
        self, state: StarWarsState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        if turn.kind == "defend":
            state.roll = None  # before the roll: nobody rolls
        return concede_unit(state, turn.actor or "") + end_turn(state)
