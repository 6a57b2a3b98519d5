"""Fate Core conflict rules: the reference ruleset that proves the engine.

Seed: 000 (Pilot Wave) sections Four Outcomes, Four Actions, Consequences, Aspect Types,
Invoking and Compelling Aspects, Refresh, Conflicts. Rulings C1-C10 apply.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Final

from shiftdrive.core.aspects import Aspect, AspectKind, AspectSet
from shiftdrive.core.consequences import (
    FATE_CORE_VALUES,
    Absorption,
    ConsequenceSlots,
    Severity,
    absorb_options,
)
from shiftdrive.core.dice import DiceSource, roll_fudge
from shiftdrive.core.errors import RuleError
from shiftdrive.core.fate_points import (
    EarnReason,
    FatePoints,
    SpendReason,
    concession_award,
)
from shiftdrive.core.ladder import describe
from shiftdrive.core.odds import Odds, OddsQuery, odds
from shiftdrive.core.outcomes import Outcome, outcome_of
from shiftdrive.core.stress import StressKind, StressTrack
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import GM, Event
from shiftdrive.engine.ruleset import Decision, Ending, Result, Ruleset, Seat, Sheet, Tally
from shiftdrive.engine.turns import InitiativeOrder
from shiftdrive.maps.zones import ZoneMap
from shiftdrive.rulesets.fate_core.scenario import Catalog, FateCoreScenario, load
from shiftdrive.rulesets.fate_core.state import (
    CONCEDED,
    TAKEN_OUT,
    Compel,
    FateCoreState,
    Fighter,
    Roll,
)

DEFAULT_ZONE: Final = "Battlefield"
CONSEQUENCE_NAMES: Final[dict[str, dict[Severity, str]]] = {
    "physical": {Severity.MILD: "Winded", Severity.MODERATE: "Bleeding Badly",
                 Severity.SEVERE: "Shattered Arm", Severity.EXTREME: "Maimed"},
    "mental": {Severity.MILD: "Rattled", Severity.MODERATE: "Shaken Confidence",
               Severity.SEVERE: "Broken Nerve", Severity.EXTREME: "Haunted For Life"},
}  # fmt: skip


def _fudge(faces: list[int]) -> str:
    return " ".join({1: "+", 0: "0", -1: "-"}[f] for f in faces)


class FateCore(Ruleset[FateCoreState, FateCoreScenario]):
    """A Fate Core conflict between sides of characters in zones."""

    id = "fate_core"
    title = "Fate Core conflict (reference ruleset)"

    def __init__(self) -> None:
        self._catalogs: dict[int, Catalog] = {}

    # --- set-up -------------------------------------------------------------------------------
    def load_scenario(self, data: Mapping[str, Any]) -> FateCoreScenario:
        return load(data)

    def catalog(self, state: FateCoreState) -> Catalog:
        cat = state.settings.get("catalog")
        assert isinstance(cat, Catalog)
        return cat

    def setup(
        self, scenario: FateCoreScenario, dice: DiceSource
    ) -> tuple[FateCoreState, list[Event]]:
        sc: FateCoreScenario = scenario
        cat = sc.merged_catalog()
        skill_names = {s.lower(): s for s in cat.skills}
        zones = {z.name: list(z.adjacent) for z in sc.zones} or {DEFAULT_ZONE: []}
        zmap = ZoneMap.from_edges(zones, [(a, b) for a, adj in zones.items() for b in adj])
        aspects = AspectSet()
        difficulty: dict[str, int] = {}
        for a in sc.aspects:
            aspects.add(Aspect(a.name, AspectKind.SITUATION, hidden=a.hidden))
            if a.difficulty is not None:
                difficulty[a.name] = a.difficulty
        for z in sc.zones:
            for name in z.aspects:
                aspects.add(Aspect(name, AspectKind.SITUATION, zone=z.name))
        fighters: dict[str, Fighter] = {}
        for side in sc.sides:
            for c in side.characters:
                skills = {skill_names[k.lower()]: v for k, v in c.skills.items()}
                tracks: dict[str, StressTrack] = {}
                for track, skill in cat.stress.items():
                    if c.stress and track in c.stress:
                        n = c.stress[track]
                        tracks[track] = StressTrack(
                            track, StressKind.FATE_CORE, list(range(1, n + 1))
                        )
                    else:
                        tracks[track] = StressTrack.fate_core(track, skills.get(skill, 0))
                weapon = None
                if c.weapon:
                    weapon = next(w for w in cat.weapons if w.lower() == c.weapon.lower())
                armor = next(
                    (a for a in cat.armor if c.armor and a.lower() == c.armor.lower()), None
                )
                fighters[c.name] = Fighter(
                    name=c.name, side=side.name, skills=skills,
                    zone=zmap.canonical(c.zone) if c.zone else next(iter(zones)),
                    fate_points=FatePoints(
                        c.fate_points if c.fate_points is not None else c.refresh, c.refresh),
                    stress=tracks,
                    consequences=ConsequenceSlots.of(
                        {Severity(s): FATE_CORE_VALUES[Severity(s)] for s in c.consequences}),
                    weapon=weapon,
                    weapon_rating=cat.weapons[weapon].rating if weapon else 0,
                    weapon_skill=cat.weapons[weapon].skill if weapon else None,
                    armor_rating=cat.armor[armor] if armor else 0,
                )  # fmt: skip
                for a in c.aspects:
                    aspects.add(Aspect(a.name, AspectKind.CHARACTER, owner=c.name, hidden=a.hidden))
        turn_skill = skill_names[sc.turn_order.lower()]
        tie_skill = skill_names[sc.tiebreak.lower()]
        initiative = InitiativeOrder(
            {n: f.skill(turn_skill) for n, f in fighters.items()},
            ascending=False,
            tiebreak={n: f.skill(tie_skill) for n, f in fighters.items()},
        )
        state = FateCoreState(
            title=sc.title, sides=[s.name for s in sc.sides], fighters=fighters, zones=zones,
            aspects=aspects, order=initiative.order(), aspect_difficulty=difficulty,
            gm_notes=sc.gm_notes, max_exchanges=sc.max_exchanges,
            settings={"catalog": cat, "zmap": zmap,
                      "advantage_difficulty": sc.advantage_difficulty,
                      "overcome_difficulty": sc.overcome_difficulty,
                      "sprint_difficulty": sc.sprint_difficulty_per_zone},
        )  # fmt: skip
        order_text = ", ".join(
            f"{n} ({turn_skill} {fighters[n].skill(turn_skill):+d})" for n in state.order
        )
        return state, [
            Event("setup", f"{sc.title}: {' vs '.join(state.sides)}"),
            Event(
                "turn_order", f"Turn order by {turn_skill}: {order_text}", {"order": state.order}
            ),
        ]

    # --- helpers ------------------------------------------------------------------------------
    def _zmap(self, state: FateCoreState) -> ZoneMap:
        zmap = state.settings["zmap"]
        assert isinstance(zmap, ZoneMap)
        return zmap

    def _distance(self, state: FateCoreState, a: str, b: str) -> int | None:
        return self._zmap(state).distance(a, b)

    def _enemies(self, state: FateCoreState, f: Fighter) -> list[Fighter]:
        return [e for e in state.active() if e.side != f.side]

    def _attack_skills(self, state: FateCoreState, f: Fighter) -> list[str]:
        """Attack skills the fighter has, or carries a weapon for; anyone can throw a punch."""
        return [
            s
            for s in self.catalog(state).attacks
            if f.skill(s) >= 1 or f.weapon_skill == s or s == "Fight"
        ]

    def _targets(self, state: FateCoreState, f: Fighter, skill: str) -> list[Fighter]:
        reach = self.catalog(state).attacks[skill].reach
        out = []
        for e in self._enemies(state, f):
            d = self._distance(state, f.zone, e.zone)
            if d is not None and d <= reach:
                out.append(e)
        return out

    def _defense(self, state: FateCoreState, action: str, skill: str) -> list[str]:
        cat = self.catalog(state)
        if action == "attack":
            return cat.attacks[skill].defend
        if action == "discover":
            return cat.resist_discovery
        return cat.resist_advantage

    def _visible(self, state: FateCoreState, aspect: Aspect, seat: str) -> bool:
        if seat == GM or not aspect.hidden:
            return True
        return aspect.owner is not None and state.fighters[aspect.owner].side == seat

    def _unique(self, state: FateCoreState, name: str) -> str:
        if name not in state.aspects:
            return name
        n = 2
        while f"{name} ({n})" in state.aspects:
            n += 1
        return f"{name} ({n})"

    def _boost(self, state: FateCoreState, name: str, holder: str, **where: Any) -> Aspect:
        boost = Aspect.boost(self._unique(state, name), holder, **where)
        state.aspects.add(boost)
        state.boosts_born[boost.name] = state.turn_count
        return boost

    def _totals(self, state: FateCoreState, roll: Roll) -> tuple[int, int]:
        actor = state.fighters[roll.actor]
        total = actor.skill(roll.skill) + sum(roll.actor_faces) + roll.actor_bonus
        if roll.difficulty is not None:
            return total, roll.difficulty + roll.opp_bonus
        target = state.fighters[roll.target or ""]
        opp = target.skill(roll.defend_skill or "") + sum(roll.opp_faces) + roll.opp_bonus
        if target.full_defense:
            opp += 2
        return total, opp

    def _participants(self, state: FateCoreState, roll: Roll) -> list[str]:
        actor_side = state.side_of(roll.actor)
        if roll.target:
            return [actor_side, state.side_of(roll.target)]
        return [actor_side] + [s for s in state.sides if s != actor_side and state.active(s)]

    # --- turn structure -----------------------------------------------------------------------
    def seats(self, state: FateCoreState) -> list[Seat]:
        return [
            Seat(side, side, tuple(f.name for f in state.fighters.values() if f.side == side))
            for side in state.sides
        ]

    def pending(self, state: FateCoreState) -> list[Decision]:
        if state.ended:
            return []
        if state.compels:
            c = state.compels[0]
            return [
                Decision(
                    state.side_of(c.character),
                    "compel",
                    f"The GM compels {c.character}'s aspect '{c.aspect}': accept and "
                    "gain a fate point, or refuse and pay one",
                    c.character,
                )
            ]
        roll = state.roll
        if roll is not None:
            actor_side = state.side_of(roll.actor)
            target_side = state.side_of(roll.target) if roll.target else None
            if roll.stage == "defend":
                assert target_side is not None
                return [
                    Decision(
                        target_side,
                        "defend",
                        f"{roll.actor} rolls {roll.skill} ({roll.action}) against "
                        f"{roll.target}: defend, or concede before the roll",
                        roll.target,
                    )
                ]
            if roll.stage == "invoke":
                total, opp = self._totals(state, roll)
                return [
                    Decision(
                        roll.turn_side,
                        "invoke",
                        f"{roll.actor}'s {roll.action}: {total} against {opp} "
                        f"({total - opp:+d} shifts). Invoke an aspect or pass.",
                        roll.actor if roll.turn_side == actor_side else roll.target,
                    )
                ]
            if roll.stage == "style":
                return [
                    Decision(
                        actor_side,
                        "style",
                        f"{roll.actor} hits with style for {roll.hit}: take the full "
                        "hit, or one shift less and a boost",
                        roll.actor,
                    )
                ]
            if roll.stage == "absorb":
                assert target_side is not None
                return [
                    Decision(
                        target_side,
                        "absorb",
                        f"{roll.target} takes a {roll.track} hit of {roll.hit}: "
                        "choose stress and consequences, or be taken out",
                        roll.target,
                    )
                ]
        f = state.current()
        if f is None:
            return []
        return [Decision(f.side, "turn", f"{f.name}'s turn (exchange {state.exchange})", f.name)]

    def legal(self, state: FateCoreState, seat: str) -> list[Choice]:
        if state.ended:
            return []
        if seat == GM:
            return self._gm_choices(state)
        decisions = [d for d in self.pending(state) if d.seat == seat]
        if not decisions:
            return []
        d = decisions[0]
        if d.kind == "compel":
            c = state.compels[0]
            out = [Choice.of("accept", label=f"Accept the compel on '{c.aspect}' (+1 fate point)")]
            if state.fighters[c.character].fate_points.current >= 1:
                out.append(Choice.of("refuse", label="Refuse the compel (pay 1 fate point)"))
            return out
        roll = state.roll
        if d.kind == "defend" and roll is not None:
            target = state.fighters[roll.target or ""]
            opts = [
                Choice.of("defend", skill=s, label=f"Defend with {s} ({describe(target.skill(s))})")
                for s in self._defense(state, roll.action, roll.skill)
            ]
            opts.append(Choice.of("concede", label=f"{target.name} concedes the conflict"))
            return opts
        if d.kind == "invoke" and roll is not None:
            return self._invoke_choices(state, roll, seat)
        if d.kind == "style" and roll is not None:
            return [
                Choice.of("full", label=f"Full hit of {roll.hit}"),
                Choice.of("boost", label=f"Hit of {roll.hit - 1} and a boost"),
            ]
        if d.kind == "absorb" and roll is not None:
            return self._absorb_choices(state, roll)
        if d.kind == "turn":
            return self._turn_choices(state, state.fighters[d.actor or ""])
        return []

    def _gm_choices(self, state: FateCoreState) -> list[Choice]:
        pending = {c.character for c in state.compels}
        return [
            Choice.of(
                "compel", character=a.owner, aspect=a.name, label=f"Compel {a.owner}'s '{a.name}'"
            )
            for a in state.aspects
            if a.owner
            and a.kind in (AspectKind.CHARACTER, AspectKind.CONSEQUENCE)
            and state.fighters[a.owner].active
            and a.owner not in pending
        ]

    def _turn_choices(self, state: FateCoreState, f: Fighter) -> list[Choice]:
        out: list[Choice] = []
        zmap = self._zmap(state)
        if not state.moved:
            for z in zmap.neighbours(f.zone):
                out.append(Choice.of("move", to=z, label=f"Move to {z} (free, then act)"))
        for skill in self._attack_skills(state, f):
            for e in self._targets(state, f, skill):
                w = f"+{f.weapon} " if f.weapon and f.weapon_skill == skill else ""
                out.append(
                    Choice.of(
                        "attack",
                        target=e.name,
                        skill=skill,
                        label=f"Attack {e.name} with {skill} {w}({describe(f.skill(skill))})",
                    )
                )
        adv_skills = sorted(
            (s for s, v in f.skills.items() if v >= 1), key=lambda s: (-f.skills[s], s)
        )[:3]
        for skill in adv_skills:
            out.append(
                Choice.of(
                    "advantage",
                    skill=skill,
                    target="scene",
                    name="Favorable Position",
                    free=("name",),
                    label=f"Create an advantage in {f.zone} with {skill}",
                )
            )
            for e in self._targets(state, f, "Fight") + [
                e
                for e in self._enemies(state, f)
                if e.zone != f.zone and (self._distance(state, f.zone, e.zone) or 99) <= 1
            ]:
                out.append(
                    Choice.of(
                        "advantage",
                        skill=skill,
                        target=e.name,
                        name=f"{e.name} Off Balance",
                        free=("name",),
                        label=f"Create an advantage on {e.name} with {skill}",
                    )
                )
        for skill in ("Notice", "Investigate", "Empathy"):
            if f.skill(skill) >= 1:
                out.append(
                    Choice.of(
                        "discover",
                        skill=skill,
                        target="scene",
                        label=f"Search the scene for hidden aspects with {skill}",
                    )
                )
                for e in self._enemies(state, f):
                    out.append(
                        Choice.of(
                            "discover",
                            skill=skill,
                            target=e.name,
                            label=f"Look for {e.name}'s hidden aspects with {skill}",
                        )
                    )
                break
        for a in state.aspects:
            if not self._visible(state, a, f.side):
                continue
            if a.kind in (AspectKind.SITUATION, AspectKind.BOOST) and (
                (a.owner is None and a.zone in (None, f.zone)) or a.owner == f.name
            ):
                skill = "Athletics" if f.skill("Athletics") >= f.skill("Will") else "Will"
                out.append(
                    Choice.of(
                        "overcome",
                        aspect=a.name,
                        skill=skill,
                        label=f"Overcome '{a.name}' with {skill}",
                    )
                )
        for z, d in sorted(zmap.distances_from(f.zone).items(), key=lambda kv: (kv[1], kv[0])):
            if 2 <= d <= 3:
                out.append(Choice.of("sprint", to=z, label=f"Sprint to {z} ({d} zones, Athletics)"))
        out.append(
            Choice.of("full_defense", label="Full defense (+2 to defend until your next turn)")
        )
        out.append(Choice.of("concede", label=f"{f.name} concedes the conflict"))
        return out

    def _invoke_choices(self, state: FateCoreState, roll: Roll, seat: str) -> list[Choice]:
        out = [Choice.of("pass", label="Pass (no more invokes)")]
        actor_side = state.side_of(roll.actor)
        if seat == actor_side:
            roller = roll.actor
        elif roll.target and seat == state.side_of(roll.target):
            roller = roll.target
        else:
            roller = ""
        opponent = roll.target if roller == roll.actor else roll.actor
        side_fighters = [f for f in state.fighters.values() if f.side == seat]
        for a in state.aspects:
            if not self._visible(state, a, seat):
                continue
            for h in side_fighters:
                if a.free_for(h.name) > 0:
                    effects = ("bonus", "reroll") if roller else ("obstacle",)
                    for eff in effects:
                        out.append(
                            Choice.of(
                                "invoke",
                                aspect=a.name,
                                effect=eff,
                                payment="free",
                                by=h.name,
                                label=f"Invoke '{a.name}' for {_effect(eff)} "
                                f"({h.name}'s free invoke)",
                            )
                        )
            if a.kind is AspectKind.BOOST:
                continue
            payers: list[tuple[str, str]] = []
            if roller:
                if a.owner in (None, roller, opponent):
                    payers.append((roller, "bonus"))
                    payers.append((roller, "reroll"))
                if roll.difficulty is not None:
                    for ally in state.active(seat):
                        if ally.name != roller and a.owner in (None, ally.name):
                            payers.append((ally.name, "teamwork"))
            elif a.owner is None or state.fighters[a.owner].side == seat:
                for f in state.active(seat):
                    if a.owner in (None, f.name):
                        payers.append((f.name, "obstacle"))
            for payer, eff in payers:
                if state.fighters[payer].fate_points.current < 1:
                    continue
                if f"{payer}:{a.name}".lower() in roll.paid:
                    continue
                out.append(
                    Choice.of(
                        "invoke",
                        aspect=a.name,
                        effect=eff,
                        payment="fate_point",
                        by=payer,
                        label=f"Invoke '{a.name}' for {_effect(eff)} ({payer} pays a fate point)",
                    )
                )
        return out

    def _absorb_choices(self, state: FateCoreState, roll: Roll) -> list[Choice]:
        target = state.fighters[roll.target or ""]
        track = target.stress[roll.track]
        names = CONSEQUENCE_NAMES.get(roll.track, CONSEQUENCE_NAMES["physical"])
        out: list[Choice] = []
        for opt in absorb_options(roll.hit, track, target.consequences):
            params: dict[str, Any] = {"box": (opt.box + 1) if opt.box is not None else 0}
            for sev in opt.consequences:
                params[sev.value] = self._unique(state, f"{target.name} {names[sev]}")
            out.append(
                Choice.of(
                    "absorb",
                    free=tuple(s.value for s in opt.consequences),
                    label=opt.describe(track),
                    **params,
                )
            )
        out.append(Choice.of("taken_out", label=f"{target.name} is taken out"))
        return out

    def why_illegal(self, state: FateCoreState, seat: str, choice: Choice) -> str | None:
        reason = super().why_illegal(state, seat, choice)
        if reason is None:
            return None
        pend = self.pending(state)
        if seat != GM and not any(d.seat == seat for d in pend):
            who = ", ".join(f"{d.seat} ({d.kind})" for d in pend) or "nobody"
            return f"it is not {seat}'s decision now: waiting on {who}"
        f = state.current()
        if choice.action == "attack" and f is not None and state.roll is None:
            target = state.fighters.get(choice.str_param("target"))
            skill = choice.str_param("skill")
            if target is None:
                return f"there is no character named {choice.str_param('target')!r}"
            if skill not in self.catalog(state).attacks:
                return f"{skill!r} is not an attack skill"
            if target.side == f.side:
                return f"{f.name} will not attack an ally"
            if not target.active:
                return f"{target.name} is already out of the fight"
            d = self._distance(state, f.zone, target.zone)
            reach = self.catalog(state).attacks[skill].reach
            return (
                f"{f.name} cannot attack {target.name} with {skill}: {target.name} is "
                f"{d} zone(s) away and {skill} reaches {reach}"
            )
        if choice.action == "refuse" and state.compels:
            return f"{state.compels[0].character} has no fate point to refuse the compel"
        if choice.action == "move" and state.moved:
            return "the free move is already used this turn"
        if choice.action == "invoke":
            return (
                f"cannot invoke {choice.str_param('aspect')!r} that way now (each aspect "
                "takes one paid invoke per roll; free invokes need a holder who has one)"
            )
        return reason

    # --- applying -----------------------------------------------------------------------------
    def apply(
        self, state: FateCoreState, seat: str, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        a = choice.action
        if seat == GM:
            return self._compel(state, choice)
        if state.compels:
            return self._answer_compel(state, a == "accept")
        roll = state.roll
        if roll is not None:
            if roll.stage == "defend":
                if a == "concede":
                    target = roll.target or ""
                    state.roll = None
                    events = self._concede(state, target)
                    return events + self._end_turn(state)
                roll.defend_skill = choice.str_param("skill")
                return self._roll_dice(state, roll, dice)
            if roll.stage == "invoke":
                if a == "pass":
                    return self._pass(state, roll, seat)
                return self._invoke(state, roll, seat, choice, dice)
            if roll.stage == "style":
                events = []
                if a == "boost":
                    roll.hit -= 1
                    b = self._boost(state, f"{roll.actor}'s Momentum", roll.actor)
                    events.append(
                        Event(
                            "boost", f"{roll.actor} takes a boost '{b.name}' instead of one shift"
                        )
                    )
                return events + self._deliver_hit(state, roll)
            if roll.stage == "absorb":
                return self._absorb(state, roll, choice)
        f = state.current()
        assert f is not None
        if a == "move":
            to = choice.str_param("to")
            f.zone = to
            state.moved = True
            return [Event("move", f"{f.name} moves to {to}", {"who": f.name, "to": to})]
        if a == "full_defense":
            f.full_defense = True
            return [
                Event("full_defense", f"{f.name} goes on full defense (+2 to defend)"),
                *self._end_turn(state),
            ]
        if a == "concede":
            return self._concede(state, f.name) + self._end_turn(state)
        skill = choice.str_param("skill") or "Athletics"
        new = Roll(action=a, actor=f.name, skill=skill)
        if a == "attack":
            new.target = choice.str_param("target")
            new.stage = "defend"
            state.roll = new
            return [
                Event(
                    "declare",
                    f"{f.name} attacks {new.target} with {skill}",
                    {"who": f.name, "target": new.target, "skill": skill},
                )
            ]
        if a == "advantage":
            new.aspect = choice.str_param("name").strip()
            tgt = choice.str_param("target")
            if tgt != "scene":
                new.target = tgt
                new.stage = "defend"
                state.roll = new
                return [
                    Event(
                        "declare", f"{f.name} tries to create '{new.aspect}' on {tgt} with {skill}"
                    )
                ]
            new.difficulty = int(state.settings["advantage_difficulty"])
            state.roll = new
            return [
                Event(
                    "declare",
                    f"{f.name} tries to create '{new.aspect}' in {f.zone} with "
                    f"{skill} against {describe(new.difficulty, difficulty=True)}",
                ),
                *self._roll_dice(state, new, dice),
            ]
        if a == "discover" and choice.str_param("target") == "scene":
            new.difficulty = int(state.settings["advantage_difficulty"])
            state.roll = new
            return [
                Event(
                    "declare",
                    f"{f.name} searches the scene with {skill} against "
                    f"{describe(new.difficulty, difficulty=True)}",
                ),
                *self._roll_dice(state, new, dice),
            ]
        if a == "discover":
            new.target = choice.str_param("target")
            new.stage = "defend"
            state.roll = new
            return [Event("declare", f"{f.name} studies {new.target} with {skill}")]
        if a == "overcome":
            new.aspect = choice.str_param("aspect")
            new.difficulty = state.aspect_difficulty.get(
                new.aspect, int(state.settings["overcome_difficulty"])
            )
            state.roll = new
            return [
                Event(
                    "declare",
                    f"{f.name} tries to overcome '{new.aspect}' with {skill} "
                    f"against {describe(new.difficulty, difficulty=True)}",
                ),
                *self._roll_dice(state, new, dice),
            ]
        if a == "sprint":
            new.skill = "Athletics"
            new.to_zone = choice.str_param("to")
            d = self._distance(state, f.zone, new.to_zone) or 1
            new.difficulty = int(state.settings["sprint_difficulty"]) * (d - 1)
            state.roll = new
            return [
                Event(
                    "declare",
                    f"{f.name} sprints for {new.to_zone} (Athletics against "
                    f"{describe(new.difficulty, difficulty=True)})",
                ),
                *self._roll_dice(state, new, dice),
            ]
        raise RuleError(f"unknown action {a!r}")

    def choice_visibility(
        self, state: FateCoreState, seat: str, choice: Choice
    ) -> frozenset[str] | None:
        """A compel on a hidden aspect is seen only by the GM and the compelled side."""
        if choice.action == "compel":
            aspect = state.aspects.find(choice.str_param("aspect"))
            if aspect is not None and aspect.hidden:
                return frozenset({state.side_of(choice.str_param("character"))})
        return None

    def _compel(self, state: FateCoreState, choice: Choice) -> list[Event]:
        name, aspect = choice.str_param("character"), choice.str_param("aspect")
        state.compels.append(Compel(name, aspect))
        hidden = state.aspects.get(aspect).hidden
        vis = frozenset({state.side_of(name)}) if hidden else None
        return [
            Event(
                "compel",
                f"The GM compels {name}'s aspect '{aspect}'",
                {"character": name, "aspect": aspect},
                vis,
            )
        ]

    def _answer_compel(self, state: FateCoreState, accept: bool) -> list[Event]:
        c = state.compels[0]
        f = state.fighters[c.character]
        if accept:
            f.fate_points.earn(EarnReason.COMPEL)
            text = f"{f.name} accepts the compel on '{c.aspect}' and gains a fate point"
        else:
            f.fate_points.spend(SpendReason.REFUSE_COMPEL, who=f.name)
            text = f"{f.name} refuses the compel on '{c.aspect}', paying a fate point"
        state.compels.pop(0)
        return [Event("compel_answer", text, {"character": f.name, "accepted": accept})]

    def _roll_dice(self, state: FateCoreState, roll: Roll, dice: DiceSource) -> list[Event]:
        actor = state.fighters[roll.actor]
        roll.actor_faces = list(roll_fudge(dice, 4, why=f"{actor.name}: {roll.skill}").faces)
        events = [
            Event(
                "roll",
                f"{actor.name} rolls {roll.skill}: [{_fudge(roll.actor_faces)}] "
                f"-> {actor.skill(roll.skill) + sum(roll.actor_faces)}",
                {"who": actor.name, "dice": roll.actor_faces},
            )
        ]
        if roll.target and roll.defend_skill:
            target = state.fighters[roll.target]
            roll.opp_faces = list(
                roll_fudge(dice, 4, why=f"{target.name}: {roll.defend_skill}").faces
            )
            bonus = " +2 full defense" if target.full_defense else ""
            events.append(
                Event(
                    "roll",
                    f"{target.name} rolls {roll.defend_skill}: "
                    f"[{_fudge(roll.opp_faces)}] -> "
                    f"{target.skill(roll.defend_skill) + sum(roll.opp_faces)}{bonus}",
                    {"who": target.name, "dice": roll.opp_faces},
                )
            )
        roll.stage = "invoke"
        roll.turn_side = state.side_of(roll.actor)
        roll.passed = []
        return events

    def _pass(self, state: FateCoreState, roll: Roll, seat: str) -> list[Event]:
        roll.passed.append(seat)
        parts = self._participants(state, roll)
        start = parts.index(seat) if seat in parts else 0
        for k in range(1, len(parts) + 1):
            nxt = parts[(start + k) % len(parts)]
            if nxt not in roll.passed:
                roll.turn_side = nxt
                return []
        return self._resolve(state, roll)

    def _invoke(
        self, state: FateCoreState, roll: Roll, seat: str, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        aspect = state.aspects.get(choice.str_param("aspect"))
        by = state.fighters[choice.str_param("by")]
        effect = choice.str_param("effect")
        if choice.str_param("payment") == "free":
            aspect.use_free(by.name)
            paid = f"{by.name}'s free invoke"
        else:
            by.fate_points.spend(SpendReason.INVOKE, who=by.name, what=f"'{aspect.name}'")
            roll.paid.append(f"{by.name}:{aspect.name}".lower())
            paid = f"a fate point from {by.name}"
            if aspect.owner and state.fighters[aspect.owner].side != seat:
                state.fighters[aspect.owner].owed_points += 1
        name = aspect.name
        if aspect.kind is AspectKind.BOOST and aspect.total_free() == 0:
            state.aspects.remove(aspect.name)
            state.boosts_born.pop(aspect.name, None)
        aspect.hidden = False
        roll.passed = []
        events = []
        actor_side = state.side_of(roll.actor)
        if effect == "reroll":
            why = f"reroll for '{name}'"
            if seat == actor_side:
                roll.actor_faces = list(roll_fudge(dice, 4, why=why).faces)
                faces = roll.actor_faces
            else:
                roll.opp_faces = list(roll_fudge(dice, 4, why=why).faces)
                faces = roll.opp_faces
            events.append(
                Event(
                    "invoke",
                    f"{seat} invokes '{name}' ({paid}) to reroll: [{_fudge(faces)}]",
                    {"aspect": name, "effect": effect},
                )
            )
        else:
            if effect == "obstacle" or seat != actor_side:
                roll.opp_bonus += 2
            else:
                roll.actor_bonus += 2
            events.append(
                Event(
                    "invoke",
                    f"{by.name} invokes '{name}' ({paid}) for {_effect(effect)}",
                    {"aspect": name, "effect": effect},
                )
            )
        total, opp = self._totals(state, roll)
        events.append(Event("standing", f"Now {total} against {opp} ({total - opp:+d} shifts)"))
        return events

    def _resolve(self, state: FateCoreState, roll: Roll) -> list[Event]:
        total, opp = self._totals(state, roll)
        shifts = total - opp
        out = outcome_of(shifts)
        actor = state.fighters[roll.actor]
        events = [
            Event(
                "outcome",
                f"{actor.name}'s {roll.action}: {total} against {opp}, "
                f"{shifts:+d} shifts — {out.value}",
                {"action": roll.action, "shifts": shifts, "outcome": out.value},
            )
        ]
        if roll.action == "attack":
            target = state.fighters[roll.target or ""]
            if out is Outcome.TIE:
                b = self._boost(state, f"{actor.name}'s Opening", actor.name)
                events.append(Event("boost", f"{actor.name} gains a boost '{b.name}'"))
            elif shifts <= -3:
                b = self._boost(state, f"{target.name}'s Riposte", target.name)
                events.append(Event("boost", f"{target.name} defends with style: boost '{b.name}'"))
            if out.succeeded:
                weapon = actor.weapon_rating if actor.weapon_skill == roll.skill else 0
                roll.hit = max(0, shifts + weapon - target.armor_rating)
                roll.track = self.catalog(state).attacks[roll.skill].track
                if weapon or target.armor_rating:
                    events.append(
                        Event(
                            "hit",
                            f"Hit of {roll.hit} ({shifts} shifts "
                            f"+{weapon} weapon -{target.armor_rating} armor)",
                        )
                    )
                if out is Outcome.STYLE and roll.hit >= 1:
                    roll.stage = "style"
                    return events
                return events + self._deliver_hit(state, roll)
        elif roll.action in ("advantage", "discover"):
            events += self._advantage_outcome(state, roll, out)
        elif roll.action == "overcome":
            if out is not Outcome.FAIL:
                name = roll.aspect or ""
                if name in state.aspects:
                    state.aspects.remove(name)
                    state.boosts_born.pop(name, None)
                cost = " at a minor cost" if out is Outcome.TIE else ""
                events.append(Event("overcome", f"'{name}' is overcome{cost}"))
                if out is Outcome.STYLE:
                    b = self._boost(state, f"{actor.name} Rolling", actor.name)
                    events.append(Event("boost", f"{actor.name} gains a boost '{b.name}'"))
        elif roll.action == "sprint":
            to = roll.to_zone or actor.zone
            if out is Outcome.FAIL:
                path = self._zmap(state).path(actor.zone, to) or [actor.zone]
                to = path[1] if len(path) > 1 else actor.zone
            actor.zone = to
            events.append(
                Event("move", f"{actor.name} ends up in {to}", {"who": actor.name, "to": to})
            )
        state.roll = None
        return events + self._end_turn(state)

    def _advantage_outcome(self, state: FateCoreState, roll: Roll, out: Outcome) -> list[Event]:
        actor = state.fighters[roll.actor]
        free = {Outcome.SUCCESS: 1, Outcome.STYLE: 2}.get(out, 0)
        if out is Outcome.TIE:
            b = self._boost(state, f"{actor.name}'s Edge", actor.name)
            return [Event("boost", f"{actor.name} gains a boost '{b.name}' (C5: tie)")]
        if out is Outcome.FAIL:
            return [Event("advantage", f"{actor.name} fails to gain an advantage")]
        if roll.action == "discover":
            target = roll.target
            hidden = [
                a
                for a in state.aspects
                if a.hidden and a.owner == target and (target or a.zone in (None, actor.zone))
            ]
            if not hidden:
                return [
                    Event(
                        "discover", f"{actor.name} learns nothing new about {target or 'the scene'}"
                    )
                ]
            found = hidden[0]
            found.hidden = False
            found.add_free(actor.name, free)
            whose = f"{target}'s aspect" if target else "the scene aspect"
            return [
                Event(
                    "discover",
                    f"{actor.name} discovers {whose} '{found.name}' with {free} free invoke(s)",
                    {"aspect": found.name},
                )
            ]
        name = roll.aspect or "Advantage"
        existing = state.aspects.find(name)
        if existing is not None and not existing.hidden:
            existing.add_free(actor.name, free)
            return [
                Event("advantage", f"{actor.name} gains {free} free invoke(s) on '{existing.name}'")
            ]
        name = self._unique(state, name)
        aspect = Aspect(
            name, AspectKind.SITUATION, owner=roll.target, zone=None if roll.target else actor.zone
        )
        aspect.add_free(actor.name, free)
        state.aspects.add(aspect)
        where = f"on {roll.target}" if roll.target else f"in {actor.zone}"
        return [
            Event(
                "advantage",
                f"{actor.name} creates '{name}' {where} with {free} free invoke(s)",
                {"aspect": name},
            )
        ]

    def _deliver_hit(self, state: FateCoreState, roll: Roll) -> list[Event]:
        target = state.fighters[roll.target or ""]
        if roll.hit <= 0:
            state.roll = None
            return [Event("hit", f"{target.name}'s armor turns the blow"), *self._end_turn(state)]
        roll.stage = "absorb"
        return [
            Event(
                "hit",
                f"{target.name} must absorb a {roll.track} hit of {roll.hit}",
                {"target": target.name, "hit": roll.hit},
            )
        ]

    def _absorb(self, state: FateCoreState, roll: Roll, choice: Choice) -> list[Event]:
        target = state.fighters[roll.target or ""]
        events: list[Event] = []
        if choice.action == "taken_out":
            target.status = TAKEN_OUT
            events.append(
                Event(
                    "taken_out", f"{target.name} is taken out by {roll.actor}", {"who": target.name}
                )
            )
        else:
            track = target.stress[roll.track]
            box = choice.int_param("box")
            sevs = [s for s in Severity if choice.get(s.value) is not None]
            opt = Absorption(box - 1 if box else None, tuple(sevs), 0)
            names = [choice.str_param(s.value).strip() for s in sevs]
            for n in names:
                if n in state.aspects:
                    raise RuleError(
                        f"there is already an aspect named {n!r}: name the consequence differently"
                    )
            if len(set(n.lower() for n in names)) != len(names):
                raise RuleError("each consequence needs its own name")
            if opt.box is not None:
                track.mark(opt.box)
                events.append(
                    Event(
                        "stress",
                        f"{target.name} checks {track.name} stress box "
                        f"[{track.boxes[opt.box]}]: {track.render()}",
                    )
                )
            for sev, n in zip(sevs, names, strict=True):
                target.consequences.take(sev, n)
                aspect = Aspect(n, AspectKind.CONSEQUENCE, owner=target.name)
                aspect.add_free(roll.actor, 1)
                state.aspects.add(aspect)
                events.append(
                    Event(
                        "consequence",
                        f"{target.name} takes a {sev.value} "
                        f"consequence '{n}' ({roll.actor} gets a free invoke)",
                        {"who": target.name, "severity": sev.value, "aspect": n},
                    )
                )
        state.roll = None
        return events + self._end_turn(state)

    def _concede(self, state: FateCoreState, name: str) -> list[Event]:
        f = state.fighters[name]
        f.status = CONCEDED
        n = concession_award(f.consequences.count_taken_in_conflict())
        f.fate_points.earn(EarnReason.CONCESSION, n)
        return [
            Event(
                "concede",
                f"{name} concedes and gains {n} fate point(s)",
                {"who": name, "fate_points": n},
            )
        ]

    def _end_turn(self, state: FateCoreState) -> list[Event]:
        """Close the current turn: expire boosts (C6), pass to the next active fighter."""
        events: list[Event] = []
        f = state.current()
        if f is not None:
            for b in state.aspects.boosts_expiring(f.name):
                if state.boosts_born.get(b.name, state.turn_count) < state.turn_count:
                    state.aspects.remove(b.name)
                    state.boosts_born.pop(b.name, None)
                    events.append(Event("boost_expires", f"Boost '{b.name}' fades"))
        state.turn_count += 1
        state.moved = False
        sides_left = [s for s in state.sides if state.active(s)]
        if len(sides_left) <= 1:
            return events + self._finish(
                state, sides_left[0] if sides_left else None, "the other side is out of the fight"
            )
        n = len(state.order)
        for _ in range(n):
            state.turn += 1
            if state.turn >= n:
                state.turn = 0
                state.exchange += 1
                if state.exchange > state.max_exchanges:
                    return events + self._finish(
                        state,
                        None,
                        f"the fight is broken off after {state.max_exchanges} exchanges",
                    )
                events.append(Event("exchange", f"Exchange {state.exchange} begins"))
            nxt = state.fighters[state.order[state.turn]]
            if nxt.active:
                if nxt.full_defense:
                    nxt.full_defense = False
                break
        return events

    def _finish(self, state: FateCoreState, winner: str | None, why: str) -> list[Event]:
        state.ended = why
        state.winner = winner
        events = [
            Event(
                "end",
                f"{winner} wins: {why}" if winner else f"No winner: {why}",
                {"winner": winner},
            )
        ]
        for f in state.fighters.values():
            if f.owed_points:
                f.fate_points.earn(EarnReason.INVOKED_AGAINST, f.owed_points)
                events.append(
                    Event(
                        "fate_points",
                        f"{f.name} gains {f.owed_points} fate "
                        "point(s) for aspects invoked against them",
                        visible_to=frozenset({f.side}),
                    )
                )
                f.owed_points = 0
        return events

    def result(self, state: FateCoreState) -> Result | None:
        if state.ended is None:
            return None
        return Result(state.winner, state.ended, self._ending(state))

    @staticmethod
    def _ending(state: FateCoreState) -> Ending:
        """Round limit when the exchanges ran out; concession when any loser conceded (C7)."""
        if state.exchange > state.max_exchanges:
            return Ending.ROUND_LIMIT
        losers = [f for f in state.fighters.values() if f.side != state.winner]
        if any(f.status == CONCEDED for f in losers):
            return Ending.CONCESSION
        return Ending.TAKEN_OUT

    # --- balancing ----------------------------------------------------------------------------
    def tally(self, state: FateCoreState) -> list[Tally]:
        return [
            Tally(
                name=f.name,
                side=f.side,
                taken_out=f.status == TAKEN_OUT,
                conceded=f.status == CONCEDED,
                damage=sum(t.marked_count for t in f.stress.values()),
                consequences=len(f.consequences.taken()),
                fate_points_spent=f.fate_points.spent,
            )
            for f in state.fighters.values()
        ]

    def rounds(self, state: FateCoreState) -> int:
        """Exchanges begun (Fate Core's rounds); `exchange` runs one past the limit at the end."""
        return min(state.exchange, state.max_exchanges)

    # --- odds ---------------------------------------------------------------------------------
    def odds(self, state: FateCoreState, seat: str, choice: Choice) -> Odds | None:
        f = state.current()
        if f is None or choice.action not in (
            "attack",
            "advantage",
            "discover",
            "overcome",
            "sprint",
            "defend",
        ):
            return None
        if choice.action == "defend" and state.roll is not None:
            roll = state.roll
            target = state.fighters[roll.target or ""]
            actor = state.fighters[roll.actor]
            bonus = 2 if target.full_defense else 0
            o = odds(
                OddsQuery(
                    skill=actor.skill(roll.skill),
                    opposed=target.skill(choice.str_param("skill")) + bonus,
                )
            )
            return o
        skill = choice.str_param("skill") or "Athletics"
        free = sum(a.free_for(f.name) for a in state.aspects)
        inv = min(3, free)
        target_name = choice.str_param("target")
        if target_name != "scene" and choice.action in ("attack", "discover", "advantage"):
            target = state.fighters[target_name]
            action = choice.action
            best = max(target.skill(s) for s in self._defense(state, action, skill))
            best += 2 if target.full_defense else 0
            return odds(OddsQuery(skill=f.skill(skill), opposed=best, invokes=inv))
        if choice.action in ("advantage", "discover"):
            diff = int(state.settings["advantage_difficulty"])
        elif choice.action == "overcome":
            diff = state.aspect_difficulty.get(
                choice.str_param("aspect"), int(state.settings["overcome_difficulty"])
            )
        else:
            d = self._distance(state, f.zone, choice.str_param("to")) or 1
            diff = int(state.settings["sprint_difficulty"]) * (d - 1)
        return odds(OddsQuery(skill=f.skill(skill), difficulty=diff, invokes=inv))

    # --- what leaves the engine ---------------------------------------------------------------
    def snapshot(self, state: FateCoreState) -> dict[str, Any]:
        return state.to_json()

    def secrets(self, state: FateCoreState, seat: str) -> list[str]:
        if seat == GM:
            return []
        out = [a.name for a in state.aspects if not self._visible(state, a, seat)]
        if state.gm_notes:
            out.append(state.gm_notes)
        return out

    def view(self, state: FateCoreState, seat: str) -> dict[str, Any]:
        def aspect_json(a: Aspect) -> dict[str, Any]:
            d: dict[str, Any] = {"name": a.name, "kind": a.kind.value}
            if a.free_invokes:
                d["free_invokes"] = dict(a.free_invokes)
            if a.hidden:
                d["hidden"] = True
            return d

        visible = [a for a in state.aspects if self._visible(state, a, seat)]
        fighters = []
        for f in state.fighters.values():
            own = seat in (GM, f.side)
            fighters.append({
                "name": f.name, "side": f.side, "zone": f.zone, "status": f.status,
                "skills": dict(f.skills),
                "fate_points": f.fate_points.current if own else None,
                "refresh": f.fate_points.refresh,
                "stress": {k: t.render() for k, t in f.stress.items()},
                "consequences": [c.aspect for c in f.consequences.taken()],
                "weapon": f.weapon, "armor": f.armor_rating, "full_defense": f.full_defense,
                "aspects": [aspect_json(a) for a in visible if a.owner == f.name],
            })  # fmt: skip
        cur = state.current()
        out: dict[str, Any] = {
            "title": state.title,
            "exchange": state.exchange,
            "max_exchanges": state.max_exchanges,
            "turn": cur.name if cur else None,
            "order": list(state.order),
            "zones": [
                {
                    "name": z,
                    "adjacent": adj,
                    "aspects": [aspect_json(a) for a in visible if a.zone == z and a.owner is None],
                }
                for z, adj in state.zones.items()
            ],
            "scene_aspects": [
                aspect_json(a) for a in visible if a.owner is None and a.zone is None
            ],
            "fighters": fighters,
            "roll": self._roll_view(state),
            "result": {"winner": state.winner, "reason": state.ended} if state.ended else None,
        }
        if seat == GM:
            out["gm_notes"] = state.gm_notes
        return out

    def _roll_view(self, state: FateCoreState) -> dict[str, Any] | None:
        roll = state.roll
        if roll is None:
            return None
        total, opp = self._totals(state, roll) if roll.stage != "defend" else (None, None)
        return {
            "action": roll.action,
            "actor": roll.actor,
            "skill": roll.skill,
            "target": roll.target,
            "stage": roll.stage,
            "actor_dice": roll.actor_faces,
            "opposition_dice": roll.opp_faces,
            "total": total,
            "opposition": opp,
            "difficulty": roll.difficulty,
        }

    # --- GM control ---------------------------------------------------------------------------
    def sheets(self, state: FateCoreState) -> dict[str, Sheet]:
        return {
            n: Sheet(n, f.side, f.fate_points, f.stress, f.consequences)
            for n, f in state.fighters.items()
        }

    def aspects(self, state: FateCoreState) -> AspectSet:
        return state.aspects

    # --- bot ----------------------------------------------------------------------------------
    def bot(self, state: FateCoreState, seat: str, rng: random.Random) -> Choice:
        """A sensible fighter: attacks the likeliest target, closes distance, invokes to win."""
        legal = self.legal(state, seat)
        d = next(d for d in self.pending(state) if d.seat == seat)
        by_action: dict[str, list[Choice]] = {}
        for c in legal:
            by_action.setdefault(c.action, []).append(c)
        if d.kind == "compel":
            f = state.fighters[state.compels[0].character]
            return legal[0] if f.fate_points.current < 3 or len(legal) == 1 else legal[1]
        if d.kind == "defend":
            target = state.fighters[d.actor or ""]
            return max(by_action["defend"], key=lambda c: target.skill(c.str_param("skill")))
        if d.kind == "style":
            return by_action["full"][0]
        if d.kind == "absorb":
            return legal[0]
        if d.kind == "invoke":
            return self._bot_invoke(state, seat, by_action)
        return self._bot_turn(state, seat, by_action, rng)

    def _bot_invoke(
        self, state: FateCoreState, seat: str, by_action: dict[str, list[Choice]]
    ) -> Choice:
        roll = state.roll
        assert roll is not None
        total, opp = self._totals(state, roll)
        shifts = total - opp
        mine = seat == state.side_of(roll.actor)
        bonus = [
            c for c in by_action.get("invoke", []) if c.str_param("effect") in ("bonus", "teamwork")
        ]
        free = [c for c in bonus if c.str_param("payment") == "free"]
        paid = [c for c in bonus if c.str_param("payment") == "fate_point"]
        if mine:
            if shifts < 1 and shifts >= -2:
                if free:
                    return free[0]
                if paid and (roll.action == "attack" or shifts < 0):
                    return paid[0]
        elif roll.target and roll.action == "attack" and shifts >= 1:
            if free:
                return free[0]
            if paid and shifts <= 2:
                return paid[0]
        return by_action["pass"][0]

    def _bot_turn(
        self,
        state: FateCoreState,
        seat: str,
        by_action: dict[str, list[Choice]],
        rng: random.Random,
    ) -> Choice:
        f = state.current()
        assert f is not None
        attacks = by_action.get("attack", [])
        if attacks:

            def p_hit(c: Choice) -> float:
                o = self.odds(state, seat, c)
                return float(o.success + o.style) if o else 0.0

            best = max(attacks, key=lambda c: (p_hit(c), rng.random()))
            if p_hit(best) < 0.25 and "advantage" in by_action and rng.random() < 0.5:
                return by_action["advantage"][0]
            return best
        taken = f.consequences.count_taken_in_conflict()
        allies = len(state.active(f.side))
        enemies = len([e for e in state.active() if e.side != f.side])
        if taken >= 2 and enemies > allies:
            return by_action["concede"][0]
        enemies_list = self._enemies(state, f)
        zmap = self._zmap(state)
        if "move" in by_action and enemies_list:

            def closeness(c: Choice) -> int:
                z = c.str_param("to")
                return min(zmap.distance(z, e.zone) or 99 for e in enemies_list)

            return min(by_action["move"], key=lambda c: (closeness(c), c.str_param("to")))
        if "advantage" in by_action:
            return by_action["advantage"][0]
        return by_action["full_defense"][0]


def _effect(effect: str) -> str:
    return {
        "bonus": "+2",
        "reroll": "a reroll",
        "teamwork": "+2 teamwork",
        "obstacle": "+2 to the opposition",
    }.get(effect, effect)
