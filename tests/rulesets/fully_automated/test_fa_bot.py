"""The bot's shortcuts choose exactly what the plain, exhaustive reckoning would."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from shiftdrive.engine.encounter import Encounter
from shiftdrive.engine.scenario import read_yaml
from shiftdrive.maps.hexgrid import Hex
from shiftdrive.rulesets.fully_automated import bot

EXAMPLES = Path(__file__).parents[3] / "examples" / "fully_automated"


@pytest.mark.parametrize("name", ["brawl", "standoff"])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_hex_choice_is_the_first_best_exact_score(name: str, seed: int) -> None:
    """Scoring with a bar to beat (and stopping at the ceiling) keeps the first best hex."""
    enc = Encounter.start(read_yaml(EXAMPLES / f"{name}.yaml"), seed=seed)
    rs, state = enc.ruleset, enc.state
    rng = random.Random(seed)
    checked = 0
    while enc.result() is None:
        seat = rs.waiting(state)[0]
        choice = rs.bot(state, seat, rng)
        if state.phase in ("moves", "steps") and choice.action != "wait":
            f = state.fighters[seat]
            assert f.pos is not None
            legal = rs.legal(state, seat)
            plain = [c for c in legal if c.get("aim") is None and c.get("body") is None] or legal
            score, ceiling = bot._hex_scorer(rs, state, f)
            exact = []
            for c in plain:
                to = c.str_param("to")
                exact.append(score(Hex.parse(to) if to else f.pos, -float("inf")))
            assert max(exact) <= ceiling
            assert choice == plain[exact.index(max(exact))]
            checked += 1
        enc.submit(seat, choice)
    assert checked > 5


@pytest.mark.parametrize("name", ["brawl", "standoff"])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_movers_plain_moves_are_its_legal_moves_without_aim_or_body(
    name: str, seed: int
) -> None:
    """The first mover is weighed on `plain_moves` alone, not on `legal`: the same choices,
    in the same order, as its legal ones filtered (no aim, no body, no wait)."""
    enc = Encounter.start(read_yaml(EXAMPLES / f"{name}.yaml"), seed=seed)
    rs, state = enc.ruleset, enc.state
    rng = random.Random(seed)
    checked = 0
    while enc.result() is None:
        seat = rs.waiting(state)[0]
        if state.phase == "moves" and state.queue[0] == seat:
            legal = rs.legal(state, seat)
            want = [c for c in legal if c.get("aim") is None and c.get("body") is None]
            assert rs.plain_moves(state, seat) == want
            assert all(c.action == "move" for c in want)
            checked += 1
        enc.submit(seat, rs.bot(state, seat, rng))
    assert checked > 5
