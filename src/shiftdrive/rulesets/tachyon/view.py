"""Tachyon: view."""

from __future__ import annotations

from typing import Any

from shiftdrive.core.aspects import Aspect
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import GM
from shiftdrive.rulesets.tachyon import systems as sysmod
from shiftdrive.rulesets.tachyon.aspects import SUGGESTED, base_name
from shiftdrive.rulesets.tachyon.damage import long_shield
from shiftdrive.rulesets.tachyon.detection import reveals
from shiftdrive.rulesets.tachyon.positions import zmap
from shiftdrive.rulesets.tachyon.sight import aspect_visible, seen, who_sees
from shiftdrive.rulesets.tachyon.state import (
    LARGE,
    TachyonState,
)


def secrets(state: TachyonState, seat: str) -> list[str]:
    if seat == GM:
        return []
    out = [u.name for u in state.units.values() if not seen(state, u, seat)]
    out += [
        a.name
        for a in state.aspects
        if not aspect_visible(state, a, seat) and base_name(a.name) not in SUGGESTED
    ]
    return out


def view(state: TachyonState, seat: str) -> dict[str, Any]:
    def aspect_json(a: Aspect) -> dict[str, Any]:
        d: dict[str, Any] = {"name": a.name, "kind": a.kind.value}
        # A hidden craft's free invokes stay hidden with it (T7).
        free = {
            h: n
            for h, n in a.free_invokes.items()
            if h not in state.units or seen(state, state.units[h], seat)
        }
        if free:
            d["free_invokes"] = free
        return d

    visible = [a for a in state.aspects if aspect_visible(state, a, seat)]
    units = []
    for u in state.units.values():
        if not seen(state, u, seat):
            continue
        own = seat in (GM, u.side)
        d: dict[str, Any] = {
            "name": u.name, "side": u.side, "kind": u.kind, "zone": u.zone,
            "status": u.status, "initiative": u.initiative, "skills": dict(u.skills),
            "detected": u.detected, "evasion": u.evasion, "actions": u.actions,
            "weapons": dict(u.weapons), "ordnance": dict(u.ordnance) if own else None,
            "aspects": [aspect_json(a) for a in visible if a.owner == u.name],
        }  # fmt: skip
        if u.small:
            d["shields"] = u.shields.render() if u.shields else None
            d["size"] = u.size
            d["consequences"] = [c.aspect for c in u.consequences.taken()] if u.consequences else []
        if u.pc:
            d["fate_points"] = u.fate_points.current if (own and u.fate_points) else None
            d["stress"] = u.stress.render() if u.stress else None
        if u.kind == LARGE:
            eff = sysmod.effects(u.systems)
            d.update(
                {
                    "shield_short": u.shield_short,
                    "shield_long": long_shield(u),
                    "pd_short": u.pd_short,
                    "pd_long": u.pd_long,
                    "systems": {k: t.render() for k, t in u.systems.items()},
                    "states": eff.states,
                    "minimized": eff.minimize,
                }
            )
        if u.bug_out_round is not None:
            d["bug_out_round"] = u.bug_out_round
        units.append(d)
    zm = zmap(state)
    cur = state.units.get(state.current or "")
    return {
        "title": state.title, "round": state.round, "max_rounds": state.max_rounds,
        "phase": state.phase,
        "current": cur.name if cur and seen(state, cur, seat) else None,
        "goals": dict(state.goals),
        "zones": [{"name": z.name, "adjacent": list(z.adjacent), "end_zone": z.end_zone,
                   "aspects": [aspect_json(a) for a in visible
                               if a.zone == z.name and a.owner is None]}
                  for z in zm.zones],
        "scene_aspects": [aspect_json(a) for a in visible
                          if a.owner is None and a.zone is None],
        "units": units,
        "swarms": [s.to_json() for s in state.swarms.values()],
        "ordnance": [o.to_json() for o in state.ordnance],
        "chatter": [c for c in state.chatter if seat in (GM, c["side"])],
        "roll": roll_view(state, seat),
        "result": {"winner": state.winner, "reason": state.ended} if state.ended else None,
    }  # fmt: skip


def roll_view(state: TachyonState, seat: str) -> dict[str, Any] | None:
    roll = state.roll
    if roll is None:
        return None
    vis = who_sees(state, roll.actor, roll.opp_unit)
    if seat != GM and vis is not None and seat not in vis:
        return None
    out = roll.to_json()
    if roll.hide_opp and seat != GM:
        out.update(opp=None, params={})  # T7: a scan does not say what it rolls against
    return out


def choice_visibility(state: TachyonState, seat: str, choice: Choice) -> frozenset[str] | None:
    if state.phase == "chatter" and state.roll is None:
        return frozenset({seat})  # radio chatter stays on the side's own channel
    # A choice that names a hidden craft stays on its side. Most choices (an invoke pass, a
    # skip) have no parameters, so they name no craft: names are never empty.
    for key in ("target", "by", "unit") if choice.params else ():
        named = state.units.get(choice.str_param(key))
        if named is not None and not named.detected:
            return frozenset({named.side})
    actor = state.roll.actor if state.roll else state.current
    u = state.units.get(actor or "")
    if u is not None and not u.detected and not (state.roll is None and reveals(choice)):
        return frozenset({u.side})
    return None
