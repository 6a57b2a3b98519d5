"""Whose turn it is: the round's phases in order (seed "Combat phases"), who acts next in each
(T8 initiative, T9 Wait and see), the end of the round (T14) and the end of the fight."""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from shiftdrive.core.dice import DiceSource
from shiftdrive.core.errors import RuleError
from shiftdrive.core.fate_points import EarnReason
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import Ending, Turn
from shiftdrive.rulesets.tachyon import systems as sysmod
from shiftdrive.rulesets.tachyon.aspects import BOOST
from shiftdrive.rulesets.tachyon.damage import take_out
from shiftdrive.rulesets.tachyon.invokes import stage_holder
from shiftdrive.rulesets.tachyon.phases.ordnance import move_ordnance, next_ordnance
from shiftdrive.rulesets.tachyon.positions import sides_fighting
from shiftdrive.rulesets.tachyon.sight import who_sees
from shiftdrive.rulesets.tachyon.state import (
    ACTIVE,
    BUGGED_OUT,
    CONCEDED,
    CRAFT,
    DESTROYED,
    FLIGHT,
    LARGE,
    TURRET,
    TachyonState,
    Unit,
)

# Who acts in each phase: small craft pilot; guns fire; ships run EW and damage control;
# ordnance is resolved, not acted.
ACTS_IN: Final = {
    "chatter": frozenset(),
    "piloting": frozenset({CRAFT, FLIGHT}),
    "gunnery": frozenset({CRAFT, FLIGHT, TURRET}),
    "ordnance": frozenset(),
    "ew": frozenset({CRAFT, FLIGHT, LARGE}),
    "damage": frozenset({CRAFT, FLIGHT, LARGE}),
}


@lru_cache(maxsize=4096)
def _turn(seat: str, kind: str, actor: str | None, window: str | None = None) -> Turn:
    """Turns are frozen: each is made once (a battle asks whose turn it is thousands of times)."""
    return Turn(seat, kind, actor, window=window)


def turn(state: TachyonState) -> Turn | None:
    """The one decision open now (remembered until the state changes; see `open_turn`)."""
    if state.turn_known:
        return state.turn_memo  # type: ignore[no-any-return]
    t = open_turn(state)
    state.turn_memo, state.turn_known = t, True
    return t


def open_turn(state: TachyonState) -> Turn | None:
    """The one decision open now: a craft absorbing a hit, a side's invoke window after a
    roll (C4, optional), a side's chatter, or the acting unit's phase."""
    if state.ended:
        return None
    if state.absorb is not None:
        u = state.units[state.absorb["unit"]]
        return _turn(u.side, "absorb", u.name)
    roll = state.roll
    if roll is not None:
        side, holder = stage_holder(state, roll)
        return _turn(side or "", "invoke", holder, "invoke")
    if state.phase == "chatter":
        return _turn(state.chatter_queue[0], "chatter", None) if state.chatter_queue else None
    if state.current is None:
        return None
    u = state.units[state.current]
    return _turn(u.side, state.phase, u.name)


def after_roll(state: TachyonState, dice: DiceSource) -> list[Event]:
    """Once a roll (and any hit it caused) is settled, play moves on."""
    if state.roll is None and state.absorb is None and not state.ended:
        return done(state, dice)
    return []


def next_actor(state: TachyonState) -> Unit | None:
    """Piloting goes from the lowest initiative up (Wait and see moves a craft after the one
    it waits for); the other phases from the highest down. Ties go by `tie_rank` (a refocus
    before the others, a craft pushed by Pressure after them), then by listing order."""
    phase = state.phase
    acted = state.acted  # a handful of names: a list is searched as fast as a set is made
    kinds = ACTS_IN[phase]
    grace, init = state.tie_grace, state.current_init
    # Eligible: acts in this phase, has not acted, and is in the fight (or was taken out at
    # its own initiative before acting, T8). Written out in the scans below, not called per
    # unit: this is asked after every action (~150 times a battle).
    # Units are scanned in listing order, so on a tie the first one found stays.
    if phase == "piloting":

        def eligible(u: Unit) -> bool:  # (made only where it is used)
            if u.kind not in kinds or u.name in acted:
                return False
            return u.status == ACTIVE or (u.name in grace and u.initiative == init)

        waiters = state.waiters
        for w, target in waiters.items():
            wu = state.units[w]
            if eligible(wu) and (target in acted or not state.units[target].active):
                return wu
        best: Unit | None = None
        for u in state.units.values():
            if (
                u.kind in kinds
                and u.name not in acted
                and (u.status == ACTIVE or (u.name in grace and u.initiative == init))
                and u.name not in waiters
                and (
                    best is None
                    or u.initiative < best.initiative
                    or (u.initiative == best.initiative and u.tie_rank < best.tie_rank)
                )
            ):
                best = u
        if best is None:
            order = list(state.units)
            cands = [state.units[w] for w in waiters if eligible(state.units[w])]
            if not cands:
                return None
            return min(cands, key=lambda u: (u.initiative, u.tie_rank, order.index(u.name)))
        return best
    top: Unit | None = None
    for u in state.units.values():
        if (
            u.kind in kinds
            and u.name not in acted
            and (u.status == ACTIVE or (u.name in grace and u.initiative == init))
            and (
                top is None
                or u.initiative > top.initiative
                or (u.initiative == top.initiative and u.tie_rank < top.tie_rank)
            )
        ):
            top = u
    return top


def done(state: TachyonState, dice: DiceSource) -> list[Event]:
    """The current actor has finished (Wait and see leaves it to act again, T9)."""
    name = state.current
    if name is not None and name not in state.waiters:
        state.acted.append(name)
    state.current = None
    return advance(state, dice)


def advance(state: TachyonState, dice: DiceSource) -> list[Event]:
    events: list[Event] = []
    for _ in range(1000):
        if state.fight_on_at != state.status_changes:  # `_check_end`'s own skip, inline
            events += check_end(state)
        if state.ended or state.roll is not None or state.absorb is not None:
            return events
        if state.phase == "chatter":
            if state.chatter_queue:
                return events
            events += begin_phase(state, "piloting")
            continue
        if state.current is not None:
            return events
        nxt = next_actor(state)
        if nxt is not None:
            state.current = nxt.name
            if state.waiters:  # its second piloting action (Wait and see)
                state.waiters.pop(nxt.name, None)
            if state.current_init != nxt.initiative:
                state.tie_grace = []
            state.current_init = nxt.initiative
            return events
        if state.phase == "piloting":
            events += move_ordnance(state)
            events += begin_phase(state, "gunnery")
        elif state.phase == "gunnery":
            events += begin_phase(state, "ordnance")
        elif state.phase == "ordnance":
            struck = next_ordnance(state, dice)
            if struck is None:
                events += begin_phase(state, "ew")
            else:
                events += struck
        elif state.phase == "ew":
            events += begin_phase(state, "damage")
        else:
            events += end_round(state)
            events += check_end(state)
            if state.ended:
                return events
            state.round += 1
            if state.round > state.max_rounds:
                return events + finish(
                    state,
                    state.time_limit_winner,
                    f"the fight is broken off after {state.max_rounds} rounds",
                    Ending.ROUND_LIMIT,
                )
            events += start_round(state)
    raise RuleError("the round structure did not settle")  # pragma: no cover


def begin_phase(state: TachyonState, phase: str) -> list[Event]:
    state.phase = phase
    state.acted = []
    state.tie_grace = []
    state.current_init = None
    state.current = None
    if phase != "piloting":
        state.waiters = {}
    if phase == "ordnance" and not state.ordnance:
        return []
    return [Event("phase", data={"round": state.round, "phase": phase}, visible_to=None)]


def start_round(state: TachyonState) -> list[Event]:
    state.phase = "chatter"
    state.acted = []
    state.waited = []
    state.waiters = {}
    for u in state.units.values():
        u.actions = 0
    state.chatter_queue = sides_fighting(state) if state.options["chatter"] else []
    return [Event("round", data={"round": state.round}, visible_to=None)]


def end_round(state: TachyonState) -> list[Event]:
    """T14 (and T5 fuel fire): stress, fuel fires, bug-outs, boosts, Evasion."""
    events = [Event("end_of_round", data={"round": state.round}, visible_to=None)]
    state.tie_grace = []  # the phases are over: nobody is left to act at an initiative (T8)
    for u in state.units.values():
        # seed: a PC's fighter damaged this round: taken out or conceded since, it still was
        if u.pc and u.damaged and u.stress is not None:
            u.stress.fill(1)
            events.append(
                Event(
                    "stress",
                    data={"unit": u.name, "stress": u.stress.to_json()},
                    visible_to=who_sees(state, u.name),
                )
            )
    for u in state.units.values():
        if u.kind == LARGE and u.active and sysmod.FUEL_FIRE in sysmod.effects(u.systems).states:
            events.append(Event("fuel_fire", data={"unit": u.name}, visible_to=None))
            events += take_out(state, u, DESTROYED, "fuel_fire")
    for u in state.units.values():
        if u.active and u.bug_out_round is not None and u.bug_out_round <= state.round:
            events += take_out(state, u, BUGGED_OUT, "left")
    for a in state.aspects:
        if a.kind is BOOST or a.name in state.round_aspects:
            state.aspects.remove(a.name)
    state.round_aspects = []
    for u in state.units.values():
        u.evasion = 0
        u.damaged = False
    return events


def check_end(state: TachyonState) -> list[Event]:
    """Whether the fight is over: an objective destroyed, or a side out of it. Both depend
    only on units' status, so nothing is looked at again until a status changes."""
    if state.ended or state.fight_on_at == state.status_changes:
        return []
    if state.tie_grace and grace_pending(state):
        return []  # T8: the fight ends once the simultaneous actions are done
    for side in state.sides:
        targets = state.destroy.get(side) or []
        if targets and all(state.units[t].status == DESTROYED for t in targets):
            return finish(state, side, f"{', '.join(targets)} destroyed", Ending.OBJECTIVE)
    alive = sides_fighting(state)
    if len(alive) == 2:
        state.fight_on_at = state.status_changes
        return []
    if len(alive) == 1:
        loser = state.enemy_of(alive[0])
        return finish(state, alive[0], f"{loser} is out of the fight", how_out(state, loser))
    return finish(state, None, "nobody is left in the fight")


def grace_pending(state: TachyonState) -> bool:
    """T8 (seed: "In case of ties actions are resolved simultaneously"): a unit taken out at
    its own initiative before acting still acts in this phase (`next_actor`), so the fight is
    not over until it has."""
    kinds, acted, init = ACTS_IN[state.phase], state.acted, state.current_init
    for n in state.tie_grace:
        u = state.units[n]
        if u.kind in kinds and n not in acted and u.initiative == init:
            return True
    return False


def how_out(state: TachyonState, side: str) -> Ending:
    """Why a side left the fight: all bugged out, conceded (and bugged out), or beaten."""
    gone = {u.status for u in state.side_units(side) if u.kind != TURRET}
    if gone <= {BUGGED_OUT}:
        return Ending.BUG_OUT
    if gone <= {BUGGED_OUT, CONCEDED}:
        return Ending.CONCESSION
    return Ending.TAKEN_OUT


def finish(
    state: TachyonState,
    winner: str | None,
    why: str,
    ending: Ending = Ending.TAKEN_OUT,
) -> list[Event]:
    state.ended = why
    state.ending = ending.value
    state.winner = winner
    state.roll = None
    state.current = None
    return [
        Event(
            "end",
            data={"winner": winner, "reason": why},
            visible_to=None,
        ),
        *settle_invokes(state),
    ]


def settle_invokes(state: TachyonState) -> list[Event]:
    """C7, as the battle ends: each PC is paid the fate points other sides spent to invoke
    its aspects against it (Fate Core: "at the end of the scene"); its own side sees it."""
    events: list[Event] = []
    for u in state.units.values():
        if u.owed_points and u.fate_points is not None:
            u.fate_points.earn(EarnReason.INVOKED_AGAINST, u.owed_points)
            data = {"unit": u.name, "fate_points": u.owed_points, "now": u.fate_points.current}
            events.append(Event("fate_point", data=data, visible_to=frozenset({u.side})))
            u.owed_points = 0
    return events
