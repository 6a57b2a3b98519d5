"""The state of a Star Wars conflict: characters, zones, aspects, the popcorn order (S1), the
interrupt in hand, the help promised (S13) and the roll in hand."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from shiftdrive.conflict.host import ACTIVE, CONCEDED, TAKEN_OUT, Combatant, ConflictState
from shiftdrive.conflict.roll import Roll
from shiftdrive.core.aspects import AspectSet
from shiftdrive.core.consequences import ConsequenceSlots
from shiftdrive.core.fate_points import EarnReason, FatePoints
from shiftdrive.core.stress import StressTrack
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.ruleset import Turn
from shiftdrive.engine.turns import PopcornOrder

#: S6: a ship (and its crew) gone into hyperspace
ESCAPED = "escaped"

__all__ = [
    "ACTIVE", "CONCEDED", "ESCAPED", "TAKEN_OUT", "Character", "Duel", "Help", "Roll",
    "StarWarsState", "Tail", "made",
]  # fmt: skip


@lru_cache(maxsize=8192)
def made(action: str, label: str, **params: str) -> Choice:
    """`Choice.of(action, label, **params)`, made the first time it is asked for: a choice is
    a value, and the menus list the same few all battle long (one serves every battle)."""
    return Choice.of(action, label, (), **params)


@dataclass(slots=True, init=False)
class Character(Combatant):
    """One unit in the conflict: a character (or a nameless crew) or a vehicle (`size` >= 1).

    A vehicle never acts: its crew do (`vehicle`, `station`); a crew of grouped weapon
    stations works `stations` of them (S3). A vehicle's `skills` are its pilot's Pilot and
    Stealth, its `defense` its defense stunts; it spends its pilot's fate points.
    Unlisted skills are Mediocre (+0)."""

    # (`field()` on the fields Combatant declares: in the compiled build its attribute would
    # otherwise pass for a default value)
    name: str = field()
    side: str = field()
    skills: dict[str, int]
    zone: str = field()
    fate_points: FatePoints = field()
    stress: dict[str, StressTrack] = field()
    consequences: ConsequenceSlots = field()
    status: str = ACTIVE
    full_defense: bool = False
    owed_points: int = 0
    size: int = 0
    vehicle: str | None = None
    station: str = ""
    stations: int = 1
    defense: int = 0
    mode: str = ""
    #: S3: a vehicle whose sensors are passive (detection range halved)
    passive_sensors: bool = False
    #: mixed combat: a person's equipment able to damage vehicles; a vehicle's weapons able
    #: to hit people
    anti_vehicle: bool = False
    anti_personnel: bool = False
    #: `size` >= 1, read all battle long (a plain field: a unit's size never changes)
    is_vehicle: bool = field(init=False, repr=False)

    def __init__(
        self,
        name: str,
        side: str,
        skills: dict[str, int],
        zone: str,
        fate_points: FatePoints,
        stress: dict[str, StressTrack],
        consequences: ConsequenceSlots,
        status: str = ACTIVE,
        full_defense: bool = False,
        owed_points: int = 0,
        size: int = 0,
        vehicle: str | None = None,
        station: str = "",
        stations: int = 1,
        defense: int = 0,
        mode: str = "",
        passive_sensors: bool = False,
        anti_vehicle: bool = False,
        anti_personnel: bool = False,
    ) -> None:
        # Written out: the compiled build leaves a dataclass's generated __init__ interpreted,
        # and every battle makes each unit anew.
        self.name = name
        self.side = side
        self.skills = skills
        self.zone = zone
        self.fate_points = fate_points
        self.stress = stress
        self.consequences = consequences
        self.status = status
        self.full_defense = full_defense
        self.owed_points = owed_points
        self.size = size
        self.vehicle = vehicle
        self.station = station
        self.stations = stations
        self.defense = defense
        self.mode = mode
        self.passive_sensors = passive_sensors
        self.anti_vehicle = anti_vehicle
        self.anti_personnel = anti_personnel
        self.is_vehicle = size > 0

    def skill(self, name: str) -> int:
        return self.skills.get(name, 0)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name, "side": self.side, "skills": dict(self.skills), "zone": self.zone,
            "fate_points": self.fate_points.to_json(),
            "stress": {k: t.to_json() for k, t in self.stress.items()},
            "consequences": self.consequences.to_json(), "status": self.status,
            "owed_points": self.owed_points, "size": self.size, "vehicle": self.vehicle,
            "station": self.station, "stations": self.stations, "defense": self.defense,
            "mode": self.mode, "passive_sensors": self.passive_sensors,
            "anti_vehicle": self.anti_vehicle, "anti_personnel": self.anti_personnel,
        }  # fmt: skip


@dataclass(slots=True)
class Help:
    """S13: `helper` spent its action to give `ally` +1 on its next roll with `skill`."""

    helper: str
    ally: str
    skill: str

    def to_json(self) -> dict[str, Any]:
        return {"helper": self.helper, "ally": self.ally, "skill": self.skill}


@dataclass(slots=True)
class Tail:
    """S5: `pursuer` (a fighter) is on `tailed`'s six, the aspect `aspect`."""

    pursuer: str
    tailed: str
    aspect: str

    def to_json(self) -> dict[str, Any]:
        return {"pursuer": self.pursuer, "tailed": self.tailed, "aspect": self.aspect}


@dataclass(slots=True)
class Duel:
    """S2/S8: a formal 1:1 fight between `a` and `b`, with each one's victory points."""

    a: str
    b: str
    points: dict[str, int]

    def other(self, name: str) -> str:
        return self.b if name == self.a else self.a

    def to_json(self) -> dict[str, Any]:
        return {"a": self.a, "b": self.b, "points": dict(self.points)}


@dataclass(slots=True)
class StarWarsState(ConflictState):
    """Everything the rules need; derived from the log, never edited around it.

    The popcorn stages (S1): `picking` while the actor who just acted names the next;
    `asked` lists the seats already asked in the interrupt window before the current actor
    announces (`announced` once it has moved); `interrupter` while the displaced actor
    answers; `resume` the interrupted actors who act once their interrupter is done.
    """

    title: str
    # (`field()` on the fields ConflictState declares: in the compiled build its attribute would
    # otherwise pass for a default value)
    sides: list[str] = field()
    fighters: dict[str, Character] = field()  # type: ignore[assignment]  # (ConflictState: narrowed)
    zones: dict[str, list[str]]
    aspects: AspectSet = field()
    order: PopcornOrder
    interrupts: bool = True
    picking: bool = False
    announced: bool = False
    asked: list[str] = field(default_factory=list)
    interrupter: str | None = None
    resume: list[str] = field(default_factory=list)
    turn_count: int = 0
    moved: bool = False
    #: S3: the actor has switched its vehicle's sensors this turn
    switched: bool = False
    roll: Roll | None = None
    helps: list[Help] = field(default_factory=list)
    duels: list[Duel] = field(default_factory=list)
    tails: list[Tail] = field(default_factory=list)
    #: S9: the vehicle consequences repaired (ignored) for the rest of the scene
    repaired: list[str] = field(default_factory=list)
    #: S13: the round of each ship's failed jump roll (tried again on a later exchange only)
    jump_failed: dict[str, int] = field(default_factory=dict)
    #: S6: the sides whose last units jumped away (escaped: neither won nor beaten)
    escaped_sides: list[str] = field(default_factory=list)
    #: the duel round in hand once its dice are read: who won it and how many points
    duel_winner: str | None = None
    duel_gain: int = 0
    boosts_born: dict[str, int] = field(default_factory=dict)
    aspect_difficulty: dict[str, int] = field(default_factory=dict)
    ended: str | None = None
    winner: str | None = None
    gm_notes: str = ""
    max_rounds: int = 20
    settings: dict[str, Any] = field(default_factory=dict)
    #: each vehicle's crew by name, in sheet order (fixed at set-up: nobody changes ship)
    crews: dict[str, list[str]] = field(default_factory=dict)
    #: each side's units by name, in sheet order (fixed at set-up: nobody changes side), so
    #: a side's roll call reads its own units only
    units_by_side: dict[str, list[Character]] = field(default_factory=dict)
    #: `StarWars.turn`, remembered until the state changes (`turn_known`: the rules forget it
    #: in `apply` and after a GM override); never part of the snapshot
    turn_memo: Turn | None = field(default=None, repr=False, compare=False)
    turn_known: bool = field(default=False, repr=False, compare=False)
    #: `active` of each side (None: of all), kept until a status changes (`set_status`)
    active_memo: dict[str | None, list[Character]] = field(
        default_factory=dict, repr=False, compare=False
    )
    #: a status changed or a hull was hit since the last turn's end settled who is out (S10:
    #: vehicles and their crews, the popcorn order, the sides left: `popcorn.end_turn`); a
    #: new or restored state starts unsettled
    unsettled: bool = field(default=True, repr=False, compare=False)
    #: `payers` of each side, kept until a status changes or a fate point is earned
    purse_memo: dict[str, list[Character]] = field(default_factory=dict, repr=False, compare=False)
    #: every unit in sheet order (`fighters` as a list: the roll calls read them all)
    units: list[Character] = field(init=False, repr=False, compare=False)
    #: each vehicle with its crew (`crews` as units), read as every turn ends (S10) until the
    #: vehicle is out and its crew with it (a status never comes back: `popcorn` drops it)
    crewed: list[tuple[Character, list[Character]]] = field(init=False, repr=False, compare=False)
    #: each side's foes anyone may act on, in sheet order: the other sides' vehicles and people
    #: on foot (`vehicles.engaged`: nobody reaches a crew member inside its vehicle but through
    #: it)
    foes: dict[str, list[Character]] = field(init=False, repr=False, compare=False)
    # The memos below hold what never changes between the battles of one scenario; set-up
    # hands every battle of a scenario the same ones (`setup.Sheet`), a restored state its own.
    #: S1's "name the next" choice of each actor yet to act (a value of the name alone; the
    #: scenario's own names, so the order holds the same strings)
    next_memo: dict[str, Choice] = field(default_factory=dict, repr=False, compare=False)
    #: the last actor's "open round N" choice of each actor, by name and round
    opening_memo: dict[tuple[str, int], Choice] = field(
        default_factory=dict, repr=False, compare=False
    )
    #: `movement.reach` by what it reads of the unit (its zone, whether it is a vehicle, its
    #: mode) and the budget: the zones and their kinds never change
    reach_memo: dict[tuple[str, bool, str, int], dict[str, int]] = field(
        default_factory=dict, repr=False, compare=False
    )
    #: `query.threat` by character (skills never change)
    threat_memo: dict[str, int] = field(default_factory=dict, repr=False, compare=False)
    #: `query.strongest_first`: everyone who takes turns, the most threatening first
    ranked_memo: list[str] = field(default_factory=list, repr=False, compare=False)
    #: `vehicles.fire_bonuses` by (attacker, target): sizes, stations and stunts never change
    bonus_memo: dict[tuple[str, str], tuple[int, int]] = field(
        default_factory=dict, repr=False, compare=False
    )
    #: a shot's fixed terms at a vehicle by (shooter, target): whether the target defends
    #: passively, and the number the shot meets but for the defender's skill
    shot_memo: dict[tuple[str, str], tuple[bool, int]] = field(
        default_factory=dict, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        # Fixed at set-up like `crews` and `units_by_side`: no unit joins or leaves the
        # conflict's roll (a unit out of the fight keeps its place, with its status).
        fighters = self.fighters
        self.units = list(fighters.values())
        self.crewed = [(fighters[v], [fighters[n] for n in crew]) for v, crew in self.crews.items()]
        reachable = [f for f in self.units if f.is_vehicle or f.vehicle is None]
        self.foes = {s: [f for f in reachable if f.side != s] for s in self.sides}

    @property
    def round(self) -> int:
        return self.order.round

    def side_of(self, name: str) -> str:
        return self.fighters[name].side

    def active(self, side: str | None = None) -> list[Character]:
        """The units still in the fight (of `side`, or all), kept until a status changes
        (`set_status`): asked at every roll and turn. Read it, never change it."""
        found = self.active_memo.get(side)
        if found is None:
            units = self.units if side is None else self.units_by_side.get(side) or []
            found = self.active_memo[side] = [f for f in units if f.status == ACTIVE]
        return found

    def payers(self, side: str) -> list[Character]:
        """Who of `side` in the fight held a fate point when last asked: most units are
        nameless crews and vehicles flown by them, with none all battle long. Kept until a
        status changes or a point is earned (`earn`; a GM's adjustment: `forget_purses`); a
        point spent leaves its spender listed (each is still asked its purse). Read it, never
        change it."""
        found = self.purse_memo.get(side)
        if found is None:
            found = self.purse_memo[side] = [
                f for f in self.active(side) if f.fate_points.current >= 1
            ]
        return found

    def earn(self, fighter: Combatant, reason: EarnReason, n: int = 1) -> None:
        fighter.fate_points.earn(reason, n)
        self.purse_memo.clear()

    def forget_purses(self) -> None:
        """Fate points changed outside the fight's rules (a GM's override)."""
        self.purse_memo.clear()

    def set_status(self, fighter: Combatant, status: str) -> None:
        fighter.status = status
        self.unsettled = True
        self.active_memo.clear()  # (a status never changes back: seldom, a few times a battle)
        self.purse_memo.clear()

    def in_fight(self, side: str) -> bool:
        """Whether any of `side`'s units is still in the fight (read up to the first who is)."""
        for f in self.units_by_side.get(side) or ():  # (a loop: asked at every turn's end)
            if f.status == ACTIVE:
                break
        else:
            return False
        return True

    def help_lapses(self, ended: str | None) -> None:
        """S13: the help promised to `ended`, whose turn just ended, lapses unused, as does the
        help for anyone out of the fight (it has no next turn)."""
        fighters = self.fighters
        self.helps = [h for h in self.helps if h.ally != ended and fighters[h.ally].active]

    def duel_of(self, name: str) -> Duel | None:
        """The duel `name` fights, while both duellists are in the fight."""
        for d in self.duels:
            if name in (d.a, d.b) and self.fighters[d.a].active and self.fighters[d.b].active:
                return d
        return None

    def current(self) -> Character | None:
        if self.ended or self.order.current is None:
            return None
        return self.fighters[self.order.current]

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title, "sides": self.sides,
            "fighters": {k: f.to_json() for k, f in self.fighters.items()},
            "zones": self.zones, "aspects": self.aspects.to_json(),
            "order": self.order.to_json(), "interrupts": self.interrupts,
            "picking": self.picking, "announced": self.announced, "asked": list(self.asked),
            "interrupter": self.interrupter, "resume": list(self.resume),
            "turn_count": self.turn_count, "moved": self.moved, "switched": self.switched,
            "roll": self.roll.to_json() if self.roll else None,
            "helps": [h.to_json() for h in self.helps], "boosts_born": self.boosts_born,
            "duels": [d.to_json() for d in self.duels], "duel_winner": self.duel_winner,
            "duel_gain": self.duel_gain, "tails": [t.to_json() for t in self.tails],
            "repaired": list(self.repaired), "jump_failed": dict(self.jump_failed),
            "escaped_sides": list(self.escaped_sides),
            "aspect_difficulty": self.aspect_difficulty, "ended": self.ended,
            "winner": self.winner, "max_rounds": self.max_rounds,
        }  # fmt: skip
