"""Side order in a ship fight (P6, P8, P12): each side's secret bid from its Tactics pool,
then the side that won the Tactics + drive + bid roll picks, at the start of every exchange,
which side acts first in every phase of it; the others follow by their totals."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from shiftdrive.core.dice import DiceSource
from shiftdrive.engine.actions import Action, ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import GM, Event
from shiftdrive.engine.ruleset import Turn
from shiftdrive.rulesets.pilot_wave.ships.setup import pool, side_order
from shiftdrive.rulesets.pilot_wave.ships.state import ShipState
from shiftdrive.rulesets.pilot_wave.tactics import bid_choices


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


class ShipBid(Action[ShipState]):
    """P6: the points a side takes from its Tactics pool for the side-order roll, in secret;
    they are gone for the whole fight. When every side has bid, the sides roll (P8, P12)."""

    name = "bid"
    params: ClassVar[Mapping[str, ParamKind]] = {"points": ParamKind.NUMBER}

    def options(self, state: ShipState, turn: Turn) -> list[Choice]:
        return bid_choices(pool(state, turn.seat))

    def apply(self, state: ShipState, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        state.bids[turn.seat] = choice.int_param("points")
        events = [
            Event("ship_bid", data={"side": turn.seat, "points": choice.int_param("points")},
                  visible_to=frozenset({turn.seat, GM}))
        ]  # fmt: skip
        if all(b is not None for b in state.bids.values()):
            events.append(side_order(state, dice))
        return events
