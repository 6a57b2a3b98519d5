"""The state of a ship fight as plain data: ships with their crews, hull, consequences and
disabled systems; who has detected whom; the exchange's declared attacks and the missiles in
flight; whose turn it is (an `engine.turns.PhasedRound` over P12's phases)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from shiftdrive.core.aspects import AspectSet
from shiftdrive.core.consequences import ConsequenceSlots
from shiftdrive.core.fate_points import FatePoints
from shiftdrive.core.stress import StressTrack
from shiftdrive.engine.turns import PhasedRound
from shiftdrive.maps.hexgrid import Hex, HexMap
from shiftdrive.rulesets.pilot_wave.ships.tables import COMMAND_PENALTY, STATIONS

ACTIVE: Final = "active"
DESTROYED: Final = "destroyed"  # taken out by a hit (or a jump mishap)
ADRIFT: Final = "adrift"  # its crew taken out or killed (high G)
JUMPED: Final = "jumped"  # left the fight through a wormhole
DEPARTED: Final = "departed"  # drifted off the map
CONCEDED: Final = "conceded"  # its side conceded the fight (C10)
OK: Final = "ok"
OUT: Final = "out"
DEAD: Final = "dead"
#: a station nobody can man rolls at Terrible (P3's unlisted skill)
UNMANNED: Final = -2


@dataclass(slots=True)
class Crew:
    """One crew member: a station, skills (P3 defaults filled in), physical stress."""

    name: str
    station: str
    skills: dict[str, int]
    stress: StressTrack
    consequences: ConsequenceSlots
    status: str = OK

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name, "station": self.station, "skills": dict(self.skills),
            "stress": self.stress.to_json(), "consequences": self.consequences.to_json(),
            "status": self.status,
        }  # fmt: skip


@dataclass(slots=True)
class Ship:
    name: str
    side: str
    type: str
    hex: str
    drive: int
    armor: int
    weapons: list[str]
    crew: list[Crew]
    hull: StressTrack
    consequences: ConsequenceSlots
    jump_drive: bool
    #: the crew's fate points, spent on invokes after its rolls (C4, C7)
    fate_points: FatePoints = field(default_factory=lambda: FatePoints(0, 0))
    status: str = ACTIVE
    #: hexes moved last exchange (momentum) and this exchange (None: not yet)
    last_moved: int = 0
    moved: int | None = None
    #: signal: drive, weapons or active sensors used this exchange / the last one
    signal: bool = False
    signal_last: bool = False
    active_sensors: bool = False
    #: severity -> the system its consequence hit; those not yet repaired disable it
    damage: dict[str, str] = field(default_factory=dict)
    repaired: list[str] = field(default_factory=list)
    #: this exchange's countermeasure shifts (each +1 difficulty against it)
    countermeasures: int = 0
    high_g_seconds: int = 0
    #: a jump being calculated: parsecs, minutes left, and whether it will go
    jump: dict[str, Any] | None = None
    fired: bool = False

    @property
    def active(self) -> bool:
        return self.status == ACTIVE

    @property
    def at(self) -> Hex:
        return Hex.parse(self.hex)

    def disabled(self) -> list[str]:
        return sorted({s for sev, s in self.damage.items() if sev not in self.repaired})

    def works(self, system: str) -> bool:
        return system not in self.disabled()

    def command_shift(self) -> int:
        """P12: while command is disabled every crew roll aboard is at -1 (the one place it
        is worked out: stations and each crew member's own rolls ask it)."""
        return COMMAND_PENALTY if not self.works("command") else 0

    def crew_skill(self, member: Crew, skill: str) -> int:
        """What `member` rolls `skill` at aboard this ship (high G's Space Ops, P7): its
        rating with the command shift."""
        return member.skills[skill] + self.command_shift()

    def station_skill(self, station: str) -> int:
        """P12: the station's crew member rolls; if it is out, the best other crew member
        still up takes the station; command disabled: -1 (`command_shift`)."""
        skill = STATIONS[station]
        up = [c for c in self.crew if c.status == OK]
        own = [c for c in up if c.station == station]
        pool = own or up
        value = max((c.skills[skill] for c in pool), default=UNMANNED)
        return value + self.command_shift()

    def crew_at(self, station: str) -> str:
        """Who rolls for the station (its own member, else the best one up), for the log."""
        skill = STATIONS[station]
        up = [c for c in self.crew if c.status == OK]
        own = [c for c in up if c.station == station]
        pool = own or up
        if not pool:
            return "nobody"
        return max(pool, key=lambda c: c.skills[skill]).name

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name, "side": self.side, "type": self.type, "hex": self.hex,
            "drive": self.drive, "armor": self.armor, "weapons": list(self.weapons),
            "crew": [c.to_json() for c in self.crew], "hull": self.hull.to_json(),
            "consequences": self.consequences.to_json(), "jump_drive": self.jump_drive,
            "fate_points": self.fate_points.to_json(), "status": self.status,
            "last_moved": self.last_moved, "moved": self.moved,
            "signal": self.signal, "signal_last": self.signal_last,
            "active_sensors": self.active_sensors, "damage": dict(self.damage),
            "repaired": list(self.repaired), "countermeasures": self.countermeasures,
            "high_g_seconds": self.high_g_seconds, "jump": self.jump, "fired": self.fired,
        }  # fmt: skip


@dataclass(slots=True)
class Attack:
    """A declared attack (targeting phase) or a missile in flight (Extreme scale)."""

    attacker: str
    side: str
    target: str
    weapon: str
    system: str
    #: declared adjacent with missiles: hazardous (P12)
    hazardous: bool
    #: the exchange it strikes in (a travelling missile: the next one)
    strikes: int
    #: the exchange it was declared in
    declared: int = 0
    #: countermeasure shifts the target had in the launch exchange (a travelling missile)
    early_counter: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "attacker": self.attacker, "side": self.side, "target": self.target,
            "weapon": self.weapon, "system": self.system, "hazardous": self.hazardous,
            "strikes": self.strikes, "declared": self.declared,
            "early_counter": self.early_counter,
        }  # fmt: skip


@dataclass(slots=True)
class ShipState:
    title: str
    scale: str
    sides: list[str]
    ships: dict[str, Ship]
    aspects: AspectSet
    hexes: HexMap
    round: PhasedRound
    groups: dict[str, bool]
    diameters: float
    follow_up: str | None
    max_exchanges: int
    gm_notes: str = ""
    #: side-order: the sides in acting order, the roll's winner, and whether it has still to
    #: pick who acts first this exchange (P8)
    order: list[str] = field(default_factory=list)
    chooser: str = ""
    picker: str | None = None
    #: P6: each side's secret bid for side order (None: still to bid), the points bid (gone
    #: for the fight) and what is left of its Tactics pool this exchange
    bids: dict[str, int | None] = field(default_factory=dict)
    spent_on_order: dict[str, int] = field(default_factory=dict)
    pools: dict[str, int] = field(default_factory=dict)
    #: the side-order roll in progress (P8, P12, C4): each side's roll so far (its total with
    #: the invokes made on it, its dice, the aspects its side has paid to invoke on it) and the
    #: sides that have let their total stand since the totals last changed
    order_rolls: dict[str, dict[str, Any]] = field(default_factory=dict)
    order_stood: list[str] = field(default_factory=list)
    #: the side-order totals tied for the top: the sides roll again (`setup.side_order`), up
    #: to `setup.REROLLS` rolls in all
    order_tied: bool = False
    order_rerolls: int = 0
    #: side -> enemy ships it has detected (tracked for the rest of the fight)
    detected: dict[str, list[str]] = field(default_factory=dict)
    attacks: list[Attack] = field(default_factory=list)
    #: resolution's queue, and a hit waiting for its target's side to absorb it
    queue: list[Attack] = field(default_factory=list)
    absorb: dict[str, Any] | None = None
    #: an attack roll waiting for its side's invokes (C4): the attack, the dice, the bonus so
    #: far, the aspects invoked and those paid for with a fate point
    roll: dict[str, Any] | None = None
    #: pairs of ships that matched vectors this exchange
    matched: list[list[str]] = field(default_factory=list)
    ended: str | None = None
    winner: str | None = None
    ending: str = ""

    @property
    def exchange(self) -> int:
        return self.round.round

    @property
    def phase(self) -> str:
        return self.round.phase

    def active(self) -> list[Ship]:
        return [s for s in self.ships.values() if s.active]

    def sees(self, side: str, ship: Ship) -> bool:
        """A side sees its own ships and the enemies it has detected."""
        return ship.side == side or ship.name in self.detected.get(side, ())

    def seen_by(self, ship: Ship) -> frozenset[str]:
        """The seats (sides) that see `ship`."""
        return frozenset(s for s in self.sides if self.sees(s, ship))

    def is_matched(self, a: str, b: str) -> bool:
        return [a, b] in self.matched or [b, a] in self.matched

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title, "scale": self.scale, "sides": list(self.sides),
            "ships": {n: s.to_json() for n, s in self.ships.items()},
            "aspects": self.aspects.to_json(), "round": self.round.to_json(),
            "groups": dict(self.groups), "diameters": self.diameters,
            "follow_up": self.follow_up, "max_exchanges": self.max_exchanges,
            "order": list(self.order), "chooser": self.chooser, "picker": self.picker,
            "bids": dict(self.bids), "spent_on_order": dict(self.spent_on_order),
            "pools": dict(self.pools),
            "order_rolls": {k: dict(v) for k, v in self.order_rolls.items()},
            "order_stood": list(self.order_stood), "order_tied": self.order_tied,
            "order_rerolls": self.order_rerolls,
            "detected": {k: list(v) for k, v in self.detected.items()},
            "attacks": [a.to_json() for a in self.attacks],
            "queue": [a.to_json() for a in self.queue], "absorb": self.absorb,
            "roll": self.roll,
            "matched": [list(p) for p in self.matched], "ended": self.ended,
            "winner": self.winner, "ending": self.ending,
        }  # fmt: skip
