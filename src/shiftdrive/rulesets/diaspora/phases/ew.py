"""Electronic warfare (seed "Electronic Warfare"; D4, D11): a ship whose communications
officer has Military-grade Communications picks a target. "Only one roll is made for each
ship": EW amplified by effective Communications + 4dF (+ spin), made the first time the ship
hacks or is hacked, stands for the whole phase as its defence and as its attack on the target
it declares (Firewall: a fixed defence of 2; such a ship still rolls to attack). Invokes on it
(a +2, or a reroll that replaces its dice), made while attacking or defending, change that one
roll for the rest of the phase (`contest.one_roll`). A positive difference hits the defender's
Data track, a negative one the attacker's."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Final

from shiftdrive.core.dice import DiceSource, roll_fudge
from shiftdrive.core.odds import Odds, OddsQuery, odds
from shiftdrive.engine.actions import Action, ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import Turn
from shiftdrive.rulesets.diaspora import crew, damage
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
    state.ew_rolls = {}


def turns(state: DiasporaState) -> list[Turn]:
    return damage.before_the_roll(state, sequence.turn(state, HACK))


def rating(state: DiasporaState, ship: Ship) -> int:
    """EW amplified by the communications officer's effective Communications (D2)."""
    return crew.amplified(ship.ratings["ew"], crew.effective(state, ship, "communications"))


def defend(state: DiasporaState, ship: Ship, dice: DiceSource) -> tuple[int, list[Event]]:
    """The ship's one EW defence this phase (D4): a fixed 2 with Firewall, else its one EW
    roll, rolled now unless the ship made it attacking earlier in the phase (it stands as its
    defence from then on: see `Hack.apply`)."""
    if ship.name in state.defence:
        return state.defence[ship.name], []
    if "firewall" in ship.stunts:
        state.defence[ship.name] = FIREWALL
        data = {"ship": ship.name, "phase": state.phase, "result": FIREWALL, "fixed": "Firewall"}
        return FIREWALL, [Event("defence", data)]
    amplified = rating(state, ship)
    crew.act(state, ship, "communications")
    result, event = sequence.stand_defence(state, ship, amplified, dice, "EW defence")
    state.ew_rolls[ship.name] = (amplified, event.data["spin"], tuple(event.data["dice"]))
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
        """The odds of the dice still to roll: the attacker's, the defender's, or none when
        both ships' one EW roll is already on the table."""
        ship = state.ships[turn.actor or ""]
        target = state.ships[choice.str_param("target")]
        if ship.name in state.ew_rolls:  # the attack stands: only the defence may still roll
            total = state.defence[ship.name]
            if "firewall" in target.stunts or target.name in state.defence:
                return None  # nothing left to roll
            base = rating(state, target) + state.spin.get(target.name, 0)
            # total - (base + 4dF) has the law of (total - base) + 4dF: 4dF is symmetric
            return odds(OddsQuery(total - base, difficulty=0))
        attack = rating(state, ship) + state.spin.get(ship.name, 0)
        if "firewall" in target.stunts:
            return odds(OddsQuery(attack, difficulty=FIREWALL))
        return sequence.attack_odds(state, attack, target, rating(state, target))

    def apply(
        self, state: DiasporaState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        ship = state.ships[turn.actor or ""]
        target = state.ships[choice.str_param("target")]
        sequence.done(state, ship)
        crew.act(state, ship, "communications")
        made = state.ew_rolls.get(ship.name)  # made defending earlier this phase: no new dice
        standing = made is not None
        if made is None:  # the ship's one roll, made now
            amplified = rating(state, ship)
            roll = roll_fudge(dice, why=f"{ship.name} hacks {target.name}", who=ship.name)
            made = (amplified, sequence.spin(state, ship), roll.faces)
            total = amplified + made[1] + roll.total
            if "firewall" not in ship.stunts:  # the one roll stands as its defence at once
                state.ew_rolls[ship.name] = made
                state.defence[ship.name] = total
                state.defence_dice[ship.name] = roll.total
        else:  # the one roll as it stands, with every invoke made on it so far
            total = state.defence[ship.name]
        amplified, spin, faces = made
        rolled = sum(faces)
        defence, events = defend(state, target, dice)
        data = {
            "ship": ship.name, "target": target.name, "rating": amplified,
            "dice": list(faces), "spin": spin, "result": total,
            "defence": defence, "shifts": total - defence,
        }  # fmt: skip
        if standing:
            data["same_roll"] = True
            raised = total - amplified - spin - rolled
            if raised:
                data["raised"] = raised  # invokes made on the roll earlier this phase
        events.append(Event("hacked", data))
        contest = Contest(HACK, ship.name, target.name, total - rolled, rolled, "data")
        return events + open_contest(state, contest)
