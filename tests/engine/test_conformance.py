"""The conformance harness, run for every registered ruleset on every example scenario."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import example_files, load_example
from shiftdrive.engine import conformance
from shiftdrive.engine.ruleset import ruleset_ids

CASES = [(rid, path) for rid in ruleset_ids() for path in example_files(rid)]


def test_every_ruleset_has_an_example() -> None:
    for rid in ruleset_ids():
        assert example_files(rid), f"ruleset {rid} has no example under examples/{rid}/"


@pytest.mark.parametrize(("rid", "path"), CASES, ids=[f"{r}:{p.name}" for r, p in CASES])
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31 - 1))
def test_random_legal_play_ends_replays_and_keeps_secrets(rid: str, path: Path, seed: int) -> None:
    data = load_example(path)
    enc = conformance.check_all_along(data, seed)
    assert enc.ruleset.id == rid


@pytest.mark.parametrize(("rid", "path"), CASES, ids=[f"{r}:{p.name}" for r, p in CASES])
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**31 - 1))
def test_same_seed_same_log(rid: str, path: Path, seed: int) -> None:
    conformance.check_same_seed_same_log(load_example(path), seed)


@pytest.mark.parametrize(("rid", "path"), CASES, ids=[f"{r}:{p.name}" for r, p in CASES])
@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_bots_play_to_the_end(rid: str, path: Path, seed: int) -> None:
    enc = conformance.play_bots(load_example(path), seed)
    conformance.check_replay(enc)
