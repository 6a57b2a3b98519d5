"""What this hack's characters can do, as the conflict library asks it (`conflict.host.Host`):
the attack skills and their reach, the skills that defend and resist, the difficulties of
passive rolls, zones, who sees which aspect, and the help added before a roll (S13)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from shiftdrive.conflict.host import Combatant, Harm, Host
from shiftdrive.core.consequences import Severity
from shiftdrive.engine.events import Event
from shiftdrive.maps.zones import ZoneMap
from shiftdrive.rulesets.star_wars import skills as catalog
from shiftdrive.rulesets.star_wars import vehicles as rules
from shiftdrive.rulesets.star_wars.comms import COMMUNICATE, RESISTED_BY
from shiftdrive.rulesets.star_wars.duel import DUEL, duel_skills
from shiftdrive.rulesets.star_wars.popcorn import end_turn
from shiftdrive.rulesets.star_wars.state import StarWarsState
from shiftdrive.rulesets.star_wars.teamwork import pending_help, teamwork_bonus

if TYPE_CHECKING:
    from shiftdrive.conflict.roll import Roll

CONSEQUENCE_NAMES: Final[dict[str, dict[Severity, str]]] = {
    "physical": {Severity.MILD: "Blaster Burn", Severity.MODERATE: "Bleeding Badly",
                 Severity.SEVERE: "Shattered Arm", Severity.EXTREME: "Lost A Hand"},
    "mental": {Severity.MILD: "Rattled", Severity.MODERATE: "Shaken Confidence",
               Severity.SEVERE: "Broken Nerve", Severity.EXTREME: "Haunted By The Dark Side"},
    rules.HULL: {Severity.MILD: "Scorched Hull", Severity.MODERATE: "Shields Down",
                 Severity.SEVERE: "Hyperdrive Damaged", Severity.EXTREME: "Crippled"},
}  # fmt: skip


def zone_map(state: StarWarsState) -> ZoneMap:
    zmap = state.settings["zmap"]
    assert isinstance(zmap, ZoneMap)
    return zmap


class StarWarsHost(Host[StarWarsState]):
    """star_wars's answers to the conflict library (see `conflict.host.Host`)."""

    def end_turn(self, state: StarWarsState) -> list[Event]:
        return end_turn(state)

    def distance(self, state: StarWarsState, a: str, b: str) -> int | None:
        return zone_map(state).distance(a, b)

    def engaged(self, state: StarWarsState, actor: Combatant, target: Combatant) -> bool:
        """S9 and mixed combat: who acts on whom (`vehicles.engaged`)."""
        return rules.engaged(state, state.fighters[actor.name], state.fighters[target.name])

    def attack_skills(self, state: StarWarsState, f: Combatant) -> list[str]:
        """Attack skills the character has at Average or better; anyone can throw a punch."""
        return [s for s in catalog.ATTACKS if f.skill(s) >= 1 or s == catalog.UNARMED]

    def reach(self, state: StarWarsState, skill: str) -> int | None:
        spec = catalog.ATTACKS.get(skill)
        return spec.reach if spec is not None else None

    def defenses(
        self, state: StarWarsState, action: str, skill: str, target: Combatant
    ) -> list[str]:
        """A character's skills by the catalog; a vehicle resists with its pilot's (S9,
        S10)."""
        if action == DUEL:
            return duel_skills(state, target.name)  # S8: the opponent's own choice
        if action == COMMUNICATE:
            return [RESISTED_BY[skill]]  # S9: the other crew's Will, or its Security
        if state.fighters[target.name].is_vehicle:
            return list(rules.RESISTS[action])
        if action == "attack":
            return list(catalog.ATTACKS[skill].defend)
        if action == "discover":
            return list(catalog.RESIST_DISCOVERY)
        return list(catalog.RESIST_ADVANTAGE)

    def harm(self, state: StarWarsState, roll: Roll, shifts: int) -> Harm:
        """The shifts, on the attack skill's track, or a vehicle's hull (the seed gives no
        weapon ratings)."""
        if state.fighters[roll.target or ""].is_vehicle:
            return Harm(shifts, rules.HULL)
        return Harm(shifts, catalog.ATTACKS[roll.skill].track)

    def advantage_skills(self, state: StarWarsState, f: Combatant) -> list[str]:
        """The character's best three skills rated Average or better; aboard a vehicle (S9),
        a pilot maneuvers with Pilot, anyone with Rapport commands (its free invokes serve
        the whole crew, as every free invoke may go on an ally's roll, C4) and anyone with
        Engineering tunes the ship (the Repair station's advantages)."""
        crew = state.fighters[f.name]
        if crew.vehicle is not None:
            pilot = [rules.DEFENSE_SKILL] if crew.station == "pilot" else []
            return pilot + [
                s for s in (catalog.COMMAND_SKILL, catalog.ENGINEERING_SKILL) if crew.skill(s) >= 1
            ]
        skills = crew.skills
        ranked = sorted((s for s, v in skills.items() if v >= 1), key=lambda s: (-skills[s], s))
        return ranked[: catalog.ADVANTAGE_SKILLS]

    def discovery_skills(self, state: StarWarsState, f: Combatant) -> list[str]:
        """On foot the first of Notice, Investigate or Empathy rated Average or better; a crew's
        sensors (S9) each of Notice (presence) and Investigate (detail) it has rated."""
        if state.fighters[f.name].vehicle:
            return [s for s in catalog.SENSOR_SKILLS if f.skill(s) >= 1]
        return [s for s in catalog.DISCOVERY_SKILLS if f.skill(s) >= 1][:1]

    def overcome_skill(self, state: StarWarsState, f: Combatant) -> str:
        return "Athletics" if f.skill("Athletics") >= f.skill("Will") else "Will"

    def difficulty(self, state: StarWarsState, action: str, aspect: str | None = None) -> int:
        if action == "overcome":
            default = int(state.settings["overcome_difficulty"])
            return state.aspect_difficulty.get(aspect or "", default)
        return int(state.settings["advantage_difficulty"])

    def consequence_name(self, f: Combatant, track: str, severity: Severity) -> str:
        names = CONSEQUENCE_NAMES.get(track, CONSEQUENCE_NAMES["physical"])
        return f"{f.name} {names[severity]}"

    def reads_low(self, state: StarWarsState, roll: Roll) -> bool:
        """A duel round reads -3 or worse apart too: the opponent wins it with style (S2).
        (The base class named, not `super()`: asked at every invoke window.)"""
        return roll.action == DUEL or Host.reads_low(self, state, roll)

    def aboard(self, state: StarWarsState, name: str) -> str | None:
        """A crew invokes its vehicle's aspects as its own (the seed's Advanced Starfighter)."""
        return state.fighters[name].vehicle

    def bonuses(self, state: StarWarsState, roll: Roll) -> tuple[int, int]:
        """`before_roll`'s bonuses, spending no help: the defender's odds count them."""
        helped = pending_help(state, roll.actor, roll.skill) if state.helps else 0
        actor = state.fighters[roll.actor]
        target = state.fighters[roll.target] if roll.target else None
        if roll.action == "attack" and target is not None and rules.scaled(actor, target):
            attack, defense = rules.fire_bonuses(state, actor, target)
            return helped + attack, defense
        return helped, 0

    def before_roll(self, state: StarWarsState, roll: Roll) -> list[Event]:
        """S13: the help promised to the roller for this skill is spent on this roll; a shot
        from or at a vehicle carries its station and size bonuses (S3; a person is Size 0)."""
        events = teamwork_bonus(state, roll)
        actor = state.fighters[roll.actor]
        target = state.fighters[roll.target] if roll.target else None
        if roll.action == "attack" and target is not None and rules.scaled(actor, target):
            attack, defense = rules.fire_bonuses(state, actor, target)
            roll.actor_bonus += attack
            roll.opp_bonus += defense
            if not attack and not defense:
                return events
            data = {
                "who": actor.name, "target": target.name, "stations": attack,
                "size": defense - target.defense, "stunts": target.defense,
            }  # fmt: skip
            events.append(Event("fire_bonus", data=data, visible_to=None))
        return events


#: the one host of every star_wars conflict (it keeps no state of a battle)
HOST: Final = StarWarsHost()
