"""The tachyon bot's shortcuts must choose as the plain way round would.

The bot decides what it would do before it asks the ruleset for that action alone (each such
menu is held to `legal` filtered in test_tachyon_conformance), walks the invokes once, weighs
the sides' strength only until the answer is known and looks through the moves as listed.
Each shortcut is held here to a small oracle: the plain walk, sum or search it replaces.
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path
from typing import Any

import pytest
from tachyon_helpers import raider, scenario, viper

from conftest import pure_only
from shiftdrive.engine.bots import default_bot, run_bots
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter
from shiftdrive.files import read_yaml
from shiftdrive.rulesets.tachyon import bot, query
from shiftdrive.rulesets.tachyon.positions import dist, fighting
from shiftdrive.rulesets.tachyon.query import PASS
from shiftdrive.rulesets.tachyon.rules import Tachyon
from shiftdrive.rulesets.tachyon.state import ACTIVE, OUT, Roll, TachyonState, Unit

EXAMPLES = sorted((Path(__file__).parents[3] / "examples" / "tachyon").glob("*.yaml"))


# --- the plain ways round -------------------------------------------------------------------
def _plain_invoke(rs: Any, state: Any, seat: str) -> Choice:
    """Every open invoke listed, then the first of each kind wanted, in the order wanted."""
    roll = state.roll
    invokes = list(rs.open_invokes(state, roll, seat))
    for payment, effect in bot._wanted(roll):
        for inv in invokes:
            if inv[1] == payment and inv[3] == effect:
                return rs.invoke_choice(state, roll, *inv)
    return PASS


def _plain_toward(
    rs: Tachyon, state: TachyonState, u: Unit, by: dict[str, list[Choice]], goals: list[str]
) -> Choice | None:
    """Every move, cheaper kinds first, against every goal as given."""
    best: tuple[int, int] | None = None
    pick: Choice | None = None
    here = min((dist(state, u.zone, g) for g in goals), default=99)
    for rank, action in enumerate(bot.MOVES):
        for c in by.get(action, []):
            d = min(dist(state, c.str_param("to"), g) for g in goals)
            if d < here and (best is None or (d, rank) < best):
                best, pick = (d, rank), c
    return pick


def _plain_losing(rs: Tachyon, state: TachyonState, side: str) -> bool:
    """Both sides' strength summed in full."""
    mine = sum(bot._strength(u) for u in fighting(state, side))
    theirs = sum(bot._strength(u) for u in fighting(state, state.enemy_of(side)) if u.detected)
    return mine * 2.5 < theirs


# --- the bot's decisions in play ------------------------------------------------------------
def test_the_examples_reach_every_decision() -> None:
    # Bot battles on the examples come to every way the bot decides (a tail, a fire at one
    # craft and at one of two, an invoke of the kind wanted most and of one wanted less, moves,
    # a bug-out, an absorb, each kind of shot): a branch that stopped being taken fails here.
    reached: set[str] = set()

    def policy(enc: Encounter, seat: str, rng: random.Random) -> Choice:
        rs, state = enc.ruleset, enc.state
        assert isinstance(rs, Tachyon) and isinstance(state, TachyonState)
        turn = query.turn(state)
        assert turn is not None
        choice = default_bot(enc, seat, rng)
        if turn.kind == "invoke" and choice.action == "invoke":
            assert state.roll is not None
            wanted = bot._wanted(state.roll)
            taken = (choice.str_param("payment"), choice.str_param("effect"))
            reached.add("invoke first wanted" if taken == wanted[0] else "invoke less wanted")
        elif turn.kind == "absorb":
            reached.add(f"absorb {choice.action}")
        elif state.phase == "gunnery" and choice.action == "fire":
            u = state.units[state.current or ""]
            fires = query.unit_actions(state, u, only=("fire",))
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

    def open_invokes(
        self, state: Any, roll: Any, seat: str, *, fate_points: bool = True, rerolls: bool = True
    ) -> Any:
        # As the ruleset: without fate points (rerolls), the same list less those paid with
        # one (those that reroll).
        yield from (
            i
            for i in self.invokes
            if (fate_points or i[1] != "fate_point") and (rerolls or i[3] != "reroll")
        )

    def invoke_choice(
        self, state: Any, roll: Any, aspect: str, payment: str, by: str, effect: str
    ) -> Choice:
        return Choice.of("invoke", aspect=aspect, payment=payment, by=by, effect=effect)


@pure_only
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
    stage: str, shifts: int, a_dice: int, o_dice: int | None, action: str, monkeypatch: Any
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
            # the bot asks the public query module, here answered by the stand-in
            monkeypatch.setattr(query, "open_invokes", rs.open_invokes)
            monkeypatch.setattr(query, "invoke_choice", rs.invoke_choice)
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
        for c in query.unit_actions(state, u):
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


def test_piloting_reaches_each_decision_whether_hurt_losing_or_not() -> None:
    # Piloting asks for one kind of action at a time, once it knows what it would do: over
    # craft hurt or not, with 0-3 consequences, a PC or not, armed or not, bugged out before
    # or not, against one to four raiders here or far (losing or not), sharper than it or
    # not, seen or not, the bot comes to each of its decisions (hurt and not), each legal.
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
            assert got in rs.legal(state, "Tachyon")
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
    # flights and craft), each side's verdict is the one the full sums give.
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
            strength = bot._strength(u)  # what lets `_losing` stop early, and sum exactly
            assert strength >= 0 and (strength * 4).is_integer(), (u.name, strength)
        for side in state.sides:
            losing = bot._losing(rs, state, side)
            assert losing == _plain_losing(rs, state, side)
            verdicts[losing] += 1
    assert verdicts[True] > 20 and verdicts[False] > 20, verdicts
