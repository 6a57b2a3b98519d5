"""What a roll does once its invoke window closes, by action (each phase module registers
its own; `invokes.to_stage` looks them up)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from shiftdrive.core.dice import DiceSource
from shiftdrive.engine.events import Event
from shiftdrive.rulesets.tachyon.state import Roll, TachyonState

Outcome = Callable[[TachyonState, Roll, DiceSource], list[Event]]

#: action name -> its outcome
OUTCOMES: Final[dict[str, Outcome]] = {}

#: rolled actions whose shifts become a hit (T2): every shift counts, not only the band, so
#: their invoke steps stay open while a +2 changes the hit (`invokes.may_invoke`)
HITS: Final[set[str]] = set()

#: rolled actions whose failure may be a hit on the roller (seed "Fire at large target": "On
#: failure: if within range of active defenses attacker takes damage equal to shifts plus
#: weapons"): whether this roll's failure would be (`damage.backlash_rating`). Every shift
#: of such a failure counts too, for both sides (`invokes.may_invoke`).
BACKLASH: Final[dict[str, Callable[[TachyonState, Roll], bool]]] = {}


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
