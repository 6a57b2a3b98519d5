"""A seeded save's replay regenerates every die from the seed: honest saves (undos and
refusals included) verify, forgeries and tampering are refused, typed-in dice say so."""

from __future__ import annotations

import contextlib
import copy
import json
import random
from typing import Any

from conftest import EXAMPLES
from shiftdrive.engine.bots import random_bot, run_bots
from shiftdrive.engine.encounter import Encounter, IllegalChoice, digest
from shiftdrive.engine.loading import load_encounter
from shiftdrive.engine.replay import replay
from shiftdrive.files import read_yaml

AMBUSH = read_yaml(EXAMPLES / "fate_core" / "station-ambush.yaml")
DOGFIGHT = read_yaml(EXAMPLES / "tachyon" / "dogfight-2v2.yaml")


def honest(data: Any, seed: int) -> dict[str, Any]:
    """A seeded fight with undos and refused choices along the way."""
    enc = Encounter.start(data, seed=seed)
    rng = random.Random(seed)
    for step in range(60):
        if enc.result():
            break
        seat = enc.pending_seats()[0]
        enc.submit(seat, random_bot(enc, seat, rng))
        if step % 7 == 6:
            enc.undo(2)
        with contextlib.suppress(IllegalChoice):
            enc.submit(seat, "concede_nonsense")
    return json.loads(json.dumps(enc.to_json()))


def test_honest_saves_with_undos_verify_and_continue_as_the_live_fight() -> None:
    for data in (AMBUSH, DOGFIGHT):
        cut = 0  # saves whose undos cut dice that the replay must skip in the stream
        for seed in (1, 2, 3):
            saved = honest(data, seed)
            cut += "discarded" in saved
            report = replay(saved)
            assert report.ok, report.problems
            assert "regenerated from seed" in report.dice
        assert cut >= 2


def test_loaded_fight_continues_with_the_live_generator() -> None:
    enc = Encounter.start(DOGFIGHT, seed=5)
    rng = random.Random(5)
    for _ in range(30):  # random play that never concedes, so the fight is still on at 30
        seat = enc.pending_seats()[0]
        enc.submit(seat, rng.choice([c for c in enc.legal(seat) if c.action != "concede"]))
    enc.undo(3)
    loaded = load_encounter(json.loads(json.dumps(enc.to_json())))
    run_bots(enc, rng=random.Random(9))
    run_bots(loaded, rng=random.Random(9))
    assert digest(loaded.snapshot()) == digest(enc.snapshot())
    assert replay(loaded.to_json()).ok


def forge_all_plus(saved: dict[str, Any]) -> dict[str, Any]:
    """A consistent forgery: the last command that rolled Fudge dice rolled all +, the log
    cut there, its events and the final digest recomputed as an honest replay would."""
    forged = copy.deepcopy(saved)
    forged.pop("discarded", None)
    last = max(i for i, e in enumerate(forged["log"]) if any(d["die"] == "dF" for d in e["draws"]))
    forged["log"] = forged["log"][: last + 1]
    for draw in forged["log"][last]["draws"]:
        if draw["die"] == "dF":
            draw["values"] = [1] * len(draw["values"])
    forged["dice"] = {"kind": "script", "seed": None}
    enc = load_encounter(forged, continue_dice=False)
    out = enc.to_json()
    out["dice"] = saved["dice"]
    return json.loads(json.dumps(out))


def test_a_consistent_forgery_is_refused() -> None:
    enc = Encounter.start(AMBUSH, seed=4)
    run_bots(enc, rng=random.Random(4), max_steps=80)
    saved = json.loads(json.dumps(enc.to_json()))
    assert replay(saved).ok
    report = replay(forge_all_plus(saved))
    assert not report.ok
    assert any("but seed 4 rolls" in p for p in report.problems)


def test_tampering_is_refused() -> None:
    saved = json.loads(json.dumps(Encounter.start(AMBUSH, seed=6).to_json()))
    enc = load_encounter(saved)
    run_bots(enc, rng=random.Random(6))
    good = json.loads(json.dumps(enc.to_json()))
    assert replay(good).ok

    seed = copy.deepcopy(good)
    seed["dice"]["seed"] = 7
    assert any("seed 7 rolls" in p for p in replay(seed).problems)

    extra = copy.deepcopy(good)
    entry = next(e for e in extra["log"] if e["draws"])
    entry["draws"].append(dict(entry["draws"][0]))
    assert not replay(extra).ok

    final = copy.deepcopy(good)
    del final["final"]
    assert any("no final state" in p for p in replay(final).problems)


def test_typed_in_dice_replay_but_say_they_cannot_be_verified() -> None:
    enc = Encounter.start(AMBUSH, dice_kind="manual")
    enc.submit("crew", "attack skill=Shoot target=Kesh")
    enc.submit("raiders", "defend skill=Athletics")
    enc.submit("gm", 'dice faces="+ + + +"')
    enc.submit("gm", 'dice faces="- - - -"')
    report = replay(json.loads(json.dumps(enc.to_json())))
    assert report.ok and "cannot be verified" in report.dice
