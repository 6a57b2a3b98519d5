"""The rules' and the bot's shortcuts give exactly what the plain, exhaustive reckoning gives."""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path

import pytest
from fa_helpers import char, scenario, start
from hypothesis import given, settings
from hypothesis import strategies as st

from shiftdrive.engine.encounter import Encounter
from shiftdrive.files import read_yaml
from shiftdrive.maps.hexgrid import Hex
from shiftdrive.rulesets.fully_automated import bot, query, reach, rounds, walks
from shiftdrive.rulesets.fully_automated.bot import choose
from shiftdrive.rulesets.fully_automated.geometry import (
    COVERED,
    NO_LINE,
    OBSTRUCTED,
    OPEN,
    Sight,
    sight,
)
from shiftdrive.rulesets.fully_automated.query import farthest, range_status
from shiftdrive.rulesets.fully_automated.rules import FullyAutomated
from shiftdrive.rulesets.fully_automated.scenario import CardSpec
from shiftdrive.rulesets.fully_automated.state import (
    ACTIVE,
    DEAD,
    DYING,
    INCAPACITATED,
    FAState,
    Fighter,
)

EXAMPLES = Path(__file__).parents[3] / "examples" / "fully_automated"
NAMES = ("A", "B", "C", "D")  # A and D are Red, B and C Blue
CARDS = ("punch", "spear", "pistol_shot", "rifle_fire")
HEXES = (
    st.tuples(st.integers(-4, 4), st.integers(-4, 4))
    .map(lambda qr: Hex(*qr))
    .filter(lambda h: h.distance(Hex(0, 0)) <= 4)
)
TERRAIN = st.dictionaries(
    HEXES.map(lambda h: f"{h.q},{h.r}"),
    st.sampled_from(["wall", "low_obstacle", "high_obstacle", "rough"]),
    max_size=10,
)


def encounter(terrain: dict[str, str]) -> tuple[FullyAutomated, FAState]:
    weapons = {"weapons": ["pistol", "spear", "rifle"]}
    red = [char("A", "-5,0", **weapons), char("D", "-5,2")]
    blue = [char("B", "5,0"), char("C", "5,-2")]
    enc, _ = start(scenario(red, blue, radius=5, terrain=terrain), 9, 9, 7, 7, 5, 5, 3, 3)
    rs = enc.ruleset
    assert isinstance(rs, FullyAutomated)
    return rs, enc.state


def example(name: str, seed: int) -> tuple[Encounter, FullyAutomated, FAState, random.Random]:
    """Example `name` started with `seed`, its rules and state, and the bots' rng."""
    enc = Encounter.start(read_yaml(EXAMPLES / f"{name}.yaml"), seed=seed)
    rs = enc.ruleset
    assert isinstance(rs, FullyAutomated)
    return enc, rs, enc.state, random.Random(seed)


def plain_options(
    rs: FullyAutomated, state: FAState, a: str, t: str, cid: str, budget: int
) -> Mapping[Hex, tuple[int, int]]:
    """The seed's reckoning without memo or shortcuts: walk every reachable hex, keep those in
    range, free and with a line of attack."""
    fa, ft = state.fighters[a], state.fighters[t]
    if fa.pos is None or ft.pos is None:
        return {}
    card, board = query.card(state, cid), query.board(state)
    alive = [f for f in state.fighters.values() if f.pos is not None and f.status != DEAD]
    others = {f.pos: f.name for f in alive if f.name not in (a, t)}
    enemies = {f.pos for f in alive if f.side != fa.side}
    reach = board._walk(fa.pos, budget, enemies) if budget > 0 else {fa.pos: (0, None)}
    out = {}
    for h, (cost, _) in reach.items():
        at = range_status(card, h.distance(ft.pos))
        if at is None or (h != fa.pos and (h in others or h == ft.pos)):
            continue
        if sight(board, others, h, ft.pos).attackable:
            out[h] = (at, cost)
    return out


@settings(max_examples=150, deadline=None)
@given(
    terrain=TERRAIN,
    spots=st.lists(HEXES, min_size=4, max_size=4, unique=True),
    dead=st.sets(st.sampled_from(NAMES[1:])),
    cid=st.sampled_from(CARDS),
    budget=st.integers(0, 6),
)
def test_attack_options_are_the_plain_reckoning(
    terrain: dict[str, str], spots: list[Hex], dead: set[str], cid: str, budget: int
) -> None:
    """Out of reach by distance alone, walked from the smaller of reach and range, occupants
    read off the layout, remembered: the same hexes, ranges and costs as the plain walk."""
    rs, state = encounter(terrain)
    for name, h in zip(NAMES, spots, strict=True):
        state.fighters[name].pos = h
        if name in dead:
            state.fighters[name].hp = -25
    for t in NAMES[1:]:
        want = plain_options(rs, state, "A", t, cid, budget)
        assert dict(query.attack_options(state, "A", t, cid, budget)) == want
        assert dict(query.attack_options(state, "A", t, cid, budget)) == want  # remembered


@pytest.mark.parametrize("name", ["brawl", "standoff"])
def test_the_remembered_hand_is_each_fighters_own(name: str) -> None:
    """The bot reads a hand once per fight: what it remembers for each fighter is what it would
    read off that fighter's cards now, all fight long."""
    enc, rs, state, rng = example(name, 0)
    while enc.result() is None:
        seat = rs.waiting(state)[0]
        enc.submit(seat, choose(rs, state, seat, rng))
        for f in state.fighters.values():
            assert bot._hand(state, f) == bot._read_hand(state, f)
    assert "hand_memo" not in str(enc.to_json())


def plain_defend_step(rs: FullyAutomated, state: FAState, seat: str) -> str:
    """Every step ranked (out of reach, in cover, neither) the long way; the first best."""
    atk, f = state.attack, state.fighters[seat]
    assert atk is not None and f.pos is not None
    start, ranked = f.pos, []
    for i, c in enumerate(rs.legal(state, seat)):
        to = c.str_param("to")
        f.pos = Hex.parse(to) if to else start
        out = not reach._attack_options(
            state, atk.attacker, seat, atk.card, atk.movement_left, query.layout(state)
        )
        cover = query.sight_between(state, atk.attacker, seat).cover
        ranked.append((0 if out else 1 if cover else 2, i, c.text()))
    f.pos = start
    return min(ranked)[2]


@pytest.mark.parametrize("name", ["brawl", "standoff"])
@pytest.mark.parametrize("seed", range(6))
def test_defend_step_is_the_first_best_of_the_plain_ranking(name: str, seed: int) -> None:
    """Stopping at the first hex out of reach and drawing lines only while cover could still
    help, with the others taken once: the defender steps where the full ranking says."""
    enc, rs, state, rng = example(name, seed)
    checked = 0
    while enc.result() is None:
        seat = rs.waiting(state)[0]
        if state.phase == "defend_step":
            want = plain_defend_step(rs, state, seat)
            choice = choose(rs, state, seat, rng)
            assert choice.text() == want
            checked += 1
        else:
            choice = choose(rs, state, seat, rng)
        enc.submit(seat, choice)
    assert checked > 0


def fighter(hp: int, restrained: bool) -> Fighter:
    return Fighter("A", "Red", hp, 20, 5, 4, 0, "none", [], [], False, [], restrained=restrained)


@pytest.mark.parametrize(
    ("hp", "restrained", "status"),
    [
        (20, False, ACTIVE), (1, False, ACTIVE), (1, True, INCAPACITATED),
        (0, False, INCAPACITATED), (-10, False, INCAPACITATED), (-11, False, DYING),
        (-19, True, DYING), (-20, False, DEAD), (-25, True, DEAD),
    ],
)  # fmt: skip
def test_status_is_f8(hp: int, restrained: bool, status: str) -> None:
    """F8: <= 0 incapacitated; < -10 dying; <= -20 dead; restrained counts as incapacitated."""
    assert fighter(hp, restrained).status == status


@given(
    start_hp=st.integers(-30, 30),
    start_restrained=st.booleans(),
    changes=st.lists(st.one_of(st.integers(-30, 30), st.booleans()), max_size=12),
)
def test_the_kept_status_follows_every_change(
    start_hp: int, start_restrained: bool, changes: list[int | bool]
) -> None:
    """`status` is kept beside HP and restraint: after every change it is what a fighter made
    with that HP and restraint has."""
    f = fighter(start_hp, start_restrained)
    for change in changes:
        if isinstance(change, bool):
            f.restrained = change
        else:
            f.hp = change
        assert f.status == fighter(f.hp, f.restrained).status
        assert f.able == (f.status == ACTIVE)
        assert f.to_json()["status"] == f.status


def test_a_fighter_in_json_keeps_its_fields_and_order() -> None:
    f = Fighter("A", "Red", 5, 20, 5, 4, 1, "light", ["club"], ["club"], True, ["club"])
    f.restrained = True
    assert list(f.to_json()) == [
        "name", "side", "hp", "max_hp", "speed", "move", "armor", "armor_name",
        "proficiencies", "weapons", "restraints", "cards", "pos", "initiative", "rolloff",
        "stun", "stunned_now", "restrained", "aim", "moved_last_round", "moved_this_round",
        "damaged", "stepped", "hp_lost", "stabilised", "status",
    ]  # fmt: skip
    assert f.to_json()["hp"] == 5 and f.to_json()["status"] == INCAPACITATED
    assert f == Fighter(
        "A", "Red", 5, 20, 5, 4, 1, "light", ["club"], ["club"], True, ["club"], restrained=True
    )


@pytest.mark.parametrize("name", ["brawl", "standoff"])
@pytest.mark.parametrize("seed", range(4))
def test_withdraw_stay_is_legal_exactly_at_a_withdraw(name: str, seed: int) -> None:
    """`withdraw_stay` is one of the legal choices at a withdraw, and None everywhere else."""
    enc, rs, state, rng = example(name, seed)
    withdraws = 0
    while enc.result() is None:
        seat = rs.waiting(state)[0]
        stay = query.withdraw_stay(state, seat)
        if state.phase == "withdraw":
            assert stay is not None and stay in rs.legal(state, seat)
            withdraws += 1
        else:
            assert stay is None
        enc.submit(seat, choose(rs, state, seat, rng))
    assert withdraws > 0 or name == "standoff"  # a standoff may see none


def test_a_walled_in_fighter_has_no_free_step() -> None:
    """Walls all round (and its own hex, which is no step): both checks say no."""
    walls = {str(h): "wall" for h in Hex(0, 0).neighbours()}
    data = scenario([char("A", "0,0")], [char("B", "4,0")], terrain=walls)
    enc, _ = start(data, 9, 9, 7, 7, 5, 5, 3, 3)
    rs, state = enc.ruleset, enc.state
    assert isinstance(rs, FullyAutomated)
    for budget in (1, 2, 4):
        assert not walks.free_steps(state, "A", budget)
        assert not walks.has_free_step(state, "A", budget)
    assert not walks.step_options(state, "A") and not walks.can_step(state, "A")
    assert walks.can_step(state, "B") and walks.has_free_step(state, "B", 2)
    assert not walks.has_free_step(state, "B", 0)  # no movement left: no step


@pytest.mark.parametrize(
    ("near", "far", "want"), [((1, 5), (1, 7), 7), ((2, 8), (1, 1), 8), ((1, 3), None, 3)]
)
def test_farthest_is_the_end_of_the_longer_range(
    near: tuple[int, int], far: tuple[int, int] | None, want: int
) -> None:
    """How far a card reaches without moving (the rules' cut-off and the bot's threat): the
    disadvantaged range's end only when it goes farther (a rifle disadvantaged when adjacent
    still reaches its normal range)."""
    card = CardSpec(name="x", kind="attack", range=near, disadvantaged_range=far)
    assert farthest(card) == want


@pytest.mark.parametrize("name", ["brawl", "standoff"])
@pytest.mark.parametrize("seed", range(4))
def test_sides_standing_and_waiting_are_the_plain_reckoning(name: str, seed: int) -> None:
    """The sides standing (the pass stops once every side is found) and the seats waiting
    (one seat read straight off the turn) are what the plain reckoning gives, all fight."""
    enc, rs, state, rng = example(name, seed)
    seen = set()
    while True:
        fighters = state.fighters.values()
        want = [s for s in state.sides if any(f.able and f.side == s for f in fighters)]
        assert rounds.standing(state) == want
        seen.add(len(want))
        assert rs.waiting(state) == list(dict.fromkeys(t.seat for t in rs.turns(state)))
        if enc.result() is not None:
            break
        seat = rs.waiting(state)[0]
        enc.submit(seat, choose(rs, state, seat, rng))
    assert 2 in seen and len(seen) > 1


@given(st.booleans(), st.booleans(), st.booleans(), st.sampled_from([None, "A"]))
def test_a_sights_kept_attackable_is_a_line_not_obstructed(
    line: bool, obstructed: bool, cover: bool, cover_by: str | None
) -> None:
    """`attackable` is kept on the sight when made: a line of attack, not obstructed."""
    s = Sight(line, obstructed, cover, cover_by)
    assert s.attackable == (line and not obstructed)
    assert s == Sight(line, obstructed, cover, cover_by)
    for const in (NO_LINE, OBSTRUCTED, OPEN, COVERED):
        assert const.attackable == (const.line and not const.obstructed)
