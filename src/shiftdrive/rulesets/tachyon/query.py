"""What a bot or a user interface may ask of a tachyon battle: whose turn it is, what a craft
may do, who it can see and reach, the invokes open after a roll, the odds of a roll."""

from __future__ import annotations

from collections.abc import Container
from typing import Final

from shiftdrive.core.odds import OddsQuery
from shiftdrive.engine.choices import Choice
from shiftdrive.rulesets.tachyon import systems as sysmod
from shiftdrive.rulesets.tachyon.flow import SAY_NOTHING, turn
from shiftdrive.rulesets.tachyon.invokes import PASS, invoke_choice, open_invokes
from shiftdrive.rulesets.tachyon.menus import MOVE_LABELS, advantages, at, launch_at, move_to, offer
from shiftdrive.rulesets.tachyon.phases.gunnery import systems_for
from shiftdrive.rulesets.tachyon.positions import (
    dist,
    enemies,
    fighting,
    foes,
    large_short,
    on_tail,
    weapon_range,
    zmap,
)
from shiftdrive.rulesets.tachyon.rolls import minimized, rating, t9_mod
from shiftdrive.rulesets.tachyon.sight import seen
from shiftdrive.rulesets.tachyon.state import (
    CRAFT,
    FLIGHT,
    LARGE,
    TachyonState,
    Unit,
)

__all__ = [
    "PASS",
    "SAY_NOTHING",
    "dist",
    "enemies",
    "fighting",
    "invoke_choice",
    "large_short",
    "odds_query",
    "on_tail",
    "open_invokes",
    "t9_mod",
    "turn",
    "unit_actions",
]


class _All:
    """Every action: what `unit_actions` lists without `only`."""

    def __contains__(self, action: object) -> bool:
        return True


ALL: Final = _All()


def unit_actions(state: TachyonState, u: Unit, only: Container[str] | None = None) -> list[Choice]:
    """What `u` may do in this phase, as `legal` lists it. `only` keeps just those actions
    (in the same order), for bots that weigh a few and need not build the rest."""
    # `in` on the container asked for (a set or tuple: no Python call per action asked).
    want: Container[str] = ALL if only is None else only
    out: list[Choice] = []
    if "skip" in want:
        out.append(offer("skip", f"{u.name} skips the phase"))
    ph = state.phase
    if ph == "piloting":
        # The enemies here (craft, and ships to dive on), for the menus that name them.
        near, dives = (
            foes(state, u, u.zone)
            if "tail" in want or "pressure" in want or "maneuver" in want or "dive" in want
            else ([], [])
        )
        for e in near:
            if "tail" in want:
                out.append(at("tail", e.name, "Get on {}'s tail (pilot vs pilot)"))
            if "pressure" in want:
                out.append(at("pressure", e.name, "Pressure {} (tactics vs tactics)"))
        for e in dives if "dive" in want else ():
            out.append(at("dive", e.name, "Enter dive on {} (pilot vs tactics)"))
        if "evade" in want:
            out.append(offer("evade", "Evade (pilot vs 0: gain Evasion)"))
        if "maneuver" in want:
            out += advantages(
                "maneuver",
                ("Watching your six", f"Maneuver for advantage in {u.zone}"),
                ("Out of the sun", "Maneuver for advantage against {}"),
                near,
            )
        if "refocus" in want:
            out.append(offer("refocus", "Tactical refocus (re-roll initiative)"))
        if "wait" in want and u.name not in state.waited:
            for x in state.units.values():
                if (
                    x is not u
                    and x.active
                    and x.name not in state.acted
                    and x.kind in (CRAFT, FLIGHT)
                    and x.name not in state.waiters
                    and seen(state, x, u.side)
                ):
                    out.append(at("wait", x.name, "Wait and see: act after {}"))
        if "move" in want or "move2" in want or "move3" in want:
            dists = zmap(state).distances_from(u.zone)
            for z in state.zones:
                move = MOVE_LABELS.get(dists.get(z, 0))
                if move is not None and move[0] in want:
                    out.append(move_to(move, z))
        if "full_stop" in want:
            out.append(Choice.of("full_stop", uncooperative=False, label="Full stop (pilot vs 0)"))
            out.append(
                Choice.of(
                    "full_stop",
                    uncooperative=True,
                    label="Full stop beside an uncooperative target (pilot vs 2)",
                )
            )
        if "bug_out" in want and u.zone in state.end_zones and u.bug_out_round is None:
            out.append(offer("bug_out", "Bug out (leave the fight)"))
    elif ph == "gunnery":
        reach = weapon_range(u)
        # The enemies, in one pass, only for the menus that name them.
        craft, ships = (
            foes(state, u)
            if "fire" in want
            or "fire_large" in want
            or (u.small and ("launch" in want or "launch_large" in want))
            else ([], [])
        )
        for e in craft if "fire" in want else ():
            if dist(state, u.zone, e.zone) <= reach:
                out.append(at("fire", e.name, "Fire at {} (gunnery vs pilot)"))
        for s in state.swarms.values() if "fire_swarm" in want else ():
            if s.active and s.side != u.side and dist(state, u.zone, s.zone) <= reach:
                out.append(at("fire_swarm", s.name, "Fire at swarm {}"))
        # Gun emplacements fire at enemy ships too (a fleet action), always at long range:
        # they cannot Enter dive (T4).
        for e in ships if "fire_large" in want else ():
            if dist(state, u.zone, e.zone) <= reach:
                for system in systems_for(state, u, e):
                    out.append(
                        Choice.of(
                            "fire_large",
                            target=e.name,
                            system=system,
                            label=f"Fire at {e.name}'s {sysmod.SYSTEM_NAMES[system]}",
                        )
                    )
        if u.small:
            for kind, n in u.ordnance.items():
                if n <= 0:
                    continue
                for e in craft if "launch" in want else ():
                    out.append(launch_at(kind, e.name))
                for s in state.swarms.values() if "launch_swarm" in want else ():
                    if s.active and s.side != u.side:
                        out.append(
                            Choice.of(
                                "launch_swarm",
                                target=s.name,
                                ordnance=kind,
                                label=f"Launch a {kind} at swarm {s.name}",
                            )
                        )
                for e in ships if "launch_large" in want else ():
                    for system in systems_for(state, u, e):
                        out.append(
                            Choice.of(
                                "launch_large",
                                target=e.name,
                                system=system,
                                ordnance=kind,
                                label=f"Launch a {kind} at {e.name}'s "
                                f"{sysmod.SYSTEM_NAMES[system]}",
                            )
                        )
        if "advantage" in want:
            out.append(
                Choice.of(
                    "advantage",
                    target="scene",
                    name="Covering fire",
                    free=("name",),
                    label="Create an advantage with weapons",
                )
            )
    elif ph == "ew":
        if "scan" in want:
            out.append(offer("scan", "Scan for Undetected opponents (any zone)"))
        if "search" in want:
            out.append(Choice.of("search", label=f"Visual search in {u.zone}"))
        if "ew_advantage" in want:
            out += advantages(
                "ew_advantage",
                ("Jam their sensors", "Create an advantage with EW systems"),
                ("Sensor ghosts", "Create an EW advantage against {}"),
                enemies(state, u),
            )
    elif ph == "damage":
        if u.kind == LARGE and "repair" in want:
            for name, track in u.systems.items():
                if track.marked_count:
                    out.append(
                        Choice.of(
                            "repair",
                            system=name,
                            label=f"Repair {sysmod.SYSTEM_NAMES[name]} (technology vs 2)",
                        )
                    )
        elif u.kind != LARGE:
            if (
                "repair" in want
                and state.options["small_craft_repair"] == "consequence"
                and u.consequences
                and u.consequences.taken()
            ):
                out.append(
                    Choice.of(
                        "repair",
                        system="consequence",
                        label="Repair systems: clear the worst damage (technology vs 2)",
                    )
                )
            if "repair_shields" in want and u.shields is not None and u.shields.marked_count:
                out.append(offer("repair_shields", "Repair shields: restore 2 (technology vs 2)"))
        if "other" in want:
            out.append(
                Choice.of(
                    "other",
                    text="Patch the comms",
                    free=("text",),
                    label="Other action (GM adjudicates; counts as an action)",
                )
            )
    if "concede" in want and u.small and u.kind == CRAFT:
        out.append(offer("concede", f"{u.name} concedes and leaves the fight"))
    return out


def odds_query(state: TachyonState, choice: Choice) -> OddsQuery | None:
    """The roll a choice of the acting craft would make, to price (bots cache by it)."""
    if state.current is None or state.roll is not None:
        return None
    u = state.units[state.current]
    t = state.units.get(choice.str_param("target"))
    a = choice.action
    if a in ("fire", "tail") and t is not None:
        skill = "gunnery" if a == "fire" else "pilot"
        return OddsQuery(
            skill=rating(state, u, skill) + t9_mod(t),
            opposed=rating(state, t, "pilot") + t9_mod(u),
        )
    if a == "fire_large" and t is not None:
        short = large_short(state, u, t)
        d = t.skills["defense_short" if short else "defense_long"]
        d += sysmod.DEFENSE_BONUS.get(choice.str_param("system"), 0) + t9_mod(u)
        return OddsQuery(skill=rating(state, u, "gunnery"), opposed=d)
    diffs = {"evade": 0, "refocus": 0, "move2": 2, "move3": 4, "repair": 2, "repair_shields": 2}
    if a in diffs:
        skill = (
            "technology" if a.startswith("repair") else ("tactics" if a == "refocus" else "pilot")
        )
        return OddsQuery(
            skill=rating(state, u, skill),
            difficulty=diffs[a] + t9_mod(u),
            minimized=minimized(state, u, skill),
        )
    return None
