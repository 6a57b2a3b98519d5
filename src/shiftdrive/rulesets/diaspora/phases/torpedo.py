"""Torpedoes (seed "Torpedoes"; D6, D15): Torpedo amplified by the gunner's effective Gunnery,
-2 at 0-1 bands. The target's one point-defence roll stands for the phase: beams declared
0..Beam, amplified by whoever mans the beams (the gunner unless another is named; one station
per person per phase, so a lone gunner chooses between torpedoes and point defence), or base 0
(Point Defense stunt: 2) without beams. Offensive plus defensive beam above the Beam rating
marks Heat by the excess (D6). Shifts hit the Frame track."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Final

from shiftdrive.core.dice import DiceSource, fudge_symbols, roll_fudge
from shiftdrive.engine.actions import Action, ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import Turn
from shiftdrive.rulesets.diaspora import crew, damage
from shiftdrive.rulesets.diaspora.contest import open_contest
from shiftdrive.rulesets.diaspora.phases import sequence
from shiftdrive.rulesets.diaspora.state import Contest, DiasporaState, Ship

LAUNCH: Final = "launch"
POINT_DEFENSE: Final = "point_defense"
CLOSE_RANGE: Final = 1  # D6: torpedoes take -2 at 0 or 1 bands
RANGE_PENALTY: Final = 2
POINT_DEFENSE_BASE: Final = 2


def can_launch(state: DiasporaState, ship: Ship) -> bool:
    return ship.ratings["torpedo"] > 0


def begin(state: DiasporaState) -> None:
    sequence.line_up(state, can_launch)
    state.torpedo_target = {}


def turns(state: DiasporaState) -> list[Turn]:
    for attacker, target in state.torpedo_target.items():
        if state.ships[attacker].fighting and state.ships[target].fighting:
            ship = state.ships[target]
            return [Turn(ship.side, POINT_DEFENSE, ship.name)]
    return sequence.turn(state, LAUNCH)


def beams_free(state: DiasporaState, ship: Ship) -> int:
    """The most beam the ship can put into point defence now: its Beam rating when someone
    can man the beams this phase (nobody needed without a crew: D2 takes the rating), else 0."""
    if crew.busy(state, ship, POINT_DEFENSE) is not None:
        return 0
    return ship.ratings["beam"]


def penalty(shooter: Ship, target: Ship) -> int:
    return RANGE_PENALTY if sequence.distance(shooter, target) <= CLOSE_RANGE else 0


class Launch(Action[DiasporaState]):
    """Launch a torpedo at an enemy ship."""

    name = LAUNCH
    params: ClassVar[Mapping[str, ParamKind]] = {"target": ParamKind.UNIT}

    def options(self, state: DiasporaState, turn: Turn) -> list[Choice]:
        ship = state.ships[turn.actor or ""]
        if crew.busy(state, ship, "gunner") is not None:
            return []
        return [Choice.of(LAUNCH, target=s.name) for s in sequence.enemies(state, ship)]

    def check(self, state: DiasporaState, turn: Turn, choice: Choice) -> str | None:
        reason = crew.busy(state, state.ships[turn.actor or ""], "gunner")
        return reason or super().check(state, turn, choice)

    def apply(
        self, state: DiasporaState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        ship = state.ships[turn.actor or ""]
        target = state.ships[choice.str_param("target")]
        sequence.done(state, ship)
        crew.act(state, ship, "gunner")
        data = {"ship": ship.name, "target": target.name}
        events = [Event("launched", data=data, visible_to=None)]
        if target.name in state.defence or beams_free(state, target) == 0:
            return events + resolve(state, ship, target, 0, dice)
        state.torpedo_target[ship.name] = target.name
        return events


class PointDefense(Action[DiasporaState]):
    """Declare the beam your ship puts into point defence against the incoming torpedo
    (0: no beams, base 0, or 2 with the Point Defense stunt)."""

    name = POINT_DEFENSE
    params: ClassVar[Mapping[str, ParamKind]] = {"beam": ParamKind.NUMBER}

    def options(self, state: DiasporaState, turn: Turn) -> list[Choice]:
        ship = state.ships[turn.actor or ""]
        return [Choice.of(POINT_DEFENSE, beam=b) for b in range(beams_free(state, ship) + 1)]

    def apply(
        self, state: DiasporaState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        target = state.ships[turn.actor or ""]
        attacker = next(a for a, t in state.torpedo_target.items() if t == target.name)
        del state.torpedo_target[attacker]
        return resolve(state, state.ships[attacker], target, choice.int_param("beam"), dice)


def defend(
    state: DiasporaState, ship: Ship, beam: int, dice: DiceSource
) -> tuple[int, list[Event]]:
    """The ship's one point-defence roll this phase, with `beam` declared (D6)."""
    if ship.name in state.defence:
        return state.defence[ship.name], []
    events = []
    if beam > 0:
        rating = crew.amplified(beam, crew.effective(state, ship, POINT_DEFENSE))
        crew.act(state, ship, POINT_DEFENSE)
    else:
        rating = POINT_DEFENSE_BASE if "point_defense" in ship.stunts else 0
    result, event = sequence.stand_defence(state, ship, rating, dice, "point defence", beam=beam)
    events.append(event)
    excess = state.beam_used.get(ship.name, 0) + beam - ship.ratings["beam"]
    if beam > 0 and excess > 0:
        events += damage.deal(state, ship, "heat", excess, "beams run over their rating")
    return result, events


def resolve(
    state: DiasporaState, ship: Ship, target: Ship, beam: int, dice: DiceSource
) -> list[Event]:
    rating = crew.amplified(ship.ratings["torpedo"], crew.effective(state, ship, "gunner"))
    roll = roll_fudge(dice, why=f"{ship.name}'s torpedo at {target.name}", who=ship.name)
    spin = sequence.spin(state, ship)
    minus = penalty(ship, target)
    attack = rating + roll.total + spin - minus
    defence, events = defend(state, target, beam, dice)
    shifts = attack - defence
    data = {
        "ship": ship.name, "target": target.name, "rating": rating,
        "dice": fudge_symbols(roll.faces), "spin": spin, "range": minus, "result": attack,
        "defence": defence, "shifts": shifts,
    }  # fmt: skip
    events.append(Event("torpedo", data=data, visible_to=None))
    contest = Contest("torpedo", ship.name, target.name, rating + spin - minus, roll.total, "frame")
    return events + open_contest(state, contest)
