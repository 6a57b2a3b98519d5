"""Compels (C7): the GM compels a character's aspect (or consequence) at any time; the
character's side accepts (+1 fate point) or refuses (pays 1)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar, Final

from shiftdrive.core.aspects import AspectKind
from shiftdrive.core.fate_points import resolve_compel
from shiftdrive.engine.actions import Action, ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import Turn
from shiftdrive.rulesets.fate_core.state import Compel, FateCoreState

if TYPE_CHECKING:
    from shiftdrive.core.dice import DiceSource

COMPELLABLE: Final = (AspectKind.CHARACTER, AspectKind.CONSEQUENCE)
COMPEL_PARAMS: Final = {"character": ParamKind.UNIT, "aspect": ParamKind.ASPECT}


def compel_visibility(state: FateCoreState, character: str, aspect: str) -> frozenset[str] | None:
    """A compel on a hidden aspect is seen only by the GM and the compelled side."""
    found = state.aspects.find(aspect)
    if found is not None and found.hidden:
        return frozenset({state.side_of(character)})
    return None


class GmCompel(Action[FateCoreState]):
    """The GM compels an active character's aspect (one compel per character at a time)."""

    name = "compel"
    params: ClassVar[Mapping[str, ParamKind]] = COMPEL_PARAMS

    def options(self, state: FateCoreState, turn: Turn) -> list[Choice]:
        pending = {c.character for c in state.compels}
        return [
            Choice.of(
                "compel", character=a.owner, aspect=a.name, label=f"Compel {a.owner}'s '{a.name}'"
            )
            for a in state.aspects
            if a.owner
            and a.kind in COMPELLABLE
            and state.fighters[a.owner].active
            and a.owner not in pending
        ]

    def apply(
        self, state: FateCoreState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        name, aspect = choice.str_param("character"), choice.str_param("aspect")
        state.compels.append(Compel(name, aspect))
        return [
            Event(
                "compel",
                data={"character": name, "aspect": aspect},
                visible_to=compel_visibility(state, name, aspect),
            )
        ]


class AnswerCompel(Action[FateCoreState]):
    """Accept the compel (+1 fate point) or refuse it (pay 1)."""

    def __init__(self, accept: bool) -> None:
        self.accept = accept
        self.name = "accept" if accept else "refuse"

    def options(self, state: FateCoreState, turn: Turn) -> list[Choice]:
        c = state.compels[0]
        if self.accept:
            return [Choice.of("accept", label=f"Accept the compel on '{c.aspect}' (+1 fate point)")]
        if state.fighters[c.character].fate_points.current >= 1:
            return [Choice.of("refuse", label="Refuse the compel (pay 1 fate point)")]
        return []

    def check(self, state: FateCoreState, turn: Turn, choice: Choice) -> str | None:
        if self.options(state, turn):
            return None
        return f"{state.compels[0].character} has no fate point to refuse the compel"

    def apply(
        self, state: FateCoreState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        c = state.compels[0]
        f = state.fighters[c.character]
        resolve_compel(f.fate_points, self.accept, who=f.name)
        state.compels.pop(0)
        visible_to = compel_visibility(state, c.character, c.aspect)
        return [
            Event(
                "compel_answer",
                data={"character": f.name, "aspect": c.aspect, "accepted": self.accept},
                visible_to=visible_to,
            )
        ]
