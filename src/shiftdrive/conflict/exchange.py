"""The stages of a roll as turns: who decides what while a roll is in hand, and the actions
each stage offers. A host's `turns` and `menu` use these for the roll in progress."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from mypy_extensions import mypyc_attr

from shiftdrive.conflict.host import CS, Host
from shiftdrive.engine.actions import Action
from shiftdrive.engine.ruleset import Turn

if TYPE_CHECKING:
    from shiftdrive.conflict.host import ConflictState
    from shiftdrive.conflict.roll import Roll
    from shiftdrive.core.outcomes import Outcome
    from shiftdrive.engine.events import Event

INVOKE_WINDOW: Final = "invoke"

#: the actions offered at each stage of a roll
STAGE_MENUS: Final[dict[str, tuple[str, ...]]] = {
    "defend": ("defend", "concede"),
    "invoke": ("invoke", "pass"),
    "style": ("full", "boost"),
    "absorb": ("absorb", "taken_out"),
}


def stage_turn(state: ConflictState, roll: Roll) -> Turn:
    """The one decision a roll waits on: the defense, an invoke (or pass), style, absorbing."""
    if roll.stage == "defend":
        return Turn(state.side_of(roll.target or ""), "defend", roll.target)
    if roll.stage == "invoke":
        actor_side = state.side_of(roll.actor)
        who = roll.actor if roll.turn_side == actor_side else roll.target
        return Turn(roll.turn_side, "invoke", who, window=INVOKE_WINDOW)
    if roll.stage == "style":
        return Turn(state.side_of(roll.actor), "style", roll.actor)
    return Turn(state.side_of(roll.target or ""), "absorb", roll.target)


@mypyc_attr(allow_interpreted_subclasses=True)
class HostedAction(Action[CS]):
    """An action spec of the library, bound to the host ruleset whose rules it asks."""

    def __init__(self, host: Host[Any]) -> None:
        self.host = host


@mypyc_attr(allow_interpreted_subclasses=True)
class RollAction(HostedAction[CS]):
    """An action that rolls: once its invoke window closes, `resolve` says what it did."""

    def resolve(self, state: CS, roll: Roll, shifts: int, outcome: Outcome) -> list[Event]:
        raise NotImplementedError(f"action {self.name} does not roll")
