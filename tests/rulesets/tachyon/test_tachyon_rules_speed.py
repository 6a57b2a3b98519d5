"""The tachyon rules' shortcuts must answer exactly as the long way round does.

Each test plays bot battles on the tachyon examples and, at every decision, asks a shortcut
and the plain rules the same question.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tachyon_helpers import dice, raider, scenario, start, viper

from conftest import pure_only
from shiftdrive.core.consequences import (
    TACHYON_VALUES,
    ConsequenceSlots,
    Severity,
)
from shiftdrive.core.dice import RecordingDice, ScriptedDice, roll_fudge
from shiftdrive.engine.bots import default_bot, run_bots
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter
from shiftdrive.engine.events import GM
from shiftdrive.engine.ruleset import Turn
from shiftdrive.files import read_yaml
from shiftdrive.rulesets.tachyon.damage import absorb_choices, absorb_menu
from shiftdrive.rulesets.tachyon.flow import ACTS_IN, next_actor
from shiftdrive.rulesets.tachyon.invokes import invoke_effects, open_invokes, stage_holder
from shiftdrive.rulesets.tachyon.outcomes import OUTCOMES
from shiftdrive.rulesets.tachyon.positions import enemies, foes
from shiftdrive.rulesets.tachyon.query import unit_actions
from shiftdrive.rulesets.tachyon.rolls import RollPlan, minimized, rating, roll_skill, start_roll
from shiftdrive.rulesets.tachyon.rules import Tachyon
from shiftdrive.rulesets.tachyon.sight import who_sees
from shiftdrive.rulesets.tachyon.state import ACTIVE, LARGE, OUT, TachyonState, Unit

EXAMPLES = sorted((Path(__file__).parents[3] / "examples" / "tachyon").glob("*.yaml"))
SEEDS = range(6)


def play(check: Callable[[Tachyon, TachyonState], None]) -> int:
    """Battles on every example, by the bots and by picking any legal choice at random (which
    tries what bots never do: Wait and see, refocus, full stops, conceding); `check` sees the
    rules and state before each decision. Returns how many decisions were checked."""
    seen = 0

    def policy_for(anything: float) -> Callable[[Encounter, str, random.Random], Choice]:
        def policy(enc: Encounter, seat: str, rng: random.Random) -> Choice:
            nonlocal seen
            rs, state = enc.ruleset, enc.state
            assert isinstance(rs, Tachyon) and isinstance(state, TachyonState)
            check(rs, state)
            seen += 1
            if rng.random() < anything:
                return rng.choice(enc.legal(seat))
            return default_bot(enc, seat, rng)

        return policy

    for anything in (0.0, 0.3):
        for path in EXAMPLES:
            for seed in SEEDS:
                enc = Encounter.start(read_yaml(path), seed=seed, source=str(path))
                policy = policy_for(anything)
                run_bots(enc, rng=random.Random(seed), policy=policy, validate=False)
    return seen


def test_invokes_without_fate_points_are_the_list_filtered() -> None:
    # `open_invokes(..., fate_points=False)` (for a bot that would not spend a point) must be
    # the full list less the invokes paid with a fate point, and `rerolls=False` (for the
    # step check and a bot wanting a +2) the full list less the rerolls, in the same order:
    # at every roll, both stages, every seat.
    paid_seen = 0

    def check(rs: Tachyon, state: TachyonState) -> None:
        nonlocal paid_seen
        roll = state.roll
        if roll is None:
            return
        for stage in ("actor", "target"):
            r = dataclasses.replace(roll, stage=stage, paid=list(roll.paid))
            for seat in [*state.sides, GM]:
                every = list(open_invokes(state, r, seat))
                free = list(open_invokes(state, r, seat, fate_points=False))
                assert free == [i for i in every if i[1] != "fate_point"], (stage, seat, r)
                paid_seen += len(every) - len(free)
                bonuses = list(open_invokes(state, r, seat, rerolls=False))
                assert bonuses == [i for i in every if i[3] != "reroll"], (stage, seat, r)
                # every invoke may reroll where any may: the effects are the stage's
                assert len(every) == len(bonuses) * len(invoke_effects(r)), (stage, seat, r)

    assert play(check) > 1000
    assert paid_seen > 100


@pure_only
def test_absorb_menus_kept_are_the_menus_made() -> None:
    # `_absorb_choices` keeps each menu by craft, hit and slots: at every absorb decision of
    # the battles, and for one craft with every hit and every set of slots taken (the same
    # name and hit with other slots free must not get the kept menu), it is the menu made.
    absorbs = 0

    def check(rs: Tachyon, state: TachyonState) -> None:
        nonlocal absorbs
        if state.absorb is None:
            return
        u = state.units[state.absorb["unit"]]
        assert absorb_choices(state) == absorb_menu(u, int(state.absorb["hit"]))
        absorbs += 1

    play(check)
    assert absorbs > 20
    Tachyon()
    state: Any = type("S", (), {})()
    u: Any = type("U", (), {"name": "Viper-9"})()
    state.units = {u.name: u}
    severities = [Severity.MILD, Severity.MODERATE, Severity.SEVERE]
    for values in (TACHYON_VALUES, {Severity.MILD: 1, Severity.MODERATE: 3}):
        for n in range(len(severities) + 1):
            for taken in itertools.combinations(severities, n):
                for hit in range(1, 9):
                    u.consequences = ConsequenceSlots.of(values)
                    for sev in taken:
                        if sev in u.consequences.values:
                            u.consequences.take(sev, f"Hurt {sev.value}")
                    state.absorb = {"unit": u.name, "hit": hit, "by": "Raider-1"}
                    for _ in range(2):  # made, then kept
                        assert absorb_choices(state) == absorb_menu(u, hit)


def _next_actor_reference(state: TachyonState) -> Unit | None:
    """The next actor as the rules word it (T8, T9): one eligibility test, asked per unit."""
    acted = state.acted
    kinds = ACTS_IN[state.phase]

    def eligible(u: Unit) -> bool:
        if u.kind not in kinds or u.name in acted:
            return False
        if u.status == ACTIVE:
            return True
        return u.name in state.tie_grace and u.initiative == state.current_init

    order = list(state.units)
    if state.phase == "piloting":
        for w, target in state.waiters.items():
            wu = state.units[w]
            if eligible(wu) and (target in acted or not state.units[target].active):
                return wu
        free = [u for u in state.units.values() if u.name not in state.waiters and eligible(u)]
        if free:
            return min(free, key=lambda u: (u.initiative, u.tie_rank, order.index(u.name)))
        cands = [state.units[w] for w in state.waiters if eligible(state.units[w])]
        return (
            min(cands, key=lambda u: (u.initiative, u.tie_rank, order.index(u.name)))
            if cands
            else None
        )
    them = [u for u in state.units.values() if eligible(u)]
    return (
        min(them, key=lambda u: (-u.initiative, u.tie_rank, order.index(u.name))) if them else None
    )


def test_next_actor_agrees_with_the_rule_as_worded() -> None:
    # `_next_actor` writes its eligibility test out inside its scans; in every phase of every
    # battle, with the one acting now put back as not yet acted, it must pick the same unit.
    picked = 0

    def check(rs: Tachyon, state: TachyonState) -> None:
        nonlocal picked
        if state.phase == "chatter":
            return
        cur = state.current
        saved = (state.current, list(state.acted), dict(state.waiters))
        try:
            if cur is not None:  # ask as `_advance` did when it chose `cur`
                state.current = None
            for _ in range(2):
                expect = _next_actor_reference(state)
                assert next_actor(state) is expect, (state.phase, state.acted)
                picked += expect is not None
                if expect is None:
                    break
                state.acted.append(expect.name)  # and the one after it
                state.waiters.pop(expect.name, None)
        finally:
            state.current, state.acted, state.waiters = saved

    play(check)
    assert picked > 1000


def test_enemies_and_filtered_menus_agree_with_the_full_lists() -> None:
    # `_enemies` reads status and kind directly, and a filtered menu skips listing ships when
    # it names none: each must give what the properties and the full menu give.
    every = ("skip", "tail", "pressure", "dive", "evade", "maneuver", "refocus", "wait", "move",
             "move2", "move3", "full_stop", "bug_out", "fire", "fire_swarm", "fire_large",
             "launch", "launch_swarm", "launch_large", "advantage", "scan", "search",
             "ew_advantage", "repair", "repair_shields", "other", "concede")  # fmt: skip
    filters = [frozenset({a}) for a in every] + [
        frozenset({"skip", "fire", "fire_swarm", "launch", "launch_swarm"}),
        frozenset({"skip", "fire_large"}),
        frozenset({"launch_large", "launch"}),
    ]
    ships = 0

    def check(rs: Tachyon, state: TachyonState) -> None:
        nonlocal ships
        for u in state.units.values():
            seen_foes = [
                e for e in state.units.values() if e.side != u.side and e.active and e.detected
            ]
            assert enemies(state, u) == [e for e in seen_foes if e.small]
            assert enemies(state, u, small=False) == [e for e in seen_foes if e.kind == LARGE]
            # `_foes` gives both in one pass, and those in a zone when given one.
            assert foes(state, u) == (enemies(state, u), enemies(state, u, small=False))
            for zone in state.zones:
                assert foes(state, u, zone) == tuple(
                    [e for e in got if e.zone == zone] for got in foes(state, u)
                )
        if state.current is None or state.roll is not None or state.absorb is not None:
            return
        u = state.units[state.current]
        full = [(c, c.label) for c in unit_actions(state, u)]
        ships += any(c.action.endswith("_large") for c, _ in full)
        for only in filters:
            assert [(c, c.label) for c in unit_actions(state, u, only=only)] == [
                (c, label) for c, label in full if c.action in only
            ], (state.phase, u.name, sorted(only))

    play(check)
    assert ships > 100


def test_a_lone_crafts_roll_takes_the_short_way_to_the_same_total() -> None:
    # `_roll` skips the flight bonus and the system damage for a lone craft (it has neither):
    # every unit of every example, with its systems damaged, must roll the same total on the
    # same dice as the long way (rating + 4dF with minimized dice), and word the draw alike.
    units = 0
    for path in EXAMPLES:
        enc = Encounter.start(read_yaml(path), seed=1, source=str(path))
        rs, state = enc.ruleset, enc.state
        assert isinstance(rs, Tachyon) and isinstance(state, TachyonState)
        for u in state.units.values():
            for track in u.systems.values():
                track.fill(4)  # two rows of every system: dice minimized on some rolls
        for u in state.units.values():
            units += 1
            for skill in ("pilot", "gunnery", "tactics", "technology", "notice",
                          "defense_short", "defense_long"):  # fmt: skip
                faces = [1, -1, 0, 1]
                short = RecordingDice(ScriptedDice(faces))
                total, r = roll_skill(state, short, u, skill, f"test {skill}")
                long = RecordingDice(ScriptedDice(faces))
                m = minimized(state, u, skill)
                expect = roll_fudge(long, 4, minimized=m, why=f"test {skill}", who=u.name)
                assert (total, r) == (rating(state, u, skill) + expect.total, expect)
                assert short.draws == long.draws
    assert units > 20


def test_consequence_values_made_once_per_list_stay_each_crafts_own() -> None:
    # The slots' values are worked out once per list of consequence names and shared by every
    # battle set up since: each craft must get its own list's values, and its own slots.
    data = scenario(
        [viper(consequences=["severe", "mild"]), viper("Viper-2", consequences=["mild"])],
        [raider(), raider("Raider-2", consequences=["moderate", "mild"])],
    )
    prep = Encounter.prepare(data)
    first, second = prep.start(1), prep.start(2)
    want = {
        "Viper-1": [Severity.MILD, Severity.SEVERE],
        "Viper-2": [Severity.MILD],
        "Raider-1": [Severity.MILD, Severity.MODERATE, Severity.SEVERE],
        "Raider-2": [Severity.MILD, Severity.MODERATE],
    }
    for enc in (first, second):
        state = enc.state
        assert isinstance(state, TachyonState)
        for name, severities in want.items():
            slots = state.units[name].consequences
            assert slots is not None
            assert slots.values == {s: TACHYON_VALUES[s] for s in severities}, name
    one, two = first.state, second.state
    assert isinstance(one, TachyonState) and isinstance(two, TachyonState)
    slots1, slots2 = one.units["Viper-1"].consequences, two.units["Viper-1"].consequences
    assert slots1 is not None and slots2 is not None
    slots1.take(Severity.MILD, "Scorched hull (Viper-1)")
    slots1.values[Severity.MILD] = 9
    assert slots2.free() == [Severity.MILD, Severity.SEVERE]
    assert prep.start(3).state.units["Viper-1"].consequences.values[Severity.MILD] == 2


def test_turn_names_the_stage_holder_as_the_stages_do() -> None:
    # At both stages of every roll in hand the turn is the stage holder's optional invoke
    # window (C4), also when the craft in the roll is out of the fight.
    asked = 0

    def check(rs: Tachyon, state: TachyonState) -> None:
        nonlocal asked
        roll = state.roll
        if roll is None or state.absorb is not None or state.ended:
            return
        units = [state.units[n] for n in (roll.actor, roll.opp_unit) if n in state.units]
        status = [u.status for u in units]
        try:
            for stage, out in itertools.product(("actor", "target"), (False, True)):
                state.roll = dataclasses.replace(roll, stage=stage)
                for u in units:  # and with the craft in the roll out of the fight
                    u.status = OUT if out else ACTIVE
                state.turn_known = False  # changed behind the rules' back: worked out again
                side, holder = stage_holder(state, state.roll)
                assert rs.turns(state) == [Turn(side or "", "invoke", holder, window="invoke")]
                asked += holder is None
        finally:
            state.roll = roll
            for u, st in zip(units, status, strict=True):
                u.status = st
            state.turn_known = False

    play(check)
    assert asked > 100


def test_a_roll_and_a_skip_are_seen_as_vis_says_whoever_is_hidden() -> None:
    # A roll, its outcome and a skip work visibility out with the units in hand (open when
    # all are detected): for each of actor and target hidden or not, they must be seen as
    # `who_sees` says (only the side of a hidden one), whatever legal play reaches.
    data = scenario([viper(zone="Z2")], [raider(zone="Z2")])
    for actor_seen, target_seen in itertools.product((True, False), repeat=2):
        enc = start(data)
        rs, state = enc.ruleset, enc.state
        assert isinstance(rs, Tachyon) and isinstance(state, TachyonState)
        state.roll = state.absorb = None
        u, t = state.units["Viper-1"], state.units["Raider-1"]
        u.detected, t.detected = actor_seen, target_seen
        events = start_roll(
            state, dice(), "fire", u, RollPlan("gunnery", target=t, opp_skill="pilot")
        )
        if state.roll is not None:  # waiting for invokes: resolved here
            events += OUTCOMES["fire"](state, state.roll, dice())
        roll_events = [e for e in events if e.kind in ("roll", "hit", "miss")]
        assert len(roll_events) == 2
        assert {e.visible_to for e in roll_events} == {who_sees(state, u.name, t.name)}
        # Only its own side sees a hidden craft's roll; with both hidden, neither side.
        expected = {
            (True, True): None,
            (False, True): frozenset({"Tachyon"}),
            (True, False): frozenset({"Pirates"}),
            (False, False): frozenset(),
        }[actor_seen, target_seen]
        assert roll_events[0].visible_to == expected
        # A skip is seen by the unit's side alone while it is hidden.
        state.roll = state.absorb = None
        state.phase, state.current = "ew", u.name
        skip = rs.apply(state, u.side, Choice.of("skip"), dice())[0]
        assert (skip.kind, skip.visible_to) == ("skip", who_sees(state, u.name))
        assert skip.visible_to == (None if actor_seen else frozenset({"Tachyon"}))
