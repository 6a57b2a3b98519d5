"""Choices through the Python API: values of a type a choice cannot hold, and true for 1,
are refused by the engine in words, and change nothing."""

from __future__ import annotations

import random

import pytest

from conftest import EXAMPLES, pure_only
from shiftdrive.engine.bots import random_bot
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter, IllegalChoice, digest
from shiftdrive.files import read_yaml

AMBUSH = read_yaml(EXAMPLES / "fate_core" / "station-ambush.yaml")


@pure_only  # compiled, Choice itself refuses such a value (TypeError) before the engine sees it
@pytest.mark.parametrize("value", [[1], 1.5, {"a": 1}])
def test_values_a_choice_cannot_hold_are_refused(value: object) -> None:
    enc = Encounter.start(AMBUSH, seed=1)
    before = digest(enc.snapshot())
    bad = Choice("attack", (("skill", "Shoot"), ("target", value)))  # type: ignore[arg-type]
    with pytest.raises(IllegalChoice, match="target must be text, a whole number or true/false"):
        enc.submit("crew", bad)
    assert digest(enc.snapshot()) == before


def test_true_is_not_one() -> None:
    """Found along a seeded fight: a legal choice with a number 1 (a stress box, a zone...)."""
    enc = Encounter.start(AMBUSH, seed=1)
    rng = random.Random(1)
    for _ in range(5000):
        if enc.result() is not None:
            enc = Encounter.start(AMBUSH, seed=rng.randrange(1000))
        seat = enc.pending_seats()[0]
        for legal in enc.legal(seat):
            ones = [n for n, v in legal.params if v == 1 and not isinstance(v, bool)]
            if ones:
                before = digest(enc.snapshot())
                with pytest.raises(IllegalChoice, match=f"{ones[0]} must be a whole number"):
                    enc.submit(seat, legal.with_params(**{ones[0]: True}))
                assert digest(enc.snapshot()) == before
                return
        enc.submit(seat, random_bot(enc, seat, rng))
    raise AssertionError("no choice with a number 1 came up")
