"""Helm actions, on a side's own turn: move one zone along the track, or concede."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from example_ruleset.order import pass_helm
from example_ruleset.state import DuelState
from shiftdrive.core.dice import DiceSource
from shiftdrive.engine.actions import Action, ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import Turn


def neighbours(state: DuelState, zone: str) -> list[str]:
    """The zones one step from `zone` along the track."""
    i = state.track.index(zone)
    return [state.track[j] for j in (i - 1, i + 1) if 0 <= j < len(state.track)]


class Move(Action[DuelState]):
    name = "move"
    params: ClassVar[Mapping[str, ParamKind]] = {"zone": ParamKind.ZONE}

    def options(self, state: DuelState, turn: Turn) -> list[Choice]:
        craft = state.crafts[turn.actor or ""]
        return [Choice.of("move", zone=z) for z in neighbours(state, craft.zone)]

    def apply(self, state: DuelState, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        craft = state.crafts[turn.actor or ""]
        moved = Event(
            "moved",
            data={"craft": craft.name, "from": craft.zone, "to": choice.str_param("zone")},
            visible_to=None,
        )
        craft.zone = choice.str_param("zone")
        return [moved, *pass_helm(state)]


class Concede(Action[DuelState]):
    """Give up the duel on your own terms (the other side wins by concession)."""

    name = "concede"

    def options(self, state: DuelState, turn: Turn) -> list[Choice]:
        return [Choice.of("concede")]

    def apply(self, state: DuelState, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        craft = state.crafts[turn.actor or ""]
        craft.conceded = True
        return [Event("conceded", data={"craft": craft.name, "side": craft.side}, visible_to=None)]
