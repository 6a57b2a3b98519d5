"""Setting up a star_wars conflict: characters from the scenario, zones, aspects, and the
popcorn order opened by the scenario's `first` (S1)."""

from __future__ import annotations

from typing import Final

from shiftdrive.core.aspects import Aspect, AspectKind, AspectSet
from shiftdrive.core.consequences import FATE_CORE_VALUES, ConsequenceSlots, Severity
from shiftdrive.core.fate_points import FatePoints
from shiftdrive.core.stress import StressKind, StressTrack
from shiftdrive.engine.events import Event
from shiftdrive.engine.turns import PopcornOrder
from shiftdrive.maps.zones import ZoneMap
from shiftdrive.rulesets.star_wars.scenario import StarWarsScenario
from shiftdrive.rulesets.star_wars.skills import SKILLS, STRESS_SKILLS
from shiftdrive.rulesets.star_wars.state import Character, StarWarsState

DEFAULT_ZONE: Final = "Battlefield"


def setup(sc: StarWarsScenario) -> tuple[StarWarsState, list[Event]]:
    skill_names = {s.lower(): s for s in SKILLS}
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
    fighters: dict[str, Character] = {}
    for side in sc.sides:
        for c in side.characters:
            skills = {skill_names[k.lower()]: v for k, v in c.skills.items()}
            tracks: dict[str, StressTrack] = {}
            given: dict[str, int] = {str(k): v for k, v in c.stress.items()}
            for track, skill in STRESS_SKILLS.items():
                if track in given:
                    boxes = list(range(1, given[track] + 1))
                    tracks[track] = StressTrack(track, StressKind.FATE_CORE, boxes)
                else:
                    tracks[track] = StressTrack.fate_core(track, skills.get(skill, 0))
            fighters[c.name] = Character(
                name=c.name, side=side.name, skills=skills,
                zone=zmap.canonical(c.zone) if c.zone else next(iter(zones)),
                fate_points=FatePoints(
                    c.fate_points if c.fate_points is not None else c.refresh, c.refresh),
                stress=tracks,
                consequences=ConsequenceSlots.of(
                    {Severity(s): FATE_CORE_VALUES[Severity(s)] for s in c.consequences}),
            )  # fmt: skip
            for a in c.aspects:
                aspects.add(Aspect(a.name, AspectKind.CHARACTER, owner=c.name, hidden=a.hidden))
    by_lower = {n.lower(): n for n in fighters}
    first = by_lower[sc.first.lower()] if sc.first else next(iter(fighters))
    order = PopcornOrder(list(fighters))
    order.start(first)
    state = StarWarsState(
        title=sc.title, sides=[s.name for s in sc.sides], fighters=fighters, zones=zones,
        aspects=aspects, order=order, interrupts=sc.interrupts, aspect_difficulty=difficulty,
        gm_notes=sc.gm_notes, max_rounds=sc.max_rounds,
        settings={"zmap": zmap,
                  "advantage_difficulty": sc.advantage_difficulty,
                  "overcome_difficulty": sc.overcome_difficulty,
                  "sprint_difficulty": sc.sprint_difficulty},
    )  # fmt: skip
    return state, [
        Event("setup", data={"title": sc.title, "sides": list(state.sides)}, visible_to=None),
        Event("opens", data={"who": first}, visible_to=None),
    ]
