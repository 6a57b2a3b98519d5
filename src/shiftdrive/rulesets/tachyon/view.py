"""Tachyon: view."""

from __future__ import annotations

from typing import Any

from shiftdrive.core.aspects import Aspect
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import GM
from shiftdrive.rulesets.tachyon import systems as sysmod
from shiftdrive.rulesets.tachyon import words
from shiftdrive.rulesets.tachyon.aspects import SUGGESTED, base_name
from shiftdrive.rulesets.tachyon.damage import long_shield
from shiftdrive.rulesets.tachyon.detection import reveals
from shiftdrive.rulesets.tachyon.invokes import stage_holder
from shiftdrive.rulesets.tachyon.positions import zmap
from shiftdrive.rulesets.tachyon.rolls import flight_bonus, t9_mod
from shiftdrive.rulesets.tachyon.sight import aspect_maker, aspect_visible, pub, seen, who_sees
from shiftdrive.rulesets.tachyon.state import (
    LARGE,
    PHASE_NAMES,
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
    """The state as `seat` may see it, in the game's words (what `state` shows at the
    table): ratings, shields as boxes left of all, tracks as boxes marked, the roll in hand
    as its numbers; nothing of what the seat may not see (hidden craft, their aspects and
    free invokes, other sides' ordnance loads and fate points, their radio)."""

    def aspect_text(a: Aspect) -> str:
        # A hidden craft's free invokes stay hidden with it (T7); a side's pooled free invokes
        # (held by the side, not a craft) are its own: any of its craft may spend them, a
        # hidden one too, so their count would tell another side of a hidden craft's roll.
        free = {
            h: n
            for h, n in a.free_invokes.items()
            if n > 0
            and (seen(state, state.units[h], seat) if h in state.units else seat in (GM, h))
        }
        return words.aspect_text(a.name, a.kind.value, free)

    visible = [a for a in state.aspects if aspect_visible(state, a, seat)]
    units = []
    for u in state.units.values():
        if not seen(state, u, seat):
            continue
        own = seat in (GM, u.side)
        d: dict[str, Any] = {
            "name": u.name, "side": u.side, "zone": u.zone,
            "status": "in the fight" if u.active else u.status,
            "is": words.unit_kind(u.kind, u.size, u.pc, u.parent),
            "initiative": u.initiative,
            "ratings": words.ratings(
                {k: v for k, v in u.skills.items() if not k.startswith("defense")},
                flight_bonus(state, u),
            ),
        }  # fmt: skip
        if not u.detected:
            d["undetected"] = "yes: the enemy cannot see or target it (T7)"
        if u.weapons:
            d["weapons"] = words.weapons(u.weapons)
        if own and u.ordnance:
            d["ordnance"] = words.ordnance_load(u.ordnance)
        if u.small:
            if u.shields is not None:
                d["shields"] = words.shields_left(u.shields.to_json())
            if u.evasion:
                d["evasion"] = u.evasion
            if u.consequences:
                d["consequences"] = [c.aspect for c in u.consequences.taken()]
        if u.actions and not u.large_crew:
            d["actions this round"] = words.actions_done(u.actions, t9_mod(u))
        if u.pc:
            if own and u.fate_points is not None:
                d["fate points"] = u.fate_points.current
            if u.stress is not None:
                d["stress"] = words.track_marked(u.stress.to_json())
        if u.kind == LARGE:
            eff = sysmod.effects(u.systems)
            d["defenses"] = words.short_long(u.skills.get("defense_short", 0),
                                             u.skills.get("defense_long", 0))  # fmt: skip
            d["shield ratings"] = words.short_long(u.shield_short, long_shield(u))
            d["point defense"] = words.short_long(u.pd_short, u.pd_long)
            d["systems"] = [
                f"{sysmod.SYSTEM_NAMES[k]}: {words.track_marked(t.to_json())}"
                for k, t in u.systems.items()
                if t.marked_count
            ] or ["undamaged"]
            other = sysmod.effects(u.systems, attack=False).minimize
            d["damage"] = words.system_effects(eff.minimize, eff.states, other)
        aspects = [aspect_text(a) for a in visible if a.owner == u.name]
        if aspects:
            d["aspects"] = aspects
        if u.bug_out_round is not None:
            d["leaves"] = f"at the end of round {u.bug_out_round} (bugging out, T13)"
        units.append(d)
    zm = zmap(state)
    cur = state.units.get(state.current or "")
    return {
        "title": state.title, "round": f"{state.round} of {state.max_rounds}",
        "phase": PHASE_NAMES.get(state.phase, state.phase),
        "acting": cur.name if cur and seen(state, cur, seat) else None,
        "goals": dict(state.goals),
        "zones": [{"name": z.name, "adjacent": list(z.adjacent),
                   "end zone": "yes (bug out from here)" if z.end_zone else None,
                   "aspects": [aspect_text(a) for a in visible
                               if a.zone == z.name and a.owner is None]}
                  for z in zm.zones],
        "scene aspects": [aspect_text(a) for a in visible
                          if a.owner is None and a.zone is None],
        "units": units,
        "swarms": [{"name": s.name, "side": s.side, "zone": s.zone,
                    "status": "in the fight" if s.active else "broken up",
                    "aspect": s.aspect, "pilot": s.pilot}
                   for s in state.swarms.values()],
        "ordnance": [{"name": f"{o.kind} #{o.id}", "side": o.side, "zone": o.zone,
                      "launched by": o.owner, "flying at": words.ordnance_target(o.target,
                      o.target_kind, o.system), "speed": f"{o.speed} zones a round"}
                     for o in state.ordnance],
        "radio": [{"name": f"round {c['round']}", "side": c["side"], "says": c["text"]}
                  for c in state.chatter if seat in (GM, c["side"])],
        "roll": roll_view(state, seat),
        "result": {"winner": state.winner, "reason": state.ended} if state.ended else None,
    }  # fmt: skip


def roll_view(state: TachyonState, seat: str) -> dict[str, Any] | None:
    """The roll waiting on invokes (C4), as the prompt words it; a scan's opposition is not
    told (T7)."""
    roll = state.roll
    if roll is None:
        return None
    vis = who_sees(state, roll.actor, roll.opp_unit)
    if seat != GM and vis is not None and seat not in vis:
        return None
    out: dict[str, Any] = {
        "action": words.action_name(roll.action),
        "by": pub(state, roll.actor),
        "result": roll.total,
    }
    if not roll.hide_opp or seat == GM:
        out["against"] = roll.opp
        out["shifts"] = roll.total - roll.opp
    side, _ = stage_holder(state, roll)
    out["invokes now"] = side
    return out


def choice_visibility(state: TachyonState, seat: str, choice: Choice) -> frozenset[str] | None:
    if state.phase == "chatter" and state.roll is None:
        return frozenset({seat})  # radio chatter stays on the side's own channel
    # A choice that names a hidden craft stays on its side. Most choices (an invoke pass, a
    # skip) have no parameters, so they name no craft: names are never empty.
    for key in ("target", "by") if choice.params else ():
        named = state.units.get(choice.str_param(key))
        if named is not None and not named.detected:
            return frozenset({named.side})
    if choice.action == "invoke":  # an aspect a hidden craft made stays on its side (T7)
        a = state.aspects.find(choice.str_param("aspect"))
        made_by = None if a is None else aspect_maker(state, a)
        maker = None if made_by is None else state.units.get(made_by)
        if maker is not None and not maker.detected:
            return frozenset({maker.side})
    actor = state.roll.actor if state.roll else state.current
    u = state.units.get(actor or "")
    if u is not None and not u.detected and not (state.roll is None and reveals(choice)):
        return frozenset({u.side})
    return None
