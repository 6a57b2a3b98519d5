"""The skills of this Star Wars hack (Fate Core's, with Pilot, Navigate, Engineering and
Security from the seed's vehicle actions) and what the attack skills do in a conflict (S7)."""

from __future__ import annotations

from typing import Final

SKILLS: Final = (
    "Athletics", "Contacts", "Deceive", "Empathy", "Engineering", "Fight", "Investigate",
    "Lore", "Navigate", "Notice", "Physique", "Pilot", "Provoke", "Rapport", "Resources",
    "Security", "Shoot", "Stealth", "Will",
)  # fmt: skip


class AttackSkill:
    """An attack skill: how many zones it reaches, the stress track it hits, who defends."""

    def __init__(self, reach: int, track: str, defend: tuple[str, ...]) -> None:
        self.reach = reach
        self.track = track
        self.defend = defend


ATTACKS: Final = {
    "Fight": AttackSkill(0, "physical", ("Athletics", "Fight")),
    "Shoot": AttackSkill(2, "physical", ("Athletics",)),
    "Provoke": AttackSkill(0, "mental", ("Will",)),
}
#: the stress tracks and the skill that lengthens each (C8a)
STRESS_SKILLS: Final = {"physical": "Physique", "mental": "Will"}
#: anyone can throw a punch
UNARMED: Final = "Fight"
RESIST_ADVANTAGE: Final = ("Athletics", "Notice", "Will")
RESIST_DISCOVERY: Final = ("Deceive", "Stealth")
#: the skills a character looks for hidden aspects with, the first rated Average or better
DISCOVERY_SKILLS: Final = ("Notice", "Investigate", "Empathy")
#: S9: Command, advantages for the crew
COMMAND_SKILL: Final = "Rapport"
#: S9 (seed, Repair): "Use Engineering to create advantages related to optimized ship
#: performance" (engines past their rating, angled shields), beside its repairs
ENGINEERING_SKILL: Final = "Engineering"
#: S9: a crew's sensors, each rated one offered: Notice for presence, Investigate for detail
SENSOR_SKILLS: Final = ("Notice", "Investigate")
#: how many of a character's best skills they create advantages with
ADVANTAGE_SKILLS: Final = 3
#: S13: a helper needs the skill at Average (+1) or better
HELP_MIN: Final = 1
