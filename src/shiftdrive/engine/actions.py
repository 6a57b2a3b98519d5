"""An action of a ruleset, in one place: its menu, its check, what it does, and its odds.

A ruleset lists its actions (`Ruleset.actions`) and says which are offered in which turn
(`Ruleset.menu`). `legal`, `why_illegal`, `apply` and `odds` are lookups over these specs, so
the rule that decides whether a choice is allowed is the same one that lists it and that
gives the reason for refusing it.

Parameters carry a kind (`ParamKind`), so a user interface knows what picker to draw.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from mypy_extensions import mypyc_attr

from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event

if TYPE_CHECKING:
    from shiftdrive.core.dice import DiceSource
    from shiftdrive.core.odds import Odds
    from shiftdrive.engine.ruleset import Turn

S = TypeVar("S")


class ParamKind(StrEnum):
    """What a choice's parameter names, so a UI can offer the right picker."""

    UNIT = "unit"  # a character, craft, fighter or swarm by name
    ZONE = "zone"
    HEX = "hex"  # "q,r"
    BAND = "band"  # a position on a -4..+4 band map
    NUMBER = "number"
    TEXT = "text"  # free text: an aspect's name
    DICE = "dice"  # faces typed in from the table
    ASPECT = "aspect"  # an aspect in play, by name
    SKILL = "skill"
    OPTION = "option"  # one of a fixed set of words (a system, a card, a severity)
    FLAG = "flag"  # true / false


def kind_of_value(value: object) -> ParamKind:
    """The kind of a parameter no spec names: by its value's type."""
    if isinstance(value, bool):
        return ParamKind.FLAG
    if isinstance(value, int):
        return ParamKind.NUMBER
    return ParamKind.TEXT


@mypyc_attr(allow_interpreted_subclasses=True)
class Action(Generic[S]):
    """One action: override `options` (the menu) and `apply`; `check` and `odds` as needed.

    `check` is the rule and the reason at once: None when the choice is allowed now, else the
    reason in the game's words. Its default accepts exactly what `options` lists; an action
    whose options are many or have free text overrides it with the rule itself and builds
    `options` from candidates that pass it.
    """

    #: the action's name (an instance's: one class may serve several actions)
    name: str = ""
    #: the kind of each parameter the action's choices carry (a class variable, see
    #: `Ruleset.id`: a spec that is not compiled keeps its own under the compiled base)
    params: ClassVar[Mapping[str, ParamKind]] = {}

    def options(self, state: S, turn: Turn) -> list[Choice]:
        """The legal choices of this action in this turn (the menu)."""
        return []

    def check(self, state: S, turn: Turn, choice: Choice) -> str | None:
        """None when `choice` is allowed now; otherwise why not."""
        options = self.options(state, turn)
        if any(choice.matches(option) for option in options):
            return None
        if not options:
            return f"{turn.actor or turn.seat} cannot {choice.action} now"
        who = turn.actor or turn.seat
        return f"'{choice.text()}' is not one of {who}'s {choice.action} choices"

    def apply(self, state: S, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        """Carry out an allowed choice, mutating `state`; every die comes from `dice`."""
        raise NotImplementedError(f"action {choice.action} has no apply")

    def odds(self, state: S, turn: Turn, choice: Choice) -> Odds | None:
        """Exact odds of the roll this choice makes, when it makes one."""
        return None

    def odds_words(self, state: S, turn: Turn, choice: Choice) -> str | None:
        """The choice's chances in the game's words, where one roll's success (`odds`) says
        too little (a spread of damage, a card's reach); None shows `odds`."""
        return None


def describe_choice(choice: Choice, kinds: Mapping[str, ParamKind] | None = None) -> dict[str, Any]:
    """A choice as a UI reads it: its text, label, free parameters and each parameter's kind."""
    kinds = kinds or {}
    return {
        "text": choice.text(),
        "label": str(choice),
        "action": choice.action,
        "params": {
            name: {"value": value, "kind": str(kinds.get(name) or kind_of_value(value))}
            for name, value in choice.params
        },
        "free": list(choice.free),
    }
