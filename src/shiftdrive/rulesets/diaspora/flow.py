"""The turn structure (D1) and the end (D14): detection once, then each turn position,
electronic warfare, beam, torpedo and damage control. A phase with nobody left to decide gives
way to the next; a waiting hit (consequences to choose) comes before anything else."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from shiftdrive.core.dice import DiceSource
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import Ending, Result, Turn
from shiftdrive.rulesets.diaspora import boosts, compels, contest, invoking
from shiftdrive.rulesets.diaspora.choices import made_turn
from shiftdrive.rulesets.diaspora.damage import ABSORB
from shiftdrive.rulesets.diaspora.phases import (
    beam,
    damage_control,
    detection,
    ew,
    position,
    torpedo,
)
from shiftdrive.rulesets.diaspora.state import (
    BEAM,
    DAMAGE_CONTROL,
    DETECTION,
    EW,
    POSITION,
    TORPEDO,
    DiasporaState,
)

PHASE_TURNS: Final[dict[str, Callable[[DiasporaState], list[Turn]]]] = {
    DETECTION: detection.turns,
    POSITION: position.turns,
    EW: ew.turns,
    BEAM: beam.turns,
    TORPEDO: torpedo.turns,
    DAMAGE_CONTROL: damage_control.turns,
}
BEGIN: Final[dict[str, Callable[[DiasporaState], None]]] = {
    POSITION: position.begin,
    EW: ew.begin,
    BEAM: beam.begin,
    TORPEDO: torpedo.begin,
    DAMAGE_CONTROL: damage_control.begin,
}
NEXT: Final = {POSITION: EW, EW: BEAM, BEAM: TORPEDO, TORPEDO: DAMAGE_CONTROL}


def turns(state: DiasporaState) -> list[Turn]:
    """`open_turns`, remembered until the state changes (asked several times per decision: by
    the bot loop, the bot, `legal` and `apply`). The rules forget it in `apply`."""
    memo = state.turns_memo
    if memo is None:
        memo = state.turns_memo = open_turns(state)
    return memo


def open_turns(state: DiasporaState) -> list[Turn]:
    """Whose decision it is: none when over (the end is noted for the rules' `result`)."""
    state.result_memo = result(state)
    return [] if state.result_memo is not None else deciding(state)


def deciding(state: DiasporaState) -> list[Turn]:
    """Whose decision it is while the fight goes on: a waiting hit first, then an attack open
    to invokes, then compels (D12); else the phase's own."""
    if state.hits:
        ship = state.ships[state.hits[0].ship]
        return [made_turn(ship.side, ABSORB, ship.name)]
    if state.contest is not None:
        waiting = state.window_memo  # as `contest.settle` found it, at the end of this choice
        if waiting is not None:
            state.window_memo = None
            return waiting
        return contest.window(state)
    return compels.turns(state) or PHASE_TURNS[state.phase](state)


def advance(state: DiasporaState, dice: DiceSource) -> list[Event]:
    """Move on through phases nobody has anything to decide in; what it finds (whose decision
    it is, or the end) is what `turns` and `result` will be asked next."""
    events: list[Event] = []
    while True:
        over = result(state)
        if over is not None:
            state.result_memo, state.turns_memo = over, []
            if state.owed:  # C7: paid as the fight ends
                events += invoking.settle_owed(state)
            break
        if state.phase == DETECTION and not state.detected and not compels.turns(state):
            events += detection.detect(state, dice)  # the compel window has closed (D12)
            continue
        if state.ranking and not state.hits:  # the burns' Heat hits are marked (D3, D14)
            ranked = position.settle(state)  # (or the ships still to invoke come first)
            if ranked:
                events += ranked
                continue
        if state.contest is not None and not state.hits and state.window_memo is None:
            settled = contest.settle(state)  # the attack waited for the hits before it
            if settled:
                events += settled
                continue
        now = deciding(state)
        if now:
            state.result_memo, state.turns_memo = None, now
            break
        events += _next_phase(state)
    return events


def _next_phase(state: DiasporaState) -> list[Event]:
    events: list[Event] = []
    if state.phase == DETECTION:
        state.round = 1  # the detection roll stays an earlier phase of turn 1 (D9)
        phase = EW if state.skip_first_position else POSITION
    elif state.phase == DAMAGE_CONTROL:
        if state.boosts_born:  # C6: the boosts from before this turn vanish as it ends
            events = boosts.expire(state)
        state.round += 1
        state.acted = {}
        state.beam_used = {}
        state.spin = {}
        phase = POSITION
    else:
        phase = NEXT[state.phase]
    state.phase = phase
    if state.round > state.turn_limit:
        return events
    BEGIN[phase](state)
    compels.begin(state)  # D12: compels before every phase's rolls (damage control's too)
    events.append(Event("phase", {"round": state.round, "phase": phase}))
    return events


def result(state: DiasporaState) -> Result | None:
    """D14: the fight ends when at most one side has ships left; that side wins if it beat
    somebody. A side whose ships all left by the map edge has escaped: an ending of its own,
    not a loss, so the sides that escaped are named but not beaten, and when nobody else was
    beaten (every other side escaped) the ending is the escape, with no winner. Past the turn
    limit (a scenario field) it is a draw. The end waits for the hits still to be marked."""
    first = ""  # asked after every choice: stops at the second side still fighting
    for ship in state.ships.values():
        if ship.fighting:
            if not first:
                first = ship.side
            elif ship.side != first:
                if state.round > state.turn_limit:
                    reason = f"{state.turn_limit} turns fought to a draw"
                    return Result(None, reason, Ending.ROUND_LIMIT)
                return None
    # at most one side has ships left: the end, once the hits that landed with the blow that
    # decided it are marked (the burns' Heat hits land all at once, D3): a ship still to mark
    # one may be taken out by it too
    if state.hits and state.ships[state.hits[0].ship].fighting:
        return None
    gone = [side for side in state.sides() if side != first]
    escaped = [
        side
        for side in gone
        if all(s.out == "off the map" for s in state.ships.values() if s.side == side)
    ]
    fled = f"{', '.join(escaped)} left by the map edge: escaped"
    beaten = [side for side in gone if side not in escaped]
    if escaped and (not first or not beaten):
        return Result(None, fled, Ending.BUG_OUT)
    winner = first or None
    outs = {s.out for s in state.ships.values() if s.side in beaten}
    if outs == {"conceded"}:
        reason = f"{', '.join(beaten)} conceded"
        ending = Ending.CONCESSION
    else:
        reason = f"{winner} has the field" if winner else "no ship is left"
        ending = Ending.TAKEN_OUT
    return Result(winner, f"{reason}; {fled}" if escaped else reason, ending)
