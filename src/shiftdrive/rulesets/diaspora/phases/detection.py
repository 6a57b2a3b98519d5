"""Detection (seed "Detection"; D9): every navigator rolls Navigation, the rolls are ranked
(ties by raw Navigation), the first places two ships anywhere but the -4 / +4 bands, each next
rank one, the last none; ships still tied are placed at random by 4dF (the only way to start
on -4 / +4). The winner chooses whether turn 1 has a position phase. The navigator's roll is
acting in an earlier phase of turn 1 (D2, D9)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Final

from shiftdrive.core.dice import DiceSource, fudge_symbols, roll_fudge
from shiftdrive.engine.actions import Action, ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import Turn
from shiftdrive.rulesets.diaspora import crew
from shiftdrive.rulesets.diaspora.state import EW, POSITION, DiasporaState, Ship

PLACE: Final = "place"
OPENING: Final = "opening"


def raw_navigation(ship: Ship) -> int:
    person = crew.staff(ship, "navigator")
    return ship.crew[person].skills.get("navigation", 0) if person else 0


def detect(state: DiasporaState, dice: DiceSource) -> list[Event]:
    """Roll and rank every navigator, place tied ships at random, and line up the placers."""
    rows = []
    for ship in state.ships.values():
        skill = crew.effective(state, ship, "navigator")
        roll = roll_fudge(dice, why=f"{ship.name}'s Navigation (detection)", who=ship.name)
        crew.act(state, ship, "navigator")
        result = (skill or 0) + roll.total
        rows.append((ship, result, raw_navigation(ship), fudge_symbols(roll.faces)))
    rows.sort(key=lambda r: (r[1], r[2]), reverse=True)  # stable: scenario order within ties
    keys = [(r[1], r[2]) for r in rows]
    events = [
        Event(
            "detection",
            data={"rolls": [[s.name, result, raw, faces] for s, result, raw, faces in rows]},
            visible_to=None,
        )
    ]
    ranked = []
    for ship, result, raw, _ in rows:
        if keys.count((result, raw)) > 1:  # D9: a tie nobody breaks is placed by 4dF
            roll = roll_fudge(dice, why=f"{ship.name}'s random placement", who=ship.name)
            ship.band = roll.total
            data = {"ship": ship.name, "band": ship.band, "dice": fudge_symbols(roll.faces)}
            events.append(Event("placed_at_random", data=data, visible_to=None))
        else:
            ranked.append(ship.name)
    state.rank = [r[0].name for r in rows]
    unplaced = len(ranked)
    for i, name in enumerate(ranked):
        count = min(2 if i == 0 else 1, unplaced)
        if count:
            state.placers.append((name, count))
        unplaced -= count
    top = rows[0]
    if keys.count((top[1], top[2])) == 1:
        state.detection_winner = top[0].name
        state.choosing_opening = True
    return events


def turns(state: DiasporaState) -> list[Turn]:
    if state.placers:
        ship = state.ships[state.placers[0][0]]
        return [Turn(ship.side, PLACE, ship.name)]
    if state.choosing_opening and state.detection_winner is not None:
        ship = state.ships[state.detection_winner]
        return [Turn(ship.side, OPENING, ship.name)]
    return []


def placeable_bands(state: DiasporaState) -> range:
    """Anywhere but the two most distant lines (-4 and +4)."""
    return range(state.map.low + 1, state.map.high)


class Place(Action[DiasporaState]):
    """The navigator whose rank it is places a ship not yet on the map (D9)."""

    name = PLACE
    params: ClassVar[Mapping[str, ParamKind]] = {"ship": ParamKind.UNIT, "band": ParamKind.BAND}

    def options(self, state: DiasporaState, turn: Turn) -> list[Choice]:
        return [
            Choice.of(PLACE, ship=ship.name, band=band)
            for ship in state.ships.values()
            if ship.band is None
            for band in placeable_bands(state)
        ]

    def apply(
        self, state: DiasporaState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        ship = state.ships[choice.str_param("ship")]
        ship.band = choice.int_param("band")
        placer, count = state.placers[0]
        if count > 1:
            state.placers[0] = (placer, count - 1)
        else:
            state.placers.pop(0)
        data = {"by": placer, "ship": ship.name, "band": ship.band}
        return [Event("placed", data=data, visible_to=None)]


class Opening(Action[DiasporaState]):
    """The detection winner chooses: a position phase on turn 1, or straight to electronic
    warfare from the places detection gave (D1, D9)."""

    name = OPENING
    params: ClassVar[Mapping[str, ParamKind]] = {"phase": ParamKind.OPTION}

    def options(self, state: DiasporaState, turn: Turn) -> list[Choice]:
        return [Choice.of(OPENING, phase=POSITION), Choice.of(OPENING, phase=EW)]

    def apply(
        self, state: DiasporaState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        state.choosing_opening = False
        skip = choice.str_param("phase") == EW
        state.skip_first_position = skip
        data = {"ship": turn.actor, "position": not skip}
        return [Event("opening", data=data, visible_to=None)]
