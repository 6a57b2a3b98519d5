"""Electronic warfare (seed "Electronic Warfare"; D4, D11): a ship whose communications
officer has Military-grade Communications picks a target and rolls EW amplified by effective
Communications; the target's one defensive roll lasts the whole phase (Firewall: a fixed 2).
A positive difference hits the defender's Data track, a negative one the attacker's."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Final

from shiftdrive.core.dice import DiceSource, roll_fudge
from shiftdrive.core.odds import Odds, OddsQuery, odds
from shiftdrive.engine.actions import Action, ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import Turn
from shiftdrive.rulesets.diaspora import crew
from shiftdrive.rulesets.diaspora.choices import made_each
from shiftdrive.rulesets.diaspora.contest import open_contest
from shiftdrive.rulesets.diaspora.phases import sequence
from shiftdrive.rulesets.diaspora.state import Contest, DiasporaState, Ship

HACK: Final = "hack"
MILITARY: Final = "military_grade_communications"
FIREWALL: Final = 2  # D11: a fixed defence, not modifiable


def can_attack(state: DiasporaState, ship: Ship) -> bool:
    """D4/D11: only a communications officer with Military-grade Communications attacks."""
    return crew.has_stunt(ship, "communications", MILITARY)


def begin(state: DiasporaState) -> None:
    sequence.line_up(state, can_attack)


def turns(state: DiasporaState) -> list[Turn]:
    return sequence.turn(state, HACK)


def defend(state: DiasporaState, ship: Ship, dice: DiceSource) -> tuple[int, list[Event]]:
    """The ship's one EW defence this phase, rolled the first time it is needed (D4)."""
    if ship.name in state.defence:
        return state.defence[ship.name], []
    if "firewall" in ship.stunts:
        state.defence[ship.name] = FIREWALL
        data = {"ship": ship.name, "phase": state.phase, "result": FIREWALL, "fixed": "Firewall"}
        return FIREWALL, [Event("defence", data)]
    rating = crew.amplified(ship.ratings["ew"], crew.effective(state, ship, "communications"))
    crew.act(state, ship, "communications")
    result, event = sequence.stand_defence(state, ship, rating, dice, "EW defence")
    return result, [event]


class Hack(Action[DiasporaState]):
    """Attack an enemy ship's systems: EW amplified by Communications against its defence."""

    name = HACK
    params: ClassVar[Mapping[str, ParamKind]] = {"target": ParamKind.UNIT}

    def options(self, state: DiasporaState, turn: Turn) -> list[Choice]:
        ship = state.ships[turn.actor or ""]
        return list(
            made_each(HACK, "target", tuple([s.name for s in sequence.enemies(state, ship)]))
        )

    def odds(self, state: DiasporaState, turn: Turn, choice: Choice) -> Odds | None:
        ship = state.ships[turn.actor or ""]
        target = state.ships[choice.str_param("target")]
        attack = crew.amplified(ship.ratings["ew"], crew.effective(state, ship, "communications"))
        attack += state.spin.get(ship.name, 0)
        if "firewall" in target.stunts:
            return odds(OddsQuery(attack, difficulty=FIREWALL))
        base = crew.amplified(target.ratings["ew"], crew.effective(state, target, "communications"))
        return sequence.attack_odds(state, attack, target, base)

    def apply(
        self, state: DiasporaState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        ship = state.ships[turn.actor or ""]
        target = state.ships[choice.str_param("target")]
        sequence.done(state, ship)
        rating = crew.amplified(ship.ratings["ew"], crew.effective(state, ship, "communications"))
        roll = roll_fudge(dice, why=f"{ship.name} hacks {target.name}", who=ship.name)
        crew.act(state, ship, "communications")
        spin = sequence.spin(state, ship)
        attack = rating + roll.total + spin
        defence, events = defend(state, target, dice)
        data = {
            "ship": ship.name, "target": target.name, "rating": rating,
            "dice": list(roll.faces), "spin": spin, "result": attack,
            "defence": defence, "shifts": attack - defence,
        }  # fmt: skip
        events.append(Event("hacked", data))
        contest = Contest(HACK, ship.name, target.name, rating + spin, roll.total, "data")
        return events + open_contest(state, contest)
