"""What a roll does once its invoke window closes, by action, and what it reads from the
roll's shifts (each phase module registers its own; `invokes.to_stage` looks the outcomes
up, `invokes.may_invoke` the readings)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from shiftdrive.core.dice import DiceSource
from shiftdrive.engine.events import Event
from shiftdrive.rulesets.tachyon.state import Roll, TachyonState

Outcome = Callable[[TachyonState, Roll, DiceSource], list[Event]]

#: action name -> its outcome
OUTCOMES: Final[dict[str, Outcome]] = {}

#: What a rolled action's outcome reads from its shifts (C4: an invoke step is worth a side's
#: time only where an invoke could change it): `floors`, the fewest shifts of each result
#: the outcome tells apart (sorted), and `each`, spans [lo, hi) in which every shift is a
#: result of its own (a hit's damage, Evasion, an initiative). Shifts below the first floor
#: (and outside the spans) are the lowest result.
Reading = tuple[tuple[int, ...], tuple[tuple[int, int], ...]]

#: no end to a span of shifts that all count
ENDLESS: Final = 1 << 30
#: C2: a success with style
STYLE: Final = 3

#: action name -> what its outcome reads from a roll in hand (each action states its own)
READS: Final[dict[str, Callable[[TachyonState, Roll], Reading]]] = {}


def success_floor(state: TachyonState, roll: Roll) -> int:
    """The fewest shifts that succeed: 0 where a tie succeeds (`roll_tie_succeeds`), else 1."""
    return 0 if roll_tie_succeeds(state, roll) else 1


# The common readings, by `success_floor` (0 or 1):
#: made or not (an overcome whose card reads no more: Move 2 zones, Full stop, repairs)
MADE: Final[tuple[Reading, Reading]] = (((0,), ()), ((1,), ()))
#: made, or made with style (Get on their tail / Enter dive, Move 3 zones: T10 free invokes)
MADE_OR_STYLE: Final[tuple[Reading, Reading]] = (((0, STYLE), ()), ((1, STYLE), ()))
#: C2's four results (C5 create an advantage: fail, tie a boost, success, style)
C2_BANDS: Final[tuple[Reading, Reading]] = (((0, STYLE), ()), ((0, 1, STYLE), ()))
#: made, and then every shift is the result (Evade's Evasion, Tactical refocus's initiative)
EVERY_SHIFT_MADE: Final[tuple[Reading, Reading]] = (
    ((), ((0, ENDLESS),)),
    ((), ((1, ENDLESS),)),
)
#: every shift either way (Pressure opponent: the loser drops by the shifts)
EVERY_SHIFT: Final[Reading] = ((), ((-ENDLESS, ENDLESS),))
#: an attack on a small craft: a tie a boost, then every shift a hit (T2, C6)
HIT_OR_BOOST: Final[Reading] = ((), ((0, ENDLESS),))
#: an attack on a small craft whose attacker cannot gain a boost (out of the fight)
HIT: Final[Reading] = ((), ((1, ENDLESS),))
#: a success, not its size (T11: a swarm broken up; T7: a craft found)
SUCCEEDS: Final[Reading] = ((1,), ())


def need_to_change(reading: Reading, shifts: int, upward: bool) -> int | None:
    """The fewest shifts that change what the outcome reads (`reading`), up for the roller,
    down for its opposition; None when nothing can (the top result going up, the lowest
    going down)."""
    floors, each = reading
    best: int | None = None
    if upward:
        for f in floors:
            if f > shifts:
                best = f - shifts
                break
        for lo, hi in each:
            nxt = lo if shifts < lo else shifts + 1
            if nxt < hi and (best is None or nxt - shifts < best):
                best = nxt - shifts
        return best
    for f in reversed(floors):
        if f <= shifts:
            best = shifts - f + 1
            break
    for lo, hi in each:
        if shifts >= lo:
            down = shifts - min(shifts, hi - 1) + 1
            if best is None or down < best:
                best = down
    return best


def tie_succeeds(state: TachyonState, fixed: bool) -> bool:
    """A tie against a fixed difficulty counts as a success (option `tie_succeeds`): the one
    rule an action's odds (`rolls.plan_query`), its outcome (`actions.outcome`) and whether
    an invoke step can matter (`invokes.may_invoke`) all read (the last two through
    `roll_tie_succeeds`)."""
    return fixed and bool(state.options["tie_succeeds"])


def roll_tie_succeeds(state: TachyonState, roll: Roll) -> bool:
    """`tie_succeeds` for a roll in hand: a create-an-advantage against a fixed difficulty
    keeps its tie a boost (C5; its plan's `ties`), so an invoke may still lift it to the
    aspect."""
    return roll.ties and tie_succeeds(state, roll.fixed)
