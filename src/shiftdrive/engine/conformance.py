"""The conformance harness every ruleset gets for free (OpenSpiel random_sim_test, PettingZoo
api_test/seed_test): random legal play ends, seeds repeat, replay reproduces, views keep secrets.

Each check raises AssertionError with a message that says what broke; tests call them for every
registered ruleset and example scenario.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

from shiftdrive.engine.encounter import Encounter, digest, random_bot, replay, run_bots
from shiftdrive.engine.events import GM


def play_random(data: Mapping[str, Any], seed: int, max_steps: int = 20_000) -> Encounter:
    """Random legal play for every seat; asserts it ends within `max_steps` choices."""
    enc = Encounter.start(data, seed=seed)
    steps = run_bots(enc, rng=random.Random(seed), policy=random_bot, max_steps=max_steps)
    assert enc.result() is not None, f"random play did not end after {steps} choices"
    return enc


def play_bots(data: Mapping[str, Any], seed: int, max_steps: int = 20_000) -> Encounter:
    """The ruleset's own bots on every seat; asserts the encounter ends."""
    enc = Encounter.start(data, seed=seed)
    steps = run_bots(enc, rng=random.Random(seed), max_steps=max_steps)
    assert enc.result() is not None, f"bot play did not end after {steps} choices"
    return enc


def check_same_seed_same_log(data: Mapping[str, Any], seed: int) -> None:
    a = play_random(data, seed).to_json()
    b = play_random(data, seed).to_json()
    assert a["log"] == b["log"], f"seed {seed}: two runs gave different logs"


def check_replay(enc: Encounter) -> None:
    saved = json.loads(json.dumps(enc.to_json()))
    report = replay(saved)
    assert report.ok, f"replay differs: {report.problems}"
    assert report.digest == digest(enc.snapshot())


def check_undo(enc: Encounter, steps: int = 3) -> None:
    """Undo equals replaying the shortened log from scratch."""
    n = len(enc.log) - 1
    if n < steps:
        return
    before = [e.to_json() for e in enc.log[:-steps]]
    enc.undo(steps)
    assert [e.to_json() for e in enc.log] == before
    fresh = Encounter.from_json({**enc.to_json()}, continue_dice=False)
    assert digest(fresh.snapshot()) == digest(enc.snapshot()), "undo left a different state"


def check_views_keep_secrets(enc: Encounter) -> None:
    """No seat's view (state, decisions, legal choices, log) contains another seat's secrets."""
    for seat in enc.seats():
        secrets = enc.ruleset.secrets(enc.state, seat)
        blob = json.dumps(enc.view(seat))
        for secret in secrets:
            assert secret not in blob, f"seat {seat!r} can see the secret {secret!r}"
    json.dumps(enc.view(GM))


def check_waiting(enc: Encounter) -> None:
    """The ruleset's quick `waiting` answer (used by bot loops) agrees with `pending`."""
    asked = list(dict.fromkeys(d.seat for d in enc.ruleset.pending(enc.state)))
    quick = enc.ruleset.waiting(enc.state)
    assert quick == asked, f"waiting() says {quick}, pending() asks {asked}"


def check_all_along(data: Mapping[str, Any], seed: int, max_steps: int = 20_000) -> Encounter:
    """Random play that checks views after every choice, then replay and undo at the end."""
    enc = Encounter.start(data, seed=seed)
    rng = random.Random(seed)
    steps = 0
    while enc.result() is None and steps < max_steps:
        check_views_keep_secrets(enc)
        check_waiting(enc)
        for seat in enc.pending_seats():
            if enc.result() is None and seat in enc.pending_seats():
                enc.submit(seat, random_bot(enc, seat, rng))
                steps += 1
    assert enc.result() is not None, f"random play did not end after {steps} choices"
    check_views_keep_secrets(enc)
    check_replay(enc)
    check_undo(enc)
    return enc
