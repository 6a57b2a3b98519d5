"""The state of a tachyon engagement: units, ordnance, swarms, phase and the roll in hand."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from shiftdrive.core.aspects import AspectSet
from shiftdrive.core.consequences import ConsequenceSlots
from shiftdrive.core.dice import FudgeRoll
from shiftdrive.core.fate_points import FatePoints
from shiftdrive.core.records import field_names
from shiftdrive.core.stress import StressTrack

ACTIVE: Final = "active"
OUT: Final = "taken out"
DESTROYED: Final = "destroyed"
BUGGED_OUT: Final = "bugged out"
CONCEDED: Final = "conceded"

CRAFT: Final = "craft"
FLIGHT: Final = "flight"
LARGE: Final = "large"
TURRET: Final = "turret"

PHASES: Final = ("chatter", "piloting", "gunnery", "ew", "damage")
PHASE_NAMES: Final = {"chatter": "start of round chatter", "piloting": "piloting phase",
                      "gunnery": "gunnery phase", "ordnance": "ordnance resolution",
                      "ew": "electronic warfare phase",
                      "damage": "damage control phase"}  # fmt: skip


@dataclass(slots=True)
class Unit:
    """A participant: a small craft, a flight, a large target or one of its gun emplacements."""

    name: str
    side: str
    kind: str
    zone: str
    skills: dict[str, int]
    weapons: dict[str, int] = field(default_factory=dict)  # weapon -> range
    ordnance: dict[str, int] = field(default_factory=dict)
    #: a flight's ordnance load per craft (T1): a lost craft takes its share (`damage.lose_craft`)
    load: dict[str, int] = field(default_factory=dict)
    shields: StressTrack | None = None
    consequences: ConsequenceSlots | None = None
    size: int = 1
    pc: bool = False
    fate_points: FatePoints | None = None
    stress: StressTrack | None = None
    large_crew: bool = False
    status: str = ACTIVE
    initiative: int = 0
    #: the seed's tie rules on a changed initiative: -1 placed before the others at the same
    #: initiative (a Tactical refocus), +1 after them (pushed by Pressure), 0 by listing order
    tie_rank: int = 0
    evasion: int = 0
    detected: bool = True
    actions: int = 0
    damaged: bool = False
    bug_out_round: int | None = None
    harm: int = 0  # shifts of damage taken (small craft) or system boxes marked (large)
    #: consequences cleared by Repair systems in this fight: they were still "received in
    #: conflict" and pay on concession (seed "Conceding", C7)
    repaired: int = 0
    #: fate points other sides paid to invoke this PC's aspects against it: paid to it when
    #: the battle ends (C7; Fate Core: "at the end of the scene")
    owed_points: int = 0
    # The initiative roll's dice (T8: rolled once) and how many were minimized then: a gun's
    # initiative follows its ship's propulsion damage (T5/T6, `systems.gun_initiative`).
    init_faces: list[int] = field(default_factory=list)
    init_min: int = 0
    parent: str | None = None
    # large targets (T3, T5)
    shield_short: int = 0
    shield_long: int = 0
    pd_short: int = 0
    pd_long: int = 0
    systems: dict[str, StressTrack] = field(default_factory=dict)

    @property
    def active(self) -> bool:
        return self.status == ACTIVE

    @property
    def small(self) -> bool:
        return self.kind in (CRAFT, FLIGHT)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key in field_names(type(self)):
            value = getattr(self, key)
            if isinstance(value, StressTrack | ConsequenceSlots | FatePoints):
                value = value.to_json()
            elif key == "systems":
                value = {k: t.to_json() for k, t in value.items()}
            elif isinstance(value, dict):
                value = dict(value)
            out[key] = value
        return out


@dataclass(slots=True)
class Swarm:
    """T11: the horde in the backdrop, one aspect for its side."""

    name: str
    side: str
    aspect: str
    zone: str
    pilot: int
    active: bool = True

    def to_json(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in field_names(type(self))}


@dataclass(slots=True)
class Ordnance:
    """T12: launched ordnance flying to its target; the attack is rolled on arrival."""

    id: int
    kind: str
    speed: int
    owner: str
    side: str
    target: str
    zone: str
    attack: int  # technology at launch
    target_kind: str  # "small", "swarm" or "large"
    system: str | None = None
    long_range: bool = False
    backlash: int | None = None  # point-defense weapon rating if within range at launch
    enemy_bonus: int = 0  # T9 modifier of the launcher at launch
    size: int = 1  # the launcher's size at launch: a flight's bonus counts

    def to_json(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in field_names(type(self))}


@dataclass(slots=True, init=False)
class Roll:
    """A rolled action waiting for invokes (C4) before its outcome is applied.

    The dice parts are kept apart from the totals so that an invoke can reroll them; the
    opposition's side (`opp_side`) invokes second: to defend, or as an obstacle against a
    fixed difficulty.
    """

    action: str
    actor: str
    target: str | None
    params: dict[str, Any]
    total: int
    opp: int
    opp_unit: str | None
    stage: str = "actor"
    paid: list[str] = field(default_factory=list)
    fixed: bool = False  # opposition is a fixed difficulty
    actor_side: str = ""
    opp_side: str | None = None
    a_skill: str = ""
    a_dice: int = 0
    a_min: int = 0
    o_dice: int | None = None  # None: no opposing dice to reroll
    o_min: int = 0
    hide_opp: bool = False  # a scan: the scanner must not learn what it rolls against
    ties: bool = True  # a tie against the fixed difficulty may succeed (not an advantage, C5)

    def __init__(
        self,
        action: str,
        actor: str,
        target: str | None,
        params: dict[str, Any],
        total: int,
        opp: int,
        opp_unit: str | None,
        stage: str = "actor",
        paid: list[str] | None = None,
        fixed: bool = False,
        actor_side: str = "",
        opp_side: str | None = None,
        a_skill: str = "",
        a_dice: int = 0,
        a_min: int = 0,
        o_dice: int | None = None,
        o_min: int = 0,
        hide_opp: bool = False,
        ties: bool = True,
    ) -> None:
        # Written out, not generated: the compiled build (mypyc) leaves a dataclass's own
        # __init__ interpreted, and a battle makes a roll for every action.
        self.action = action
        self.actor = actor
        self.target = target
        self.params = params
        self.total = total
        self.opp = opp
        self.opp_unit = opp_unit
        self.stage = stage
        self.paid = [] if paid is None else paid
        self.fixed = fixed
        self.actor_side = actor_side
        self.opp_side = opp_side
        self.a_skill = a_skill
        self.a_dice = a_dice
        self.a_min = a_min
        self.o_dice = o_dice
        self.o_min = o_min
        self.hide_opp = hide_opp
        self.ties = ties

    def to_json(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in field_names(type(self))}


def dice_data(r: FudgeRoll) -> list[Any]:
    """A roll's dice as event data: the faces, and how many dice were fixed - and +."""
    return [list(r.faces), r.minimized, r.maximized]


NOT_IN_JSON: Final = frozenset({"zmap", "status_changes", "fight_on_at", "turn_memo", "turn_known"})


@dataclass(slots=True)
class TachyonState:
    title: str
    sides: list[str]
    goals: dict[str, str]
    destroy: dict[str, list[str]]
    units: dict[str, Unit]
    swarms: dict[str, Swarm]
    aspects: AspectSet
    zones: list[str]
    end_zones: list[str]
    options: dict[str, Any]
    max_rounds: int = 12
    time_limit_winner: str | None = None
    round: int = 1
    phase: str = "chatter"
    current: str | None = None
    acted: list[str] = field(default_factory=list)
    chatter_queue: list[str] = field(default_factory=list)
    waiters: dict[str, str] = field(default_factory=dict)
    waited: list[str] = field(default_factory=list)
    tie_grace: list[str] = field(default_factory=list)
    current_init: int | None = None
    round_aspects: list[str] = field(default_factory=list)
    # T7: aspects an Undetected craft made on the scene, by name -> the craft; seen by its
    # side only until the craft is detected (`sight.aspect_visible`)
    secret_aspects: dict[str, str] = field(default_factory=dict)
    ordnance: list[Ordnance] = field(default_factory=list)
    next_ordnance: int = 1
    roll: Roll | None = None
    absorb: dict[str, Any] | None = None  # a hit a small craft must absorb (T2), by choice
    chatter: list[dict[str, Any]] = field(default_factory=list)
    ended: str | None = None
    ending: str = "taken out"
    winner: str | None = None
    zmap: Any = None  # ZoneMap, rebuilt from the scenario; not part of the JSON state
    # Bookkeeping, not part of the JSON state either: the end check (asked after every step)
    # depends only on who is still in the fight, so it is skipped while no unit's status
    # changed since it last found the fight going on. `status_changes` counts every change
    # (`Tachyon._take_out` is the only place a status is set).
    status_changes: int = 0
    fight_on_at: int = -1  # `status_changes` when the end check last found the fight going on
    # Whose turn it is, once worked out (`flow.turn`), until the state next changes: asked by
    # the bot loop, the bot and the rules at every decision. Every change goes through
    # `Tachyon.apply` or a GM override (`Tachyon.overridden`), which forget it.
    turn_memo: Any = None
    turn_known: bool = False

    def side_units(self, side: str) -> list[Unit]:
        return [u for u in self.units.values() if u.side == side]

    def enemy_of(self, side: str) -> str:
        return self.sides[1] if side == self.sides[0] else self.sides[0]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key in field_names(type(self)):
            if key in NOT_IN_JSON:
                continue
            value = getattr(self, key)
            if key == "units":
                value = {k: u.to_json() for k, u in value.items()}
            elif key == "swarms":
                value = {k: s.to_json() for k, s in value.items()}
            elif key == "aspects":
                value = value.to_json()
            elif key == "ordnance":
                value = [o.to_json() for o in value]
            elif key == "roll":
                value = value.to_json() if value else None
            out[key] = value
        return out
