"""Tachyon: detection."""

from __future__ import annotations

from typing import Any, Final

from shiftdrive.core.aspects import Aspect, AspectKind
from shiftdrive.core.dice import DiceSource
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.rulesets.tachyon.rolls import flight_mods, rating, roll_skill
from shiftdrive.rulesets.tachyon.scenario import (
    TachyonScenario,
)
from shiftdrive.rulesets.tachyon.sight import who_sees
from shiftdrive.rulesets.tachyon.state import (
    TachyonState,
    Unit,
    dice_data,
)

AGGRESSIVE: Final = {
    "tail",
    "dive",
    "pressure",
    "fire",
    "fire_swarm",
    "fire_large",
    "launch",
    "launch_swarm",
    "launch_large",
    "maneuver",
    "advantage",
    "ew_advantage",
}


def detection(state: TachyonState, sc: TachyonScenario, dice: DiceSource) -> list[Event]:
    """T7: each player craft rolls technology vs the undetected enemy with the lowest
    technology not yet rolled against (one an earlier row made Undetected is still one not
    rolled against). Large targets and swarms are never Undetected."""
    players = next((s.name for s in sc.sides if s.players), state.sides[0])
    enemy = state.enemy_of(players)
    mine = [u for u in state.side_units(players) if u.small]
    theirs = [u for u in state.side_units(enemy) if u.small]
    rolled: list[str] = []
    rows: list[dict[str, Any]] = []
    for n, att in enumerate(mine, start=1):
        # T7: every enemy not yet rolled against, one an earlier row hid (the "one more") too
        candidates = [u for u in theirs if u.name not in rolled]
        if not candidates or not att.detected:
            continue
        de = min(candidates, key=lambda u: rating(state, u, "technology"))
        rolled.append(de.name)
        a_total, a_roll = roll_skill(state, dice, att, "technology", f"detection {n}: attacker")
        d_total, d_roll = roll_skill(state, dice, de, "technology", f"detection {n}: defender")
        if a_total > d_total + 2:
            hidden = [att, *[u for u in mine if u.detected and u is not att][:1]]
            row = "attacker succeeds with style"
        elif a_total > d_total:
            hidden, row = [att], "attacker succeeds"
        elif a_total == d_total:
            hidden, row = [], "tie"
        elif a_total + 2 < d_total:
            hidden = [de, *[u for u in theirs if u.detected and u is not de][:1]]
            row = "defender succeeds with style"
        else:
            hidden, row = [de], "defender succeeds"
        for u in hidden:
            if u.detected:  # a defender an earlier row hid keeps its one Undetected aspect
                hide(state, u)
        rows.append(
            {
                "attacker": att.name,
                "attacker_rating": att.skills.get("technology", 0),
                "attacker_dice": dice_data(a_roll),
                "attacker_mods": flight_mods(state, att),
                "attacker_total": a_total,
                "defender": de.name,
                "defender_rating": de.skills.get("technology", 0),
                "defender_dice": dice_data(d_roll),
                "defender_mods": flight_mods(state, de),
                "defender_total": d_total,
                "row": row,
                "undetected": [u.name for u in hidden],
            }
        )
    # Seen only by the side of whoever ended up Undetected (all rows rolled first).
    events = [
        Event(
            "detection",
            data=r,
            visible_to=who_sees(state, r["attacker"], r["defender"], *r["undetected"]),
        )
        for r in rows
    ]
    for side in state.sides:
        n = sum(1 for u in state.side_units(side) if not u.detected)
        if n:
            events.append(
                Event("undetected", data={"side": side, "count": n}, visible_to=frozenset({side}))
            )
    return events


def hide(state: TachyonState, u: Unit) -> None:
    u.detected = False
    name = state.aspects.unique_name(f"Undetected ({u.name})")
    state.aspects.add(
        Aspect(name, AspectKind.SITUATION, owner=u.name, hidden=True, free_invokes={u.name: 1})
    )


def reveal(state: TachyonState, u: Unit, fired: bool) -> list[Event]:
    """T7: an Undetected craft is detected on its first aggressive action. Its free invoke
    survives this one action (option undetected_invoke_on_reveal) and then goes."""
    u.detected = True
    a = next(
        (
            x
            for x in state.aspects
            if x.owner == u.name and x.hidden and x.name.startswith("Undetected")
        ),
        None,
    )
    if a is not None:
        if state.options["undetected_invoke_on_reveal"] and a.free_for(u.name):
            a.hidden = False
            state.round_aspects.append(a.name)
        else:
            state.aspects.remove(a.name)
    return [
        Event("detected", data={"unit": u.name, "zone": u.zone, "fired": fired}, visible_to=None)
    ]


def reveals(choice: Choice) -> bool:
    """T7: aggressive actions (anything aimed at an enemy) reveal an Undetected craft."""
    return choice.action in AGGRESSIVE and choice.str_param("target") not in ("", "scene")
