"""diaspora position (D3, D15): secret burns, the roll, Heat, drives off, the winner's move with
the band map's costs and the V-shift limit, ties passing control down, leaving by the edge
(D14)."""

from __future__ import annotations

import pytest
from diaspora_helpers import MINUS, PLUS, ZERO, duel, placed_duel, ship, state, the

from shiftdrive.engine.encounter import IllegalChoice
from shiftdrive.engine.ruleset import Ending
from shiftdrive.rulesets.diaspora.phases import position


def test_burns_are_secret_until_all_are_in_d15() -> None:
    enc, dice = placed_duel()
    enc.submit("blue", "burn value=2")
    assert "A" not in enc.view("red")["state"]["burns"]
    assert enc.view("blue")["state"]["burns"] == {"A": 2}
    last = enc.log[-1]
    assert last.events[0].visible_to == frozenset({"blue"})
    assert enc.ruleset.describe(last.events[0], "red") == "A declares its burn"
    dice.push([*ZERO, *MINUS])
    enc.submit("red", "burn value=0")
    assert enc.view("red")["state"]["burns"] == {"A": 2, "B": 0}


def test_the_roll_is_v_shift_limited_by_pilot_plus_dice_plus_burn_and_burn_marks_heat() -> None:
    enc, dice = placed_duel()
    dice.push([*ZERO, *MINUS])
    enc.submit("blue", "burn value=2")
    enc.submit("red", "burn value=0")
    st = state(enc)
    assert st.rolls == {"A": 2 + 0 + 2, "B": 2 - 4 + 0}
    assert [d.kind for d in enc.pending()] == ["absorb"]  # consequences offered first (D3)
    enc.submit("blue", "absorb taking=mild")
    assert the(enc, "A").tracks["heat"].render() == "[x][2][3][4][5]"  # 2 - mild 1 = 1
    assert enc.pending()[0].kind == "move" and enc.pending()[0].actor == "A"


def test_a_marked_box_cascades_to_the_next_open_one_c8b() -> None:
    enc, dice = placed_duel()
    the(enc, "A").tracks["heat"].take_hit(2)
    dice.push([*ZERO, *MINUS])
    enc.submit("blue", "burn value=1")
    enc.submit("red", "burn value=0")
    enc.submit("blue", "absorb taking=none")
    assert the(enc, "A").tracks["heat"].render() == "[x][x][x][4][5]"


def test_drives_off_is_minus_four_and_clears_the_highest_heat_box() -> None:
    enc, dice = placed_duel()
    the(enc, "A").tracks["heat"].take_hit(3)
    dice.push(MINUS)  # only B rolls
    enc.submit("blue", "drift")
    enc.submit("red", "burn value=0")
    assert state(enc).rolls == {"A": -4, "B": -2}
    assert the(enc, "A").tracks["heat"].render() == "[x][x][3][4][5]"
    assert enc.pending()[0].actor == "B"  # B won: -2 beats -4


def test_a_tie_for_the_top_passes_control_to_the_next_roll() -> None:
    assert position.winner({"A": 3, "B": 3, "C": 1}) == "C"
    assert position.winner({"A": 3, "B": 3}) is None
    assert position.winner({"A": 1, "B": 3, "C": 3, "D": 2}) == "D"


def test_the_winner_moves_itself_or_a_lower_ship_within_its_v_shift() -> None:
    enc, dice = placed_duel(a_band=0, b_band=2)
    dice.push([*PLUS, *ZERO])  # A 2 + 4 = 6, B 2: 4 shifts either way, V-shift 3
    enc.submit("blue", "burn value=0")
    enc.submit("red", "burn value=0")
    moves = [(c.str_param("ship"), c.int_param("to")) for c in enc.legal("blue")]
    assert sorted(to for ship, to in moves if ship == "A") == [-3, -2, -1, 1, 2, 3]
    # B: 2 -> 4 costs 1 + 2; off the map would cost 1 + 2 + 3 = 6 > 4
    assert sorted(to for ship, to in moves if ship == "B") == [-1, 0, 1, 3, 4]
    enc.submit("blue", "move ship=B to=4")
    assert the(enc, "B").band == 4 and state(enc).phase != "position"


def test_edge_crossing_costs_two_and_leaving_costs_three_d3() -> None:
    enc, _ = placed_duel(a_band=0, b_band=3)
    st = state(enc)
    b = the(enc, "B")
    assert position.destinations(st, b, 2, 3) == [1, 2, 4]  # 3->4 costs 2
    assert 5 not in position.destinations(st, b, 4, 3)  # 2 + 3 = 5 shifts to leave
    assert 5 in position.destinations(st, b, 5, 3)
    assert 5 not in position.destinations(st, b, 5, 1)  # never more bands than V-shift


def test_pushed_off_the_map_leaves_the_fight_and_ends_it_d14() -> None:
    enc, dice = placed_duel(duel(ship("A", v_shift=4)), a_band=0, b_band=3)
    dice.push([*PLUS, *MINUS])  # A 2 + 4 + 1 = 7, B 2 - 4 = -2: 9 shifts, V-shift 4
    enc.submit("blue", "burn value=1")
    enc.submit("red", "burn value=0")
    enc.submit("blue", "absorb taking=none")
    with pytest.raises(IllegalChoice):
        enc.submit("blue", "move ship=A to=5")  # A is 4 bands from the edge and V-shift 4
    enc.submit("blue", "move ship=B to=5")
    assert the(enc, "B").out == "off the map"
    result = enc.result()
    assert result is not None and result.ending == Ending.BUG_OUT
    assert "red left by the map edge" in result.reason
