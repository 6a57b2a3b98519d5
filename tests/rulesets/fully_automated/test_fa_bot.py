"""The bot's shortcuts choose exactly what the plain, exhaustive reckoning would."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from shiftdrive.engine.encounter import Encounter
from shiftdrive.files import read_yaml
from shiftdrive.maps.hexgrid import Hex
from shiftdrive.rulesets.fully_automated import bot, query
from shiftdrive.rulesets.fully_automated.bot import choose
from shiftdrive.rulesets.fully_automated.query import range_status

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
        choice = choose(rs, state, seat, rng)
        if state.phase in ("moves", "steps") and choice.action != "wait":
            f = state.fighters[seat]
            assert f.pos is not None
            legal = rs.legal(state, seat)
            plain = [c for c in legal if c.get("aim") is None and c.get("body") is None] or legal
            score, ceiling = bot._hex_scorer(state, f)
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
def test_stand_options_are_the_legal_hexes_without_aim_or_body(name: str, seed: int) -> None:
    """The bot weighs where to stand on `stand_options` alone, not on `legal`: at a step (with
    or without an attacker) all the legal choices, for the first mover its legal moves without
    aim or body; in `legal`'s order, each with the hex its choice names (stay: where it is);
    None at every other decision."""
    enc = Encounter.start(read_yaml(EXAMPLES / f"{name}.yaml"), seed=seed)
    rs, state = enc.ruleset, enc.state
    rng = random.Random(seed)
    checked = set()
    while enc.result() is None:
        for seat in rs.waiting(state):
            got = query.stand_options(state, seat)
            legal = rs.legal(state, seat)
            if state.phase in ("steps", "defend_step"):
                want = legal
            elif state.phase == "moves" and state.queue[0] == seat:
                want = [c for c in legal if c.get("aim") is None and c.get("body") is None]
            else:
                assert got is None
                continue
            assert got is not None
            assert [c for _, c in got] == want
            f = state.fighters[seat]
            for h, c in got:
                to = c.str_param("to")
                assert h == (Hex.parse(to) if to else f.pos)
            checked.add(state.phase)
        seat = rs.waiting(state)[0]
        enc.submit(seat, choose(rs, state, seat, rng))
    assert checked >= {"steps", "moves"}


@pytest.mark.parametrize("name", ["brawl", "standoff"])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_target_options_are_the_legal_targets_with_what_they_settle(name: str, seed: int) -> None:
    """The bot weighs targets on `target_options` alone: `legal`'s target choices in order
    (then only hold), each with its target, the hex its `from=` names (none: where the attacker
    stands) and the card's range status from there; None at every other decision."""
    enc = Encounter.start(read_yaml(EXAMPLES / f"{name}.yaml"), seed=seed)
    rs, state = enc.ruleset, enc.state
    rng = random.Random(seed)
    checked = 0
    while enc.result() is None:
        for seat in rs.waiting(state):
            got = query.target_options(state, seat)
            if state.phase != "attacks":
                assert got is None
                continue
            assert got is not None and state.attack is not None
            legal = rs.legal(state, seat)
            assert [c for *_, c in got] == legal[:-1] and legal[-1].action == "hold"
            card = query.card(state, state.attack.card)
            for t, h, at, c in got:
                assert c.str_param("name") == t
                where = c.str_param("from")
                assert h == (Hex.parse(where) if where else state.fighters[seat].pos)
                tpos = state.fighters[t].pos
                assert tpos is not None
                assert at == range_status(card, h.distance(tpos))
            checked += 1
        seat = rs.waiting(state)[0]
        enc.submit(seat, choose(rs, state, seat, rng))
    assert checked > 5


@pytest.mark.parametrize("name", ["brawl", "standoff"])
def test_a_seat_choosing_a_card_has_only_plays(name: str) -> None:
    """The bot sends every decision of the card phase to its card choice without looking at
    the actions: there, a waiting seat's legal choices are all `play` (and there are some)."""
    enc = Encounter.start(read_yaml(EXAMPLES / f"{name}.yaml"), seed=3)
    rs, state = enc.ruleset, enc.state
    rng = random.Random(3)
    checked = 0
    while enc.result() is None:
        for seat in rs.waiting(state):
            if state.phase == "choose":
                legal = rs.legal(state, seat)
                assert legal and all(c.action == "play" for c in legal)
                checked += 1
        seat = rs.waiting(state)[0]
        enc.submit(seat, choose(rs, state, seat, rng))
    assert checked > 5
