"""The piloting phase (lowest initiative first, T8): tail, pressure, dive on a ship, evade,
maneuver for advantage, refocus, wait and see, move, full stop, bug out (T9-T13)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar, Final

from shiftdrive.engine.actions import ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.rulesets.tachyon.actions import (
    AimedAction,
    CraftAction,
    event,
    outcome,
    same_zone,
)
from shiftdrive.rulesets.tachyon.advantage import CreateAdvantage
from shiftdrive.rulesets.tachyon.aspects import add_aspect
from shiftdrive.rulesets.tachyon.choices import at, kinds, move_to, offer
from shiftdrive.rulesets.tachyon.outcomes import (
    EVERY_SHIFT,
    EVERY_SHIFT_MADE,
    MADE,
    MADE_OR_STYLE,
    STYLE,
    Reading,
    success_floor,
)
from shiftdrive.rulesets.tachyon.positions import (
    DIVING_IN,
    ON_TAIL,
    dead_last,
    dist,
    foes,
    on,
    zmap,
)
from shiftdrive.rulesets.tachyon.rolls import RollPlan, start_roll, t9_mod
from shiftdrive.rulesets.tachyon.sight import seen, who_sees
from shiftdrive.rulesets.tachyon.state import CRAFT, FLIGHT, Roll, TachyonState, Unit
from shiftdrive.rulesets.tachyon.words import doing

if TYPE_CHECKING:
    from shiftdrive.core.dice import DiceSource


class Position(AimedAction):
    """T10: Get on their tail (pilot vs pilot) of a craft, or Enter dive (pilot vs tactics) on
    a large target, in the actor's zone: On their tail / Diving in, with 1 free invoke (2 with
    style), for the round."""

    def __init__(
        self, name: str, verb: str, label: str, aspect: str, ships: bool, resist: str
    ) -> None:
        self.name = name
        self.verb = verb
        self.label = label
        self.aspect = aspect
        self.ships = ships
        self.resist = resist

    def choices(self, state: TachyonState, u: Unit) -> list[Choice]:
        craft, ships = foes(state, u, u.zone)
        return [at(self.name, e.name, self.label) for e in (ships if self.ships else craft)]

    def refusal_at(self, state: TachyonState, u: Unit, t: Unit, choice: Choice) -> str | None:
        return same_zone(u, t, self.verb)

    def plan(self, state: TachyonState, u: Unit, choice: Choice) -> RollPlan | None:
        return RollPlan(
            "pilot", target=state.units[choice.str_param("target")], opp_skill=self.resist
        )

    def reads(self, state: TachyonState, roll: Roll) -> Reading:
        return MADE_OR_STYLE[success_floor(state, roll)]  # the aspect, with 1 or 2 invokes

    def resolve(self, state: TachyonState, roll: Roll, dice: DiceSource) -> list[Event]:
        u, t, s, ok, vis = outcome(state, roll)
        assert t is not None
        if not ok:  # (opposed: a tie does nothing)
            return [event(self.name, u, s, vis, target=t.name, aspect=None)]
        asp = add_aspect(
            state, on(self.aspect, u.name, t.name), u.name, 2 if s >= STYLE else 1, u.name,
            round_only=True,
        )  # fmt: skip
        return [event(self.name, u, s, vis, target=t.name, aspect=asp.name)]


TAIL: Final = Position(
    "tail", "get on the tail of", "Get on {}'s tail (pilot vs pilot)", ON_TAIL, False, "pilot"
)
DIVE: Final = Position(
    "dive", "dive on", "Enter dive on {} (pilot vs tactics)", DIVING_IN, True, "tactics"
)


class Pressure(AimedAction):
    """Pressure a craft in the zone (tactics vs tactics): the loser's initiative drops by the
    shifts."""

    name = "pressure"
    verb = "pressure"

    def choices(self, state: TachyonState, u: Unit) -> list[Choice]:
        return [
            at("pressure", e.name, "Pressure {} (tactics vs tactics)")
            for e in foes(state, u, u.zone)[0]
        ]

    def refusal_at(self, state: TachyonState, u: Unit, t: Unit, choice: Choice) -> str | None:
        return same_zone(u, t, self.verb)

    def plan(self, state: TachyonState, u: Unit, choice: Choice) -> RollPlan | None:
        t = state.units[choice.str_param("target")]
        return RollPlan("tactics", target=t, opp_skill="tactics")

    def reads(self, state: TachyonState, roll: Roll) -> Reading:
        return EVERY_SHIFT  # the loser drops by the shifts, either way

    def resolve(self, state: TachyonState, roll: Roll, dice: DiceSource) -> list[Event]:
        u, t, s, _, vis = outcome(state, roll)
        assert t is not None
        # seed: "In case of a tie, the character being pushed ... is placed after the others"
        if s > 0:
            t.initiative -= s
            placed(state, t, after=True)
        elif s < 0:
            u.initiative += s
            placed(state, u, after=True)
        # the loser's initiative, now
        initiative = t.initiative if s > 0 else u.initiative
        return [event("pressure", u, s, vis, target=t.name, initiative=initiative)]


def placed(state: TachyonState, u: Unit, *, after: bool) -> None:
    """The seed's tie notes: at its new initiative `u` is placed before (refocus) or after
    (pushed) the others already there, earlier refocusers and pushed craft included."""
    ranks = [
        x.tie_rank for x in state.units.values() if x is not u and x.initiative == u.initiative
    ]
    u.tie_rank = max([0, *ranks]) + 1 if after else min([0, *ranks]) - 1


class Evade(CraftAction):
    """Evade (pilot vs 0): Evasion equal to the shifts until the end of the round; a failure
    makes the craft an Easy target, with a free invoke for the enemy."""

    name = "evade"

    def choices(self, state: TachyonState, u: Unit) -> list[Choice]:
        return [offer("evade", "Evade (pilot vs 0: gain Evasion)")]

    def plan(self, state: TachyonState, u: Unit, choice: Choice) -> RollPlan | None:
        return RollPlan("pilot", difficulty=0)

    def reads(self, state: TachyonState, roll: Roll) -> Reading:
        return EVERY_SHIFT_MADE[success_floor(state, roll)]  # Evasion = the shifts

    def resolve(self, state: TachyonState, roll: Roll, dice: DiceSource) -> list[Event]:
        u, _, s, ok, vis = outcome(state, roll)
        if ok:
            u.evasion = max(0, s)
            return [event("evade", u, s, vis, evasion=u.evasion)]
        enemy = state.enemy_of(u.side)
        asp = add_aspect(state, f"Easy target ({u.name})", u.name, 1, enemy, round_only=True)
        return [event("evade", u, s, vis, evasion=None, aspect=asp.name, holder=enemy)]


class Refocus(CraftAction):
    """Tactical refocus (tactics vs 0): the shifts are the new initiative; a failure puts the
    craft dead last."""

    name = "refocus"

    def choices(self, state: TachyonState, u: Unit) -> list[Choice]:
        return [offer("refocus", "Tactical refocus (re-roll initiative)")]

    def plan(self, state: TachyonState, u: Unit, choice: Choice) -> RollPlan | None:
        return RollPlan("tactics", difficulty=0)

    def reads(self, state: TachyonState, roll: Roll) -> Reading:
        return EVERY_SHIFT_MADE[success_floor(state, roll)]  # initiative = the shifts

    def resolve(self, state: TachyonState, roll: Roll, dice: DiceSource) -> list[Event]:
        u, _, s, ok, vis = outcome(state, roll)
        if ok:  # seed: "In case of a tie, the character performing the action is placed before"
            u.initiative = max(0, s)
            placed(state, u, after=False)
        else:
            dead_last(state, u)
        return [event("refocus", u, s, vis, ok=ok, initiative=u.initiative)]


def busy_plan(u: Unit, params: dict[str, object]) -> RollPlan | None:
    """T9: an automatic action simply happens (None) unless the craft is busy: with a
    modifier it becomes an overcome (pilot) against 0 + the modifier."""
    return RollPlan("pilot", difficulty=0, params=params) if t9_mod(u) > 0 else None


def stretched(u: Unit, name: str, s: int, vis: frozenset[str] | None) -> Event:
    """T9: a busy craft's automatic action failed."""
    return event(name, u, s, vis, stretched=True)


class Automatic(CraftAction):
    """An action that simply happens (`happen`), unless the craft is busy (`automatic`)."""

    def params_of(self, choice: Choice) -> dict[str, object]:
        return {}

    def plan(self, state: TachyonState, u: Unit, choice: Choice) -> RollPlan | None:
        return busy_plan(u, self.params_of(choice))

    def declare(
        self, state: TachyonState, u: Unit, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        plan = self.plan(state, u, choice)
        if plan is None:
            return self.happen(state, u, self.params_of(choice))
        return start_roll(state, dice, self.name, u, plan)

    def happen(self, state: TachyonState, u: Unit, params: dict[str, object]) -> list[Event]:
        raise NotImplementedError

    def reads(self, state: TachyonState, roll: Roll) -> Reading:
        return MADE[success_floor(state, roll)]  # it happens or not (Move 2 zones too)

    def resolve(self, state: TachyonState, roll: Roll, dice: DiceSource) -> list[Event]:
        u, _, s, ok, vis = outcome(state, roll)
        return self.happen(state, u, roll.params) if ok else [stretched(u, self.name, s, vis)]


class Wait(AimedAction):
    """Wait and see (T9): act after a craft that has not acted yet, once per round."""

    name = "wait"
    verb = "wait for"
    friendly = True

    def choices(self, state: TachyonState, u: Unit) -> list[Choice]:
        if u.name in state.waited:
            return []
        return [
            at("wait", x.name, "Wait and see: act after {}")
            for x in state.units.values()
            if x is not u
            and x.active
            and x.name not in state.acted
            and x.kind in (CRAFT, FLIGHT)
            and x.name not in state.waiters
            and seen(state, x, u.side)
        ]

    def plan(self, state: TachyonState, u: Unit, choice: Choice) -> RollPlan | None:
        return busy_plan(u, {"target": choice.str_param("target")})

    def declare(
        self, state: TachyonState, u: Unit, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        plan = self.plan(state, u, choice)
        if plan is None:
            return self.happen(state, u, {"target": choice.str_param("target")})
        return start_roll(state, dice, "wait", u, plan)

    def reads(self, state: TachyonState, roll: Roll) -> Reading:
        return MADE[success_floor(state, roll)]  # T9: it happens or not

    def resolve(self, state: TachyonState, roll: Roll, dice: DiceSource) -> list[Event]:
        u, _, s, ok, vis = outcome(state, roll)
        return self.happen(state, u, roll.params) if ok else [stretched(u, "wait", s, vis)]

    def happen(self, state: TachyonState, u: Unit, params: dict[str, object]) -> list[Event]:
        t = state.units[str(params["target"])]
        u.initiative = t.initiative - 1
        u.tie_rank = 0  # no tie note places it there: listing order (T8)
        state.waiters[u.name] = t.name
        state.waited.append(u.name)
        return [
            Event(
                "wait",
                data={"unit": u.name, "target": t.name, "initiative": u.initiative},
                visible_to=who_sees(state, u.name, t.name),
            )
        ]


class BugOut(Automatic):
    """T13: from an end zone, leave the fight (dead last; gone at the end of this round or the
    next, by option)."""

    name = "bug_out"

    def choices(self, state: TachyonState, u: Unit) -> list[Choice]:
        if u.zone in state.end_zones and u.bug_out_round is None:
            return [offer("bug_out", "Bug out (leave the fight)")]
        return []

    def refusal(self, state: TachyonState, u: Unit, choice: Choice) -> str | None:
        if u.zone not in state.end_zones:
            return (
                f"{u.name} cannot bug out from {u.zone}: bug out only from an end zone "
                f"({', '.join(state.end_zones)})"
            )
        return super().refusal(state, u, choice)

    def happen(self, state: TachyonState, u: Unit, params: dict[str, object]) -> list[Event]:
        dead_last(state, u)
        timing = state.options["bug_out_timing"]
        u.bug_out_round = state.round + (1 if timing == "next_round" else 0)
        add_aspect(state, f"Bugging out ({u.name})", u.name, 0, None)
        return [
            Event(
                "bug_out",
                data={"unit": u.name, "round": u.bug_out_round},
                visible_to=who_sees(state, u.name),
            )
        ]


_MOVE_LABELS: Final = {
    1: "Move 1 zone",
    2: "Move 2 zones (pilot vs 2)",
    3: "Move 3 zones (pilot vs 4)",
}


class Move(Automatic):
    """Move 1 zone (automatic), 2 zones (pilot vs 2) or 3 zones (pilot vs 4, and Full
    throttle); a failed long move makes one zone."""

    params: ClassVar[Mapping[str, ParamKind]] = kinds(to=ParamKind.ZONE)

    def __init__(self, zones: int, difficulty: int) -> None:
        self.zones = zones
        self.difficulty = difficulty
        self.name = "move" if zones == 1 else f"move{zones}"
        self.label = _MOVE_LABELS[zones]

    def choices(self, state: TachyonState, u: Unit) -> list[Choice]:
        dists = zmap(state).distances_from(u.zone)
        return [
            move_to(self.name, self.label, z) for z in state.zones if dists.get(z, 0) == self.zones
        ]

    def refusal(self, state: TachyonState, u: Unit, choice: Choice) -> str | None:
        to = choice.str_param("to")
        if to not in zmap(state):
            return f"there is no zone named {to!r}"
        d = dist(state, u.zone, to)
        if d != self.zones:
            return (
                f"{u.name} cannot {doing(self.name)} to {to}: it is {d} zone(s) away, "
                f"not {self.zones}"
            )
        return super().refusal(state, u, choice)

    def params_of(self, choice: Choice) -> dict[str, object]:
        return {"to": choice.str_param("to")}

    def plan(self, state: TachyonState, u: Unit, choice: Choice) -> RollPlan | None:
        if self.zones == 1:
            return super().plan(state, u, choice)
        return RollPlan("pilot", difficulty=self.difficulty, params=self.params_of(choice))

    def happen(self, state: TachyonState, u: Unit, params: dict[str, object]) -> list[Event]:
        return move_unit(state, u, str(params["to"]))

    def reads(self, state: TachyonState, roll: Roll) -> Reading:
        # Move 3 zones: Full throttle's free invokes, 2 with style (T10)
        readings = MADE_OR_STYLE if self.zones == 3 else MADE
        return readings[success_floor(state, roll)]

    def resolve(self, state: TachyonState, roll: Roll, dice: DiceSource) -> list[Event]:
        if self.zones == 1:
            return super().resolve(state, roll, dice)
        u, _, s, ok, vis = outcome(state, roll)
        to = str(roll.params["to"])
        path = zmap(state).path(u.zone, to) or [u.zone]
        dest = to if ok else path[min(1, len(path) - 1)]
        events = move_unit(state, u, dest)
        if self.zones == 3:
            # T10: Full throttle, with 1 free invoke (2 with style), made or not
            free = 2 if s >= STYLE else 1
            asp = add_aspect(
                state, f"Full throttle ({u.name})", u.name, free, u.name, round_only=True
            )
            events.append(event("aspect", u, s, vis, aspect=asp.name, free=free))
        return [event(self.name, u, s, vis, ok=ok), *events]


def move_unit(state: TachyonState, u: Unit, dest: str) -> list[Event]:
    """Leaving a zone breaks off the mover's tail and dive aspects; moving ends Stopped."""
    old = u.zone
    u.zone = dest
    for a in state.aspects:
        if a.owner == u.name and (
            a.name.startswith((f"{ON_TAIL} (", f"{DIVING_IN} (", "Stopped ("))
        ):
            state.aspects.remove(a.name)
    return [
        Event(
            "move",
            data={"unit": u.name, "from": old, "to": dest},
            visible_to=who_sees(state, u.name),
        )
    ]


class FullStop(CraftAction):
    """Full stop (pilot vs 0, or 2 beside an uncooperative target): Stopped; dead last either
    way."""

    name = "full_stop"
    params: ClassVar[Mapping[str, ParamKind]] = kinds(uncooperative=ParamKind.FLAG)

    def choices(self, state: TachyonState, u: Unit) -> list[Choice]:
        return list(_FULL_STOPS)

    def plan(self, state: TachyonState, u: Unit, choice: Choice) -> RollPlan | None:
        unco = bool(choice.get("uncooperative"))
        return RollPlan(
            "pilot", difficulty=0, extra=(("uncooperative", 2, ""),) if unco else (),
            params={"uncooperative": unco},
        )  # fmt: skip

    def reads(self, state: TachyonState, roll: Roll) -> Reading:
        return MADE[success_floor(state, roll)]  # Stopped (no free invokes) or not

    def resolve(self, state: TachyonState, roll: Roll, dice: DiceSource) -> list[Event]:
        u, _, s, ok, vis = outcome(state, roll)
        dead_last(state, u)
        if ok:
            add_aspect(state, f"Stopped ({u.name})", u.name, 0, None)
        return [event("full_stop", u, s, vis, ok=ok, initiative=u.initiative)]


_FULL_STOPS: Final = (
    Choice.of("full_stop", uncooperative=False, label="Full stop (pilot vs 0)"),
    Choice.of(
        "full_stop",
        uncooperative=True,
        label="Full stop beside an uncooperative target (pilot vs 2)",
    ),
)


MANEUVER: Final = CreateAdvantage(
    "maneuver", "pilot", "pilot", ("Watching your six", "Maneuver for advantage in {zone}"),
    ("Out of the sun", "Maneuver for advantage against {}"), nearby=True,
)  # fmt: skip

#: the piloting actions, in menu order
PILOTING: Final[tuple[CraftAction, ...]] = (
    TAIL, Pressure(), DIVE, Evade(), MANEUVER, Refocus(), Wait(), Move(1, 0), Move(2, 2),
    Move(3, 4), FullStop(), BugOut(),
)  # fmt: skip
