"""Create an advantage and discover (C5): a new aspect (or free invokes on a known one) on the
scene or on a character; a discovery reveals a hidden aspect instead.

Success gives one free invoke, style two, a tie a boost, a failure nothing. Against the scene
the roll is passive (the host's difficulty); against a character it is opposed (the host's
resisting skills). A character must be within one zone to be the target of an advantage.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar, Final

from shiftdrive.conflict.exchange import RollAction
from shiftdrive.conflict.host import CS
from shiftdrive.conflict.invokes import roll_and_open
from shiftdrive.conflict.roll import (
    Roll,
    add_boost,
    boost_event,
    defense_bonus,
    priced,
)
from shiftdrive.core.aspects import Aspect, AspectKind
from shiftdrive.core.outcomes import Outcome
from shiftdrive.engine.actions import ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event

if TYPE_CHECKING:
    from shiftdrive.conflict.host import Combatant
    from shiftdrive.core.dice import DiceSource
    from shiftdrive.core.odds import Odds
    from shiftdrive.engine.ruleset import Turn

SCENE: Final = "scene"
#: how many zones away a character may be to have an advantage created on them
ADVANTAGE_REACH: Final = 1
FREE_INVOKES: Final = {Outcome.SUCCESS: 1, Outcome.STYLE: 2}
ADVANTAGE_PARAMS: Final = {
    "skill": ParamKind.SKILL,
    "target": ParamKind.UNIT,
    "name": ParamKind.TEXT,
}
DISCOVER_PARAMS: Final = {"skill": ParamKind.SKILL, "target": ParamKind.UNIT}


# The menu's advantages are made the first time each is listed: a choice is a value, and
# what one shows is all it depends on (the skill, and the zone or the target), so one serves
# every battle.


@lru_cache(maxsize=4096)
def scene_advantage(skill: str, zone: str) -> Choice:
    """Creating an advantage on the scene, in `zone`, with `skill`."""
    return Choice.of(
        "advantage", skill=skill, target=SCENE, name="Favorable Position",
        free=("name",), label=f"Create an advantage in {zone} with {skill}",
    )  # fmt: skip


@lru_cache(maxsize=4096)
def target_advantage(skill: str, target: str) -> Choice:
    """Creating an advantage on the character `target` with `skill`."""
    return Choice.of(
        "advantage", skill=skill, target=target, name=f"{target} Off Balance",
        free=("name",), label=f"Create an advantage on {target} with {skill}",
    )  # fmt: skip


class _Advantage(RollAction[CS]):
    """What create an advantage and discover share: the roll against the scene or a character,
    its odds, and the tie and failure."""

    def start(
        self, state: CS, f: Combatant, choice: Choice, dice: DiceSource, aspect: str | None
    ) -> list[Event]:
        new = Roll(action=self.name, actor=f.name, skill=choice.str_param("skill") or "Athletics")
        new.aspect = aspect
        target = choice.str_param("target")
        data: dict[str, object] = {"action": self.name, "who": f.name, "skill": new.skill}
        if aspect is not None:
            data["aspect"] = aspect
        if target != SCENE:
            new.target = target
            data["target"] = target
            passive = self.passive(state, target)
            if passive is None:
                new.stage = "defend"
                state.roll = new
                return [Event("declare", data=data, visible_to=None)]
            new.difficulty = passive
        else:
            new.difficulty = self.host.difficulty(state, self.name)
            data["zone"] = f.zone
        state.roll = new
        data["difficulty"] = new.difficulty
        return [
            Event("declare", data=data, visible_to=None),
            *roll_and_open(self.host, state, new, dice),
        ]

    def passive(self, state: CS, target: str) -> int | None:
        """The unrolled opposition `target` meets the roll with, or None when it rolls to
        resist (the default: a character defends actively)."""
        return None

    def odds(self, state: CS, turn: Turn, choice: Choice) -> Odds | None:
        f = state.fighters[turn.actor or ""]
        skill = choice.str_param("skill") or "Athletics"
        target_name = choice.str_param("target")
        host, name = self.host, self.name
        if target_name == SCENE:
            return priced(host, state, name, f, skill, difficulty=host.difficulty(state, name))
        passive = self.passive(state, target_name)
        if passive is not None:
            return priced(host, state, name, f, skill, target_name, difficulty=passive)
        target = state.fighters[target_name]
        best = max(target.skill(s) for s in host.defenses(state, name, skill, target))
        opposed = best + defense_bonus(target)
        return priced(host, state, name, f, skill, target_name, opposed=opposed)

    def resolve(self, state: CS, roll: Roll, shifts: int, outcome: Outcome) -> list[Event]:
        actor = state.fighters[roll.actor]
        if outcome is Outcome.TIE:
            boost = add_boost(state, f"{actor.name}'s Edge", actor.name)
            return [boost_event(actor.name, boost, "tie on an advantage")]
        if outcome is Outcome.FAIL:
            return [Event(self.name, data={"who": actor.name, "failed": True}, visible_to=None)]
        return self.succeed(state, roll, actor, FREE_INVOKES[outcome])

    def succeed(self, state: CS, roll: Roll, actor: Combatant, free: int) -> list[Event]:
        raise NotImplementedError


class CreateAdvantage(_Advantage[CS]):
    name = "advantage"
    params: ClassVar[Mapping[str, ParamKind]] = ADVANTAGE_PARAMS

    def options(self, state: CS, turn: Turn) -> list[Choice]:
        return list(self.each_option(state, turn))

    def each_option(self, state: CS, turn: Turn) -> Iterator[Choice]:
        """`options` one by one, in order (a bot that takes the first builds only that one)."""
        f = state.fighters[turn.actor or ""]
        near: list[Combatant] | None = None
        for skill in self.host.advantage_skills(state, f):
            yield scene_advantage(skill, f.zone)
            if near is None:  # (not before the first choice: a bot may want only that one)
                # each enemy's distance, asked once; the nearest first
                gaps = [
                    (self.host.distance(state, f.zone, e.zone), e)
                    for e in state.active()
                    if e.side != f.side and self.host.engaged(state, f, e)
                ]
                near = [
                    e for reach in range(ADVANTAGE_REACH + 1) for gap, e in gaps if gap == reach
                ]
            for e in near:
                yield target_advantage(skill, e.name)

    def apply(self, state: CS, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        f = state.fighters[turn.actor or ""]
        return self.start(state, f, choice, dice, choice.str_param("name").strip())

    def succeed(self, state: CS, roll: Roll, actor: Combatant, free: int) -> list[Event]:
        name = roll.aspect or "Advantage"
        existing = state.aspects.find(name)
        data: dict[str, object] = {"who": actor.name, "free": free}
        if existing is not None and not existing.hidden:
            existing.add_free(actor.name, free)
            data.update({"aspect": existing.name, "existing": True})
            return [Event("advantage", data=data, visible_to=None)]
        name = state.aspects.unique_name(name)
        zone = None if roll.target else actor.zone
        aspect = Aspect(name, AspectKind.SITUATION, owner=roll.target, zone=zone)
        aspect.add_free(actor.name, free)
        state.aspects.add(aspect)
        data.update({"aspect": name, "target": roll.target, "zone": zone})
        return [Event("advantage", data=data, visible_to=None)]


class Discover(_Advantage[CS]):
    """Look for a character's (or the scene's) hidden aspects."""

    name = "discover"
    params: ClassVar[Mapping[str, ParamKind]] = DISCOVER_PARAMS

    def options(self, state: CS, turn: Turn) -> list[Choice]:
        f = state.fighters[turn.actor or ""]
        out: list[Choice] = []
        for skill in self.host.discovery_skills(state, f):
            out.append(
                Choice.of(
                    "discover", skill=skill, target=SCENE,
                    label=f"Search the scene for hidden aspects with {skill}",
                )
            )  # fmt: skip
            for e in state.active():
                if e.side != f.side and self.host.engaged(state, f, e):
                    out.append(
                        Choice.of(
                            "discover", skill=skill, target=e.name,
                            label=f"Look for {e.name}'s hidden aspects with {skill}",
                        )
                    )  # fmt: skip
        return out

    def apply(self, state: CS, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        return self.start(state, state.fighters[turn.actor or ""], choice, dice, None)

    def succeed(self, state: CS, roll: Roll, actor: Combatant, free: int) -> list[Event]:
        target = roll.target
        hidden = [
            a
            for a in state.aspects
            if a.hidden and a.owner == target and (target or a.zone in (None, actor.zone))
        ]
        data: dict[str, object] = {"who": actor.name, "target": target, "free": free}
        if hidden:
            found = hidden[0]
            found.hidden = False
            found.add_free(actor.name, free)
            data["aspect"] = found.name
        return [Event("discover", data=data, visible_to=None)]
