"""What a bot or a user interface may ask of a Fully Automated! fight, beside the rules.

Every answer is the rules' own (the same functions the rules use), never a restatement:
reach and ranges (`attack_options`, `attack_from`, `farthest`, `range_status`), lines of attack
and cover (`sight`, `sight_between`), movement (`move_allowance`), the cards and the board,
and the open decision narrowed to what a bot weighs (`stand_options`, `target_options`,
`withdraw_stay`) without listing and re-reading every legal choice.
"""

from __future__ import annotations

from shiftdrive.engine.choices import Choice
from shiftdrive.maps.hexgrid import Hex
from shiftdrive.rulesets.fully_automated.attacks import TargetOption
from shiftdrive.rulesets.fully_automated.attacks import target_options as _target_options
from shiftdrive.rulesets.fully_automated.geometry import Board, Sight, sight
from shiftdrive.rulesets.fully_automated.light import LIGHT_ATTACK, LIGHT_SENTENCES
from shiftdrive.rulesets.fully_automated.movement import STAY, plain_moves, step_stands
from shiftdrive.rulesets.fully_automated.reach import (
    attack_from,
    attack_options,
    farthest,
    range_status,
    reachable,
)
from shiftdrive.rulesets.fully_automated.rounds import turns
from shiftdrive.rulesets.fully_automated.scenario import CardSpec
from shiftdrive.rulesets.fully_automated.state import FAState
from shiftdrive.rulesets.fully_automated.table import (
    board,
    card,
    layout,
    occupants,
    proficient,
    sight_between,
)
from shiftdrive.rulesets.fully_automated.walks import move_allowance

__all__ = [
    "LIGHT_ATTACK",
    "LIGHT_SENTENCES",
    "Board",
    "CardSpec",
    "Sight",
    "TargetOption",
    "attack_from",
    "attack_options",
    "board",
    "card",
    "farthest",
    "layout",
    "move_allowance",
    "occupants",
    "proficient",
    "range_status",
    "sight",
    "sight_between",
    "stand_options",
    "target_options",
    "targets",
    "turns",
    "withdraw_stay",
]


def targets(state: FAState, a: str) -> list[str]:
    """Whom the current attacker's card can reach this round."""
    atk = state.attack
    assert atk is not None
    return list(reachable(state, a, atk.card, atk.movement_left))


def _turn_kind(state: FAState, seat: str) -> str | None:
    """The kind of `seat`'s first open turn (`rounds.turns`), or None."""
    for turn in turns(state):
        if turn.seat == seat:
            return turn.kind
    return None


def stand_options(state: FAState, seat: str) -> list[tuple[Hex, Choice]] | None:
    """Where `seat` may end up standing, each hex with its choice, when its decision now is
    only that: a stepping defender's (attacked or not) stay and steps, which are all its
    legal choices, or the first mover's plain moves (neither aimed nor dragging a body),
    which its legal list starts with; in the legal order. None for any other decision.

    A bot weighing hexes asks this instead of `legal`: no aimed moves or bodies to list
    and filter, no hex to read back out of each choice."""
    f = state.fighters.get(seat)
    if f is None or f.pos is None:
        return None
    kind = _turn_kind(state, seat)
    if kind == "step" or kind == "defend_step":
        return step_stands(state, seat)
    if kind == "move":
        return plain_moves(state, seat)
    return None


def withdraw_stay(state: FAState, seat: str) -> Choice | None:
    """`stay`, when `seat` is the attacker deciding whether to withdraw (always one of its
    legal choices then), asked alone: a bot that stays needs no list of steps."""
    return STAY if _turn_kind(state, seat) == "withdraw" else None


def target_options(state: FAState, seat: str) -> list[TargetOption] | None:
    """The attacker's `target` choices (the legal ones, in order, before `hold`), each with
    the target, the hex it attacks from and its range (0 normal, 1 disadvantaged): for a
    bot weighing them without reading each choice back. None unless `seat` is picking the
    target of its attack now."""
    atk = state.attack
    if atk is None or _turn_kind(state, seat) != "target":
        return None
    return _target_options(state, seat, atk)
