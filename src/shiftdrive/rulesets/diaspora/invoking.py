"""What may be invoked after the dice (C4), for any roll: a ship's own aspects with a fate
point (once per aspect per roll; never its own consequences), and any aspect on which it holds
a free invoke (free invokes stack). One rule, read by the attack contest and the position
roll."""

from __future__ import annotations

from typing import Final

from shiftdrive.core.aspects import AspectKind
from shiftdrive.core.invokes import Invoke as InvokeSpec
from shiftdrive.core.invokes import InvokeEffect, Payment, can_pay_for_invoke, pay_for_invoke
from shiftdrive.engine.choices import Choice
from shiftdrive.rulesets.diaspora.state import DiasporaState, Ship

INVOKE: Final = "invoke"
EFFECTS: Final = {"bonus": InvokeEffect.BONUS, "reroll": InvokeEffect.REROLL}
PAYMENTS: Final = {"fate_point": Payment.FATE_POINT, "free": Payment.FREE}


def invokable(
    state: DiasporaState, ship: Ship, paid: list[str], effects: list[str]
) -> list[Choice]:
    """The invokes `ship` may make on a roll on which `paid` ("ship/aspect") were already
    paid with fate points."""
    out = []
    for aspect in state.aspects:
        for payment, pay in PAYMENTS.items():
            if pay is Payment.FATE_POINT and (
                aspect.owner != ship.name
                or aspect.kind is AspectKind.CONSEQUENCE
                or f"{ship.name}/{aspect.name}" in paid
            ):
                continue
            spec = InvokeSpec(aspect.name, ship.name, InvokeEffect.BONUS, pay)
            if not can_pay_for_invoke(state.aspects, spec, ship.fate_points):
                continue
            for effect in effects:
                out.append(Choice.of(INVOKE, aspect=aspect.name, effect=effect, payment=payment))
    return out


def pay(state: DiasporaState, ship: Ship, choice: Choice, paid: list[str]) -> str:
    """Pay for the invoke `choice` (C4); returns its effect ("bonus" or "reroll")."""
    effect = choice.str_param("effect")
    payment = PAYMENTS[choice.str_param("payment")]
    name = choice.str_param("aspect")
    pay_for_invoke(
        state.aspects, InvokeSpec(name, ship.name, EFFECTS[effect], payment), ship.fate_points
    )
    if payment is Payment.FATE_POINT:
        paid.append(f"{ship.name}/{name}")
    return effect
