"""Scenario builders and a scripted-dice encounter for the diaspora tests."""

from __future__ import annotations

from typing import Any

from shiftdrive.core.dice import ScriptedDice
from shiftdrive.engine.encounter import Encounter
from shiftdrive.rulesets.diaspora.state import DiasporaState, Ship

PLUS: list[int] = [1, 1, 1, 1]
ZERO: list[int] = [0, 0, 0, 0]
MINUS: list[int] = [-1, -1, -1, -1]

STATION_SKILL = {
    "navigator": "navigation",
    "pilot": "pilot",
    "communications": "communications",
    "gunner": "gunnery",
    "engineer": "engineering",
    "computer": "computer",
}


def ship(
    name: str,
    skills: dict[str, int] | None = None,
    crew: list[dict[str, Any]] | None = None,
    stations: dict[str, str] | None = None,
    **fields: Any,
) -> dict[str, Any]:
    """A ship with one crew member per station (`<ship>-<station>`), each at skill 2 unless
    `skills` (by skill name) says otherwise; `crew` and `stations` replace them whole."""
    skills = skills or {}
    if crew is None:
        crew = [
            {"name": f"{name}-{station}", "skills": {skill: skills.get(skill, 2)}}
            for station, skill in STATION_SKILL.items()
        ]
        stations = {station: f"{name}-{station}" for station in STATION_SKILL}
    out: dict[str, Any] = {"name": name, "v_shift": 3, "beam": 2, "crew": crew}
    out["stations"] = stations or {}
    out.update(fields)
    return out


def scenario(*sides: list[dict[str, Any]], **fields: Any) -> dict[str, Any]:
    names = ["blue", "red", "green"]
    data: dict[str, Any] = {
        "ruleset": "diaspora",
        "sides": [{"name": names[i], "ships": ships} for i, ships in enumerate(sides)],
    }
    data.update(fields)
    return data


def duel(a: dict[str, Any] | None = None, b: dict[str, Any] | None = None) -> dict[str, Any]:
    return scenario([a or ship("A")], [b or ship("B")])


def start(data: dict[str, Any], *draws: list[int]) -> tuple[Encounter, ScriptedDice]:
    dice = ScriptedDice([v for d in draws for v in d])
    return Encounter.start(data, dice=dice), dice


def state(enc: Encounter) -> DiasporaState:
    st = enc.state
    assert isinstance(st, DiasporaState)
    return st


def the(enc: Encounter, name: str) -> Ship:
    return state(enc).ships[name]


def placed_duel(
    data: dict[str, Any] | None = None, a_band: int = 0, b_band: int = 2, opening: str = "position"
) -> tuple[Encounter, ScriptedDice]:
    """A wins detection (A rolls ++++, B ----), places both ships and chooses the opening."""
    enc, dice = start(data or duel(), PLUS, MINUS)
    enc.pass_window("compel")  # no compels before detection
    enc.pass_window("invoke")  # nor invokes on the rolls
    enc.submit("blue", f"place ship=A band={a_band}")
    enc.submit("blue", f"place ship=B band={b_band}")
    enc.submit("blue", f"opening phase={opening}")
    return enc, dice


#: Detection dice by scenario order for `opened`: 6, 2, -2 and 0 on Navigation 2, so the
#: first ship wins and no two ships tie.
DETECTION_DICE: list[list[int]] = [PLUS, ZERO, MINUS, [-1, -1, 0, 0]]
PHASE_ORDER = ("position", "electronic_warfare", "beam", "torpedo", "damage_control")


def opened(
    *sides: list[dict[str, Any]], bands: dict[str, int], phase: str = "position"
) -> tuple[Encounter, ScriptedDice]:
    """Place the ships of `sides` (up to four, any sides) at `bands` and open turn 1's
    `phase`: the first ship wins detection (`DETECTION_DICE`), every placer places the next
    unplaced ship in scenario order, and the winner opens with position (or, for a later
    phase, straight to electronic warfare; every ship holds in the phases before `phase`).
    Compel and invoke windows are passed; the phase's own first decision is pending."""
    data = scenario(*sides)
    names = [s["name"] for ships in sides for s in ships]
    enc, dice = start(data, *DETECTION_DICE[: len(names)])
    enc.pass_window("compel")
    enc.pass_window("invoke")
    for name in names:
        placer = next(d for d in enc.pending() if d.kind == "place")
        enc.submit(placer.seat, f"place ship={name} band={bands[name]}")
    winner = next(d for d in enc.pending() if d.kind == "opening")
    opening = "position" if phase == "position" else "electronic_warfare"
    enc.submit(winner.seat, f"opening phase={opening}")
    enc.pass_window("compel")
    while state(enc).phase != phase:
        assert PHASE_ORDER.index(state(enc).phase) < PHASE_ORDER.index(phase), "phase passed"
        enc.submit(enc.pending()[0].seat, "hold")
        enc.pass_window("compel")
    return enc, dice
