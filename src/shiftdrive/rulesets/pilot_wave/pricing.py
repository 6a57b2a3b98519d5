"""The library's create an advantage, discover and overcome as Pilot Wave prices them: their odds
count the movement shift (P10) that `PilotWaveHost.before_roll` puts on their rolls (the
library prices these from the choice alone, before there is a roll to ask `Host.bonuses` of; a
defence is priced by the library with `PilotWaveHost.bonuses`). What the actions do is the
library's."""

from __future__ import annotations

from typing import TYPE_CHECKING

from shiftdrive.conflict.advantage import SCENE, CreateAdvantage, Discover
from shiftdrive.conflict.overcome import Overcome
from shiftdrive.conflict.roll import action_odds
from shiftdrive.core.odds import Odds
from shiftdrive.rulesets.pilot_wave.board import movement_shift
from shiftdrive.rulesets.pilot_wave.host import best_defence
from shiftdrive.rulesets.pilot_wave.state import PilotWaveState

if TYPE_CHECKING:
    from shiftdrive.engine.choices import Choice
    from shiftdrive.engine.ruleset import Turn


class PilotAdvantage(CreateAdvantage[PilotWaveState]):
    """Create an advantage, its odds with the movement shift."""

    def odds(self, state: PilotWaveState, turn: Turn, choice: Choice) -> Odds | None:
        return advantage_odds(self, state, turn, choice)


class PilotDiscover(Discover[PilotWaveState]):
    """Discover, its odds with the movement shift."""

    def odds(self, state: PilotWaveState, turn: Turn, choice: Choice) -> Odds | None:
        return advantage_odds(self, state, turn, choice)


def advantage_odds(
    spec: CreateAdvantage[PilotWaveState] | Discover[PilotWaveState],
    state: PilotWaveState,
    turn: Turn,
    choice: Choice,
) -> Odds:
    """An advantage or a discovery on the scene (its difficulty) or on a character (its best
    resisting skill), with the movement shift of the roller and of the character."""
    f = state.fighters[turn.actor or ""]
    skill = choice.str_param("skill") or "Athletics"
    name = choice.str_param("target")
    target = None if name == SCENE else state.fighters[name]
    shift = movement_shift(state, f, target)
    if target is None:
        difficulty = spec.host.difficulty(state, spec.name)
        return action_odds(state, f, skill, difficulty=difficulty, bonus=shift)
    passive = spec.passive(state, name)
    if passive is not None:
        return action_odds(state, f, skill, difficulty=passive, bonus=shift)
    opposed = best_defence(spec.name, skill, target)
    return action_odds(state, f, skill, opposed=opposed, bonus=shift)


class PilotOvercome(Overcome[PilotWaveState]):
    """Overcome, its odds with the roller's own movement shift."""

    def odds(self, state: PilotWaveState, turn: Turn, choice: Choice) -> Odds | None:
        f = state.fighters[turn.actor or ""]
        skill = choice.str_param("skill") or "Athletics"
        difficulty = self.host.difficulty(state, "overcome", choice.str_param("aspect"))
        shift = movement_shift(state, f, None)
        return action_odds(state, f, skill, difficulty=difficulty, bonus=shift)
