"""Invoking with a vehicle (C4): a vehicle spends its pilot's fate points (`setup`), so the two
are one purse, and one payer to the invoke window's rule of one paid invoke per aspect per
roll. When either pays for an aspect, the other may not pay for it again on that roll (else a
pilot would buy +4 from one aspect: as the vehicle, and again as its "ally")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from shiftdrive.conflict.invokes import InvokeAspect, paid_key
from shiftdrive.rulesets.star_wars.state import StarWarsState

if TYPE_CHECKING:
    from shiftdrive.core.dice import DiceSource
    from shiftdrive.engine.choices import Choice
    from shiftdrive.engine.events import Event
    from shiftdrive.engine.ruleset import Turn


class StarWarsInvoke(InvokeAspect[StarWarsState]):
    """The library's invoke; a paid one is marked paid for everyone sharing the payer's
    purse (a vehicle and its pilot)."""

    def apply(
        self, state: StarWarsState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        roll = state.roll
        if roll is not None and choice.str_param("payment") != "free":
            by = state.fighters[choice.str_param("by")]
            purse = by.fate_points
            for u in state.units_by_side.get(by.side) or ():
                if u is not by and u.fate_points is purse:
                    roll.paid.append(paid_key(u.name, choice.str_param("aspect")))
        return super().apply(state, turn, choice, dice)
