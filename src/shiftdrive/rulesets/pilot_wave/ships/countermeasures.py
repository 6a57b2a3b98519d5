"""The countermeasures phase (seed "Countermeasures Phase", P12): a ship targeted this
exchange (or by a missile in flight) may roll once against Mediocre (0): its pilot's Space Ops
(evasion, needs drives), its gunner's Space Combat (point defense and decoys, needs weapons)
or its sensor operator's Space Combat (jamming, needs sensors); a gunner that fired this
exchange is busy. Each shift adds +1 to the difficulty of every attack on it this exchange.
Countermeasures signal."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from shiftdrive.core.dice import DiceSource, roll_fudge
from shiftdrive.core.odds import Odds, OddsQuery, odds
from shiftdrive.engine.actions import Action, ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import Turn
from shiftdrive.rulesets.pilot_wave.ships import rolls
from shiftdrive.rulesets.pilot_wave.ships.space import members, movement_shift, tell
from shiftdrive.rulesets.pilot_wave.ships.state import Ship, ShipState
from shiftdrive.rulesets.pilot_wave.ships.tables import (
    COUNTERMEASURE_SYSTEM,
    COUNTERMEASURES_DIFFICULTY,
)

HOW = {"pilot": "evasive maneuvers", "gunner": "point defense and decoys", "sensors": "jamming"}


def stations(state: ShipState, ship: Ship) -> list[str]:
    """The stations that may counter: their system works, and the gunner only if it has not
    fired this exchange (a crew member acts once an exchange)."""
    fired = any(a.attacker == ship.name and a.declared == state.exchange for a in state.attacks)
    return [
        st
        for st, system in COUNTERMEASURE_SYSTEM.items()
        if ship.works(system) and not (st == "gunner" and fired)
    ]


def skill(state: ShipState, ship: Ship, station: str) -> int:
    return ship.station_skill(station) + movement_shift(state, ship)


class Countermeasures(Action[ShipState]):
    name = "countermeasures"
    params: ClassVar[Mapping[str, ParamKind]] = {"by": ParamKind.OPTION}

    def options(self, state: ShipState, turn: Turn) -> list[Choice]:
        ship = state.ships[turn.actor or ""]
        return [
            Choice.of("countermeasures", f"{HOW[st].capitalize()} ({st})", by=st)
            for st in stations(state, ship)
        ]

    def apply(self, state: ShipState, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        """One roll for the group; invokes may follow (`rolls`)."""
        ship = state.ships[turn.actor or ""]
        station = choice.str_param("by")
        rating = skill(state, ship, station)
        roll = roll_fudge(dice, why="countermeasures", who=ship.name)
        for m in members(state, ship):
            state.round.done(m.name)
        return rolls.start(
            state, "countermeasures", ship.name, rating, list(roll.faces),
            COUNTERMEASURES_DIFFICULTY, ctx={"station": station, "crew": ship.crew_at(station)},
        )  # fmt: skip

    def odds(self, state: ShipState, turn: Turn, choice: Choice) -> Odds | None:
        ship = state.ships[turn.actor or ""]
        rating = skill(state, ship, choice.str_param("by"))
        held = rolls.free_held(state, ship.name)
        return odds(OddsQuery(rating, difficulty=COUNTERMEASURES_DIFFICULTY, invokes=held))


def counter_need(state: ShipState, roll: dict[str, Any], shifts: int) -> int | None:
    """Every shift counts (each is +1 difficulty against the ship)."""
    return 1 if shifts >= 0 else 1 - shifts


def counter_read(state: ShipState, roll: dict[str, Any]) -> list[Event]:
    """Each shift is +1 to the difficulty of every attack on the group's targeted ships this
    exchange (and, for a missile in flight, of the next)."""
    ship = state.ships[roll["ship"]]
    shifts = max(0, rolls.shifts_of(roll))
    events: list[Event] = []
    group = members(state, ship)
    for m in group:
        if not any(a.target == m.name for a in state.attacks):
            continue
        m.countermeasures = shifts
        m.signal = True
        data = {"ship": m.name, "by": roll["ctx"]["station"], "skill": roll["skill"],
                "dice": list(roll["dice"]), "shifts": shifts,
                "invoked": list(roll["invoked"])}  # fmt: skip
        events += rolls.told(state, roll, "ship_countermeasures", data, state.seen_by(m))
    names = {m.name for m in group}
    for a in state.attacks:
        if a.target in names and a.strikes > state.exchange:
            a.early_counter = state.ships[a.target].countermeasures
    return events


rolls.register("countermeasures", rolls.Reading(counter_need, counter_read))


class NoCountermeasures(Action[ShipState]):
    name = "no_countermeasures"

    def options(self, state: ShipState, turn: Turn) -> list[Choice]:
        return [Choice.of("no_countermeasures", "No countermeasures (stay quiet)")]

    def apply(self, state: ShipState, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        ship = state.ships[turn.actor or ""]
        for m in members(state, ship):
            state.round.done(m.name)
        return [tell("ship_no_countermeasures", {"ship": ship.name}, state, ship)]
