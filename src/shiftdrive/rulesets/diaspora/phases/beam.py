"""Beam weapons (seed "Beam Weapons"; D6, D15): a ship declares a target and a beam rating
1..Beam, rolled amplified by the gunner's effective Gunnery, -2 at 3+ bands; the target's one
unmodified defensive roll (Vector Randomizer: base 2) stands for the whole phase. Shifts hit
the Frame track. The beam used is noted for the torpedo phase's Heat (D6)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Final

from shiftdrive.core.dice import DiceSource, roll_fudge
from shiftdrive.core.odds import Odds
from shiftdrive.engine.actions import Action, ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import Turn
from shiftdrive.rulesets.diaspora import crew, damage
from shiftdrive.rulesets.diaspora.choices import made_each
from shiftdrive.rulesets.diaspora.contest import open_contest
from shiftdrive.rulesets.diaspora.phases import sequence
from shiftdrive.rulesets.diaspora.state import Contest, DiasporaState, Ship

FIRE: Final = "fire"
LONG_RANGE: Final = 3  # D6: beams take -2 at 3 or more bands
RANGE_PENALTY: Final = 2
VECTOR_RANDOMIZER: Final = 2


def can_fire(state: DiasporaState, ship: Ship) -> bool:
    return ship.ratings["beam"] > 0 and crew.busy(state, ship, "gunner") is None


def begin(state: DiasporaState) -> None:
    sequence.line_up(state, can_fire)


def turns(state: DiasporaState) -> list[Turn]:
    return damage.before_the_roll(state, sequence.turn(state, FIRE))


def penalty(shooter: Ship, target: Ship) -> int:
    return RANGE_PENALTY if sequence.distance(shooter, target) >= LONG_RANGE else 0


def attack_rating(state: DiasporaState, ship: Ship, beam: int) -> int:
    """The declared beam amplified by the gunner's effective Gunnery (D2, D6)."""
    return crew.amplified(beam, crew.effective(state, ship, "gunner"))


def defence_base(ship: Ship) -> int:
    """D11: the beam defence rolls on 0, or 2 with Vector Randomizer."""
    return VECTOR_RANDOMIZER if "vector_randomizer" in ship.stunts else 0


def defend(state: DiasporaState, ship: Ship, dice: DiceSource) -> tuple[int, list[Event]]:
    """The ship's one beam defence this phase: 4dF on base 0, or 2 with Vector Randomizer."""
    if ship.name in state.defence:
        return state.defence[ship.name], []
    result, event = sequence.stand_defence(state, ship, defence_base(ship), dice, "beam defence")
    return result, [event]


class Fire(Action[DiasporaState]):
    """Fire beams at an enemy ship at a declared rating."""

    name = FIRE
    params: ClassVar[Mapping[str, ParamKind]] = {"target": ParamKind.UNIT, "beam": ParamKind.NUMBER}

    def options(self, state: DiasporaState, turn: Turn) -> list[Choice]:
        ship = state.ships[turn.actor or ""]
        beams = range(1, ship.ratings["beam"] + 1)
        out: list[Choice] = []
        for s in sequence.enemies(state, ship):
            out.extend(made_each(FIRE, "beam", beams, target=s.name))
        return out

    def odds(self, state: DiasporaState, turn: Turn, choice: Choice) -> Odds | None:
        ship = state.ships[turn.actor or ""]
        target = state.ships[choice.str_param("target")]
        attack = attack_rating(state, ship, choice.int_param("beam"))
        attack += state.spin.get(ship.name, 0) - penalty(ship, target)
        return sequence.attack_odds(state, attack, target, defence_base(target))

    def apply(
        self, state: DiasporaState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        ship = state.ships[turn.actor or ""]
        target = state.ships[choice.str_param("target")]
        beam = choice.int_param("beam")
        sequence.done(state, ship)
        state.beam_used[ship.name] = beam
        rating = attack_rating(state, ship, beam)
        roll = roll_fudge(dice, why=f"{ship.name} fires beams at {target.name}", who=ship.name)
        crew.act(state, ship, "gunner")
        spin = sequence.spin(state, ship)
        minus = penalty(ship, target)
        attack = rating + roll.total + spin - minus
        defence, events = defend(state, target, dice)
        shifts = attack - defence
        data = {
            "ship": ship.name, "target": target.name, "beam": beam, "rating": rating,
            "dice": list(roll.faces), "spin": spin, "range": minus,
            "result": attack, "defence": defence, "shifts": shifts,
        }  # fmt: skip
        events.append(Event("fired", data))
        contest = Contest(FIRE, ship.name, target.name, rating + spin - minus, roll.total, "frame")
        return events + open_contest(state, contest)
