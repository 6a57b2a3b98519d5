"""Damage control (seed "Damage Control"; D7): Engineering repairs Frame, Computer repairs
Data, each against the highest marked box H; S = result - H shifts (S >= 1) clear box S and
every box below it. One person cannot make both rolls (one station per phase, D2). Heat is never
repaired in combat (only by leaving the drives off, D3)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Final

from shiftdrive.core.dice import DiceSource, fudge_symbols, roll_fudge
from shiftdrive.engine.actions import Action, ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import Turn
from shiftdrive.rulesets.diaspora import crew
from shiftdrive.rulesets.diaspora.phases import sequence
from shiftdrive.rulesets.diaspora.state import DiasporaState, Ship

REPAIR: Final = "repair"
#: D7: the station that repairs each track
STATION: Final = {"frame": "engineer", "data": "computer"}


def repairable(state: DiasporaState, ship: Ship) -> list[str]:
    """Tracks the ship can still repair this phase: marked, staffed, not yet tried, and the
    person free of other stations this phase."""
    out = []
    for track, station in STATION.items():
        person = crew.staff(ship, station)
        if (
            person is not None
            and ship.tracks[track].highest_marked() is not None
            and crew.busy(state, ship, station) is None
            and track not in state.repaired.get(ship.name, [])
        ):
            out.append(track)
    return out


def begin(state: DiasporaState) -> None:
    state.repaired = {}
    sequence.line_up(state, lambda st, ship: bool(repairable(st, ship)))


def turns(state: DiasporaState) -> list[Turn]:
    return sequence.turn(state, REPAIR, lambda st, ship: bool(repairable(st, ship)))


class Repair(Action[DiasporaState]):
    """Roll Engineering against the Frame track or Computer against the Data track."""

    name = REPAIR
    params: ClassVar[Mapping[str, ParamKind]] = {"track": ParamKind.OPTION}

    def options(self, state: DiasporaState, turn: Turn) -> list[Choice]:
        ship = state.ships[turn.actor or ""]
        return [Choice.of(REPAIR, track=t) for t in repairable(state, ship)]

    def apply(
        self, state: DiasporaState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        ship = state.ships[turn.actor or ""]
        name = choice.str_param("track")
        station = STATION[name]
        track = ship.tracks[name]
        state.repaired.setdefault(ship.name, []).append(name)
        highest = track.highest_marked()
        assert highest is not None
        target = track.boxes[highest]
        skill = crew.effective(state, ship, station) or 0
        roll = roll_fudge(dice, why=f"{ship.name} repairs {name}", who=ship.name)
        crew.act(state, ship, station)
        spin = sequence.spin(state, ship)
        result = skill + roll.total + spin
        shifts = result - target
        if shifts >= 1:
            track.clear_through(min(shifts, len(track)) - 1)
        if not repairable(state, ship):
            sequence.done(state, ship)
        data = {
            "ship": ship.name, "track": name, "skill": skill, "dice": fudge_symbols(roll.faces),
            "spin": spin, "result": result, "target": target, "shifts": shifts,
            "boxes": track.render(),
        }  # fmt: skip
        return [Event("repaired", data=data, visible_to=None)]
