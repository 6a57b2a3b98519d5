"""Tachyon examples played to the end by bots; replay, determinism, hidden information."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from tachyon_helpers import ZERO, act, raider, scenario, start, viper

from shiftdrive.engine.bots import random_bot, run_bots
from shiftdrive.engine.replay import replay
from shiftdrive.files import start_from_file
from shiftdrive.rulesets.tachyon import query
from shiftdrive.rulesets.tachyon.bot import choose
from shiftdrive.rulesets.tachyon.state import TachyonState

EXAMPLES = sorted((Path(__file__).parents[3] / "examples" / "tachyon").glob("*.yaml"))
SEEDS = [1, 2, 3]


def test_tachyon_examples_exist() -> None:
    assert {p.name for p in EXAMPLES} == {
        "dogfight-2v2.yaml",
        "convoy.yaml",
        "assault.yaml",
        "fleet-action.yaml",
    }


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
@pytest.mark.parametrize("seed", SEEDS)
def test_tachyon_example_played_to_the_end_by_bots(path: Path, seed: int) -> None:
    enc = start_from_file(path, seed=seed)
    run_bots(enc, rng=random.Random(seed))
    assert enc.result() is not None
    assert replay(enc.to_json()).ok
    again = start_from_file(path, seed=seed)
    run_bots(again, rng=random.Random(seed))
    assert [e.to_json() for e in again.log] == [e.to_json() for e in enc.log]


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_tachyon_random_legal_play_ends(path: Path) -> None:
    for seed in (7, 8):
        enc = start_from_file(path, seed=seed)
        run_bots(enc, rng=random.Random(seed), policy=random_bot, max_steps=20_000)
        assert enc.result() is not None
        assert replay(enc.to_json()).ok


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_tachyon_views_never_hold_secrets(path: Path) -> None:
    checked = 0
    for seed in (3, 4, 5, 6):
        enc = start_from_file(path, seed=seed)
        rng = random.Random(seed)
        for _step in range(400):
            if enc.result():
                break
            state = enc.state
            assert isinstance(state, TachyonState)
            for seat in enc.seats():
                secrets = enc.ruleset.secrets(state, seat)
                if not secrets:
                    continue
                view = json.dumps(enc.view(seat))
                for secret in secrets:
                    assert secret not in view, (seat, secret)
                checked += 1
            seat = enc.pending_seats()[0]
            enc.submit(seat, choose(enc.ruleset, state, seat, rng))
    assert checked > 0 or path.stem == "assault" or path.stem == "convoy"


def test_tachyon_undetected_craft_hidden_from_enemy_view_and_log() -> None:
    data = scenario([viper()], [raider(zone="Z5"), raider("Raider-2", "Z6")], detection=True)
    enc = start(data, ZERO, [1, 1, 1, 1])  # defender with style: both raiders Undetected
    state = enc.state
    assert isinstance(state, TachyonState)
    assert not state.units["Raider-1"].detected and not state.units["Raider-2"].detected
    for _ in range(30):  # the raiders move around unseen
        if state.round > 1:
            break
        act(
            enc,
            "skip"
            if state.phase != "piloting" or state.current == "Viper-1"
            else "move to=Z4"
            if state.current == "Raider-1"
            else "skip",
        )
    view = json.dumps(enc.view("Tachyon"))
    assert "Raider-1" not in view and "Raider-2" not in view
    assert "Raider-1" in json.dumps(enc.view("Pirates"))
    assert set(enc.ruleset.secrets(state, "Tachyon")) >= {"Raider-1", "Raider-2"}


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_tachyon_filtered_action_menus_are_legal_filtered(path: Path) -> None:
    # Bots list only the actions they weigh (`actions(only=...)`): that list must be exactly
    # the legal one with the rest left out, in every phase and state random play reaches.
    from shiftdrive.rulesets.tachyon import bot
    from shiftdrive.rulesets.tachyon.bot import MOVES, WEIGHS

    menus = [
        *WEIGHS.values(),
        MOVES,  # the bot lists its moves apart, as this tuple
        # and asks for one kind at a time in piloting, for the shots in range first
        *(bot.SKIP, bot.ATTACKS, bot.EVADE, bot.BUG_OUT, bot.CONCEDE, bot.AIMS, bot.OTHER_SHOTS),
        frozenset({"wait", "maneuver", "search", "other", "advantage"}),
    ]
    compared = 0
    for seed in range(11, 21):
        enc = start_from_file(path, seed=seed)
        rng = random.Random(seed)
        while enc.result() is None and compared < 6000:
            state = enc.state
            assert isinstance(state, TachyonState)
            turn = query.turn(state)
            assert turn is not None
            seat = enc.pending_seats()[0]
            legal = enc.legal(seat)
            if turn.kind in WEIGHS:  # an action phase (not an invoke, absorb or chatter)
                u = state.units[turn.actor or ""]
                for only in menus:
                    got = query.unit_actions(state, u, only=only)
                    want = [c for c in legal if c.action in only]
                    assert [(c, c.label) for c in got] == [(c, c.label) for c in want]
                    compared += 1
            enc.submit(seat, rng.choice(legal))
    assert compared > 100


def test_tachyon_detection_event_carries_its_row_and_hides_it_from_the_other_side() -> None:
    # T7: the detection event is data (the row, both rolls, who slipped away), seen only by
    # the side of a craft that went Undetected; worded from that data alone.
    data = scenario([viper()], [raider(zone="Z5"), raider("Raider-2", "Z6")], detection=True)
    enc = start(data, ZERO, [1, 1, 1, 1])  # defender with style: both raiders Undetected
    event = next(e for e in enc.events() if e.kind == "detection")
    assert event.data["row"] == "defender succeeds with style"
    assert event.data["undetected"] == ["Raider-1", "Raider-2"]
    assert event.data["attacker"] == "Viper-1" and event.data["defender"] == "Raider-1"
    assert event.visible_to == frozenset({"Pirates"})
    gm = enc.ruleset.describe(event, "gm")
    assert gm.startswith("Detection: Viper-1's technology 1, dice ") and gm.endswith(
        "defender succeeds with style; Undetected: Raider-1, Raider-2"
    )
    assert enc.ruleset.describe(event, "Pirates") == gm
    assert "Raider" not in enc.ruleset.describe(event, "Tachyon")
    # A tie hides nobody: the event is open to both sides.
    tie = start(data, ZERO, ZERO)
    event = next(e for e in tie.events() if e.kind == "detection")
    assert (event.data["row"], event.data["undetected"], event.visible_to) == ("tie", [], None)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_tachyon_every_event_is_worded_from_its_data_alone(path: Path) -> None:
    # Events are data: after a round trip through JSON (the log), every event reads the same
    # for every seat, and a seat the event is hidden from learns nothing of it.
    from shiftdrive.engine.events import Event

    for seed in range(3):
        enc = start_from_file(path, seed=seed)
        run_bots(enc, rng=random.Random(seed))
        seats = ["gm", *enc.ruleset.seats(enc.state)]
        for e in enc.events():
            again = Event.from_json(json.loads(json.dumps(e.to_json())))
            for seat in seats:
                name = seat if isinstance(seat, str) else seat.id
                text = enc.ruleset.describe(again, name)
                assert text == enc.ruleset.describe(e, name)
                if not e.visible(name):
                    assert text == "Something happens out of sight."
