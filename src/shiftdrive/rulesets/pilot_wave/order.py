"""Whose turn it is in a Pilot Wave conflict (P8): the side-order bids, the roll in hand, the
winner's choice of who acts first each exchange, counter windows and declared actions on the
stack, then the sides alternating one Aware character at a time, the surplus after. How a
turn ends (boosts fade, C6), exchanges (surprise ends, pools reset, P6), and the end."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from shiftdrive.conflict.exchange import STAGE_MENUS, stage_turn
from shiftdrive.conflict.roll import decided_by, expire_boosts
from shiftdrive.conflict.roll import finish as conflict_ends
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import Ending, Turn
from shiftdrive.rulesets.pilot_wave.state import Declared, PilotWaveState, Roll

COUNTER_WINDOW: Final = "counter"
#: a character's turn: one substantial action (move, attack, create an advantage, an
#: interactive skill, switch a weapon's fire mode); reloading is insignificant and leaves the
#: turn open
TURN_MENU: Final = (
    "move", "attack", "advantage", "discover", "overcome", "reload", "switch_fire", "hold",
    "concede",
)  # fmt: skip
#: after moving only an attack may still be made (seed "Action"): not a switch of fire mode
AFTER_MOVE: Final = ("attack", "reload", "hold", "concede")
MENUS: Final[dict[str, tuple[str, ...]]] = {
    "bid": ("bid",),
    "first": ("first",),
    "pick": ("act",),
    #: the target of the declared action may also concede before its roll (C10)
    "counter": ("counter", "pass", "concede"),
    "carry_out": ("carry_out",),
    "follow": ("carry_out",),
}
TACTICS: Final = "Tactics"
#: the conflict's own rolls at the start of the conflict or of an exchange (P8)
NOTICE: Final = "notice"
SIDE_ORDER: Final = "side_order"
#: the invoke window's menu: the library's, and P6's roving Tactics points
INVOKE_MENU: Final = (*STAGE_MENUS["invoke"], "tactics")
PHYSICAL: Final = "physical"
MENTAL: Final = "mental"


def turns(state: PilotWaveState) -> list[Turn]:
    """`open_turns`, remembered until the state changes: it is asked several times per
    decision (the bot loop, the bot, `legal`, `apply`). The rules forget it in `apply` and
    after a GM override (`forget`)."""
    memo = state.turns_memo
    if memo is None:
        memo = state.turns_memo = open_turns(state)
    return memo


def forget(state: PilotWaveState) -> None:
    """The state has changed: whose turn it is must be worked out again."""
    state.turns_memo = None


def open_turns(state: PilotWaveState) -> list[Turn]:
    """The decisions the conflict waits on now (one, except the secret bids)."""
    if state.ended:
        return []
    bidding = [side for side, bid in state.bids.items() if bid is None]
    if bidding:
        return [Turn(side, "bid", secret=True) for side in bidding]
    if state.roll is not None:
        return [stage_turn(state, state.roll)]
    if not state.order:
        return [Turn(state.picker or state.sides[0], "first")]
    if state.stack:
        top = state.stack[-1]
        side = state.side_of(top.actor)
        if top.asking:
            return [Turn(top.asking, "counter", top.actor, window=COUNTER_WINDOW)]
        if not top.choice:
            return [Turn(side, "turn", top.actor)]
        return [Turn(side, "follow" if top.kind == "follow" else "carry_out", top.actor)]
    acting = next_side(state)
    if acting is None:
        return []
    ready = state.ready(acting)
    if len(ready) == 1:
        return [Turn(acting, "turn", ready[0].name)]
    return [Turn(acting, "pick")]


def menu(state: PilotWaveState, turn: Turn) -> tuple[str, ...]:
    if turn.kind == "turn":
        return AFTER_MOVE if state.moved_now else TURN_MENU
    if turn.kind in MENUS:
        return MENUS[turn.kind]
    roll = state.roll
    if roll is None:
        return ()
    if roll.stage == "invoke":
        return INVOKE_MENU
    return STAGE_MENUS[roll.stage]


def next_side(state: PilotWaveState) -> str | None:
    """The side to act next: from the one whose turn it is, the first with an Aware character
    yet to act (a side that has run out is passed over: the surplus acts after, P8)."""
    n = len(state.order)
    for k in range(n):
        side = state.order[(state.turn + k) % n]
        if state.ready(side):
            return side
    return None


def entry_for(state: PilotWaveState, actor: str) -> Declared:
    """The stack entry of `actor`'s turn, opened when the turn's first step is taken."""
    if not state.stack or state.stack[-1].actor != actor or state.stack[-1].choice:
        state.stack.append(Declared(actor))
    return state.stack[-1]


def pool(state: PilotWaveState, side: str) -> int:
    """P6: the sum of the side's Aware characters' Tactics, none below zero."""
    return pool_of(f.skill(TACTICS) for f in state.fighters.values() if f.side == side and f.aware)


def pool_of(tactics: Iterable[int]) -> int:
    """P6: a pool is the sum of its members' Tactics, none below zero (ship crews too)."""
    return sum(max(0, t) for t in tactics)


def reset_pools(state: PilotWaveState) -> None:
    """P6: each exchange the pool is whole again, less what was bid for side order."""
    for side in state.sides:
        state.pools[side] = max(0, pool(state, side) - state.spent_on_order.get(side, 0))


def end_turn(state: PilotWaveState) -> list[Event]:
    """A roll or an action is over. When it was a declared action being carried out, its
    entry leaves the stack and the actor has acted (boosts it held fade, C6); when the stack
    empties, the side turn passes on; when nobody is left to act, the exchange ends."""
    events = serve_hits(state)
    if events:
        return events
    if state.stack and state.stack[-1].resolving:
        entry = state.stack.pop()
        if entry.actor not in state.acted:
            state.acted.append(entry.actor)
        events += expire_boosts(state, entry.actor)
        state.turn_count += 1
        if not state.stack:
            side = state.side_of(entry.actor)
            if side in state.order:
                state.turn = (state.order.index(side) + 1) % len(state.order)
    fighting = {f.side for f in state.active()}
    sides_left = [s for s in state.sides if s in fighting]
    if len(sides_left) <= 1:
        winner = sides_left[0] if sides_left else None
        return events + finish(state, winner, "the other side is out of the fight")
    if state.order and not state.stack and state.roll is None and next_side(state) is None:
        events += next_exchange(state)
    return events


def serve_hits(state: PilotWaveState) -> list[Event]:
    """The next queued hit whose target is still in the fight waits on its absorbing."""
    while state.hits:
        target, hit, by = state.hits.pop(0)
        if state.fighters[target].active:
            return absorb_next(state, target, hit, by)
    return []


def absorb_next(state: PilotWaveState, target: str, hit: int, by: str) -> list[Event]:
    """A queued hit (a blast's neighbour, high G) waits on its target's absorbing."""
    roll = Roll(action="hit", actor=by, skill="", target=target, stage="absorb")
    roll.hit = hit
    roll.track = PHYSICAL
    state.roll = roll
    return [Event("hit", data={"target": target, "hit": hit, "track": PHYSICAL}, visible_to=None)]


def next_exchange(state: PilotWaveState) -> list[Event]:
    """The exchange is over: surprise ends for whoever was attacked or noticed the enemy (P8),
    moves are forgotten, pools reset (P6); the side-order winner chooses again."""
    events: list[Event] = []
    for f in state.fighters.values():
        if f.surprised and f.alerted and f.active:
            f.surprised = False
            events.append(Event("aware", data={"who": f.name}, visible_to=None))
        f.alerted = False
        f.moved = 0
    if not any(f.aware for f in state.fighters.values()):
        # Nobody could ever act again: the scene wakes everyone (a documented default).
        for f in state.active():
            f.surprised = False
            events.append(Event("aware", data={"who": f.name}, visible_to=None))
    state.exchange += 1
    state.acted = []
    state.order = []
    state.high_g_left = []  # (the new exchange's high-G rolls follow its `first`, P7)
    state.turn = 0
    if state.exchange > state.max_exchanges:
        state.exchange = state.max_exchanges
        why = f"the fight is broken off after {state.max_exchanges} exchanges"
        return events + finish(state, None, why, Ending.ROUND_LIMIT)
    reset_pools(state)
    events.append(Event("exchange", data={"exchange": state.exchange}, visible_to=None))
    return events


def finish(
    state: PilotWaveState, winner: str | None, why: str, how: Ending = Ending.TAKEN_OUT
) -> list[Event]:
    """The conflict ends (the library's `finish`, C7), `how` remembered: a round limit reads
    apart."""
    state.how = how.value
    return conflict_ends(state, winner, why)


def ending(state: PilotWaveState) -> Ending:
    if state.how == Ending.ROUND_LIMIT.value:
        return Ending.ROUND_LIMIT
    return decided_by(state)
