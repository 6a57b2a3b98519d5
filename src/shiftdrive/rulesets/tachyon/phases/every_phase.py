"""What any unit may do in any phase: skip it, or (a craft or a flight) concede (C7, T15)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar

from shiftdrive.engine.actions import ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.rulesets.tachyon.actions import CraftAction
from shiftdrive.rulesets.tachyon.choices import kinds, offer
from shiftdrive.rulesets.tachyon.damage import concede
from shiftdrive.rulesets.tachyon.sight import who_sees
from shiftdrive.rulesets.tachyon.state import CRAFT, FLIGHT, TachyonState, Unit

if TYPE_CHECKING:
    from shiftdrive.core.dice import DiceSource
    from shiftdrive.engine.ruleset import Turn

SAY_NOTHING = Choice.of("skip", label="Say nothing")


class Skip(CraftAction):
    """Let the phase (or the start of round chatter) go by: not an action (T9)."""

    name = "skip"

    def choices(self, state: TachyonState, u: Unit) -> list[Choice]:
        return [offer("skip", f"{u.name} skips the phase")]

    def options(self, state: TachyonState, turn: Turn) -> list[Choice]:
        if turn.kind == "chatter":
            return [SAY_NOTHING]
        return super().options(state, turn)

    def check(self, state: TachyonState, turn: Turn, choice: Choice) -> str | None:
        if turn.kind != "chatter":
            return super().check(state, turn, choice)
        return None if choice.matches(SAY_NOTHING) else f"{turn.seat} cannot skip now"

    def apply(
        self, state: TachyonState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        if turn.kind == "chatter":
            state.chatter_queue.pop(0)
            return []
        u = state.units[turn.actor or ""]
        return [
            Event(
                "skip",
                data={"unit": u.name, "phase": state.phase},
                # `who_sees`, with the unit in hand (most decisions of EW and damage skip).
                visible_to=None if u.detected else who_sees(state, u.name),
            )
        ]


class Concede(CraftAction):
    """C7/C10, T15: a craft or a flight leaves the fight, for a fate point and one per
    consequence (a PC's). At any point: its side may concede it in any decision it has (its
    own phase turn, another craft's, the chatter, an invoke window, absorbing a hit)."""

    name = "concede"
    params: ClassVar[Mapping[str, ParamKind]] = kinds(unit=ParamKind.UNIT)

    def choices(self, state: TachyonState, u: Unit) -> list[Choice]:
        return concessions(state, u.side, u.name)

    def options(self, state: TachyonState, turn: Turn) -> list[Choice]:
        return concessions(state, turn.seat, turn.actor)

    def check(self, state: TachyonState, turn: Turn, choice: Choice) -> str | None:
        name = conceder(turn, choice)
        u = state.units.get(name)
        if u is None or u.side != turn.seat:
            return f"{turn.seat} has no craft named {name!r} to concede"
        if u.kind not in (CRAFT, FLIGHT):
            return f"{name} cannot concede: only a small craft or a flight concedes (T15)"
        if not u.active:
            return f"{name} is already out of the fight"
        return None

    def apply(
        self, state: TachyonState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        u = state.units[conceder(turn, choice)]
        if state.absorb is not None and state.absorb["unit"] == u.name:
            state.absorb = None  # T15: conceding instead of absorbing the hit
        return concede(state, u)


def concessions(state: TachyonState, side: str, first: str | None) -> list[Choice]:
    """Every craft and flight of `side` in the fight may concede; the one whose turn it is
    comes first."""
    out = [
        conceding(u.name)
        for u in state.units.values()
        if u.side == side and u.kind in (CRAFT, FLIGHT) and u.active
    ]
    own = [c for c in out if c.get("unit") == first]
    return own + [c for c in out if c.get("unit") != first] if own else out


def conceder(turn: Turn, choice: Choice) -> str:
    """The craft that concedes: the one named, or the one whose turn it is (`concede`)."""
    return choice.str_param("unit") or turn.actor or ""


@lru_cache(maxsize=1024)
def conceding(name: str) -> Choice:
    return Choice.of("concede", unit=name, label=f"{name} concedes and leaves the fight")
