"""Tachyon: rolls."""

from __future__ import annotations

from typing import Any

from shiftdrive.core.dice import DiceSource, FudgeRoll, roll_fudge
from shiftdrive.engine.events import Event
from shiftdrive.rulesets.tachyon import systems as sysmod
from shiftdrive.rulesets.tachyon.invokes import to_stage
from shiftdrive.rulesets.tachyon.sight import who_sees
from shiftdrive.rulesets.tachyon.state import (
    CRAFT,
    FLIGHT,
    LARGE,
    TURRET,
    Roll,
    Swarm,
    TachyonState,
    Unit,
    dice_data,
)


def rating(state: TachyonState, u: Unit, skill: str) -> int:
    bonus = 0
    if u.kind == FLIGHT:
        bonus = int(state.options["flight_bonus_per_craft"]) * (u.size - 1)
    return u.skills.get(skill, 0) + bonus


def minimized(state: TachyonState, u: Unit, skill: str) -> int:
    """T5/T6: dice minimized by completed system rows."""
    if u.kind == TURRET and u.parent:
        eff = sysmod.effects(state.units[u.parent].systems)
        return eff.minimize.get(f"gun_{skill}", 0)
    if u.kind == LARGE:
        eff = sysmod.effects(u.systems)
        key = "defense" if skill.startswith("defense") else skill
        return eff.minimize.get(key, 0)
    return 0


def roll_skill(
    state: TachyonState, dice: DiceSource, u: Unit, skill: str, why: str
) -> tuple[int, FudgeRoll]:
    if u.kind == CRAFT:  # most rolls: a lone craft has no flight bonus nor system damage
        r = roll_fudge(dice, 4, why=why, who=u.name)
        return u.skills.get(skill, 0) + r.total, r
    r = roll_fudge(dice, 4, minimized=minimized(state, u, skill), why=why, who=u.name)
    return rating(state, u, skill) + r.total, r


def t9_mod(u: Unit) -> int:
    """T9 modifier this unit suffers now (large crews ignore it)."""
    return 0 if u.large_crew else t9(u.actions)


def start_roll(
    state: TachyonState,
    dice: DiceSource,
    action: str,
    u: Unit,
    skill: str,
    params: dict[str, Any],
    *,
    target: Unit | None = None,
    opp_skill: str = "",
    difficulty: int | None = None,
    swarm: Swarm | None = None,
    opp_bonus: int = 0,
) -> list[Event]:
    """Roll an action: skill + 4dF against a difficulty, a unit's skill + 4dF, or a swarm."""
    who = u.name if u.detected else "a hidden craft"  # `pub`, with the unit in hand
    total, r = roll_skill(state, dice, u, skill, f"{action}: {who} {skill}")
    roll = Roll(
        action, u.name, target.name if target else (swarm.name if swarm else None), params,
        total, 0, None, fixed=difficulty is not None, actor_side=u.side, a_skill=skill,
        a_dice=r.total, a_min=r.minimized,
    )  # fmt: skip
    opposed: FudgeRoll | None = None  # the opposition's dice, if it rolls
    if difficulty is not None:
        roll.opp = difficulty
        roll.opp_side = state.enemy_of(u.side)  # may invoke an obstacle (C4)
    elif swarm is not None:
        opposed = roll_fudge(dice, 4, why=f"{action}: swarm {swarm.name} pilot")
        # T9: the enemy's defense improves against a busy attacker.
        roll.opp = swarm.pilot + opposed.total + t9_mod(u)
        roll.opp_side, roll.o_dice = swarm.side, opposed.total
    else:
        assert target is not None
        # T9: the attacker gains the target's modifier; the target defends with the
        # attacker's modifier.
        roll.total += t9_mod(target)
        o_total, opposed = roll_skill(
            state,
            dice,
            target,
            opp_skill,
            f"{action}: {target.name} {opp_skill}",
        )
        roll.opp = o_total + opp_bonus + t9_mod(u)
        roll.opp_unit, roll.opp_side = target.name, target.side
        roll.o_dice, roll.o_min = opposed.total, opposed.minimized
    data: dict[str, Any] = {
        "actor": u.name, "action": action, "skill": skill, "rolled": total,
        "dice": dice_data(r), "total": roll.total, "opposition": roll.opp,
    }  # fmt: skip
    if difficulty is not None:
        data["difficulty"] = difficulty
    elif swarm is not None:
        assert opposed is not None
        data["swarm"] = swarm.name
        data["opposition_dice"] = dice_data(opposed)
    else:
        assert target is not None and opposed is not None
        data["target"] = target.name
        data["opposition_skill"] = opp_skill
        data["opposition_dice"] = dice_data(opposed)
    ev = [
        Event(
            "roll",
            data=data,
            # `who_sees`, with the units in hand: open to all when both are detected.
            visible_to=(
                None
                if u.detected and (target is None or target.detected)
                else who_sees(state, u.name, roll.opp_unit)
            ),
        )
    ]
    return ev + to_stage(state, roll, dice, first=True)


def t9(actions: int) -> int:
    """T9: with 0, 1, 2, 3+ earlier actions this round: +0, +0, +2, +4."""
    return 0 if actions <= 1 else (2 if actions == 2 else 4)
