"""The state of a Fully Automated! fight: plain slotted classes (dataclasses, but for `Fighter`,
which keeps its F8 status beside HP and restraint), JSON out via `to_json`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from shiftdrive.core.aspects import AspectSet
from shiftdrive.core.records import field_names
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.turns import SecretChoices
from shiftdrive.maps.hexgrid import Hex

ACTIVE: Final = "active"
INCAPACITATED: Final = "incapacitated"
DYING: Final = "dying"
DEAD: Final = "dead"


def _status(hp: int, restrained: bool) -> str:
    """F8: <= 0 incapacitated; < -10 dying; <= -20 dead. Restrained counts as incapacitated."""
    if hp <= -20:
        return DEAD
    if hp < -10:
        return DYING
    if hp <= 0 or restrained:
        return INCAPACITATED
    return ACTIVE


class Fighter:
    """One character. `stun` counts stunned rounds still owed (F8: stuns stack as rounds).

    `status` (F8) is asked several hundred thousand times a simulated run, far more often than
    HP or restraint change, so it is a plain attribute worked out again whenever `hp` or
    `restrained` is set (both are properties for that)."""

    # The fields, in the order of the JSON (and of the constructor).
    FIELDS = (
        "name", "side", "hp", "max_hp", "speed", "move", "armor", "armor_name",
        "proficiencies", "weapons", "restraints", "cards", "pos", "initiative", "rolloff",
        "stun", "stunned_now", "restrained", "aim", "moved_last_round", "moved_this_round",
        "damaged", "stepped", "hp_lost", "stabilised",
    )  # fmt: skip
    # The same, with `hp` and `restrained` kept behind their properties, and `status` beside.
    __slots__ = (
        *(k for k in FIELDS if k not in ("hp", "restrained")),
        "_hp",
        "_restrained",
        "status",
    )

    def __init__(
        self,
        name: str,
        side: str,
        hp: int,
        max_hp: int,
        speed: int,
        move: int,
        armor: int,
        armor_name: str,
        proficiencies: list[str],
        weapons: list[str],
        restraints: bool,
        cards: list[str],
        pos: Hex | None = None,
        initiative: int = 0,
        rolloff: int = 0,
        stun: int = 0,
        stunned_now: bool = False,  # stunned at the start of this round
        restrained: bool = False,
        aim: int = 0,  # rounds the aim condition still lasts (seed: kept one extra round)
        moved_last_round: bool = False,
        moved_this_round: bool = False,
        damaged: bool = False,  # took damage this round
        stepped: bool = False,  # used Defend's one hex this round
        hp_lost: int = 0,  # every point of damage taken this fight (for balancing tallies)
        stabilised: bool = False,  # dying, but no longer losing HP (F8, the GM's stabilise)
    ) -> None:
        self.name, self.side, self.max_hp = name, side, max_hp
        self.speed, self.move, self.armor, self.armor_name = speed, move, armor, armor_name
        self.proficiencies, self.weapons, self.restraints = proficiencies, weapons, restraints
        self.cards, self.pos, self.initiative, self.rolloff = cards, pos, initiative, rolloff
        self.stun, self.stunned_now, self.aim = stun, stunned_now, aim
        self.moved_last_round, self.moved_this_round = moved_last_round, moved_this_round
        self.damaged, self.stepped, self.hp_lost = damaged, stepped, hp_lost
        self.stabilised = stabilised
        self._hp, self._restrained = hp, restrained
        self.status = _status(hp, restrained)

    @property
    def hp(self) -> int:
        return self._hp

    @hp.setter
    def hp(self, value: int) -> None:
        self._hp = value
        self.status = _status(value, self._restrained)
        if self.status != DYING:  # F8: stabilising ends one dying; a new one bleeds again
            self.stabilised = False

    @property
    def restrained(self) -> bool:
        return self._restrained

    @restrained.setter
    def restrained(self, value: bool) -> None:
        self._restrained = value
        self.status = _status(self._hp, value)

    @property
    def able(self) -> bool:
        """Still in the fight: not incapacitated, restrained, dying or dead."""
        return self.status == ACTIVE

    @property
    def limited(self) -> bool:
        """May only defend (at disadvantage) this round: stunned, restrained or incapacitated.
        Never the dying or the dead, who cannot even defend (F8), stunned or not."""
        status = self.status
        return status == INCAPACITATED or (self.stunned_now and status == ACTIVE)

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, k) for k in self.FIELDS)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Fighter):
            return NotImplemented
        return self._values() == other._values()

    __hash__ = None  # type: ignore[assignment]  # mutable, as a dataclass would be

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in zip(self.FIELDS, self._values(), strict=True))
        return f"Fighter({inner})"

    def to_json(self) -> dict[str, Any]:
        out = {k: getattr(self, k) for k in self.FIELDS}
        out["pos"] = None if self.pos is None else str(self.pos)
        out["status"] = self.status
        return out


@dataclass(slots=True, init=False)
class Attack:
    """The attack being resolved: who, with which card, at whom, and what is left of it."""

    attacker: str
    card: str
    target: str | None = None
    movement_left: int = 0
    counter: bool = False
    disadvantage: bool = False
    tackle: bool = False
    aimed: bool = False
    rolled: bool = False  # the strike has been resolved (what is left is the withdrawal)

    def __init__(
        self,
        attacker: str,
        card: str,
        target: str | None = None,
        movement_left: int = 0,
        counter: bool = False,
        disadvantage: bool = False,
        tackle: bool = False,
        aimed: bool = False,
        rolled: bool = False,
    ) -> None:
        # Written out, not generated: the compiled build leaves a dataclass's __init__
        # interpreted, and every attack of every round makes one.
        self.attacker = attacker
        self.card = card
        self.target = target
        self.movement_left = movement_left
        self.counter = counter
        self.disadvantage = disadvantage
        self.tackle = tackle
        self.aimed = aimed
        self.rolled = rolled

    def to_json(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in field_names(type(self))}


@dataclass(slots=True)
class FAState:
    """Everything the rules need; derived from the log, never edited around it."""

    title: str
    mode: str
    sides: list[str]
    fighters: dict[str, Fighter]
    secret: SecretChoices
    order: list[str] = field(default_factory=list)
    round: int = 1
    phase: str = "choose"
    played: dict[str, dict[str, Any]] = field(default_factory=dict)
    queue: list[str] = field(default_factory=list)
    attack: Attack | None = None
    attacked: list[str] = field(default_factory=list)
    waited: list[str] = field(default_factory=list)  # movers who let a lower one go first
    light_actor: str | None = None
    light_stage: str = "check"
    light_success: bool = False
    ended: str | None = None
    ending: str | None = None  # an engine Ending value once the fight is over
    winner: str | None = None
    gm_notes: str = ""
    aspects: AspectSet = field(default_factory=AspectSet)
    settings: dict[str, Any] = field(default_factory=dict)  # catalog, map, rules (not state)
    # Attack options already worked out, keyed by the layout they hold for (not state).
    reach_memo: dict[tuple[Any, ...], Mapping[Hex, tuple[int, int]]] = field(
        default_factory=dict, compare=False, repr=False
    )
    # The `play` choices of each hand of cards (the catalog is fixed for the fight; not state).
    play_memo: dict[tuple[str, ...], tuple[Choice, ...]] = field(
        default_factory=dict, compare=False, repr=False
    )
    # What the bot reads off each fighter's hand, by name, with the list of cards it read
    # (Restrain's disarm gives a fighter a new list; not state: out of the JSON, and undo's
    # fresh set-up starts it empty).
    hand_memo: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title, "mode": self.mode, "sides": list(self.sides),
            "fighters": {k: f.to_json() for k, f in self.fighters.items()},
            "secret": self.secret.to_json(), "order": list(self.order), "round": self.round,
            "phase": self.phase, "played": {k: dict(v) for k, v in self.played.items()},
            "queue": list(self.queue),
            "attack": self.attack.to_json() if self.attack else None,
            "attacked": list(self.attacked), "waited": list(self.waited),
            "light_actor": self.light_actor,
            "light_stage": self.light_stage,
            "light_success": self.light_success, "ended": self.ended,
            "ending": self.ending, "winner": self.winner,
            "aspects": self.aspects.to_json(),
        }  # fmt: skip
