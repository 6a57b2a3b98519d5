"""The round's decisions (F2, cheat sheet): where an attacker moves, the defender's hex, moving
back into range, stepping away after the attack, interjecting in the move order; movement costs
(F7); aim's lifetime; stun stacking (F8); how a fight ends and what it did to each character."""

from __future__ import annotations

from fa_helpers import char, hp, play, scenario, start
from hypothesis import given, settings
from hypothesis import strategies as st

from shiftdrive.engine.encounter import Encounter
from shiftdrive.engine.events import GM
from shiftdrive.engine.ruleset import Ending
from shiftdrive.maps.hexgrid import Hex, HexMap, Terrain
from shiftdrive.rulesets.fully_automated import query
from shiftdrive.rulesets.fully_automated.geometry import Board, sight

INIT = (5, 5, 1, 1)  # A: 5 + 10 = 15, B: 5 + 2 = 7


def legal(enc: Encounter, seat: str) -> list[str]:
    return [c.text() for c in enc.legal(seat)]


def test_attacker_chooses_the_hex_its_card_movement_reaches() -> None:
    enc, _ = start(scenario([char("A", "0,0")], [char("B", "1,1")]), *INIT, 0, 0)
    play(enc, A="punch", B="move")
    # Punch: adjacent, with 1 hex of movement: the two hexes next to both A and B.
    froms = sorted(o for o in legal(enc, "A") if o.startswith("target"))
    assert froms == ["target from=0,1 name=B", "target from=1,0 name=B"]
    enc.submit("A", "target from=0,1 name=B")
    assert enc.state.fighters["A"].pos == Hex(0, 1)
    assert hp(enc, "B") == 16  # 4 damage at 0


def test_a_hex_out_of_reach_is_refused_and_nothing_changes() -> None:
    enc, _ = start(scenario([char("A", "0,0")], [char("B", "2,0")]), *INIT)
    play(enc, A="punch", B="move")
    before = enc.snapshot()
    try:
        enc.submit("A", "target from=-1,0 name=B")
    except Exception as exc:  # IllegalChoice
        assert "not one of" in str(exc)
    else:  # pragma: no cover
        raise AssertionError("a hex two away from B was accepted")
    assert enc.snapshot() == before


def test_defender_steps_away_and_attacker_moves_back_into_range() -> None:
    # A adjacent keeps its hex of movement; B defends and steps east; A follows (its choice).
    enc, _ = start(scenario([char("A", "0,0")], [char("B", "1,0")]), *INIT, -1, -1, 0, 0)
    play(enc, A="punch", B="defend")
    enc.submit("A", "target name=B from=0,0")
    enc.submit("B", "step to=1,1")
    assert enc.pending()[0].kind == "follow"
    follows = [o for o in legal(enc, "A") if o.startswith("follow")]
    assert follows == ["follow to=0,1", "follow to=1,0"]
    enc.submit("A", "follow to=0,1")
    assert enc.state.fighters["A"].pos == Hex(0, 1)
    # B's defense rolls - - = -2: the attack proceeds; Punch 0 0 = 0: 4 damage and a stun
    assert hp(enc, "B") == 16 and enc.state.fighters["B"].stun == 1


def test_defender_out_of_reach_fails_the_attack_without_dice() -> None:
    enc, _ = start(scenario([char("A", "0,0")], [char("B", "2,0")]), *INIT)
    play(enc, A="punch", B="defend")
    enc.submit("A", "target name=B from=1,0")  # the hex of movement is spent coming in
    enc.submit("B", "step to=3,0")
    kinds = [e.kind for e in enc.events()]
    assert "out_of_range" in kinds and "defend" not in kinds and hp(enc, "B") == 20


def test_attacker_may_step_away_after_the_attack() -> None:
    enc, _ = start(scenario([char("A", "0,0")], [char("B", "1,0")]), *INIT, 0, 0)
    play(enc, A="punch", B="move")
    enc.submit("A", "target name=B from=0,0")
    assert enc.pending()[0].kind == "withdraw"
    assert "withdraw to=-1,0" in legal(enc, "A")
    enc.submit("A", "withdraw to=-1,0")
    assert enc.state.fighters["A"].pos == Hex(-1, 0) and hp(enc, "B") == 16


def test_moves_go_lowest_first_and_a_higher_one_may_interject() -> None:
    enc, _ = start(scenario([char("A", "0,0")], [char("B", "6,0")]), *INIT)
    play(enc, A="move", B="move")
    kinds = {d.seat: d.kind for d in enc.pending()}
    assert kinds == {"B": "move", "A": "interject"}
    assert "wait" in legal(enc, "A") and "wait" not in legal(enc, "B")
    enc.submit("A", "move to=2,0")  # A interjects before the lower B
    assert [d.seat for d in enc.pending()] == ["B"]
    enc.submit("B", "move to=3,0")
    moves = [e.data["character"] for e in enc.events() if e.kind == "move"]
    assert moves == ["A", "B"]
    assert "interjecting" in next(enc.describe(e) for e in enc.events() if e.kind == "move")


def test_waiting_lets_the_lower_initiative_move_first() -> None:
    enc, _ = start(scenario([char("A", "0,0")], [char("B", "6,0")]), *INIT)
    play(enc, A="move", B="move")
    enc.submit("A", "wait")
    assert [d.seat for d in enc.pending()] == ["B"]
    enc.submit("B", "move to=5,0")
    enc.submit("A", "move to=4,0")
    assert [e.data["character"] for e in enc.events() if e.kind == "move"] == ["B", "A"]


def furthest(enc: Encounter, seat: str) -> int:
    return max(
        Hex.parse(c.str_param("to")).distance(Hex(0, 0))
        for c in enc.legal(seat)
        if c.action == "move" and c.get("aim") is None and c.get("body") is None
    )


def test_rough_terrain_costs_one_more_hex() -> None:
    rough = {str(h): "rough" for h in Hex(0, 0).spiral(8)[1:]}
    enc, _ = start(scenario([char("A", "0,0")], [char("B", "7,-7")], terrain=rough), *INIT)
    play(enc, A="move", B="defend")  # B, ringed by rough ground, has no one-hex step
    assert furthest(enc, "A") == 2  # 4 hexes of allowance, every hex costs 2 (F7)


def test_moving_through_an_adversary_costs_one_more_hex() -> None:
    # A corridor of walls: the only way east passes through B.
    walls = {str(h): "wall" for h in Hex(0, 0).spiral(8) if h.r in (-1, 1)}
    data = scenario([char("A", "0,0")], [char("B", "1,0"), char("C", "-2,6")], terrain=walls)
    enc, _ = start(data, *INIT, 2, 2)
    play(enc, A="move", B="defend", C="defend")
    while enc.pending()[0].kind == "step":
        enc.submit(enc.pending()[0].seat, "stay")
    tos = {c.str_param("to") for c in enc.legal("A") if c.action == "move"}
    # 1,0 is B's; 2,0 costs 1 + 1 (through B) + 1 = 3; 3,0 costs 4; 4,0 would cost 5
    assert "3,0" in tos and "4,0" not in tos


def test_dragging_a_body_costs_two_hexes() -> None:
    data = scenario([char("A", "0,0")], [char("B", "1,0", hp=0), char("C", "-2,6")])
    enc, _ = start(data, *INIT, 2, 2)
    play(enc, A="move", C="defend")
    while enc.pending()[0].kind == "step":
        enc.submit(enc.pending()[0].seat, "stay")
    drags = [c for c in enc.legal("A") if c.get("body") == "B"]
    assert drags and max(Hex.parse(c.str_param("to")).distance(Hex(0, 0)) for c in drags) == 2
    enc.submit("A", "move to=-2,0 body=B")
    assert enc.state.fighters["B"].pos == Hex(-1, 0)  # trailing one hex behind


def test_aim_lasts_one_extra_round_then_expires() -> None:
    enc, _ = start(scenario([char("A", "0,0")], [char("B", "8,-8")]), *INIT)
    play(enc, A="aim", B="defend")
    enc.submit("B", "stay")
    aims = []
    for _ in range(3):
        aims.append(enc.state.fighters["A"].aim > 0)
        play(enc, A="defend", B="defend")
        enc.submit("A", "stay")
        enc.submit("B", "stay")
    assert aims == [True, True, False]


def test_aimed_move_goes_six_hexes_and_spends_the_aim() -> None:
    enc, _ = start(scenario([char("A", "0,0")], [char("B", "8,-8")]), *INIT)
    play(enc, A="aim", B="defend")
    enc.submit("B", "stay")
    play(enc, A="move", B="defend")
    enc.submit("B", "stay")
    assert "move aim=true to=6,0" in legal(enc, "A") and furthest(enc, "A") == 4
    enc.submit("A", "move aim=true to=6,0")
    assert enc.state.fighters["A"].aim == 0


def test_damage_spoils_aim() -> None:
    enc, _ = start(scenario([char("A", "0,0")], [char("B", "1,0")]), 1, 1, 5, 5, 0, 0)
    play(enc, A="aim", B="punch")  # B acts first (initiative 15) and hits A
    enc.submit("B", "target name=A from=1,0")
    if enc.pending() and enc.pending()[0].kind == "withdraw":
        enc.submit("B", "stay")
    assert hp(enc, "A") == 16 and enc.state.fighters["A"].aim == 0


def test_stuns_stack_as_rounds() -> None:
    dice = (0, 0, -1, -1, -1, 0, 0)  # punch 0; B's defense 3dF worst two -1 -1 = -2; punch 0
    enc, _ = start(scenario([char("A", "0,0")], [char("B", "1,0")]), *INIT, *dice)
    play(enc, A="punch", B="move")
    enc.submit("A", "target name=B from=0,0")
    enc.submit("A", "stay")
    enc.submit("B", "move to=1,0")
    assert enc.state.fighters["B"].stun == 1
    # Round 2: B is stunned, so it does not choose: it defends, at disadvantage (F8)
    assert [d.seat for d in enc.pending()] == ["A"]
    play(enc, A="punch")
    enc.submit("A", "target name=B from=0,0")
    enc.submit("B", "stay")
    enc.submit("A", "stay")
    assert "disadvantage: stunned" in next(
        enc.describe(e) for e in enc.events() if e.kind == "defend"
    )
    # A second stun taken while stunned: one round spent, one still owed for round 3
    assert enc.state.round == 3 and enc.state.fighters["B"].stun == 1
    assert [d.seat for d in enc.pending()] == ["A"]


def test_a_fight_to_the_end_sets_ending_and_tally() -> None:
    enc, _ = start(scenario([char("A", "0,0")], [char("B", "1,0", hp=4)]), *INIT, 0, 0)
    play(enc, A="punch", B="move")
    enc.submit("A", "target name=B from=0,0")
    result = enc.result()
    assert result is not None and result.winner == "Red" and result.ending == Ending.TAKEN_OUT
    tally = {t.name: t for t in enc.ruleset.tally(enc.state)}
    assert tally["B"].taken_out and tally["B"].damage == 4
    assert not tally["A"].taken_out and tally["A"].damage == 0


def test_round_limit_and_gm_endings() -> None:
    data = scenario([char("A", "0,0")], [char("B", "8,-8")], rules={"max_rounds": 1})
    enc, _ = start(data, *INIT)
    play(enc, A="defend", B="defend")
    enc.submit("A", "stay")
    enc.submit("B", "stay")
    result = enc.result()
    assert result is not None and result.winner is None and result.ending == Ending.ROUND_LIMIT
    enc2, _ = start(scenario([char("A", "0,0")], [char("B", "8,-8")]), *INIT)
    enc2.submit(GM, "end winner=Blue")
    result = enc2.result()
    assert result is not None and result.winner == "Blue" and result.ending == Ending.GM


HEXES = st.builds(Hex, st.integers(-5, 5), st.integers(-5, 5)).filter(
    lambda h: h.distance(Hex(0, 0)) <= 5
)


@settings(max_examples=60, deadline=None)
@given(a=HEXES, t=HEXES, walls=st.sets(HEXES, max_size=8), people=st.sets(HEXES, max_size=4))
def test_attacking_is_mutual(a: Hex, t: Hex, walls: set[Hex], people: set[Hex]) -> None:
    """Seed: "A player cannot hold a position from which they claim the ability to attack a
    target while also claiming to be obstructed from attacks from that target"."""
    walls -= {a, t}
    board = Board(HexMap.from_radius(6, {h: Terrain.WALL for h in walls}))
    occ = {h: f"p{i}" for i, h in enumerate(sorted(people - {a, t} - walls))}
    assert sight(board, occ, a, t).attackable == sight(board, occ, t, a).attackable


@settings(max_examples=40, deadline=None)
@given(start_hex=HEXES, budget=st.integers(0, 6), rough=st.sets(HEXES, max_size=12))
def test_walk_never_exceeds_the_allowance(start_hex: Hex, budget: int, rough: set[Hex]) -> None:
    board = Board(HexMap.from_radius(6, {h: Terrain.ROUGH for h in rough}))
    for h, (cost, _) in board.walk(start_hex, budget).items():
        assert h.distance(start_hex) <= cost <= budget


def test_remembered_attack_options_follow_the_layout() -> None:
    """Attack options are remembered per layout: a move or a death gives fresh answers."""
    enc, _ = start(scenario([char("A", "0,0")], [char("B", "3,0"), char("C", "0,3")]), *INIT, 2, 2)
    state = enc.state
    assert not query.attack_options(state, "A", "B", "punch", 1)
    state.fighters["B"].pos = Hex(2, 0)
    assert sorted(query.attack_options(state, "A", "B", "punch", 1)) == [Hex(1, 0)]
    state.fighters["C"].pos = Hex(1, 0)  # C now stands where A would punch from
    assert not query.attack_options(state, "A", "B", "punch", 1)
    state.fighters["C"].hp = -25  # dead: the token comes off the map
    assert sorted(query.attack_options(state, "A", "B", "punch", 1)) == [Hex(1, 0)]


def test_a_stun_taken_this_round_limits_the_next_round_not_a_later_defense() -> None:
    """F8 (seed: "limited in the next round"): C, stunned by A's punch in round 1, defends
    against B later in round 1 without disadvantage (round 2's disadvantage is
    `test_stuns_stack_as_rounds`)."""
    init = (5, 5, 4, 4, 1, 1)  # A 15, B 13, C 7
    data = scenario([char("A", "0,0"), char("B", "2,-1")], [char("C", "1,0")])
    # C's defense vs A: - - = -2 (adjacent: 2dF); A's punch 0 0: 4 and a stun;
    # C's defense vs B: 0 0 = 0, the attack fails (2dF: the stun is not yet in force)
    enc, _ = start(data, *init, -1, -1, 0, 0, 0, 0)
    play(enc, A="punch", B="punch", C="defend")
    enc.submit("A", "target name=C from=0,0")
    enc.submit("C", "stay")
    enc.submit("A", "stay")
    assert enc.state.fighters["C"].stun == 1
    enc.submit("B", "target name=C from=2,-1")
    defenses = [e for e in enc.events() if e.kind == "defend"]
    assert len(defenses) == 2
    assert defenses[1].data["disadvantage"] == [] and len(defenses[1].data["faces"]) == 2
    assert hp(enc, "C") == 16
