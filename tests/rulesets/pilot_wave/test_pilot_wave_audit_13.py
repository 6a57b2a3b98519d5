"""Audit 13 (seed 000 "Pilot Wave"; RULINGS P6, P8, P10): characters, the turn, side order and
surprise, movement and the Tactics pool, checked through the public engine with scripted dice.
Each test failed on the code before this audit."""

from __future__ import annotations

from pilot_wave_helpers import MINUS, PLUS, ZERO, npc, scenario, start

from shiftdrive.engine.choices import Choice


def test_a_counter_that_wins_opens_the_counterers_whole_turn_after_a_moved_declarer() -> None:
    """Seed "Counter": a counter "always uses that character's action" and, on success, the
    countering action resolves before the countered one; seed "Action": "A move action may be
    combined with an attack action" (P6, P8). Ada moves, then declares a shot; Zed counters and
    wins: Zed's own turn offers every action, a move among them (was: only an attack or
    holding, as if Zed had moved: Ada's move was read as the turn's)."""
    data = scenario(
        [npc("Ada", "0,0", skills={"Tactics": 1, "Gun Combat": 2}, weapon="carbine")],
        [npc("Zed", "6,0", skills={"Tactics": 1, "Gun Combat": 2}, weapon="carbine")],
    )
    # side order: Ada +4, Zed 0; the counter: Zed 1 + 4 against Ada 1 - 4
    enc = start(data, PLUS + ZERO + PLUS + MINUS + ZERO * 4)
    enc.submit("Crew", Choice.of("bid", points=0))
    enc.submit("Raiders", Choice.of("bid", points=0))
    enc.submit("Crew", Choice.of("first", side="Crew"))
    enc.submit("Crew", Choice.of("move", to="1,0"))
    assert {c.action for c in enc.legal("Crew")} >= {"attack", "hold"}
    assert "move" not in {c.action for c in enc.legal("Crew")}  # Ada has moved this turn
    enc.submit("Crew", Choice.of("attack", target="Zed", skill="Gun Combat", fire="single"))
    enc.submit("Raiders", Choice.of("counter", who="Zed"))
    while enc.pending()[0].window == "invoke":
        enc.submit(enc.pending()[0].seat, "pass")
    d = enc.pending()[0]
    assert (d.kind, d.actor) == ("turn", "Zed")
    offered = {c.action for c in enc.legal("Raiders")}
    assert {"move", "attack", "advantage", "hold"} <= offered
    # Zed moves and shoots in its turn, then Ada's countered shot is carried out
    enc.submit("Raiders", Choice.of("move", to="7,0"))
    assert "move" not in {c.action for c in enc.legal("Raiders")}
    enc.submit("Raiders", Choice.of("attack", target="Ada", skill="Gun Combat", fire="single"))
    if enc.pending()[0].kind == "counter":
        enc.submit("Crew", "pass")
    while enc.pending()[0].window == "invoke" or enc.pending()[0].kind in ("absorb", "style"):
        seat = enc.pending()[0].seat
        enc.submit(seat, enc.legal(seat)[0] if enc.pending()[0].kind == "absorb" else "pass")
    d = enc.pending()[0]
    assert (d.kind, d.actor) == ("carry_out", "Ada")
