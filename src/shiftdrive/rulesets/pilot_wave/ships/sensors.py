"""The sensors phase (seed "Sensors", P12): each ship's sensor operator rolls Space Combat,
with active sensors (which signal) or passive ones (which keep a drifting ship dark); every
enemy whose difficulty the roll meets is detected by the ship's side and stays tracked. The
difficulty is the seed's table: adjacent, else the scale's row; against a ship that signals
(drive, weapons or active sensors this exchange or the last) or drifts."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any, ClassVar

from shiftdrive.core.dice import DiceSource, roll_fudge
from shiftdrive.core.odds import Odds, OddsQuery, odds
from shiftdrive.engine.actions import Action, ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import Turn
from shiftdrive.rulesets.pilot_wave.ships import rolls
from shiftdrive.rulesets.pilot_wave.ships.space import distance, enemies, members
from shiftdrive.rulesets.pilot_wave.ships.state import Ship, ShipState
from shiftdrive.rulesets.pilot_wave.ships.tables import sensor_difficulty

MODES = ("active", "passive")


def signals(ship: Ship) -> bool:
    return ship.signal or ship.signal_last


def modes(ship: Ship) -> tuple[str, ...]:
    """No sensors: passive only (P12)."""
    return MODES if ship.works("sensors") else ("passive",)


def sweep(state: ShipState, ship: Ship, total: int, active: bool) -> list[Ship]:
    """The enemies not yet tracked that a sensor roll of `total` from `ship` detects."""
    found: list[Ship] = []
    known = state.detected[ship.side]
    for enemy in enemies(state, ship.side):
        if enemy.name in known:
            continue
        need = sensor_difficulty(state.scale, distance(ship, enemy), active, signals(enemy))
        if total >= need:
            found.append(enemy)
    return found


class Sense(Action[ShipState]):
    name = "sense"
    params: ClassVar[Mapping[str, ParamKind]] = {"mode": ParamKind.OPTION}

    def options(self, state: ShipState, turn: Turn) -> list[Choice]:
        ship = state.ships[turn.actor or ""]
        return [Choice.of("sense", f"{m.title()} sensors", mode=m) for m in modes(ship)]

    def apply(self, state: ShipState, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        """The group rolls once, by the first ship's operator; invokes may follow (`rolls`)."""
        ship = state.ships[turn.actor or ""]
        active = choice.str_param("mode") == "active"
        for member in members(state, ship):
            state.round.done(member.name)
            if active:
                member.active_sensors = member.signal = True
        roll = roll_fudge(dice, why="sensors", who=ship.name)
        ctx = {"active": active, "crew": ship.crew_at("sensors")}
        skill = ship.station_skill("sensors")
        return rolls.start(state, "sensors", ship.name, skill, list(roll.faces), 0, ctx=ctx)

    def odds(self, state: ShipState, turn: Turn, choice: Choice) -> Odds | None:
        """Against a drifting ship beyond the adjacent hex (the hardest case at the scale)."""
        ship = state.ships[turn.actor or ""]
        active = choice.str_param("mode") == "active"
        need = sensor_difficulty(state.scale, 2, active, False)
        return _odds(state, ship, need)

    def odds_words(self, state: ShipState, turn: Turn, choice: Choice) -> str | None:
        ship = state.ships[turn.actor or ""]
        active = choice.str_param("mode") == "active"
        parts = []
        for label, signal in (("a signalling ship", True), ("a drifting one", False)):
            need = sensor_difficulty(state.scale, 2, active, signal)
            chance = _odds(state, ship, need).at_least_tie
            parts.append(f"{label} {_percent(chance)}")
        return "detects " + ", ".join(parts)


def _odds(state: ShipState, ship: Ship, need: int) -> Odds:
    """The sweep's odds of meeting `need`, counting the free invokes the ship may spend on it
    (`rolls.free_held`)."""
    skill = ship.station_skill("sensors")
    held = rolls.free_held(state, ship.name)
    return odds(OddsQuery(skill, difficulty=need, invokes=held, tie_succeeds=True))


def _percent(p: Fraction) -> str:
    return f"{float(p) * 100:.0f}%"


def sensors_need(state: ShipState, roll: dict[str, Any], total: int) -> int | None:
    """The shifts to the next enemy the sweep would detect (None: none left to find)."""
    ship = state.ships[roll["ship"]]
    active = bool(roll["ctx"]["active"])
    gaps = [
        sensor_difficulty(state.scale, distance(m, e), active, signals(e)) - total
        for m in members(state, ship)
        for e in enemies(state, ship.side)
        if e.name not in state.detected[ship.side]
    ]
    return min((g for g in gaps if g > 0), default=None)


def sensors_read(state: ShipState, roll: dict[str, Any]) -> list[Event]:
    """Every enemy whose difficulty the total meets is detected by the ship's side."""
    ship = state.ships[roll["ship"]]
    active = bool(roll["ctx"]["active"])
    total = rolls.shifts_of(roll)
    skill = int(roll["skill"])
    events: list[Event] = []
    for member in members(state, ship):
        found = sweep(state, member, total, active)
        for enemy in found:
            state.detected[ship.side].append(enemy.name)
        # a group rolls once, by the first ship's operator (named only with that ship)
        crew = roll["ctx"]["crew"] if member is ship else None
        data = {"ship": member.name, "mode": "active" if active else "passive", "crew": crew,
                "skill": skill, "dice": list(roll["dice"]), "total": total,
                "invoked": list(roll["invoked"])}  # fmt: skip
        events += rolls.told(state, roll, "ship_sensors", data, state.seen_by(member))
        for enemy in found:
            events.append(
                Event(
                    "ship_detected",
                    data={
                        "side": ship.side,
                        "by": member.name,
                        "ship": enemy.name,
                        "hex": enemy.hex,
                        "type": enemy.type,
                    },
                    visible_to=frozenset({ship.side}),
                )
            )
    return events


rolls.register("sensors", rolls.Reading(sensors_need, sensors_read))
