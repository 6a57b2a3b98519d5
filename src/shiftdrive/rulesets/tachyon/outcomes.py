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


def tie_succeeds(state: TachyonState, fixed: bool) -> bool:
    """A tie against a fixed difficulty counts as a success (option `tie_succeeds`): the one
    rule an outcome (`actions.outcome`), its odds (`rolls.plan_query`) and whether an invoke
    step can matter (`invokes.may_invoke`) all read."""
    return fixed and bool(state.options["tie_succeeds"])
