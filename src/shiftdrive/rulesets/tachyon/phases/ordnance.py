"""Tachyon: phases.ordnance."""

from __future__ import annotations

from typing import Any

from shiftdrive.core.dice import DiceSource, roll_fudge
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.rulesets.tachyon.aspects import boost
from shiftdrive.rulesets.tachyon.damage import (
    damage_small,
    hit_large,
    kill_swarm,
    large_reading,
    point_defense,
)
from shiftdrive.rulesets.tachyon.invokes import to_stage
from shiftdrive.rulesets.tachyon.outcomes import (
    HIT,
    HIT_OR_BOOST,
    OUTCOMES,
    READS,
    SUCCEEDS,
    Reading,
)
from shiftdrive.rulesets.tachyon.positions import large_short, zmap
from shiftdrive.rulesets.tachyon.rolls import (
    Mod,
    defense_bonus,
    flight_bonus,
    roll_skill,
    size_bonus,
    t9_mod,
    total_of,
)
from shiftdrive.rulesets.tachyon.state import (
    FLIGHT,
    Ordnance,
    Roll,
    TachyonState,
    Unit,
    dice_data,
)


def launch(state: TachyonState, u: Unit, c: Choice) -> list[Event]:
    kind = c.str_param("ordnance")
    u.ordnance[kind] -= 1
    tname = c.str_param("target")
    speed = int(state.options["ordnance_speeds"].get(kind, 1))
    o = Ordnance(
        state.next_ordnance,
        kind,
        speed,
        u.name,
        u.side,
        tname,
        u.zone,
        u.skills.get("technology", 0),
        "small",
        enemy_bonus=t9_mod(u),
        size=u.size if u.kind == FLIGHT else 1,
    )
    state.next_ordnance += 1
    if c.action == "launch_swarm":
        o.target_kind = "swarm"
    elif c.action == "launch_large":
        t = state.units[tname]
        short = large_short(state, u, t)  # T4: fixed at launch
        o.target_kind, o.system, o.long_range = "large", c.str_param("system"), not short
        o.backlash = point_defense(state, u, t, short)
    state.ordnance.append(o)
    return [
        Event(
            "launch",
            data={"unit": u.name, "kind": kind, "ordnance": o.id, "target": tname},
            visible_to=None,
        )
    ]


def move_ordnance(state: TachyonState) -> list[Event]:
    events: list[Event] = []
    for o in list(state.ordnance):
        if not target_alive(state, o):
            state.ordnance.remove(o)
            events.append(Event("ordnance", data=_ordnance(o, "loses_target"), visible_to=None))
            continue
        if o.target_kind == "swarm":
            continue
        t = state.units[o.target]
        path = zmap(state).path(o.zone, t.zone) or [o.zone]
        steps = min(o.speed, len(path) - 1)
        if steps:
            o.zone = path[steps]
            events.append(
                Event("ordnance", data={**_ordnance(o, "flies"), "zone": o.zone}, visible_to=None)
            )
    return events


def target_alive(state: TachyonState, o: Ordnance) -> bool:
    if o.target_kind == "swarm":
        return state.swarms[o.target].active
    t = state.units[o.target]
    return t.active and t.detected


def next_ordnance(state: TachyonState, dice: DiceSource) -> list[Event] | None:
    """T12: the next ordnance to strike this gunnery phase (None when none is left): it
    attacks when in its target's zone (always, against a swarm). Ordnance whose target is
    gone self-destructs."""
    for o in list(state.ordnance):
        if not target_alive(state, o):
            state.ordnance.remove(o)
            return [Event("ordnance", data=_ordnance(o, "self_destructs"), visible_to=None)]
        if o.target_kind != "swarm" and o.zone != state.units[o.target].zone:
            continue
        state.ordnance.remove(o)
        return strike(state, o, dice)
    return None


def strike(state: TachyonState, o: Ordnance, dice: DiceSource) -> list[Event]:
    """Roll an arrived ordnance's attack: technology at launch + 4dF against the target. T9:
    a busy target helps the attack; the launcher's modifier at launch helps the defense."""
    r = roll_fudge(dice, 4, why=f"ordnance #{o.id} attack", who=o.owner)
    roll = Roll(
        "ordnance", o.owner, o.target, {"ordnance": o.to_json()}, o.attack + r.total, 0,
        None, actor_side=o.side, a_skill="technology", a_dice=r.total,
    )  # fmt: skip
    bonus = size_bonus(state, o.size)  # the launcher's, at launch
    mine: list[Mod] = [["flight", bonus, o.size]] if bonus else []
    theirs: list[Mod] = []
    if o.target_kind == "swarm":
        sw = state.swarms[o.target]
        dr = roll_fudge(dice, 4, why=f"ordnance #{o.id}: swarm pilot")
        skill, base = "pilot", sw.pilot
        roll.opp_side, roll.o_dice = sw.side, dr.total
    else:
        t = state.units[o.target]
        if o.target_kind == "large":
            skill = "defense_long" if o.long_range else "defense_short"
            theirs += [list(m) for m in defense_bonus(o.system or "")]
        else:
            skill = "pilot"
        _, dr = roll_skill(state, dice, t, skill, f"ordnance #{o.id}: {skill}")
        base = t.skills.get(skill, 0)
        bonus = flight_bonus(state, t)
        if bonus:
            theirs.insert(0, ["flight", bonus, t.size])
        if t9_mod(t):
            mine.append(["t9", t9_mod(t), t.name])
        roll.opp_unit, roll.opp_side = t.name, t.side
        roll.o_dice, roll.o_min = dr.total, dr.minimized
    if o.enemy_bonus:
        theirs.append(["t9", o.enemy_bonus, o.owner])
    roll.total += total_of(mine)
    roll.opp = base + dr.total + total_of(theirs)
    events = [
        Event(
            "ordnance_attack",
            data={**_ordnance(o, "strikes"), "owner": o.owner, "target": o.target,
                  "swarm": o.target_kind == "swarm", "rating": o.attack, "dice": dice_data(r),
                  "mods": mine, "total": roll.total, "opposition_skill": skill,
                  "opposition_rating": base, "opposition_dice": dice_data(dr),
                  "opposition_mods": theirs, "opposition": roll.opp},
            visible_to=None,
        )
    ]  # fmt: skip
    return events + to_stage(state, roll, dice, first=True)


def ordnance_hits(state: TachyonState, roll: Roll, s: int) -> list[Event]:
    o = Ordnance(**roll.params["ordnance"])
    owner = state.units[o.owner]
    if o.target_kind == "swarm":
        sw = state.swarms[o.target]
        if s > 0:
            return kill_swarm(state, sw)
        return [
            Event("swarm", data={**_ordnance(o, "no_effect"), "swarm": sw.name}, visible_to=None)
        ]
    t = state.units[o.target]
    if o.target_kind == "large":
        return hit_large(
            state, owner, t, s, o.system or "propulsion", not o.long_range,
            ordnance=o, backlash=o.backlash,
        )  # fmt: skip
    if s > 0:
        return [
            Event(
                "hit", data={**_ordnance(o, "hits"), "target": t.name, "shifts": s}, visible_to=None
            ),
            *damage_small(state, t, s, o.owner),
        ]
    if s == 0 and owner.active:
        return boost(state, owner)
    return [
        Event(
            "miss", data={**_ordnance(o, "misses"), "target": t.name, "shifts": s}, visible_to=None
        )
    ]


def _ordnance(o: Ordnance, what: str) -> dict[str, Any]:
    """An ordnance event's data: which ordnance (kind and number), and what it did."""
    return {"ordnance": o.id, "kind": o.kind, "what": what}


def strike_outcome(state: TachyonState, roll: Roll, dice: DiceSource) -> list[Event]:
    """An ordnance's attack, once its invoke window has closed (C4)."""
    return ordnance_hits(state, roll, roll.total - roll.opp)


def strike_reads(state: TachyonState, roll: Roll) -> Reading:
    """What a strike reads from its shifts, as `ordnance_hits` does: against a swarm only
    success (T11); against a large target the damage past its protection, or point defense's
    backlash fixed at launch (T4); against a craft the hit, and a tie's boost for a launcher
    still in the fight."""
    o = roll.params["ordnance"]
    kind = o["target_kind"]
    if kind == "swarm":
        return SUCCEEDS
    u, t = state.units[o["owner"]], state.units[o["target"]]
    if kind == "large":
        system = o["system"] or "propulsion"
        return large_reading(state, u, t, system, not o["long_range"], o["backlash"])
    return HIT_OR_BOOST if u.active else HIT


OUTCOMES["ordnance"] = strike_outcome
READS["ordnance"] = strike_reads
