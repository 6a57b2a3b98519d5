"""The gunnery phase (highest initiative first, T8): fire at a craft, a swarm (T11) or a
large target's systems (T3, T4), launch ordnance (T12), or create an advantage with weapons."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar, Final

from shiftdrive.core.odds import OddsQuery
from shiftdrive.engine.actions import ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.rulesets.tachyon import systems as sysmod
from shiftdrive.rulesets.tachyon.actions import (
    AimedAction,
    CraftAction,
    event,
    in_range,
    outcome,
)
from shiftdrive.rulesets.tachyon.advantage import CreateAdvantage
from shiftdrive.rulesets.tachyon.aspects import boost
from shiftdrive.rulesets.tachyon.choices import at, kinds, launch_at
from shiftdrive.rulesets.tachyon.damage import (
    damage_small,
    hit_large,
    kill_swarm,
    large_reading,
    protection,
)
from shiftdrive.rulesets.tachyon.outcomes import HIT_OR_BOOST, SUCCEEDS, Reading
from shiftdrive.rulesets.tachyon.phases.ordnance import launch
from shiftdrive.rulesets.tachyon.positions import dist, enemies, large_short, weapon_range
from shiftdrive.rulesets.tachyon.rolls import RollPlan, defense_bonus, plan_query
from shiftdrive.rulesets.tachyon.state import TURRET, Roll, TachyonState, Unit

if TYPE_CHECKING:
    from shiftdrive.core.dice import DiceSource


def systems_for(state: TachyonState, u: Unit, t: Unit) -> list[str]:
    """T4: at short range (Diving in on it, in its zone) every system; else the long-range ones."""
    if large_short(state, u, t):
        return list(sysmod.SYSTEMS)
    return list(sysmod.LONG_RANGE_SYSTEMS)


def system_refusal(state: TachyonState, u: Unit, t: Unit, system: str) -> str | None:
    """Which of a large target's systems `u` can hit now (T4)."""
    if system not in sysmod.SYSTEMS:
        return f"{t.name} has no system {system!r}"
    if system not in systems_for(state, u, t):
        return (
            f"{u.name} can only hit {t.name}'s {sysmod.SYSTEM_NAMES[system]} at "
            f"short range: be in {t.zone} with Diving in on {t.name} (T4)"
        )
    return None


class Fire(AimedAction):
    """Fire at a craft in weapons range: gunnery vs pilot; shifts are a hit (T2), a tie a
    boost."""

    name = "fire"
    verb = "fire at"

    def choices(self, state: TachyonState, u: Unit) -> list[Choice]:
        reach = weapon_range(u)
        return [
            at("fire", e.name, "Fire at {} (gunnery vs pilot)")
            for e in enemies(state, u)
            if dist(state, u.zone, e.zone) <= reach
        ]

    def refusal_at(self, state: TachyonState, u: Unit, t: Unit, choice: Choice) -> str | None:
        return in_range(state, u, t, weapon_range(u))

    def plan(self, state: TachyonState, u: Unit, choice: Choice) -> RollPlan | None:
        return RollPlan(
            "gunnery", target=state.units[choice.str_param("target")], opp_skill="pilot",
            attack=True,
        )  # fmt: skip

    def reads(self, state: TachyonState, roll: Roll) -> Reading:
        return HIT_OR_BOOST  # a tie a boost; each shift of a success a shift of the hit (T2)

    def resolve(self, state: TachyonState, roll: Roll, dice: DiceSource) -> list[Event]:
        u, t, s, _, vis = outcome(state, roll)
        assert t is not None
        if s > 0:
            hit = damage_small(state, t, s, u.name)
            return [event("hit", u, s, vis, target=t.name), *hit]
        if s == 0:
            gained = boost(state, u)
            return [event("miss", u, s, vis, target=t.name), *gained]
        return [event("miss", u, s, vis, target=t.name)]


class FireSwarm(CraftAction):
    """T11: fire at an enemy swarm in range (gunnery vs its pilot): any success breaks it up."""

    name = "fire_swarm"
    params: ClassVar[Mapping[str, ParamKind]] = kinds(target=ParamKind.UNIT)

    def choices(self, state: TachyonState, u: Unit) -> list[Choice]:
        reach = weapon_range(u)
        return [
            at("fire_swarm", s.name, "Fire at swarm {}")
            for s in state.swarms.values()
            if s.active and s.side != u.side and dist(state, u.zone, s.zone) <= reach
        ]

    def plan(self, state: TachyonState, u: Unit, choice: Choice) -> RollPlan | None:
        s = state.swarms[choice.str_param("target")]
        return RollPlan("gunnery", swarm=s, params={"swarm": s.name}, attack=True)

    def reads(self, state: TachyonState, roll: Roll) -> Reading:
        return SUCCEEDS  # broken up or not: its shifts are no hit (T11)

    def resolve(self, state: TachyonState, roll: Roll, dice: DiceSource) -> list[Event]:
        u, _, s, _, vis = outcome(state, roll)
        sw = state.swarms[str(roll.params["swarm"])]
        if s > 0:
            return [
                event("swarm", u, s, vis, swarm=sw.name),
                *kill_swarm(state, sw),
            ]
        return [event("swarm", u, s, vis, swarm=sw.name)]


def antiship_out(state: TachyonState, u: Unit) -> bool:
    """Seed "Anti-ship weapons: ... Out of action": a ship's guns fire at enemy ships with
    its anti-ship weapons, so once that row is complete (T5) they fire at craft only."""
    if u.kind != TURRET or not u.parent:
        return False
    return sysmod.ANTISHIP_OUT in sysmod.effects(state.units[u.parent].systems).states


class FireLarge(AimedAction):
    """Fire at a system of a large target in range (T3, T4): gunnery vs its defense at the
    range (plus the system's defense bonus); gun emplacements fire at ships too, always at
    long range, while their ship's anti-ship weapons are in action."""

    name = "fire_large"
    verb = "fire at"
    params: ClassVar[Mapping[str, ParamKind]] = kinds(
        target=ParamKind.UNIT, system=ParamKind.OPTION
    )

    def choices(self, state: TachyonState, u: Unit) -> list[Choice]:
        if antiship_out(state, u):
            return []
        reach = weapon_range(u)
        out: list[Choice] = []
        for e in enemies(state, u, small=False):
            if dist(state, u.zone, e.zone) <= reach:
                for system in systems_for(state, u, e):
                    out.append(
                        Choice.of(
                            "fire_large", target=e.name, system=system,
                            label=f"Fire at {e.name}'s {sysmod.SYSTEM_NAMES[system]}",
                        )
                    )  # fmt: skip
        return out

    def refusal_at(self, state: TachyonState, u: Unit, t: Unit, choice: Choice) -> str | None:
        if antiship_out(state, u):
            return (
                f"{u.name} cannot fire at {t.name}: "
                f"{u.parent}'s anti-ship weapons are out of action"
            )
        return in_range(state, u, t, weapon_range(u)) or system_refusal(
            state, u, t, choice.str_param("system")
        )

    def plan(self, state: TachyonState, u: Unit, choice: Choice) -> RollPlan | None:
        t = state.units[choice.str_param("target")]
        short = large_short(state, u, t)
        system = choice.str_param("system")
        return RollPlan(
            "gunnery", target=t, opp_skill="defense_short" if short else "defense_long",
            extra=defense_bonus(system), params={"system": system, "short": short},
            attack=True,
        )  # fmt: skip

    def reads(self, state: TachyonState, roll: Roll) -> Reading:
        u, t = state.units[roll.actor], state.units[roll.target or ""]
        return large_reading(state, u, t, str(roll.params["system"]), bool(roll.params["short"]))

    def resolve(self, state: TachyonState, roll: Roll, dice: DiceSource) -> list[Event]:
        u, t, s, _, _ = outcome(state, roll)
        assert t is not None
        system, short = str(roll.params["system"]), bool(roll.params["short"])
        return hit_large(state, u, t, s, system, short)

    def odds_query(self, state: TachyonState, u: Unit, choice: Choice) -> OddsQuery | None:
        """The chance of doing damage: beating the defense by more than the shield and armor
        take off (`protection`, as the hit itself reckons them)."""
        plan = self.plan(state, u, choice)
        assert plan is not None and plan.target is not None
        q = plan_query(state, u, plan)
        shield, armor = protection(
            plan.target, str(plan.params["system"]), bool(plan.params["short"])
        )
        assert q.opposed is not None
        return OddsQuery(
            q.skill, opposed=q.opposed + shield + armor, minimized=q.minimized,
            opposed_minimized=q.opposed_minimized,
        )  # fmt: skip


def _kinds(u: Unit) -> list[str]:
    """The ordnance a small craft has left to launch."""
    if not u.small:
        return []
    return [kind for kind, n in u.ordnance.items() if n > 0]


def ordnance_refusal(u: Unit, kind: str) -> str | None:
    if not u.small or u.ordnance.get(kind, 0) < 1:
        return f"{u.name} has no {kind or 'ordnance'} left"
    return None


class Launch(AimedAction):
    """T12: launch ordnance at an enemy craft (it flies, and strikes on arrival)."""

    name = "launch"
    verb = "launch at"
    params: ClassVar[Mapping[str, ParamKind]] = kinds(
        target=ParamKind.UNIT, ordnance=ParamKind.OPTION
    )

    def choices(self, state: TachyonState, u: Unit) -> list[Choice]:
        kinds = _kinds(u)
        if not kinds:
            return []
        craft = enemies(state, u)
        return [launch_at(kind, e.name) for kind in kinds for e in craft]

    def refusal_at(self, state: TachyonState, u: Unit, t: Unit, choice: Choice) -> str | None:
        return ordnance_refusal(u, choice.str_param("ordnance"))

    def declare(
        self, state: TachyonState, u: Unit, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        return launch(state, u, choice)


class LaunchSwarm(CraftAction):
    """T11/T12: launch ordnance at an enemy swarm."""

    name = "launch_swarm"
    params: ClassVar[Mapping[str, ParamKind]] = kinds(
        target=ParamKind.UNIT, ordnance=ParamKind.OPTION
    )

    def choices(self, state: TachyonState, u: Unit) -> list[Choice]:
        return [
            Choice.of(
                "launch_swarm",
                target=s.name,
                ordnance=kind,
                label=f"Launch a {kind} at swarm {s.name}",
            )
            for kind in _kinds(u)
            for s in state.swarms.values()
            if s.active and s.side != u.side
        ]

    def declare(
        self, state: TachyonState, u: Unit, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        return launch(state, u, choice)


class LaunchLarge(AimedAction):
    """T4/T12: launch ordnance at a large target's system; short range (and point defense)
    fixed at launch."""

    name = "launch_large"
    verb = "launch at"
    params: ClassVar[Mapping[str, ParamKind]] = kinds(
        target=ParamKind.UNIT, system=ParamKind.OPTION, ordnance=ParamKind.OPTION
    )

    def choices(self, state: TachyonState, u: Unit) -> list[Choice]:
        ships = enemies(state, u, small=False)  # (first: most fights have no ship)
        if not ships:
            return []
        kinds = _kinds(u)
        return [
            Choice.of(
                "launch_large",
                target=e.name,
                system=system,
                ordnance=kind,
                label=f"Launch a {kind} at {e.name}'s {sysmod.SYSTEM_NAMES[system]}",
            )
            for kind in kinds
            for e in ships
            for system in systems_for(state, u, e)
        ]

    def refusal_at(self, state: TachyonState, u: Unit, t: Unit, choice: Choice) -> str | None:
        return system_refusal(state, u, t, choice.str_param("system")) or ordnance_refusal(
            u, choice.str_param("ordnance")
        )

    def declare(
        self, state: TachyonState, u: Unit, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        return launch(state, u, choice)


WEAPONS_ADVANTAGE: Final = CreateAdvantage(
    "advantage", "gunnery", "pilot", ("Covering fire", "Create an advantage with weapons"),
    ("Boxed in by cross-fire", "Create an advantage with weapons against {}"), nearby=False,
)  # fmt: skip

#: the gunnery actions, in menu order
GUNNERY: Final[tuple[CraftAction, ...]] = (
    Fire(), FireSwarm(), FireLarge(), Launch(), LaunchSwarm(), LaunchLarge(), WEAPONS_ADVANTAGE,
)  # fmt: skip
