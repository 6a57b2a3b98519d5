"""Tactics in a conflict (P6, P8): each side's secret bid from its Tactics pool, the opposed
Tactics roll for side order by each side's best Aware tactician, the winner's choice of who
acts first each exchange, a side choosing which of its characters acts, and the pool's roving
points added to a roll of the side after the dice, before the outcome is known."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar, Final

from shiftdrive.conflict.exchange import HostedAction, RollAction
from shiftdrive.conflict.host import TAKEN_OUT
from shiftdrive.conflict.invokes import next_side, roll_and_open
from shiftdrive.conflict.roll import Roll, totals
from shiftdrive.engine.actions import Action, ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import GM, Event
from shiftdrive.rulesets.pilot_wave.catalog import (
    EXCHANGE_SECONDS,
    HIGH_G_DIFFICULTY,
    HIGH_G_OUT_SECONDS,
)
from shiftdrive.rulesets.pilot_wave.order import (
    NOTICE,
    SIDE_ORDER,
    TACTICS,
    entry_for,
    finish,
    pool,
    reset_pools,
)
from shiftdrive.rulesets.pilot_wave.state import PilotWaveState

if TYPE_CHECKING:
    from shiftdrive.conflict.host import Host
    from shiftdrive.core.dice import DiceSource
    from shiftdrive.core.outcomes import Outcome
    from shiftdrive.engine.ruleset import Turn

POINTS_PARAMS: Final = {"points": ParamKind.NUMBER}
SIDE_PARAMS: Final = {"side": ParamKind.OPTION}
WHO_PARAMS: Final = {"who": ParamKind.UNIT}
HIGH_G: Final = "high_g"
SPACE_OPS: Final = "Space Ops"
#: a Notice roll at the start against a side lying in wait (a loss: Surprised), not one of a
#: Surprised character's later rolls (a win: Aware from the exchange's end)
AMBUSH: Final = "ambush"
#: the score of a side that has nobody Aware to roll for side order: it ranks last
NO_ROLL: Final = -(10**6)


def bid_choices(most: int) -> list[Choice]:
    """P6: a bid for side order, 0 to the whole pool (ship fights bid the same way)."""
    return [
        Choice.of("bid", points=n, label=f"Bid {n} of {most} Tactics point(s) for side order")
        for n in range(most + 1)
    ]


def roving_choices(left: int) -> list[Choice]:
    """P6: roving points added to the roll in hand, 1 to what is left of the pool."""
    return [roving_choice(n, left) for n in range(1, left + 1)]


def roving_choice(n: int, left: int) -> Choice:
    """`n` of the `roving_choices` with `left` points in the pool, built alone."""
    return Choice.of(
        "tactics", points=n, label=f"Add {n} Tactics point(s) from the pool ({left} left)"
    )


def tactician(state: PilotWaveState, side: str) -> str | None:
    """P8: the side's best Aware tactician (ties by listing order); None when none is Aware."""
    aware = [f for f in state.fighters.values() if f.side == side and f.aware]
    if not aware:
        return None
    return max(aware, key=lambda f: f.skill(TACTICS)).name


def contested(state: PilotWaveState) -> bool:
    """P8: side order is rolled for "if opposing characters are Aware, or if neither side is
    Surprised": when two sides or more have someone Aware. Otherwise only the Aware side can
    act, and nobody bids or rolls."""
    aware = 0
    for side in state.sides:
        if tactician(state, side) is not None:
            aware += 1
    return aware >= 2


def start_order(state: PilotWaveState) -> list[Event]:
    """P8, once every bid is in: the side-order roll is queued (`next_rolls` makes it). With
    two sides Aware it is one opposed roll, each side's best Aware tactician's Tactics + 4dF +
    its bid; with three or more each side rolls in turn, in the order they are listed, against
    the best total so far (the first against Mediocre (0)), a documented default. Each is the
    library's roll, so each has its invoke window (C4). With only one side Aware (`contested`
    is false) nobody rolls: that side wins the order."""
    for side in state.sides:
        state.spent_on_order[side] = state.bids.get(side) or 0
    rolling = [side for side in state.sides if tactician(state, side) is not None]
    if len(rolling) < 2:
        return rank_sides(state)
    state.order_left = rolling
    return []


def order_roll(host: Host[PilotWaveState], state: PilotWaveState, dice: DiceSource) -> list[Event]:
    """The next side-order roll (`start_order`): the bid goes on the roll before the dice; the
    side's Tactics pool adds no roving points to it (P6: the bid is the pool's part in it)."""
    left = state.order_left
    side = left[0]
    who = tactician(state, side) or ""
    bid = state.spent_on_order.get(side, 0)
    if len(left) == 2 and not state.order_scores:  # the two sides: one opposed roll
        other = left[1]
        state.order_left = []
        roll = Roll(
            action=SIDE_ORDER, actor=who, skill=TACTICS, target=tactician(state, other),
            defend_skill=TACTICS, actor_bonus=bid, opp_bonus=state.spent_on_order.get(other, 0),
        )  # fmt: skip
    else:
        state.order_left = left[1:]
        best = max(state.order_scores.values(), default=0)
        roll = Roll(action=SIDE_ORDER, actor=who, skill=TACTICS, difficulty=best, actor_bonus=bid)
    state.roll = roll
    return roll_and_open(host, state, roll, dice)


class OrderRoll(RollAction[PilotWaveState]):
    """P8: a side-order roll (started by `order_roll`, never chosen from a menu): the opposed
    roll scores its shifts for the roller's side and the same against the other; a roll in
    turn (three sides or more) scores its total less the obstacles invoked on it."""

    name = SIDE_ORDER

    def resolve(
        self, state: PilotWaveState, roll: Roll, shifts: int, outcome: Outcome
    ) -> list[Event]:
        total, opp = totals(state, roll)
        side = state.side_of(roll.actor)
        state.order_rolls.append(
            {"side": side, "who": roll.actor, "dice": list(roll.actor_faces),
             "bid": state.spent_on_order.get(side, 0), "total": total}
        )  # fmt: skip
        if roll.target is not None:
            other = state.side_of(roll.target)
            state.order_scores[side] = shifts
            state.order_scores[other] = -shifts
            state.order_rolls.append(
                {"side": other, "who": roll.target, "dice": list(roll.opp_faces),
                 "bid": state.spent_on_order.get(other, 0), "total": opp}
            )  # fmt: skip
        else:
            state.order_scores[side] = total - roll.opp_bonus
        if state.order_left:
            return []
        return rank_sides(state)


def rank_sides(state: PilotWaveState) -> list[Event]:
    """P8: the sides ranked by their side-order scores; ties go to the higher bid, then the
    earlier listed side (a documented default); a side with nobody Aware ranks last. The
    winner picks who acts first every exchange; the pools are whole (less the bids, P6)."""
    scores: dict[str, tuple[int, int, int]] = {}
    for i, side in enumerate(state.sides):
        score = state.order_scores.get(side)
        if score is None:
            score = 0 if tactician(state, side) is not None else NO_ROLL
        scores[side] = (score, state.spent_on_order.get(side, 0), -i)
    state.rank = sorted(state.sides, key=lambda s: scores[s], reverse=True)
    state.picker = state.rank[0]
    reset_pools(state)
    aware = [side for side in state.sides if tactician(state, side) is not None]
    data = {"rolls": state.order_rolls, "winner": state.picker, "aware": aware}
    state.order_rolls = []
    state.order_scores = {}
    return [Event("side_order", data=data, visible_to=None)]


def open_bids(state: PilotWaveState) -> list[Event]:
    """Surprise settled at the start (P8): who is Surprised is told; each side with Tactics
    points bids in secret (P6), none when only one side is Aware (nothing to win)."""
    events = [
        Event("surprised", data={"who": f.name}, visible_to=None)
        for f in state.fighters.values()
        if f.surprised
    ]
    asked = contested(state)
    for name in state.sides:
        state.bids[name] = None if asked and pool(state, name) > 0 else 0
    return events


def next_rolls(host: Host[PilotWaveState], state: PilotWaveState, dice: DiceSource) -> list[Event]:
    """The conflict's own rolls, one at a time once nothing else is in hand, each the
    library's roll (`roll_and_open`) with its invoke window (C4): at the start the Notice
    rolls against a side lying in wait, then the bids, then the side-order roll (P8); at the
    start of a later exchange the Surprised characters' Notice rolls, then the high-G rolls
    (P7). A roll that nobody could change resolves at once and the next follows. (Set-up
    calls this, and the rules after every choice while any is still to come.)"""
    events: list[Event] = []
    while state.roll is None and state.ended is None:
        if state.notice_left:
            events += notice_roll(host, state, dice)
        elif state.order_left:
            events += order_roll(host, state, dice)
        elif not state.rank:
            if not state.bids:
                events += open_bids(state)
            if any(b is None for b in state.bids.values()):
                break  # the secret bids come first
            events += start_order(state)
        elif state.high_g_left:
            events += high_g_roll(host, state, dice)
        else:
            break
    if state.ended is not None:
        state.high_g_left = []
        state.notice_left = []
    return events


class Bid(Action[PilotWaveState]):
    """P6: the points a side takes from its Tactics pool for the side-order roll, in secret;
    they are gone for the whole conflict."""

    name = "bid"
    params: ClassVar[Mapping[str, ParamKind]] = POINTS_PARAMS

    def options(self, state: PilotWaveState, turn: Turn) -> list[Choice]:
        return bid_choices(pool(state, turn.seat))

    def apply(
        self, state: PilotWaveState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        state.bids[turn.seat] = choice.int_param("points")
        events = [
            Event(
                "bid",
                data={"side": turn.seat, "points": choice.int_param("points")},
                visible_to=frozenset({turn.seat, GM}),
            )
        ]
        return events  # (once every bid is in, `next_rolls` makes the side-order roll)


class First(HostedAction[PilotWaveState]):
    """P8: the side-order winner chooses which side acts first this exchange. At the start of
    a later exchange each Surprised character rolls Notice against the best Stealth of the
    Aware enemies; winning ends its surprise at the end of the exchange. In a scene beyond 6G
    the high-G rolls follow (P7, `high_g`); each is rolled in turn by `next_rolls`."""

    name = "first"
    params: ClassVar[Mapping[str, ParamKind]] = SIDE_PARAMS

    def options(self, state: PilotWaveState, turn: Turn) -> list[Choice]:
        return [
            Choice.of("first", side=s, label=f"{s} acts first this exchange")
            for s in state.sides
            if state.active(s)
        ]

    def apply(
        self, state: PilotWaveState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        first = choice.str_param("side")
        state.order = [first, *(s for s in state.rank if s != first)]
        state.turn = 0
        events = [Event("first", data={"side": first, "by": turn.seat}, visible_to=None)]
        if state.exchange > 1:
            state.notice_left = [
                [f.name, ""] for f in state.fighters.values() if f.active and f.surprised
            ]
        if state.settings.get("high_g"):
            events += high_g(state)
        return events  # (the rolls follow: `next_rolls`)


def high_g(state: PilotWaveState) -> list[Event]:
    """P7, in a scene beyond 6G: each exchange every character overcomes Space Ops against
    Difficult (+3) or takes a physical hit of the shortfall, one roll after another
    (`high_g_roll`, queued here); once a minute has passed beyond 6G (the exchanges before
    this one, by the scale's exchange duration), everyone still in the fight is taken out: at
    Long scale the first exchange is rolled, the second takes them out."""
    events: list[Event] = []
    if (state.exchange - 1) * EXCHANGE_SECONDS[state.scale] >= HIGH_G_OUT_SECONDS:
        for f in state.active():
            state.set_status(f, TAKEN_OUT)
            events.append(Event("high_g", data={"who": f.name, "out": True}, visible_to=None))
        return events + finish(state, None, "a minute beyond 6G has taken everyone out")
    state.high_g_left = [f.name for f in state.active()]
    return events


def high_g_roll(host: Host[PilotWaveState], state: PilotWaveState, dice: DiceSource) -> list[Event]:
    """The next high-G roll of the exchange (`next_rolls`): the library's roll, so its invoke
    window offers invokes (C4) and the side's Tactics points (P6); a shortfall's hit is
    absorbed before the next roll."""
    f = state.fighters[state.high_g_left.pop(0)]
    if not f.active:
        return []
    roll = Roll(action=HIGH_G, actor=f.name, skill=SPACE_OPS, difficulty=HIGH_G_DIFFICULTY)
    state.roll = roll
    data = {"action": HIGH_G, "who": f.name, "skill": SPACE_OPS, "difficulty": roll.difficulty}
    return [Event("declare", data=data, visible_to=None), *roll_and_open(host, state, roll, dice)]


class HighG(RollAction[PilotWaveState]):
    """P7: a character's Space Ops against Difficult (+3) beyond 6G (started by `high_g`,
    never chosen from a menu); the shortfall is a physical hit, absorbed before the next roll."""

    name = HIGH_G

    def resolve(
        self, state: PilotWaveState, roll: Roll, shifts: int, outcome: Outcome
    ) -> list[Event]:
        total, _ = totals(state, roll)
        short = max(0, -shifts)
        data = {"who": roll.actor, "dice": list(roll.actor_faces), "total": total, "hit": short}
        if short:
            state.hits.append([roll.actor, short, roll.actor])
        return [Event("high_g", data=data, visible_to=None)]


def notice_roll(host: Host[PilotWaveState], state: PilotWaveState, dice: DiceSource) -> list[Event]:
    """The next Notice vs Stealth roll (P8; `next_rolls`), the library's opposed roll with its
    invoke window (C4): at the start, a character not yet Surprised against the best Stealth
    of a side lying in wait (a loss leaves it Surprised); at the start of a later exchange, a
    Surprised character still in the fight against the best Stealth among the Aware enemies
    (a win: Aware from the exchange's end). A tie goes to the one noticing (an overcome)."""
    looker, ambusher = state.notice_left.pop(0)
    f = state.fighters[looker]
    if ambusher:
        if f.surprised:
            return []
        hiders = [e for e in state.fighters.values() if e.side == ambusher]
    else:
        if not (f.active and f.surprised):
            return []
        hiders = [e for e in state.fighters.values() if e.side != f.side and e.aware]
        if not hiders:
            return []
    hider = max(hiders, key=lambda e: e.skill("Stealth"))
    roll = Roll(
        action=NOTICE, actor=looker, skill="Notice", target=hider.name, defend_skill="Stealth",
        mode=AMBUSH if ambusher else "",
    )  # fmt: skip
    state.roll = roll
    return roll_and_open(host, state, roll, dice)


class NoticeRoll(RollAction[PilotWaveState]):
    """P8: a Notice vs Stealth roll (started by `notice_roll`, never chosen from a menu)."""

    name = NOTICE

    def resolve(
        self, state: PilotWaveState, roll: Roll, shifts: int, outcome: Outcome
    ) -> list[Event]:
        total, opp = totals(state, roll)
        noticed = shifts >= 0
        f = state.fighters[roll.actor]
        if roll.mode == AMBUSH:
            if not noticed:
                f.surprised = True
        elif noticed:
            f.alerted = True
        return [
            Event(
                "notice",
                data={
                    "who": roll.actor, "hider": roll.target, "dice": list(roll.actor_faces),
                    "hider_dice": list(roll.opp_faces), "notice": total, "stealth": opp,
                    "noticed": noticed,
                },
                visible_to=None,
            )
        ]  # fmt: skip


class Act(Action[PilotWaveState]):
    """P8: the side's players choose which Aware character acts now."""

    name = "act"
    params: ClassVar[Mapping[str, ParamKind]] = WHO_PARAMS

    def options(self, state: PilotWaveState, turn: Turn) -> list[Choice]:
        return [
            Choice.of("act", who=f.name, label=f"{f.name} acts") for f in state.ready(turn.seat)
        ]

    def apply(
        self, state: PilotWaveState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        entry_for(state, choice.str_param("who"))
        return []


class RovingPoints(HostedAction[PilotWaveState]):
    """P6: add points from the side's Tactics pool to its own roll in hand, +1 each, after the
    dice and before the outcome (in the invoke window)."""

    name = "tactics"
    params: ClassVar[Mapping[str, ParamKind]] = POINTS_PARAMS

    def options(self, state: PilotWaveState, turn: Turn) -> list[Choice]:
        return roving_choices(self.host.roving(state, turn.seat))

    def apply(
        self, state: PilotWaveState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        roll = state.roll
        assert roll is not None
        n = choice.int_param("points")
        state.pools[turn.seat] -= n
        if turn.seat == state.side_of(roll.actor):
            roll.actor_bonus += n
        else:
            roll.opp_bonus += n
        roll.passed = []
        total, opp = totals(state, roll)
        return [
            Event(
                "tactics",
                data={"side": turn.seat, "points": n, "left": state.pools[turn.seat]},
                visible_to=None,
            ),
            Event("standing", data={"total": total, "opposition": opp}, visible_to=None),
            *next_side(self.host, state, roll, turn.seat, first=True),
        ]
