"""What star_wars keeps between changes rather than works out at every ask (who is in the
fight, who may pay, whether a turn's end settles anyone): each change a game makes shows in
the next decision, whatever made it (a hit, a GM's override, a concession)."""

from __future__ import annotations

from typing import Any

from star_wars_scenes import behemoth, brawl

from shiftdrive.core.dice import ScriptedDice
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter
from shiftdrive.rulesets.star_wars import query

ZERO = [0, 0, 0, 0]


def start(data: dict[str, Any], dice: list[int] | None = None) -> Encounter:
    return Encounter.start(data, dice=ScriptedDice(dice or []))


def test_a_hull_the_gm_fills_takes_the_ship_and_its_crew_out_as_the_turn_ends() -> None:
    """S10 through a GM override, not a hit: the turn's end still settles the wingman."""
    enc = start(behemoth())
    enc.submit("empire", "hold")  # (a turn's end with nobody to settle)
    enc.submit("empire", Choice.of("next", who="Behemoth gunners 2"))
    enc.submit("gm", Choice.of("gm_stress", character="Wingman 1", track="hull", box=1))
    assert enc.state.fighters["Wingman 1"].status == "active"  # (until the turn ends)
    enc.submit("empire", "hold")
    assert enc.state.fighters["Wingman 1"].status == "taken out"
    assert enc.state.fighters["Wingman 1 pilot"].status == "taken out"
    assert "Wingman 1 pilot" not in enc.state.order.actors


def test_who_is_in_the_fight_follows_a_concession() -> None:
    data = brawl()
    data["interrupts"] = False
    enc = start(data)
    assert [f.name for f in query.allies(enc.state, "TK-1")] == ["TK-1", "TK-2"]
    enc.submit("rebels", "hold")
    enc.submit("rebels", Choice.of("next", who="TK-1"))
    enc.submit("empire", "concede")
    assert [f.name for f in query.allies(enc.state, "TK-2")] == ["TK-2"]
    assert "TK-1" not in enc.state.order.actors


def test_a_fate_point_the_gm_gives_lets_a_nameless_trooper_pay_for_teamwork() -> None:
    """Who may pay is kept until a point is earned or given: TK-2 (no fate points) may help
    TK-1's roll by invoking once the GM gives it one."""
    data = brawl()
    data["interrupts"] = False
    data["first"] = "TK-1"
    data["sides"][1]["characters"][0]["refresh"] = 0  # TK-1 cannot pay for itself
    enc = start(data, ZERO + ZERO)
    enc.submit("empire", Choice.of("attack", target="Lia", skill="Shoot"))
    enc.submit("rebels", Choice.of("defend", skill="Athletics"))
    # 2 against 2: a tie, and nobody on the empire's side can pay: its window is skipped
    assert all(t.seat != "empire" for t in enc.ruleset.turns(enc.state))
    enc.submit("gm", Choice.of("gm_fate_points", character="TK-2", delta=1))
    if enc.ruleset.turns(enc.state)[0].seat == "rebels":
        enc.submit("rebels", "pass")
    invokes = [c for c in enc.legal("empire") if c.action == "invoke"]
    assert invokes and {c.str_param("by") for c in invokes} == {"TK-2"}
