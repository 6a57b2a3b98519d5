"""The tachyon bot's shortcuts must choose exactly as the plain bot does.

The plain bot below is the bot without its shortcuts: it lists every legal choice at every
decision, weighs both sides' strength wherever a test asks it, lists the enemies where it
looks at them, walks all open invokes and all moves. Bot battles on every tachyon example
must go the same with either; a few tests aim at one shortcut each.
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path
from typing import Any

import pytest
from tachyon_helpers import raider, scenario, viper

from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter, default_bot, run_bots
from shiftdrive.engine.scenario import read_yaml
from shiftdrive.rulesets.tachyon import bot
from shiftdrive.rulesets.tachyon import systems as sysmod
from shiftdrive.rulesets.tachyon.rules import PASS, SAY_NOTHING, Tachyon
from shiftdrive.rulesets.tachyon.state import (
    ACTIVE,
    CRAFT,
    LARGE,
    OUT,
    TURRET,
    Roll,
    TachyonState,
    Unit,
)

EXAMPLES = sorted((Path(__file__).parents[3] / "examples" / "tachyon").glob("*.yaml"))


# --- the plain bot --------------------------------------------------------------------------
def plain_choose(rs: Tachyon, state: TachyonState, seat: str, rng: random.Random) -> Choice:
    turn = rs.turn(state)
    assert turn is not None and turn[0] == seat
    _, kind, actor = turn
    if kind == "invoke":
        return _plain_invoke(rs, state, seat)
    if kind == "chatter":
        if state.round == 1:
            return Choice.of("say", text="Stay in formation, check your six")
        return SAY_NOTHING
    by: dict[str, list[Choice]] = {}
    for c in rs.legal(state, seat):
        by.setdefault(c.action, []).append(c)
    if kind == "absorb":
        return (by.get("absorb") or by["taken_out"])[0]
    u = state.units[actor or ""]
    if state.phase == "piloting":
        return _plain_pilot(rs, state, u, by, rng)
    if state.phase == "gunnery":
        return _plain_gunnery(rs, state, u, by, rng)
    if state.phase == "ew":
        if "scan" in by and (u.kind == LARGE or u.skills.get("technology", 0) >= 3):
            return by["scan"][0]
        return by["skip"][0]
    return _plain_damage(rs, u, by)


def _plain_strength(u: Unit) -> float:
    if u.kind == LARGE:
        return 4.0
    if u.kind == TURRET:
        return 0.0
    shields = (len(u.shields.boxes) - u.shields.marked_count) if u.shields else 0
    cons = len(u.consequences.free()) if u.consequences else 0
    return u.size * (1.0 + 0.25 * shields + 0.25 * cons)


def _plain_losing(rs: Tachyon, state: TachyonState, side: str) -> bool:
    mine = sum(_plain_strength(u) for u in rs._fighting(state, side))
    theirs = sum(
        _plain_strength(u) for u in rs._fighting(state, state.enemy_of(side)) if u.detected
    )
    return mine * 2.5 < theirs


def _plain_hurt(u: Unit) -> bool:
    if u.shields is None:
        return True
    return u.shields.marked_count * 2 >= len(u.shields.boxes)


def _plain_invoke(rs: Tachyon, state: TachyonState, seat: str) -> Choice:
    roll = state.roll
    assert roll is not None
    wanted = _wanted(roll)
    invokes = list(rs.open_invokes(state, roll, seat))
    for payment, effect in wanted:
        for inv in invokes:
            if inv[1] == payment and inv[3] == effect:
                return rs.invoke_choice(state, roll, *inv)
    return PASS


def _wanted(roll: Roll) -> list[tuple[str, str]]:
    shifts = roll.total - roll.opp
    wanted: list[tuple[str, str]] = []
    if roll.stage == "actor":
        if roll.hide_opp:
            return []
        if -2 <= shifts <= 0:
            wanted.append(("free", "bonus"))
        if shifts < -2 and roll.a_dice <= -2:
            wanted.append(("free", "reroll"))
        if -1 <= shifts <= 0 and roll.action.startswith("fire"):
            wanted.append(("fate_point", "bonus"))
    else:
        if 0 <= shifts <= 1:
            wanted.append(("free", "bonus"))
        if shifts >= 2 and roll.o_dice is not None and roll.o_dice <= -2:
            wanted.append(("free", "reroll"))
    return wanted


def _plain_toward(
    rs: Tachyon, state: TachyonState, u: Unit, by: dict[str, list[Choice]], goals: list[str]
) -> Choice | None:
    best: tuple[int, int] | None = None
    pick: Choice | None = None
    here = min((rs._dist(state, u.zone, g) for g in goals), default=99)
    for rank, action in enumerate(("move", "move2", "move3")):
        for c in by.get(action, []):
            d = min(rs._dist(state, c.str_param("to"), g) for g in goals)
            if d < here and (best is None or (d, rank) < best):
                best, pick = (d, rank), c
    return pick


def _plain_pilot(
    rs: Tachyon, state: TachyonState, u: Unit, by: dict[str, list[Choice]], rng: random.Random
) -> Choice:
    if (u.kind != CRAFT or _plain_hurt(u)) and _plain_losing(rs, state, u.side):
        if "bug_out" in by:
            return by["bug_out"][0]
        if u.bug_out_round is None:
            move = _plain_toward(rs, state, u, by, state.end_zones)
            if move is not None:
                return move
    if (
        u.kind == CRAFT
        and u.pc
        and u.consequences
        and len(u.consequences.taken()) >= 2
        and "concede" in by
        and _plain_losing(rs, state, u.side)
    ):
        return by["concede"][0]
    enemies = rs._enemies(state, u)
    here = [e for e in enemies if e.zone == u.zone]
    if (
        here
        and _plain_hurt(u)
        and max(e.skills.get("gunnery", 0) for e in here) > u.skills["pilot"]
    ):
        return by["evade"][0]
    armed = any(n > 0 for n in u.ordnance.values())
    if "dive" in by and armed:
        return by["dive"][0]
    if "tail" in by:
        return min(by["tail"], key=lambda c: state.units[c.str_param("target")].skills["pilot"])
    if "dive" in by and rng.random() < 0.7:
        return by["dive"][0]
    large = rs._enemies(state, u, small=False)
    targets = [e.zone for e in enemies] + [e.zone for e in large]
    if any(n > 0 for n in u.ordnance.values()) and large:
        targets = [e.zone for e in large]
    if targets:
        move = _plain_toward(rs, state, u, by, targets)
        if move is not None:
            return move
    if u.evasion == 0 and rng.random() < 0.5:
        return by["evade"][0]
    return by["skip"][0]


def _plain_gunnery(
    rs: Tachyon, state: TachyonState, u: Unit, by: dict[str, list[Choice]], rng: random.Random
) -> Choice:
    for c in by.get("fire", []):
        if rs.on_tail(state, u, c.str_param("target")):
            return c
    launches = [
        c
        for c in by.get("launch_large", [])
        if rs._large_short(state, u, state.units[c.str_param("target")])
        or state.round >= state.max_rounds - 2
    ]
    if launches:
        return max(
            launches,
            key=lambda c: (
                c.str_param("system") == "propulsion",
                c.str_param("ordnance") in ("torpedo", "bomb"),
            ),
        )
    fire_large = by.get("fire_large", [])
    short = [c for c in fire_large if c.str_param("system") not in sysmod.LONG_RANGE_SYSTEMS]
    if short or (fire_large and not by.get("fire")):
        goals = set(state.destroy.get(u.side) or [])

        def worth(c: Choice) -> tuple[bool, bool]:
            system = c.str_param("system")
            if c.str_param("target") in goals:
                return (True, system == "propulsion")
            return (False, system == "gun_emplacements")

        return max(fire_large, key=worth)
    if by.get("fire"):

        def p_hit(c: Choice) -> float:
            q = rs.odds_query(state, c)
            return bot._p_success(q) if q else 0.0

        return max(by["fire"], key=lambda c: (p_hit(c), c.str_param("target")))
    if by.get("fire_swarm"):
        return by["fire_swarm"][0]
    if by.get("launch_swarm") and rng.random() < 0.5:
        return by["launch_swarm"][0]
    if by.get("launch"):
        return by["launch"][0]
    return by["skip"][0]


def _plain_damage(rs: Tachyon, u: Unit, by: dict[str, list[Choice]]) -> Choice:
    if rs._mod(u) >= 4:
        return by["skip"][0]
    if u.kind == LARGE and by.get("repair"):
        eff = sysmod.effects(u.systems)
        if sysmod.FUEL_FIRE in eff.states:
            return next(c for c in by["repair"] if c.str_param("system") == "propulsion")
        return max(by["repair"], key=lambda c: u.systems[c.str_param("system")].marked_count)
    if "repair_shields" in by and _plain_hurt(u):
        return by["repair_shields"][0]
    if "repair" in by:
        return by["repair"][0]
    return by["skip"][0]


# --- the bot against the plain bot ----------------------------------------------------------
def _same(rs: Tachyon, state: TachyonState, seat: str, rng: random.Random) -> tuple[Choice, str]:
    """The bot's choice, after checking the plain bot makes it too, drawing the same numbers;
    returns it with the kind of decision."""
    turn = rs.turn(state)
    assert turn is not None
    kind = turn[1] if turn[1] in ("invoke", "absorb", "chatter") else state.phase
    plain_rng = random.Random()
    plain_rng.setstate(rng.getstate())
    want = plain_choose(rs, state, seat, plain_rng)
    got = bot.choose(rs, state, seat, rng)
    assert (got, got.label) == (want, want.label), (kind, state.round, state.current)
    assert rng.getstate() == plain_rng.getstate()
    return got, kind


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_bot_chooses_as_the_plain_bot_in_every_example(path: Path) -> None:
    seen: dict[str, int] = {}
    chosen: set[tuple[str, str]] = set()

    def policy(enc: Encounter, seat: str, rng: random.Random) -> Choice:
        rs, state = enc.ruleset, enc.state
        assert isinstance(rs, Tachyon) and isinstance(state, TachyonState)
        choice, kind = _same(rs, state, seat, rng)
        seen[kind] = seen.get(kind, 0) + 1
        chosen.add((kind, choice.action))
        return choice

    for seed in range(8):
        enc = Encounter.start(read_yaml(path), seed=seed, source=str(path))
        run_bots(enc, rng=random.Random(seed), policy=policy, validate=False)
    assert {"piloting", "gunnery", "invoke", "damage", "ew"} <= set(seen)
    assert ("invoke", "invoke") in chosen and ("invoke", "pass") in chosen


def test_the_examples_reach_every_shortcut() -> None:
    # The battles above are worth as much as the decisions they reach: every way the bot
    # decides must come up (a tail, a fire at one craft and at one of two, an invoke of the
    # kind wanted most and of one wanted less, moves toward the foe and away, an absorb).
    reached: set[str] = set()

    def policy(enc: Encounter, seat: str, rng: random.Random) -> Choice:
        rs, state = enc.ruleset, enc.state
        assert isinstance(rs, Tachyon) and isinstance(state, TachyonState)
        turn = rs.turn(state)
        assert turn is not None
        choice = default_bot(enc, seat, rng)
        if turn[1] == "invoke" and choice.action == "invoke":
            assert state.roll is not None
            wanted = _wanted(state.roll)
            taken = (choice.str_param("payment"), choice.str_param("effect"))
            reached.add("invoke first wanted" if taken == wanted[0] else "invoke less wanted")
        elif turn[1] == "absorb":
            reached.add(f"absorb {choice.action}")
        elif state.phase == "gunnery" and choice.action == "fire":
            u = state.units[state.current or ""]
            fires = rs.actions(state, u, only=("fire",))
            reached.add(f"fire among {len(fires)}")
        elif state.phase == "gunnery":
            reached.add(f"gunnery {choice.action}")
        elif state.phase == "piloting":
            reached.add(f"pilot {choice.action}")
        return choice

    for path in EXAMPLES:
        for seed in range(8):
            enc = Encounter.start(read_yaml(path), seed=seed, source=str(path))
            run_bots(enc, rng=random.Random(seed), policy=policy, validate=False)
    assert {
        "invoke first wanted",
        "invoke less wanted",
        "absorb absorb",
        "fire among 1",
        "fire among 2",
        "pilot tail",
        "pilot move",
        "pilot bug_out",
        "pilot evade",
        "gunnery launch",
        "gunnery launch_large",
        "gunnery fire_large",
        "gunnery fire_swarm",
        "gunnery skip",
    } <= reached, reached


# --- one shortcut at a time -----------------------------------------------------------------
class _Invokes:
    """A ruleset stand-in that offers the given invokes, in order."""

    def __init__(self, invokes: list[tuple[str, str, str, str]]) -> None:
        self.invokes = invokes

    def open_invokes(self, state: Any, roll: Any, seat: str, *, fate_points: bool = True) -> Any:
        # As the ruleset: without fate points, the same list less those paid with one.
        yield from (i for i in self.invokes if fate_points or i[1] != "fate_point")

    def invoke_choice(
        self, state: Any, roll: Any, aspect: str, payment: str, by: str, effect: str
    ) -> Choice:
        return Choice.of("invoke", aspect=aspect, payment=payment, by=by, effect=effect)


@pytest.mark.parametrize(
    ("stage", "shifts", "a_dice", "o_dice", "action"),
    [
        ("actor", -1, 0, None, "fire"),  # free +2, then a PC's fate point
        ("actor", -3, -3, None, "fire"),  # a free reroll only
        ("actor", -2, -3, None, "tail"),  # free +2
        ("target", 1, 0, -2, "fire"),  # free +2 to defend
        ("target", 3, 0, -3, "fire"),  # a free reroll to defend
    ],
)
def test_invoke_takes_the_first_of_the_kind_wanted_most(
    stage: str, shifts: int, a_dice: int, o_dice: int | None, action: str
) -> None:
    # The bot walks the invokes once and stops at the first of the kind it wants most: in
    # whatever order the ruleset offers them, the one picked is the plain bot's.
    roll = Roll(action, "Viper-1", "Raider-1", {}, 3 + shifts, 3, "Raider-1", stage=stage)
    roll.a_dice, roll.o_dice = a_dice, o_dice
    state: Any = type("S", (), {"roll": roll})()
    kinds = [
        ("A", "free", "Viper-1", "bonus"),
        ("B", "free", "Viper-2", "reroll"),
        ("C", "fate_point", "Viper-1", "bonus"),
        ("D", "fate_point", "Viper-2", "reroll"),
        ("E", "free", "Viper-2", "bonus"),
        ("F", "fate_point", "Viper-2", "bonus"),
    ]
    tried = 0
    for n in range(len(kinds) + 1):
        for offered in itertools.permutations(kinds, n):
            rs: Any = _Invokes(list(offered))
            got = bot._invoke(rs, state, "Tachyon")
            assert got == _plain_invoke(rs, state, "Tachyon"), offered
            tried += 1
    assert tried > 1000


def test_moves_toward_goals_as_the_plain_bot_from_everywhere() -> None:
    # Goals are counted once each, no move is listed when the craft is already at a goal,
    # and the moves are weighed in the order listed: from every zone, toward every set of
    # goals (repeated and in any order), the move picked is the plain bot's.
    data = scenario([viper()], [raider(zone="Z8")])
    enc = Encounter.start(data, seed=1)
    rs, state = enc.ruleset, enc.state
    assert isinstance(rs, Tachyon) and isinstance(state, TachyonState)
    u = state.units["Viper-1"]
    zones = list(state.zones)
    goal_sets = [[z] for z in zones] + [[a, b, a] for a, b in itertools.permutations(zones, 2)]
    goal_sets += [zones, zones[::-1]]
    compared = {True: 0, False: 0}
    state.phase = "piloting"
    for zone in zones:
        u.zone = zone
        by: dict[str, list[Choice]] = {}
        for c in rs.actions(state, u):
            by.setdefault(c.action, []).append(c)
        for goals in goal_sets:
            want = _plain_toward(rs, state, u, by, list(goals))
            got = bot._toward(rs, state, u, list(goals))
            assert (got, got and got.label) == (want, want and want.label), (zone, goals)
            compared[want is None] += 1
    assert compared[True] and compared[False]


def test_ew_skips_without_listing_the_scan_only_when_it_would_not_scan() -> None:
    # A craft with technology 3+ (or a ship) scans; the rest skip, asked for the skip alone.
    data = scenario([viper(), viper("Viper-2")], [raider(zone="Z8")])
    enc = Encounter.start(data, seed=1)
    rs, state = enc.ruleset, enc.state
    assert isinstance(rs, Tachyon) and isinstance(state, TachyonState)
    state.phase, state.roll, state.absorb = "ew", None, None
    for tech, want in ((0, "skip"), (2, "skip"), (3, "scan"), (4, "scan")):
        u = state.units["Viper-1"]
        u.skills["technology"] = tech
        state.current = u.name
        got = bot.choose(rs, state, "Tachyon", random.Random(0))
        assert got.action == want
        assert got == plain_choose(rs, state, "Tachyon", random.Random(0))
    u = state.units["Viper-1"]
    assert rs.actions(state, u, only=bot.SKIP) == [
        c for c in rs.actions(state, u) if c.action == "skip"
    ]


def test_piloting_as_the_plain_bot_whether_hurt_losing_or_not() -> None:
    # The bot weighs the sides' strength at most once and lists the enemies only when hurt
    # or looking for somewhere to go: over craft hurt or not, with 0-3 consequences, a PC or
    # not, armed or not, bugged out before or not, against one to four raiders here or far
    # (losing or not), sharper than it or not, seen or not, the piloting choice is the plain
    # bot's.
    raiders = [raider(f"Raider-{i}", zone="Z1", gunnery=3) for i in range(1, 5)]
    data = scenario([viper(pc=True, fate_points=1)], raiders)
    enc = Encounter.start(data, seed=1)
    rs, state = enc.ruleset, enc.state
    assert isinstance(rs, Tachyon) and isinstance(state, TachyonState)
    state.phase, state.current, state.roll, state.absorb = "piloting", "Viper-1", None, None
    u = state.units["Viper-1"]
    assert u.shields is not None and u.consequences is not None
    severities = list(u.consequences.slots)
    chosen: set[str] = set()
    cases = itertools.product(
        (0, 2),  # shields marked (hurt at half)
        range(len(severities) + 1),  # consequences taken
        (True, False),  # a PC
        (0, 2),  # missiles
        (None, 1),  # bugged out in round 1
        ("Z1", "Z3", "Z4"),  # the craft's zone (an end zone, or not)
        (0, 1),  # evasion
        range(1, 5),  # raiders in the fight
        ("Z1", "Z5"),  # their zone
        ((3, True), (1, True), (3, False)),  # their gunnery, and whether they are detected
    )
    for marked, taken, pc, missiles, bug_out, zone, evasion, foes, foe_zone, foe in cases:
        u.shields.marked = [i < marked for i in range(len(u.shields.boxes))]
        for i, sev in enumerate(severities):
            u.consequences.slots[sev] = None
            if i < taken:
                u.consequences.take(sev, f"Hit {i}")
        u.pc, u.ordnance["missile"], u.bug_out_round = pc, missiles, bug_out
        u.zone, u.evasion = zone, evasion
        for i in range(1, 5):
            r = state.units[f"Raider-{i}"]
            r.status, r.zone = ("active" if i <= foes else "taken out"), foe_zone
            r.skills["gunnery"], r.detected = foe
        for seed in range(2):
            got = bot.choose(rs, state, "Tachyon", random.Random(seed))
            want = plain_choose(rs, state, "Tachyon", random.Random(seed))
            assert (got, got.label) == (want, want.label)
            chosen.add(f"{got.action}{' hurt' if bot._hurt(u) else ''}")
    assert {
        "bug_out hurt",
        "concede hurt",
        "concede",
        "evade hurt",
        "tail",
        "tail hurt",
        "move",
        "move hurt",
        "move2 hurt",
        "skip",
    } <= chosen, chosen


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_strength_and_losing_as_the_plain_sums(path: Path) -> None:
    # The bot weighs the enemy first, then its own side only until it is enough: over shields
    # marked, consequences taken, craft out and enemies unseen at random (ships, turrets,
    # flights and craft), each unit's strength and each side's verdict are the plain ones.
    enc = Encounter.start(read_yaml(path), seed=3, source=str(path))
    rs, state = enc.ruleset, enc.state
    assert isinstance(rs, Tachyon) and isinstance(state, TachyonState)
    rng = random.Random(5)
    verdicts = {True: 0, False: 0}
    for _ in range(400):
        for u in state.units.values():
            if u.shields is not None:
                u.shields.marked = [rng.random() < 0.4 for _ in u.shields.boxes]
            if u.consequences is not None:
                for sev in u.consequences.slots:
                    u.consequences.slots[sev] = None
                    if rng.random() < 0.3:
                        u.consequences.take(sev, "Hit")
            u.status = OUT if rng.random() < 0.25 else ACTIVE
            u.detected = rng.random() < 0.8
            assert bot._strength(u) == _plain_strength(u)
        for side in state.sides:
            losing = bot._losing(rs, state, side)
            assert losing == _plain_losing(rs, state, side)
            verdicts[losing] += 1
    assert verdicts[True] > 20 and verdicts[False] > 20, verdicts


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_the_bots_small_menus_are_the_legal_ones_filtered(path: Path) -> None:
    # Piloting asks for one kind of action at a time, gunnery for the shots in range first
    # and EW for the skip alone: each such
    # list must be exactly the legal one with the rest left out, in every state random play
    # reaches.
    menus = [bot.SKIP, bot.ATTACKS, bot.EVADE, bot.BUG_OUT, bot.CONCEDE, bot.AIMS, bot.OTHER_SHOTS]
    compared = 0
    for seed in range(21, 27):
        enc = Encounter.from_scenario_file(path, seed=seed)
        rng = random.Random(seed)
        while enc.result() is None and compared < 3000:
            rs, state = enc.ruleset, enc.state
            assert isinstance(rs, Tachyon) and isinstance(state, TachyonState)
            turn = rs.turn(state)
            assert turn is not None
            seat = enc.pending_seats()[0]
            legal = enc.legal(seat)
            if turn[1] in bot.WEIGHS:  # an action phase (not an invoke, absorb or chatter)
                u = state.units[turn[2] or ""]
                for only in menus:
                    got = rs.actions(state, u, only=only)
                    want = [c for c in legal if c.action in only]
                    assert [(c, c.label) for c in got] == [(c, c.label) for c in want]
                    compared += 1
            enc.submit(seat, rng.choice(legal))
    assert compared > 100
