"""A simulated fully_automated battle leaves its most frequent events unworded
(`FullyAutomated.unrecorded`): it must still be, step by step, the battle the same seed plays
with every event worded."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import EXAMPLES, quiet_and_worded
from shiftdrive.engine.encounter import Encounter
from shiftdrive.engine.scenario import read_yaml

PREPARED = {
    p.name: Encounter.prepare(read_yaml(p), str(p))
    for p in sorted(EXAMPLES.glob("fully_automated/*.yaml"))
}


@settings(max_examples=30, deadline=None)
@given(name=st.sampled_from(sorted(PREPARED)), seed=st.integers(0, 2**31 - 1))
def test_quiet_battles_are_the_worded_ones(name: str, seed: int) -> None:
    worded, quiet = quiet_and_worded(PREPARED[name], seed)
    assert quiet < worded  # the quiet battle did leave events out


def test_only_unrecorded_encounters_are_quiet() -> None:
    prepared = PREPARED["brawl.yaml"]
    assert not prepared.start(5).state.quiet
    assert "quiet" not in prepared.start(5).snapshot()  # bookkeeping, not the game's state
    assert prepared.start(5, record=False).state.quiet
