"""Audit 15: side order when only one side is Aware (P8, P6)."""

from __future__ import annotations

from pilot_wave_helpers import ZERO, npc, scenario, start

from shiftdrive.engine.choices import Choice
from shiftdrive.rulesets.pilot_wave.order import pool


def test_nobody_bids_or_rolls_for_side_order_when_only_one_side_is_aware() -> None:
    """Seed "Surprise": "If opposing characters are Aware, or if neither side is Surprised,
    side order is determined by an opposed Tactics skill roll" (P8). Zed's ambush leaves both
    scouts Surprised: only the Raiders are Aware, so they are not asked to bid from their
    Tactics pool (P6: a bid is gone for the whole conflict) and nobody rolls Tactics; the
    Raiders win the order with their pool whole."""
    data = scenario(
        [npc("Ada", "0,0", skills={"Notice": 1}), npc("Bo", "0,1", skills={"Notice": 1})],
        [npc("Zed", "6,0", skills={"Stealth": 2, "Tactics": 3, "Close Combat": 2})],
    )
    data["sides"][1]["ambush"] = True
    enc = start(data, ZERO * 20)
    st = enc.state
    assert st.fighters["Ada"].surprised and st.fighters["Bo"].surprised
    assert [t.kind for t in enc.pending()] == ["first"]  # no secret bid first
    order = next(e for e in enc.events() if e.kind == "side_order")
    assert order.data["rolls"] == [] and order.data["winner"] == "Raiders"
    assert "only Raiders has anyone Aware, so nobody rolls" in enc.ruleset.describe(order, "gm")
    assert st.pools["Raiders"] == pool(st, "Raiders") > 0
    enc.submit("Raiders", Choice.of("first", side="Raiders"))
    assert [t.actor for t in enc.pending()] == ["Zed"]
