"""The bot weighs only the hexes that can matter (`bot._move`): its move must be the one that
weighing every hex of the move menu gives (the bot's own scoring, `_place`, on every hex)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter
from shiftdrive.files import read_yaml
from shiftdrive.maps.hexgrid import Hex
from shiftdrive.rulesets.pilot_wave import bot, query
from shiftdrive.rulesets.pilot_wave.state import PilotWaveState

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "pilot_wave"


def every_hex(rs: object, state: PilotWaveState, seat: str, name: str) -> Choice | None:
    """The move that scoring every hex of the menu gives (None: stay)."""
    f = state.fighters[name]
    enemies = query.enemies(state, name)
    targets = [Hex.parse(e.zone) for e in enemies]
    here = Hex.parse(f.zone)

    def score(at: Hex) -> int:
        dists = [at.distance(t) for t in targets]
        return bot._place(state, f, at, here.distance(at), targets, dists)

    menu = [c for c in rs.legal(state, seat, only=("move",))]  # type: ignore[attr-defined]
    if not menu:
        return None
    scored = [(score(Hex.parse(c.str_param("to"))), c) for c in menu]
    best = min(s for s, _ in scored)
    if best >= score(here):
        return None
    ties = [c for s, c in scored if s == best]
    to = [Hex.parse(c.str_param("to")) for c in ties]
    k = min(range(len(ties)), key=lambda i: (not query.cover(state, to[i]), here.distance(to[i])))
    return ties[k]


@pytest.mark.parametrize("example", ["boarding-party", "ambush", "convoy-raid"])
def test_the_bot_moves_where_weighing_every_hex_would(example: str) -> None:
    path = EXAMPLES / f"{example}.yaml"
    prepared = Encounter.prepare(read_yaml(path), str(path))
    checked = 0
    for seed in range(2):
        enc = prepared.start(seed, record=False)
        rs, rng = enc.ruleset, random.Random(seed)
        while rs.result(enc.state) is None:
            seat = rs.waiting(enc.state)[0]
            turn = rs.turn_of(enc.state, seat)
            assert turn is not None
            if turn.kind == "turn" and "move" in rs.menu(enc.state, turn):
                f = enc.state.fighters[turn.actor or ""]
                enemies = query.enemies(enc.state, f.name)
                if enemies:
                    weighed = bot._move(enc.state, f, enemies)
                    # a move remembered from an earlier turn or battle is this weighing
                    key = (query.move_situation(enc.state, f), *(e.zone for e in enemies))
                    assert bot._MOVES.get(key, weighed) == weighed
                    mine = weighed and query.move_choice(enc.state, f, *weighed)
                    theirs = every_hex(rs, enc.state, seat, f.name)
                    assert (mine is None) == (theirs is None)
                    if mine is not None and theirs is not None:
                        assert (mine, mine.label) == (theirs, theirs.label)
                    checked += 1
            enc.submit(seat, bot.choose(rs, enc.state, seat, rng))
    assert checked > 10
