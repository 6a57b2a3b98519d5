"""The diaspora scenario file, validated at the edge with pydantic: sides, ships (ratings,
tracks D8, stunts D11, aspects), crew with skills, and which crew member staffs which station.
Errors name the field path (`sides[0].ships[1].stations.pilot: ...`). A number is a number:
every whole-number field is `engine.scenario.Number` (`true` or "2" is refused, not read as 1
or 2), field by field, so that lists in YAML still load where the model holds a sequence."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

from shiftdrive.engine.scenario import Number, ScenarioError, validate_model

#: A crew member's skills, by the station that uses each (seed "The Sequence").
SKILLS = ("navigation", "pilot", "communications", "gunnery", "engineering", "computer")
#: The stations a ship may staff; `point_defense` is the beam crew of the torpedo phase (who
#: mans the beams against torpedoes: the gunner unless another is named, seed "Torpedoes").
STATIONS = (
    "navigator",
    "pilot",
    "communications",
    "gunner",
    "point_defense",
    "engineer",
    "computer",
)
#: D11: the crew stunt EW attacks need, and the ship stunts the phases read.
CREW_STUNTS = ("military_grade_communications",)
SHIP_STUNTS = ("firewall", "vector_randomizer", "point_defense")


def _named(name: str) -> str:
    """A side, ship or crew member is named at the table (`fire target=X`, the log): a name
    of nothing but spaces names nobody, and spaces around a name make two names look one."""
    if not name.strip():
        raise ValueError("a name needs more than spaces")
    if name != name.strip():
        raise ValueError(f"{name!r} has spaces around it")
    return name


#: A name: at least one character, not blank, no spaces around it.
Name = Annotated[str, Field(min_length=1), AfterValidator(_named)]


class _Model(BaseModel):
    """Read-only once validated: one scenario starts many simulated battles."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class CrewModel(_Model):
    name: Name
    skills: dict[str, Number] = {}
    stunts: list[str] = []

    @model_validator(mode="after")
    def _known(self) -> CrewModel:
        for skill, value in self.skills.items():
            if skill not in SKILLS:
                raise ValueError(f"unknown skill {skill!r} (skills: {', '.join(SKILLS)})")
            if not -4 <= value <= 8:
                raise ValueError(f"skill {skill} must be -4..8, got {value}")
        for stunt in self.stunts:
            if stunt not in CREW_STUNTS:
                raise ValueError(f"unknown crew stunt {stunt!r} (known: {', '.join(CREW_STUNTS)})")
        return self


class ShipModel(_Model):
    name: Name
    v_shift: Number = Field(ge=0, le=8)
    beam: Number = Field(0, ge=0, le=8)
    torpedo: Number = Field(0, ge=0, le=8)
    ew: Number = Field(0, ge=0, le=8)
    frame: Number = Field(5, ge=1, le=10)  # D8: track lengths, 5 boxes by default
    data: Number = Field(5, ge=1, le=10)
    heat: Number = Field(5, ge=1, le=10)
    stunts: list[str] = []
    aspects: list[str] = []
    fate_points: Number = Field(0, ge=0, le=20)
    crew: list[CrewModel] = Field(min_length=1)
    stations: dict[str, str] = {}

    @model_validator(mode="after")
    def _stations(self) -> ShipModel:
        names = [c.name for c in self.crew]
        if len(set(names)) != len(names):
            raise ValueError(f"{self.name}'s crew names must differ")
        for stunt in self.stunts:
            if stunt not in SHIP_STUNTS:
                raise ValueError(f"unknown ship stunt {stunt!r} (known: {', '.join(SHIP_STUNTS)})")
        for station, person in self.stations.items():
            if station not in STATIONS:
                raise ValueError(f"unknown station {station!r} (stations: {', '.join(STATIONS)})")
            if person not in names:
                raise ValueError(f"station {station}: {person!r} is not in {self.name}'s crew")
        return self


class SideModel(_Model):
    name: Name
    ships: list[ShipModel] = Field(min_length=1)


class DiasporaScenario(_Model):
    ruleset: str
    title: str = "Ship combat"
    # a chosen default: the fight is called a draw after this many turns
    turns: Number = Field(12, ge=1, le=100)
    sides: list[SideModel] = Field(min_length=2)

    @model_validator(mode="after")
    def _names(self) -> DiasporaScenario:
        sides = [s.name for s in self.sides]
        if len(set(sides)) != len(sides):
            raise ValueError("side names must differ")
        ships = [ship.name for side in self.sides for ship in side.ships]
        if len(set(ships)) != len(ships):
            raise ValueError("ship names must differ")
        if set(ships) & set(sides):
            raise ValueError("a ship may not share its name with a side")
        return self


def load(data: Mapping[str, Any]) -> DiasporaScenario:
    """Validate scenario data; errors name the field path and the reason."""
    scenario = validate_model(DiasporaScenario, data)
    if scenario.ruleset != "diaspora":
        raise ScenarioError([("ruleset", f"expected 'diaspora', got {scenario.ruleset!r}")])
    problems: list[tuple[str, str]] = []
    seen: dict[str, str] = {}
    for si, side in enumerate(scenario.sides):
        for mi, ship in enumerate(side.ships):
            for ai, name in enumerate(ship.aspects):
                path = f"sides[{si}].ships[{mi}].aspects[{ai}]"
                key = name.strip().lower()  # each aspect is in play once, by name
                if not key:
                    problems.append((path, "an aspect needs a name"))
                elif key in seen:
                    problems.append((path, f"duplicate aspect {name!r} (also at {seen[key]})"))
                seen.setdefault(key, path)
    if problems:
        raise ScenarioError(problems)
    return scenario
