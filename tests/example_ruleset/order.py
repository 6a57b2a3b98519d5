"""The turn structure: sides take helm turns in scenario order; a shot opens an invoke window
(`gunnery.window`). A round ends when every side has had its helm turn."""

from __future__ import annotations

from example_ruleset.state import DuelState
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import Turn

HELM = "helm"


def helm_turn(state: DuelState) -> Turn:
    """The side whose helm turn it is, as a turn of its craft."""
    side = state.sides()[state.active]
    return Turn(side, HELM, state.craft_of(side).name)


def pass_helm(state: DuelState) -> list[Event]:
    """The helm passes to the next side; after the last side, a new round begins."""
    state.active = (state.active + 1) % len(state.crafts)
    if state.active:
        return []
    state.round += 1
    return [Event("round", data={"round": state.round}, visible_to=None)]
