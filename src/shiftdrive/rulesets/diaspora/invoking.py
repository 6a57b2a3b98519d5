"""What may be invoked after the dice (C4), for any roll: with a fate point (once per aspect per
roll), a ship's own aspects (never its own consequences) and, tagging (seed: "tagging or
invoking Aspects and paying a fate point"), any other aspect its side knows of: another
ship's, or the scene's (a hidden one only on its own side); and any aspect on which it holds
a free invoke (free invokes stack); and, as teamwork ("+2 to an ally's roll"), the same from
each allied ship still in the fight (its own fate point or free invoke, +2 only: it has no
dice of its own on the roll to reroll). A ship whose aspect another side pays a fate point to
invoke earns that point when the fight ends (C7, `settle_owed`). One rule, read by the
attack contest and the detection, position and repair rolls."""

from __future__ import annotations

from typing import Any, Final

from shiftdrive.core.aspects import AspectKind
from shiftdrive.core.fate_points import EarnReason
from shiftdrive.core.invokes import Invoke as InvokeSpec
from shiftdrive.core.invokes import InvokeEffect, Payment, pay_for_invoke, refused
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.rulesets.diaspora.choices import made
from shiftdrive.rulesets.diaspora.state import DiasporaState, Ship
from shiftdrive.rulesets.diaspora.view import sees

INVOKE: Final = "invoke"
TEAMWORK: Final = "teamwork"
EFFECTS: Final = {
    "bonus": InvokeEffect.BONUS,
    "reroll": InvokeEffect.REROLL,
    TEAMWORK: InvokeEffect.TEAMWORK,
}
FATE_POINT: Final = "fate_point"
FREE: Final = "free"
PAYMENTS: Final = {FATE_POINT: Payment.FATE_POINT, FREE: Payment.FREE}
# The enum members `payable` asks for every aspect, taken once: reading a member off its class
# goes through `EnumType.__getattr__`'s hook (Python 3.11), ten times a module global's cost.
BY_FATE_POINT: Final = Payment.FATE_POINT
BY_FREE_INVOKE: Final = Payment.FREE
CONSEQUENCE: Final = AspectKind.CONSEQUENCE


def paid_key(payer: str, aspect: str, roll: str) -> str:
    """How `paid` notes a fate point `payer` paid to invoke `aspect` on `roll`'s (the ship
    whose roll it is): once per aspect per roll (C4), and a window may hold several ships'
    rolls (position, detection)."""
    return f"{payer}/{aspect}>{roll}"


def payable(
    state: DiasporaState, ship: Ship, paid: list[str], first: bool = False, roll: str = ""
) -> list[tuple[str, str]]:
    """(aspect, payment) pairs `ship` may invoke on `roll`'s roll (its own when not named) on
    which `paid` (`paid_key`) were already paid with fate points; only the first one when
    `first` (is there any?). Each aspect's fate point first, then its free invoke. A fate
    point invokes the ship's own aspects but its consequences, and tags any other aspect its
    side knows of (`view.sees`: a hidden one only on its own side)."""
    name, points, side = ship.name, ship.fate_points.current, ship.side
    whose = roll or name
    out: list[tuple[str, str]] = []
    for aspect in state.aspects.aspects:
        if (
            points
            and (
                aspect.kind is not CONSEQUENCE
                if aspect.owner == name
                else not aspect.hidden or sees(state, aspect, side)
            )
            and (not paid or paid_key(name, aspect.name, whose) not in paid)
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


def allies(state: DiasporaState, ship: Ship) -> list[Ship]:
    """The other ships of `ship`'s side still in the fight: they may help its rolls (C4)."""
    out = []  # a plain loop: asked for every roll open to invokes
    for other in state.ships.values():
        if other.side == ship.side and other is not ship and other.fighting:
            out.append(other)
    return out


def may_invoke(state: DiasporaState, ship: Ship, paid: list[str]) -> bool:
    """Whether `invokable` would list anything on `ship`'s roll (without listing it)."""
    if payable(state, ship, paid, first=True):
        return True
    return any(
        payable(state, ally, paid, first=True, roll=ship.name) for ally in allies(state, ship)
    )


def invokable(
    state: DiasporaState, ship: Ship, paid: list[str], effects: list[str]
) -> list[Choice]:
    """The invokes that may be made on `ship`'s roll (see `payable`): its own, with each of
    `effects`, then each ally's teamwork (`by=` the ally, which pays)."""
    out = [
        made(INVOKE, aspect=aspect, effect=effect, payment=payment)
        for aspect, payment in payable(state, ship, paid)
        for effect in effects
    ]
    for ally in allies(state, ship):
        for aspect, payment in payable(state, ally, paid, roll=ship.name):
            out.append(made(INVOKE, aspect=aspect, effect=TEAMWORK, payment=payment, by=ally.name))
    return out


def pay(state: DiasporaState, ship: Ship, choice: Choice, paid: list[str]) -> str:
    """Pay for the invoke `choice` on `ship`'s roll (C4): its own, or an ally's teamwork,
    which the ally pays; returns its effect ("bonus", "reroll" or "teamwork": +2 on the roll
    like a bonus). A hidden aspect invoked is revealed: the invoke names it to every side."""
    effect = choice.str_param("effect")
    payment = PAYMENTS[choice.str_param("payment")]
    name = choice.str_param("aspect")
    payer, helped = ship, None
    if effect == TEAMWORK:
        payer, helped = state.ships[choice.str_param("by")], ship.name
    aspect = pay_for_invoke(
        state.aspects,
        InvokeSpec(name, payer.name, EFFECTS[effect], payment, helped),
        payer.fate_points,
    )
    aspect.hidden = False  # named in every seat's log: invoked in the open
    if payment is BY_FATE_POINT:
        paid.append(paid_key(payer.name, name, ship.name))
        owner = state.ships.get(aspect.owner or "")
        if owner is not None and owner.side != payer.side:  # C7: invoked against it
            state.owed[owner.name] = state.owed.get(owner.name, 0) + 1
    return effect


def settle_owed(state: DiasporaState) -> list[Event]:
    """C7, as the fight ends: each ship earns the fate points other sides paid to invoke its
    aspects against it (Fate Core: "at the end of the scene"; as the other rulesets do), told
    to its own side."""
    events = []
    for name, owed in state.owed.items():
        ship = state.ships[name]
        ship.fate_points.earn(EarnReason.INVOKED_AGAINST, owed)
        data = {"ship": name, "fate_points": owed, "now": ship.fate_points.current}
        # its new total is its side's to know (and the GM's), as a view shows it
        events.append(Event("invoked_against", data, frozenset({ship.side})))
    state.owed = {}
    return events


def invoked(ship: Ship, choice: Choice, effect: str) -> dict[str, Any]:
    """The start of an invoke's event data: whose roll, the aspect, the effect, and, for
    teamwork, the ally that invoked it (`by`)."""
    data: dict[str, Any] = {"ship": ship.name, "aspect": choice.str_param("aspect")}
    data["effect"] = effect
    if effect == TEAMWORK:
        data["by"] = choice.str_param("by")
    return data
