"""Side order in a ship fight (P6, P8, P12): each side's secret bid from its Tactics pool,
then the side that won the Tactics + drive + bid roll picks, at the start of every exchange,
which side acts first in every phase of it; the others follow by their totals. A side may
concede the fight on its turns (C10, C7)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from shiftdrive.core.dice import DiceSource
from shiftdrive.core.fate_points import EarnReason, concession_award
from shiftdrive.engine.actions import Action, ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import GM, Event
from shiftdrive.engine.ruleset import Turn
from shiftdrive.rulesets.pilot_wave.ships.flow import settle
from shiftdrive.rulesets.pilot_wave.ships.setup import pool, side_order
from shiftdrive.rulesets.pilot_wave.ships.space import tell
from shiftdrive.rulesets.pilot_wave.ships.state import CONCEDED, ShipState
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
            events += side_order(state, dice)
        return events


class Concede(Action[ShipState]):
    """C10 (seed "Turn Order": "Exchanges continue until one of the sides concedes or is taken
    out"): a side concedes on one of its ships' turns from the movement phase on, before the
    exchange's rolls against it (`flow.MENUS`). Every ship of the side still in the fight
    leaves it; each ship's crew earns its fate points per C7: one, plus one per consequence
    taken in this fight, the ship's and its crew's. The side's attacks not yet struck lapse
    with it."""

    name = "concede"

    def options(self, state: ShipState, turn: Turn) -> list[Choice]:
        return [Choice.of("concede", f"{turn.seat} concedes the fight")]

    def apply(self, state: ShipState, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        """The concession is public; what each ship earns is told only to the sides that see
        it (an undetected ship stays unnamed)."""
        events = [Event("ship_concedes", data={"side": turn.seat})]
        gone: set[str] = set()
        for ship in state.ships.values():
            if ship.side != turn.seat or not ship.active:
                continue
            taken = ship.consequences.count_taken_in_conflict() + sum(
                c.consequences.count_taken_in_conflict() for c in ship.crew
            )
            n = concession_award(taken)
            ship.fate_points.earn(EarnReason.CONCESSION, n)
            ship.status = CONCEDED
            gone.add(ship.name)
            events.append(tell("ship_conceded", {"ship": ship.name, "fate_points": n}, state, ship))
        state.attacks = [a for a in state.attacks if a.attacker not in gone]
        state.queue = [a for a in state.queue if a.attacker not in gone]
        return events + settle(state)
