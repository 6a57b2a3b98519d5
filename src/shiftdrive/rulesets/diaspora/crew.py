"""Crew at stations: who staffs what, effective skill and amplified skill (D2), and the rule
that each person staffs one station per phase.

Every roll a crew member makes goes through `effective` (their skill, -1 for each earlier phase
of this turn in which they acted) and, for ship ratings, `amplified` (the rating, +1 when the
effective skill is higher). The detection roll counts as an earlier phase of turn 1 (D9)."""

from __future__ import annotations

from typing import Final

from shiftdrive.rulesets.diaspora.state import DiasporaState, Ship

#: The skill each station uses (seed "The Sequence").
SKILL_OF: Final[dict[str, str]] = {
    "navigator": "navigation",
    "pilot": "pilot",
    "communications": "communications",
    "gunner": "gunnery",
    "point_defense": "gunnery",
    "engineer": "engineering",
    "computer": "computer",
}


def staff(ship: Ship, station: str) -> str | None:
    """The crew member at `station`; the beams against torpedoes default to the gunner."""
    person = ship.stations.get(station)
    if person is None and station == "point_defense":
        person = ship.stations.get("gunner")
    return person


def earlier_phases(state: DiasporaState, ship: Ship, person: str) -> int:
    """Phases of this turn, before the current one, in which `person` acted (D2)."""
    acted = state.acted.get((ship.name, person), {})
    return len(acted) - (state.phase in acted)  # each phase once: all but the current one


def effective(state: DiasporaState, ship: Ship, station: str) -> int | None:
    """The effective skill of whoever staffs `station` now, or None when nobody does (D2)."""
    person = staff(ship, station)
    if person is None:
        return None
    skill = ship.crew[person].skills.get(SKILL_OF[station], 0)
    return skill - earlier_phases(state, ship, person)


def amplified(rating: int, skill: int | None) -> int:
    """D2: the ship's rating, +1 if the crew member's effective skill is higher."""
    return rating + 1 if skill is not None and skill > rating else rating


def busy(state: DiasporaState, ship: Ship, station: str) -> str | None:
    """Why the person at `station` cannot staff it in this phase (they staff another one:
    one station per person per phase, D2), or None when they can (or nobody is there)."""
    person = staff(ship, station)
    if person is None:
        return None
    other = state.acted.get((ship.name, person), {}).get(state.phase)
    if other is not None and other != station:
        return f"{person} already staffs {other.replace('_', ' ')} in this phase"
    return None


def act(state: DiasporaState, ship: Ship, station: str) -> None:
    """Record that the person at `station` acts in the current phase (D2)."""
    person = staff(ship, station)
    if person is not None:
        state.acted.setdefault((ship.name, person), {})[state.phase] = station


def has_stunt(ship: Ship, station: str, stunt: str) -> bool:
    """A crew stunt of whoever staffs `station` (D11: Military-grade Communications)."""
    person = staff(ship, station)
    return person is not None and stunt in ship.crew[person].stunts
