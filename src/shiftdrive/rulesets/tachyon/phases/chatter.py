"""Start of round chatter: each side still in the fight may send its wing a message (heard
by its own side only), or say nothing (`every_phase.Skip`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar, Final

from shiftdrive.engine.actions import Action, ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.rulesets.tachyon.choices import kinds
from shiftdrive.rulesets.tachyon.state import TachyonState

if TYPE_CHECKING:
    from shiftdrive.core.dice import DiceSource
    from shiftdrive.engine.ruleset import Turn

_SAY: Final = Choice.of(
    "say", text="Stay sharp", free=("text",), label="Send a message over the radio"
)


class Say(Action[TachyonState]):
    """Send a message over the radio to the side's own wing."""

    name = "say"
    params: ClassVar[Mapping[str, ParamKind]] = kinds(text=ParamKind.TEXT)

    def options(self, state: TachyonState, turn: Turn) -> list[Choice]:
        return [_SAY]

    def apply(
        self, state: TachyonState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        side = state.chatter_queue.pop(0)
        text = choice.str_param("text").strip()
        state.chatter.append({"round": state.round, "side": side, "text": text})
        return [Event("chatter", data={"side": side, "text": text}, visible_to=frozenset({side}))]
