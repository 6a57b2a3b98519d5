"""Rulings on every roll: the movement shift on any roll by or against a mover (P10), counted
in hexes moved; the odds a Mover's defence gives (P13); conceding before a shot (C10)."""

from __future__ import annotations

from pilot_wave_helpers import PLUS, ZERO, npc, scenario, start

from shiftdrive.conflict.host import CONCEDED
from shiftdrive.conflict.roll import Roll
from shiftdrive.core.odds import Odds, OddsQuery, odds
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter
from shiftdrive.engine.ruleset import Ending
from shiftdrive.rulesets.pilot_wave.host import HOST

CLOSE = {"scale": "close", "map": {"width": 20, "height": 3}}


def duel(dice: list[int], a: dict[str, object], b: dict[str, object], **kw: object) -> Encounter:
    """Crew (the first four dice; the next four are the Raiders') wins side order and acts
    first."""
    enc = start(scenario([a], [b], **kw), dice)
    enc.submit("Crew", Choice.of("first", side="Crew"))
    return enc


def outcome(enc: Encounter) -> tuple[int, int]:
    """The last roll's total and opposition, as its outcome reports them."""
    last = [e for e in enc.events() if e.kind == "outcome"][-1]
    return last.data["total"], last.data["opposition"]


def shown(enc: Encounter, seat: str, choice: Choice) -> Odds:
    found = enc.ruleset.odds(enc.state, seat, choice)
    assert found is not None
    return found


def let_pass(enc: Encounter) -> None:
    while enc.pending() and enc.pending()[0].kind == "counter":
        enc.submit(enc.pending()[0].seat, "pass")


# --- the movement shift on every roll (P10) ---------------------------------------------------


def test_a_pusher_who_ran_five_hexes_pushes_at_minus_one() -> None:
    """Psyche 3 after a 5-hex move: the push rolls at 2 against Zed's Psyche 1, and the odds
    shown before it (the attack's and the defence's) say so."""
    enc = duel(
        PLUS + ZERO * 3,
        npc("Ada", "0,0", psyche=3, physique=2, power="pusher"),
        npc("Zed", "8,0", psyche=1),
        **CLOSE,
    )
    enc.submit("Crew", Choice.of("move", to="5,0"))
    push = Choice.of("attack", target="Zed", skill="Psyche", fire="single")
    at_minus_one = odds(OddsQuery(skill=2, opposed=1))
    assert shown(enc, "Crew", push).at_least_tie == at_minus_one.at_least_tie
    enc.submit("Crew", push)
    let_pass(enc)
    defence = enc.legal("Raiders")[0]
    assert defence.action == "defend"
    assert shown(enc, "Raiders", defence) == at_minus_one
    enc.submit("Raiders", defence)
    assert outcome(enc) == (2, 1)
    moving = [e.data for e in enc.events() if e.kind == "moving"]
    assert moving == [{"who": "Ada", "target": "Zed", "shift": -1}]


def test_an_advantage_created_on_a_mover_is_at_minus_one() -> None:
    """Zed ran 6 hexes: Ada's Notice 3 to put an aspect on Zed rolls at 2 (against Zed's best
    resisting skill, Notice 1), and the odds shown before it say so."""
    enc = start(
        scenario(
            [npc("Ada", "0,0", skills={"Notice": 3})],
            [npc("Zed", "7,0", skills={"Notice": 1})],
            **CLOSE,
        ),
        PLUS + ZERO * 3,
    )
    enc.submit("Crew", Choice.of("first", side="Raiders"))
    enc.submit("Raiders", Choice.of("move", to="1,0"))
    assert enc.state.fighters["Zed"].moved == 6
    enc.submit("Raiders", "hold")
    on_zed = next(
        c for c in enc.legal("Crew") if c.action == "advantage" and c.get("target") == "Zed"
    )
    expected = odds(OddsQuery(skill=3 - 1, opposed=1))
    assert shown(enc, "Crew", on_zed).at_least_tie == expected.at_least_tie
    enc.submit("Crew", on_zed)
    let_pass(enc)
    enc.submit("Raiders", Choice.of("defend", skill="Notice"))
    assert outcome(enc) == (2, 1)


def test_countering_a_mover_is_at_minus_one() -> None:
    """Ada ran 5 hexes and shoots; Zed's counter (Tactics 2 against Ada's -2) is an action
    against a mover: it rolls at 1, and its odds say so."""
    enc = start(
        scenario(
            [npc("Ada", "0,0", skills={"Gun Combat": 2}, weapon="carbine")],
            [npc("Zed", "12,0", skills={"Tactics": 2})],
            **CLOSE,
        ),
        PLUS + ZERO * 3,
    )
    enc.submit("Raiders", Choice.of("bid", points=0))  # 2 against 2: the Crew, listed first
    enc.submit("Crew", Choice.of("first", side="Crew"))
    enc.submit("Crew", Choice.of("move", to="5,0"))
    enc.submit("Crew", Choice.of("attack", target="Zed", skill="Gun Combat", fire="single"))
    counter = Choice.of("counter", who="Zed")
    expected = odds(OddsQuery(skill=2 - 1, opposed=-2))
    assert shown(enc, "Raiders", counter).at_least_tie == expected.at_least_tie
    enc.submit("Raiders", counter)
    while enc.pending()[0].kind == "invoke":
        enc.submit(enc.pending()[0].seat, "pass")
    assert outcome(enc) == (1, -2)


def test_the_movement_shift_counts_hexes_moved_not_their_cost() -> None:
    """Three rough hexes cost 6 of the speed but are 3 hexes moved: a walk, no shift; five
    of them (10 of the speed) are 5 hexes: -1."""
    rough = {f"{q},0": "rough" for q in range(1, 6)}
    for to, hexes, gait, shift in (("3,0", 3, "walks", 0), ("5,0", 5, "trots", -1)):
        enc = duel(
            PLUS + ZERO,
            npc("Ada", "0,0", physique=2),
            npc("Zed", "12,0"),
            scale="close",
            map={"width": 20, "height": 1, "terrain": rough},
        )
        entry = next(c for c in enc.legal("Crew") if c.get("to") == to)
        assert entry.label == f"Move to {to} ({hexes} hex(es), {gait}, {2 * hexes} of its speed)"
        enc.submit("Crew", Choice.of("move", to=to))
        moved = [e.data for e in enc.events() if e.kind == "move"][-1]
        assert (moved["hexes"], moved["cost"], moved["gait"]) == (hexes, 2 * hexes, gait)
        assert moved["shift"] == shift
        assert enc.state.fighters["Ada"].moved == hexes


# --- the odds of hand-to-hand against a Mover (P13) -------------------------------------------


def test_hand_to_hand_odds_against_a_mover_price_its_psyche_defence() -> None:
    """A Mover defends with the better of Close Combat (-2) and Psyche (4): the odds shown
    are Close Combat 2 against 4."""
    enc = duel(
        PLUS + ZERO,
        npc("Ada", "0,0", skills={"Close Combat": 2}),
        npc("Zed", "1,0", psyche=4, skills={"Close Combat": -2}, power="mover"),
    )
    strike = Choice.of("attack", target="Zed", skill="Close Combat", fire="single")
    expected = odds(OddsQuery(skill=2, opposed=4))
    assert shown(enc, "Crew", strike).at_least_tie == expected.at_least_tie


# --- conceding before a shot (C10) ------------------------------------------------------------


def test_the_target_of_a_shot_may_concede_before_it_is_rolled() -> None:
    """The counter window is the target's moment: Zed concedes, the shot is lost, and with
    nobody left on its side the conflict ends by concession."""
    enc = duel(
        PLUS + ZERO,
        npc("Ada", "0,0", skills={"Gun Combat": 2}, weapon="carbine"),
        npc("Zed", "3,0"),
    )
    enc.submit("Crew", Choice.of("attack", target="Zed", skill="Gun Combat", fire="single"))
    assert "concede" in [c.action for c in enc.legal("Raiders")]
    enc.submit("Raiders", "concede")
    assert enc.state.fighters["Zed"].status == CONCEDED
    assert not [
        e
        for e in enc.events()
        if e.kind == "roll" and e.data["who"] == "Ada" and e.data["skill"] != "Tactics"
    ]
    assert [e.data["who"] for e in enc.events() if e.kind == "lost"] == ["Ada"]
    result = enc.result()
    assert result is not None and result.winner == "Crew" and result.ending is Ending.CONCESSION


def test_a_side_no_action_aims_at_is_not_offered_to_concede_in_a_counter_window() -> None:
    enc = duel(
        PLUS + ZERO,
        npc("Ada", "0,0", skills={"Notice": 2}),
        npc("Zed", "3,0"),
    )
    enc.submit("Crew", Choice.of("advantage", skill="Notice", target="scene", name="Cover"))
    assert enc.pending()[0].kind == "counter"
    assert "concede" not in [c.action for c in enc.legal("Raiders")]


def test_only_a_roll_that_reads_minus_three_apart_asks_a_side_to_reach_it() -> None:
    """The invoke window's band below failure (C2, C4): a shot's miss gives its target
    nothing (it did not defend), so a side is not asked to push a shot lower unless the
    shot is hazardous (a mishap); hand-to-hand reads a defense with style (the boost)."""
    enc = start(scenario([npc("Ada", "0,0")], [npc("Zed", "3,0")]), ZERO + ZERO)
    host = HOST
    shot = Roll(action="attack", actor="Ada", skill="Shooting", target="Zed", difficulty=2)
    assert not host.reads_low(enc.state, shot)
    shot.hazardous = True
    assert host.reads_low(enc.state, shot)
    blow = Roll(action="attack", actor="Ada", skill="Close Combat", target="Zed")
    assert host.reads_low(enc.state, blow)
