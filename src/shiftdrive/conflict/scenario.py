"""Scenario pieces every ruleset on the conflict library reads alike, validated at the edge
with pydantic: an aspect, given as text or as a mapping with options."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from shiftdrive.engine.scenario import Flag, Number


class AspectSpec(BaseModel):
    """An aspect given as text, or as a mapping with options: hidden from the other sides
    until revealed, and the difficulty to overcome it (-4 to +12 on C1's ladder)."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=120)
    hidden: Flag = False
    difficulty: Number | None = Field(default=None, ge=-4, le=12)


def aspect_list(value: Any) -> Any:
    """A list of aspects as written: a bare name stands for `{"name": ...}` (a `before`
    validator of each model's `aspects`)."""
    if isinstance(value, list):
        return [{"name": v} if isinstance(v, str) else v for v in value]
    return value
