"""Torpedoes (seed "Torpedoes"; D6, D15): Torpedo amplified by the gunner's effective Gunnery,
-2 at 0-1 bands. The target's one point-defence roll stands for the phase: beams declared
0..Beam, amplified by whoever mans the beams (the gunner unless another is named; one station
per person per phase, so a lone gunner chooses between torpedoes and point defence), or base 0
(Point Defense stunt: 2) without beams. Offensive plus defensive beam above the Beam rating
marks Heat by the excess (D6). Shifts hit the Frame track."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import ClassVar, Final

from shiftdrive.core.dice import DiceSource, roll_fudge
from shiftdrive.core.odds import Odds
from shiftdrive.engine.actions import Action, ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import Turn
from shiftdrive.rulesets.diaspora import crew, damage
from shiftdrive.rulesets.diaspora.choices import made_each, made_turn
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
            return [made_turn(ship.side, POINT_DEFENSE, ship.name)]
    return damage.before_the_roll(state, sequence.turn(state, LAUNCH))


def beams_free(state: DiasporaState, ship: Ship) -> int:
    """The most beam the ship can put into point defence now: its Beam rating when someone
    can man the beams this phase, else 0. Seed: "the beam position must be staffed": a crewed
    ship with nobody at the beams (nor a gunner) has none to give; a ship without a crew
    roster (its people unnamed) mans them (D2 takes its rating)."""
    if ship.crew and crew.staff(ship, POINT_DEFENSE) is None:
        return 0
    if crew.busy(state, ship, POINT_DEFENSE) is not None:
        return 0
    return ship.ratings["beam"]


def penalty(shooter: Ship, target: Ship) -> int:
    return RANGE_PENALTY if sequence.distance(shooter, target) <= CLOSE_RANGE else 0


def torpedo_rating(state: DiasporaState, ship: Ship) -> int:
    """The Torpedo rating amplified by the gunner's effective Gunnery (D2, D6)."""
    return crew.amplified(ship.ratings["torpedo"], crew.effective(state, ship, "gunner"))


def point_defence_rating(state: DiasporaState, ship: Ship, beam: int) -> int:
    """What the point-defence roll adds to its dice with `beam` declared (D6): the beam
    amplified by whoever mans the beams, or, with none, 0 (the Point Defense stunt: 2)."""
    if beam > 0:
        return crew.amplified(beam, crew.effective(state, ship, POINT_DEFENSE))
    return POINT_DEFENSE_BASE if "point_defense" in ship.stunts else 0


def strongest(state: DiasporaState, ship: Ship) -> int:
    """The point-defence declaration (beam 0..free beam) with the highest rating: usually all
    the free beam, but 0 when the Point Defense stunt's base 2 beats what the beams give
    (seed: the stunt "changes the base from 0 to 2" for ships "unwilling to fire Beams
    defensively"; e.g. Beam 1 with a gunner no better than 1: 1 against 2)."""
    return max(
        range(beams_free(state, ship) + 1), key=lambda beam: point_defence_rating(state, ship, beam)
    )


def declares(state: DiasporaState, target: Ship) -> bool:
    """Whether a torpedo at `target` waits on its point-defence declaration: not when its
    defence is already rolled this phase (D4) or it has no beam to put into it."""
    return target.name not in state.defence and beams_free(state, target) > 0


def hit_odds(state: DiasporaState, ship: Ship, target: Ship, beam: int) -> Odds:
    """Exact odds of `ship`'s torpedo at `target`, before its dice, against a point defence
    with `beam` declared (or the defence already rolled this phase)."""
    attack = torpedo_rating(state, ship) + state.spin.get(ship.name, 0) - penalty(ship, target)
    return sequence.attack_odds(state, attack, target, point_defence_rating(state, target, beam))


class Launch(Action[DiasporaState]):
    """Launch a torpedo at an enemy ship."""

    name = LAUNCH
    params: ClassVar[Mapping[str, ParamKind]] = {"target": ParamKind.UNIT}

    def options(self, state: DiasporaState, turn: Turn) -> list[Choice]:
        ship = state.ships[turn.actor or ""]
        if crew.busy(state, ship, "gunner") is not None:
            return []
        return list(
            made_each(LAUNCH, "target", tuple([s.name for s in sequence.enemies(state, ship)]))
        )

    def check(self, state: DiasporaState, turn: Turn, choice: Choice) -> str | None:
        reason = crew.busy(state, state.ships[turn.actor or ""], "gunner")
        return reason or super().check(state, turn, choice)

    def odds(self, state: DiasporaState, turn: Turn, choice: Choice) -> Odds | None:
        """Against the strongest point defence the target can still declare (the launcher's
        worst case, `strongest`; `odds_words` gives the whole range)."""
        ship, target = state.ships[turn.actor or ""], state.ships[choice.str_param("target")]
        beam = strongest(state, target) if declares(state, target) else 0
        return hit_odds(state, ship, target, beam)

    def odds_words(self, state: DiasporaState, turn: Turn, choice: Choice) -> str | None:
        """When the target has yet to declare its point defence, the chance to hit with each
        extreme of what it may declare."""
        ship, target = state.ships[turn.actor or ""], state.ships[choice.str_param("target")]
        if not declares(state, target):
            return None
        most = beams_free(state, target)
        worst = hit_odds(state, ship, target, most).at_least_success
        best = hit_odds(state, ship, target, 0).at_least_success
        return (
            f"hits {_percent(worst)} if {target.name} puts all {most} beam into point defence, "
            f"{_percent(best)} if it puts none"
        )

    def apply(
        self, state: DiasporaState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        ship = state.ships[turn.actor or ""]
        target = state.ships[choice.str_param("target")]
        sequence.done(state, ship)
        crew.act(state, ship, "gunner")
        data = {"ship": ship.name, "target": target.name}
        events = [Event("launched", data)]
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
        return list(made_each(POINT_DEFENSE, "beam", range(beams_free(state, ship) + 1)))

    def odds(self, state: DiasporaState, turn: Turn, choice: Choice) -> Odds | None:
        """The incoming torpedo's odds against this declaration (a success is its hit)."""
        target = state.ships[turn.actor or ""]
        attacker = next(a for a, t in state.torpedo_target.items() if t == target.name)
        return hit_odds(state, state.ships[attacker], target, choice.int_param("beam"))

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
    rating = point_defence_rating(state, ship, beam)
    if beam > 0:
        crew.act(state, ship, POINT_DEFENSE)
    result, event = sequence.stand_defence(state, ship, rating, dice, "point defence", beam=beam)
    events.append(event)
    excess = state.beam_used.get(ship.name, 0) + beam - ship.ratings["beam"]
    if beam > 0 and excess > 0:
        events += damage.deal(state, ship, "heat", excess, "beams run over their rating")
    return result, events


def resolve(
    state: DiasporaState, ship: Ship, target: Ship, beam: int, dice: DiceSource
) -> list[Event]:
    rating = torpedo_rating(state, ship)
    roll = roll_fudge(dice, why=f"{ship.name}'s torpedo at {target.name}", who=ship.name)
    spin = sequence.spin(state, ship)
    minus = penalty(ship, target)
    attack = rating + roll.total + spin - minus
    defence, events = defend(state, target, beam, dice)
    shifts = attack - defence
    data = {
        "ship": ship.name, "target": target.name, "rating": rating,
        "dice": list(roll.faces), "spin": spin, "range": minus, "result": attack,
        "defence": defence, "shifts": shifts,
    }  # fmt: skip
    events.append(Event("torpedo", data))
    contest = Contest("torpedo", ship.name, target.name, rating + spin - minus, roll.total, "frame")
    return events + open_contest(state, contest)


def _percent(p: Fraction) -> str:
    return f"{float(p) * 100:.0f}%"
