"""The state of a Fate Core conflict: fighters, zones, aspects, turn order and the roll in hand."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from shiftdrive.conflict.host import ACTIVE, CONCEDED, TAKEN_OUT, Combatant, ConflictState
from shiftdrive.conflict.roll import Roll
from shiftdrive.core.aspects import AspectSet
from shiftdrive.core.consequences import ConsequenceSlots
from shiftdrive.core.fate_points import FatePoints
from shiftdrive.core.stress import StressTrack

__all__ = ["ACTIVE", "CONCEDED", "TAKEN_OUT", "Compel", "FateCoreState", "Fighter", "Roll"]


@dataclass(slots=True)
class Fighter(Combatant):
    """One character in the conflict. Unlisted skills are Mediocre (+0)."""

    # (`field()` on the fields Combatant declares: in the compiled build its attribute would
    # otherwise pass for a default value)
    name: str = field()
    side: str = field()
    skills: dict[str, int]
    zone: str = field()
    fate_points: FatePoints = field()
    stress: dict[str, StressTrack] = field()
    consequences: ConsequenceSlots = field()
    weapon: str | None = None
    weapon_rating: int = 0
    weapon_skill: str | None = None
    armor_rating: int = 0
    status: str = ACTIVE
    full_defense: bool = False
    owed_points: int = 0

    def skill(self, name: str) -> int:
        return self.skills.get(name, 0)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name, "side": self.side, "skills": dict(self.skills), "zone": self.zone,
            "fate_points": self.fate_points.to_json(),
            "stress": {k: t.to_json() for k, t in self.stress.items()},
            "consequences": self.consequences.to_json(), "weapon": self.weapon,
            "weapon_rating": self.weapon_rating, "weapon_skill": self.weapon_skill,
            "armor_rating": self.armor_rating, "status": self.status,
            "full_defense": self.full_defense, "owed_points": self.owed_points,
        }  # fmt: skip


@dataclass(slots=True)
class Compel:
    """A compel the GM has offered, waiting for the character's answer."""

    character: str
    aspect: str

    def to_json(self) -> dict[str, Any]:
        return {"character": self.character, "aspect": self.aspect}


@dataclass(slots=True)
class FateCoreState(ConflictState):
    """Everything the rules need; derived from the log, never edited around it."""

    title: str
    # (`field()` on the fields ConflictState declares: in the compiled build its attribute would
    # otherwise pass for a default value)
    sides: list[str] = field()
    fighters: dict[str, Fighter] = field()  # type: ignore[assignment]  # (ConflictState: narrowed)
    zones: dict[str, list[str]]
    aspects: AspectSet = field()
    order: list[str]
    exchange: int = 1
    turn: int = 0
    turn_count: int = 0
    moved: bool = False
    roll: Roll | None = None
    compels: list[Compel] = field(default_factory=list)
    boosts_born: dict[str, int] = field(default_factory=dict)
    aspect_difficulty: dict[str, int] = field(default_factory=dict)
    ended: str | None = None
    winner: str | None = None
    gm_notes: str = ""
    max_exchanges: int = 20
    settings: dict[str, Any] = field(default_factory=dict)

    def side_of(self, name: str) -> str:
        return self.fighters[name].side

    def active(self, side: str | None = None) -> list[Fighter]:
        return [f for f in self.fighters.values() if f.active and (side is None or f.side == side)]

    def current(self) -> Fighter | None:
        if self.ended or not self.order:
            return None
        return self.fighters[self.order[self.turn % len(self.order)]]

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title, "sides": self.sides,
            "fighters": {k: f.to_json() for k, f in self.fighters.items()},
            "zones": self.zones, "aspects": self.aspects.to_json(), "order": self.order,
            "exchange": self.exchange, "turn": self.turn, "turn_count": self.turn_count,
            "moved": self.moved, "roll": self.roll.to_json() if self.roll else None,
            "compels": [c.to_json() for c in self.compels], "boosts_born": self.boosts_born,
            "aspect_difficulty": self.aspect_difficulty, "ended": self.ended,
            "winner": self.winner, "max_exchanges": self.max_exchanges,
        }  # fmt: skip
