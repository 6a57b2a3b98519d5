"""The scenario a duel starts from, validated at the edge (pydantic, errors with field paths)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, model_validator


class Reserve(BaseModel):
    """A hidden aspect with free invokes: the other side learns of it when it is invoked."""

    model_config = ConfigDict(extra="forbid")
    aspect: str = Field(min_length=1)
    invokes: int = Field(1, ge=1, le=3)


class CraftModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1)
    zone: str
    guns: int = Field(ge=0, le=5)
    pilot: int = Field(ge=0, le=5)
    hull: int = Field(3, ge=1, le=5)  # stress boxes, one shift each
    aspects: list[str] = []
    reserve: Reserve | None = None


class SideModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1)
    craft: CraftModel


class DuelScenario(BaseModel):
    model_config = ConfigDict(extra="forbid")
    ruleset: str
    title: str = "A duel"
    track: list[str] = Field(min_length=2)
    reach: int = Field(1, ge=0)
    rounds: int = Field(6, ge=1)
    sides: list[SideModel] = Field(min_length=2, max_length=2)

    @model_validator(mode="after")
    def _names(self) -> DuelScenario:
        crafts = [side.craft for side in self.sides]
        if len({side.name for side in self.sides} | {c.name for c in crafts}) != 4:
            raise ValueError("sides and craft need four different names")
        for craft in crafts:
            if craft.zone not in self.track:
                raise ValueError(f"{craft.name}'s zone {craft.zone!r} is not on the track")
        return self
