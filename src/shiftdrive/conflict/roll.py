"""The roll of an action in a conflict: its stages, its dice, its totals and its odds.

Stages: 'defend' (the target picks a defense or concedes), 'invoke' (sides take turns to
invoke or pass, C4), 'style' (an attacker with style may trade a shift for a boost),
'absorb' (the target soaks the hit).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final

from shiftdrive.conflict.host import CONCEDED
from shiftdrive.core.aspects import Aspect, AspectKind
from shiftdrive.core.dice import FUDGE, DiceSource, face_total
from shiftdrive.core.fate_points import EarnReason
from shiftdrive.core.odds import Odds, OddsQuery, odds
from shiftdrive.core.records import field_names
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import Ending

if TYPE_CHECKING:
    from shiftdrive.conflict.host import Combatant, ConflictState, Host

FATE_DICE: Final = 4
FULL_DEFENSE_BONUS: Final = 2
#: the free invokes the odds of an action assume a fighter may spend at most
ODDS_INVOKES: Final = 3


@dataclass(slots=True, init=False)
class Roll:
    """A roll in progress: who rolls what against what, the dice so far, and the stage."""

    action: str
    actor: str
    skill: str
    target: str | None = None
    aspect: str | None = None
    to_zone: str | None = None
    difficulty: int | None = None
    defend_skill: str | None = None
    actor_faces: list[int] = field(default_factory=list)
    actor_bonus: int = 0
    opp_faces: list[int] = field(default_factory=list)
    opp_bonus: int = 0
    stage: str = "invoke"
    turn_side: str = ""
    passed: list[str] = field(default_factory=list)
    paid: list[str] = field(default_factory=list)
    hit: int = 0
    track: str = ""
    #: a roll that risks a mishap (C2: shifts <= -3 fail with a consequence)
    hazardous: bool = False
    #: a host's variant of the action (Pilot Wave's automatic fire)
    mode: str = ""

    def __init__(
        self,
        action: str,
        actor: str,
        skill: str,
        target: str | None = None,
        aspect: str | None = None,
        to_zone: str | None = None,
        difficulty: int | None = None,
        defend_skill: str | None = None,
        actor_faces: list[int] | None = None,
        actor_bonus: int = 0,
        opp_faces: list[int] | None = None,
        opp_bonus: int = 0,
        stage: str = "invoke",
        turn_side: str = "",
        passed: list[str] | None = None,
        paid: list[str] | None = None,
        hit: int = 0,
        track: str = "",
        hazardous: bool = False,
        mode: str = "",
    ) -> None:
        # Written out: the compiled build leaves a dataclass's generated __init__ interpreted,
        # and every action that rolls makes one.
        self.action = action
        self.actor = actor
        self.skill = skill
        self.target = target
        self.aspect = aspect
        self.to_zone = to_zone
        self.difficulty = difficulty
        self.defend_skill = defend_skill
        self.actor_faces = [] if actor_faces is None else actor_faces
        self.actor_bonus = actor_bonus
        self.opp_faces = [] if opp_faces is None else opp_faces
        self.opp_bonus = opp_bonus
        self.stage = stage
        self.turn_side = turn_side
        self.passed = [] if passed is None else passed
        self.paid = [] if paid is None else paid
        self.hit = hit
        self.track = track
        self.hazardous = hazardous
        self.mode = mode

    def to_json(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in field_names(type(self))}


def defense_bonus(fighter: Combatant) -> int:
    """Full defense: +2 to defend until the fighter's next turn."""
    return FULL_DEFENSE_BONUS if fighter.full_defense else 0


def totals(state: ConflictState, roll: Roll) -> tuple[int, int]:
    """The roller's total and the opposition's, invokes included."""
    actor = state.fighters[roll.actor]
    total = actor.skill(roll.skill) + face_total(roll.actor_faces) + roll.actor_bonus
    if roll.difficulty is not None:
        return total, roll.difficulty + roll.opp_bonus
    target = state.fighters[roll.target or ""]
    opp = target.skill(roll.defend_skill or "") + face_total(roll.opp_faces) + roll.opp_bonus
    return total, opp + defense_bonus(target)


@lru_cache(maxsize=4096)
def _why(who: str, skill: str) -> str:
    """What a roll's dice are for, as the table is asked for them (made once per pair)."""
    return f"{who}: {skill}"


def roll_dice(state: ConflictState, roll: Roll, dice: DiceSource) -> list[Event]:
    """Roll the actor's dice (and the defender's, on an opposed roll); open the invoke window."""
    actor = state.fighters[roll.actor]
    # (a conflict's roll is plain NdF, nothing fixed or dropped: the source's own list of
    # faces is kept, no `FudgeRoll` made and copied back)
    roll.actor_faces = dice.draw(FUDGE, FATE_DICE, _why(actor.name, roll.skill), actor.name)
    events = [
        Event(
            "roll",
            data={
                "who": actor.name,
                "skill": roll.skill,
                "dice": roll.actor_faces,
                "total": actor.skill(roll.skill) + face_total(roll.actor_faces),
            },
            visible_to=None,
        )
    ]
    if roll.target and roll.defend_skill:
        target = state.fighters[roll.target]
        roll.opp_faces = dice.draw(
            FUDGE, FATE_DICE, _why(target.name, roll.defend_skill), target.name
        )
        events.append(
            Event(
                "roll",
                data={
                    "who": target.name,
                    "skill": roll.defend_skill,
                    "dice": roll.opp_faces,
                    "total": target.skill(roll.defend_skill) + face_total(roll.opp_faces),
                    "full_defense": target.full_defense,
                },
                visible_to=None,
            )
        )
    roll.stage = "invoke"
    roll.turn_side = state.side_of(roll.actor)
    roll.passed = []
    return events


def add_boost(state: ConflictState, name: str, holder: str) -> Aspect:
    """A boost (C6) for `holder`, named uniquely, remembered with the turn it was born in."""
    boost = Aspect.boost(state.aspects.unique_name(name), holder)
    state.aspects.add(boost)
    state.boosts_born[boost.name] = state.turn_count
    return boost


def note_boosts(state: ConflictState) -> None:
    """C6 for a boost the GM adds by hand (an override): it is remembered as born now and
    kept by the one who holds its free invoke (else its owner), so it vanishes as that
    character's next turn ends, as a boost a roll gives does (`expire_boosts`). A host calls
    this from `Ruleset.overridden`."""
    born = state.boosts_born
    for a in state.aspects.aspects:
        if a.kind is AspectKind.BOOST and a.name not in born:
            born[a.name] = state.turn_count
            if a.expires_after is None:
                holders = list(a.free_invokes)
                a.expires_after = holders[0] if len(holders) == 1 else a.owner


def expire_boosts(state: ConflictState, holder: str) -> list[Event]:
    """C6: `holder`'s boosts born before this turn vanish as their turn ends. The boosts born
    are read (a handful, in the order they were born), not every aspect."""
    events: list[Event] = []
    born = state.boosts_born
    if not born:  # (no boost was born: none can expire)
        return events
    now = state.turn_count
    aspects = state.aspects
    for name, turn in list(born.items()):
        if turn >= now:
            continue
        b = aspects.find(name)
        if b is not None and b.expires_after == holder and b.kind is AspectKind.BOOST:
            aspects.remove(b.name)
            del born[name]
            events.append(Event("boost_expires", data={"aspect": b.name}, visible_to=None))
    return events


def settle_invokes(state: ConflictState) -> list[Event]:
    """C7, at the end of a conflict: each fighter is paid a fate point for every aspect of
    theirs invoked against them (seen by their own side)."""
    events: list[Event] = []
    for f in state.fighters.values():
        if f.owed_points:
            state.earn(f, EarnReason.INVOKED_AGAINST, f.owed_points)
            events.append(
                Event(
                    "fate_points",
                    data={"who": f.name, "fate_points": f.owed_points},
                    visible_to=frozenset({f.side}),
                )
            )
            f.owed_points = 0
    return events


def finish(state: ConflictState, winner: str | None, why: str) -> list[Event]:
    """The conflict ends (`why`, won by `winner` or by nobody); aspects invoked against a
    fighter pay them now (C7)."""
    state.ended = why
    state.winner = winner
    return [
        Event("end", data={"winner": winner, "reason": why}, visible_to=None),
        *settle_invokes(state),
    ]


def decided_by(state: ConflictState) -> Ending:
    """How a conflict that was fought out ended (C7): by concession when any loser conceded,
    else by the losers being taken out. (A host reads a round limit or an escape first.)"""
    for f in state.fighters.values():
        if f.side != state.winner and f.status == CONCEDED:
            return Ending.CONCESSION
    return Ending.TAKEN_OUT


def boost_event(holder: str, boost: Aspect, why: str) -> Event:
    return Event("boost", data={"who": holder, "aspect": boost.name, "why": why}, visible_to=None)


def close(host: Host[Any], state: ConflictState) -> list[Event]:
    """The roll is over: the turn it was taken in ends."""
    state.roll = None
    return host.end_turn(state)


#: `action_odds` by what they are of (a handful of ratings and oppositions: bots price the
#: same rolls all battle long); each is shared, so read-only
_ODDS: Final[dict[tuple[int, int | None, int | None, int, bool], Odds]] = {}


def priced(
    host: Host[Any],
    state: ConflictState,
    action: str,
    fighter: Combatant,
    skill: str,
    target: str | None = None,
    *,
    opposed: int | None = None,
    difficulty: int | None = None,
) -> Odds:
    """The odds of the roll `action` will make, before its dice: `action_odds` with what the
    host's `before_roll` will add to either side (`Host.bonuses` of the roll the action makes:
    help promised, a movement shift), so that the odds shown are the roll's own."""
    for_roll, for_opposition = host.bonuses(state, Roll(action, fighter.name, skill, target))
    if opposed is not None:
        return action_odds(state, fighter, skill, opposed=opposed + for_opposition, bonus=for_roll)
    assert difficulty is not None
    return action_odds(
        state, fighter, skill, difficulty=difficulty + for_opposition, bonus=for_roll
    )


def action_odds(
    state: ConflictState,
    fighter: Combatant,
    skill: str,
    *,
    opposed: int | None = None,
    difficulty: int | None = None,
    bonus: int = 0,
    hazardous: bool = False,
) -> Odds:
    """The odds of an action before its dice, counting up to three of the fighter's free
    invokes (`bonus`: a host's modifier to the roll; `hazardous`: the mishap counted apart).
    Remembered: the same Odds serves every call that asks for them (read them, never change
    them)."""
    rating, invokes = roll_terms(state, fighter, skill, bonus)
    return odds_of(rating, invokes, opposed=opposed, difficulty=difficulty, hazardous=hazardous)


def roll_terms(
    state: ConflictState, fighter: Combatant, skill: str, bonus: int = 0
) -> tuple[int, int]:
    """What `action_odds` reads of the roller: its rating (with `bonus`) and the free invokes
    it counts (up to three), the same whatever it rolls against (a bot pricing one shot at
    each of several targets reads them once)."""
    name = fighter.name
    free = 0
    for a in state.aspects.holding_free():
        free += a.free_invokes.get(name, 0)
    return fighter.skill(skill) + bonus, min(ODDS_INVOKES, free)


def odds_of(
    rating: int,
    invokes: int,
    *,
    opposed: int | None = None,
    difficulty: int | None = None,
    hazardous: bool = False,
) -> Odds:
    """`action_odds` from the roller's `roll_terms`, against an opposing rating or a
    difficulty (remembered: one Odds per set of terms)."""
    key = (rating, opposed, difficulty, invokes, hazardous)
    found = _ODDS.get(key)
    if found is None:
        if opposed is not None:
            query = OddsQuery(skill=rating, opposed=opposed, invokes=invokes, hazardous=hazardous)
        else:
            query = OddsQuery(
                skill=rating, difficulty=difficulty, invokes=invokes, hazardous=hazardous
            )
        found = _ODDS[key] = odds(query)
    return found
