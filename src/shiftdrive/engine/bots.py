"""Bots playing an encounter: the registry's bot or a random one for any seats, in the order
`shiftdrive play --bots` asks them, until someone else must decide or the fight ends."""

from __future__ import annotations

import random
from collections.abc import Callable

from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter

BotPolicy = Callable[[Encounter, str, random.Random], Choice]


def default_bot(enc: Encounter, seat: str, rng: random.Random) -> Choice:
    """The registry's bot for the encounter's ruleset (looked up once per encounter)."""
    return enc.bot(enc.ruleset, enc.state, seat, rng)


def random_bot(enc: Encounter, seat: str, rng: random.Random) -> Choice:
    return rng.choice(enc.legal(seat))


def run_bots(
    enc: Encounter,
    seats: set[str] | None = None,
    *,
    rng: random.Random | None = None,
    policy: BotPolicy = default_bot,
    max_steps: int = 100_000,
    validate: bool = True,
) -> int:
    """Let bots decide for `seats` (all when None) until someone else must decide or it ends.

    Seats are asked in `pending_seats()` order, re-checking after each choice that the seat
    still has to decide: the same order `shiftdrive play --bots all` uses, so a seed gives the
    same battle in both. `validate=False` trusts the policy's choices (see `submit`).
    """
    rng = rng or random.Random(0)
    steps = 0
    ruleset = enc.ruleset
    while steps < max_steps:
        if ruleset.result(enc.state) is not None:
            break
        waiting = ruleset.waiting(enc.state)
        if seats is not None:  # (most runs are every seat's: no list made per decision)
            waiting = [s for s in waiting if s in seats]
        if not waiting:
            break
        for i, seat in enumerate(waiting):
            if i:  # the earlier choices may have ended the fight or settled this seat's decision
                if ruleset.result(enc.state) is not None:
                    break
                if seat not in ruleset.waiting(enc.state):
                    continue
            enc.submit(seat, policy(enc, seat, rng), validate=validate)
            steps += 1
    return steps
