"""A simulated tachyon battle leaves its most frequent events unworded (`Tachyon.unrecorded`):
it must still be, step by step, the battle the same seed plays with every event worded."""

from __future__ import annotations

import random
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import EXAMPLES, quiet_and_worded
from shiftdrive.engine.encounter import Encounter, default_bot
from shiftdrive.engine.scenario import read_yaml

PREPARED = {
    p.name: Encounter.prepare(read_yaml(p), str(p)) for p in sorted(EXAMPLES.glob("tachyon/*.yaml"))
}


@settings(max_examples=30, deadline=None)
@given(name=st.sampled_from(sorted(PREPARED)), seed=st.integers(0, 2**31 - 1))
def test_quiet_battles_are_the_worded_ones(name: str, seed: int) -> None:
    worded, quiet = quiet_and_worded(PREPARED[name], seed)
    assert quiet < worded  # the quiet battle did leave events out


def test_only_unrecorded_encounters_are_quiet(tmp_path: Path) -> None:
    prepared = PREPARED["dogfight-2v2.yaml"]
    enc = prepared.start(5)
    assert not enc.state.quiet
    saved = tmp_path / "battle.json"
    enc.save(saved)
    assert not Encounter.load(saved).state.quiet
    assert "quiet" not in enc.snapshot()  # bookkeeping, not the game's state
    bare = prepared.start(5, record=False)
    assert bare.state.quiet
    # The first decisions of a battle are rolls and skips: none is worded when quiet.
    for _ in range(20):
        seat = bare.pending_seats()[0]
        kinds = {e.kind for e in bare.submit(seat, default_bot(bare, seat, random.Random(5)))}
        assert not kinds & {"roll", "skip", "phase", "invoke", "round"}
