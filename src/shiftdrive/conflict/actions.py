"""The library's action specs for a host, by name: a host ruleset adds its own (its turn's
moves, full defense, compels) and lists them all as its `actions`."""

from __future__ import annotations

from typing import Any

from shiftdrive.conflict.absorb import Absorb, TakenOut
from shiftdrive.conflict.advantage import CreateAdvantage, Discover
from shiftdrive.conflict.attack import Attack
from shiftdrive.conflict.concede import Concede
from shiftdrive.conflict.defend import Defend
from shiftdrive.conflict.exchange import HostedAction
from shiftdrive.conflict.host import Host
from shiftdrive.conflict.invokes import InvokeAspect, Pass
from shiftdrive.conflict.overcome import Overcome
from shiftdrive.conflict.style import FullHit, TradeForBoost


def conflict_actions(host: Host[Any]) -> dict[str, HostedAction[Any]]:
    """The four actions, the defense, the invoke window, style, absorbing and conceding."""
    specs: list[HostedAction[Any]] = [
        Attack(host),
        CreateAdvantage(host),
        Discover(host),
        Overcome(host),
        Defend(host),
        InvokeAspect(host),
        Pass(host),
        FullHit(host),
        TradeForBoost(host),
        Absorb(host),
        TakenOut(host),
        Concede(host),
    ]
    return {spec.name: spec for spec in specs}
