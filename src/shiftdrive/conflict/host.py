"""What a host ruleset gives the conflict library: its fighters, its state and its rules.

The library never names a skill, a zone or a weapon: it asks the host (`Host`) which skills
attack and which defend, who is in reach, what a hit does, how hard a task is, and how a turn
ends. A ruleset's state and fighters need only the fields below (`ConflictState`, `Combatant`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, Generic, TypeVar

from mypy_extensions import mypyc_attr

from shiftdrive.engine.events import GM

if TYPE_CHECKING:
    from shiftdrive.conflict.exchange import RollAction
    from shiftdrive.conflict.roll import Roll
    from shiftdrive.core.aspects import Aspect, AspectSet
    from shiftdrive.core.consequences import ConsequenceSlots, Severity
    from shiftdrive.core.fate_points import EarnReason, FatePoints
    from shiftdrive.core.outcomes import Outcome
    from shiftdrive.core.stress import StressTrack
    from shiftdrive.engine.events import Event

#: a fighter's status values the library sets
ACTIVE: Final = "active"
TAKEN_OUT: Final = "taken out"
CONCEDED: Final = "conceded"


@mypyc_attr(allow_interpreted_subclasses=True)  # test stand-ins
class Combatant:
    """One fighter: a side, skills, fate points, stress tracks and consequence slots. Each
    host's fighter subclasses it (a base class, not a protocol: the compiled build then reads
    these fields and calls `skill` directly, not through Python's attribute lookup)."""

    __slots__ = (
        "consequences", "fate_points", "full_defense", "name", "owed_points", "side", "status",
        "stress", "zone",
    )  # fmt: skip

    name: str
    side: str
    zone: str
    fate_points: FatePoints
    stress: dict[str, StressTrack]
    consequences: ConsequenceSlots
    status: str
    full_defense: bool
    owed_points: int

    def skill(self, name: str) -> int:
        """The fighter's rating in `name` (the host says what an unlisted skill is)."""
        raise NotImplementedError

    @property
    def active(self) -> bool:
        """Still in the fight (neither taken out nor conceded)."""
        return self.status == ACTIVE


@mypyc_attr(allow_interpreted_subclasses=True)  # test stand-ins
class ConflictState:
    """The parts of a host's state the library reads and writes. Each host's state
    subclasses it (a base class, as `Combatant`: the compiled build reads these directly)."""

    __slots__ = (
        "aspects",
        "boosts_born",
        "ended",
        "fighters",
        "roll",
        "sides",
        "turn_count",
        "winner",
    )

    roll: Roll | None
    sides: list[str]
    #: by name; each host narrows it to its own fighter class (`dict[str, Fighter]`, with a
    #: `type: ignore`: a dict's value type is invariant): the library reads and changes
    #: fighters, never adds one
    fighters: dict[str, Combatant]
    aspects: AspectSet
    boosts_born: dict[str, int]
    turn_count: int
    #: why the conflict ended (None while it goes on), and the side that won it (None: nobody)
    ended: str | None
    winner: str | None

    def side_of(self, name: str) -> str:
        """The side `name` fights on."""
        raise NotImplementedError

    def active(self, side: str | None = None) -> Sequence[Combatant]:
        """The fighters still in the fight (of `side`, or of every side). Read it, never
        change it: a host may keep it between changes of status."""
        raise NotImplementedError

    def payers(self, side: str) -> Sequence[Combatant]:
        """Who of `side` may have a fate point to pay for an invoke: every fighter still in
        the fight, or fewer where a host keeps them (each is still asked its purse and
        status). Read it, never change it."""
        return self.active(side)

    def earn(self, fighter: Combatant, reason: EarnReason, n: int = 1) -> None:
        """`fighter` earns fate points (a concession, a compel, invokes against it): how the
        library and its hosts pay them, so that a host may keep who has points (`payers`)."""
        fighter.fate_points.earn(reason, n)

    def set_status(self, fighter: Combatant, status: str) -> None:
        """`fighter` leaves the fight (taken out, conceded, a host's own status): how the
        library and its hosts change a conflict fighter's status, so that a host may keep who
        is still in the fight (`active`) rather than work it out at every ask."""
        fighter.status = status


CS = TypeVar("CS", bound=ConflictState)
CS_contra = TypeVar("CS_contra", bound=ConflictState, contravariant=True)


class Harm:
    """What a successful attack does: the hit to absorb, on which track, and why that much."""

    def __init__(self, hit: int, track: str, weapon: int = 0, armor: int = 0) -> None:
        self.hit = hit
        self.track = track
        self.weapon = weapon
        self.armor = armor


@mypyc_attr(allow_interpreted_subclasses=True)  # test stand-ins
class Host(ABC, Generic[CS_contra]):
    """The host ruleset's rules that the library's actions are parameterised by. Each host
    subclasses it (a base class, not a protocol: the compiled build calls a host's rules
    directly, not through Python's method lookup). What only the game can say is abstract (a
    host that lacks it cannot be made); what Fate Core says for every game on the library
    (who sees a hidden aspect, no roving points, nobody aboard anything, a roll resolved by
    its action) is a default here, in one place, for a host to extend."""

    def __init__(self) -> None:
        #: the host's actions that roll, by name (`rolls_of` the ruleset's specs, set once
        #: they exist: they are made with the host)
        self.rolls: Mapping[str, RollAction[Any]] = {}

    @abstractmethod
    def end_turn(self, state: CS_contra) -> list[Event]:
        """Close the acting fighter's turn (boosts, initiative, exchanges, the end)."""
        raise NotImplementedError

    def visible(self, state: CS_contra, aspect: Aspect, seat: str) -> bool:
        """Whether `seat` may see (and so invoke or overcome) `aspect`: a hidden aspect only
        the GM and its owner's side (a scene's hidden aspect only the GM); every seat sees an
        aspect that is not hidden (the invoke walk asks this of hidden aspects only)."""
        if seat == GM or not aspect.hidden:
            return True
        return aspect.owner is not None and state.fighters[aspect.owner].side == seat

    @abstractmethod
    def distance(self, state: CS_contra, a: str, b: str) -> int | None:
        """Zones between two zones (None: no way between them)."""
        raise NotImplementedError

    @abstractmethod
    def attack_skills(self, state: CS_contra, fighter: Combatant) -> list[str]:
        """The skills `fighter` may attack with."""
        raise NotImplementedError

    @abstractmethod
    def reach(self, state: CS_contra, skill: str) -> int | None:
        """How many zones an attack skill reaches (None: not an attack skill)."""
        raise NotImplementedError

    @abstractmethod
    def defenses(self, state: CS_contra, action: str, skill: str, target: Combatant) -> list[str]:
        """The skills `target` may oppose `action` made with `skill` with (the defender picks
        one): asked of the target itself, so that a choice is priced before there is a roll
        as it will be rolled."""
        raise NotImplementedError

    @abstractmethod
    def harm(self, state: CS_contra, roll: Roll, shifts: int) -> Harm:
        """The hit a successful attack of `shifts` shifts deals."""
        raise NotImplementedError

    @abstractmethod
    def advantage_skills(self, state: CS_contra, fighter: Combatant) -> list[str]:
        """The skills `fighter` may create an advantage with."""
        raise NotImplementedError

    @abstractmethod
    def discovery_skills(self, state: CS_contra, fighter: Combatant) -> list[str]:
        """The skills `fighter` may look for hidden aspects with (none: it cannot look)."""
        raise NotImplementedError

    @abstractmethod
    def overcome_skill(self, state: CS_contra, fighter: Combatant) -> str:
        """The skill `fighter` overcomes a situation aspect with."""
        raise NotImplementedError

    @abstractmethod
    def difficulty(self, state: CS_contra, action: str, aspect: str | None = None) -> int:
        """The passive opposition of an unopposed action (per aspect for an overcome)."""
        raise NotImplementedError

    @abstractmethod
    def consequence_name(self, fighter: Combatant, track: str, severity: Severity) -> str:
        """The suggested name of a consequence `fighter` takes on `track`."""
        raise NotImplementedError

    def resolve(self, state: CS_contra, roll: Roll, shifts: int, outcome: Outcome) -> list[Event]:
        """What a roll's outcome does once the invoke window closes: the roll's action says
        (`rolls`); a host adds what its game reads in any roll (Pilot Wave's mishap)."""
        return self.rolls[roll.action].resolve(state, roll, shifts, outcome)

    def engaged(self, state: CS_contra, actor: Combatant, target: Combatant) -> bool:
        """Whether `actor` may act on the enemy `target` at all, whatever the distance: attack
        it, create an advantage on it, look for its hidden aspects. (A default, unlike the
        rest: in most conflicts anyone may; star_wars narrows it, a crew acting on vehicles.)"""
        return True

    def roving(self, state: CS_contra, seat: str) -> int:
        """Points `seat` may still add to its own side's roll besides invokes, one shift each
        (Pilot Wave's Tactics pool, P6); 0 where the game has none (Fate Core's)."""
        return 0

    def aboard(self, state: CS_contra, name: str) -> str | None:
        """The vehicle (or anything else) `name` rides, whose aspects it may invoke as its
        own; None when it rides nothing (the default: nobody rides anything)."""
        return None

    def bonuses(self, state: CS_contra, roll: Roll) -> tuple[int, int]:
        """What `before_roll` would add to the roll and to its opposition now, spending
        nothing: every odds shown before a roll count them (`priced`, a defender's `Defend`).
        (A default, unlike the rest: a host whose `before_roll` adds nothing needs none.)"""
        return 0, 0

    def reads_low(self, state: CS_contra, roll: Roll) -> bool:
        """Whether `roll` reads -3 shifts or worse apart from -1 and -2, so that a side is asked
        to invoke toward it or away from it: a hazardous roll's mishap (C2) and an attack's
        defense with style (the defender's boost). A host whose own rolls read it too (a
        contest's style for the loser's opponent) adds them; one whose attacks give a miss
        nothing says so. (A default, unlike the rest: most hosts need no more.)"""
        return roll.hazardous or roll.action == "attack"

    @abstractmethod
    def before_roll(self, state: CS_contra, roll: Roll) -> list[Event]:
        """Bonuses a host's own rules add to a roll just before its dice (teamwork of helpers
        who spent their action, a size difference), set on `roll.actor_bonus` and
        `roll.opp_bonus`, with the events that say so."""
        raise NotImplementedError
