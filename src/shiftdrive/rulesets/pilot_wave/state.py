"""The state of a Pilot Wave conflict: characters on hexes, aspects, the side order, the
exchange's Tactics pools, declared actions waiting on counters, and the roll in hand."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from shiftdrive.conflict.host import ACTIVE, Combatant, ConflictState
from shiftdrive.conflict.roll import Roll
from shiftdrive.core.aspects import AspectSet
from shiftdrive.core.consequences import ConsequenceSlots
from shiftdrive.core.fate_points import FatePoints
from shiftdrive.core.stress import StressTrack
from shiftdrive.rulesets.pilot_wave.catalog import SINGLE_FIRE

__all__ = ["Declared", "Fighter", "PilotWaveState", "Roll"]


@dataclass(slots=True)
class Fighter(Combatant):
    """One character. `skills` holds every skill's effective rating (P3: defaults and
    subjacent skills worked out at set-up) and the two attributes."""

    # (`field()` on the fields Combatant declares: in the compiled build its attribute would
    # otherwise pass for a default value)
    name: str = field()
    side: str = field()
    skills: dict[str, int]
    zone: str = field()  # the hex, "q,r" (the conflict library's word for where a fighter stands)
    fate_points: FatePoints = field()
    stress: dict[str, StressTrack] = field()
    consequences: ConsequenceSlots = field()
    physique: int = 0
    psyche: int = 0
    weapon: str = "hands"
    rounds: int = 0
    #: the mode the weapon is set to (`catalog.SINGLE_FIRE` or `AUTOMATIC_FIRE`)
    fire_mode: str = SINGLE_FIRE
    armor: int = 0
    armor_name: str | None = None
    power: str | None = None
    #: a vehicle's speed in kph (0: a person on foot)
    kph: int = 0
    surprised: bool = False
    #: surprise ends at the end of this exchange (attacked, or noticed the enemy: P8)
    alerted: bool = False
    status: str = ACTIVE
    full_defense: bool = False
    owed_points: int = 0
    #: hexes moved this exchange (P10's shift)
    moved: int = 0

    def skill(self, name: str) -> int:
        return self.skills.get(name, -2)

    @property
    def aware(self) -> bool:
        return self.status == ACTIVE and not self.surprised

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name, "side": self.side, "skills": dict(self.skills), "zone": self.zone,
            "fate_points": self.fate_points.to_json(),
            "stress": {k: t.to_json() for k, t in self.stress.items()},
            "consequences": self.consequences.to_json(), "physique": self.physique,
            "psyche": self.psyche, "weapon": self.weapon, "rounds": self.rounds,
            "fire_mode": self.fire_mode, "armor": self.armor, "armor_name": self.armor_name,
            "power": self.power,
            "kph": self.kph, "surprised": self.surprised, "alerted": self.alerted,
            "status": self.status, "owed_points": self.owed_points, "moved": self.moved,
        }  # fmt: skip


@dataclass(slots=True)
class Declared:
    """An action declared and waiting: on the other sides' counters, or on its turn to
    resolve after the counters it drew (seed "Counter"). `sides` have had their chance."""

    actor: str
    #: the action declared ("" while the character is still choosing)
    choice: str = ""
    sides: list[str] = field(default_factory=list)
    #: the side whose counter window is open now ("" when none is)
    asking: str = ""
    #: the action is being carried out: its end ends this entry
    resolving: bool = False
    #: "turn", or "follow": a later attack of automatic fire, its rounds already spent
    kind: str = "turn"
    #: the actor has moved in this turn, so only an attack may follow (seed "Action"): the
    #: turn's own, as a counter that wins opens the counterer's whole turn (seed "Counter")
    moved: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "actor": self.actor, "choice": self.choice, "sides": list(self.sides),
            "asking": self.asking, "resolving": self.resolving, "kind": self.kind,
            "moved": self.moved,
        }  # fmt: skip


@dataclass(slots=True)
class PilotWaveState(ConflictState):
    """Everything the rules need; derived from the log, never edited around it."""

    title: str
    # (`field()` on the fields ConflictState declares: in the compiled build its attribute would
    # otherwise pass for a default value)
    sides: list[str] = field()
    fighters: dict[str, Fighter] = field()  # type: ignore[assignment]  # (ConflictState: narrowed)
    aspects: AspectSet = field()
    scale: str
    exchange: int = 1
    #: side-order bids still to come (P6), by side; the opposed Tactics roll follows them
    bids: dict[str, int | None] = field(default_factory=dict)
    #: the side that won the Tactics roll and picks who acts first each exchange (P8)
    picker: str | None = None
    #: sides in acting order this exchange ([] until the picker has chosen)
    order: list[str] = field(default_factory=list)
    #: whose side's turn it is next (an index into `order`)
    turn: int = 0
    acted: list[str] = field(default_factory=list)
    #: the Tactics pool each side has left this exchange, and what its bid cost for good
    pools: dict[str, int] = field(default_factory=dict)
    spent_on_order: dict[str, int] = field(default_factory=dict)
    stack: list[Declared] = field(default_factory=list)
    #: hits still to absorb after the roll in hand, each [target, hit, by] (a blast's
    #: neighbours, P11; high G, P7)
    hits: list[list[Any]] = field(default_factory=list)
    #: the characters still to roll against high G this exchange, in turn (P7)
    high_g_left: list[str] = field(default_factory=list)
    #: the Notice rolls still to make, each [looker, the ambushing side or ""] (P8)
    notice_left: list[list[str]] = field(default_factory=list)
    #: the sides still to roll for side order, their scores so far, and the rolls (P8)
    order_left: list[str] = field(default_factory=list)
    order_scores: dict[str, int] = field(default_factory=dict)
    order_rolls: list[dict[str, Any]] = field(default_factory=list)
    #: the sides ranked by the side-order Tactics roll (P8), the winner first
    rank: list[str] = field(default_factory=list)
    roll: Roll | None = None
    turn_count: int = 0
    boosts_born: dict[str, int] = field(default_factory=dict)
    ended: str | None = None
    winner: str | None = None
    #: how it ended (an `Ending` value)
    how: str = ""
    gm_notes: str = ""
    max_exchanges: int = 20
    settings: dict[str, Any] = field(default_factory=dict)
    #: whose turn it is, remembered until the state changes (`order.turns`; the rules
    #: forget it in `apply` and after a GM override); not part of the state's JSON
    turns_memo: list[Any] | None = field(default=None, repr=False, compare=False)

    def side_of(self, name: str) -> str:
        return self.fighters[name].side

    @property
    def moved_now(self) -> bool:
        """Whether the character whose turn it is has moved in it (the top entry's `moved`)."""
        return bool(self.stack) and self.stack[-1].moved

    def active(self, side: str | None = None) -> list[Fighter]:
        """The fighters still in the fight (of `side`, when given)."""
        if side is None:
            return [f for f in self.fighters.values() if f.active]
        return [f for f in self.fighters.values() if f.side == side and f.active]

    def ready(self, side: str) -> list[Fighter]:
        """The side's Aware characters who have not acted this exchange nor declared an
        action still waiting (P8; the seed's "have not acted" for counters)."""
        busy = {d.actor for d in self.stack}
        return [
            f
            for f in self.fighters.values()
            if f.side == side and f.aware and f.name not in self.acted and f.name not in busy
        ]

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title, "sides": self.sides, "scale": self.scale,
            "fighters": {k: f.to_json() for k, f in self.fighters.items()},
            "aspects": self.aspects.to_json(), "exchange": self.exchange,
            "bids": dict(self.bids), "picker": self.picker, "order": list(self.order),
            "turn": self.turn, "acted": list(self.acted), "rank": list(self.rank),
            "moved_now": self.moved_now, "pools": dict(self.pools),
            "spent_on_order": dict(self.spent_on_order),
            "stack": [d.to_json() for d in self.stack], "hits": [list(h) for h in self.hits],
            "high_g_left": list(self.high_g_left),
            "notice_left": [list(n) for n in self.notice_left],
            "order_left": list(self.order_left), "order_scores": dict(self.order_scores),
            "roll": self.roll.to_json() if self.roll else None, "turn_count": self.turn_count,
            "boosts_born": dict(self.boosts_born), "ended": self.ended, "winner": self.winner,
            "how": self.how,
            "max_exchanges": self.max_exchanges,
        }  # fmt: skip
