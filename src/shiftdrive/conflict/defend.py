"""Defending (C2): the target of an attack, a create-an-advantage or a discovery picks the
skill that opposes it; then both sides roll."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar, Final

from shiftdrive.conflict.exchange import HostedAction
from shiftdrive.conflict.host import CS
from shiftdrive.conflict.invokes import roll_and_open
from shiftdrive.conflict.roll import defense_bonus
from shiftdrive.core.ladder import describe
from shiftdrive.core.odds import Odds, OddsQuery, odds
from shiftdrive.engine.actions import ParamKind
from shiftdrive.engine.choices import Choice

if TYPE_CHECKING:
    from shiftdrive.core.dice import DiceSource
    from shiftdrive.engine.events import Event
    from shiftdrive.engine.ruleset import Turn

DEFEND_PARAMS: Final = {"skill": ParamKind.SKILL}


@lru_cache(maxsize=1024)
def defend_choice(skill: str, rating: int) -> Choice:
    """Defending with `skill` at `rating`, as the menu lists it: made the first time (a choice
    is a value, and its skill and rating are all it shows: one serves every battle)."""
    return Choice.of("defend", skill=skill, label=f"Defend with {skill} ({describe(rating)})")


class Defend(HostedAction[CS]):
    name = "defend"
    params: ClassVar[Mapping[str, ParamKind]] = DEFEND_PARAMS

    def options(self, state: CS, turn: Turn) -> list[Choice]:
        roll = state.roll
        assert roll is not None
        target = state.fighters[roll.target or ""]
        return [
            defend_choice(s, target.skill(s))
            for s in self.host.defenses(state, roll.action, roll.skill, target)
        ]

    def apply(self, state: CS, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        roll = state.roll
        assert roll is not None
        roll.defend_skill = choice.str_param("skill")
        return roll_and_open(self.host, state, roll, dice)

    def odds(self, state: CS, turn: Turn, choice: Choice) -> Odds | None:
        """The attacker's chances against this defense: what the roll carries already, and
        what the host adds to either side before the dice (help promised, a size difference,
        a movement shift: `Host.bonuses`)."""
        roll = state.roll
        assert roll is not None
        target = state.fighters[roll.target or ""]
        actor = state.fighters[roll.actor]
        for_roll, for_opposition = self.host.bonuses(state, roll)
        rating = actor.skill(roll.skill) + roll.actor_bonus + for_roll
        opposed = target.skill(choice.str_param("skill")) + defense_bonus(target)
        return odds(OddsQuery(skill=rating, opposed=opposed + roll.opp_bonus + for_opposition))
