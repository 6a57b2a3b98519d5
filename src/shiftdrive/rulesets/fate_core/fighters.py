"""What fate_core's fighters can do, as the conflict library asks it (`conflict.host.Host`):
the catalog's attack skills and their reach, the skills that defend and resist, weapon and
armor ratings, the difficulties of passive rolls, zones and who sees which aspect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from shiftdrive.conflict.host import Combatant, Harm, Host
from shiftdrive.core.consequences import Severity
from shiftdrive.maps.zones import ZoneMap
from shiftdrive.rulesets.fate_core.scenario import Catalog
from shiftdrive.rulesets.fate_core.state import FateCoreState, Fighter
from shiftdrive.rulesets.fate_core.turns import end_turn

if TYPE_CHECKING:
    from shiftdrive.conflict.roll import Roll
    from shiftdrive.engine.events import Event

CONSEQUENCE_NAMES: Final[dict[str, dict[Severity, str]]] = {
    "physical": {Severity.MILD: "Winded", Severity.MODERATE: "Bleeding Badly",
                 Severity.SEVERE: "Shattered Arm", Severity.EXTREME: "Maimed"},
    "mental": {Severity.MILD: "Rattled", Severity.MODERATE: "Shaken Confidence",
               Severity.SEVERE: "Broken Nerve", Severity.EXTREME: "Haunted For Life"},
}  # fmt: skip
#: anyone can throw a punch
UNARMED: Final = "Fight"
#: the skills a fighter looks for hidden aspects with, the first they have at Average or better
DISCOVERY_SKILLS: Final = ("Notice", "Investigate", "Empathy")
#: how many of a fighter's best skills they create advantages with
ADVANTAGE_SKILLS: Final = 3


def catalog(state: FateCoreState) -> Catalog:
    cat = state.settings.get("catalog")
    assert isinstance(cat, Catalog)
    return cat


def zone_map(state: FateCoreState) -> ZoneMap:
    zmap = state.settings["zmap"]
    assert isinstance(zmap, ZoneMap)
    return zmap


def fighter(state: FateCoreState, c: Combatant) -> Fighter:
    """The fate_core fighter the library hands back as a `Combatant` (weapons, all skills)."""
    return state.fighters[c.name]


class FateCoreHost(Host[FateCoreState]):
    """fate_core's answers to the conflict library (see `conflict.host.Host`)."""

    def end_turn(self, state: FateCoreState) -> list[Event]:
        return end_turn(state)

    def distance(self, state: FateCoreState, a: str, b: str) -> int | None:
        return zone_map(state).distance(a, b)

    def attack_skills(self, state: FateCoreState, f: Combatant) -> list[str]:
        """Attack skills the fighter has, or carries a weapon for; anyone can throw a punch."""
        weapon_skill = fighter(state, f).weapon_skill
        return [
            s
            for s in catalog(state).attacks
            if f.skill(s) >= 1 or weapon_skill == s or s == UNARMED
        ]

    def reach(self, state: FateCoreState, skill: str) -> int | None:
        spec = catalog(state).attacks.get(skill)
        return spec.reach if spec is not None else None

    def defenses(
        self, state: FateCoreState, action: str, skill: str, target: Combatant
    ) -> list[str]:
        cat = catalog(state)
        if action == "attack":
            return cat.attacks[skill].defend
        if action == "discover":
            return cat.resist_discovery
        return cat.resist_advantage

    def harm(self, state: FateCoreState, roll: Roll, shifts: int) -> Harm:
        """Weapon and armor ratings (Fate Core's optional rule) on the attack skill's track."""
        actor = state.fighters[roll.actor]
        target = state.fighters[roll.target or ""]
        weapon = actor.weapon_rating if actor.weapon_skill == roll.skill else 0
        hit = max(0, shifts + weapon - target.armor_rating)
        return Harm(hit, catalog(state).attacks[roll.skill].track, weapon, target.armor_rating)

    def advantage_skills(self, state: FateCoreState, f: Combatant) -> list[str]:
        """The fighter's best three skills rated Average or better."""
        skills = fighter(state, f).skills
        ranked = sorted((s for s, v in skills.items() if v >= 1), key=lambda s: (-skills[s], s))
        return ranked[:ADVANTAGE_SKILLS]

    def discovery_skills(self, state: FateCoreState, f: Combatant) -> list[str]:
        """The first discovery skill rated Average or better."""
        return [s for s in DISCOVERY_SKILLS if f.skill(s) >= 1][:1]

    def overcome_skill(self, state: FateCoreState, f: Combatant) -> str:
        return "Athletics" if f.skill("Athletics") >= f.skill("Will") else "Will"

    def difficulty(self, state: FateCoreState, action: str, aspect: str | None = None) -> int:
        if action == "overcome":
            default = int(state.settings["overcome_difficulty"])
            return state.aspect_difficulty.get(aspect or "", default)
        return int(state.settings["advantage_difficulty"])

    def consequence_name(self, f: Combatant, track: str, severity: Severity) -> str:
        names = CONSEQUENCE_NAMES.get(track, CONSEQUENCE_NAMES["physical"])
        return f"{f.name} {names[severity]}"

    def before_roll(self, state: FateCoreState, roll: Roll) -> list[Event]:
        """fate_core adds nothing to a roll before its dice."""
        return []


#: the one host of every fate_core conflict (it keeps no state of a battle)
HOST: Final = FateCoreHost()
