"""Side order in a ship fight (P8, P12): the side that won the Tactics + drive roll picks, at
the start of every exchange, which side acts first in every phase of it; the others follow by
their totals."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from shiftdrive.core.dice import DiceSource
from shiftdrive.engine.actions import Action, ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import Turn
from shiftdrive.rulesets.pilot_wave.ships.state import ShipState


class FirstSide(Action[ShipState]):
    name = "first_side"
    params: ClassVar[Mapping[str, ParamKind]] = {"side": ParamKind.OPTION}

    def options(self, state: ShipState, turn: Turn) -> list[Choice]:
        return [Choice.of("first_side", f"{side} acts first", side=side) for side in state.order]

    def apply(self, state: ShipState, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        first = choice.str_param("side")
        state.order = [first] + [s for s in state.order if s != first]
        state.picker = None
        return [Event("ship_first", data={"picker": turn.seat, "first": first,
                                          "exchange": state.exchange})]  # fmt: skip
