"""Compels before the rolls (D12): another side compels a ship's aspect; accepted, the ship
gains a fate point and fails to act (detection and position: an automatic -4, no dice, final:
no invoke raises it; beam: no target this phase); refused, it pays a fate point."""

from __future__ import annotations

import pytest
from diaspora_helpers import MINUS, PLUS, ZERO, duel, placed_duel, scenario, ship, start, state, the

from shiftdrive.engine.encounter import IllegalChoice
from shiftdrive.rulesets.diaspora.state import BEAM, POSITION


def hot(fate_points: int = 1) -> dict[str, object]:
    return ship("B", aspects=["Hot Engines"], fate_points=fate_points)


def test_an_accepted_compel_in_position_is_an_automatic_minus_four() -> None:
    enc, dice = placed_duel(duel(None, hot()))
    assert state(enc).phase == POSITION
    assert [(d.seat, d.kind, d.window) for d in enc.pending()] == [("blue", "compel", "compel")]
    enc.submit("blue", "compel ship=B aspect='Hot Engines'")
    assert [c.text() for c in enc.legal("red")] == ["answer compel=accept", "answer compel=refuse"]
    enc.submit("red", "answer compel=accept")
    assert the(enc, "B").fate_points.current == 2  # nothing left to compel: the window closes
    dice.push(ZERO)  # only A rolls
    enc.submit("blue", "burn value=0")
    assert dice.remaining == 0
    assert state(enc).rolls == {"A": 2, "B": -4}


def test_a_refused_compel_costs_a_fate_point_and_the_ship_acts() -> None:
    enc, _ = placed_duel(duel(None, hot()))
    enc.submit("blue", "compel ship=B aspect='Hot Engines'")
    enc.submit("red", "answer compel=refuse")
    assert the(enc, "B").fate_points.current == 0
    enc.pass_window("compel")
    assert sorted(d.actor or "" for d in enc.pending()) == ["A", "B"]  # both declare burn


def test_a_refused_compel_is_off_the_table_until_the_next_window() -> None:
    """Refused, the same aspect of the same ship cannot be compelled again before this phase's
    rolls (a chosen default): asking again would only drain the ship's fate points."""
    enc, _ = placed_duel(duel(None, ship("B", aspects=["Hot Engines", "Glass Jaw"], fate_points=3)))
    enc.submit("blue", "compel ship=B aspect='Hot Engines'")
    enc.submit("red", "answer compel=refuse")
    assert [c.text() for c in enc.legal("blue") if c.action == "compel"] == [
        "compel aspect='Glass Jaw' ship=B"
    ]
    assert "compel aspect='Hot Engines' ship=B" not in [c.text() for c in enc.legal("gm")]
    before = the(enc, "B").fate_points.current
    with pytest.raises(IllegalChoice):
        enc.submit("blue", "compel ship=B aspect='Hot Engines'")
    assert the(enc, "B").fate_points.current == before == 2  # refused: nothing changed
    enc.submit("blue", "compel ship=B aspect='Glass Jaw'")  # another aspect is another compel
    enc.submit("red", "answer compel=refuse")
    assert not any(c.action == "compel" for c in enc.legal("blue"))
    assert state(enc).compel_refused == ["B/Hot Engines", "B/Glass Jaw"]


def test_without_a_fate_point_a_compel_must_be_accepted() -> None:
    enc, _ = placed_duel(duel(None, hot(fate_points=0)))
    enc.submit("blue", "compel ship=B aspect='Hot Engines'")
    assert [c.text() for c in enc.legal("red")] == ["answer compel=accept"]


def test_a_compelled_gunner_declares_no_target_this_phase() -> None:
    enc, _ = placed_duel(duel(None, hot()), opening="electronic_warfare")
    assert state(enc).phase == BEAM
    enc.submit("blue", "compel ship=B aspect='Hot Engines'")
    enc.submit("red", "answer compel=accept")
    enc.pass_window("compel")
    assert state(enc).queue == ["A"]  # B fires nothing this phase


def test_the_gm_may_compel_any_ship_while_the_window_is_open() -> None:
    enc, dice = placed_duel(duel(ship("A", aspects=["Old Hull"]), hot()))
    assert "compel aspect='Old Hull' ship=A" in [c.text() for c in enc.legal("gm")]
    enc.submit("gm", "compel ship=A aspect='Old Hull'")
    assert enc.pending()[0].kind == "answer" and enc.pending()[0].seat == "blue"
    enc.submit("blue", "answer compel=accept")
    enc.pass_window("compel")
    dice.push(ZERO)  # A is compelled: only B rolls
    enc.submit("red", "burn value=0")  # the window closes with the phase's first other choice
    assert all(c.action != "compel" for c in enc.legal("gm"))


def test_a_compel_before_detection_is_an_automatic_minus_four() -> None:
    enc, dice = start(duel(ship("A", fate_points=0), hot()))
    assert state(enc).detected is False and enc.pending()[0].kind == "compel"
    enc.submit("blue", "compel ship=B aspect='Hot Engines'")
    dice.push(MINUS)  # only A rolls: 2 - 4 = -2 still beats B's automatic -4
    enc.submit("red", "answer compel=accept")
    assert state(enc).detection_keys == {"A": [-2, 2], "B": [-4, 2]}
    assert state(enc).placers == [("A", 2)]


def test_a_compelled_minus_four_in_detection_is_final() -> None:
    """Seed "Detection": "dice are not rolled and Skills are not considered: your final result
    for your Navigation check is -4" (D12). B, with the fate point the compel gave it and two
    more, is never offered an invoke on it; A still may on its own roll."""
    enc, dice = start(duel(ship("A", aspects=["Keen Eyes"], fate_points=1), hot(fate_points=2)))
    enc.submit("blue", "compel ship=B aspect='Hot Engines'")
    dice.push(MINUS)  # only A rolls: 2 - 4 = -2
    enc.submit("red", "answer compel=accept")
    enc.pass_window("compel")
    assert [(d.seat, d.kind, d.actor) for d in enc.pending()] == [("blue", "invoke", "A")]
    assert not any(c.action == "invoke" for c in enc.legal("red"))
    enc.submit("blue", "pass")
    assert state(enc).detection_keys["B"] == [-4, 2] and the(enc, "B").fate_points.current == 3
    assert state(enc).placers == [("A", 2)]  # straight to placing: B was never asked


def test_a_compelled_minus_four_in_position_is_final_even_with_an_ally() -> None:
    """Seed "Position": "dice are not rolled and Skills are not considered: your final result
    for your positioning check is -4" (D12): no invoke on it, by B itself (even on the
    compelled aspect) nor by its wingman B2 (teamwork): B's roll never opens to invokes; B2's
    own roll is still open."""
    blue = [ship("A")]
    red = [hot(fate_points=2), ship("B2", aspects=["Steady Hands"], fate_points=2)]
    enc, dice = start(scenario(blue, red), PLUS, ZERO, MINUS)  # detection: A 6, B 2, B2 -2
    enc.pass_window("compel")
    enc.pass_window("invoke")
    enc.submit("blue", "place ship=A band=0")
    enc.submit("blue", "place ship=B band=2")
    enc.submit("red", "place ship=B2 band=1")
    enc.submit("blue", "opening phase=position")
    enc.submit("blue", "compel ship=B aspect='Hot Engines'")
    enc.submit("red", "answer compel=accept")
    enc.pass_window("compel")
    dice.push([*ZERO, *ZERO])  # A 2, B2 2 (B rolls nothing)
    enc.submit("blue", "burn value=0")
    enc.submit("red", "burn value=0")
    assert state(enc).rolls == {"A": 2, "B": -4, "B2": 2}
    assert [(d.seat, d.actor) for d in enc.pending()] == [("red", "B2")]  # B2's own roll only
    assert "invoke aspect='Steady Hands' effect=bonus payment=fate_point" in [
        c.text() for c in enc.legal("red")
    ]
    enc.submit("red", "pass")
    # A and B2 tie at 2: control passes down to B's -4 (D3), which nobody changed
    assert state(enc).rolls["B"] == -4 and state(enc).mover == "B"
    assert the(enc, "B").fate_points.current == 3


def test_drives_off_minus_four_may_still_be_raised_by_an_aspect() -> None:
    """Seed "Position": leaving the drives off gives "an automatic -4 final result for the
    positioning check, which might still be modified by Aspects" (no dice: +2 only)."""
    enc, dice = placed_duel(duel(None, hot(fate_points=1)))
    enc.pass_window("compel")
    dice.push(MINUS)  # A 2 - 4 = -2
    enc.submit("blue", "burn value=0")
    enc.submit("red", "drift")
    assert [c.text() for c in enc.legal("red")] == [
        "invoke aspect='Hot Engines' effect=bonus payment=fate_point",
        "pass",
    ]
    enc.submit("red", "invoke aspect='Hot Engines' effect=bonus payment=fate_point")
    assert state(enc).rolls == {"A": -2, "B": -2}
