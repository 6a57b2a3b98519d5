"""Attack (C2): a skill that reaches the target's zone, against an active defense; a tie gives
the attacker a boost, defending with style gives the defender one, and a success is a hit of
the shifts (and the host's weapon and armor) that the target must absorb."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar, Final

from shiftdrive.conflict.absorb import deliver_hit
from shiftdrive.conflict.exchange import RollAction
from shiftdrive.conflict.host import CS
from shiftdrive.conflict.roll import Roll, add_boost, boost_event, defense_bonus, priced
from shiftdrive.core.ladder import describe
from shiftdrive.core.outcomes import Outcome
from shiftdrive.engine.actions import ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event

if TYPE_CHECKING:
    from shiftdrive.conflict.host import Combatant
    from shiftdrive.core.dice import DiceSource
    from shiftdrive.core.odds import Odds
    from shiftdrive.engine.ruleset import Turn

ATTACK_PARAMS: Final = {"target": ParamKind.UNIT, "skill": ParamKind.SKILL}
#: defending with style: the attack fails by this many shifts or more
STYLE_DEFENSE: Final = -3


@lru_cache(maxsize=4096)
def attack_choice(target: str, skill: str, rating: int) -> Choice:
    """Attacking `target` with `skill` at `rating`, as the menu lists it: made the first time
    (a choice is a value, and these are all it shows: one serves every battle)."""
    return Choice.of(
        "attack", target=target, skill=skill,
        label=f"Attack {target} with {skill} ({describe(rating)})",
    )  # fmt: skip


def within(distance: int | None, reach: int) -> bool:
    """An attack reaches a target `distance` zones away (None: no way there) with `reach`."""
    return distance is not None and distance <= reach


class Attack(RollAction[CS]):
    name = "attack"
    params: ClassVar[Mapping[str, ParamKind]] = ATTACK_PARAMS

    def may_aim(self, state: CS, f: Combatant, target: Combatant) -> bool:
        """Whether `f` may attack the enemy `target` at all, whatever the skill and distance:
        the host's `engaged` (a ruleset may narrow it further, as star_wars does for vehicles
        a person cannot damage)."""
        return self.host.engaged(state, f, target)

    def in_reach(self, state: CS, f: Combatant, reach: int, target: Combatant) -> bool:
        """The reach rule: an attack skill reaches `reach` zones from the attacker's, at an
        enemy it may aim at (`may_aim`)."""
        d = self.host.distance(state, f.zone, target.zone)
        return within(d, reach) and self.may_aim(state, f, target)

    def options(self, state: CS, turn: Turn) -> list[Choice]:
        f = state.fighters[turn.actor or ""]
        # each enemy it may aim at and how far it is, read once for every skill (`in_reach`)
        aims: list[tuple[str, int | None]] = []
        for e in state.active():
            if e.side != f.side and self.may_aim(state, f, e):
                aims.append((e.name, self.host.distance(state, f.zone, e.zone)))
        out: list[Choice] = []
        for skill in self.host.attack_skills(state, f):
            rating = f.skill(skill)
            reach = self.host.reach(state, skill) or 0
            for name, d in aims:
                if within(d, reach):
                    out.append(attack_choice(name, skill, rating))
        return out

    def check(self, state: CS, turn: Turn, choice: Choice) -> str | None:
        f = state.fighters[turn.actor or ""]
        target = state.fighters.get(choice.str_param("target"))
        skill = choice.str_param("skill")
        if target is None:
            return f"there is no character named {choice.str_param('target')!r}"
        reach = self.host.reach(state, skill)
        if reach is None:
            return f"{skill!r} is not an attack skill"
        if skill not in self.host.attack_skills(state, f):
            return f"{f.name} cannot attack with {skill}"
        if target.side == f.side:
            return f"{f.name} will not attack an ally"
        if not target.active:
            return f"{target.name} is already out of the fight"
        if self.in_reach(state, f, reach, target):
            return None
        d = self.host.distance(state, f.zone, target.zone)
        return (
            f"{f.name} cannot attack {target.name} with {skill}: {target.name} is "
            f"{d} zone(s) away and {skill} reaches {reach}"
        )

    def apply(self, state: CS, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        f = state.fighters[turn.actor or ""]
        skill = choice.str_param("skill")
        target = choice.str_param("target")
        state.roll = Roll(action="attack", actor=f.name, skill=skill, target=target, stage="defend")
        return [
            Event(
                "declare",
                data={"action": "attack", "who": f.name, "target": target, "skill": skill},
                visible_to=None,
            )
        ]

    def odds(self, state: CS, turn: Turn, choice: Choice) -> Odds | None:
        f = state.fighters[turn.actor or ""]
        skill = choice.str_param("skill")
        target = state.fighters[choice.str_param("target")]
        best = max(target.skill(s) for s in self.host.defenses(state, "attack", skill, target))
        opposed = best + defense_bonus(target)
        return priced(self.host, state, "attack", f, skill, target.name, opposed=opposed)

    def resolve(self, state: CS, roll: Roll, shifts: int, outcome: Outcome) -> list[Event]:
        actor = roll.actor
        target = roll.target or ""
        events: list[Event] = []
        if outcome is Outcome.TIE:
            events.append(boost_event(actor, add_boost(state, f"{actor}'s Opening", actor), "tie"))
        elif shifts <= STYLE_DEFENSE:
            boost = add_boost(state, f"{target}'s Riposte", target)
            events.append(boost_event(target, boost, "defended with style"))
        if not outcome.succeeded:
            return events
        harm = self.host.harm(state, roll, shifts)
        roll.hit = harm.hit
        roll.track = harm.track
        if harm.weapon or harm.armor:
            events.append(
                Event(
                    "harm",
                    data={
                        "target": target,
                        "hit": harm.hit,
                        "shifts": shifts,
                        "weapon": harm.weapon,
                        "armor": harm.armor,
                    },
                    visible_to=None,
                )
            )
        if outcome is Outcome.STYLE and roll.hit >= 1:
            roll.stage = "style"
            return events
        return events + deliver_hit(self.host, state, roll)
