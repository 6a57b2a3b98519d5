"""Small Pilot Wave scenarios for the tests: two sides on an open map, exempt NPCs unless a
test gives full characters."""

from __future__ import annotations

from typing import Any

from shiftdrive.core.dice import ScriptedDice
from shiftdrive.engine.encounter import Encounter

ZERO = [0, 0, 0, 0]
PLUS = [1, 1, 1, 1]
MINUS = [-1, -1, -1, -1]


def npc(name: str, at: str, **kw: Any) -> dict[str, Any]:
    return {"name": name, "exempt": True, "at": at, **kw}


def scenario(a: list[dict[str, Any]], b: list[dict[str, Any]], **kw: Any) -> dict[str, Any]:
    return {
        "ruleset": "pilot_wave",
        "scale": "short",
        "map": {"width": 12, "height": 6},
        "sides": [{"name": "Crew", "characters": a}, {"name": "Raiders", "characters": b}],
        **kw,
    }


def start(data: dict[str, Any], dice: list[int]) -> Encounter:
    return Encounter.start(data, dice=ScriptedDice(dice))


def full_character(name: str = "Ada", **kw: Any) -> dict[str, Any]:
    """A character made by P3's rules."""
    c: dict[str, Any] = {
        "name": name,
        "aspects": {
            "archetype": f"{name} the Scout",
            "careers": [f"{name}'s Survey Corps"],
            "trouble": f"{name}'s Debts",
            "convictions": [f"{name} Keeps Promises", f"{name} Trusts No Corp"],
            "ties": [f"{name}'s Old Captain", f"{name}'s Rival"],
            "gear": f"{name}'s Scanner",
        },
        "stunts": ["One", "Two", "Three"],
        "physique": 2,
        "psyche": 1,
        "skills": {
            "Notice": "Great", "Stealth": 3, "Tactics": 3, "Gun Combat": 2, "Athletics": 2,
            "Academics": 2, "Survival": 1, "Zero-G": 1, "Close Combat": 1, "Medical": 1,
        },
        "at": "0,0",
    }  # fmt: skip
    c.update(kw)
    return c
