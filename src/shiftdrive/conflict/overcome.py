"""Overcome (C2): remove a situation aspect (or a boost) in your zone against its difficulty;
a tie removes it at a minor cost, style adds a boost."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar, Final

from shiftdrive.conflict.exchange import RollAction
from shiftdrive.conflict.host import CS
from shiftdrive.conflict.invokes import roll_and_open
from shiftdrive.conflict.roll import Roll, add_boost, boost_event, priced
from shiftdrive.core.aspects import AspectKind
from shiftdrive.core.outcomes import Outcome
from shiftdrive.engine.actions import ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event

if TYPE_CHECKING:
    from shiftdrive.core.dice import DiceSource
    from shiftdrive.core.odds import Odds
    from shiftdrive.engine.ruleset import Turn

OVERCOME_PARAMS: Final = {"aspect": ParamKind.ASPECT, "skill": ParamKind.SKILL}
OBSTACLES: Final = (AspectKind.SITUATION, AspectKind.BOOST)


@lru_cache(maxsize=4096)
def overcome_choice(aspect: str, skill: str) -> Choice:
    """Overcoming `aspect` with `skill`, as the menu lists it: made the first time (a choice
    is a value, and these are all it shows: one serves every battle)."""
    return Choice.of(
        "overcome", aspect=aspect, skill=skill, label=f"Overcome '{aspect}' with {skill}"
    )


class Overcome(RollAction[CS]):
    name = "overcome"
    params: ClassVar[Mapping[str, ParamKind]] = OVERCOME_PARAMS

    def options(self, state: CS, turn: Turn) -> list[Choice]:
        f = state.fighters[turn.actor or ""]
        out: list[Choice] = []
        for a in state.aspects:
            if not self.host.visible(state, a, f.side):
                continue
            if a.kind in OBSTACLES and (
                (a.owner is None and a.zone in (None, f.zone)) or a.owner == f.name
            ):
                skill = self.host.overcome_skill(state, f)
                out.append(overcome_choice(a.name, skill))
        return out

    def apply(self, state: CS, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        f = state.fighters[turn.actor or ""]
        new = Roll(action="overcome", actor=f.name, skill=choice.str_param("skill") or "Athletics")
        new.aspect = choice.str_param("aspect")
        new.difficulty = self.host.difficulty(state, "overcome", new.aspect)
        state.roll = new
        aimed = state.aspects.find(new.aspect)
        if aimed is not None:
            aimed.hidden = False  # overcome in the open, as an invoke reveals what it uses
        data = {
            "action": "overcome",
            "who": f.name,
            "skill": new.skill,
            "aspect": new.aspect,
            "difficulty": new.difficulty,
        }
        return [
            Event("declare", data=data, visible_to=None),
            *roll_and_open(self.host, state, new, dice),
        ]

    def odds(self, state: CS, turn: Turn, choice: Choice) -> Odds | None:
        f = state.fighters[turn.actor or ""]
        diff = self.host.difficulty(state, "overcome", choice.str_param("aspect"))
        skill = choice.str_param("skill") or "Athletics"
        return priced(self.host, state, self.name, f, skill, difficulty=diff)

    def resolve(self, state: CS, roll: Roll, shifts: int, outcome: Outcome) -> list[Event]:
        if outcome is Outcome.FAIL:
            return []
        name = roll.aspect or ""
        if name in state.aspects:
            state.aspects.remove(name)
            state.boosts_born.pop(name, None)
        events = [
            Event(
                "overcome",
                data={"who": roll.actor, "aspect": name, "cost": outcome is Outcome.TIE},
                visible_to=None,
            )
        ]
        if outcome is Outcome.STYLE:
            boost = add_boost(state, f"{roll.actor} Rolling", roll.actor)
            events.append(boost_event(roll.actor, boost, "overcame with style"))
        return events
