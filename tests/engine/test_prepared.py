"""The simulator's fast path is the same game: prepared scenarios and trusted bot choices."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from conftest import DUEL, EXAMPLES
from shiftdrive.engine.encounter import Encounter, run_bots
from shiftdrive.engine.ruleset import Ruleset, get_ruleset
from shiftdrive.engine.scenario import ScenarioError, read_yaml

SCENARIOS = sorted(EXAMPLES.glob("*/*.yaml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parent.name}:{p.name}")
def test_prepared_trusted_battles_equal_validated_ones(path: Path) -> None:
    data = read_yaml(path)
    prepared = Encounter.prepare(data, str(path))
    for seed in (1, 2):
        slow = Encounter.start(data, seed=seed, source=str(path))
        run_bots(slow, rng=random.Random(seed))
        fast = prepared.start(seed)
        run_bots(fast, rng=random.Random(seed), validate=False)
        assert fast.to_json() == slow.to_json()  # log, dice, events and final digest


def test_prepare_reports_bad_scenarios_with_the_source() -> None:
    with pytest.raises(ScenarioError, match="x.yaml: ruleset"):
        Encounter.prepare({"ruleset": "nope"}, "x.yaml")
    with pytest.raises(ScenarioError, match="x.yaml"):
        Encounter.prepare({"ruleset": "fate_core", "sides": 3}, "x.yaml")


def test_rounds_default_reads_state_round() -> None:
    class S:
        round = 4

    ruleset: Ruleset[object] = get_ruleset("fate_core")
    assert Ruleset.rounds(ruleset, S()) == 4
    assert Ruleset.rounds(ruleset, object()) == 0
    enc = Encounter.start(DUEL, seed=1)
    assert enc.ruleset.rounds(enc.state) == 1  # fate_core: exchange 1
