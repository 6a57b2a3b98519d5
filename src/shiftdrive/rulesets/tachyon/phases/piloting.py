"""Tachyon: phases.piloting."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shiftdrive.core.errors import RuleError
from shiftdrive.engine.events import Event
from shiftdrive.rulesets.tachyon.aspects import add_aspect
from shiftdrive.rulesets.tachyon.positions import DIVING_IN, ON_TAIL, dead_last
from shiftdrive.rulesets.tachyon.sight import who_sees
from shiftdrive.rulesets.tachyon.state import (
    TachyonState,
    Unit,
)


def finish_auto(state: TachyonState, u: Unit, a: str, params: Mapping[str, Any]) -> list[Event]:
    vis = who_sees(state, u.name)
    if a == "move":
        return move_unit(state, u, str(params["to"]))
    if a == "wait":
        t = state.units[str(params["target"])]
        u.initiative = t.initiative - 1
        state.waiters[u.name] = t.name
        state.waited.append(u.name)
        return [
            Event(
                "wait",
                f"{u.name} waits to see what {t.name} does (initiative {u.initiative})",
                visible_to=who_sees(state, u.name, t.name),
            )
        ]
    if a == "bug_out":
        dead_last(state, u)
        timing = state.options["bug_out_timing"]
        u.bug_out_round = state.round + (1 if timing == "next_round" else 0)
        add_aspect(state, f"Bugging out ({u.name})", u.name, 0, None)
        return [
            Event(
                "bug_out",
                f"{u.name} is bugging out: it leaves at the end of round {u.bug_out_round} (T13)",
                visible_to=vis,
            )
        ]
    raise RuleError(f"{a!r} is not automatic")


def move_unit(state: TachyonState, u: Unit, dest: str) -> list[Event]:
    old = u.zone
    u.zone = dest
    # Leaving a zone breaks off the mover's tail and dive aspects; moving ends Stopped.
    for a in state.aspects:
        if a.owner == u.name and (
            a.name.startswith((f"{ON_TAIL} (", f"{DIVING_IN} (", "Stopped ("))
        ):
            state.aspects.remove(a.name)
    return [
        Event(
            "move",
            f"{u.name} moves from {old} to {dest}",
            {"unit": u.name, "from": old, "to": dest},
            visible_to=who_sees(state, u.name),
        )
    ]
