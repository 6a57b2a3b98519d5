"""`OneAtATime`: a ruleset that waits on one decision at a time (star_wars's popcorn order)
answers who is waited on, a seat's turn and the turn a choice is made in from that one turn,
as the base class derives them from its list of turns; a choice it cannot take is refused
as the base class refuses it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from shiftdrive.core.dice import SeededDice
from shiftdrive.core.errors import RuleError
from shiftdrive.engine.encounter import Encounter, IllegalChoice
from shiftdrive.engine.ruleset import OneAtATime, Ruleset
from shiftdrive.files import read_yaml

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "star_wars"


@pytest.mark.parametrize("name", ["cantina-duel", "trench-run", "blockade-runner"])
def test_the_one_turn_gives_what_the_list_of_turns_would(name: str) -> None:
    path = EXAMPLES / f"{name}.yaml"
    enc = Encounter.start(read_yaml(path), seed=3)
    rs, rng = enc.ruleset, random.Random(3)
    assert isinstance(rs, OneAtATime)
    for _ in range(120):
        state = enc.state
        turn = rs.turn(state)
        if turn is None:
            break
        assert rs.turns(state) == [turn]
        assert rs.waiting(state) == Ruleset.waiting(rs, state) == [turn.seat]
        for seat in [*state.sides, "gm"]:
            assert rs.turn_of(state, seat) == Ruleset.turn_of(rs, state, seat)
        enc.submit(turn.seat, rng.choice(enc.legal(turn.seat)))


def test_a_choice_out_of_turn_is_refused_as_the_base_class_refuses_it() -> None:
    enc = Encounter.start(read_yaml(EXAMPLES / "cantina-duel.yaml"), seed=1)
    rs, state = enc.ruleset, enc.state
    assert isinstance(rs, OneAtATime)
    turn = rs.turn(state)
    assert turn is not None
    other = next(s for s in state.sides if s != turn.seat)
    choice = enc.legal(turn.seat)[0]
    with pytest.raises(IllegalChoice, match=f"it is not {other}'s decision now"):
        enc.submit(other, choice)
    with pytest.raises(RuleError, match=f"{other} cannot {choice.action} now"):
        rs.apply(state, other, choice, SeededDice(0))
