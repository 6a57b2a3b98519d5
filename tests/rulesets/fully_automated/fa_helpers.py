"""Shared helpers for the fully_automated tests (not a test module)."""

from __future__ import annotations

from typing import Any

from shiftdrive.core.dice import ScriptedDice
from shiftdrive.engine.encounter import Encounter


def char(name: str, at: str, **kw: Any) -> dict[str, Any]:
    return {"name": name, "at": at, **kw}


def scenario(
    a: list[dict[str, Any]],
    b: list[dict[str, Any]],
    *,
    radius: int = 8,
    terrain: dict[str, str] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    return {
        "ruleset": "fully_automated",
        "map": {"radius": radius, "terrain": terrain or {}},
        "sides": [{"name": "Red", "characters": a}, {"name": "Blue", "characters": b}],
        **extra,
    }


def start(data: dict[str, Any], *values: int) -> tuple[Encounter, ScriptedDice]:
    dice = ScriptedDice(values)
    return Encounter.start(data, dice=dice), dice


def play(enc: Encounter, **cards: str) -> None:
    """Everyone plays a card; 'name=card' or 'name=card+tackle'."""
    for seat, card in cards.items():
        extra = " tackle=true" if card.endswith("+tackle") else ""
        enc.submit(seat, f"play card={card.removesuffix('+tackle')}{extra}")


def hp(enc: Encounter, name: str) -> int:
    value = enc.state.fighters[name].hp
    assert isinstance(value, int)
    return value
