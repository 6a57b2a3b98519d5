"""Audit 11 (seed 000 "Pilot Wave"; RULINGS P8, P11): what the eleventh audit found, each
checked through the public engine with scripted dice."""

from __future__ import annotations

from pilot_wave_helpers import PLUS, ZERO, npc, scenario, start

from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter


def settle_exchange(enc: Encounter) -> None:
    """Let every window pass (absorbing the first way, holding) until the next exchange's
    choice of who acts first."""
    for _ in range(30):
        d = enc.pending()[0]
        if d.kind == "first":
            return
        legal = enc.legal(d.seat)
        enc.submit(d.seat, next((c for c in legal if c.action in ("pass", "hold")), legal[0]))
    raise AssertionError("the exchange did not end")


def test_a_surprised_character_caught_by_a_blast_is_aware_from_the_exchanges_end() -> None:
    """Seed "Blast Weapons": a blast "automatically targets adjacent targets"; P8: surprise
    ends at the end of an exchange in which the character was attacked. Yan, Surprised and
    next to Zed, is struck by the grenade that hits Zed: Aware in exchange 2 (was: still
    Surprised, as if nothing had happened to it)."""
    enc = start(
        scenario(
            [npc("Ada", "0,0", skills={"Heavy Weapons": 2}, weapon="grenade launcher")],
            [npc("Zed", "4,0", physique=2), npc("Yan", "5,0", physique=2, surprised=True)],
        ),
        PLUS + ZERO + [1] + ZERO,  # side order; where a miss would land; the shot's 4dF
    )
    enc.submit("Crew", Choice.of("first", side="Crew"))
    enc.submit("Crew", Choice.of("attack", target="Zed", skill="Heavy Weapons", fire="single"))
    enc.submit("Raiders", "pass")  # no counter
    assert enc.state.hits == [["Yan", 1, "Ada"]]  # the blast reaches Yan
    settle_exchange(enc)
    assert enc.state.exchange == 2
    assert enc.state.fighters["Yan"].stress["physical"].marked[0]
    assert not enc.state.fighters["Yan"].surprised
