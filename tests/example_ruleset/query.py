"""What a bot or a user interface may ask of a duel, beside the contract's own questions."""

from __future__ import annotations

from example_ruleset import gunnery
from example_ruleset.state import Craft, DuelState
from shiftdrive.core.odds import Odds
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.ruleset import Ruleset


def targets(state: DuelState, craft: str) -> list[str]:
    """Who `craft` can shoot now (the rule `shoot` lists its menu from)."""
    return [c.name for c in gunnery.targets(state, state.crafts[craft])]


def enemy(state: DuelState, craft: str) -> Craft:
    side = state.crafts[craft].side
    return next(c for c in state.crafts.values() if c.side != side)


def step_toward(state: DuelState, craft: str, zone: str) -> str:
    """The next zone on the way from `craft`'s zone to `zone` (its own zone when there)."""
    here = state.track.index(state.crafts[craft].zone)
    there = state.track.index(zone)
    return state.track[here + (there > here) - (there < here)]


def shot_odds(
    ruleset: Ruleset[DuelState, object], state: DuelState, seat: str, target: str
) -> Odds | None:
    """Exact odds of `seat`'s shot at `target` now, before any invoke."""
    return ruleset.odds(state, seat, Choice.of("shoot", target=target))


def open_invokes(state: DuelState, craft: str) -> list[str]:
    """The aspects `craft` may still invoke on the open shot."""
    return [a.name for a in gunnery.invokable(state, state.crafts[craft])]


def shifts(state: DuelState) -> int | None:
    """The open shot's shifts so far, or None when no shot is open."""
    return state.shot.shifts if state.shot else None
