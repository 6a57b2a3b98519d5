"""A simulated fully_automated battle leaves its most frequent events unworded
(`FullyAutomated.unrecorded`): it must still be, step by step, the battle the same seed plays
with every event worded."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import EXAMPLES
from shiftdrive.engine.encounter import Encounter, PreparedScenario, default_bot
from shiftdrive.engine.scenario import read_yaml

PREPARED = {
    p.name: Encounter.prepare(read_yaml(p), str(p))
    for p in sorted(EXAMPLES.glob("fully_automated/*.yaml"))
}


def _lockstep(prepared: PreparedScenario, seed: int) -> tuple[int, int]:
    """Play one seed worded and quiet side by side; every state must match. Returns how many
    events each side made."""
    worded = prepared.start(seed)  # recorded: every event worded
    quiet = prepared.start(seed, record=False)
    assert quiet.state.quiet and not worded.state.quiet
    rs = prepared.ruleset
    rng_w, rng_q = random.Random(seed), random.Random(seed)
    made = [0, 0]
    for _ in range(20_000):
        assert rs.snapshot(quiet.state) == rs.snapshot(worded.state)
        assert quiet.pending_seats() == worded.pending_seats()
        if worded.result() is not None:
            break
        seat = worded.pending_seats()[0]
        choice = default_bot(worded, seat, rng_w)
        assert default_bot(quiet, seat, rng_q) == choice
        made[0] += len(worded.submit(seat, choice, validate=False))
        made[1] += len(quiet.submit(seat, choice, validate=False))
    assert quiet.result() == worded.result() is not None
    assert rs.tally(quiet.state) == rs.tally(worded.state)
    return made[0], made[1]


@settings(max_examples=30, deadline=None)
@given(name=st.sampled_from(sorted(PREPARED)), seed=st.integers(0, 2**31 - 1))
def test_quiet_battles_are_the_worded_ones(name: str, seed: int) -> None:
    worded, quiet = _lockstep(PREPARED[name], seed)
    assert quiet < worded  # the quiet battle did leave events out


def test_only_unrecorded_encounters_are_quiet() -> None:
    prepared = PREPARED["brawl.yaml"]
    assert not prepared.start(5).state.quiet
    assert "quiet" not in prepared.start(5).snapshot()  # bookkeeping, not the game's state
    assert prepared.start(5, record=False).state.quiet
