"""The scenario of a Pilot Wave ship fight, validated at the edge: the scale and the map, the
sides and their ships (drive, armor, hull, weapons, crew at stations), where each starts and
how fast it already moves, who runs dark, and what follows a boarding."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from shiftdrive.core.ladder import parse_rating
from shiftdrive.engine.scenario import (
    MAX_SIDES,
    Flag,
    Number,
    ScenarioError,
    refuse_crowds,
    validate_model,
)
from shiftdrive.maps.errors import MapError
from shiftdrive.maps.hexgrid import Hex, HexMap
from shiftdrive.rulesets.pilot_wave.characters import NOT_A_RATING, SKILL_NAMES, Text
from shiftdrive.rulesets.pilot_wave.ships.tables import HULL_BOXES, STATIONS, WEAPONS

#: a ship file's skill: a ladder word or a number
Rating = int | str


class CrewSpec(BaseModel):
    """One crew member at a station: a name and the skills that matter aboard."""

    model_config = ConfigDict(extra="forbid")
    name: Text
    skills: dict[str, Rating] = {}
    physique: Number = Field(default=0, ge=-4, le=8)

    @field_validator("skills", mode="before")
    @classmethod
    def _no_flags(cls, value: Any) -> Any:
        """A rating is a number or a ladder word: a YAML true / false is refused (a bool would
        otherwise pass for the number 1 or 0)."""
        if isinstance(value, dict):
            for k, v in value.items():
                if isinstance(v, bool):
                    raise ValueError(f"{k}: {NOT_A_RATING}")
        return value

    def rated(self) -> dict[str, int]:
        """The listed skills by their canonical names (any case, as `check` accepts them;
        unknown names are left out: `load` refuses them)."""
        return {
            SKILL_NAMES[k.lower()]: parse_rating(str(v))
            for k, v in self.skills.items()
            if k.lower() in SKILL_NAMES
        }


class ShipSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Text
    #: the ship type: ships of one type act as a group when their side says so
    type: Text = "ship"
    #: maneuver drive rating M (sustained G): speed changes by up to M hexes an exchange
    drive: Number = Field(ge=0, le=20)
    armor: Number = Field(default=0, ge=0, le=12)
    hull: Number = Field(default=HULL_BOXES, ge=1, le=10)
    consequences: list[Literal["mild", "moderate", "severe"]] = ["mild", "moderate", "severe"]
    weapons: list[str] = Field(default=[], max_length=8)
    at: str
    #: hexes it moved in the exchange before the fight (its momentum)
    speed: Number = Field(default=0, ge=0, le=200)
    #: starts drifting: no signal from the exchange before the fight
    dark: Flag = False
    #: a WHIP / jump drive: the ship may calculate a jump in the fight
    jump_drive: Flag = True
    #: the crew's fate points for invokes (C4, C7; default: Pilot Wave's refresh of 3)
    fate_points: Number = Field(default=3, ge=0, le=50)
    crew: dict[str, CrewSpec] = Field(min_length=1)


class SideSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Text
    #: ships of one type act as one group: one decision per phase for all of them (P12)
    groups: Flag = False
    ships: list[ShipSpec] = Field(min_length=1)


class ShipScenario(BaseModel):
    """A Pilot Wave ship fight at one ship scale."""

    model_config = ConfigDict(extra="forbid")
    ruleset: str
    title: Text = "A Pilot Wave ship fight"
    description: str = ""
    scale: Literal["far", "orbital", "extreme"]
    map: dict[str, Any]
    aspects: list[Text] = []
    sides: list[SideSpec] = Field(min_length=2, max_length=MAX_SIDES)
    #: how far out the fight is, in diameters of the nearest body (astrogation, P2)
    diameters: float = Field(default=150.0, gt=0, le=1e9, strict=True)
    #: the personal-scale scenario a boarding leads to (a file or a title)
    follow_up: Text | None = None
    max_exchanges: Number = Field(default=20, ge=1, le=1000)
    gm_notes: str = ""


def load(data: Mapping[str, Any]) -> ShipScenario:
    """Validate the shape, then the map, names, weapons, skills and starting hexes."""
    sc = validate_model(ShipScenario, data)
    refuse_crowds(sum(len(s.ships) for s in sc.sides), "ships")
    problems: list[tuple[str, str]] = []
    hmap: HexMap | None = None
    try:
        hmap = HexMap.from_dict(sc.map)
    except MapError as exc:
        problems.append(("map", str(exc)))
    names: set[str] = set()
    for si, side in enumerate(sc.sides):
        if side.name.lower() in names:
            problems.append((f"sides[{si}].name", f"{side.name!r} is already a name in play"))
        names.add(side.name.lower())
    taken: dict[Hex, str] = {}
    for si, side in enumerate(sc.sides):
        for pi, ship in enumerate(side.ships):
            base = f"sides[{si}].ships[{pi}]"
            for path, name in [("name", ship.name)] + [
                (f"crew.{k}.name", c.name) for k, c in ship.crew.items()
            ]:
                if name.lower() in names:
                    problems.append((f"{base}.{path}", f"{name!r} is already a name in play"))
                names.add(name.lower())
            for wi, w in enumerate(ship.weapons):
                if w.lower() not in WEAPONS:
                    known = ", ".join(WEAPONS)
                    problems.append((f"{base}.weapons[{wi}]", f"no ship weapon {w!r} ({known})"))
            if len({w.lower() for w in ship.weapons}) < len(ship.weapons):
                problems.append((f"{base}.weapons", "each weapon is listed once"))
            if len(set(ship.consequences)) < len(ship.consequences):
                problems.append((f"{base}.consequences", "each severity is listed once"))
            for station, c in ship.crew.items():
                if station not in STATIONS:
                    known = ", ".join(STATIONS)
                    problems.append((f"{base}.crew.{station}", f"no station {station!r} ({known})"))
                seen: set[str] = set()
                for skill, value in c.skills.items():
                    where = f"{base}.crew.{station}.skills.{skill}"
                    if skill.lower() not in SKILL_NAMES:
                        problems.append((where, f"{skill!r} is not a Pilot Wave skill"))
                    elif skill.lower() in seen:
                        problems.append((where, f"{c.name}: {skill!r} is listed twice"))
                    seen.add(skill.lower())
                    try:
                        rating = parse_rating(str(value))
                    except ValueError as exc:
                        problems.append((where, str(exc)))
                        continue
                    if not -4 <= rating <= 8:
                        problems.append((where, f"{rating} is off the ladder (-4..+8)"))
            try:
                h = Hex.parse(ship.at)
            except ValueError as exc:
                problems.append((f"{base}.at", f"{ship.name}: {exc}"))
                continue
            if hmap is not None and h not in hmap:
                problems.append((f"{base}.at", f"{ship.name}: hex {h} is off the map"))
            elif h in taken:
                problems.append((f"{base}.at", f"{ship.name}: hex {h} is taken by {taken[h]}"))
            else:
                taken[h] = ship.name
    if problems:
        raise ScenarioError(problems)
    return sc


def is_ship_fight(data: Mapping[str, Any]) -> bool:
    """A scenario at a ship scale, or whose sides bring ships, is a ship fight."""
    if data.get("scale") in ("far", "orbital", "extreme"):
        return True
    sides = data.get("sides")
    return isinstance(sides, list) and any(isinstance(s, dict) and "ships" in s for s in sides)
