"""The stages of a roll as turns: who decides what while a roll is in hand, and the actions
each stage offers. A host's `turns` and `menu` use these for the roll in progress."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, Final

from mypy_extensions import mypyc_attr

from shiftdrive.conflict.host import CS, Host
from shiftdrive.engine.actions import Action
from shiftdrive.engine.ruleset import Turn

if TYPE_CHECKING:
    from shiftdrive.conflict.host import ConflictState
    from shiftdrive.conflict.roll import Roll
    from shiftdrive.core.outcomes import Outcome
    from shiftdrive.engine.choices import Choice
    from shiftdrive.engine.events import Event

INVOKE_WINDOW: Final = "invoke"

#: the actions offered at each stage of a roll
STAGE_MENUS: Final[dict[str, tuple[str, ...]]] = {
    "defend": ("defend", "concede"),
    "invoke": ("invoke", "pass"),
    "style": ("full", "boost"),
    "absorb": ("absorb", "taken_out"),
}


#: `shared_turn`'s turns by (seat, kind, actor, window); emptied when it grows past this
#: (many scenarios in one process), so it never holds more
TURNS_KEPT: Final = 4096
_TURNS: Final[dict[tuple[str, str, str | None, str | None], Turn]] = {}


def shared_turn(seat: str, kind: str, actor: str | None = None, window: str | None = None) -> Turn:
    """`Turn(seat, kind, actor, window=window)`, one object for each: a turn is a value,
    never changed, and a host names one after every choice (a frozen dataclass is slow to
    build, in the compiled build most of all)."""
    key = (seat, kind, actor, window)
    found = _TURNS.get(key)
    if found is None:
        if len(_TURNS) >= TURNS_KEPT:
            _TURNS.clear()
        found = _TURNS[key] = Turn(seat, kind, actor, window=window)
    return found


def stage_turn(state: ConflictState, roll: Roll) -> Turn:
    """The one decision a roll waits on: the defense, an invoke (or pass), style, absorbing."""
    if roll.stage == "defend":
        return shared_turn(state.side_of(roll.target or ""), "defend", roll.target)
    if roll.stage == "invoke":
        actor_side = state.side_of(roll.actor)
        who = roll.actor if roll.turn_side == actor_side else roll.target
        return shared_turn(roll.turn_side, "invoke", who, INVOKE_WINDOW)
    if roll.stage == "style":
        return shared_turn(state.side_of(roll.actor), "style", roll.actor)
    return shared_turn(state.side_of(roll.target or ""), "absorb", roll.target)


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


def rolls_of(specs: Mapping[str, Action[Any]]) -> dict[str, RollAction[Any]]:
    """The actions of a ruleset's specs that roll, by name: what its host's `resolve` asks
    once a roll's invoke window closes (`Host.rolls`)."""
    return {name: spec for name, spec in specs.items() if isinstance(spec, RollAction)}


def first_legal(rs: Any, state: Any, seat: str) -> Choice | None:
    """`rs.legal(state, seat)[0]` (None when there is no choice), building no more than it
    needs: an action that lists its choices one by one (`each_option`: absorbing a hit,
    creating an advantage) builds only its first, the others their own menu only."""
    for name in rs.standing(state, seat):
        found = _first_option(rs.actions[name], state, Turn(seat, name))
        if found is not None:
            return found
    for turn in rs.turns(state):
        if turn.seat == seat:
            for name in rs.menu(state, turn):
                found = _first_option(rs.actions[name], state, turn)
                if found is not None:
                    return found
    return None


def _first_option(spec: Action[Any], state: Any, turn: Turn) -> Choice | None:
    each = getattr(spec, "each_option", None)
    if each is None:
        options = spec.options(state, turn)
        return options[0] if options else None
    listed: Iterator[Choice] = each(state, turn)
    return next(listed, None)
