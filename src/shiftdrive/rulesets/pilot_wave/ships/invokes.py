"""Invokes and roving Tactics points aboard (C4, P6): after a crew roll (`rolls`) the rolling
side may invoke aspects (its ship's and crew's, the scene's, an attack's target's) with a free
invoke its ship holds or a fate point of its crew, +2 each, and add points from its Tactics
pool, +1 each, one decision at a time while that could still change the outcome; `pass` lets
the roll stand. Payment is `core.invokes.pay_for_invoke` (a boost is spent when invoked, C6);
a fate point paid on the target's aspect is the target crew's (C7)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from shiftdrive.conflict.invokes import INVOKE_PARAMS, PAYMENTS, invoke_choice
from shiftdrive.core.dice import DiceSource
from shiftdrive.core.fate_points import EarnReason
from shiftdrive.core.invokes import INVOKE_BONUS, Invoke, InvokeEffect, pay_for_invoke
from shiftdrive.engine.actions import Action, ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import Turn
from shiftdrive.rulesets.pilot_wave.ships.rolls import (
    finish,
    open_invokes,
    roving,
    seers,
    settle,
    told,
    witnesses,
)
from shiftdrive.rulesets.pilot_wave.ships.state import ShipState
from shiftdrive.rulesets.pilot_wave.tactics import roving_choices


class InvokeAboard(Action[ShipState]):
    name = "invoke"
    #: the conflicts' invoke choice (`invoke_choice`): the effect is always "bonus", the payer
    #: the rolling ship
    params: ClassVar[Mapping[str, ParamKind]] = INVOKE_PARAMS

    def options(self, state: ShipState, turn: Turn) -> list[Choice]:
        if state.roll is None:
            return []
        by = state.roll["ship"]
        return [invoke_choice(name, "bonus", payment, by) for name, payment in open_invokes(state)]

    def apply(self, state: ShipState, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        roll = state.roll
        assert roll is not None
        attacker = state.ships[roll["ship"]]
        payment = choice.str_param("payment")
        roll.setdefault("seers", {})[choice.str_param("aspect")] = sorted(
            seers(state, choice.str_param("aspect"))
        )
        aspect = pay_for_invoke(
            state.aspects,
            Invoke(choice.str_param("aspect"), attacker.name, InvokeEffect.BONUS,
                   PAYMENTS[payment]),
            attacker.fate_points,
        )  # fmt: skip
        aspect.hidden = False
        roll["bonus"] += INVOKE_BONUS
        roll["invoked"].append(aspect.name)
        if payment == "fate_point":
            roll["paid"].append(aspect.name)
            owner = state.ships.get(aspect.owner or "")
            if owner is not None and owner.side != attacker.side:
                owner.fate_points.earn(EarnReason.INVOKED_AGAINST)
        data = {"ship": attacker.name, "aspect": aspect.name, "payment": payment,
                "fate_points": attacker.fate_points.current}  # fmt: skip
        # (a side that does not see whose the aspect is reads it unnamed, `rolls.told`)
        events: list[Event] = []
        for e in told(state, roll, "ship_invoke", {"invoked": roll["invoked"]}, witnesses(state)):
            named = {**data, "aspect": e.data["invoked"][-1]}
            events.append(Event("ship_invoke", data=named, visible_to=e.visible_to))
        return [*events, *settle(state)]


class PassInvokes(Action[ShipState]):
    """No (more) invokes: the roll stands."""

    name = "pass"

    def options(self, state: ShipState, turn: Turn) -> list[Choice]:
        if state.roll is None:
            return []
        return [Choice.of("pass", label="Pass (the roll stands)")]

    def apply(self, state: ShipState, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        return finish(state)


class RovingAboard(Action[ShipState]):
    """P6: add points from the side's Tactics pool to its crew roll in hand, +1 each, after the
    dice and before the outcome (with the invokes)."""

    name = "tactics"
    params: ClassVar[Mapping[str, ParamKind]] = {"points": ParamKind.NUMBER}

    def options(self, state: ShipState, turn: Turn) -> list[Choice]:
        if state.roll is None:
            return []
        return roving_choices(roving(state))

    def apply(self, state: ShipState, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        roll = state.roll
        assert roll is not None
        ship = state.ships[roll["ship"]]
        n = choice.int_param("points")
        state.pools[ship.side] -= n
        roll["bonus"] += n
        roll["tactics"] = int(roll.get("tactics", 0)) + n
        event = Event(
            "ship_tactics",
            data={"ship": ship.name, "points": n, "left": state.pools[ship.side]},
            visible_to=witnesses(state),
        )
        return [event, *settle(state)]
