"""The conformance harness, run for every registered ruleset on every example scenario, and
for the tiny example ruleset of the tests (`tests/example_ruleset`) on its own example."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import example_ruleset
from conftest import example_files, load_example
from shiftdrive.engine import conformance
from shiftdrive.engine.registry import ruleset_ids

BUILT_IN = [rid for rid in ruleset_ids() if rid != example_ruleset.ID]
CASES = [(rid, path) for rid in BUILT_IN for path in example_files(rid)] + [
    (example_ruleset.ID, example_ruleset.EXAMPLE)
]
IDS = [f"{r}:{p.name}" for r, p in CASES]


def test_every_ruleset_has_an_example() -> None:
    for rid in BUILT_IN:
        assert example_files(rid), f"ruleset {rid} has no example under examples/{rid}/"


@pytest.mark.parametrize(("rid", "path"), CASES, ids=IDS)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31 - 1))
def test_random_play_keeps_every_promise(rid: str, path: Path, seed: int) -> None:
    """Along random legal play: choices and refusals agree, choices read back from their text
    and name their parameters' kinds, whose turn it is has one answer, every event has words
    for every seat, no words or view leak a secret; the battle replays and undo agrees."""
    enc = conformance.check_all_along(load_example(path), seed, undo_every=20)
    assert enc.ruleset.id == rid


@pytest.mark.parametrize(("rid", "path"), CASES, ids=IDS)
@settings(max_examples=2, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**31 - 1))
def test_same_seed_same_log(rid: str, path: Path, seed: int) -> None:
    conformance.check_same_seed_same_log(load_example(path), seed)


@pytest.mark.parametrize(("rid", "path"), CASES, ids=IDS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_bots_play_to_the_end_and_replay(rid: str, path: Path, seed: int) -> None:
    enc = conformance.play_bots(load_example(path), seed)
    conformance.check_replay(enc)
    conformance.check_words(enc)
    conformance.check_table_dice(enc)
