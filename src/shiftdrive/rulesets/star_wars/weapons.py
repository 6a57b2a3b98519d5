"""Attacks (S7, S3, S10): a character on foot attacks characters on foot with the library's
attack; a crew at a weapon station (or a fighter's lone pilot) fires Shoot at another vehicle
within its vehicle's weapon range. A vehicle of Size 3 or more defends passively (0), a
smaller one with its pilot's Pilot; the size bonus and defense stunts go to the defense, grouped
stations to the attack (`vehicles.fire_bonuses`, added before the dice by the host)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from shiftdrive.conflict.attack import Attack
from shiftdrive.conflict.invokes import roll_and_open
from shiftdrive.conflict.roll import Roll, action_odds, defense_bonus
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.rulesets.star_wars import vehicles as rules
from shiftdrive.rulesets.star_wars.dogfight import tailed_by
from shiftdrive.rulesets.star_wars.state import Character, StarWarsState
from shiftdrive.rulesets.star_wars.teamwork import pending_help

if TYPE_CHECKING:
    from shiftdrive.conflict.host import Combatant
    from shiftdrive.core.dice import DiceSource
    from shiftdrive.core.odds import Odds
    from shiftdrive.engine.ruleset import Turn


class StarWarsAttack(Attack[StarWarsState]):
    """The one `attack` action: personal attacks on foot, vehicle weapons from a station."""

    def in_reach(self, state: StarWarsState, f: Combatant, reach: int, target: Combatant) -> bool:
        if not rules.engaged(state, state.fighters[f.name], state.fighters[target.name]):
            return False
        return super().in_reach(state, f, reach, target)

    def options(self, state: StarWarsState, turn: Turn) -> list[Choice]:
        f = state.fighters[turn.actor or ""]
        if f.vehicle is None:
            return super().options(state, turn)
        if not rules.may_fire(state, f):
            return []
        out: list[Choice] = []
        for e in state.active():
            if e.side != f.side and self.fires_at(state, f, e):
                out.append(
                    Choice.of(
                        "attack", target=e.name, skill=rules.WEAPON_SKILL,
                        label=f"Fire at {e.name} (Size {e.size}) with {rules.WEAPON_SKILL}",
                    )
                )  # fmt: skip
        return out

    def fires_at(self, state: StarWarsState, crew: Character, target: Character) -> bool:
        """A vehicle the crew's weapons reach (S3 weapon range)."""
        if not rules.engaged(state, crew, target):
            return False
        if tailed_by(state, crew.vehicle or "", target.name):
            return False  # S5: no direct attack on the fighter on your six
        gap = self.host.distance(state, crew.zone, target.zone)
        return gap is not None and rules.in_weapon_range(state, crew, target, gap)

    def check(self, state: StarWarsState, turn: Turn, choice: Choice) -> str | None:
        f = state.fighters[turn.actor or ""]
        if f.vehicle is None:
            target = state.fighters.get(choice.str_param("target"))
            if target is not None and not rules.engaged(state, f, target):
                return (
                    f"{f.name} on foot cannot attack {target.name}: it is a vehicle or aboard one"
                )
            return super().check(state, turn, choice)
        if not rules.may_fire(state, f):
            return f"{f.name} is not at a weapon station (a pilot fires only when flying alone)"
        if any(choice.matches(o) for o in self.options(state, turn)):
            return None
        aimed = choice.str_param("target")
        if tailed_by(state, f.vehicle, aimed):
            return f"{f.name} cannot attack {aimed}: it is on its six (S5)"
        ship = rules.vehicle_of(state, f)
        reach = rules.weapon_range(ship.size) if ship else 0
        return (
            f"{f.name} cannot fire at {choice.str_param('target')!r}: fire needs an enemy vehicle "
            f"within {reach} zone(s) and Shoot"
        )

    def apply(
        self, state: StarWarsState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        f = state.fighters[turn.actor or ""]
        if f.vehicle is None:
            return super().apply(state, turn, choice, dice)
        target = state.fighters[choice.str_param("target")]
        roll = Roll(action="attack", actor=f.name, skill=rules.WEAPON_SKILL, target=target.name)
        data = {"action": "attack", "who": f.name, "target": target.name, "skill": roll.skill}
        events = [Event("declare", data=data, visible_to=None)]
        state.roll = roll
        if rules.rolls_defense(target.size):
            roll.stage = "defend"
            return events
        roll.difficulty = rules.PASSIVE_DEFENSE
        return events + roll_and_open(self.host, state, roll, dice)

    def odds(self, state: StarWarsState, turn: Turn, choice: Choice) -> Odds | None:
        f = state.fighters[turn.actor or ""]
        skill = choice.str_param("skill")
        target = state.fighters[choice.str_param("target")]
        help_ = pending_help(state, f.name, skill)
        if f.vehicle is None:
            best = max(target.skill(s) for s in self.host.defenses(state, "attack", skill))
            return action_odds(state, f, skill, opposed=best + defense_bonus(target) - help_)
        attack, defense = rules.fire_bonuses(state, f, target)
        bonus = attack + help_ - defense
        if rules.rolls_defense(target.size):
            return action_odds(state, f, skill, opposed=target.skill(rules.DEFENSE_SKILL) - bonus)
        return action_odds(state, f, skill, difficulty=rules.PASSIVE_DEFENSE - bonus)
