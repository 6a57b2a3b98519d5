"""What a bot or a user interface may ask of a tachyon battle: whose turn it is, what a craft
may do, who it can see and reach, the invokes open after a roll, the odds of a roll.

Everything here is the rules' own answer (the action specs' menus, `open_invokes`), not a copy.
"""

from __future__ import annotations

from shiftdrive.core.odds import OddsQuery
from shiftdrive.engine.choices import Choice
from shiftdrive.rulesets.tachyon.actions import CraftAction
from shiftdrive.rulesets.tachyon.flow import turn
from shiftdrive.rulesets.tachyon.invokes import PASS, invoke_choice, open_invokes
from shiftdrive.rulesets.tachyon.menu import ACTIONS, PHASE_ACTIONS
from shiftdrive.rulesets.tachyon.phases.every_phase import SAY_NOTHING
from shiftdrive.rulesets.tachyon.positions import (
    dist,
    enemies,
    fighting,
    large_short,
    on_tail,
    tailing,
)
from shiftdrive.rulesets.tachyon.rolls import t9_mod
from shiftdrive.rulesets.tachyon.state import TachyonState, Unit

__all__ = [
    "PASS",
    "SAY_NOTHING",
    "dist",
    "enemies",
    "fighting",
    "invoke_choice",
    "large_short",
    "odds_query",
    "on_tail",
    "open_invokes",
    "t9_mod",
    "tailing",
    "turn",
    "unit_actions",
]


def unit_actions(
    state: TachyonState, u: Unit, only: frozenset[str] | tuple[str, ...] | None = None
) -> list[Choice]:
    """What `u` may do in this phase, as `legal` lists it (the specs' menus, in menu order).
    `only` keeps just those actions, for bots that weigh a few and need not build the rest."""
    out: list[Choice] = []
    for spec in PHASE_ACTIONS.get(state.phase, ()) if only is None else _picked(state.phase, only):
        out += spec.choices(state, u)
    return out


_PICKED: dict[tuple[str, frozenset[str] | tuple[str, ...]], tuple[CraftAction, ...]] = {}


def _picked(phase: str, only: frozenset[str] | tuple[str, ...]) -> tuple[CraftAction, ...]:
    """The phase's specs named in `only`, in menu order (made once per phase and `only`: a
    bot asks with a few fixed sets, ~100 times a battle)."""
    key = (phase, only)
    specs = _PICKED.get(key)
    if specs is None:
        specs = _PICKED[key] = tuple(s for s in PHASE_ACTIONS.get(phase, ()) if s.name in only)
    return specs


def odds_query(state: TachyonState, choice: Choice) -> OddsQuery | None:
    """The roll a choice of the acting craft would make, to price (bots cache by it)."""
    if state.current is None or state.roll is not None:
        return None
    spec = ACTIONS.get(choice.action)
    if not isinstance(spec, CraftAction):
        return None
    return spec.odds_query(state, state.units[state.current], choice)
