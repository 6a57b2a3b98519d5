"""Tachyon: damage."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Final

from shiftdrive.core.aspects import Aspect, AspectKind
from shiftdrive.core.consequences import Severity, absorb_options
from shiftdrive.core.fate_points import EarnReason, concession_award
from shiftdrive.engine.actions import Action, ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.rulesets.tachyon import systems as sysmod
from shiftdrive.rulesets.tachyon.choices import kinds
from shiftdrive.rulesets.tachyon.outcomes import ENDLESS, Reading
from shiftdrive.rulesets.tachyon.positions import dist
from shiftdrive.rulesets.tachyon.rolls import gun_initiatives
from shiftdrive.rulesets.tachyon.sight import who_sees
from shiftdrive.rulesets.tachyon.state import (
    ACTIVE,
    CONCEDED,
    DESTROYED,
    FLIGHT,
    LARGE,
    OUT,
    TURRET,
    Ordnance,
    Swarm,
    TachyonState,
    Unit,
)

if TYPE_CHECKING:
    from shiftdrive.core.dice import DiceSource
    from shiftdrive.engine.ruleset import Turn

CONSEQUENCE_NAMES: Final = {Severity.MILD: "Scorched hull", Severity.MODERATE: "Damaged systems",
                            Severity.SEVERE: "Crippled"}  # fmt: skip
# `absorb_choices`, by craft name, hit, slot values and free slots.
_ABSORB_MENUS: Final[dict[tuple[Any, ...], tuple[Choice, ...]]] = {}


def long_shield(t: Unit) -> int:
    eff = sysmod.effects(t.systems)
    if sysmod.SHIELD_OFFLINE in eff.states:
        return 0
    return max(0, t.shield_long - eff.minimize.get("long_shield", 0))


def protection(t: Unit, system: str, short: bool) -> tuple[int, int]:
    """What a hit on a large target's system loses: the shield at the range, and the system's
    armor (T3)."""
    return (t.shield_short if short else long_shield(t)), sysmod.ARMOR_BONUS.get(system, 0)


def point_defense(state: TachyonState, u: Unit, t: Unit, short: bool) -> int | None:
    """Point defense: short same zone only, long range 1 (T3); a rating of 0 is none."""
    if short:
        return t.pd_short if t.pd_short > 0 and u.zone == t.zone else None
    if t.pd_long > 0 and dist(state, u.zone, t.zone) <= 1:
        return t.pd_long
    return None


def backlash_rating(
    state: TachyonState, u: Unit, t: Unit, short: bool, fixed: int | None = -1
) -> int | None:
    """The point defense a failed attack by `u` on `t` meets (`fixed`: as fixed at an
    ordnance's launch, T4; -1: as it stands now); None when none does, or `u` is out of the
    fight."""
    pd = point_defense(state, u, t, short) if fixed == -1 else fixed
    return None if pd is None or not u.active else pd


def large_reading(
    state: TachyonState, u: Unit, t: Unit, system: str, short: bool, fixed: int | None = -1
) -> Reading:
    """What a shot or ordnance at a large target's system reads from its shifts (`hit_large`,
    `outcomes.READS`): each shift past the shield and armor marks a box, up to the boxes the
    track has left (T5); below that nothing happens, unless point defense answers a failure
    (`backlash_rating`, `fixed` as there), when each shift of the failure is the backlash."""
    shield, armor = protection(t, system, short)
    track = t.systems[system]
    left = len(track.boxes) - track.marked_count
    first = shield + armor + 1  # the fewest shifts that mark a box
    damage = ((first, first + left),) if left else ()
    if backlash_rating(state, u, t, short, fixed) is None:
        return ((), damage)
    return ((), ((-ENDLESS, 1), *damage))


def absorb_choices(state: TachyonState) -> list[Choice]:
    """T2/C10: the craft's pilot picks the consequences that absorb what shields could not,
    or is taken out."""
    assert state.absorb is not None
    return list(ways_to_absorb(state.units[state.absorb["unit"]], int(state.absorb["hit"])))


def ways_to_absorb(u: Unit, hit: int) -> tuple[Choice, ...]:
    """The consequences `u` may take to absorb `hit` (`absorb_options`), then being taken out.
    Kept, keyed by all it reads: the craft's name, the hit, and its slots' values and which
    are free; choices are frozen. A battle asks a few dozen kinds thousands of times."""
    slots = u.consequences
    key = (
        u.name,
        hit,
        None if slots is None else tuple(slots.values.items()),
        None if slots is None else tuple(slots.free()),
    )
    menu = _ABSORB_MENUS.get(key)
    if menu is None:
        menu = tuple(absorb_menu(u, hit))
        if len(_ABSORB_MENUS) < 4096:
            _ABSORB_MENUS[key] = menu
    return menu


def absorb_menu(u: Unit, hit: int) -> list[Choice]:
    out: list[Choice] = []
    for opt in absorb_options(hit, None, u.consequences):
        names = ", ".join(s.value for s in opt.consequences)
        out.append(
            Choice.of(
                "absorb",
                consequences=",".join(s.value for s in opt.consequences),
                label=f"Take {names} (absorbs {opt.absorbed})",
            )
        )
    out.append(Choice.of("taken_out", label=f"{u.name} is taken out"))
    return out


def damage_small(state: TachyonState, u: Unit, hit: int, by: str) -> list[Event]:
    """T2: Evasion first, then shields (one shift per box), then consequences (2/4/6);
    what is left takes the craft out. Flights lose one craft each time the lead craft's
    shields overflow; the rest of the hit carries on to the next craft."""
    if hit <= 0 or not u.active:
        return []
    u.harm += hit
    vis = who_sees(state, u.name)
    events: list[Event] = []
    if u.evasion:
        used = min(u.evasion, hit)
        u.evasion -= used
        hit -= used
        events.append(Event("evasion", data={"unit": u.name, "absorbed": used}, visible_to=vis))
    if hit <= 0:
        return events  # all absorbed by Evasion: the craft was not damaged (no stress, T14)
    u.damaged = True
    if u.kind == FLIGHT:
        shields = u.shields  # none for a flight given `shields: 0`: each shift loses a craft
        while hit > 0 and u.size > 0:
            left = hit if shields is None else shields.fill(hit)
            if left <= 0:
                events.append(_shields(u, vis))
                break
            lose_craft(u)
            if shields is not None:
                shields.clear()
            hit = left - 1
            events.append(
                Event("flight_loss", data={"unit": u.name, "size": u.size}, visible_to=vis)
            )
        if u.size <= 0:
            events += take_out(state, u, OUT, "by", by)
        return events
    if u.shields is not None:
        hit = u.shields.fill(hit)
        events.append(_shields(u, vis))
    if hit <= 0:
        return events
    if not u.consequences or len(ways_to_absorb(u, hit)) == 1:  # only being taken out
        return events + take_out(state, u, OUT, "by", by)
    # T2/C10: the pilot chooses which consequences to take, or to be taken out.
    state.absorb = {"unit": u.name, "hit": hit, "by": by}
    return events


def lose_craft(u: Unit) -> None:
    """A flight loses its lead craft, and the ordnance that craft still carries (seed "Launch
    ordnance": ordnance "separates from craft" only when launched). A flight launches from its
    lead craft first, then the next, so the craft left behind hold at most their full load
    each: what is left is capped at that (project default). A flight wiped out at its own
    initiative still acts (T8) as its last craft, with what that craft carried."""
    u.size -= 1
    carried = max(u.size, 1)
    for kind, each in u.load.items():
        left = u.ordnance.get(kind, 0)
        if left > each * carried:
            u.ordnance[kind] = each * carried


def apply_absorb(state: TachyonState, choice: Choice) -> list[Event]:
    assert state.absorb is not None
    u = state.units[state.absorb["unit"]]
    by = str(state.absorb["by"])
    state.absorb = None
    vis = who_sees(state, u.name)
    if choice.action == "taken_out":
        return take_out(state, u, OUT, "by", by)
    assert u.consequences is not None
    events: list[Event] = []
    for part in choice.str_param("consequences").split(","):
        sev = Severity(part)
        name = state.aspects.unique_name(f"{CONSEQUENCE_NAMES[sev]} ({u.name})")
        u.consequences.take(sev, name)
        cons = Aspect(name, AspectKind.CONSEQUENCE, owner=u.name)
        if by in state.units:
            cons.add_free(by, 1)  # C9: the attacker gets a free invoke
        state.aspects.add(cons)
        events.append(
            Event(
                "consequence",
                data={"unit": u.name, "severity": sev.value, "aspect": name},
                visible_to=vis,
            )
        )
    return events


def hit_large(
    state: TachyonState,
    u: Unit,
    t: Unit,
    s: int,
    system: str,
    short: bool,
    ordnance: Ordnance | None = None,
    backlash: int | None = -1,
) -> list[Event]:
    """Seed 'Fire at large target': damage = shifts - shield (by range) - armor; a miss
    within point-defense range costs the attacker shifts + the point-defense rating. An
    ordnance's strike names it (its point defense was fixed at launch: `backlash`)."""
    data: dict[str, Any] = {
        "attacker": u.name, "ship": t.name, "range": "short" if short else "long",
        "shifts": s, "ordnance": None if ordnance is None else [ordnance.kind, ordnance.id],
    }  # fmt: skip
    if s > 0:
        shield, armor = protection(t, system, short)
        dmg = s - shield - armor
        data.update(target=t.name, system=system, shield=shield, armor=armor, damage=max(0, dmg))
        events = [Event("hit_large", data=data, visible_to=None)]
        if dmg > 0:
            events += damage_system(state, t, system, dmg)
        return events
    if s == 0:
        return [Event("miss", data=data, visible_to=None)]
    pd = backlash_rating(state, u, t, short, backlash)
    events = [Event("miss", data=data, visible_to=None)]
    if pd is None:
        return events
    dmg = -s + pd
    events.append(
        Event(
            "backlash",
            data={
                "ship": t.name,
                "target": u.name,
                "shifts": -s,
                "point_defense": pd,
                "damage": dmg,
            },
            visible_to=None,
        )
    )
    if u.kind == TURRET and u.parent:
        # A gun emplacement is part of its ship: the backlash hits that track (T5).
        return events + damage_system(state, state.units[u.parent], "gun_emplacements", dmg)
    return events + damage_small(state, u, dmg, t.name)


def damage_system(state: TachyonState, t: Unit, system: str, dmg: int) -> list[Event]:
    """T5: each shift marks one box in order; completed rows take effect."""
    track = t.systems[system]
    before = set(sysmod.effects(t.systems).states)
    t.harm += min(dmg, len(track.boxes) - track.marked_count)
    track.fill(dmg)
    eff = sysmod.effects(t.systems)
    events = [
        Event(
            "system",
            data={
                "target": t.name,
                "system": system,
                "marked": track.marked_count,
                "track": track.to_json(),
                "rows": sysmod.completed_rows(track),
            },
            visible_to=None,
        )
    ]
    for st in eff.states:
        if st not in before:
            events.append(
                Event("system_state", data={"target": t.name, "state": st}, visible_to=None)
            )
    return events + systems_take_effect(state, t)


def systems_take_effect(state: TachyonState, ship: Unit) -> list[Event]:
    """T5: a row's effect applies while both its boxes are marked, and only then: the ship
    and its guns are brought in line with its system tracks as they stand, after a hit, a
    repair or a GM's override of a track. Propulsion sets the guns' initiative; a completed
    explosion row destroys the ship; "Gun emplacement out of action" puts its guns out of
    action, and once that row is broken (a repair, the GM) they are back in action (they
    were out of action, not destroyed). Guns back in action take their initiative as the
    propulsion track stands now, damage done while they were out included (T6)."""
    if not ship.active:
        return []
    states = sysmod.effects(ship.systems).states
    if sysmod.EXPLODED in states:
        return gun_initiatives(state, ship) + take_out(state, ship, DESTROYED, "explosion")
    out = sysmod.GUNS_OUT in states
    events: list[Event] = []
    for g in state.units.values():
        if g.parent != ship.name:
            continue
        if out and g.active:
            events += take_out(state, g, OUT, "guns_out")
        elif not out and g.status == OUT:
            g.status = ACTIVE
            state.status_changes += 1
            events.append(Event("back", data={"unit": g.name, "ship": ship.name}, visible_to=None))
    return events + gun_initiatives(state, ship)


def take_out(
    state: TachyonState, u: Unit, status: str, cause: str, by: str | None = None
) -> list[Event]:
    """`u` leaves the fight (`status`), for a `cause` (see `words.OUT_CAUSES`), perhaps `by` a
    unit; a large target's guns go with it."""
    if not u.active:
        return []
    # T8: a unit taken out at its own initiative, before acting, still acts.
    if (
        state.phase not in ("chatter", "piloting")
        and u.name not in state.acted
        and u.name != state.current
        and state.current_init == u.initiative
    ):
        state.tie_grace.append(u.name)
    u.status = status
    state.status_changes += 1  # the end check must look again
    state.waiters.pop(u.name, None)
    events = [
        Event(
            "out",
            data={"unit": u.name, "status": status, "cause": cause, "by": by},
            visible_to=who_sees(state, u.name),
        )
    ]
    if u.kind == LARGE:
        for g in state.units.values():
            if g.parent == u.name:
                events += take_out(state, g, OUT, "with", u.name)
    return events


def _shields(u: Unit, vis: frozenset[str] | None) -> Event:
    assert u.shields is not None
    return Event("shields", data={"unit": u.name, "shields": u.shields.to_json()}, visible_to=vis)


def kill_swarm(state: TachyonState, sw: Swarm) -> list[Event]:
    """T11: a successful attack removes the swarm's aspect, and the swarm with it."""
    sw.active = False
    if sw.aspect in state.aspects:
        state.aspects.remove(sw.aspect)
    return [Event("swarm_gone", data={"swarm": sw.name, "aspect": sw.aspect}, visible_to=None)]


def concede(state: TachyonState, u: Unit) -> list[Event]:
    """C7/C10: a fate point, plus one per consequence taken in this conflict (a flight, an
    NPC group, has none to gain). Seed: "per Consequence received in conflict": one since
    cleared by Repair systems counts too."""
    taken = u.consequences.count_taken_in_conflict() if u.consequences else 0
    n = concession_award(taken + u.repaired)
    if u.fate_points is not None:
        u.fate_points.earn(EarnReason.CONCESSION, n)
    events = take_out(state, u, CONCEDED, "conceded")
    if u.name in state.tie_grace:  # a craft that conceded does not act at its initiative (T8)
        state.tie_grace.remove(u.name)
    events.append(
        Event(
            "concede",
            data={"unit": u.name, "fate_points": n if u.fate_points else 0},
            visible_to=who_sees(state, u.name),
        )
    )
    return events


class Absorb(Action[TachyonState]):
    """T2/C10: take consequences that absorb the rest of a hit."""

    name = "absorb"
    params: ClassVar[Mapping[str, ParamKind]] = kinds(consequences=ParamKind.OPTION)

    def options(self, state: TachyonState, turn: Turn) -> list[Choice]:
        return [c for c in absorb_choices(state) if c.action == "absorb"]

    def apply(
        self, state: TachyonState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        return apply_absorb(state, choice)


class TakenOut(Absorb):
    """T2: or be taken out."""

    name = "taken_out"
    params: ClassVar[Mapping[str, ParamKind]] = kinds()

    def options(self, state: TachyonState, turn: Turn) -> list[Choice]:
        return [c for c in absorb_choices(state) if c.action == "taken_out"]
