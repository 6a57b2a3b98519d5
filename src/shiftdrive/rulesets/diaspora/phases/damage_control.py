"""Damage control (seed "Damage Control"; D7): Engineering repairs Frame, Computer repairs
Data, each against the highest marked box H; S = result - H shifts (S >= 1) clear box S and
every box below it. One person cannot make both rolls (one station per phase, D2). Heat is never
repaired in combat (only by leaving the drives off, D3)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Final

from shiftdrive.core.dice import DiceSource, roll_fudge
from shiftdrive.engine.actions import Action, ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import Turn
from shiftdrive.rulesets.diaspora import crew, invoking
from shiftdrive.rulesets.diaspora.choices import made_each, made_window
from shiftdrive.rulesets.diaspora.phases import sequence
from shiftdrive.rulesets.diaspora.state import DiasporaState, RepairRoll, Ship

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


def can_repair(state: DiasporaState, ship: Ship) -> bool:
    return bool(repairable(state, ship))


def begin(state: DiasporaState) -> None:
    state.repaired = {}
    sequence.line_up(state, can_repair)


def turns(state: DiasporaState) -> list[Turn]:
    if state.repair is not None:
        ship = state.ships[state.repair.ship]
        return [made_window(ship.side, invoking.INVOKE, ship.name)]
    return sequence.turn(state, REPAIR, can_repair)


class Repair(Action[DiasporaState]):
    """Roll Engineering against the Frame track or Computer against the Data track."""

    name = REPAIR
    params: ClassVar[Mapping[str, ParamKind]] = {"track": ParamKind.OPTION}

    def options(self, state: DiasporaState, turn: Turn) -> list[Choice]:
        ship = state.ships[turn.actor or ""]
        return list(made_each(REPAIR, "track", tuple(repairable(state, ship))))

    def apply(
        self, state: DiasporaState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        ship = state.ships[turn.actor or ""]
        name = choice.str_param("track")
        station = STATION[name]
        state.repaired.setdefault(ship.name, []).append(name)
        skill = crew.effective(state, ship, station) or 0
        roll = roll_fudge(dice, why=f"{ship.name} repairs {name}", who=ship.name)
        crew.act(state, ship, station)
        spin = sequence.spin(state, ship)
        state.repair = RepairRoll(ship.name, name, skill, roll.total, roll.faces, spin)
        return settle(state)


def invokes(state: DiasporaState, ship: Ship) -> list[Choice]:
    """C4 on a repair roll: the repairing ship may invoke +2 or reroll before it counts."""
    if state.repair is None or state.repair.ship != ship.name:
        return []
    return invoking.invokable(state, ship, state.repair.paid, ["bonus", "reroll"])


def invoke(state: DiasporaState, ship: Ship, choice: Choice, dice: DiceSource) -> list[Event]:
    repair = state.repair
    assert repair is not None
    effect = invoking.pay(state, ship, choice, repair.paid)
    if effect == "reroll":
        roll = roll_fudge(dice, why=f"{ship.name} rerolls its repair", who=ship.name)
        repair.rolled = roll.total
        repair.dice = roll.faces
    else:
        repair.bonus += 2
    data = invoking.invoked(ship, choice, effect)
    data["result"] = repair.result
    return [Event("repair_invoked", data), *settle(state)]


def pass_invoke(state: DiasporaState) -> list[Event]:
    """The repairing ship lets its roll stand."""
    return settle(state, closed=True)


def settle(state: DiasporaState, closed: bool = False) -> list[Event]:
    """Once the ship may (or will) invoke no more, the repair counts (D7): S = result - H
    shifts clear box S and every box below it."""
    repair = state.repair
    if repair is None:
        return []
    ship = state.ships[repair.ship]
    if not closed and invoking.may_invoke(state, ship, repair.paid):
        return []
    state.repair = None
    name = repair.track
    track = ship.tracks[name]
    highest = track.highest_marked()
    assert highest is not None
    target = track.boxes[highest]
    result = repair.result
    shifts = result - target
    if shifts >= 1:
        track.clear_through(min(shifts, len(track)) - 1)
    if not repairable(state, ship):
        sequence.done(state, ship)
    data = {
        "ship": ship.name, "track": name, "skill": repair.skill, "dice": list(repair.dice),
        "spin": repair.spin, "raised": repair.bonus, "result": result, "target": target,
        "shifts": shifts,
        "boxes": list(track.boxes), "checked": list(track.marked),
    }  # fmt: skip
    return [Event("repaired", data)]
