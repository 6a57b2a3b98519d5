"""Audit 11 of the diaspora ruleset against its seed (seeds/002_dc5d5c3e593a1e3d.txt, "The
Sequence") and rulings D3, D14: each test cites the passage it checks."""

from __future__ import annotations

from diaspora_helpers import MINUS, PLUS, ZERO, scenario, ship, start, state, the

from shiftdrive.core.dice import ScriptedDice
from shiftdrive.engine.encounter import Encounter


def _three_at_position(v_shift: int = 3) -> tuple[Encounter, ScriptedDice]:
    """A (Heat track of one box) and A2 (at band 1, `v_shift`) against B (band 2); A wins
    detection and opens with position."""
    data = scenario([ship("A", heat=1), ship("A2", v_shift=v_shift)], [ship("B")])
    enc, dice = start(data, PLUS, ZERO, MINUS)
    enc.pass_window("compel")
    enc.pass_window("invoke")
    enc.submit("blue", "place ship=A band=0")
    enc.submit("blue", "place ship=B band=2")
    enc.submit("blue", "place ship=A2 band=1")
    enc.submit("blue", "opening phase=position")
    enc.pass_window("compel")
    return enc, dice


def test_a_ship_its_own_burn_takes_out_does_not_win_the_position_d3_d14() -> None:
    """Seed "Position": burning ships "immediately take a hit to their Heat stress track";
    D14: a hit past the last box takes the ship out of the fight. "Only the highest roller may
    alter any ship's positions": a ship already out is no roller, so control passes to the
    highest roll still in the fight."""
    enc, dice = _three_at_position()
    dice.push([*ZERO, *ZERO, *MINUS])  # A 2 + 0 + 8 = 10, A2 2 + 0 + 1 = 3, B 2 - 4 = -2
    enc.submit("blue", "burn value=8")
    enc.submit("red", "burn value=0")
    enc.submit("blue", "burn value=1")
    assert state(enc).rolls == {"A": 10, "A2": 3, "B": -2}
    enc.submit("blue", "absorb taking=none")  # 8 past A's one Heat box
    assert the(enc, "A").out == "destroyed"
    enc.submit("blue", "absorb taking=none")  # A2's burn 1
    st = state(enc)
    assert st.mover == "A2" and st.rank == ["A2", "B"]
    assert [(d.kind, d.actor) for d in enc.pending()] == [("move", "A2")]
    moves = {(c.str_param("ship"), c.int_param("to")) for c in enc.legal("blue")}
    assert ("B", 4) in moves and ("B", -1) in moves  # A2 moves B: 5 shifts, 3 bands


def test_a_ship_its_burn_takes_out_is_not_the_lowest_roll_either_d3_d14() -> None:
    """Seed "Position": the winner "may move himself the difference between his roll and the
    lowest roll": the lowest roll of the ships still in the fight."""
    enc, dice = _three_at_position(v_shift=8)  # the shifts limit A2's move, not its V-shift
    the(enc, "A").tracks["heat"].take_hit(1)  # A's one Heat box is marked: any burn takes it out
    dice.push([*MINUS, *PLUS, *ZERO])  # A 2 - 4 + 1 = -1, A2 2 + 4 = 6, B 2 + 0 = 2
    enc.submit("blue", "burn value=1")
    enc.submit("red", "burn value=0")
    enc.submit("blue", "burn value=0")
    enc.submit("blue", "absorb taking=none")
    assert the(enc, "A").out == "destroyed"
    assert state(enc).mover == "A2"
    own = {c.int_param("to") for c in enc.legal("blue") if c.str_param("ship") == "A2"}
    # 6 - 2 = 4 shifts from band 1 (not 6 - (-1) = 7: -4 for 6, off the map past +4 for 7)
    assert own == {-3, -2, -1, 0, 2, 3, 4}
