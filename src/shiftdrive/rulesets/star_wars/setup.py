"""Setting up a star_wars conflict: characters from the scenario, zones, aspects, and the
popcorn order opened by the scenario's `first` (S1).

What the scenario says is read once per scenario into a `Sheet` (`sheet_of`); each battle
makes its own units, tracks, slots, aspects and order from it. A simulation plays thousands of
battles from one scenario: none of them reads the scenario file's model again."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Final

from shiftdrive.core.aspects import Aspect, AspectKind, AspectSet
from shiftdrive.core.consequences import ConsequenceSlots, Severity
from shiftdrive.core.fate_points import FatePoints
from shiftdrive.core.stress import StressKind, StressTrack
from shiftdrive.engine.events import Event
from shiftdrive.engine.turns import PopcornOrder
from shiftdrive.rulesets.star_wars.comms import CREW_RESISTS
from shiftdrive.rulesets.star_wars.scenario import StarWarsScenario, VehicleSpec, crew_names
from shiftdrive.rulesets.star_wars.skills import SKILLS, STRESS_SKILLS
from shiftdrive.rulesets.star_wars.state import Character, Duel, StarWarsState
from shiftdrive.rulesets.star_wars.vehicles import ANTI_PERSONNEL_UP_TO, HULL

if TYPE_CHECKING:
    from shiftdrive.engine.choices import Choice

#: each skill by its name in lower case (a scenario's skills are named in any case)
SKILL_NAMES: Final = {s.lower(): s for s in SKILLS}
#: S10: the consequences of a named vehicle, or one crewed by a named character
NAMED: Final = ["mild", "moderate", "severe"]
#: what a vehicle takes from its pilot: Pilot to defend (S10), Stealth against sensors (S9)
VEHICLE_SKILLS: Final = ("Pilot", "Stealth")


def vehicle_skills(
    pilot: Mapping[str, int] | None, crew: Iterable[Mapping[str, int]]
) -> dict[str, int]:
    """A vehicle's skills from those aboard: its pilot's Pilot (to defend, S10) and Stealth
    (against sensors, S9), the best Will and Security of its crew (against Communications,
    S9). With no pilot (`None`: it left the fight) nobody flies it: Mediocre (+0)."""
    skills = {s: pilot.get(s, 0) if pilot is not None else 0 for s in VEHICLE_SKILLS}
    crew = list(crew)
    for s in CREW_RESISTS:
        skills[s] = max((c.get(s, 0) for c in crew), default=0)
    return skills


@dataclass(frozen=True, slots=True)
class UnitSheet:
    """One unit as the scenario gives it: a character, a nameless crew or a vehicle."""

    name: str
    side: str
    skills: dict[str, int]
    zone: str
    fate_points: int
    refresh: int
    #: each stress track: its name, kind and boxes
    stress: tuple[tuple[str, StressKind, tuple[int, ...]], ...]
    #: each consequence slot's value by severity (C9's, read once: each battle copies them)
    consequences: dict[Severity, int]
    station: str = ""
    vehicle: str | None = None
    stations: int = 1
    size: int = 0
    defense: int = 0
    mode: str = ""
    passive_sensors: bool = False
    anti_vehicle: bool = False
    anti_personnel: bool = False
    #: a vehicle spends its pilot's fate points: the pilot (made before it), by name
    pays_through: str | None = None

    def character(self, fighters: dict[str, Character]) -> Character:
        """This battle's unit: its own tracks, slots and fate points (a vehicle its pilot's)."""
        fate_points = (
            fighters[self.pays_through].fate_points
            if self.pays_through is not None
            else FatePoints(self.fate_points, self.refresh)
        )
        return Character(
            name=self.name, side=self.side, skills=dict(self.skills), zone=self.zone,
            fate_points=fate_points,
            stress={t: StressTrack(t, kind, list(boxes)) for t, kind, boxes in self.stress},
            consequences=ConsequenceSlots(self.consequences), station=self.station,
            vehicle=self.vehicle, stations=self.stations, size=self.size, defense=self.defense,
            mode=self.mode, passive_sensors=self.passive_sensors, anti_vehicle=self.anti_vehicle,
            anti_personnel=self.anti_personnel,
        )  # fmt: skip


@dataclass(frozen=True, slots=True)
class AspectSheet:
    """An aspect the conflict opens with (and who holds its one free invoke, if anyone)."""

    name: str
    kind: AspectKind
    owner: str | None = None
    zone: str | None = None
    hidden: bool = False
    free_for: str | None = None

    def aspect(self) -> Aspect:
        made = Aspect(self.name, self.kind, owner=self.owner, hidden=self.hidden, zone=self.zone)
        if self.free_for is not None:
            made.add_free(self.free_for, 1)
        return made


@dataclass(frozen=True, slots=True)
class Sheet:
    """Everything a battle's set-up reads of the scenario, in the order it is made, and the
    memos of what never changes between the battles of one scenario (the map's reach, each
    character's threat, the "name the next" choices)."""

    title: str
    sides: tuple[str, ...]
    units: tuple[UnitSheet, ...]
    aspects: tuple[AspectSheet, ...]
    difficulty: dict[str, int]
    #: the duellists of each duel (S2)
    duels: tuple[tuple[str, str], ...]
    actors: tuple[str, ...]
    first: str
    zones: dict[str, tuple[str, ...]]
    crews: dict[str, tuple[str, ...]]
    settings: dict[str, Any]
    interrupts: bool
    max_rounds: int
    gm_notes: str
    reach_memo: dict[tuple[str, bool, str, int], dict[str, int]]
    threat_memo: dict[str, int]
    ranked_memo: list[str]
    bonus_memo: dict[tuple[str, str], tuple[int, int]]
    shot_memo: dict[tuple[str, str], tuple[bool, int]]
    next_memo: dict[str, Choice]
    opening_memo: dict[tuple[str, int], Choice]


def setup(sc: StarWarsScenario) -> tuple[StarWarsState, list[Event]]:
    state = _prepare(sheet_of(sc))
    return state, [
        Event("setup", data={"title": sc.title, "sides": list(state.sides)}, visible_to=None),
        Event("opens", data={"who": state.order.current}, visible_to=None),
    ]


def _prepare(sheet: Sheet) -> StarWarsState:
    """The state a scenario's sheet sets up, each battle's own."""
    fighters: dict[str, Character] = {}
    for unit in sheet.units:
        fighters[unit.name] = unit.character(fighters)
    aspects = AspectSet()
    for a in sheet.aspects:
        aspects.add(a.aspect())
    order = PopcornOrder(list(sheet.actors))
    order.start(sheet.first)
    return StarWarsState(
        title=sheet.title, sides=list(sheet.sides), fighters=fighters,
        zones={name: list(adjacent) for name, adjacent in sheet.zones.items()},
        aspects=aspects, order=order, interrupts=sheet.interrupts,
        aspect_difficulty=dict(sheet.difficulty),
        duels=[Duel(one, two, {one: 0, two: 0}) for one, two in sheet.duels],
        crews={v: list(crew) for v, crew in sheet.crews.items()},
        units_by_side={s: [f for f in fighters.values() if f.side == s] for s in sheet.sides},
        gm_notes=sheet.gm_notes, max_rounds=sheet.max_rounds,
        settings=dict(sheet.settings), reach_memo=sheet.reach_memo,
        threat_memo=sheet.threat_memo, ranked_memo=sheet.ranked_memo,
        next_memo=sheet.next_memo,
        opening_memo=sheet.opening_memo, bonus_memo=sheet.bonus_memo,
        shot_memo=sheet.shot_memo,
    )  # fmt: skip


#: how many scenarios' sheets are kept (a server sets up battle after battle: forget, never grow)
SHEETS_KEPT: Final = 64
#: each scenario's sheet by the scenario's identity, kept with the scenario (so that no other
#: scenario can take its id while the sheet is kept)
_SHEETS: dict[int, tuple[StarWarsScenario, Sheet]] = {}


def sheet_of(sc: StarWarsScenario) -> Sheet:
    """The scenario read for set-up, once per scenario (a scenario model is never changed once
    validated): every battle of a simulation makes its units from it, and shares its memos."""
    found = _SHEETS.get(id(sc))
    if found is not None and found[0] is sc:
        return found[1]
    if len(_SHEETS) >= SHEETS_KEPT:
        _SHEETS.clear()
    sheet = _read(sc)
    _SHEETS[id(sc)] = (sc, sheet)
    return sheet


def _read(sc: StarWarsScenario) -> Sheet:
    """Names as the sheet spells them, each unit's skills, tracks and consequences, vehicles
    with their crews."""
    skill_names = SKILL_NAMES
    zmap = sc.zone_map
    zones = sc.adjacency
    somewhere = next(iter(zones))
    aspects: list[AspectSheet] = []
    difficulty: dict[str, int] = {}
    for a in sc.aspects:
        aspects.append(AspectSheet(a.name, AspectKind.SITUATION, hidden=a.hidden))
        if a.difficulty is not None:
            difficulty[a.name] = a.difficulty
    for z in sc.zones:
        for name in z.aspects:
            aspects.append(AspectSheet(name, AspectKind.SITUATION, zone=z.name))
    units: dict[str, UnitSheet] = {}
    for side in sc.sides:
        for c in side.characters:
            skills = {skill_names[k.lower()]: v for k, v in c.skills.items()}
            given: dict[str, int] = {str(k): v for k, v in c.stress.items()}
            tracks: list[tuple[str, StressKind, tuple[int, ...]]] = []
            for track, skill in STRESS_SKILLS.items():
                if track in given:
                    boxes = tuple(range(1, given[track] + 1))
                else:
                    boxes = tuple(StressTrack.fate_core(track, skills.get(skill, 0)).boxes)
                tracks.append((track, StressKind.FATE_CORE, boxes))
            units[c.name] = UnitSheet(
                name=c.name, side=side.name, skills=skills,
                zone=zmap.canonical(c.zone) if c.zone else somewhere,
                fate_points=c.fate_points if c.fate_points is not None else c.refresh,
                refresh=c.refresh, stress=tuple(tracks), consequences=_slots(c.consequences),
                station=c.station or "", vehicle=c.vehicle, anti_vehicle=c.anti_vehicle,
            )  # fmt: skip
            for a in c.aspects:
                aspects.append(AspectSheet(a.name, AspectKind.CHARACTER, c.name, hidden=a.hidden))
    # each vehicle's named crew, in the order of the characters (read once, not per vehicle)
    aboard: dict[str, list[str]] = {}
    for unit in units.values():
        if unit.vehicle:
            aboard.setdefault(unit.vehicle.lower(), []).append(unit.name)
    for side in sc.sides:
        for v in side.vehicles:
            crew = aboard.get(v.name.lower(), [])
            zone = zmap.canonical(v.zone) if v.zone else somewhere
            _vehicle(side.name, v, units, crew, skill_names, zone)
            for a in v.aspects:
                aspects.append(AspectSheet(a.name, AspectKind.CHARACTER, v.name, hidden=a.hidden))
    by_name = {n.lower(): n for n in units}
    duels: list[tuple[str, str]] = []
    for d in sc.duels:
        one, two = (by_name[n.lower()] for n in d.between)
        duels.append((one, two))
        for holder, names in d.stunts.items():
            for name in names:  # S7: an applicable equipment stunt, one free invoke
                aspects.append(
                    AspectSheet(name, AspectKind.SITUATION, free_for=by_name[holder.lower()])
                )
    actors = tuple(n for n, u in units.items() if not u.size)
    by_lower = {n.lower(): n for n in actors}
    return Sheet(
        title=sc.title, sides=tuple(s.name for s in sc.sides), units=tuple(units.values()),
        aspects=tuple(aspects), difficulty=difficulty, duels=tuple(duels), actors=actors,
        first=by_lower[sc.first.lower()] if sc.first else actors[0], zones=dict(zones),
        crews={v.name: tuple(u.name for u in units.values() if u.vehicle == v.name)
               for v in units.values() if v.size},
        settings={"zmap": zmap,
                  "hyperdrives": {v.name: v.hyperdrive for s in sc.sides for v in s.vehicles},
                  "jump_after": sc.jump_after, "jump_difficulty": sc.jump_difficulty,
                  "jump_blockers": list(sc.hyperdrive_disabled_by),
                  "zone_kinds": {z.name: z.kind or sc.zone_kind for z in sc.zones}
                  or {somewhere: sc.zone_kind},
                  "advantage_difficulty": sc.advantage_difficulty,
                  "overcome_difficulty": sc.overcome_difficulty,
                  "sprint_difficulty": sc.sprint_difficulty,
                  "communications_skills": [skill_names[s.lower()]
                                            for s in sc.communications_skills]},
        interrupts=sc.interrupts, max_rounds=sc.max_rounds, gm_notes=sc.gm_notes,
        reach_memo={}, threat_memo={}, ranked_memo=[], next_memo={}, opening_memo={}, bonus_memo={},
        shot_memo={},
    )  # fmt: skip


def _slots(severities: Iterable[str]) -> dict[Severity, int]:
    """The consequence slots a sheet names, at their Fate Core values (C9)."""
    return ConsequenceSlots.fate_core(severities).values


def _vehicle(
    side: str,
    v: VehicleSpec,
    units: dict[str, UnitSheet],
    crew: list[str],
    skill_names: dict[str, str],
    zone: str,
) -> None:
    """A vehicle and its nameless crews (S3, S9, S10); its named crew take its zone. The
    vehicle defends with its pilot's Pilot and hides with its Stealth, and spends the pilot's
    fate points (a nameless pilot has none). Against Communications it resists with the best
    Will and Security aboard (S9). (`crew`: its named crew, whose sheets are made already.)"""
    crew_of: list[UnitSheet] = []
    for name in crew:  # aboard: in the vehicle's zone
        units[name] = replace(units[name], vehicle=v.name, zone=zone)
        crew_of.append(units[name])
    for name, spec in zip(crew_names(v), v.crew, strict=True):
        skills = {skill_names[k.lower()]: val for k, val in spec.skills.items()}
        units[name] = UnitSheet(
            name=name, side=side, skills=skills, zone=zone, fate_points=0, refresh=0, stress=(),
            consequences={}, vehicle=v.name,
            station="pilot" if spec.station == "pilot" else "gunner", stations=spec.stations,
        )  # fmt: skip
        crew_of.append(units[name])
    pilot = next(f for f in crew_of if f.station == "pilot")
    named = v.named or any(f.stress for f in crew_of)  # named characters have stress tracks
    severities = v.consequences if v.consequences is not None else (NAMED if named else [])
    units[v.name] = UnitSheet(
        name=v.name, side=side,
        skills=vehicle_skills(pilot.skills, [f.skills for f in crew_of]),
        zone=zone, fate_points=0, refresh=0, pays_through=pilot.name,
        stress=((HULL, StressKind.COUNTING, tuple(StressTrack.counting(HULL, v.size).boxes)),),
        consequences=_slots(severities), size=v.size, defense=v.defense, mode=v.mode,
        passive_sensors=v.sensors == "passive",
        anti_personnel=v.anti_personnel
        if v.anti_personnel is not None
        else v.size <= ANTI_PERSONNEL_UP_TO,
    )  # fmt: skip
