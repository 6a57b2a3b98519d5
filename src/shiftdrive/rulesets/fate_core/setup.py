"""Setting up a fate_core conflict: fighters from the scenario and the catalog, zones,
aspects, and the turn order by a skill (ties by another, then name)."""

from __future__ import annotations

from typing import Final

from shiftdrive.core.aspects import Aspect, AspectKind, AspectSet
from shiftdrive.core.consequences import ConsequenceSlots
from shiftdrive.core.fate_points import FatePoints
from shiftdrive.core.stress import StressKind, StressTrack
from shiftdrive.engine.events import Event
from shiftdrive.engine.turns import InitiativeOrder
from shiftdrive.maps.zones import ZoneMap
from shiftdrive.rulesets.fate_core.scenario import FateCoreScenario
from shiftdrive.rulesets.fate_core.state import FateCoreState, Fighter

DEFAULT_ZONE: Final = "Battlefield"


def setup(sc: FateCoreScenario) -> tuple[FateCoreState, list[Event]]:
    cat = sc.merged_catalog()
    skill_names = {s.lower(): s for s in cat.skills}
    zones = {z.name: list(z.adjacent) for z in sc.zones} or {DEFAULT_ZONE: []}
    zmap = ZoneMap.from_edges(zones, [(a, b) for a, adj in zones.items() for b in adj])
    aspects = AspectSet()
    difficulty: dict[str, int] = {}
    for a in sc.aspects:
        aspects.add(Aspect(a.name, AspectKind.SITUATION, hidden=a.hidden))
        if a.difficulty is not None:
            difficulty[a.name] = a.difficulty
    for z in sc.zones:
        for name in z.aspects:
            aspects.add(Aspect(name, AspectKind.SITUATION, zone=z.name))
    fighters: dict[str, Fighter] = {}
    for side in sc.sides:
        for c in side.characters:
            skills = {skill_names[k.lower()]: v for k, v in c.skills.items()}
            tracks: dict[str, StressTrack] = {}
            for track, skill in cat.stress.items():
                if c.stress and track in c.stress:
                    n = c.stress[track]
                    tracks[track] = StressTrack(track, StressKind.FATE_CORE, list(range(1, n + 1)))
                else:
                    tracks[track] = StressTrack.fate_core(track, skills.get(skill, 0))
            weapon = None
            if c.weapon:
                weapon = next(w for w in cat.weapons if w.lower() == c.weapon.lower())
            armor = next((a for a in cat.armor if c.armor and a.lower() == c.armor.lower()), None)
            fighters[c.name] = Fighter(
                name=c.name, side=side.name, skills=skills,
                zone=zmap.canonical(c.zone) if c.zone else next(iter(zones)),
                fate_points=FatePoints(
                    c.fate_points if c.fate_points is not None else c.refresh, c.refresh),
                stress=tracks,
                consequences=ConsequenceSlots.fate_core(c.consequences),
                weapon=weapon,
                weapon_rating=cat.weapons[weapon].rating if weapon else 0,
                weapon_skill=cat.weapons[weapon].skill if weapon else None,
                armor_rating=cat.armor[armor] if armor else 0,
            )  # fmt: skip
            for a in c.aspects:
                aspects.add(Aspect(a.name, AspectKind.CHARACTER, owner=c.name, hidden=a.hidden))
    turn_skill = skill_names[sc.turn_order.lower()]
    tie_skill = skill_names[sc.tiebreak.lower()]
    initiative = InitiativeOrder(
        {n: f.skill(turn_skill) for n, f in fighters.items()},
        ascending=False,
        tiebreak={n: f.skill(tie_skill) for n, f in fighters.items()},
    )
    state = FateCoreState(
        title=sc.title, sides=[s.name for s in sc.sides], fighters=fighters, zones=zones,
        aspects=aspects, order=initiative.order(), aspect_difficulty=difficulty,
        gm_notes=sc.gm_notes, max_exchanges=sc.max_exchanges,
        settings={"catalog": cat, "zmap": zmap,
                  "advantage_difficulty": sc.advantage_difficulty,
                  "overcome_difficulty": sc.overcome_difficulty,
                  "sprint_difficulty": sc.sprint_difficulty_per_zone},
    )  # fmt: skip
    ratings = [fighters[n].skill(turn_skill) for n in state.order]
    return state, [
        Event("setup", data={"title": sc.title, "sides": list(state.sides)}, visible_to=None),
        Event(
            "turn_order",
            data={"order": list(state.order), "skill": turn_skill, "ratings": ratings},
            visible_to=None,
        ),
    ]
