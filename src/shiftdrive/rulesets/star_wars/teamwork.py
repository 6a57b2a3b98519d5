"""Teamwork (S13, Fate Core's): a character with the skill at Average (+1) or better spends
their action to help an ally; each helper gives +1 to the ally's next roll with that skill.
Help not used lapses when the ally's next turn ends."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar, Final

from shiftdrive.engine.actions import Action, ParamKind
from shiftdrive.engine.choices import Choice, Kept
from shiftdrive.engine.events import Event
from shiftdrive.rulesets.star_wars.popcorn import end_turn
from shiftdrive.rulesets.star_wars.skills import HELP_MIN, SKILLS
from shiftdrive.rulesets.star_wars.state import Help, StarWarsState, made

if TYPE_CHECKING:
    from shiftdrive.conflict.roll import Roll
    from shiftdrive.core.dice import DiceSource
    from shiftdrive.engine.ruleset import Turn

HELP_PARAMS: Final = {"ally": ParamKind.UNIT, "skill": ParamKind.SKILL}


def pending_help(state: StarWarsState, ally: str, skill: str) -> int:
    """The +1s promised to `ally`'s next roll with `skill` (for its odds)."""
    promised = 0
    for h in state.helps:  # (most often none: a loop, not a generator, for each shot priced)
        if h.ally == ally and h.skill == skill:
            promised += 1
    return promised


def promised(state: StarWarsState, helper: str) -> set[tuple[str, str]]:
    """The (ally, skill) pairs `helper`'s help is still promised to: S13's +1 is per helper,
    so helping again before the ally rolls would add nothing."""
    return {(h.ally, h.skill) for h in state.helps if h.helper == helper}


def teamwork_bonus(state: StarWarsState, roll: Roll) -> list[Event]:
    """Spend the help promised to the roller for the roll's skill: +1 per helper."""
    if not state.helps:  # (most rolls: no list made)
        return []
    used = [h for h in state.helps if h.ally == roll.actor and h.skill == roll.skill]
    if not used:
        return []
    state.helps = [h for h in state.helps if h not in used]
    roll.actor_bonus += len(used)
    data = {"who": roll.actor, "skill": roll.skill, "helpers": [h.helper for h in used]}
    return [Event("teamwork", data=data, visible_to=None)]


#: each help choice by (ally, skill), all it is made of
_HELP: Kept[tuple[str, str]] = Kept()


def _help(ally: str, skill: str) -> Choice:
    """The choice to help `ally` with `skill`."""
    found = _HELP.get((ally, skill))
    if found is None:
        label = f"Help {ally} with {skill} (+1 on their next roll)"
        found = _HELP.keep((ally, skill), made("help", label, ally=ally, skill=skill))
    return found


class HelpAlly(Action[StarWarsState]):
    """S13: spend this turn's action to give an ally +1 on their next roll with a skill."""

    name = "help"
    params: ClassVar[Mapping[str, ParamKind]] = HELP_PARAMS

    def options(self, state: StarWarsState, turn: Turn) -> list[Choice]:
        return [_help(ally, skill) for ally, skill in self._helps(state, turn, SKILLS)]

    def allies(self, state: StarWarsState, turn: Turn, skill: str) -> list[str]:
        """Whom the actor may help with `skill`, in the order of `options` (a bot weighing
        one skill builds no choice but the one it takes: `choice`)."""
        found: list[str] = []
        for ally, _ in self._helps(state, turn, (skill,) if skill in SKILLS else ()):
            found.append(ally)
        return found

    @staticmethod
    def choice(ally: str, skill: str) -> Choice:
        """The choice of `options` that helps `ally` with `skill`."""
        return _help(ally, skill)

    def _helps(
        self, state: StarWarsState, turn: Turn, skills: Sequence[str]
    ) -> list[tuple[str, str]]:
        """The help the actor may give as (ally, skill), with `skills` in their order, ally
        by ally: any skill the actor has at Average or better, for any ally in the fight
        (S13 asks the skill of the helper only: an ally rolls it at Mediocre too), but not
        what the actor's help still promised gives already (one helper, +1: `promised`)."""
        f = state.fighters[turn.actor or ""]
        out: list[tuple[str, str]] = []
        mine: list[str] = []
        for s in skills:
            if f.skill(s) >= HELP_MIN:
                mine.append(s)
        if not mine:
            return out
        given = promised(state, f.name) if state.helps else ()  # (most turns: none)
        for ally in state.active(f.side):
            if ally.name == f.name or ally.is_vehicle:
                continue
            for skill in mine:
                if not given or (ally.name, skill) not in given:
                    out.append((ally.name, skill))
        return out

    def check(self, state: StarWarsState, turn: Turn, choice: Choice) -> str | None:
        f = state.fighters[turn.actor or ""]
        skill = choice.str_param("skill")
        if skill in SKILLS and f.skill(skill) < HELP_MIN:
            return f"{f.name} needs {skill} at Average (+1) or better to help with it (S13)"
        ally = choice.str_param("ally")
        if (ally, skill) in promised(state, f.name):
            return f"{f.name} already helps {ally} with {skill}: one helper gives +1 (S13)"
        return super().check(state, turn, choice)

    def apply(
        self, state: StarWarsState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        f = state.fighters[turn.actor or ""]
        ally, skill = choice.str_param("ally"), choice.str_param("skill")
        state.helps.append(Help(f.name, ally, skill))
        data = {"who": f.name, "ally": ally, "skill": skill}
        return [Event("help", data=data, visible_to=None), *end_turn(state)]
