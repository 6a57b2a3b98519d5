"""What a duel is at one moment: the craft, whose turn it is, and a shot waiting on invokes."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from shiftdrive.core.aspects import AspectSet
from shiftdrive.core.consequences import ConsequenceSlots
from shiftdrive.core.stress import StressTrack


@dataclass(slots=True)
class Craft:
    name: str
    side: str
    zone: str
    guns: int
    pilot: int
    hull: StressTrack
    consequences: ConsequenceSlots
    taken_out: bool = False
    conceded: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name, "side": self.side, "zone": self.zone, "guns": self.guns,
            "pilot": self.pilot, "hull": self.hull.to_json(),
            "consequences": self.consequences.to_json(),
            "taken_out": self.taken_out, "conceded": self.conceded,
        }  # fmt: skip


@dataclass(slots=True)
class Shot:
    """A roll made, open to invokes: `shifts` so far; `used` aspects invoked on it; `closed`
    the seats that passed."""

    shooter: str
    target: str
    shifts: int
    used: list[str] = field(default_factory=list)
    closed: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "shooter": self.shooter, "target": self.target, "shifts": self.shifts,
            "used": list(self.used), "closed": list(self.closed),
        }  # fmt: skip


@dataclass(slots=True)
class DuelState:
    title: str
    track: list[str]
    reach: int
    rounds: int
    crafts: dict[str, Craft]  # by name, in the scenario's side order
    aspects: AspectSet
    active: int = 0  # index of the side whose helm turn it is
    round: int = 1
    shot: Shot | None = None

    def craft_of(self, side: str) -> Craft:
        return next(c for c in self.crafts.values() if c.side == side)

    def sides(self) -> list[str]:
        return [c.side for c in self.crafts.values()]

    def distance(self, a: str, b: str) -> int:
        return abs(self.track.index(a) - self.track.index(b))

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title, "track": list(self.track), "reach": self.reach,
            "rounds": self.rounds, "crafts": {n: c.to_json() for n, c in self.crafts.items()},
            "aspects": self.aspects.to_json(), "active": self.active, "round": self.round,
            "shot": self.shot.to_json() if self.shot else None,
        }  # fmt: skip
