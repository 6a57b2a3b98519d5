"""Succeeding with style on an attack (C2, C6): the full hit, or one shift less and a boost."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from shiftdrive.conflict.absorb import deliver_hit
from shiftdrive.conflict.exchange import HostedAction
from shiftdrive.conflict.host import CS
from shiftdrive.conflict.roll import add_boost, boost_event
from shiftdrive.engine.choices import Choice

if TYPE_CHECKING:
    from shiftdrive.core.dice import DiceSource
    from shiftdrive.engine.events import Event
    from shiftdrive.engine.ruleset import Turn


@lru_cache(maxsize=256)
def full_hit(hit: int) -> Choice:
    """Taking a hit of `hit` whole (made once per size: a choice is a value)."""
    return Choice.of("full", label=f"Full hit of {hit}")


class FullHit(HostedAction[CS]):
    name = "full"

    def options(self, state: CS, turn: Turn) -> list[Choice]:
        roll = state.roll
        assert roll is not None
        return [full_hit(roll.hit)]

    def apply(self, state: CS, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        roll = state.roll
        assert roll is not None
        return deliver_hit(self.host, state, roll)


class TradeForBoost(HostedAction[CS]):
    name = "boost"

    def options(self, state: CS, turn: Turn) -> list[Choice]:
        roll = state.roll
        assert roll is not None
        return [Choice.of("boost", label=f"Hit of {roll.hit - 1} and a boost")]

    def apply(self, state: CS, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        roll = state.roll
        assert roll is not None
        roll.hit -= 1
        boost = add_boost(state, f"{roll.actor}'s Momentum", roll.actor)
        return [boost_event(roll.actor, boost, "style trade"), *deliver_hit(self.host, state, roll)]
