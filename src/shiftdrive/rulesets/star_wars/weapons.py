"""Attacks (S7, S3, S10): a character on foot attacks characters on foot with the library's
attack; a crew at a weapon station (or a fighter's lone pilot) fires Shoot at another vehicle
within its vehicle's weapon range. Across scales (the seed's mixed combat), a person is Size 0:
a person with anti-vehicle equipment (or a free invoke on an aspect created on the vehicle)
may attack a vehicle, and a vehicle armed against people may fire at a person on foot. A
vehicle of Size 3 or more defends passively (0), a smaller one with its pilot's Pilot; the size
bonus and defense stunts go to the defense, grouped stations to the attack
(`vehicles.fire_bonuses`, added before the dice by the host)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from shiftdrive.conflict.attack import Attack
from shiftdrive.conflict.invokes import roll_and_open
from shiftdrive.conflict.roll import Roll, defense_bonus, odds_of, roll_terms
from shiftdrive.engine.choices import Choice, Kept
from shiftdrive.engine.events import Event
from shiftdrive.rulesets.star_wars import skills as catalog
from shiftdrive.rulesets.star_wars import vehicles as rules
from shiftdrive.rulesets.star_wars.characters import zone_map
from shiftdrive.rulesets.star_wars.dogfight import tailed_by
from shiftdrive.rulesets.star_wars.state import ACTIVE, Character, StarWarsState, made
from shiftdrive.rulesets.star_wars.teamwork import pending_help

if TYPE_CHECKING:
    from shiftdrive.conflict.host import Combatant
    from shiftdrive.core.dice import DiceSource
    from shiftdrive.core.odds import Odds
    from shiftdrive.core.outcomes import Outcome
    from shiftdrive.engine.ruleset import Turn


#: each fire choice by (target, its Size), all its label is made of
_FIRE: Kept[tuple[str, int]] = Kept()


def _fire_at(e: Character) -> Choice:
    """The choice to fire the vehicle's weapons at `e`."""
    key = (e.name, e.size)
    found = _FIRE.get(key)
    if found is None:
        what = f"Size {e.size}" if e.is_vehicle else "on foot"
        label = f"Fire at {e.name} ({what}) with {rules.WEAPON_SKILL}"
        found = _FIRE.keep(key, made("attack", label, target=e.name, skill=rules.WEAPON_SKILL))
    return found


class StarWarsAttack(Attack[StarWarsState]):
    """The one `attack` action: personal attacks on foot, vehicle weapons from a station, and
    attacks across scales (mixed combat) on the size scale, a person counting as Size 0."""

    def may_aim(self, state: StarWarsState, f: Combatant, target: Combatant) -> bool:
        actor, aimed = state.fighters[f.name], state.fighters[target.name]
        if not rules.engaged(state, actor, aimed):
            return False
        return not aimed.is_vehicle or rules.may_harm_vehicle(state, actor, aimed)

    def options(self, state: StarWarsState, turn: Turn) -> list[Choice]:
        f = state.fighters[turn.actor or ""]
        if f.vehicle is None:
            return [c for c in super().options(state, turn) if self._harms(state, c) is None]
        return [_fire_at(e) for e in self._in_sights(state, f)]

    def shots(self, state: StarWarsState, turn: Turn) -> list[tuple[Choice, Odds | None]]:
        """`options`, each with its `odds` (for a bot that weighs every shot): a crew's shots
        are priced from the targets its list is made of, not read back from each choice."""
        f = state.fighters[turn.actor or ""]
        out: list[tuple[Choice, Odds | None]] = []
        if f.vehicle is None:  # (a person: each skill's terms read once)
            fighters = state.fighters
            by_skill: dict[str, tuple[int, int, int]] = {}
            for c in self.options(state, turn):
                skill = c.str_param("skill")
                mine = by_skill.get(skill)
                if mine is None:
                    mine = by_skill[skill] = self._terms(state, f, skill)
                target = fighters[c.str_param("target")]
                out.append((c, self._priced(state, f, target, skill, mine)))
            return out
        terms: tuple[int, int, int] | None = None  # (the shooter's: read for the first shot)
        for e in self._in_sights(state, f):  # (most often none or one)
            if terms is None:
                terms = self._terms(state, f, rules.WEAPON_SKILL)
            out.append((_fire_at(e), self._priced(state, f, e, rules.WEAPON_SKILL, terms)))
        return out

    def _in_sights(self, state: StarWarsState, f: Character) -> list[Character]:
        """The enemies the crew may fire at: within its weapons' reach (S3), in sheet order."""
        if not rules.may_fire(state, f):
            return []
        reach = rules.weapon_reach(state, f)
        if reach is None:
            return []
        # the map's distances from here are kept for the battle; only who is there is weighed
        far = zone_map(state).distances_from(f.zone)
        out: list[Character] = []
        for e in state.foes[f.side]:  # (the units it could aim at, read without a list)
            if e.status == ACTIVE:
                d = far.get(e.zone)
                if d is not None and d <= reach and self.aims_at(state, f, e):
                    out.append(e)
        return out

    def _harms(self, state: StarWarsState, choice: Choice) -> str | None:
        """Why a person's attack skill cannot hurt this target (a vehicle has no mind)."""
        target = state.fighters.get(choice.str_param("target"))
        skill = choice.str_param("skill")
        spec = catalog.ATTACKS.get(skill)
        if (
            target is not None
            and target.is_vehicle
            and spec is not None
            and spec.track != "physical"
        ):
            return f"{skill} cannot damage a vehicle ({target.name})"
        return None

    def aims_at(self, state: StarWarsState, crew: Character, target: Character) -> bool:
        """Whether the crew may fire at `target`, range aside: a vehicle, or a person on foot
        (`engaged`), not on the crew's six."""
        if not rules.engaged(state, crew, target):
            return False
        # S5: not your pursuer (most often nobody is on anybody's six)
        return not (state.tails and tailed_by(state, crew.vehicle or "", target.name))

    def check(self, state: StarWarsState, turn: Turn, choice: Choice) -> str | None:
        f = state.fighters[turn.actor or ""]
        if f.vehicle is None:
            target = state.fighters.get(choice.str_param("target"))
            if target is not None and not rules.engaged(state, f, target):
                return f"{f.name} on foot cannot attack {target.name}: it is aboard a vehicle"
            if target is not None and target.is_vehicle:
                if not rules.may_harm_vehicle(state, f, target):
                    return (
                        f"{f.name} cannot damage {target.name} on foot: it needs anti-vehicle "
                        f"equipment or a free invoke on an aspect created on {target.name}"
                    )
                harms = self._harms(state, choice)
                if harms is not None:
                    return harms
            return super().check(state, turn, choice)
        if not rules.may_fire(state, f):
            return f"{f.name} is not at a weapon station (a pilot fires only when flying alone)"
        options = self.options(state, turn)
        if any(choice.matches(o) for o in options):
            return None
        aimed = choice.str_param("target")
        if any(o.str_param("target") == aimed for o in options):  # in sight: the skill is off
            skill = rules.WEAPON_SKILL
            return f"{f.name} fires at {aimed} with {skill} only: say skill={skill}"
        if tailed_by(state, f.vehicle, aimed):
            return f"{f.name} cannot attack {aimed}: it is on its six (S5)"
        ship = rules.vehicle_of(state, f)
        reach = rules.weapon_range(ship.size) if ship else 0
        people = " (or a person on foot)" if ship is not None and ship.anti_personnel else ""
        return (
            f"{f.name} cannot fire at {choice.str_param('target')!r}: fire needs an enemy vehicle"
            f"{people} within {reach} zone(s) and Shoot"
        )

    def apply(
        self, state: StarWarsState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        f = state.fighters[turn.actor or ""]
        target = state.fighters[choice.str_param("target")]
        if not target.is_vehicle:
            return super().apply(state, turn, choice, dice)  # a person defends (S7)
        skill = choice.str_param("skill")
        roll = Roll(action="attack", actor=f.name, skill=skill, target=target.name)
        data = {"action": "attack", "who": f.name, "target": target.name, "skill": roll.skill}
        events = [Event("declare", data=data, visible_to=None)]
        state.roll = roll
        if rules.rolls_defense(target.size):
            roll.stage = "defend"
            return events
        roll.difficulty = rules.PASSIVE_DEFENSE
        return events + roll_and_open(self.host, state, roll, dice)

    def resolve(
        self, state: StarWarsState, roll: Roll, shifts: int, outcome: Outcome
    ) -> list[Event]:
        """The library's attack; a hit on a vehicle may fill its hull, which the turn's end
        settles (S10: `popcorn.end_turn`)."""
        if outcome.succeeded and state.fighters[roll.target or ""].is_vehicle:
            state.unsettled = True
        return super().resolve(state, roll, shifts, outcome)

    def odds(self, state: StarWarsState, turn: Turn, choice: Choice) -> Odds | None:
        f = state.fighters[turn.actor or ""]
        target = state.fighters[choice.str_param("target")]
        return self._odds(state, f, target, choice.str_param("skill"))

    def _odds(self, state: StarWarsState, f: Character, target: Character, skill: str) -> Odds:
        """The odds of `f`'s attack on `target` with `skill`."""
        return self._priced(state, f, target, skill, self._terms(state, f, skill))

    @staticmethod
    def _terms(state: StarWarsState, f: Character, skill: str) -> tuple[int, int, int]:
        """What the odds of `f`'s attack with `skill` read of `f`, whatever its target: its
        rating, the free invokes it counts (`roll_terms`) and the help promised to it."""
        rating, invokes = roll_terms(state, f, skill)
        return rating, invokes, pending_help(state, f.name, skill) if state.helps else 0

    def _priced(
        self,
        state: StarWarsState,
        f: Character,
        target: Character,
        skill: str,
        terms: tuple[int, int, int],
    ) -> Odds:
        """The odds of `f`'s attack on `target` from `f`'s `_terms`: the help promised added to
        the target's terms as they stand. At a vehicle only the defender's Pilot can change
        (whoever flies it now, S10): the rest is remembered."""
        rating, invokes, help_ = terms
        if target.is_vehicle:
            key = (f.name, target.name)
            fixed = state.shot_memo.get(key)
            if fixed is None:
                fixed = state.shot_memo[key] = self._at_vehicle(state, f, target)
            passive, against = fixed
            if not passive:
                against += target.skill(rules.DEFENSE_SKILL)
        else:
            passive, against = self._at_person(state, f, target, skill)
        if passive:
            return odds_of(rating, invokes, difficulty=against - help_)
        return odds_of(rating, invokes, opposed=against - help_)

    @staticmethod
    def _at_vehicle(state: StarWarsState, f: Character, target: Character) -> tuple[bool, int]:
        """A shot at a vehicle: whether it defends passively (Size 3+, S10), and the number the
        shot meets, its defender's skill aside (the size scale's bonuses, S3)."""
        attack, defense = rules.fire_bonuses(state, f, target)
        if not rules.rolls_defense(target.size):
            return True, rules.PASSIVE_DEFENSE - attack + defense
        return False, defense - attack

    def _at_person(
        self, state: StarWarsState, f: Character, target: Character, skill: str
    ) -> tuple[bool, int]:
        """An attack on a person: the opposition it meets before help, the person's best
        defense against `skill` (a crew firing from a vehicle counts the size scale, S3)."""
        attack, defense = (
            rules.fire_bonuses(state, f, target) if rules.scaled(f, target) else (0, 0)
        )
        defenses = self.host.defenses(state, "attack", skill, target)
        best = max(target.skill(s) for s in defenses) + defense_bonus(target)
        return False, best - attack + defense
