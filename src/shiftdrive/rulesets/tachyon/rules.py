"""Tachyon Squadron phased starfighter combat (seed 001; rulings C1-C12, T1-T14).

Round structure (seed "Combat phases"): start of round chatter, piloting (lowest initiative
first, T8), ordnance movement (T12), gunnery (highest first), ordnance resolution, electronic
warfare, damage control, end of round (T14). Every die comes from the encounter's source (C12).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Container, Iterator, Mapping
from functools import cache, lru_cache
from typing import Any, Final

from shiftdrive.core.aspects import Aspect, AspectKind, AspectSet
from shiftdrive.core.consequences import TACHYON_VALUES, ConsequenceSlots, Severity, absorb_options
from shiftdrive.core.dice import DiceSource, FudgeRoll, roll_fudge
from shiftdrive.core.errors import RuleError
from shiftdrive.core.fate_points import EarnReason, FatePoints, SpendReason, concession_award
from shiftdrive.core.odds import Odds, OddsQuery, odds
from shiftdrive.core.stress import StressKind, StressTrack
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import GM, Event
from shiftdrive.engine.ruleset import Decision, Ending, Result, Ruleset, Seat, Sheet, Tally
from shiftdrive.maps.zones import ZoneMap
from shiftdrive.rulesets.tachyon import systems as sysmod
from shiftdrive.rulesets.tachyon.scenario import (
    Catalog,
    CraftSpec,
    FlightSpec,
    TachyonScenario,
    load,
)
from shiftdrive.rulesets.tachyon.state import (
    ACTIVE,
    BUGGED_OUT,
    CONCEDED,
    CRAFT,
    DESTROYED,
    FLIGHT,
    LARGE,
    OUT,
    PHASE_NAMES,
    TURRET,
    Ordnance,
    Roll,
    Swarm,
    TachyonState,
    Unit,
)

# Actions that reveal an Undetected craft (T7: "detected on its first aggressive action").
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
# T10 positions, held on one target
ON_TAIL: Final = "On their tail"
DIVING_IN: Final = "Diving in"
PASS: Final = Choice.of("pass", label="Pass (no more invokes)")
SAY_NOTHING: Final = Choice.of("skip", label="Say nothing")
# Who acts in each phase: small craft pilot; guns fire; ships run EW and damage control;
# ordnance is resolved, not acted.
ACTS_IN: Final = {
    "chatter": frozenset(),
    "piloting": frozenset({CRAFT, FLIGHT}),
    "gunnery": frozenset({CRAFT, FLIGHT, TURRET}),
    "ordnance": frozenset(),
    "ew": frozenset({CRAFT, FLIGHT, LARGE}),
    "damage": frozenset({CRAFT, FLIGHT, LARGE}),
}
_MOVES: Final = {  # zones away -> (action, label)
    1: ("move", "Move 1 zone"),
    2: ("move2", "Move 2 zones (pilot vs 2)"),
    3: ("move3", "Move 3 zones (pilot vs 4)"),
}
# Create-advantage actions by phase: skill rolled and skill a targeted unit resists with.
ADVANTAGE: Final = {
    "maneuver": ("pilot", "pilot"),
    "advantage": ("gunnery", "pilot"),
    "ew_advantage": ("technology", "technology"),
}
# Suggested aspect names every seat is offered; as words they give nothing away.
SUGGESTED: Final = ("Watching your six", "Out of the sun", "Covering fire", "Jam their sensors",
                    "Sensor ghosts")  # fmt: skip
BOOST: Final = AspectKind.BOOST  # one name: reading the enum member costs more, per aspect
CONSEQUENCE_NAMES: Final = {Severity.MILD: "Scorched hull", Severity.MODERATE: "Damaged systems",
                            Severity.SEVERE: "Crippled"}  # fmt: skip


_SMALL: Final = (CRAFT, FLIGHT)  # the kinds `Unit.small` is true for
_LATER_STAGES: Final = {"actor": ("target",), "target": ()}  # the invoke stages after each (C4)


_FACES: Final[dict[tuple[tuple[int, ...], int, int], str]] = {}
# `_absorb_choices`, by craft name, hit, slot values and free slots.
_ABSORB_MENUS: Final[dict[tuple[Any, ...], tuple[Choice, ...]]] = {}


def _faces(r: FudgeRoll) -> str:
    """The dice as the log shows them. The wording depends only on the faces and the fixed
    dice, and a battle words a few dozen kinds of roll thousands of times: each is kept, by a
    key hashed without calling the roll's own (Python) hash."""
    key = (r.faces, r.minimized, r.maximized)
    text = _FACES.get(key)
    if text is None:
        text = r.symbols() or "-"
        if len(_FACES) < 4096:
            _FACES[key] = text
    return text


def _t9(actions: int) -> int:
    """T9: with 0, 1, 2, 3+ earlier actions this round: +0, +0, +2, +4."""
    return 0 if actions <= 1 else (2 if actions == 2 else 4)


class Tachyon(Ruleset[TachyonState, TachyonScenario]):
    """Phased starfighter combat for Tachyon Squadron."""

    id = "tachyon"
    title = "Tachyon Squadron phased starfighter combat"

    # --- set-up -------------------------------------------------------------------------------
    def load_scenario(self, data: Mapping[str, Any]) -> TachyonScenario:
        return load(data)

    def setup(
        self, scenario: TachyonScenario, dice: DiceSource
    ) -> tuple[TachyonState, list[Event]]:
        sc: TachyonScenario = scenario
        cat = sc.merged_catalog()
        zmap = sc.zone_map
        aspects = AspectSet()
        for z in sc.map.zones:
            for name in z.aspects:
                aspects.add(Aspect(name, AspectKind.SITUATION, zone=zmap.canonical(z.name)))
        units: dict[str, Unit] = {}
        swarms: dict[str, Swarm] = {}
        for side in sc.sides:
            specs: list[CraftSpec | FlightSpec] = [*side.craft, *side.flights]
            for spec in specs:
                u = _small_craft(spec, side.name, cat, zmap)
                units[u.name] = u
                _add_aspects(aspects, spec.aspects, u.name)
            for lg in side.large:
                lt = cat.large[lg.template]

                def pick(field: str, spec: Any = lg, tmpl: Any = lt) -> int:
                    v = getattr(spec, field)
                    return int(v if v is not None else getattr(tmpl, field))

                u = Unit(
                    name=lg.name, side=side.name, kind=LARGE, zone=zmap.canonical(lg.zone),
                    skills={"tactics": pick("tactics"), "technology": pick("technology"),
                            "notice": lt.notice, "defense_short": pick("defense_short"),
                            "defense_long": pick("defense_long")},
                    large_crew=True, shield_short=pick("shield_short"),
                    shield_long=pick("shield_long"), pd_short=pick("pd_short"),
                    pd_long=pick("pd_long"), systems=sysmod.new_tracks(),
                )  # fmt: skip
                units[u.name] = u
                _add_aspects(aspects, lg.aspects, u.name)
                guns = lg.guns or lt.guns
                for i in range(guns.count):
                    name = f"{lg.name} gun {i + 1}"
                    units[name] = Unit(
                        name=name,
                        side=side.name,
                        kind=TURRET,
                        zone=u.zone,
                        skills={"gunnery": guns.gunnery, "tactics": guns.tactics},
                        weapons={guns.weapon: cat.weapons[guns.weapon].range},
                        large_crew=True,
                        parent=lg.name,
                    )
            for sw in side.swarms:
                swarms[sw.name] = Swarm(
                    sw.name, side.name, sw.aspect, zmap.canonical(sw.zone), sw.pilot
                )
                # T11: one situation aspect with one free invoke for its side.
                aspects.add(Aspect(sw.aspect, AspectKind.SITUATION, free_invokes={side.name: 1}))
        state = TachyonState(
            title=sc.title, sides=[s.name for s in sc.sides],
            goals={s.name: s.goal for s in sc.sides},
            destroy={s.name: [units[_find(units, n)].name for n in s.destroy] for s in sc.sides},
            units=units, swarms=swarms, aspects=aspects, zones=list(zmap.names),
            end_zones=zmap.end_zones(),
            options={**sc.options.model_dump(),
                     "ordnance_speeds": {k: o.speed for k, o in cat.ordnance.items()}},
            max_rounds=sc.max_rounds, time_limit_winner=sc.time_limit_winner,
        )  # fmt: skip
        state.zmap = zmap
        events = [
            Event(
                "setup",
                f"{sc.title}: {' vs '.join(state.sides)}",
                {"sides": state.sides, "goals": state.goals},
            )
        ]
        if sc.options.detection:
            events += self._detection(state, sc, dice)
        events += self._initiative(state, dice)
        for u in units.values():
            if u.kind != TURRET:
                events.append(
                    Event(
                        "unit",
                        f"{u.name} ({u.side}, {u.kind}) in {u.zone}, initiative {u.initiative}",
                        {"unit": u.name, "zone": u.zone},
                        visible_to=self._vis(state, u.name),
                    )
                )
        events += self._start_round(state)
        events += self._advance(state, dice)
        return state, events

    def unrecorded(self, state: TachyonState) -> None:
        """A battle nobody will read: the most frequent events (rolls, skips, phases, invokes,
        hits, shields, repairs, rounds) are left unworded (`TachyonState.quiet`)."""
        state.quiet = True

    def _detection(self, state: TachyonState, sc: TachyonScenario, dice: DiceSource) -> list[Event]:
        """T7: each player craft rolls technology vs the undetected enemy with the lowest
        technology not yet rolled against. Large targets and swarms are never Undetected."""
        players = next((s.name for s in sc.sides if s.players), state.sides[0])
        enemy = state.enemy_of(players)
        mine = [u for u in state.side_units(players) if u.small]
        theirs = [u for u in state.side_units(enemy) if u.small]
        rolled: list[str] = []
        pending: list[tuple[str, list[str]]] = []
        for n, att in enumerate(mine, start=1):
            candidates = [u for u in theirs if u.name not in rolled and u.detected]
            if not candidates or not att.detected:
                continue
            de = min(candidates, key=lambda u: self._rating(state, u, "technology"))
            rolled.append(de.name)
            a_total, a_roll = self._roll(state, dice, att, "technology", f"detection {n}: attacker")
            d_total, d_roll = self._roll(state, dice, de, "technology", f"detection {n}: defender")
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
                self._hide(state, u)
            text = (
                f"Detection: {att.name} {a_total} [{_faces(a_roll)}] vs {de.name} {d_total} "
                f"[{_faces(d_roll)}]: {row}"
                + (f"; Undetected: {', '.join(u.name for u in hidden)}" if hidden else "")
            )
            pending.append((text, [att.name, de.name] + [u.name for u in hidden]))
        events = [
            Event(
                "detection",
                text,
                {"row": text.split(": ")[-1]},
                visible_to=self._vis(state, *names),
            )
            for text, names in pending
        ]
        for side in state.sides:
            n = sum(1 for u in state.side_units(side) if not u.detected)
            if n:
                events.append(
                    Event(
                        "undetected",
                        f"{side}: {n} craft slip off the enemy's scopes (Undetected)",
                        visible_to=frozenset({side}),
                    )
                )
        return events

    def _hide(self, state: TachyonState, u: Unit) -> None:
        u.detected = False
        name = _unique(state.aspects, f"Undetected ({u.name})")
        state.aspects.add(
            Aspect(name, AspectKind.SITUATION, owner=u.name, hidden=True, free_invokes={u.name: 1})
        )

    def _initiative(self, state: TachyonState, dice: DiceSource) -> list[Event]:
        """T8: initiative = tactics + 4dF, for small craft, flights, large targets, turrets."""
        for i, u in enumerate(state.units.values(), start=1):
            u.initiative, _ = self._roll(state, dice, u, "tactics", f"initiative {i}")
        return []

    # --- helpers ------------------------------------------------------------------------------
    def _zmap(self, state: TachyonState) -> ZoneMap:
        assert isinstance(state.zmap, ZoneMap)
        return state.zmap

    def _dist(self, state: TachyonState, a: str, b: str) -> int:
        d = self._zmap(state).distance(a, b)
        return 99 if d is None else d

    def _rating(self, state: TachyonState, u: Unit, skill: str) -> int:
        bonus = 0
        if u.kind == FLIGHT:
            bonus = int(state.options["flight_bonus_per_craft"]) * (u.size - 1)
        return u.skills.get(skill, 0) + bonus

    def _minimized(self, state: TachyonState, u: Unit, skill: str) -> int:
        """T5/T6: dice minimized by completed system rows."""
        if u.kind == TURRET and u.parent:
            eff = sysmod.effects(state.units[u.parent].systems)
            return eff.minimize.get(f"gun_{skill}", 0)
        if u.kind == LARGE:
            eff = sysmod.effects(u.systems)
            key = "defense" if skill.startswith("defense") else skill
            return eff.minimize.get(key, 0)
        return 0

    def _roll(
        self, state: TachyonState, dice: DiceSource, u: Unit, skill: str, why: str
    ) -> tuple[int, FudgeRoll]:
        if u.kind == CRAFT:  # most rolls: a lone craft has no flight bonus nor system damage
            r = roll_fudge(dice, 4, why=why)
            return u.skills.get(skill, 0) + r.total, r
        r = roll_fudge(dice, 4, minimized=self._minimized(state, u, skill), why=why)
        return self._rating(state, u, skill) + r.total, r

    def _mod(self, u: Unit) -> int:
        """T9 modifier this unit suffers now (large crews ignore it)."""
        return 0 if u.large_crew else _t9(u.actions)

    def _pub(self, state: TachyonState, name: str) -> str:
        u = state.units.get(name)
        return name if u is None or u.detected else "a hidden craft"

    def _vis(self, state: TachyonState, *names: str | None) -> frozenset[str] | None:
        """Who may see an event naming these units: only the side of any Undetected one."""
        sides: set[str] | None = None
        for n in names:
            u = state.units.get(n or "")
            if u is not None and not u.detected:
                sides = {u.side} if sides is None else sides & {u.side}
        return None if sides is None else frozenset(sides)

    def _seen(self, state: TachyonState, u: Unit, seat: str) -> bool:
        return seat == GM or u.side == seat or u.detected

    def _aspect_visible(self, state: TachyonState, a: Aspect, seat: str) -> bool:
        if seat == GM:
            return True
        owner = state.units.get(a.owner or "")
        if owner is not None and not self._seen(state, owner, seat):
            return False
        if a.hidden:
            return owner is not None and owner.side == seat
        return True

    def _fighting(self, state: TachyonState, side: str) -> list[Unit]:
        return [
            u
            for u in state.units.values()
            if u.side == side and u.status == ACTIVE and u.kind != TURRET
        ]

    def _sides_fighting(self, state: TachyonState) -> list[str]:
        """Sides with a craft, flight or ship still in the fight, in side order."""
        alive: set[str] = set()
        for u in state.units.values():
            if u.status == ACTIVE and u.kind != TURRET and u.side not in alive:
                alive.add(u.side)
                if len(alive) == len(state.sides):
                    return list(state.sides)  # all still in it (asked after every step)
        return [s for s in state.sides if s in alive]

    def _enemies(self, state: TachyonState, u: Unit, *, small: bool = True) -> list[Unit]:
        """Enemy small craft (or large targets) in the fight and detected. The `active` and
        `small` properties are read directly: asked for every menu (~150 times a battle)."""
        side = u.side
        if small:
            return [
                e
                for e in state.units.values()
                if e.side != side and e.status == ACTIVE and e.detected and e.kind in _SMALL
            ]
        return [
            e
            for e in state.units.values()
            if e.side != side and e.status == ACTIVE and e.detected and e.kind == LARGE
        ]

    def _foes(
        self, state: TachyonState, u: Unit, zone: str | None = None
    ) -> tuple[list[Unit], list[Unit]]:
        """`_enemies` both ways in one pass, (small craft, large targets): a menu naming both
        walks the units once. Given a zone, only those in it."""
        side = u.side
        craft: list[Unit] = []
        ships: list[Unit] = []
        for e in state.units.values():
            if e.side != side and e.status == ACTIVE and e.detected:
                if zone is not None and e.zone != zone:
                    continue
                kind = e.kind
                if kind in _SMALL:
                    craft.append(e)
                elif kind == LARGE:
                    ships.append(e)
        return craft, ships

    def _range(self, u: Unit) -> int:
        return max(u.weapons.values(), default=-1)

    def _aspect(
        self,
        state: TachyonState,
        name: str,
        owner: str | None,
        free: int,
        holder: str | None,
        *,
        zone: str | None = None,
        round_only: bool = False,
        kind: AspectKind = AspectKind.SITUATION,
    ) -> Aspect:
        existing = state.aspects.find(name)
        if existing is not None and existing.owner == owner and existing.kind == kind:
            if free and holder:
                existing.add_free(holder, free)
            return existing
        a = Aspect(_unique(state.aspects, name), kind, owner=owner, zone=zone)
        if free and holder:
            a.add_free(holder, free)
        state.aspects.add(a)
        if round_only:
            state.round_aspects.append(a.name)
        return a

    def _dead_last(self, state: TachyonState, u: Unit) -> None:
        others = [x.initiative for x in state.units.values() if x.active and x is not u]
        if others:
            u.initiative = min(u.initiative, min(others) - 1)

    def _large_short(self, state: TachyonState, u: Unit, target: Unit) -> bool:
        """T4: short range only in the target's zone while holding Diving in on it."""
        return u.zone == target.zone and _on(DIVING_IN, u.name, target.name) in state.aspects

    def on_tail(self, state: TachyonState, u: Unit, target: str) -> bool:
        """Whether `u` is On their tail of `target` this round (T10)."""
        return _on(ON_TAIL, u.name, target) in state.aspects

    def tailing(self, state: TachyonState, u: Unit) -> set[str]:
        """The craft `u` is On their tail of this round (T10), by name."""
        return {t for t in state.units if self.on_tail(state, u, t)}

    def _long_shield(self, t: Unit) -> int:
        eff = sysmod.effects(t.systems)
        if sysmod.SHIELD_OFFLINE in eff.states:
            return 0
        return max(0, t.shield_long - eff.minimize.get("long_shield", 0))

    def _backlash(self, state: TachyonState, u: Unit, t: Unit, short: bool) -> int | None:
        """Point defense: short same zone only, long range 1 (T3); a rating of 0 is none."""
        if short:
            return t.pd_short if t.pd_short > 0 and u.zone == t.zone else None
        if t.pd_long > 0 and self._dist(state, u.zone, t.zone) <= 1:
            return t.pd_long
        return None

    # --- turn structure -----------------------------------------------------------------------
    def seats(self, state: TachyonState) -> list[Seat]:
        return [
            Seat(side, side, tuple(u.name for u in state.units.values() if u.side == side))
            for side in state.sides
        ]

    def turn(self, state: TachyonState) -> tuple[str, str, str | None] | None:
        """The one decision open now as (seat, kind, actor), without its prompt: what bots and
        `legal` need, cheaply (a battle asks this hundreds of times)."""
        if state.ended:
            return None
        if state.absorb is not None:
            u = state.units[state.absorb["unit"]]
            return u.side, "absorb", u.name
        roll = state.roll
        if roll is not None:  # `_stage_holder`, inline
            if roll.stage == "actor":
                a = state.units.get(roll.actor)
                holder = roll.actor if a is not None and a.status == ACTIVE else None
                return roll.actor_side or "", "invoke", holder
            o = state.units.get(roll.opp_unit or "")
            return (
                roll.opp_side or "",
                "invoke",
                (o.name if o is not None and o.status == ACTIVE else None),
            )
        if state.phase == "chatter":
            return (state.chatter_queue[0], "chatter", None) if state.chatter_queue else None
        if state.current is None:
            return None
        u = state.units[state.current]
        return u.side, state.phase, u.name

    def waiting(self, state: TachyonState) -> list[str]:
        turn = self.turn(state)
        return [] if turn is None else [turn[0]]

    def pending(self, state: TachyonState) -> list[Decision]:
        turn = self.turn(state)
        if turn is None:
            return []
        seat, kind, actor = turn
        if kind == "absorb":
            assert state.absorb is not None
            prompt = (
                f"{actor} must absorb {state.absorb['hit']} more shift(s) past its shields: "
                "take consequences or be taken out (T2)"
            )
        elif kind == "invoke":
            roll = state.roll
            assert roll is not None
            against = "" if roll.hide_opp else f" against {roll.opp} ({roll.total - roll.opp:+d})"
            what = "defend" if roll.stage == "target" and not roll.fixed else "invoke"
            prompt = (
                f"{self._pub(state, roll.actor)}'s {roll.action}: {roll.total}{against}. "
                f"{seat} may {what} with an aspect, or pass."
            )
        elif kind == "chatter":
            prompt = (
                f"Round {state.round}: start of round chatter "
                "(send a message to your wing, or skip)"
            )
        else:
            u = state.units[actor or ""]
            prompt = (
                f"Round {state.round}, {PHASE_NAMES[state.phase]}:"
                f" {u.name} (initiative {u.initiative}) acts or skips"
            )
        return [Decision(seat, kind, prompt, actor)]

    def legal(self, state: TachyonState, seat: str) -> list[Choice]:
        turn = self.turn(state)
        if turn is None or turn[0] != seat:
            return []
        _, kind, actor = turn
        if kind == "absorb":
            return self._absorb_choices(state)
        if kind == "invoke":
            assert state.roll is not None
            return [
                PASS,
                *self._invoke_options(state, state.roll, seat),
            ]
        if kind == "chatter":
            return [
                Choice.of(
                    "say", text="Stay sharp", free=("text",), label="Send a message over the radio"
                ),
                SAY_NOTHING,
            ]
        return self.unit_actions(state, state.units[actor or ""])

    def unit_actions(
        self, state: TachyonState, u: Unit, only: Container[str] | None = None
    ) -> list[Choice]:
        """What `u` may do in this phase, as `legal` lists it. `only` keeps just those actions
        (in the same order), for bots that weigh a few and need not build the rest."""
        # `in` on the container asked for (a set or tuple: no Python call per action asked).
        want: Container[str] = _ALL if only is None else only
        out: list[Choice] = []
        if "skip" in want:
            out.append(_offer("skip", f"{u.name} skips the phase"))
        ph = state.phase
        if ph == "piloting":
            # The enemies here (craft, and ships to dive on), for the menus that name them.
            near, dives = (
                self._foes(state, u, u.zone)
                if "tail" in want or "pressure" in want or "maneuver" in want or "dive" in want
                else ([], [])
            )
            for e in near:
                if "tail" in want:
                    out.append(_at("tail", e.name, "Get on {}'s tail (pilot vs pilot)"))
                if "pressure" in want:
                    out.append(_at("pressure", e.name, "Pressure {} (tactics vs tactics)"))
            for e in dives if "dive" in want else ():
                out.append(_at("dive", e.name, "Enter dive on {} (pilot vs tactics)"))
            if "evade" in want:
                out.append(_offer("evade", "Evade (pilot vs 0: gain Evasion)"))
            if "maneuver" in want:
                out += _advantages(
                    "maneuver",
                    ("Watching your six", f"Maneuver for advantage in {u.zone}"),
                    ("Out of the sun", "Maneuver for advantage against {}"),
                    near,
                )
            if "refocus" in want:
                out.append(_offer("refocus", "Tactical refocus (re-roll initiative)"))
            if "wait" in want and u.name not in state.waited:
                for x in state.units.values():
                    if (
                        x is not u
                        and x.active
                        and x.name not in state.acted
                        and x.kind in (CRAFT, FLIGHT)
                        and x.name not in state.waiters
                        and self._seen(state, x, u.side)
                    ):
                        out.append(_at("wait", x.name, "Wait and see: act after {}"))
            if "move" in want or "move2" in want or "move3" in want:
                dists = self._zmap(state).distances_from(u.zone)
                for z in state.zones:
                    move = _MOVES.get(dists.get(z, 0))
                    if move is not None and move[0] in want:
                        out.append(_move_to(move, z))
            if "full_stop" in want:
                out.append(
                    Choice.of("full_stop", uncooperative=False, label="Full stop (pilot vs 0)")
                )
                out.append(
                    Choice.of(
                        "full_stop",
                        uncooperative=True,
                        label="Full stop beside an uncooperative target (pilot vs 2)",
                    )
                )
            if "bug_out" in want and u.zone in state.end_zones and u.bug_out_round is None:
                out.append(_offer("bug_out", "Bug out (leave the fight)"))
        elif ph == "gunnery":
            reach = self._range(u)
            # The enemies, in one pass, only for the menus that name them.
            craft, ships = (
                self._foes(state, u)
                if "fire" in want
                or "fire_large" in want
                or (u.small and ("launch" in want or "launch_large" in want))
                else ([], [])
            )
            for e in craft if "fire" in want else ():
                if self._dist(state, u.zone, e.zone) <= reach:
                    out.append(_at("fire", e.name, "Fire at {} (gunnery vs pilot)"))
            for s in state.swarms.values() if "fire_swarm" in want else ():
                if s.active and s.side != u.side and self._dist(state, u.zone, s.zone) <= reach:
                    out.append(_at("fire_swarm", s.name, "Fire at swarm {}"))
            # Gun emplacements fire at enemy ships too (a fleet action), always at long range:
            # they cannot Enter dive (T4).
            for e in ships if "fire_large" in want else ():
                if self._dist(state, u.zone, e.zone) <= reach:
                    for system in self._systems_for(state, u, e):
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
                        out.append(_launch_at(kind, e.name))
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
                        for system in self._systems_for(state, u, e):
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
                out.append(_offer("scan", "Scan for Undetected opponents (any zone)"))
            if "search" in want:
                out.append(Choice.of("search", label=f"Visual search in {u.zone}"))
            if "ew_advantage" in want:
                out += _advantages(
                    "ew_advantage",
                    ("Jam their sensors", "Create an advantage with EW systems"),
                    ("Sensor ghosts", "Create an EW advantage against {}"),
                    self._enemies(state, u),
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
                    out.append(
                        _offer("repair_shields", "Repair shields: restore 2 (technology vs 2)")
                    )
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
            out.append(_offer("concede", f"{u.name} concedes and leaves the fight"))
        return out

    def _systems_for(self, state: TachyonState, u: Unit, t: Unit) -> list[str]:
        if self._large_short(state, u, t):
            return list(sysmod.SYSTEMS)
        return list(sysmod.LONG_RANGE_SYSTEMS)

    def _stage_holder(self, state: TachyonState, roll: Roll) -> tuple[str | None, str | None]:
        """The side that may invoke at this stage of a roll, and its unit in the roll (if any)."""
        # Asked several times per roll: the status is read directly, not through `active`.
        if roll.stage == "actor":
            a = state.units.get(roll.actor)
            return roll.actor_side, (roll.actor if a is not None and a.status == ACTIVE else None)
        o = state.units.get(roll.opp_unit or "")
        return roll.opp_side, (o.name if o is not None and o.status == ACTIVE else None)

    def _invoke_options(self, state: TachyonState, roll: Roll, seat: str) -> list[Choice]:
        """C4 invokes open to `seat` now, as choices with labels (see `open_invokes`)."""
        return [
            self.invoke_choice(state, roll, *inv) for inv in self.open_invokes(state, roll, seat)
        ]

    def invoke_choice(
        self, state: TachyonState, roll: Roll, aspect: str, payment: str, by: str, effect: str
    ) -> Choice:
        """One invoke from `open_invokes` as a labelled choice (what `legal` lists)."""
        obstacle = roll.stage == "target" and roll.fixed
        _, holder = self._stage_holder(state, roll)
        paid = f"{by}'s free invoke" if payment == "free" else f"{by} pays a fate point"
        label = self._invoke_label(roll, aspect, effect, by, holder, paid, obstacle)
        return Choice.of(
            "invoke", aspect=aspect, payment=payment, by=by, effect=effect, label=label
        )

    def _can_invoke(self, state: TachyonState, roll: Roll, seat: str | None = None) -> bool:
        """Whether `open_invokes` offers `seat` (default: the side whose stage it is) anything.
        The same walk as `open_invokes`, stopping at the first invoke found without making it:
        asked at every invoke stage of every roll (~150 times a battle), mostly to say no.
        Who may pay is a yes/no here, and a holder is checked by name instead of a set of the
        side's names being made (units are keyed by name)."""
        units = state.units
        if roll.stage == "actor":  # `_stage_holder`, inline (asked ~150 times a battle)
            side: str | None = roll.actor_side
            if seat is not None and side != seat:
                return False
            au = units.get(roll.actor)
            holder = roll.actor if au is not None and au.status == ACTIVE else None
        else:
            side = roll.opp_side
            if side is None or (seat is not None and side != seat):
                return False
            o = units.get(roll.opp_unit or "")
            holder = o.name if o is not None and o.status == ACTIVE else None
        payers = False
        for u in units.values():
            fp = u.fate_points
            if fp is not None and u.side == side and u.status == ACTIVE and fp.current >= 1:
                payers = True
                break
        actor = units.get(roll.actor)
        target = units.get(roll.target or "")
        zones = (
            actor.zone if actor is not None else None,
            target.zone if target is not None else None,
        )
        involved = (roll.actor, roll.target, holder)
        gm = side == GM
        paid = roll.paid
        for a in state.aspects.aspects:
            free = a.free_invokes
            if not free and not payers:
                continue
            owner = a.owner
            if owner is not None:
                relevant = owner in involved
            else:
                zone = a.zone
                relevant = zone is None or zone in zones
            boost = a.kind is BOOST
            if not relevant and not (free and boost):
                continue
            if not gm:  # `_aspect_visible`, inline
                o = units.get(owner or "")
                if o is not None and not (o.side == side or o.detected):
                    continue
                if a.hidden and (o is None or o.side != side):
                    continue
            # A point on a relevant aspect first (whether one exists is all that is asked):
            # the usual yes for a side of PCs, without looking at the free invokes.
            if relevant and payers and not boost and (not paid or f"{side}:{a.name}" not in paid):
                return True
            for h, n in free.items():
                if n <= 0:
                    continue
                if h != side:
                    hu = units.get(h)
                    if hu is None or hu.side != side or hu.status != ACTIVE:
                        continue
                if relevant or (boost and h in involved):
                    return True
        return False

    def open_invokes(
        self, state: TachyonState, roll: Roll, seat: str, *, fate_points: bool = True
    ) -> Iterator[tuple[str, str, str, str]]:
        """C4 invokes open to `seat` now as (aspect, payment, by, effect): +2 or a reroll of its
        own dice, from a free invoke held by one of its craft or its side, or a PC's fate point
        on a relevant aspect (an ally's point is teamwork; against a fixed difficulty the
        opposing side's +2 is an obstacle). A paid invoke is once per aspect per side per roll.
        `fate_points=False` leaves out those paid with a fate point (the same list filtered),
        for a bot that would not spend one: most invokes listed for a side of PCs are those."""
        side, holder = self._stage_holder(state, roll)
        if side != seat or side is None:
            return
        units = state.units
        mine: set[str] = set()
        payers: list[str] = []
        for u in units.values():
            if u.side == side and u.status == ACTIVE:
                mine.add(u.name)
                if fate_points and u.fate_points is not None and u.fate_points.current >= 1:
                    payers.append(u.name)
        actor = units.get(roll.actor)
        target = units.get(roll.target or "")
        actor_zone = actor.zone if actor is not None else None
        target_zone = target.zone if target is not None else None
        effects = (
            ("bonus", "reroll") if roll.stage == "actor" or roll.o_dice is not None else ("bonus",)
        )
        involved = (roll.actor, roll.target, holder)
        for a in state.aspects.aspects:
            free = a.free_invokes
            if not free and not payers:
                continue  # nothing to spend on it (most aspects, for a side without PCs)
            # An aspect helps a roll when it is on a craft in it, or in the scene or zone
            # where it happens; a boost is its holder's own momentum.
            owner = a.owner
            if owner is not None:
                relevant = owner in involved
            else:
                zone = a.zone
                relevant = zone is None or zone in (actor_zone, target_zone)
            if not relevant and not (free and a.kind is BOOST):
                continue
            if not self._aspect_visible(state, a, seat):
                continue
            for h, n in free.items():
                if n <= 0 or not (h == side or h in mine):
                    continue
                if not relevant and not (a.kind is BOOST and h in involved):
                    continue
                for effect in effects:
                    yield a.name, "free", h, effect
            if not relevant or a.kind is BOOST or f"{side}:{a.name}" in roll.paid:
                continue
            for pc in payers:
                for effect in effects:
                    yield a.name, "fate_point", pc, effect

    def _invoke_label(
        self,
        roll: Roll,
        aspect: str,
        effect: str,
        by: str,
        holder: str | None,
        paid: str,
        obstacle: bool,
    ) -> str:
        if effect == "reroll":
            what = "reroll the dice"
        elif obstacle:
            what = "+2 to the difficulty (obstacle)"
        else:
            what = "+2"
        team = (
            " (teamwork)"
            if holder is not None and by not in (holder, roll.actor_side, roll.opp_side)
            else ""
        )
        return f"Invoke '{aspect}': {what}{team} ({paid})"

    def _absorb_choices(self, state: TachyonState) -> list[Choice]:
        """T2/C10: the craft's pilot picks the consequences that absorb what shields could not,
        or is taken out."""
        assert state.absorb is not None
        u = state.units[state.absorb["unit"]]
        hit = int(state.absorb["hit"])
        # The menu is kept, keyed by all it reads: the craft's name, the hit, and its slots'
        # values and which are free (what `absorb_options` reads); choices are frozen, and a
        # new list is given each time. A battle asks a few dozen kinds thousands of times.
        slots = u.consequences
        key = (
            u.name,
            hit,
            None if slots is None else tuple(slots.values.items()),
            None if slots is None else tuple(slots.free()),
        )
        menu = _ABSORB_MENUS.get(key)
        if menu is None:
            menu = tuple(self._absorb_menu(u, hit))
            if len(_ABSORB_MENUS) < 4096:
                _ABSORB_MENUS[key] = menu
        return list(menu)

    def _absorb_menu(self, u: Unit, hit: int) -> list[Choice]:
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

    def why_illegal(self, state: TachyonState, seat: str, choice: Choice) -> str | None:
        reason = super().why_illegal(state, seat, choice)
        if reason is None:
            return None
        pend = self.pending(state)
        if not any(d.seat == seat for d in pend):
            who = ", ".join(f"{d.seat} ({d.kind})" for d in pend) or "nobody"
            return f"it is not {seat}'s decision now: waiting on {who}"
        if state.current is None or state.roll is not None:
            return reason
        u = state.units[state.current]
        a = choice.action
        tname = choice.str_param("target")
        t = state.units.get(tname)
        verbs = {
            "fire": "fire at",
            "fire_large": "fire at",
            "launch": "launch at",
            "launch_large": "launch at",
            "tail": "get on the tail of",
            "pressure": "pressure",
            "dive": "dive on",
            "wait": "wait for",
        }
        if a in verbs:
            verb = verbs[a]
            if t is None or not self._seen(state, t, seat):
                return f"{u.name} cannot {verb} {tname}: not detected"
            if not t.active:
                return f"{u.name} cannot {verb} {t.name}: {t.name} is out of the fight"
            if t.side == u.side and a != "wait":
                return f"{u.name} will not {verb} a friendly craft"
            if a in ("tail", "pressure", "dive") and t.zone != u.zone:
                return f"{u.name} cannot {verb} {t.name}: {t.name} is in {t.zone}, not {u.zone}"
            if a in ("fire", "fire_large"):
                d = self._dist(state, u.zone, t.zone)
                if d > self._range(u):
                    return (
                        f"{u.name} cannot fire at {t.name}: {t.name} is {d} zone(s) away "
                        f"and {u.name}'s weapons reach {self._range(u)}"
                    )
            if a in ("fire_large", "launch_large"):
                system = choice.str_param("system")
                if system not in sysmod.SYSTEMS:
                    return f"{t.name} has no system {system!r}"
                if system not in self._systems_for(state, u, t):
                    return (
                        f"{u.name} can only hit {t.name}'s {sysmod.SYSTEM_NAMES[system]} at "
                        f"short range: be in {t.zone} with Diving in on {t.name} (T4)"
                    )
            if a.startswith("launch") and u.ordnance.get(choice.str_param("ordnance"), 0) < 1:
                return f"{u.name} has no {choice.str_param('ordnance') or 'ordnance'} left"
        if state.phase != "piloting" and a in (
            "tail",
            "dive",
            "evade",
            "maneuver",
            "move",
            "bug_out",
            "wait",
            "refocus",
            "pressure",
        ):
            return f"{a} is a piloting action; it is the {PHASE_NAMES[state.phase]}"
        if a == "bug_out" and u.zone not in state.end_zones:
            return (
                f"{u.name} cannot bug out from {u.zone}: bug out only from an end zone "
                f"({', '.join(state.end_zones)})"
            )
        if a in ("move", "move2", "move3"):
            to = choice.str_param("to")
            if to not in self._zmap(state):
                return f"there is no zone named {to!r}"
            d = self._dist(state, u.zone, to)
            need = {"move": 1, "move2": 2, "move3": 3}[a]
            return f"{u.name} cannot {a} to {to}: it is {d} zone(s) away, not {need}"
        return reason

    def choice_visibility(
        self, state: TachyonState, seat: str, choice: Choice
    ) -> frozenset[str] | None:
        if state.phase == "chatter" and state.roll is None:
            return frozenset({seat})  # radio chatter stays on the side's own channel
        # A choice that names a hidden craft stays on its side. Most choices (an invoke pass, a
        # skip) have no parameters, so they name no craft: names are never empty.
        for key in ("target", "by") if choice.params else ():
            named = state.units.get(choice.str_param(key))
            if named is not None and not named.detected:
                return frozenset({named.side})
        actor = state.roll.actor if state.roll else state.current
        u = state.units.get(actor or "")
        if u is not None and not u.detected and not (state.roll is None and _reveals(choice)):
            return frozenset({u.side})
        return None

    # --- applying -----------------------------------------------------------------------------
    def apply(
        self, state: TachyonState, seat: str, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        if state.absorb is not None:
            return self._apply_absorb(state, choice) + self._after_roll(state, dice)
        if state.roll is not None:
            return self._apply_invoke(state, seat, choice, dice)
        if state.phase == "chatter":
            side = state.chatter_queue.pop(0)
            events: list[Event] = []
            if choice.action == "say":
                text = choice.str_param("text").strip()
                state.chatter.append({"round": state.round, "side": side, "text": text})
                events.append(
                    Event(
                        "chatter",
                        f"{side} (radio): {text}",
                        {"text": text},
                        visible_to=frozenset({side}),
                    )
                )
            return events + self._advance(state, dice)
        u = state.units[state.current or ""]
        a = choice.action
        if a == "skip":
            events = []
            if not state.quiet:
                events.append(
                    Event(
                        "skip",
                        f"{u.name} skips the {PHASE_NAMES[state.phase]}",
                        # `_vis`, with the unit in hand (most decisions of EW and damage skip).
                        visible_to=None if u.detected else self._vis(state, u.name),
                    )
                )
            return events + self._done(state, dice)
        if a == "concede":
            return self._concede(state, u) + self._done(state, dice)
        events = []
        if not u.detected and _reveals(choice):  # (most craft are detected: asked first)
            events += self._reveal(
                state, u, "opens fire" if "fire" in a or "launch" in a else "shows itself"
            )
        events += self._declare(state, u, choice, dice)
        u.actions += 1  # T9: counted after its own roll, which sees only earlier actions
        return events + self._after_roll(state, dice)

    def _reveal(self, state: TachyonState, u: Unit, why: str) -> list[Event]:
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
            Event(
                "detected",
                f"{u.name} {why} in {u.zone} and is detected",
                {"unit": u.name, "zone": u.zone},
            )
        ]

    def _declare(self, state: TachyonState, u: Unit, c: Choice, dice: DiceSource) -> list[Event]:
        a = c.action
        mod = self._mod(u)
        tname = c.str_param("target")
        t = state.units.get(tname)
        if a in ("tail", "pressure"):
            assert t is not None
            skill = "pilot" if a == "tail" else "tactics"
            return self._start(state, dice, a, u, skill, {}, target=t, opp_skill=skill)
        if a == "dive":
            assert t is not None
            return self._start(state, dice, a, u, "pilot", {}, target=t, opp_skill="tactics")
        if a == "evade":
            return self._start(state, dice, a, u, "pilot", {}, difficulty=0 + mod)
        if a == "refocus":
            return self._start(state, dice, a, u, "tactics", {}, difficulty=0 + mod)
        if a in ADVANTAGE:
            skill, resist = ADVANTAGE[a]
            params = {"name": c.str_param("name").strip() or "Advantage"}
            if t is None:
                return self._start(
                    state,
                    dice,
                    a,
                    u,
                    skill,
                    params,
                    difficulty=int(state.options["advantage_difficulty"]) + mod,
                )
            return self._start(state, dice, a, u, skill, params, target=t, opp_skill=resist)
        if a in ("wait", "move", "bug_out"):
            params = {"to": c.str_param("to")} if a == "move" else {}
            if a == "wait":
                params = {"target": tname}
            if mod > 0:  # T9: automatic actions become overcome vs 0 + modifier
                return self._start(state, dice, a, u, "pilot", params, difficulty=mod)
            return self._finish_auto(state, u, a, params)
        if a in ("move2", "move3"):
            diff = (2 if a == "move2" else 4) + mod
            return self._start(
                state, dice, a, u, "pilot", {"to": c.str_param("to")}, difficulty=diff
            )
        if a == "full_stop":
            unco = bool(c.get("uncooperative"))
            return self._start(
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
            return self._start(state, dice, a, u, "gunnery", {}, target=t, opp_skill="pilot")
        if a == "fire_swarm":
            s = state.swarms[tname]
            return self._start(state, dice, a, u, "gunnery", {"swarm": s.name}, swarm=s)
        if a == "fire_large":
            assert t is not None
            short = self._large_short(state, u, t)
            system = c.str_param("system")
            return self._start(
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
            return self._launch(state, u, c)
        if a in ("scan", "search"):
            return self._scan(state, u, a, dice)
        if a == "repair":
            return self._start(
                state,
                dice,
                a,
                u,
                "technology",
                {"system": c.str_param("system")},
                difficulty=2 + mod,
            )
        if a == "repair_shields":
            return self._start(state, dice, a, u, "technology", {}, difficulty=2 + mod)
        if a == "other":
            text = c.str_param("text").strip()
            return [
                Event(
                    "other",
                    f"{u.name}: {text} (the GM resolves it)",
                    {"text": text},
                    visible_to=self._vis(state, u.name),
                )
            ]
        raise RuleError(f"unknown action {a!r}")

    def _start(
        self,
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
        quiet = state.quiet
        who = u.name if u.detected else "a hidden craft"  # `_pub`, with the unit in hand
        total, r = self._roll(state, dice, u, skill, "" if quiet else f"{action}: {who} {skill}")
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
            roll.opp = swarm.pilot + opposed.total + self._mod(u)
            roll.opp_side, roll.o_dice = swarm.side, opposed.total
        else:
            assert target is not None
            # T9: the attacker gains the target's modifier; the target defends with the
            # attacker's modifier.
            roll.total += self._mod(target)
            o_total, opposed = self._roll(
                state,
                dice,
                target,
                opp_skill,
                "" if quiet else f"{action}: {target.name} {opp_skill}",
            )
            roll.opp = o_total + opp_bonus + self._mod(u)
            roll.opp_unit, roll.opp_side = target.name, target.side
            roll.o_dice, roll.o_min = opposed.total, opposed.minimized
        ev: list[Event] = []
        if not quiet:
            text = f"{u.name} ({action}) rolls {skill} {total} [{_faces(r)}]"
            if difficulty is not None:
                text += f" against difficulty {difficulty}"
            elif swarm is not None:
                assert opposed is not None
                text += f" against swarm {swarm.name} {roll.opp} [{_faces(opposed)}]"
            else:
                assert target is not None and opposed is not None
                text += f" against {target.name}'s {opp_skill} {roll.opp} [{_faces(opposed)}]"
            ev.append(
                Event(
                    "roll",
                    text,
                    {
                        "actor": u.name,
                        "action": action,
                        "total": roll.total,
                        "opposition": roll.opp,
                    },
                    # `_vis`, with the units in hand: open to all when both are detected.
                    visible_to=(
                        None
                        if u.detected and (target is None or target.detected)
                        else self._vis(state, u.name, roll.opp_unit)
                    ),
                )
            )
        return ev + self._to_stage(state, roll, dice, first=True)

    def _to_stage(
        self, state: TachyonState, roll: Roll, dice: DiceSource, first: bool = False
    ) -> list[Event]:
        """Walk the invoke stages (C4): the actor's side, then the opposing side."""
        for stage in ("actor", "target") if first else _LATER_STAGES[roll.stage]:
            roll.stage = stage
            if self._can_invoke(state, roll):
                state.roll = roll
                return []
        state.roll = None
        return self._resolve(state, roll, dice)

    def _after_roll(self, state: TachyonState, dice: DiceSource) -> list[Event]:
        """Once a roll (and any hit it caused) is settled, play moves on."""
        if state.roll is None and state.absorb is None and not state.ended:
            return self._done(state, dice)
        return []

    def _apply_invoke(
        self, state: TachyonState, seat: str, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        roll = state.roll
        assert roll is not None
        if choice.action == "pass":
            return self._to_stage(state, roll, dice) + self._after_roll(state, dice)
        name = choice.str_param("aspect")
        by = choice.str_param("by")
        a = state.aspects.get(name)
        if choice.str_param("payment") == "free":
            a.use_free(by)
            if a.kind is BOOST:
                state.aspects.remove(a.name)
            paid = f"{by}'s free invoke"
        else:
            payer = state.units[by]
            assert payer.fate_points is not None
            payer.fate_points.spend(SpendReason.INVOKE, who=by, what=f"'{a.name}'")
            roll.paid.append(f"{seat}:{a.name}")
            paid = f"a fate point from {by}"
        actor_stage = roll.stage == "actor"
        if choice.str_param("effect") == "reroll":
            if actor_stage:
                r = roll_fudge(dice, 4, minimized=roll.a_min, why=f"reroll: {roll.a_skill}")
                roll.total += r.total - roll.a_dice
                roll.a_dice = r.total
            else:
                r = roll_fudge(dice, 4, minimized=roll.o_min, why="reroll: opposition")
                roll.opp += r.total - (roll.o_dice or 0)
                roll.o_dice = r.total
            what = "" if state.quiet else f"rerolls [{_faces(r)}]"
        else:
            if actor_stage:
                roll.total += 2
            else:
                roll.opp += 2
            what = "+2" if actor_stage or not roll.fixed else "+2 to the difficulty"
        events = []
        if not state.quiet:
            against = "" if roll.hide_opp else f" against {roll.opp}"
            vis = self._vis(state, roll.actor, roll.opp_unit, by)
            events.append(
                Event(
                    "invoke",
                    f"{seat} invokes '{a.name}': {what} ({paid}): {roll.total}{against}",
                    {"aspect": a.name, "by": by, "effect": choice.str_param("effect")},
                    visible_to=vis,
                )
            )
            if vis is not None and self._vis(state, roll.actor, roll.opp_unit) is None:
                # A hidden craft's invoke shows in the open roll, not who made it (T7).
                events.append(
                    Event(
                        "invoke",
                        f"{seat} invokes an aspect: {what}: {roll.total}{against}",
                        visible_to=frozenset(x for x in state.sides if x not in vis),
                    )
                )
        if not self._can_invoke(state, roll, seat):
            events += self._to_stage(state, roll, dice)
            events += self._after_roll(state, dice)
        return events

    # --- outcomes -----------------------------------------------------------------------------
    def _resolve(self, state: TachyonState, roll: Roll, dice: DiceSource) -> list[Event]:
        u = state.units[roll.actor]
        s = roll.total - roll.opp
        ok = s > 0 or (s == 0 and roll.fixed and bool(state.options["tie_succeeds"]))
        a = roll.action
        t = state.units.get(roll.target or "")
        # `_vis`, with the units in hand: open to all when both are detected.
        vis = (
            None
            if u.detected and (t is None or t.detected)
            else self._vis(state, u.name, roll.target)
        )

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
            asp = self._aspect(
                state, _on(aspect, u.name, t.name), u.name, 2 if s >= 3 else 1, u.name,
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
            asp = self._aspect(state, f"Easy target ({u.name})", u.name, 1, enemy, round_only=True)
            return [
                ev(
                    "evade",
                    f"{u.name} fails to evade and becomes '{asp.name}' ({enemy} "
                    "holds a free invoke)",
                )
            ]
        if a == "refocus":
            if ok:
                u.initiative = max(0, s)
                return [ev("refocus", f"{u.name} refocuses: initiative {u.initiative}")]
            self._dead_last(state, u)
            return [
                ev("refocus", f"{u.name} loses the thread: dead last (initiative {u.initiative})")
            ]
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
                        f"{u.name}'s push fails: {u.name}'s initiative drops "
                        f"by {-s} to {u.initiative}",
                    )
                ]
            return [ev("pressure", f"{u.name} and {t.name} hold their positions")]
        if a in ADVANTAGE:
            return self._advantage(state, roll, u, t, s, vis)
        if a == "ordnance":
            return self._ordnance_hits(state, roll, s)
        if a in ("scan", "search"):
            return self._scan_result(state, roll)
        if a in ("wait", "move", "bug_out"):
            if ok:
                return self._finish_auto(state, u, a, roll.params)
            return [ev(a, f"{u.name} is stretched too thin: the {a.replace('_', ' ')} fails (T9)")]
        if a in ("move2", "move3"):
            to = str(roll.params["to"])
            path = self._zmap(state).path(u.zone, to) or [u.zone]
            dest = to if ok else path[min(1, len(path) - 1)]
            events = self._move(state, u, dest)
            if a == "move3":
                asp = self._aspect(
                    state, f"Full throttle ({u.name})", u.name, 1, u.name, round_only=True
                )
                events.append(ev("aspect", f"{u.name} gains '{asp.name}'"))
            verdict = "makes it" if ok else "only makes one zone"
            return [ev(a, f"{u.name} {verdict}"), *events]
        if a == "full_stop":
            self._dead_last(state, u)
            if ok:
                self._aspect(state, f"Stopped ({u.name})", u.name, 0, None)
                return [
                    ev(
                        "full_stop",
                        f"{u.name} comes to a full stop ('Stopped'); dead last "
                        f"(initiative {u.initiative})",
                    )
                ]
            return [
                ev("full_stop", f"{u.name} fails to stop; dead last (initiative {u.initiative})")
            ]
        if a == "fire" and t is not None:
            if s > 0:
                hit = self._damage_small(state, t, s, u.name)
                return hit if state.quiet else [ev("hit", f"{u.name} hits {t.name} for {s}"), *hit]
            if s == 0:
                boost = self._boost(state, u)
                return boost if state.quiet else [ev("miss", f"{u.name} grazes {t.name}"), *boost]
            return [] if state.quiet else [ev("miss", f"{u.name} misses {t.name}")]
        if a == "fire_swarm":
            sw = state.swarms[str(roll.params["swarm"])]
            if s > 0:
                return [
                    ev("swarm", f"{u.name} thins out swarm {sw.name}"),
                    *self._kill_swarm(state, sw),
                ]
            return [ev("swarm", f"{u.name}'s fire has no effect on swarm {sw.name}")]
        if a == "fire_large" and t is not None:
            return self._hit_large(
                state, u, t, s, str(roll.params["system"]), bool(roll.params["short"]), "fires at"
            )
        if a == "repair":
            return self._repair(state, u, str(roll.params["system"]), ok, vis)
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

    def _advantage(
        self,
        state: TachyonState,
        roll: Roll,
        u: Unit,
        t: Unit | None,
        s: int,
        vis: frozenset[str] | None,
    ) -> list[Event]:
        """C5: fail nothing; tie a boost; success 1 free invoke; style 2."""
        name = str(roll.params.get("name") or "Advantage")
        owner = t.name if t else None
        zone = None if t else u.zone
        if s < 0:
            return [Event("advantage", f"{u.name} fails to create '{name}'", visible_to=vis)]
        if s == 0:
            return self._boost(state, u, name)
        free = 2 if s >= 3 else 1
        a = self._aspect(state, name, owner, free, u.name, zone=zone)
        where = f"on {t.name}" if t else f"in {u.zone}"
        return [
            Event(
                "advantage",
                f"{u.name} creates '{a.name}' {where} with {free} free invoke(s)",
                {"aspect": a.name},
                visible_to=vis,
            )
        ]

    def _boost(self, state: TachyonState, u: Unit, name: str = "") -> list[Event]:
        """C6: a boost, gone when invoked or at the end of the round (Tachyon)."""
        b = Aspect.boost(
            _unique(state.aspects, name or f"Momentum ({u.name})"), u.name, owner=u.name
        )
        state.aspects.add(b)
        if state.quiet:
            return []
        return [
            Event(
                "boost", f"{u.name} gains a boost '{b.name}'", visible_to=self._vis(state, u.name)
            )
        ]

    def _finish_auto(
        self, state: TachyonState, u: Unit, a: str, params: Mapping[str, Any]
    ) -> list[Event]:
        vis = self._vis(state, u.name)
        if a == "move":
            return self._move(state, u, str(params["to"]))
        if a == "wait":
            t = state.units[str(params["target"])]
            u.initiative = t.initiative - 1
            state.waiters[u.name] = t.name
            state.waited.append(u.name)
            return [
                Event(
                    "wait",
                    f"{u.name} waits to see what {t.name} does (initiative {u.initiative})",
                    visible_to=self._vis(state, u.name, t.name),
                )
            ]
        if a == "bug_out":
            self._dead_last(state, u)
            timing = state.options["bug_out_timing"]
            u.bug_out_round = state.round + (1 if timing == "next_round" else 0)
            self._aspect(state, f"Bugging out ({u.name})", u.name, 0, None)
            return [
                Event(
                    "bug_out",
                    f"{u.name} is bugging out: it leaves at the end of round "
                    f"{u.bug_out_round} (T13)",
                    visible_to=vis,
                )
            ]
        raise RuleError(f"{a!r} is not automatic")

    def _move(self, state: TachyonState, u: Unit, dest: str) -> list[Event]:
        old = u.zone
        u.zone = dest
        # Leaving a zone breaks off the mover's tail and dive aspects; moving ends Stopped.
        for a in state.aspects:
            if a.owner == u.name and (
                a.name.startswith((f"{ON_TAIL} (", f"{DIVING_IN} (", "Stopped ("))
            ):
                state.aspects.remove(a.name)
        return [
            Event(
                "move",
                f"{u.name} moves from {old} to {dest}",
                {"unit": u.name, "from": old, "to": dest},
                visible_to=self._vis(state, u.name),
            )
        ]

    # --- damage -------------------------------------------------------------------------------
    def _damage_small(self, state: TachyonState, u: Unit, hit: int, by: str) -> list[Event]:
        """T2: Evasion first, then shields (one shift per box), then consequences (2/4/6);
        what is left takes the craft out. Flights lose one craft each time the lead craft's
        shields overflow; the rest of the hit carries on to the next craft."""
        if hit <= 0 or not u.active:
            return []
        u.damaged = True
        u.harm += hit
        quiet = state.quiet
        vis = self._vis(state, u.name)
        events: list[Event] = []
        if u.evasion:
            used = min(u.evasion, hit)
            u.evasion -= used
            hit -= used
            if not quiet:
                events.append(
                    Event("evasion", f"{u.name}'s Evasion absorbs {used}", visible_to=vis)
                )
        if hit <= 0:
            return events
        if u.kind == FLIGHT:
            assert u.shields is not None
            while hit > 0 and u.size > 0:
                left = u.shields.fill(hit)
                if left <= 0:
                    events.append(
                        Event(
                            "shields", f"{u.name}'s shields: {u.shields.render()}", visible_to=vis
                        )
                    )
                    break
                u.size -= 1
                u.shields.clear()
                hit = left - 1
                events.append(
                    Event(
                        "flight_loss",
                        f"{u.name} loses a craft ({u.size} left)",
                        {"unit": u.name, "size": u.size},
                        visible_to=vis,
                    )
                )
            if u.size <= 0:
                events += self._take_out(state, u, OUT, f"by {by}")
            return events
        if u.shields is not None:
            hit = u.shields.fill(hit)
            if not quiet:
                events.append(
                    Event("shields", f"{u.name}'s shields: {u.shields.render()}", visible_to=vis)
                )
        if hit <= 0:
            return events
        if not u.consequences or not _can_absorb(hit, u.consequences):
            return events + self._take_out(state, u, OUT, f"by {by}")
        # T2/C10: the pilot chooses which consequences to take, or to be taken out.
        state.absorb = {"unit": u.name, "hit": hit, "by": by}
        return events

    def _apply_absorb(self, state: TachyonState, choice: Choice) -> list[Event]:
        assert state.absorb is not None
        u = state.units[state.absorb["unit"]]
        by = str(state.absorb["by"])
        state.absorb = None
        vis = self._vis(state, u.name)
        if choice.action == "taken_out":
            return self._take_out(state, u, OUT, f"by {by}")
        assert u.consequences is not None
        events: list[Event] = []
        for part in choice.str_param("consequences").split(","):
            sev = Severity(part)
            name = _unique(state.aspects, f"{CONSEQUENCE_NAMES[sev]} ({u.name})")
            u.consequences.take(sev, name)
            cons = Aspect(name, AspectKind.CONSEQUENCE, owner=u.name)
            if by in state.units:
                cons.add_free(by, 1)  # C9: the attacker gets a free invoke
            state.aspects.add(cons)
            if state.quiet:
                continue
            events.append(
                Event(
                    "consequence",
                    f"{u.name} takes a {sev.value} consequence '{name}'",
                    {"unit": u.name, "severity": sev.value},
                    visible_to=vis,
                )
            )
        return events

    def _hit_large(
        self,
        state: TachyonState,
        u: Unit,
        t: Unit,
        s: int,
        system: str,
        short: bool,
        verb: str,
        backlash: int | None = -1,
    ) -> list[Event]:
        """Seed 'Fire at large target': damage = shifts - shield (by range) - armor; a miss
        within point-defense range costs the attacker shifts + the point-defense rating."""
        rng = "short" if short else "long"
        if s > 0:
            shield = t.shield_short if short else self._long_shield(t)
            armor = sysmod.ARMOR_BONUS.get(system, 0)
            dmg = s - shield - armor
            text = (
                f"{u.name} {verb} {t.name}'s {sysmod.SYSTEM_NAMES[system]} at {rng} range: "
                f"{s} shifts - shield {shield} - armor {armor} = {max(0, dmg)} damage"
            )
            events = [
                Event(
                    "hit_large", text, {"target": t.name, "system": system, "damage": max(0, dmg)}
                )
            ]
            if dmg > 0:
                events += self._damage_system(state, t, system, dmg)
            return events
        if s == 0:
            return [Event("miss", f"{u.name} {verb} {t.name} at {rng} range: no effect")]
        pd = self._backlash(state, u, t, short) if backlash == -1 else backlash
        events = [Event("miss", f"{u.name} {verb} {t.name} at {rng} range and misses")]
        if pd is None or not u.active:
            return events
        dmg = -s + pd
        events.append(
            Event(
                "backlash",
                f"{t.name}'s point defense catches {u.name}: {-s} + {pd} = {dmg} damage",
                {"target": u.name, "damage": dmg},
            )
        )
        if u.kind == TURRET and u.parent:
            # A gun emplacement is part of its ship: the backlash hits that track (T5).
            return events + self._damage_system(
                state, state.units[u.parent], "gun_emplacements", dmg
            )
        return events + self._damage_small(state, u, dmg, t.name)

    def _damage_system(self, state: TachyonState, t: Unit, system: str, dmg: int) -> list[Event]:
        """T5: each shift marks one box in order; completed rows take effect."""
        track = t.systems[system]
        before = set(sysmod.effects(t.systems).states)
        t.harm += min(dmg, len(track.boxes) - track.marked_count)
        track.fill(dmg)
        eff = sysmod.effects(t.systems)
        events = [
            Event(
                "system",
                f"{t.name} {sysmod.SYSTEM_NAMES[system]}: {track.render()} "
                f"({sysmod.completed_rows(track)} row(s) complete)",
                {"target": t.name, "system": system, "marked": track.marked_count},
            )
        ]
        for st in eff.states:
            if st not in before:
                events.append(
                    Event("system_state", f"{t.name}: {st}!", {"target": t.name, "state": st})
                )
        if sysmod.EXPLODED in eff.states:
            events += self._take_out(state, t, DESTROYED, "in a catastrophic explosion")
        elif sysmod.GUNS_OUT in eff.states:
            for g in state.units.values():
                if g.parent == t.name and g.active:
                    events += self._take_out(state, g, OUT, "(gun emplacements out of action)")
        return events

    def _repair(
        self, state: TachyonState, u: Unit, system: str, ok: bool, vis: frozenset[str] | None
    ) -> list[Event]:
        if not ok:
            return [Event("repair", f"{u.name}'s repairs fail", visible_to=vis)]
        if u.kind == LARGE:
            track = u.systems[system]
            before = set(sysmod.effects(u.systems).states)
            track.clear_last()  # T5: repair clears the last marked box of one track
            after = sysmod.effects(u.systems).states
            fixed = [s for s in before if s not in after]
            extra = f" ({', '.join(fixed)} no longer)" if fixed else ""
            return [
                Event(
                    "repair",
                    f"{u.name} repairs {sysmod.SYSTEM_NAMES[system]}: {track.render()}{extra}",
                    {"unit": u.name, "system": system},
                    visible_to=vis,
                )
            ]
        assert u.consequences is not None
        worst = u.consequences.taken()[-1]
        u.consequences.clear(worst.severity)
        if worst.aspect in state.aspects:
            state.aspects.remove(worst.aspect)
        return [
            Event(
                "repair",
                f"{u.name} repairs the worst damage: '{worst.aspect}' cleared",
                visible_to=vis,
            )
        ]

    def _take_out(self, state: TachyonState, u: Unit, status: str, why: str) -> list[Event]:
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
                f"{u.name} is {status} {why}",
                {"unit": u.name, "status": status},
                visible_to=self._vis(state, u.name),
            )
        ]
        if u.kind == LARGE:
            for g in state.units.values():
                if g.parent == u.name:
                    events += self._take_out(state, g, OUT, f"with {u.name}")
        return events

    def _kill_swarm(self, state: TachyonState, sw: Swarm) -> list[Event]:
        """T11: a successful attack removes the swarm's aspect, and the swarm with it."""
        sw.active = False
        if sw.aspect in state.aspects:
            state.aspects.remove(sw.aspect)
        return [Event("swarm_gone", f"Swarm {sw.name} is broken up ('{sw.aspect}' removed)")]

    def _concede(self, state: TachyonState, u: Unit) -> list[Event]:
        """C7/C10: a fate point, plus one per consequence taken in this conflict."""
        n = concession_award(u.consequences.count_taken_in_conflict() if u.consequences else 0)
        if u.fate_points is not None:
            u.fate_points.earn(EarnReason.CONCESSION, n)
        events = self._take_out(state, u, CONCEDED, "(conceded)")
        events.append(
            Event(
                "concede",
                f"{u.name} concedes and leaves the fight"
                + (f", gaining {n} fate point(s)" if u.fate_points else ""),
                {"unit": u.name, "fate_points": n if u.fate_points else 0},
                visible_to=self._vis(state, u.name),
            )
        )
        return events

    # --- ordnance (T12) -----------------------------------------------------------------------
    def _launch(self, state: TachyonState, u: Unit, c: Choice) -> list[Event]:
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
            self._rating(state, u, "technology"),
            "small",
            enemy_bonus=self._mod(u),
        )
        state.next_ordnance += 1
        if c.action == "launch_swarm":
            o.target_kind = "swarm"
        elif c.action == "launch_large":
            t = state.units[tname]
            short = self._large_short(state, u, t)  # T4: fixed at launch
            o.target_kind, o.system, o.long_range = "large", c.str_param("system"), not short
            o.backlash = self._backlash(state, u, t, short)
        state.ordnance.append(o)
        return [
            Event(
                "launch",
                f"{u.name} launches a {kind} (#{o.id}) at {tname}",
                {"ordnance": o.id, "target": tname},
            )
        ]

    def _move_ordnance(self, state: TachyonState) -> list[Event]:
        events: list[Event] = []
        for o in list(state.ordnance):
            if not self._ordnance_target_alive(state, o):
                state.ordnance.remove(o)
                events.append(
                    Event("ordnance", f"{o.kind} #{o.id} loses its target and self-destructs")
                )
                continue
            if o.target_kind == "swarm":
                continue
            t = state.units[o.target]
            path = self._zmap(state).path(o.zone, t.zone) or [o.zone]
            steps = min(o.speed, len(path) - 1)
            if steps:
                o.zone = path[steps]
                events.append(
                    Event(
                        "ordnance",
                        f"{o.kind} #{o.id} flies to {o.zone}",
                        {"ordnance": o.id, "zone": o.zone},
                    )
                )
        return events

    def _ordnance_target_alive(self, state: TachyonState, o: Ordnance) -> bool:
        if o.target_kind == "swarm":
            return state.swarms[o.target].active
        t = state.units[o.target]
        return t.active and t.detected

    def _next_ordnance(self, state: TachyonState, dice: DiceSource) -> list[Event] | None:
        """T12: the next ordnance to strike this gunnery phase (None when none is left): it
        attacks when in its target's zone (always, against a swarm). Ordnance whose target is
        gone self-destructs."""
        for o in list(state.ordnance):
            if not self._ordnance_target_alive(state, o):
                state.ordnance.remove(o)
                return [Event("ordnance", f"{o.kind} #{o.id} self-destructs")]
            if o.target_kind != "swarm" and o.zone != state.units[o.target].zone:
                continue
            state.ordnance.remove(o)
            return self._strike(state, o, dice)
        return None

    def _strike(self, state: TachyonState, o: Ordnance, dice: DiceSource) -> list[Event]:
        """Roll an arrived ordnance's attack: technology at launch + 4dF against the target."""
        r = roll_fudge(dice, 4, why=f"ordnance #{o.id} attack")
        roll = Roll(
            "ordnance", o.owner, o.target, {"ordnance": o.to_json()}, o.attack + r.total, 0,
            None, actor_side=o.side, a_skill="technology", a_dice=r.total,
        )  # fmt: skip
        if o.target_kind == "swarm":
            sw = state.swarms[o.target]
            dr = roll_fudge(dice, 4, why=f"ordnance #{o.id}: swarm pilot")
            roll.opp = sw.pilot + dr.total + o.enemy_bonus
            roll.opp_side, roll.o_dice = sw.side, dr.total
            text = f"{o.kind} #{o.id} ({o.owner}) strikes swarm {sw.name}: {roll.total} [{_faces(r)}] vs {roll.opp} [{_faces(dr)}]"  # noqa: E501
        else:
            t = state.units[o.target]
            if o.target_kind == "large":
                skill = "defense_long" if o.long_range else "defense_short"
                bonus = sysmod.DEFENSE_BONUS.get(o.system or "", 0)
            else:
                skill, bonus = "pilot", 0
            d_total, dr = self._roll(state, dice, t, skill, f"ordnance #{o.id}: {skill}")
            roll.opp = d_total + bonus + o.enemy_bonus
            roll.total += self._mod(t)
            roll.opp_unit, roll.opp_side = t.name, t.side
            roll.o_dice, roll.o_min = dr.total, dr.minimized
            text = (
                f"{o.kind} #{o.id} ({o.owner}) strikes {t.name}: {roll.total} [{_faces(r)}] "
                f"vs {roll.opp} [{_faces(dr)}]"
            )
        events = [
            Event(
                "ordnance_attack",
                text,
                {"ordnance": o.id, "total": roll.total, "opposition": roll.opp},
            )
        ]
        return events + self._to_stage(state, roll, dice, first=True)

    def _ordnance_hits(self, state: TachyonState, roll: Roll, s: int) -> list[Event]:
        o = Ordnance(**roll.params["ordnance"])
        owner = state.units[o.owner]
        if o.target_kind == "swarm":
            sw = state.swarms[o.target]
            if s > 0:
                return self._kill_swarm(state, sw)
            return [Event("swarm", f"{o.kind} #{o.id} has no effect on swarm {sw.name}")]
        t = state.units[o.target]
        if o.target_kind == "large":
            return self._hit_large(
                state, owner, t, s, o.system or "propulsion", not o.long_range,
                f"({o.kind} #{o.id}) strikes", backlash=o.backlash,
            )  # fmt: skip
        if s > 0:
            return [
                Event("hit", f"{o.kind} #{o.id} hits {t.name} for {s}"),
                *self._damage_small(state, t, s, o.owner),
            ]
        if s == 0 and owner.active:
            return self._boost(state, owner)
        return [Event("miss", f"{o.kind} #{o.id} misses {t.name}")]

    # --- scanning (T7) ------------------------------------------------------------------------
    def _scan(self, state: TachyonState, u: Unit, a: str, dice: DiceSource) -> list[Event]:
        """Scan: technology vs technology, any zone; Visual search: notice vs technology, same
        zone. The target is the hidden enemy with the lowest technology. Dice are rolled even
        when nobody is hiding and the scanner may invoke without seeing the opposition, so
        neither the log nor the prompt tells it whether anything is there (T7)."""
        hidden = [
            e
            for e in state.units.values()
            if e.side != u.side
            and e.active
            and not e.detected
            and (a == "scan" or e.zone == u.zone)
        ]
        skill = "technology" if a == "scan" else "notice"
        total, r = self._roll(state, dice, u, skill, f"{a}: {self._pub(state, u.name)}")
        dr = roll_fudge(dice, 4, why=f"{a}: defender technology")
        roll = Roll(
            a, u.name, None, {"hidden": None}, total, 0, None, actor_side=u.side,
            a_skill=skill, a_dice=r.total, a_min=r.minimized, hide_opp=True,
        )  # fmt: skip
        if hidden:
            t = min(hidden, key=lambda e: self._rating(state, e, "technology"))
            roll.params["hidden"] = t.name
            roll.opp = self._rating(state, t, "technology") + dr.total + self._mod(u)
            roll.total += self._mod(t)
        label = "scan" if a == "scan" else "visual search"
        events = [
            Event(
                "roll",
                f"{u.name} ({label}) rolls {skill} {roll.total} [{_faces(r)}]",
                {"actor": u.name, "action": a, "total": roll.total},
                visible_to=self._vis(state, u.name),
            )
        ]
        return events + self._to_stage(state, roll, dice, first=True)

    def _scan_result(self, state: TachyonState, roll: Roll) -> list[Event]:
        u = state.units[roll.actor]
        label = "scan" if roll.action == "scan" else "visual search"
        tname = roll.params.get("hidden")
        t = state.units.get(str(tname)) if tname else None
        nothing = Event(
            "scan", f"{u.name}'s {label} finds nothing new", visible_to=self._vis(state, u.name)
        )
        if t is None or t.detected or not t.active:
            return [nothing]
        if roll.total > roll.opp:
            t.detected = True
            for asp in state.aspects:
                if asp.owner == t.name and asp.hidden and asp.name.startswith("Undetected"):
                    state.aspects.remove(asp.name)
            return [
                Event(
                    "detected",
                    f"{self._pub(state, u.name)}'s {label} finds {t.name} in {t.zone} "
                    f"({roll.total} vs {roll.opp})",
                    {"unit": t.name, "zone": t.zone},
                )
            ]
        return [
            nothing,
            Event(
                "scan_detail",
                f"{self._pub(state, u.name)}'s {label} misses {t.name} "
                f"({roll.total} vs {roll.opp})",
                visible_to=frozenset({t.side}),
            ),
        ]

    # --- flow ---------------------------------------------------------------------------------
    def _next_actor(self, state: TachyonState) -> Unit | None:
        """Piloting goes from the lowest initiative up (Wait and see moves a craft after the one
        it waits for); the other phases from the highest down. Ties go by listing order."""
        phase = state.phase
        acted = state.acted  # a handful of names: a list is searched as fast as a set is made
        kinds = ACTS_IN[phase]
        grace, init = state.tie_grace, state.current_init
        # Eligible: acts in this phase, has not acted, and is in the fight (or was taken out at
        # its own initiative before acting, T8). Written out in the scans below, not called per
        # unit: this is asked after every action (~150 times a battle).
        # Units are scanned in listing order, so on a tie the first one found stays.
        if phase == "piloting":

            def eligible(u: Unit) -> bool:  # (made only where it is used)
                if u.kind not in kinds or u.name in acted:
                    return False
                return u.status == ACTIVE or (u.name in grace and u.initiative == init)

            waiters = state.waiters
            for w, target in waiters.items():
                wu = state.units[w]
                if eligible(wu) and (target in acted or not state.units[target].active):
                    return wu
            best: Unit | None = None
            for u in state.units.values():
                if (
                    u.kind in kinds
                    and u.name not in acted
                    and (u.status == ACTIVE or (u.name in grace and u.initiative == init))
                    and u.name not in waiters
                    and (best is None or u.initiative < best.initiative)
                ):
                    best = u
            if best is None:
                order = list(state.units)
                cands = [state.units[w] for w in waiters if eligible(state.units[w])]
                if not cands:
                    return None
                return min(cands, key=lambda u: (u.initiative, order.index(u.name)))
            return best
        top: Unit | None = None
        for u in state.units.values():
            if (
                u.kind in kinds
                and u.name not in acted
                and (u.status == ACTIVE or (u.name in grace and u.initiative == init))
                and (top is None or u.initiative > top.initiative)
            ):
                top = u
        return top

    def _done(self, state: TachyonState, dice: DiceSource) -> list[Event]:
        """The current actor has finished (Wait and see leaves it to act again, T9)."""
        name = state.current
        if name is not None and name not in state.waiters:
            state.acted.append(name)
        state.current = None
        return self._advance(state, dice)

    def _advance(self, state: TachyonState, dice: DiceSource) -> list[Event]:
        events: list[Event] = []
        for _ in range(1000):
            if state.fight_on_at != state.status_changes:  # `_check_end`'s own skip, inline
                events += self._check_end(state)
            if state.ended or state.roll is not None or state.absorb is not None:
                return events
            if state.phase == "chatter":
                if state.chatter_queue:
                    return events
                events += self._begin_phase(state, "piloting")
                continue
            if state.current is not None:
                return events
            nxt = self._next_actor(state)
            if nxt is not None:
                state.current = nxt.name
                if state.waiters:  # its second piloting action (Wait and see)
                    state.waiters.pop(nxt.name, None)
                if state.current_init != nxt.initiative:
                    state.tie_grace = []
                state.current_init = nxt.initiative
                return events
            if state.phase == "piloting":
                events += self._move_ordnance(state)
                events += self._begin_phase(state, "gunnery")
            elif state.phase == "gunnery":
                events += self._begin_phase(state, "ordnance")
            elif state.phase == "ordnance":
                struck = self._next_ordnance(state, dice)
                if struck is None:
                    events += self._begin_phase(state, "ew")
                else:
                    events += struck
            elif state.phase == "ew":
                events += self._begin_phase(state, "damage")
            else:
                events += self._end_round(state)
                events += self._check_end(state)
                if state.ended:
                    return events
                state.round += 1
                if state.round > state.max_rounds:
                    return events + self._finish(
                        state,
                        state.time_limit_winner,
                        f"the fight is broken off after {state.max_rounds} rounds",
                        Ending.ROUND_LIMIT,
                    )
                events += self._start_round(state)
        raise RuleError("the round structure did not settle")  # pragma: no cover

    def _begin_phase(self, state: TachyonState, phase: str) -> list[Event]:
        state.phase = phase
        state.acted = []
        state.tie_grace = []
        state.current_init = None
        state.current = None
        if phase != "piloting":
            state.waiters = {}
        if (phase == "ordnance" and not state.ordnance) or state.quiet:
            return []
        return [
            Event(
                "phase",
                f"Round {state.round}: {PHASE_NAMES[phase]}",
                {"round": state.round, "phase": phase},
            )
        ]

    def _start_round(self, state: TachyonState) -> list[Event]:
        state.phase = "chatter"
        state.acted = []
        state.waited = []
        state.waiters = {}
        for u in state.units.values():
            u.actions = 0
        state.chatter_queue = self._sides_fighting(state) if state.options["chatter"] else []
        if state.quiet:
            return []
        return [Event("round", f"Round {state.round} begins", {"round": state.round})]

    def _end_round(self, state: TachyonState) -> list[Event]:
        """T14 (and T5 fuel fire): stress, fuel fires, bug-outs, boosts, Evasion."""
        events: list[Event] = (
            [] if state.quiet else [Event("end_of_round", f"End of round {state.round}")]
        )
        for u in state.units.values():
            if u.pc and u.damaged and u.stress is not None and u.status in (ACTIVE, OUT):
                u.stress.fill(1)
                if state.quiet:
                    continue
                events.append(
                    Event(
                        "stress",
                        f"{u.name}'s pilot takes 1 stress (the fighter "
                        f"was damaged this round): {u.stress.render()}",
                        visible_to=self._vis(state, u.name),
                    )
                )
        for u in state.units.values():
            if (
                u.kind == LARGE
                and u.active
                and sysmod.FUEL_FIRE in sysmod.effects(u.systems).states
            ):
                events.append(Event("fuel_fire", f"{u.name}'s fuel fire was not put out"))
                events += self._take_out(state, u, DESTROYED, "by the fuel fire")
        for u in state.units.values():
            if u.active and u.bug_out_round is not None and u.bug_out_round <= state.round:
                events += self._take_out(state, u, BUGGED_OUT, "(left the combat area)")
        for a in state.aspects:
            if a.kind is BOOST or a.name in state.round_aspects:
                state.aspects.remove(a.name)
        state.round_aspects = []
        for u in state.units.values():
            u.evasion = 0
            u.damaged = False
        return events

    def _check_end(self, state: TachyonState) -> list[Event]:
        """Whether the fight is over: an objective destroyed, or a side out of it. Both depend
        only on units' status, so nothing is looked at again until a status changes."""
        if state.ended or state.fight_on_at == state.status_changes:
            return []
        for side in state.sides:
            targets = state.destroy.get(side) or []
            if targets and all(state.units[t].status == DESTROYED for t in targets):
                return self._finish(
                    state, side, f"{', '.join(targets)} destroyed", Ending.OBJECTIVE
                )
        alive = self._sides_fighting(state)
        if len(alive) == 2:
            state.fight_on_at = state.status_changes
            return []
        if len(alive) == 1:
            loser = state.enemy_of(alive[0])
            return self._finish(
                state, alive[0], f"{loser} is out of the fight", self._how_out(state, loser)
            )
        return self._finish(state, None, "nobody is left in the fight")

    def _how_out(self, state: TachyonState, side: str) -> Ending:
        """Why a side left the fight: all bugged out, conceded (and bugged out), or beaten."""
        gone = {u.status for u in state.side_units(side) if u.kind != TURRET}
        if gone <= {BUGGED_OUT}:
            return Ending.BUG_OUT
        if gone <= {BUGGED_OUT, CONCEDED}:
            return Ending.CONCESSION
        return Ending.TAKEN_OUT

    def _finish(
        self,
        state: TachyonState,
        winner: str | None,
        why: str,
        ending: Ending = Ending.TAKEN_OUT,
    ) -> list[Event]:
        state.ended = why
        state.ending = ending.value
        state.winner = winner
        state.roll = None
        state.current = None
        return [
            Event(
                "end",
                f"{winner} wins: {why}" if winner else f"No winner: {why}",
                {"winner": winner},
            )
        ]

    def result(self, state: TachyonState) -> Result | None:
        if state.ended is None:
            return None
        return Result(state.winner, state.ended, Ending(state.ending))

    def rounds(self, state: TachyonState) -> int:
        return min(state.round, state.max_rounds)

    def tally(self, state: TachyonState) -> list[Tally]:
        """Per craft, flight and large target (gun emplacements count with their ship)."""
        return [
            Tally(
                name=u.name,
                side=u.side,
                taken_out=u.status in (OUT, DESTROYED),
                conceded=u.status == CONCEDED,
                bugged_out=u.status == BUGGED_OUT,
                damage=u.harm,
                consequences=len(u.consequences.taken()) if u.consequences else 0,
                fate_points_spent=u.fate_points.spent if u.fate_points else 0,
            )
            for u in state.units.values()
            if u.kind != TURRET
        ]

    # --- odds ---------------------------------------------------------------------------------
    def odds(self, state: TachyonState, seat: str, choice: Choice) -> Odds | None:
        query = self.odds_query(state, choice)
        return None if query is None else odds(query)

    def odds_query(self, state: TachyonState, choice: Choice) -> OddsQuery | None:
        """The roll a choice of the acting craft would make, to price (bots cache by it)."""
        if state.current is None or state.roll is not None:
            return None
        u = state.units[state.current]
        t = state.units.get(choice.str_param("target"))
        a = choice.action
        if a in ("fire", "tail") and t is not None:
            skill = "gunnery" if a == "fire" else "pilot"
            return OddsQuery(
                skill=self._rating(state, u, skill) + self._mod(t),
                opposed=self._rating(state, t, "pilot") + self._mod(u),
            )
        if a == "fire_large" and t is not None:
            short = self._large_short(state, u, t)
            d = t.skills["defense_short" if short else "defense_long"]
            d += sysmod.DEFENSE_BONUS.get(choice.str_param("system"), 0) + self._mod(u)
            return OddsQuery(skill=self._rating(state, u, "gunnery"), opposed=d)
        diffs = {"evade": 0, "refocus": 0, "move2": 2, "move3": 4, "repair": 2, "repair_shields": 2}
        if a in diffs:
            skill = (
                "technology"
                if a.startswith("repair")
                else ("tactics" if a == "refocus" else "pilot")
            )
            return OddsQuery(
                skill=self._rating(state, u, skill),
                difficulty=diffs[a] + self._mod(u),
                minimized=self._minimized(state, u, skill),
            )
        return None

    # --- what leaves the engine ---------------------------------------------------------------
    def snapshot(self, state: TachyonState) -> dict[str, Any]:
        return state.to_json()

    def secrets(self, state: TachyonState, seat: str) -> list[str]:
        if seat == GM:
            return []
        out = [u.name for u in state.units.values() if not self._seen(state, u, seat)]
        out += [
            a.name
            for a in state.aspects
            if not self._aspect_visible(state, a, seat) and _base_name(a.name) not in SUGGESTED
        ]
        return out

    def view(self, state: TachyonState, seat: str) -> dict[str, Any]:
        def aspect_json(a: Aspect) -> dict[str, Any]:
            d: dict[str, Any] = {"name": a.name, "kind": a.kind.value}
            # A hidden craft's free invokes stay hidden with it (T7).
            free = {
                h: n
                for h, n in a.free_invokes.items()
                if h not in state.units or self._seen(state, state.units[h], seat)
            }
            if free:
                d["free_invokes"] = free
            return d

        visible = [a for a in state.aspects if self._aspect_visible(state, a, seat)]
        units = []
        for u in state.units.values():
            if not self._seen(state, u, seat):
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
                d["consequences"] = (
                    [c.aspect for c in u.consequences.taken()] if u.consequences else []
                )
            if u.pc:
                d["fate_points"] = u.fate_points.current if (own and u.fate_points) else None
                d["stress"] = u.stress.render() if u.stress else None
            if u.kind == LARGE:
                eff = sysmod.effects(u.systems)
                d.update(
                    {
                        "shield_short": u.shield_short,
                        "shield_long": self._long_shield(u),
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
        zmap = self._zmap(state)
        cur = state.units.get(state.current or "")
        return {
            "title": state.title, "round": state.round, "max_rounds": state.max_rounds,
            "phase": state.phase,
            "current": cur.name if cur and self._seen(state, cur, seat) else None,
            "goals": dict(state.goals),
            "zones": [{"name": z.name, "adjacent": list(z.adjacent), "end_zone": z.end_zone,
                       "aspects": [aspect_json(a) for a in visible
                                   if a.zone == z.name and a.owner is None]}
                      for z in zmap.zones],
            "scene_aspects": [aspect_json(a) for a in visible
                              if a.owner is None and a.zone is None],
            "units": units,
            "swarms": [s.to_json() for s in state.swarms.values()],
            "ordnance": [o.to_json() for o in state.ordnance],
            "chatter": [c for c in state.chatter if seat in (GM, c["side"])],
            "roll": self._roll_view(state, seat),
            "result": {"winner": state.winner, "reason": state.ended} if state.ended else None,
        }  # fmt: skip

    def _roll_view(self, state: TachyonState, seat: str) -> dict[str, Any] | None:
        roll = state.roll
        if roll is None:
            return None
        vis = self._vis(state, roll.actor, roll.opp_unit)
        if seat != GM and vis is not None and seat not in vis:
            return None
        out = roll.to_json()
        if roll.hide_opp and seat != GM:
            out.update(opp=None, params={})  # T7: a scan does not say what it rolls against
        return out

    # --- GM control ---------------------------------------------------------------------------
    def sheets(self, state: TachyonState) -> dict[str, Sheet]:
        out: dict[str, Sheet] = {}
        for n, u in state.units.items():
            stress: dict[str, StressTrack] = {}
            if u.shields is not None:
                stress["shields"] = u.shields
            if u.stress is not None:
                stress["stress"] = u.stress
            stress.update(u.systems)
            out[n] = Sheet(n, u.side, u.fate_points, stress, u.consequences)
        return out

    def aspects(self, state: TachyonState) -> AspectSet:
        return state.aspects

    # --- bot ----------------------------------------------------------------------------------
    def bot(self, state: TachyonState, seat: str, rng: random.Random) -> Choice:
        return _bot()(self, state, seat, rng)


@cache
def _bot() -> Callable[[Tachyon, TachyonState, str, random.Random], Choice]:
    """The bot, imported on first use (it imports this module); an import statement run on
    every decision costs more than the bot's own reading of an invoke."""
    from shiftdrive.rulesets.tachyon.bot import choose

    return choose


def _advantages(
    action: str, scene: tuple[str, str], foe: tuple[str, str], foes: list[Unit]
) -> list[Choice]:
    """Create-an-advantage choices: one on the scene, one against each foe. `scene` and `foe`
    are (suggested aspect name, label); the foe label has a {} for the foe's name."""
    out = [Choice.of(action, target="scene", name=scene[0], free=("name",), label=scene[1])]
    for e in foes:
        out.append(
            Choice.of(
                action, target=e.name, name=foe[0], free=("name",), label=foe[1].format(e.name)
            )
        )
    return out


class _All:
    """Every action: what `actions` lists without `only`."""

    def __contains__(self, action: object) -> bool:
        return True


_ALL: Final = _All()


# Listing what a unit may do makes hundreds of choices a battle, mostly the same ones again:
# these make each once per name (choices are frozen, so one object serves every battle).
@lru_cache(maxsize=4096)
def _offer(action: str, label: str) -> Choice:
    """A choice without parameters."""
    return Choice.of(action, label=label)


@lru_cache(maxsize=4096)
def _at(action: str, target: str, label: str) -> Choice:
    """A choice aimed at `target`; `label` has a {} for its name."""
    return Choice.of(action, target=target, label=label.format(target))


@lru_cache(maxsize=4096)
def _move_to(move: tuple[str, str], zone: str) -> Choice:
    """A move (action and label from _MOVES) ending in `zone`."""
    return Choice.of(move[0], to=zone, label=f"{move[1]} to {zone}")


@lru_cache(maxsize=4096)
def _launch_at(ordnance: str, target: str) -> Choice:
    return Choice.of(
        "launch", target=target, ordnance=ordnance, label=f"Launch a {ordnance} at {target}"
    )


def _on(position: str, craft: str, target: str) -> str:
    """The aspect a craft holds on its target (T10): "On their tail (Viper-1 on Raider-2)"."""
    return f"{position} ({craft} on {target})"


def _reveals(choice: Choice) -> bool:
    """T7: aggressive actions (anything aimed at an enemy) reveal an Undetected craft."""
    return choice.action in AGGRESSIVE and choice.str_param("target") not in ("", "scene")


def _small_craft(spec: CraftSpec | FlightSpec, side: str, cat: Catalog, zmap: ZoneMap) -> Unit:
    """A lone craft or a flight from its spec; unset ratings come from the template (T1)."""
    t = cat.craft[spec.template]
    skills = {
        s: getattr(spec, s) if getattr(spec, s) is not None else getattr(t, s)
        for s in ("pilot", "gunnery", "tactics", "technology", "notice")
    }
    size = spec.size if isinstance(spec, FlightSpec) else 1
    ordnance = spec.ordnance if spec.ordnance is not None else t.ordnance
    u = Unit(
        name=spec.name, side=side, kind=FLIGHT if isinstance(spec, FlightSpec) else CRAFT,
        zone=zmap.canonical(spec.zone), skills=skills,
        weapons={w: cat.weapons[w].range for w in (spec.weapons or t.weapons)},
        ordnance={k: v * size for k, v in ordnance.items()},
        shields=_shields(spec.shields if spec.shields is not None else t.shields),
        size=size, large_crew=t.large_crew,
    )  # fmt: skip
    if isinstance(spec, CraftSpec):
        u.consequences = ConsequenceSlots.of(_consequence_values(tuple(spec.consequences)))
        if spec.large_crew is not None:
            u.large_crew = spec.large_crew
        if spec.pc:
            u.pc = True
            points = spec.fate_points if spec.fate_points is not None else spec.refresh
            u.fate_points = FatePoints(points, spec.refresh)
            u.stress = StressTrack.counting("stress", spec.stress_boxes)
    return u


def _can_absorb(hit: int, slots: ConsequenceSlots) -> bool:
    """Whether `absorb_options(hit, None, slots)` offers any way to absorb the hit, without
    listing them (the pilot's choice lists them): a minimal set of free slots covering the hit
    exists exactly when all the free slots worth something together cover it."""
    if hit <= 0:
        return True
    room = 0
    values = slots.values
    for sev, taken in slots.slots.items():
        if taken is None and values[sev] > 0:
            room += values[sev]
    return room >= hit


@lru_cache(maxsize=64)
def _consequence_values(names: tuple[str, ...]) -> Mapping[Severity, int]:
    """The slots' values a craft's consequences give (C9), made once per list of names: every
    battle of a simulation sets up the same craft. Read only (`ConsequenceSlots.of` copies)."""
    return {Severity(s): TACHYON_VALUES[Severity(s)] for s in names}


def _shields(n: int) -> StressTrack | None:
    return StressTrack("shields", StressKind.COUNTING, [1] * n) if n > 0 else None


def _find(units: Mapping[str, Unit], name: str) -> str:
    return next(k for k in units if k.lower() == name.lower())


def _base_name(name: str) -> str:
    """An aspect's name without the number `_unique` added to it."""
    return re.sub(r" \(\d+\)$", "", name)


def _unique(aspects: AspectSet, name: str) -> str:
    if name not in aspects:
        return name
    n = 2
    while f"{name} ({n})" in aspects:
        n += 1
    return f"{name} ({n})"


def _add_aspects(aspects: AspectSet, names: list[str], owner: str) -> None:
    for n in names:
        aspects.add(Aspect(_unique(aspects, n), AspectKind.CHARACTER, owner=owner))
