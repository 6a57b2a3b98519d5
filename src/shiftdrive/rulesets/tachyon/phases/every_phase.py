"""What any unit may do in any phase: skip it, or (a craft or a flight) concede (C7, T15)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.rulesets.tachyon.actions import CraftAction
from shiftdrive.rulesets.tachyon.choices import offer
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
    consequence (a PC's). At any point: in each of its turns, instead of acting, and while it
    absorbs a hit."""

    name = "concede"

    def choices(self, state: TachyonState, u: Unit) -> list[Choice]:
        # C10: before it is taken out; one taken out at its own initiative still acts (T8),
        # but it has no fight left to concede.
        if u.kind in (CRAFT, FLIGHT) and u.active:
            return [offer("concede", f"{u.name} concedes and leaves the fight")]
        return []

    def apply(
        self, state: TachyonState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        u = state.units[turn.actor or ""]
        if state.absorb is not None and state.absorb["unit"] == u.name:
            state.absorb = None  # T15: conceding instead of absorbing the hit
        return concede(state, u)
