"""Dogfighting (S5): a fighter (Size 1) in the same zone as an enemy fighter may create the
advantage *On Your Six* on it (Pilot against its pilot's Pilot). The tailed fighter cannot
attack its pursuer. Only one of a pair holds it: a tailed fighter that succeeds in the same
roll against its pursuer reverses it, a tie removes it from both. Ending a turn in different
zones removes it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar, Final

from shiftdrive.conflict.advantage import FREE_INVOKES
from shiftdrive.conflict.exchange import RollAction
from shiftdrive.conflict.roll import Roll, add_boost, boost_event, priced
from shiftdrive.core.aspects import Aspect, AspectKind
from shiftdrive.core.outcomes import Outcome
from shiftdrive.engine.actions import ParamKind
from shiftdrive.engine.choices import Choice, Kept
from shiftdrive.engine.events import Event
from shiftdrive.rulesets.star_wars.state import ACTIVE, Character, StarWarsState, Tail, made
from shiftdrive.rulesets.star_wars.vehicles import DEFENSE_SKILL, vehicle_of

if TYPE_CHECKING:
    from shiftdrive.core.dice import DiceSource
    from shiftdrive.core.odds import Odds
    from shiftdrive.engine.ruleset import Turn

TAIL: Final = "tail"
#: S5: a fighter is a maneuverable craft of Size 1
FIGHTER_SIZE: Final = 1
TAIL_PARAMS: Final = {"target": ParamKind.UNIT}


def is_fighter(unit: Character) -> bool:
    return unit.is_vehicle and unit.size == FIGHTER_SIZE and unit.mode == "craft"


def tail_between(state: StarWarsState, a: str, b: str) -> Tail | None:
    """The tail either of the pair holds on the other."""
    for t in state.tails:
        if (t.pursuer == a and t.tailed == b) or (t.pursuer == b and t.tailed == a):
            return t
    return None


def tailed_by(state: StarWarsState, tailed: str, pursuer: str) -> bool:
    """S5: whether `pursuer` is on `tailed`'s six (so `tailed` cannot attack it)."""
    t = tail_between(state, tailed, pursuer)
    return t is not None and t.pursuer == pursuer


def drop(state: StarWarsState, tail: Tail, why: str) -> list[Event]:
    state.tails.remove(tail)
    if tail.aspect in state.aspects:
        state.aspects.remove(tail.aspect)
    data = {"pursuer": tail.pursuer, "tailed": tail.tailed, "why": why}
    return [Event("tail_lost", data=data, visible_to=None)]


def unaspected(state: StarWarsState) -> list[Event]:
    """S5: the tail *is* its advantage: once *On Your Six* is gone (the GM removed it, or it
    was overcome), the pair's tail goes with it. After every GM override, and as turns end."""
    events: list[Event] = []
    for t in list(state.tails):
        if t.aspect not in state.aspects:
            events += drop(state, t, "its aspect is gone")
    return events


def split_up(state: StarWarsState) -> list[Event]:
    """S5, at the end of every turn: a pair in different zones (or out) loses its tail, as
    does a pair whose aspect is gone (`unaspected`)."""
    if not state.tails:  # (most turns: nobody is on anybody's six, no copy made)
        return []
    events = unaspected(state)
    for t in list(state.tails):
        a, b = state.fighters[t.pursuer], state.fighters[t.tailed]
        if not (a.active and b.active):
            events += drop(state, t, "out of the fight")
        elif a.zone != b.zone:
            events += drop(state, t, "different zones")
    return events


def targets(state: StarWarsState, pilot: Character) -> list[Character]:
    """The enemy fighters in the pilot's fighter's zone."""
    ship = vehicle_of(state, pilot)
    if ship is None or pilot.station != "pilot" or not is_fighter(ship):
        return []
    zone = ship.zone
    found: list[Character] = []
    for e in state.foes[ship.side]:  # (`state.active()`, read in the same pass)
        if e.zone == zone and e.status == ACTIVE and is_fighter(e):
            found.append(e)
    return found


#: each tail choice by (target, whether it reverses the target's tail), all it is made of
_TAIL: Kept[tuple[str, bool]] = Kept()


def _tail(target: str, reverse: bool) -> Choice:
    """The choice to get on `target`'s six (or reverse its tail on us)."""
    found = _TAIL.get((target, reverse))
    if found is None:
        what = f"Reverse {target}'s tail" if reverse else f"Get on {target}'s six"
        label = f"{what} ({DEFENSE_SKILL})"
        found = _TAIL.keep((target, reverse), made(TAIL, label, target=target))
    return found


class GetOnTheirSix(RollAction[StarWarsState]):
    """S5: create (or reverse) *On Your Six* on an enemy fighter in the zone."""

    name = TAIL
    params: ClassVar[Mapping[str, ParamKind]] = TAIL_PARAMS

    def options(self, state: StarWarsState, turn: Turn) -> list[Choice]:
        pilot = state.fighters[turn.actor or ""]
        out: list[Choice] = []
        for e in targets(state, pilot):
            out.append(_tail(e.name, tailed_by(state, pilot.vehicle or "", e.name)))
        return out

    def apply(
        self, state: StarWarsState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        pilot = state.fighters[turn.actor or ""]
        target = choice.str_param("target")
        state.roll = Roll(
            action=TAIL, actor=pilot.name, skill=DEFENSE_SKILL, target=target, stage="defend"
        )
        data = {"action": TAIL, "who": pilot.name, "target": target, "skill": DEFENSE_SKILL}
        return [Event("declare", data=data, visible_to=None)]

    def odds(self, state: StarWarsState, turn: Turn, choice: Choice) -> Odds | None:
        pilot = state.fighters[turn.actor or ""]
        target = state.fighters[choice.str_param("target")]
        opposed = target.skill(DEFENSE_SKILL)
        return priced(self.host, state, TAIL, pilot, DEFENSE_SKILL, target.name, opposed=opposed)

    def resolve(
        self, state: StarWarsState, roll: Roll, shifts: int, outcome: Outcome
    ) -> list[Event]:
        pilot = state.fighters[roll.actor]
        mine = pilot.vehicle or ""
        theirs = roll.target or ""
        held = tail_between(state, mine, theirs)
        if outcome is Outcome.FAIL:
            return [
                Event(TAIL, data={"who": mine, "target": theirs, "failed": True}, visible_to=None)
            ]
        if outcome is Outcome.TIE:
            if held is not None and held.pursuer != mine:
                return drop(state, held, "a tie")  # S5: a tied reverse clears it from both
            # (a pursuer tying to tighten its hold keeps it: a tie on an advantage, C5)
            boost = add_boost(state, f"{pilot.name}'s Edge", pilot.name)
            return [boost_event(pilot.name, boost, "tie on an advantage")]
        events: list[Event] = []
        if held is not None:
            if held.pursuer == mine:  # already on their six: more free invokes
                state.aspects.get(held.aspect).add_free(pilot.name, FREE_INVOKES[outcome])
                data = {"who": mine, "target": theirs, "aspect": held.aspect, "again": True}
                return [Event(TAIL, data=data, visible_to=None)]
            events += drop(state, held, "reversed")
        name = state.aspects.unique_name(f"On {theirs}'s Six")
        aspect = Aspect(name, AspectKind.SITUATION, owner=theirs)
        aspect.add_free(pilot.name, FREE_INVOKES[outcome])
        state.aspects.add(aspect)
        state.tails.append(Tail(mine, theirs, name))
        data = {"who": mine, "target": theirs, "aspect": name, "reversed": held is not None}
        return [*events, Event(TAIL, data=data, visible_to=None)]
