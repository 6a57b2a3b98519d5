"""The star_wars scenario file, validated at the edge with pydantic: sides of characters in
zones, who opens the popcorn order (S1), and the defaults a scenario may override."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from functools import cached_property
from typing import Annotated, Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from shiftdrive.conflict.scenario import AspectSpec, aspect_list
from shiftdrive.engine.scenario import (
    MAX_SIDES,
    Flag,
    Number,
    ScenarioError,
    refuse_crowds,
    validate_model,
)
from shiftdrive.maps.zones import ZoneMap
from shiftdrive.rulesets.star_wars.skills import SKILLS

#: longest stress track a character may be given (no Fate character's is longer)
MAX_STRESS: Final = 20
#: the one zone of a scenario that lists none
DEFAULT_ZONE: Final = "Battlefield"
#: the largest vehicle Size (the seed's weapon-range table goes to 9)
MAX_SIZE: Final = 10
#: S4/S12: the zone kinds each way of moving may stop in
MOVES_IN: Final = {"craft": ("space", "air"), "car": ("ground",), "armored": ("ground",)}


ZoneKind = Literal["space", "air", "ground"]


class ZoneSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=80)
    aspects: list[str] = []
    adjacent: list[str] = []
    #: S12: the zone's kind (default: the scenario's `zone_kind`)
    kind: ZoneKind | None = None


class CharacterSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=80)
    skills: dict[str, Annotated[Number, Field(ge=-4, le=12)]] = {}
    aspects: list[AspectSpec] = []
    refresh: Number = Field(default=3, ge=0, le=20)
    fate_points: Number | None = Field(default=None, ge=0, le=50)
    zone: str | None = None
    consequences: list[Literal["mild", "moderate", "severe", "extreme"]] = [
        "mild",
        "moderate",
        "severe",
    ]
    #: boxes per track, overriding the ones the skills give (C8a)
    stress: dict[Literal["physical", "mental"], Annotated[Number, Field(ge=0, le=MAX_STRESS)]] = {}
    #: S9: the vehicle this character crews (on the same side), and at which station
    vehicle: str | None = None
    station: Literal["pilot", "gunner"] | None = None
    #: mixed combat: on foot, carries equipment that can damage vehicles (a missile launcher)
    anti_vehicle: Flag = False

    _aspects = field_validator("aspects", mode="before")(aspect_list)


class CrewSpec(BaseModel):
    """A nameless crew (S3, S9): a vehicle's pilot, or a group of weapon stations that rolls
    once at +1 per station beyond the first. It is one actor in popcorn order."""

    model_config = ConfigDict(extra="forbid")
    name: str | None = Field(default=None, min_length=1, max_length=80)
    station: Literal["pilot", "gunners"]
    skills: dict[str, Annotated[Number, Field(ge=-4, le=12)]] = {}
    stations: Number = Field(default=1, ge=1, le=MAX_SIZE)


class VehicleSpec(BaseModel):
    """A vehicle by Size (S3, S10): stress boxes = Size; a named vehicle (or one crewed by a
    named character) also takes consequences."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=80)
    size: Number = Field(ge=1, le=MAX_SIZE)
    zone: str | None = None
    named: Flag = False
    aspects: list[AspectSpec] = []
    #: defense stunts (a Deflector Shields +1)
    defense: Number = Field(default=0, ge=0, le=10)
    #: S4: how it moves: a craft flies (space, air), a car or an armored vehicle drives
    mode: Literal["craft", "car", "armored"] = "craft"
    #: S6: it can jump to lightspeed
    hyperdrive: Flag = False
    #: mixed combat: its weapons can hit characters on foot (default: up to Size 2)
    anti_personnel: Flag | None = None
    #: S3: its sensors at the start (passive halves detection range)
    sensors: Literal["active", "passive"] = "active"
    consequences: list[Literal["mild", "moderate", "severe"]] | None = None
    crew: list[CrewSpec] = []

    _aspects = field_validator("aspects", mode="before")(aspect_list)


class SideSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=80)
    characters: list[CharacterSpec] = []
    vehicles: list[VehicleSpec] = []


class DuelSpec(BaseModel):
    """S2/S8: two characters in a formal 1:1 fight from the start; the equipment stunts the GM
    finds applicable become situation aspects with one free invoke for their holder (S7)."""

    model_config = ConfigDict(extra="forbid")
    between: list[str] = Field(min_length=2, max_length=2)
    stunts: dict[str, list[Annotated[str, Field(min_length=1, max_length=120)]]] = {}


class StarWarsScenario(BaseModel):
    """A Star Wars Fate conflict: sides of characters in zones, in popcorn order."""

    model_config = ConfigDict(extra="forbid")
    ruleset: str
    title: str = "A Star Wars conflict"
    description: str = ""
    #: S1: who acts first (default: the first character listed)
    first: str | None = None
    #: S1: interrupts for a fate point, refusable for one (a scenario may turn them off)
    interrupts: Flag = True
    max_rounds: Number = Field(default=20, ge=1, le=1000)
    advantage_difficulty: Number = Field(default=2, ge=-4, le=12)
    overcome_difficulty: Number = Field(default=2, ge=-4, le=12)
    #: S4: on foot, one more zone is an Athletics overcome against Fair (+2)
    sprint_difficulty: Number = Field(default=2, ge=-4, le=12)
    #: S12: the kind of the zones that do not say
    zone_kind: ZoneKind = "ground"
    #: S6: the jump to lightspeed: rounds of calculation, the roll's difficulty, and the
    #: aspects that put a hyperdrive out of action (besides a severe consequence)
    jump_after: Number = Field(default=3, ge=0, le=100)
    jump_difficulty: Number = Field(default=3, ge=-4, le=12)
    hyperdrive_disabled_by: list[Annotated[str, Field(min_length=1, max_length=120)]] = []
    #: S9: the skills of the Communications action (social skills, and Security to jam)
    communications_skills: list[Literal["Provoke", "Rapport", "Security"]] = [
        "Provoke",
        "Rapport",
        "Security",
    ]
    zones: list[ZoneSpec] = []
    aspects: list[AspectSpec] = []
    sides: list[SideSpec] = Field(min_length=2, max_length=MAX_SIDES)
    duels: list[DuelSpec] = []
    gm_notes: str = ""

    _aspects = field_validator("aspects", mode="before")(aspect_list)

    @cached_property
    def adjacency(self) -> dict[str, tuple[str, ...]]:
        """Each zone's neighbours as listed (one zone, DEFAULT_ZONE, when none is)."""
        return {z.name: tuple(z.adjacent) for z in self.zones} or {DEFAULT_ZONE: ()}

    @cached_property
    def zone_map(self) -> ZoneMap:
        """The zones and their borders, built once per scenario: a fight never changes its map
        (so every battle of a simulation reads the same map and its remembered distances)."""
        zones = self.adjacency
        return ZoneMap.from_edges(zones, [(a, b) for a, adj in zones.items() for b in adj])


def load(data: Mapping[str, Any]) -> StarWarsScenario:
    """Validate the file's shape, then its cross-references (skills, zones, names, `first`)."""
    sc = validate_model(StarWarsScenario, data)
    refuse_crowds(
        sum(len(s.characters) + sum(1 + len(v.crew) for v in s.vehicles) for s in sc.sides),
        "characters, vehicles and crews",
    )
    problems: list[tuple[str, str]] = []
    skills = {s.lower() for s in SKILLS}
    zone_names = [z.name for z in sc.zones]
    zone_lower = {z.lower() for z in zone_names}
    kinds: dict[str, str] = {z.name: z.kind or sc.zone_kind for z in sc.zones}
    kind_of = {z.lower(): k for z, k in kinds.items()}
    names: set[str] = set()
    for i, side in enumerate(sc.sides):
        if side.name.lower() in names:
            problems.append((f"sides[{i}].name", f"duplicate name {side.name!r}"))
        names.add(side.name.lower())
    for i, z in enumerate(sc.zones):
        if zone_names.index(z.name) != i or z.name.lower() in {n.lower() for n in zone_names[:i]}:
            problems.append((f"zones[{i}].name", f"duplicate zone name {z.name!r}"))
        for j, adj in enumerate(z.adjacent):
            if adj.lower() not in zone_lower:
                problems.append((f"zones[{i}].adjacent[{j}]", f"no zone named {adj!r}"))
            elif adj.lower() == z.name.lower():
                problems.append((f"zones[{i}].adjacent[{j}]", "a zone cannot border itself"))
    aspects: dict[str, str] = {}

    def aspect(path: str, name: str) -> None:
        if not name.strip():
            problems.append((path, "an aspect needs a name"))
        elif name.lower() in aspects:
            problems.append((path, f"duplicate aspect {name!r} (also at {aspects[name.lower()]})"))
        aspects.setdefault(name.lower(), path)

    for i, a in enumerate(sc.aspects):
        aspect(f"aspects[{i}].name", a.name)
    for i, z in enumerate(sc.zones):
        for j, name in enumerate(z.aspects):
            aspect(f"zones[{i}].aspects[{j}]", name)
    for si, side in enumerate(sc.sides):
        for ci, c in enumerate(side.characters):
            base = f"sides[{si}].characters[{ci}]"
            if c.name.lower() in names:
                problems.append(
                    (
                        f"{base}.name",
                        f"duplicate name {c.name!r}: characters and sides need unique names",
                    )
                )
            names.add(c.name.lower())
            for skill in c.skills:
                if skill.lower() not in skills:
                    problems.append(
                        (f"{base}.skills.{skill}", f"unknown skill {skill!r} ({', '.join(SKILLS)})")
                    )
            _twice_rated(c.skills, f"{base}.skills", problems)
            if c.zone is not None and c.zone.lower() not in zone_lower:
                problems.append((f"{base}.zone", f"no zone named {c.zone!r}"))
            elif c.zone is not None and c.vehicle is None and kind_of[c.zone.lower()] != "ground":
                kind = kind_of[c.zone.lower()]
                problems.append((f"{base}.zone", f"{c.zone} is {kind}: on foot needs ground (S12)"))
            if c.zone is None and zone_names and c.vehicle is None:
                problems.append((f"{base}.zone", f"is required: one of {', '.join(zone_names)}"))
            for j, a in enumerate(c.aspects):
                aspect(f"{base}.aspects[{j}].name", a.name)
    for si, side in enumerate(sc.sides):
        _check_vehicles(side, f"sides[{si}]", kinds, names, aspect, problems)
    characters = {c.name.lower() for s in sc.sides for c in s.characters}
    characters |= {n.lower() for s in sc.sides for v in s.vehicles for n in crew_names(v)}
    if sc.first is not None and sc.first.lower() not in characters:
        problems.append(("first", f"no character or crew named {sc.first!r} to act first"))
    _check_duels(sc, aspect, problems)
    for i, name in enumerate(sc.hyperdrive_disabled_by):
        if not name.strip():
            problems.append((f"hyperdrive_disabled_by[{i}]", "an aspect needs a name"))
    for si, side in enumerate(sc.sides):
        if not side.characters and not any(v.crew for v in side.vehicles):
            problems.append((f"sides[{si}]", f"{side.name} has nobody to act"))
    if problems:
        raise ScenarioError(problems)
    return sc


def _twice_rated(skills: Mapping[str, int], path: str, problems: list[tuple[str, str]]) -> None:
    """A skill given twice (skill names ignore case: `Pilot` and `pilot` are one skill, and
    the sheet would keep one of the two ratings without a word)."""
    seen: dict[str, str] = {}
    for skill in skills:
        first = seen.setdefault(skill.lower(), skill)
        if first != skill:
            problems.append(
                (f"{path}.{skill}", f"{skill!r} is {first!r} again (skill names ignore case)")
            )


def crew_names(vehicle: VehicleSpec) -> list[str]:
    """The names of a vehicle's nameless crews: given, else '<vehicle> pilot' and
    '<vehicle> gunners' (numbered when there are several groups). Interned: every battle of a
    scenario then names a crew with the same string, as it does everyone else (choices kept
    from an earlier battle compare by identity, not letter by letter)."""
    groups = sum(1 for c in vehicle.crew if c.station == "gunners")
    out: list[str] = []
    n = 0
    for c in vehicle.crew:
        if c.name:
            out.append(c.name)
        elif c.station == "pilot":
            out.append(sys.intern(f"{vehicle.name} pilot"))
        else:
            n += 1
            out.append(sys.intern(f"{vehicle.name} gunners" + (f" {n}" if groups > 1 else "")))
    return out


def _check_vehicles(
    side: SideSpec,
    base: str,
    kinds: dict[str, str],
    names: set[str],
    aspect: Callable[[str, str], None],
    problems: list[tuple[str, str]],
) -> None:
    """S3/S9: each vehicle has one pilot, no more weapon stations than its Size, a zone on the
    map of a kind it moves in (S12); crews name vehicles of their own side."""
    zone_names = list(kinds)
    kind_of = {z.lower(): k for z, k in kinds.items()}
    skills = {s.lower() for s in SKILLS}
    vehicles = {v.name.lower(): v for v in side.vehicles}
    for ci, c in enumerate(side.characters):
        path = f"{base}.characters[{ci}]"
        if c.vehicle is not None and c.vehicle.lower() not in vehicles:
            problems.append((f"{path}.vehicle", f"no vehicle named {c.vehicle!r} on {side.name}"))
        ship = vehicles.get(c.vehicle.lower()) if c.vehicle is not None else None
        if (
            ship is not None
            and c.zone is not None
            and ship.zone is not None
            and c.zone.lower() != ship.zone.lower()
        ):
            problems.append(
                (
                    f"{path}.zone",
                    f"{c.name} is aboard {ship.name}, which is in {ship.zone}: a crew member is "
                    "where its vehicle is (leave its zone out)",
                )
            )
        if (c.vehicle is None) != (c.station is None):
            problems.append((f"{path}.station", "a crew member needs both vehicle and station"))
    for vi, v in enumerate(side.vehicles):
        path = f"{base}.vehicles[{vi}]"
        for n in [v.name, *crew_names(v)]:
            if n.lower() in names:
                problems.append(
                    (f"{path}.name", f"duplicate name {n!r}: every name must be unique")
                )
            names.add(n.lower())
        if v.zone is not None and v.zone.lower() not in kind_of:
            problems.append((f"{path}.zone", f"no zone named {v.zone!r}"))
        elif v.zone is not None and kind_of[v.zone.lower()] not in MOVES_IN[v.mode]:
            kind = kind_of[v.zone.lower()]
            problems.append(
                (f"{path}.zone", f"{v.zone} is {kind}: a {v.mode} cannot be there (S12)")
            )
        if v.zone is None and zone_names:
            problems.append((f"{path}.zone", f"is required: one of {', '.join(zone_names)}"))
        for j, a in enumerate(v.aspects):
            aspect(f"{path}.aspects[{j}].name", a.name)
        for j, crew in enumerate(v.crew):
            if crew.station == "pilot" and crew.stations != 1:
                problems.append(
                    (
                        f"{path}.crew[{j}].stations",
                        "a pilot works no group of weapon stations: `stations` is for "
                        "gunners (S3: one roll at +1 per station beyond the first)",
                    )
                )
            for skill in crew.skills:
                if skill.lower() not in skills:
                    problems.append(
                        (f"{path}.crew[{j}].skills.{skill}", f"unknown skill {skill!r}")
                    )
            _twice_rated(crew.skills, f"{path}.crew[{j}].skills", problems)
        aboard = [c for c in side.characters if c.vehicle and c.vehicle.lower() == v.name.lower()]
        pilots = sum(1 for c in aboard if c.station == "pilot")
        pilots += sum(1 for c in v.crew if c.station == "pilot")
        if pilots != 1:
            problems.append((f"{path}.crew", f"{v.name} needs exactly one pilot (it has {pilots})"))
        stations = sum(1 for c in aboard if c.station == "gunner")
        stations += sum(c.stations for c in v.crew if c.station == "gunners")
        if stations > v.size:
            problems.append(
                (
                    f"{path}.crew",
                    f"{v.name} has {stations} weapon stations; Size {v.size} has {v.size} (S3)",
                )
            )


def _check_duels(
    sc: StarWarsScenario, aspect: Callable[[str, str], None], problems: list[tuple[str, str]]
) -> None:
    """A duel is between two characters on foot of different sides, each in one duel."""
    on_foot = {c.name.lower(): (s.name, c) for s in sc.sides for c in s.characters}
    seen: set[str] = set()
    for i, d in enumerate(sc.duels):
        path = f"duels[{i}]"
        found = [on_foot.get(n.lower()) for n in d.between]
        for j, (name, hit) in enumerate(zip(d.between, found, strict=True)):
            if hit is None or hit[1].vehicle is not None:
                problems.append((f"{path}.between[{j}]", f"no character on foot named {name!r}"))
            elif name.lower() in seen:
                problems.append((f"{path}.between[{j}]", f"{name} is already in a duel"))
            seen.add(name.lower())
        a, b = found
        if a is not None and b is not None and a[0] == b[0]:
            problems.append((f"{path}.between", "duellists must be on different sides"))
        for holder, names in d.stunts.items():
            if holder.lower() not in {n.lower() for n in d.between}:
                problems.append((f"{path}.stunts.{holder}", f"{holder} is not in this duel"))
            for k, name in enumerate(names):
                aspect(f"{path}.stunts.{holder}[{k}]", name)
