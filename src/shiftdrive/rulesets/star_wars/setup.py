"""Setting up a star_wars conflict: characters from the scenario, zones, aspects, and the
popcorn order opened by the scenario's `first` (S1)."""

from __future__ import annotations

from typing import Final

from shiftdrive.core.aspects import Aspect, AspectKind, AspectSet
from shiftdrive.core.consequences import ConsequenceSlots
from shiftdrive.core.fate_points import FatePoints
from shiftdrive.core.stress import StressKind, StressTrack
from shiftdrive.engine.events import Event
from shiftdrive.engine.turns import PopcornOrder
from shiftdrive.maps.zones import ZoneMap
from shiftdrive.rulesets.star_wars.comms import CREW_RESISTS
from shiftdrive.rulesets.star_wars.scenario import StarWarsScenario, VehicleSpec, crew_names
from shiftdrive.rulesets.star_wars.skills import SKILLS, STRESS_SKILLS
from shiftdrive.rulesets.star_wars.state import Character, Duel, StarWarsState
from shiftdrive.rulesets.star_wars.vehicles import ANTI_PERSONNEL_UP_TO, HULL

#: each skill by its name in lower case (a scenario's skills are named in any case)
SKILL_NAMES: Final = {s.lower(): s for s in SKILLS}
#: S10: the consequences of a named vehicle, or one crewed by a named character
NAMED: Final = ["mild", "moderate", "severe"]
#: what a vehicle takes from its pilot: Pilot to defend (S10), Stealth against sensors (S9)
VEHICLE_SKILLS: Final = ("Pilot", "Stealth")


def setup(sc: StarWarsScenario) -> tuple[StarWarsState, list[Event]]:
    state = _prepare(sc)
    return state, [
        Event("setup", data={"title": sc.title, "sides": list(state.sides)}, visible_to=None),
        Event("opens", data={"who": state.order.current}, visible_to=None),
    ]


def _prepare(sc: StarWarsScenario) -> StarWarsState:
    """The state the scenario sets up, each battle's own."""
    skill_names = SKILL_NAMES
    zmap = sc.zone_map
    zones = {name: list(adjacent) for name, adjacent in sc.adjacency.items()}
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
                consequences=ConsequenceSlots.fate_core(c.consequences),
                station=c.station or "",
                vehicle=c.vehicle,
                anti_vehicle=c.anti_vehicle,
            )  # fmt: skip
            for a in c.aspects:
                aspects.add(Aspect(a.name, AspectKind.CHARACTER, owner=c.name, hidden=a.hidden))
    # each vehicle's named crew, in the order of the fighters (read once, not per vehicle)
    aboard: dict[str, list[Character]] = {}
    for f in fighters.values():
        if f.vehicle:
            aboard.setdefault(f.vehicle.lower(), []).append(f)
    for side in sc.sides:
        for v in side.vehicles:
            crew = aboard.get(v.name.lower(), [])
            _vehicle(side.name, v, fighters, crew, aspects, skill_names, zmap, zones)
    by_name = {n.lower(): n for n in fighters}
    duels = []
    for d in sc.duels:
        one, two = (by_name[n.lower()] for n in d.between)
        duels.append(Duel(one, two, {one: 0, two: 0}))
        for holder, names in d.stunts.items():
            for name in names:  # S7: an applicable equipment stunt, one free invoke
                stunt = Aspect(name, AspectKind.SITUATION)
                stunt.add_free(by_name[holder.lower()], 1)
                aspects.add(stunt)
    actors = [n for n, f in fighters.items() if not f.is_vehicle]
    by_lower = {n.lower(): n for n in actors}
    first = by_lower[sc.first.lower()] if sc.first else actors[0]
    order = PopcornOrder(actors)
    order.start(first)
    state = StarWarsState(
        title=sc.title, sides=[s.name for s in sc.sides], fighters=fighters, zones=zones,
        aspects=aspects, order=order, interrupts=sc.interrupts, aspect_difficulty=difficulty,
        duels=duels,
        crews={v.name: [f.name for f in fighters.values() if f.vehicle == v.name]
               for v in fighters.values() if v.is_vehicle},
        units_by_side={s.name: [f for f in fighters.values() if f.side == s.name]
                       for s in sc.sides},
        gm_notes=sc.gm_notes, max_rounds=sc.max_rounds,
        settings={"zmap": zmap,
                  "hyperdrives": {v.name: v.hyperdrive for s in sc.sides for v in s.vehicles},
                  "jump_after": sc.jump_after, "jump_difficulty": sc.jump_difficulty,
                  "jump_blockers": list(sc.hyperdrive_disabled_by),
                  "zone_kinds": {z.name: z.kind or sc.zone_kind for z in sc.zones}
                  or {next(iter(zones)): sc.zone_kind},
                  "advantage_difficulty": sc.advantage_difficulty,
                  "overcome_difficulty": sc.overcome_difficulty,
                  "sprint_difficulty": sc.sprint_difficulty,
                  "communications_skills": [skill_names[s.lower()]
                                            for s in sc.communications_skills]},
    )  # fmt: skip
    return state


def _vehicle(
    side: str,
    v: VehicleSpec,
    fighters: dict[str, Character],
    crew: list[Character],
    aspects: AspectSet,
    skill_names: dict[str, str],
    zmap: ZoneMap,
    zones: dict[str, list[str]],
) -> None:
    """A vehicle and its nameless crews (S3, S9, S10); its named crew take its zone. The
    vehicle defends with its pilot's Pilot and hides with its Stealth, and spends the pilot's
    fate points (a nameless pilot has none). Against Communications it resists with the best
    Will and Security aboard (S9). (`crew`: its named crew, who are fighters already.)"""
    zone = zmap.canonical(v.zone) if v.zone else next(iter(zones))
    crew_of = list(crew)
    for name, spec in zip(crew_names(v), v.crew, strict=True):
        skills = {skill_names[k.lower()]: val for k, val in spec.skills.items()}
        fighters[name] = Character(
            name=name, side=side, skills=skills, zone=zone, fate_points=FatePoints(0, 0),
            stress={}, consequences=ConsequenceSlots.fate_core([]), vehicle=v.name,
            station="pilot" if spec.station == "pilot" else "gunner", stations=spec.stations,
        )  # fmt: skip
        crew_of.append(fighters[name])
    for f in crew_of:
        f.vehicle = v.name
        f.zone = zone
    pilot = next(f for f in crew_of if f.station == "pilot")
    named = v.named or any(f.stress for f in crew_of)  # named characters have stress tracks
    severities = v.consequences if v.consequences is not None else (NAMED if named else [])
    fighters[v.name] = Character(
        name=v.name, side=side,
        skills={s: pilot.skill(s) for s in VEHICLE_SKILLS}
        | {s: max(f.skill(s) for f in crew_of) for s in CREW_RESISTS},
        zone=zone, fate_points=pilot.fate_points,
        stress={HULL: StressTrack.counting(HULL, v.size)},
        consequences=ConsequenceSlots.fate_core(severities), size=v.size, defense=v.defense,
        mode=v.mode,
        passive_sensors=v.sensors == "passive",
        anti_personnel=v.anti_personnel
        if v.anti_personnel is not None
        else v.size <= ANTI_PERSONNEL_UP_TO,
    )  # fmt: skip
    for a in v.aspects:
        aspects.add(Aspect(a.name, AspectKind.CHARACTER, owner=v.name, hidden=a.hidden))
