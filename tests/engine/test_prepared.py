"""The simulator's fast path is the same game: prepared scenarios and trusted bot choices."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from conftest import DUEL, EXAMPLES
from shiftdrive.core.errors import RuleError
from shiftdrive.engine.bots import run_bots
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter, digest
from shiftdrive.engine.registry import get_bot, get_ruleset
from shiftdrive.engine.ruleset import Ruleset
from shiftdrive.engine.scenario import ScenarioError
from shiftdrive.files import read_yaml

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


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parent.name}:{p.name}")
def test_unrecorded_battles_end_where_recorded_ones_do(path: Path) -> None:
    """A simulated battle keeps no log; it must still be the very battle its seed replays."""
    prepared = Encounter.prepare(read_yaml(path), str(path))
    rs = prepared.ruleset
    for seed in range(6):
        kept = prepared.start(seed)
        steps_kept = run_bots(kept, rng=random.Random(seed), validate=False)
        bare = prepared.start(seed, record=False)
        steps_bare = run_bots(bare, rng=random.Random(seed), validate=False)
        assert steps_bare == steps_kept == len(kept.log) - 1
        assert len(bare.log) == 1  # the set-up only
        assert digest(rs.snapshot(bare.state)) == digest(rs.snapshot(kept.state))
        assert bare.result() == kept.result()
        assert rs.tally(bare.state) == rs.tally(kept.state)
        assert rs.rounds(bare.state) == rs.rounds(kept.state)


def test_an_unrecorded_encounter_refuses_what_needs_the_log() -> None:
    enc = Encounter.prepare(DUEL).start(3, record=False)
    seat = enc.pending()[0].seat
    enc.submit(
        seat, get_bot("fate_core")(enc.ruleset, enc.state, seat, random.Random(3)), validate=False
    )
    for attempt in (enc.undo, enc.to_json, enc.events, lambda: enc.view("gm")):
        with pytest.raises(RuntimeError, match="keeps none"):
            attempt()


def test_an_unrecorded_encounter_that_broke_stays_refused() -> None:
    enc = Encounter.prepare(DUEL).start(3, record=False)
    seat = enc.pending()[0].seat
    with pytest.raises(RuleError):  # a choice only `apply` can refuse: nothing to roll back to
        enc.submit(seat, Choice.of("no_such_action"), validate=False)
    with pytest.raises(RuntimeError, match="broke"):
        enc.submit(seat, enc.legal(seat)[0], validate=False)
