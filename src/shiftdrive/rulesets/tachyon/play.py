"""Tachyon: play."""

from __future__ import annotations

from typing import Any

from shiftdrive.core.dice import DiceSource
from shiftdrive.core.errors import RuleError
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.rulesets.tachyon import systems as sysmod
from shiftdrive.rulesets.tachyon.aspects import ADVANTAGE, add_aspect, advantage_outcome, boost
from shiftdrive.rulesets.tachyon.damage import damage_small, hit_large, kill_swarm
from shiftdrive.rulesets.tachyon.outcomes import OUTCOMES
from shiftdrive.rulesets.tachyon.phases.damage_control import repair
from shiftdrive.rulesets.tachyon.phases.ew import scan, scan_result
from shiftdrive.rulesets.tachyon.phases.ordnance import launch, ordnance_hits
from shiftdrive.rulesets.tachyon.phases.piloting import finish_auto, move_unit
from shiftdrive.rulesets.tachyon.positions import (
    DIVING_IN,
    ON_TAIL,
    dead_last,
    large_short,
    on,
    zmap,
)
from shiftdrive.rulesets.tachyon.rolls import start_roll, t9_mod
from shiftdrive.rulesets.tachyon.sight import who_sees
from shiftdrive.rulesets.tachyon.state import (
    Roll,
    TachyonState,
    Unit,
)


def declare(state: TachyonState, u: Unit, c: Choice, dice: DiceSource) -> list[Event]:
    a = c.action
    mod = t9_mod(u)
    tname = c.str_param("target")
    t = state.units.get(tname)
    if a in ("tail", "pressure"):
        assert t is not None
        skill = "pilot" if a == "tail" else "tactics"
        return start_roll(state, dice, a, u, skill, {}, target=t, opp_skill=skill)
    if a == "dive":
        assert t is not None
        return start_roll(state, dice, a, u, "pilot", {}, target=t, opp_skill="tactics")
    if a == "evade":
        return start_roll(state, dice, a, u, "pilot", {}, difficulty=0 + mod)
    if a == "refocus":
        return start_roll(state, dice, a, u, "tactics", {}, difficulty=0 + mod)
    if a in ADVANTAGE:
        skill, resist = ADVANTAGE[a]
        params = {"name": c.str_param("name").strip() or "Advantage"}
        if t is None:
            return start_roll(
                state,
                dice,
                a,
                u,
                skill,
                params,
                difficulty=int(state.options["advantage_difficulty"]) + mod,
            )
        return start_roll(state, dice, a, u, skill, params, target=t, opp_skill=resist)
    if a in ("wait", "move", "bug_out"):
        params = {"to": c.str_param("to")} if a == "move" else {}
        if a == "wait":
            params = {"target": tname}
        if mod > 0:  # T9: automatic actions become overcome vs 0 + modifier
            return start_roll(state, dice, a, u, "pilot", params, difficulty=mod)
        return finish_auto(state, u, a, params)
    if a in ("move2", "move3"):
        diff = (2 if a == "move2" else 4) + mod
        return start_roll(state, dice, a, u, "pilot", {"to": c.str_param("to")}, difficulty=diff)
    if a == "full_stop":
        unco = bool(c.get("uncooperative"))
        return start_roll(
            state,
            dice,
            a,
            u,
            "pilot",
            {"uncooperative": unco},
            difficulty=(2 if unco else 0) + mod,
        )
    if a == "fire":
        assert t is not None
        return start_roll(state, dice, a, u, "gunnery", {}, target=t, opp_skill="pilot")
    if a == "fire_swarm":
        s = state.swarms[tname]
        return start_roll(state, dice, a, u, "gunnery", {"swarm": s.name}, swarm=s)
    if a == "fire_large":
        assert t is not None
        short = large_short(state, u, t)
        system = c.str_param("system")
        return start_roll(
            state,
            dice,
            a,
            u,
            "gunnery",
            {"system": system, "short": short},
            target=t,
            opp_skill="defense_short" if short else "defense_long",
            opp_bonus=sysmod.DEFENSE_BONUS.get(system, 0),
        )
    if a in ("launch", "launch_swarm", "launch_large"):
        return launch(state, u, c)
    if a in ("scan", "search"):
        return scan(state, u, a, dice)
    if a == "repair":
        return start_roll(
            state,
            dice,
            a,
            u,
            "technology",
            {"system": c.str_param("system")},
            difficulty=2 + mod,
        )
    if a == "repair_shields":
        return start_roll(state, dice, a, u, "technology", {}, difficulty=2 + mod)
    if a == "other":
        text = c.str_param("text").strip()
        return [
            Event(
                "other",
                f"{u.name}: {text} (the GM resolves it)",
                {"text": text},
                visible_to=who_sees(state, u.name),
            )
        ]
    raise RuleError(f"unknown action {a!r}")


def resolve(state: TachyonState, roll: Roll, dice: DiceSource) -> list[Event]:
    u = state.units[roll.actor]
    s = roll.total - roll.opp
    ok = s > 0 or (s == 0 and roll.fixed and bool(state.options["tie_succeeds"]))
    a = roll.action
    t = state.units.get(roll.target or "")
    # `_vis`, with the units in hand: open to all when both are detected.
    vis = None if u.detected and (t is None or t.detected) else who_sees(state, u.name, roll.target)

    def ev(kind: str, text: str, **data: Any) -> Event:
        return Event(kind, text, {"actor": u.name, "shifts": s, **data}, visible_to=vis)

    if a in ("tail", "dive") and t is not None:
        # T10: On their tail / Diving in, 1 free invoke (2 with style), for this round.
        aspect, won, lost = {
            "tail": (ON_TAIL, "gets on {t}'s tail", "cannot get on {t}'s tail"),
            "dive": (DIVING_IN, "enters a dive on {t}", "fails to line up a dive on {t}"),
        }[a]
        if s <= 0:
            return [ev(a, f"{u.name} {lost.format(t=t.name)}")]
        asp = add_aspect(
            state, on(aspect, u.name, t.name), u.name, 2 if s >= 3 else 1, u.name,
            round_only=True,
        )  # fmt: skip
        if state.quiet:
            return []
        return [ev(a, f"{u.name} {won.format(t=t.name)}: '{asp.name}'")]
    if a == "evade":
        if ok:
            u.evasion = max(0, s)
            if state.quiet:
                return []
            return [
                ev(
                    "evade",
                    f"{u.name} evades: Evasion {u.evasion} until the end of the round",
                    evasion=u.evasion,
                )
            ]
        enemy = state.enemy_of(u.side)
        asp = add_aspect(state, f"Easy target ({u.name})", u.name, 1, enemy, round_only=True)
        return [
            ev(
                "evade",
                f"{u.name} fails to evade and becomes '{asp.name}' ({enemy} holds a free invoke)",
            )
        ]
    if a == "refocus":
        if ok:
            u.initiative = max(0, s)
            return [ev("refocus", f"{u.name} refocuses: initiative {u.initiative}")]
        dead_last(state, u)
        return [ev("refocus", f"{u.name} loses the thread: dead last (initiative {u.initiative})")]
    if a == "pressure" and t is not None:
        if s > 0:
            t.initiative -= s
            return [
                ev(
                    "pressure",
                    f"{u.name} pressures {t.name}: {t.name}'s initiative "
                    f"drops by {s} to {t.initiative}",
                )
            ]
        if s < 0:
            u.initiative += s
            return [
                ev(
                    "pressure",
                    f"{u.name}'s push fails: {u.name}'s initiative drops by {-s} to {u.initiative}",
                )
            ]
        return [ev("pressure", f"{u.name} and {t.name} hold their positions")]
    if a in ADVANTAGE:
        return advantage_outcome(state, roll, u, t, s, vis)
    if a == "ordnance":
        return ordnance_hits(state, roll, s)
    if a in ("scan", "search"):
        return scan_result(state, roll)
    if a in ("wait", "move", "bug_out"):
        if ok:
            return finish_auto(state, u, a, roll.params)
        return [ev(a, f"{u.name} is stretched too thin: the {a.replace('_', ' ')} fails (T9)")]
    if a in ("move2", "move3"):
        to = str(roll.params["to"])
        path = zmap(state).path(u.zone, to) or [u.zone]
        dest = to if ok else path[min(1, len(path) - 1)]
        events = move_unit(state, u, dest)
        if a == "move3":
            asp = add_aspect(state, f"Full throttle ({u.name})", u.name, 1, u.name, round_only=True)
            events.append(ev("aspect", f"{u.name} gains '{asp.name}'"))
        verdict = "makes it" if ok else "only makes one zone"
        return [ev(a, f"{u.name} {verdict}"), *events]
    if a == "full_stop":
        dead_last(state, u)
        if ok:
            add_aspect(state, f"Stopped ({u.name})", u.name, 0, None)
            return [
                ev(
                    "full_stop",
                    f"{u.name} comes to a full stop ('Stopped'); dead last "
                    f"(initiative {u.initiative})",
                )
            ]
        return [ev("full_stop", f"{u.name} fails to stop; dead last (initiative {u.initiative})")]
    if a == "fire" and t is not None:
        if s > 0:
            hit = damage_small(state, t, s, u.name)
            return hit if state.quiet else [ev("hit", f"{u.name} hits {t.name} for {s}"), *hit]
        if s == 0:
            gained = boost(state, u)
            return gained if state.quiet else [ev("miss", f"{u.name} grazes {t.name}"), *gained]
        return [] if state.quiet else [ev("miss", f"{u.name} misses {t.name}")]
    if a == "fire_swarm":
        sw = state.swarms[str(roll.params["swarm"])]
        if s > 0:
            return [
                ev("swarm", f"{u.name} thins out swarm {sw.name}"),
                *kill_swarm(state, sw),
            ]
        return [ev("swarm", f"{u.name}'s fire has no effect on swarm {sw.name}")]
    if a == "fire_large" and t is not None:
        return hit_large(
            state, u, t, s, str(roll.params["system"]), bool(roll.params["short"]), "fires at"
        )
    if a == "repair":
        return repair(state, u, str(roll.params["system"]), ok, vis)
    if a == "repair_shields":
        if ok and u.shields is not None:
            n = 0
            for _ in range(2):
                if u.shields.clear_last() is not None:
                    n += 1
            if state.quiet:
                return []
            return [ev("repair", f"{u.name} restores {n} shield box(es): {u.shields.render()}")]
        return [] if state.quiet else [ev("repair", f"{u.name}'s shield repair fails")]
    raise RuleError(f"cannot resolve {a!r}")


for _action in (
    "tail", "pressure", "dive", "evade", "refocus", "maneuver", "advantage", "ew_advantage",
    "wait", "move", "bug_out", "move2", "move3", "full_stop", "fire", "fire_swarm",
    "fire_large", "ordnance", "scan", "search", "repair", "repair_shields",
):  # fmt: skip
    OUTCOMES[_action] = resolve
