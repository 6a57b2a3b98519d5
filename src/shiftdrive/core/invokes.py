"""Invoking aspects (RULINGS C4, C6): what an invoke does and how it is paid for.

Free invokes stack with a paid invoke and with each other (C4), so each invoke is paid on its
own: the engine calls `pay_for_invoke` once per invoke it applies.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from shiftdrive.core.aspects import Aspect, AspectKind, AspectSet
from shiftdrive.core.errors import RuleError
from shiftdrive.core.fate_points import FatePoints, SpendReason


class InvokeEffect(StrEnum):
    """C4: +2 to your roll, reroll your dice, +2 to an ally's roll, +2 to passive opposition."""

    BONUS = "+2"
    REROLL = "reroll"
    TEAMWORK = "teamwork"
    OBSTACLE = "obstacle"


INVOKE_BONUS: Final = 2


def bonus_of(effect: InvokeEffect) -> int:
    """The number an invoke adds: +2, except a reroll, which adds nothing."""
    return 0 if InvokeEffect(effect) is InvokeEffect.REROLL else INVOKE_BONUS


class Payment(StrEnum):
    FREE = "free invoke"
    FATE_POINT = "fate point"


@dataclass(slots=True, init=False)
class Invoke:
    """One invoke. `beneficiary` is the ally helped by a TEAMWORK invoke."""

    aspect: str
    invoker: str
    effect: InvokeEffect
    payment: Payment
    beneficiary: str | None = None

    def __init__(
        self,
        aspect: str,
        invoker: str,
        effect: InvokeEffect,
        payment: Payment,
        beneficiary: str | None = None,
    ) -> None:
        # Written out: the compiled build leaves a dataclass's generated __init__ interpreted
        # (a frozen one's sets each field through `object.__setattr__`), and every invoke of
        # every simulated battle is made here. Set once, never after.
        self.aspect = aspect
        self.invoker = invoker
        self.effect = effect
        self.payment = payment
        self.beneficiary = beneficiary


#: Why an invoke may not be paid for (`refused`); 0 when it may.
NO_FREE_INVOKE: Final = 1
BOOST_ONLY_FREE: Final = 2
NO_FATE_POINT: Final = 3


def refused(aspect: Aspect, invoker: str, payment: Payment, fate_points: int) -> int:
    """The one rule of paying for an invoke: 0 when `invoker` may pay for an invoke of `aspect`
    this way, else which rule refuses it (NO_FREE_INVOKE: a free invoke needs one held;
    BOOST_ONLY_FREE: a boost takes only its free invoke; NO_FATE_POINT: a fate point needs a
    point left). A number, not words: listing what may be invoked asks this for every aspect,
    and only `refusal` needs the reason worded."""
    if payment is Payment.FREE:
        return NO_FREE_INVOKE if aspect.free_invokes.get(invoker, 0) < 1 else 0
    if aspect.kind is AspectKind.BOOST:
        return BOOST_ONLY_FREE
    return NO_FATE_POINT if fate_points < 1 else 0


def refusal(aspect: Aspect, invoker: str, payment: Payment, fate_points: int) -> str | None:
    """Why `invoker` may not pay for an invoke of `aspect` this way (`refused`, in words), or
    None when it may. Returns a reason rather than raising, so a menu costs no exception."""
    why = refused(aspect, invoker, payment, fate_points)
    if why == NO_FREE_INVOKE:
        return f"{invoker} has no free invokes on '{aspect.name}'"
    if why == BOOST_ONLY_FREE:
        return f"'{aspect.name}' is a boost: it can only be invoked with its free invoke"
    if why == NO_FATE_POINT:
        return f"{invoker} has no fate points left to invoke '{aspect.name}'"
    return None


def _check(aspects: AspectSet, invoke: Invoke, points: FatePoints) -> Aspect:
    aspect = aspects.get(invoke.aspect)
    # (an Invoke holds the members themselves: each invoke applied is checked, and an enum
    # call per field costs more than the check)
    if invoke.effect is InvokeEffect.TEAMWORK and (
        invoke.beneficiary is None or invoke.beneficiary == invoke.invoker
    ):
        raise RuleError(f"{invoke.invoker} must name an ally to help with '{aspect.name}'")
    why = refusal(aspect, invoke.invoker, invoke.payment, points.current)
    if why is not None:
        raise RuleError(why)
    return aspect


def can_pay_for_invoke(aspects: AspectSet, invoke: Invoke, points: FatePoints) -> bool:
    """Whether `pay_for_invoke` would succeed (nothing changes)."""
    try:
        _check(aspects, invoke, points)
    except RuleError:
        return False
    return True


def pay_for_invoke(aspects: AspectSet, invoke: Invoke, points: FatePoints) -> Aspect:
    """Check and pay for one invoke; return the invoked aspect.

    FREE uses one of the invoker's free invokes on the aspect; FATE_POINT spends one of
    `points` (the invoker's). A boost can only be invoked with its free invoke and is removed
    from the set once invoked (C6). Everything is checked before anything changes, so a
    refused invoke (RuleError) leaves the aspects and the points as they were.

    Hidden aspects are not checked here (the engine knows who has discovered what); use
    `invoke_options` to list what an invoker can see.
    """
    aspect = _check(aspects, invoke, points)
    if invoke.payment is Payment.FREE:
        aspect.use_free(invoke.invoker)
    else:
        points.spend(SpendReason.INVOKE, who=invoke.invoker, what=f"'{aspect.name}'")
    if aspect.kind is AspectKind.BOOST:
        aspects.remove(aspect.name)
    return aspect


def invoke_options(
    aspects: AspectSet,
    invoker: str,
    fate_points: int,
    *,
    visible_to_invoker: Callable[[Aspect], bool] | None = None,
) -> list[tuple[str, Payment]]:
    """Every (aspect name, payment) the invoker could use now, in aspect order.

    An aspect is visible when the invoker holds free invokes on it, or when
    `visible_to_invoker(aspect)` says so; without that callback, when it is not hidden or is
    on the invoker. Each payment `refusal` allows is offered.
    """
    options: list[tuple[str, Payment]] = []
    for aspect in aspects:
        has_free = aspect.free_for(invoker) > 0
        if visible_to_invoker is not None:
            visible = visible_to_invoker(aspect)
        else:
            visible = not aspect.hidden or aspect.owner == invoker
        if not (visible or has_free):
            continue
        for payment in (Payment.FREE, Payment.FATE_POINT):
            if refusal(aspect, invoker, payment, fate_points) is None:
                options.append((aspect.name, payment))
    return options
