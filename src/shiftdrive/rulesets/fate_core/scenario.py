"""The fate_core scenario file, validated at the edge with pydantic."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Annotated, Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, field_validator

from shiftdrive.conflict.scenario import AspectSpec, aspect_list
from shiftdrive.engine.scenario import (
    MAX_SIDES,
    Number,
    ScenarioError,
    refuse_crowds,
    validate_model,
)


class AttackSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    reach: Number = Field(ge=0)
    track: str
    defend: list[str]


class WeaponSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    rating: Number = Field(ge=0)
    skill: str


class Catalog(BaseModel):
    """Skills, attack skills, stress tracks, weapons and armor; a scenario may extend it."""

    model_config = ConfigDict(extra="forbid")
    skills: list[str] = []
    attacks: dict[str, AttackSpec] = {}
    stress: dict[str, str] = {}
    resist_advantage: list[str] = []
    resist_discovery: list[str] = []
    weapons: dict[str, WeaponSpec] = {}
    armor: dict[str, Number] = {}


@cache
def default_catalog() -> Catalog:
    text = resources.files(__package__).joinpath("catalog.yaml").read_text(encoding="utf-8")
    return Catalog.model_validate(yaml.safe_load(text))


class ZoneSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1)
    aspects: list[str] = []
    adjacent: list[str] = []


class CharacterSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1)
    skills: dict[str, Number] = {}
    aspects: list[AspectSpec] = []
    refresh: Number = Field(default=3, ge=0)
    fate_points: Number | None = Field(default=None, ge=0)
    zone: str | None = None
    weapon: str | None = None
    armor: str | None = None
    consequences: list[Literal["mild", "moderate", "severe", "extreme"]] = [
        "mild",
        "moderate",
        "severe",
    ]
    #: boxes per track: a track longer than 20 boxes is no Fate character's (and would not draw)
    stress: dict[str, Annotated[Number, Field(ge=0, le=20)]] | None = None

    _aspects = field_validator("aspects", mode="before")(aspect_list)


class SideSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1)
    characters: list[CharacterSpec] = Field(min_length=1)


class FateCoreScenario(BaseModel):
    """A Fate Core conflict: sides of characters in zones with situation aspects."""

    model_config = ConfigDict(extra="forbid")
    ruleset: str
    title: str = "A Fate Core conflict"
    description: str = ""
    turn_order: str = "Notice"
    tiebreak: str = "Athletics"
    max_exchanges: Number = Field(default=20, ge=1, le=1000)
    advantage_difficulty: Number = 2
    overcome_difficulty: Number = 2
    sprint_difficulty_per_zone: Number = 1
    zones: list[ZoneSpec] = []
    aspects: list[AspectSpec] = []
    sides: list[SideSpec] = Field(min_length=2, max_length=MAX_SIDES)
    catalog: Catalog = Catalog()
    gm_notes: str = ""

    _aspects = field_validator("aspects", mode="before")(aspect_list)

    def merged_catalog(self) -> Catalog:
        base = default_catalog()
        extra = self.catalog
        return Catalog(
            skills=list(dict.fromkeys([*base.skills, *extra.skills])),
            attacks={**base.attacks, **extra.attacks},
            stress={**base.stress, **extra.stress},
            resist_advantage=extra.resist_advantage or base.resist_advantage,
            resist_discovery=extra.resist_discovery or base.resist_discovery,
            weapons={**base.weapons, **extra.weapons},
            armor={**base.armor, **extra.armor},
        )


def _close(name: str, options: list[str]) -> str:
    return f" (known: {', '.join(options)})" if len(options) <= 30 else ""


def load(data: Mapping[str, Any]) -> FateCoreScenario:
    """Validate the file's shape, then its cross-references (skills, zones, weapons, names)."""
    sc = validate_model(FateCoreScenario, data)
    refuse_crowds(sum(len(s.characters) for s in sc.sides), "characters")
    cat = sc.merged_catalog()
    problems: list[tuple[str, str]] = []
    skills = {s.lower(): s for s in cat.skills}
    zone_names = [z.name for z in sc.zones]

    def dup(kind: str, names: list[str], path: str) -> None:
        seen: set[str] = set()
        for i, name in enumerate(names):
            if name.lower() in seen:
                problems.append((f"{path}[{i}].name", f"duplicate {kind} name {name!r}"))
            seen.add(name.lower())

    dup("zone", zone_names, "zones")
    dup("side", [s.name for s in sc.sides], "sides")
    all_chars = [(si, ci, c) for si, s in enumerate(sc.sides) for ci, c in enumerate(s.characters)]
    seen_chars: set[str] = set()
    for si, ci, c in all_chars:
        if c.name.lower() in seen_chars or c.name.lower() in {s.name.lower() for s in sc.sides}:
            problems.append(
                (
                    f"sides[{si}].characters[{ci}].name",
                    f"duplicate name {c.name!r}: characters and sides need unique names",
                )
            )
        seen_chars.add(c.name.lower())
    if sc.turn_order.lower() not in skills:
        problems.append(("turn_order", f"unknown skill {sc.turn_order!r}{_close('', cat.skills)}"))
    if sc.tiebreak.lower() not in skills:
        problems.append(("tiebreak", f"unknown skill {sc.tiebreak!r}"))
    for name, spec in cat.attacks.items():
        for s in [name, *spec.defend]:
            if s.lower() not in skills:
                problems.append((f"catalog.attacks.{name}", f"unknown skill {s!r}"))
        if spec.track not in cat.stress:
            problems.append((f"catalog.attacks.{name}.track", f"no stress track {spec.track!r}"))
    for name, w in cat.weapons.items():
        if w.skill not in cat.attacks:
            problems.append(
                (
                    f"catalog.weapons.{name}.skill",
                    f"{w.skill!r} is not an attack skill ({', '.join(cat.attacks)})",
                )
            )
    zone_lower = {z.lower() for z in zone_names}
    for zi, z in enumerate(sc.zones):
        for ai, adj in enumerate(z.adjacent):
            if adj.lower() not in zone_lower:
                problems.append(
                    (
                        f"zones[{zi}].adjacent[{ai}]",
                        f"no zone named {adj!r}{_close('', zone_names)}",
                    )
                )
            elif adj.lower() == z.name.lower():
                problems.append((f"zones[{zi}].adjacent[{ai}]", "a zone cannot border itself"))
    aspect_names: list[tuple[str, str]] = [
        (f"aspects[{i}].name", a.name) for i, a in enumerate(sc.aspects)
    ]
    for zi, z in enumerate(sc.zones):
        aspect_names += [(f"zones[{zi}].aspects[{i}]", a) for i, a in enumerate(z.aspects)]
    for si, ci, c in all_chars:
        base = f"sides[{si}].characters[{ci}]"
        aspect_names += [(f"{base}.aspects[{i}].name", a.name) for i, a in enumerate(c.aspects)]
        for skill in c.skills:
            if skill.lower() not in skills:
                problems.append(
                    (f"{base}.skills.{skill}", f"unknown skill {skill!r}{_close('', cat.skills)}")
                )
        if c.zone is not None and c.zone.lower() not in zone_lower:
            problems.append((f"{base}.zone", f"no zone named {c.zone!r}{_close('', zone_names)}"))
        if c.zone is None and zone_names:
            problems.append((f"{base}.zone", f"is required: one of {', '.join(zone_names)}"))
        if c.weapon is not None and c.weapon.lower() not in {w.lower() for w in cat.weapons}:
            problems.append(
                (
                    f"{base}.weapon",
                    f"weapon {c.weapon!r} is not in the catalog ({', '.join(cat.weapons)})",
                )
            )
        if c.armor is not None and c.armor.lower() not in {a.lower() for a in cat.armor}:
            problems.append(
                (
                    f"{base}.armor",
                    f"armor {c.armor!r} is not in the catalog ({', '.join(cat.armor)})",
                )
            )
    seen_aspects: dict[str, str] = {}
    for path, name in aspect_names:
        if name.lower() in seen_aspects:
            problems.append(
                (path, f"duplicate aspect {name!r} (also at {seen_aspects[name.lower()]})")
            )
        else:
            seen_aspects[name.lower()] = path
    if problems:
        raise ScenarioError(problems)
    return sc
