"""What may be invoked after the dice (C4), for any roll: a ship's own aspects with a fate
point (once per aspect per roll; never its own consequences), and any aspect on which it holds
a free invoke (free invokes stack). One rule, read by the attack contest and the position
roll."""

from __future__ import annotations

from typing import Final

from shiftdrive.core.aspects import AspectKind
from shiftdrive.core.invokes import Invoke as InvokeSpec
from shiftdrive.core.invokes import InvokeEffect, Payment, pay_for_invoke, refused
from shiftdrive.engine.choices import Choice
from shiftdrive.rulesets.diaspora.choices import made
from shiftdrive.rulesets.diaspora.state import DiasporaState, Ship

INVOKE: Final = "invoke"
EFFECTS: Final = {"bonus": InvokeEffect.BONUS, "reroll": InvokeEffect.REROLL}
FATE_POINT: Final = "fate_point"
FREE: Final = "free"
PAYMENTS: Final = {FATE_POINT: Payment.FATE_POINT, FREE: Payment.FREE}
# The enum members `payable` asks for every aspect, taken once: reading a member off its class
# goes through `EnumType.__getattr__`'s hook (Python 3.11), ten times a module global's cost.
BY_FATE_POINT: Final = Payment.FATE_POINT
BY_FREE_INVOKE: Final = Payment.FREE
CONSEQUENCE: Final = AspectKind.CONSEQUENCE


def payable(
    state: DiasporaState, ship: Ship, paid: list[str], first: bool = False
) -> list[tuple[str, str]]:
    """(aspect, payment) pairs `ship` may invoke on a roll on which `paid` ("ship/aspect")
    were already paid with fate points; only the first one when `first` (is there any?).
    Each aspect's fate point first, then its free invoke."""
    name, points = ship.name, ship.fate_points.current
    out: list[tuple[str, str]] = []
    for aspect in state.aspects.aspects:
        if (
            aspect.owner == name
            and aspect.kind is not CONSEQUENCE
            and (not paid or f"{name}/{aspect.name}" not in paid)
            and not refused(aspect, name, BY_FATE_POINT, points)
        ):
            out.append((aspect.name, FATE_POINT))
            if first:
                return out
        if not refused(aspect, name, BY_FREE_INVOKE, points):
            out.append((aspect.name, FREE))
            if first:
                return out
    return out


def invokable(
    state: DiasporaState, ship: Ship, paid: list[str], effects: list[str]
) -> list[Choice]:
    """The invokes `ship` may make on a roll (see `payable`), with each of `effects`."""
    return [
        made(INVOKE, aspect=aspect, effect=effect, payment=payment)
        for aspect, payment in payable(state, ship, paid)
        for effect in effects
    ]


def pay(state: DiasporaState, ship: Ship, choice: Choice, paid: list[str]) -> str:
    """Pay for the invoke `choice` (C4); returns its effect ("bonus" or "reroll")."""
    effect = choice.str_param("effect")
    payment = PAYMENTS[choice.str_param("payment")]
    name = choice.str_param("aspect")
    pay_for_invoke(
        state.aspects, InvokeSpec(name, ship.name, EFFECTS[effect], payment), ship.fate_points
    )
    if payment is BY_FATE_POINT:
        paid.append(f"{ship.name}/{name}")
    return effect
