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
from shiftdrive.core.dice import roll_fudge
from shiftdrive.engine.actions import Action, ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import GM, Event
from shiftdrive.rulesets.pilot_wave.catalog import (
    EXCHANGE_SECONDS,
    HIGH_G_DIFFICULTY,
    HIGH_G_OUT_SECONDS,
)
from shiftdrive.rulesets.pilot_wave.order import (
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
FATE_DICE: Final = 4
HIGH_G: Final = "high_g"
SPACE_OPS: Final = "Space Ops"


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


def side_order(state: PilotWaveState, dice: DiceSource) -> list[Event]:
    """P8: each side's best Aware tactician rolls Tactics + 4dF + the side's bid; the highest
    wins. Ties go to the higher bid, then the earlier listed side (a documented default); a
    side with nobody Aware makes no roll and ranks last. With only one side Aware (`contested`
    is false) nobody rolls: that side wins the order."""
    rolls: list[dict[str, object]] = []
    scores: dict[str, tuple[int, int, int]] = {}
    rolled = contested(state)
    for i, side in enumerate(state.sides):
        bid = state.bids.get(side) or 0
        state.spent_on_order[side] = bid
        who = tactician(state, side)
        if who is None:
            scores[side] = (-(10**6), 0, -i)
            continue
        if not rolled:
            scores[side] = (0, 0, -i)
            continue
        f = state.fighters[who]
        faces = list(
            roll_fudge(dice, FATE_DICE, why=f"{who}: Tactics for side order", who=who).faces
        )
        total = f.skill(TACTICS) + sum(faces) + bid
        scores[side] = (total, bid, -i)
        rolls.append({"side": side, "who": who, "dice": faces, "bid": bid, "total": total})
    state.rank = sorted(state.sides, key=lambda s: scores[s], reverse=True)
    state.picker = state.rank[0]
    reset_pools(state)
    aware = [side for side in state.sides if tactician(state, side) is not None]
    data = {"rolls": rolls, "winner": state.picker, "aware": aware}
    return [Event("side_order", data=data, visible_to=None)]


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
        if all(b is not None for b in state.bids.values()):
            events += side_order(state, dice)
        return events


class First(HostedAction[PilotWaveState]):
    """P8: the side-order winner chooses which side acts first this exchange. At the start of
    a later exchange each Surprised character rolls Notice against the best Stealth of the
    Aware enemies; winning ends its surprise at the end of the exchange. In a scene beyond 6G
    the high-G rolls follow (P7, `high_g`)."""

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
            events += notice_rolls(state, dice)
        if state.settings.get("high_g"):
            events += high_g(self.host, state, dice)
        return events


def high_g(host: Host[PilotWaveState], state: PilotWaveState, dice: DiceSource) -> list[Event]:
    """P7, in a scene beyond 6G: each exchange every character overcomes Space Ops against
    Difficult (+3) or takes a physical hit of the shortfall, one roll after another (`HighG`);
    once a minute has passed beyond 6G (the exchanges before this one, by the scale's exchange
    duration), everyone still in the fight is taken out: at Long scale the first exchange is
    rolled, the second takes them out."""
    events: list[Event] = []
    if (state.exchange - 1) * EXCHANGE_SECONDS[state.scale] >= HIGH_G_OUT_SECONDS:
        for f in state.active():
            f.status = TAKEN_OUT
            events.append(Event("high_g", data={"who": f.name, "out": True}, visible_to=None))
        return events + finish(state, None, "a minute beyond 6G has taken everyone out")
    state.high_g_left = [f.name for f in state.active()]
    return events + next_high_g(host, state, dice)


def next_high_g(host: Host[PilotWaveState], state: PilotWaveState, dice: DiceSource) -> list[Event]:
    """The next high-G roll of the exchange, once nothing else is in hand: the library's roll
    (`roll_and_open`), so its invoke window offers invokes (C4) and the side's Tactics points
    (P6). A roll that nobody could change resolves at once and the next follows; a shortfall's
    hit is absorbed before the next roll. (The rules call this after every choice.)"""
    events: list[Event] = []
    while state.high_g_left and state.roll is None and state.ended is None:
        f = state.fighters[state.high_g_left.pop(0)]
        if not f.active:
            continue
        roll = Roll(action=HIGH_G, actor=f.name, skill=SPACE_OPS, difficulty=HIGH_G_DIFFICULTY)
        state.roll = roll
        data = {"action": HIGH_G, "who": f.name, "skill": SPACE_OPS, "difficulty": roll.difficulty}
        events.append(Event("declare", data=data, visible_to=None))
        events += roll_and_open(host, state, roll, dice)
    if state.ended is not None:
        state.high_g_left = []
    return events


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


def notice_rolls(state: PilotWaveState, dice: DiceSource) -> list[Event]:
    """P8: a Surprised character that wins Notice against Stealth (a tie is enough: an
    overcome) is Aware from the end of this exchange."""
    events: list[Event] = []
    for f in list(state.fighters.values()):
        if not (f.active and f.surprised):
            continue
        enemies = [e for e in state.fighters.values() if e.side != f.side and e.aware]
        if not enemies:
            continue
        hider = max(enemies, key=lambda e: e.skill("Stealth"))
        events.append(contest(state, f.name, hider.name, dice))
        if events[-1].data["noticed"]:
            f.alerted = True
    return events


def contest(state: PilotWaveState, looker: str, hider: str, dice: DiceSource) -> Event:
    """One Notice vs Stealth roll (P8), both sides rolling 4dF."""
    a, b = state.fighters[looker], state.fighters[hider]
    mine = list(roll_fudge(dice, FATE_DICE, why=f"{looker}: Notice", who=looker).faces)
    theirs = list(roll_fudge(dice, FATE_DICE, why=f"{hider}: Stealth", who=hider).faces)
    notice = a.skill("Notice") + sum(mine)
    stealth = b.skill("Stealth") + sum(theirs)
    return Event(
        "notice",
        data={
            "who": looker, "hider": hider, "dice": mine, "hider_dice": theirs,
            "notice": notice, "stealth": stealth, "noticed": notice >= stealth,
        },
        visible_to=None,
    )  # fmt: skip


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
