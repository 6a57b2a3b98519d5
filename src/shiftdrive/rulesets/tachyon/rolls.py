"""Rolling an action (`start_roll`) and pricing it (`plan_query`) from one plan of the roll
(`RollPlan`) and one list of its modifiers (`modifiers`): ratings with a flight's bonus, dice
minimized by system damage (T5/T6), the T9 modifier."""

from __future__ import annotations

from typing import Any

from shiftdrive.core.dice import DiceSource, FudgeRoll, roll_fudge
from shiftdrive.core.odds import OddsQuery
from shiftdrive.engine.events import Event
from shiftdrive.rulesets.tachyon import systems as sysmod
from shiftdrive.rulesets.tachyon.invokes import to_stage
from shiftdrive.rulesets.tachyon.outcomes import tie_succeeds
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

#: A modifier of a roll, as event data: [what, value, whose]. What: "flight" (a flight's
#: size bonus; whose: its size), "t9" (a busy craft's multiple-action modifier; whose: the busy
#: craft), "system" (a large target's system defense bonus, T3; whose: the system),
#: "uncooperative" (Full stop beside an uncooperative target). Worded in `words.py`.
Mod = list[Any]


def size_bonus(state: TachyonState, size: int) -> int:
    """A flight of `size` craft rolls +1 (option) per craft beyond the first; none once no
    craft is left (a flight wiped out at its own initiative still acts, T8)."""
    return int(state.options["flight_bonus_per_craft"]) * max(0, size - 1)


def flight_bonus(state: TachyonState, u: Unit) -> int:
    """A flight's size bonus now (`size_bonus`); nothing else has one."""
    if u.kind != FLIGHT:
        return 0
    return size_bonus(state, u.size)


def flight_mods(state: TachyonState, u: Unit) -> list[Mod]:
    """A flight's size bonus as a roll's modifier (none for anything else)."""
    bonus = flight_bonus(state, u)
    return [["flight", bonus, u.size]] if bonus else []


def rating(state: TachyonState, u: Unit, skill: str) -> int:
    return u.skills.get(skill, 0) + flight_bonus(state, u)


def minimized(state: TachyonState, u: Unit, skill: str, attack: bool = True) -> int:
    """T5/T6: dice minimized by completed system rows (`attack`: whether the roll is an
    attack; the gun emplacement track minimizes only the guns' attacks, `sysmod.effects`)."""
    if u.kind == TURRET and u.parent:
        eff = sysmod.effects(state.units[u.parent].systems, attack)
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


class RollPlan:
    """The roll an action makes, before the dice: `skill` against a fixed `difficulty`, a
    target unit's `opp_skill`, or a swarm; `extra` are the modifiers of the opposition the
    action adds (a system's defense bonus, an uncooperative target). `ties`: whether a tie
    against a fixed difficulty succeeds for this action (most overcomes, by option; not a
    create-an-advantage, where a tie is a boost, C5). `attack`: a shot (fire at a craft, a
    swarm or a ship), which the gun emplacement track's penalties reach (T5). `start_roll`
    rolls it and `plan_query` prices it, from the same modifiers (`modifiers`)."""

    def __init__(
        self,
        skill: str,
        *,
        target: Unit | None = None,
        opp_skill: str = "",
        difficulty: int | None = None,
        swarm: Swarm | None = None,
        extra: tuple[tuple[str, int, Any], ...] = (),
        params: dict[str, Any] | None = None,
        ties: bool = True,
        attack: bool = False,
    ) -> None:
        self.skill = skill
        self.target = target
        self.opp_skill = opp_skill
        self.difficulty = difficulty
        self.swarm = swarm
        self.extra = extra
        self.params = {} if params is None else params
        self.ties = ties
        self.attack = attack


def modifiers(state: TachyonState, u: Unit, plan: RollPlan) -> tuple[list[Mod], list[Mod]]:
    """Every modifier of a roll, for the roller and for its opposition: a flight's size bonus
    on either side, and T9: a busy roller's modifier adds to its difficulty (or to the
    defender's roll), a busy target's to the roller (`t9_mod` written out: every roll asks,
    and most have no modifier)."""
    mine: list[Mod] = []
    theirs: list[Mod] = [list(m) for m in plan.extra] if plan.extra else []
    if u.kind == FLIGHT and u.size > 1:
        mine += flight_mods(state, u)
    t = plan.target
    if t is not None:
        if t.kind == FLIGHT and t.size > 1:
            theirs[:0] = flight_mods(state, t)
        if t.actions > 1 and not t.large_crew:
            mine.append(["t9", t9(t.actions), t.name])
    if u.actions > 1 and not u.large_crew:
        theirs.append(["t9", t9(u.actions), u.name])
    return mine, theirs


def defense_bonus(system: str) -> tuple[tuple[str, int, Any], ...]:
    """T3: a system's defense bonus (the bridge's +1), as a modifier of the defense roll."""
    bonus = sysmod.DEFENSE_BONUS.get(system, 0)
    return (("system", bonus, system),) if bonus else ()


def total_of(mods: list[Mod]) -> int:
    n = 0
    for m in mods:
        n += int(m[1])
    return n


def plan_query(state: TachyonState, u: Unit, plan: RollPlan) -> OddsQuery:
    """The exact odds of `plan` (C2 via `core.odds`), with the modifiers `start_roll` applies.
    Against a fixed difficulty a tie counts as the success it is (T-ruling `tie_succeeds`)."""
    mine, theirs = modifiers(state, u, plan)
    skill = u.skills.get(plan.skill, 0) + total_of(mine)
    low = minimized(state, u, plan.skill, plan.attack)
    if plan.difficulty is not None:
        ties = plan.ties and tie_succeeds(state, True)
        return OddsQuery(
            skill, difficulty=plan.difficulty + total_of(theirs), minimized=low, tie_succeeds=ties
        )
    if plan.swarm is not None:
        return OddsQuery(skill, opposed=plan.swarm.pilot + total_of(theirs), minimized=low)
    t = plan.target
    assert t is not None
    return OddsQuery(
        skill,
        opposed=t.skills.get(plan.opp_skill, 0) + total_of(theirs),
        minimized=low,
        opposed_minimized=minimized(state, t, plan.opp_skill),
    )


def start_roll(
    state: TachyonState, dice: DiceSource, action: str, u: Unit, plan: RollPlan
) -> list[Event]:
    """Roll an action: skill + 4dF against a difficulty, a unit's skill + 4dF, or a swarm.
    The roll event names every part of both sides, and each side's parts add up to its
    total (the rating, the dice, each modifier)."""
    skill, target, swarm = plan.skill, plan.target, plan.swarm
    who = u.name if u.detected else "a hidden craft"  # `pub`, with the unit in hand
    # a lone craft has no systems
    low = 0 if u.kind == CRAFT else minimized(state, u, skill, plan.attack)
    r = roll_fudge(dice, 4, minimized=low, why=f"{action}: {who} {skill}", who=u.name)
    mine, theirs = modifiers(state, u, plan)
    base = u.skills.get(skill, 0)
    roll = Roll(
        action, u.name, target.name if target else (swarm.name if swarm else None), plan.params,
        base + r.total + total_of(mine), 0, None, fixed=plan.difficulty is not None,
        actor_side=u.side, a_skill=skill, a_dice=r.total, a_min=r.minimized, ties=plan.ties,
    )  # fmt: skip
    data: dict[str, Any] = {
        "actor": u.name, "action": action, "skill": skill, "rating": base, "dice": dice_data(r),
        "mods": mine, "total": roll.total, "opposition_mods": theirs,
    }  # fmt: skip
    if plan.difficulty is not None:
        roll.opp = plan.difficulty + total_of(theirs)
        roll.opp_side = state.enemy_of(u.side)  # may invoke an obstacle (C4)
        data["difficulty"] = plan.difficulty
    elif swarm is not None:
        opposed = roll_fudge(dice, 4, why=f"{action}: swarm {swarm.name} pilot")
        roll.opp = swarm.pilot + opposed.total + total_of(theirs)
        roll.opp_side, roll.o_dice = swarm.side, opposed.total
        data["swarm"] = swarm.name
        data["opposition_skill"] = "pilot"
        data["opposition_rating"] = swarm.pilot
        data["opposition_dice"] = dice_data(opposed)
    else:
        assert target is not None
        opp_skill = plan.opp_skill
        low = 0 if target.kind == CRAFT else minimized(state, target, opp_skill)
        opposed = roll_fudge(
            dice, 4, minimized=low, why=f"{action}: {target.name} {opp_skill}", who=target.name
        )
        o_base = target.skills.get(opp_skill, 0)
        roll.opp = o_base + opposed.total + total_of(theirs)
        roll.opp_unit, roll.opp_side = target.name, target.side
        roll.o_dice, roll.o_min = opposed.total, opposed.minimized
        data["target"] = target.name
        data["opposition_skill"] = opp_skill
        data["opposition_rating"] = o_base
        data["opposition_dice"] = dice_data(opposed)
    data["opposition"] = roll.opp
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


def gun_initiatives(state: TachyonState, ship: Unit) -> list[Event]:
    """T5/T6 on the guns' one tactics roll: guns roll tactics only for initiative, once (T8),
    so a propulsion row that minimizes N of their tactics dice counts the last N dice each gun
    rolled as - from then on (a repair that undoes the row gives them back). A gun's
    initiative is only ever its roll: nothing else moves it."""
    n = sysmod.effects(ship.systems).minimize.get("gun_tactics", 0)
    events: list[Event] = []
    for g in state.units.values():
        if g.parent != ship.name or not g.active:
            continue
        m = max(n, g.init_min)  # dice minimized when it rolled were never rolled
        kept = g.init_faces[: max(0, len(g.init_faces) - (m - g.init_min))]
        tactics = g.skills.get("tactics", 0)
        initiative = tactics + sum(kept) - m
        if initiative == g.initiative:
            continue
        g.initiative = initiative
        events.append(
            Event(
                "initiative",
                data={"unit": g.name, "ship": ship.name, "tactics": tactics,
                      "dice": [kept, m, 0], "minimized": m, "initiative": initiative},
                visible_to=None,
            )
        )  # fmt: skip
    return events


def t9(actions: int) -> int:
    """T9: with 0, 1, 2, 3+ earlier actions this round: +0, +0, +2, +4."""
    return 0 if actions <= 1 else (2 if actions == 2 else 4)
