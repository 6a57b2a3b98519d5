"""Audit 11 of the star_wars ruleset against its seed and rulings, with scripted dice."""

from __future__ import annotations

from test_duel import MINUS, PLUS, ZERO, duel_scene

from shiftdrive.core.dice import ScriptedDice
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter


def _duel_round(enc: Encounter) -> None:
    """Lia presses the duel with Shoot; TK-1 answers with Shoot; nobody invokes."""
    enc.submit("rebels", Choice.of("duel", skill="Shoot"))
    enc.submit("empire", Choice.of("defend", skill="Shoot"))
    enc.pass_window("invoke")


def test_a_duellists_boost_fades_after_the_duel_round_that_was_its_next_turn() -> None:
    """C6 (a boost vanishes unused at the end of its holder's next turn) with S8 (a duel round
    is both duellists' action): TK-1 wins Lia's round 1 with style and takes a point and a
    boost; Lia opens round 2 and presses the duel again, which is TK-1's turn too: unused,
    the boost is gone when it ends (TK-1 is never picked to act on its own)."""
    # round 1: Lia 3 - 4 against TK-1 2 + 4; round 2: Lia 3 + 0 against TK-1 2 + 1, a tie
    enc = Encounter.start(duel_scene(), dice=ScriptedDice(MINUS + PLUS + ZERO + [1, 0, 0, 0]))
    _duel_round(enc)
    enc.submit("empire", "point_and_boost")
    enc.submit("rebels", "accept")
    enc.submit("rebels", Choice.of("next", who="Han"))
    enc.submit("rebels", "hold")  # TK-2 is the last: its turn comes at once
    enc.submit("empire", "hold")
    enc.submit("empire", Choice.of("next", who="Lia"))
    assert enc.state.order.round == 2
    assert "TK-1's Flourish" in enc.state.aspects  # kept until TK-1's next turn ends
    _duel_round(enc)
    assert any(e.kind == "duel_tie" for e in enc.log[-1].events)
    assert "TK-1's Flourish" not in enc.state.aspects
