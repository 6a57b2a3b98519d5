"""Duels (S2, S8): a contest inside the popcorn round, with victory points, style, the loser's
cut and the stunt aspects, with scripted dice."""

from __future__ import annotations

from typing import Any

import pytest
from star_wars_scenes import brawl

from shiftdrive.core.dice import ScriptedDice
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter
from shiftdrive.engine.scenario import ScenarioError
from shiftdrive.rulesets.star_wars.scenario import load

ZERO = [0, 0, 0, 0]
PLUS = [1, 1, 1, 1]
MINUS = [-1, -1, -1, -1]


def duel_scene() -> dict[str, Any]:
    data = brawl()
    data["interrupts"] = False
    data["duels"] = [{"between": ["Lia", "TK-1"], "stunts": {"Lia": ["Family Lightsaber"]}}]
    return data


def round_(dice: list[int], data: dict[str, Any] | None = None) -> Encounter:
    """Lia presses the duel with Shoot (3); TK-1 answers with Shoot (2)."""
    enc = Encounter.start(data or duel_scene(), dice=ScriptedDice(dice))
    enc.submit("rebels", Choice.of("duel", skill="Shoot"))
    enc.submit("empire", Choice.of("defend", skill="Shoot"))
    enc.pass_window("invoke")
    return enc


def test_a_duellists_turn_is_a_duel_round() -> None:
    enc = Encounter.start(duel_scene(), dice=ScriptedDice([]))
    assert {c.action for c in enc.legal("rebels")} == {"duel", "concede"}
    skills = [c.str_param("skill") for c in enc.legal("rebels") if c.action == "duel"]
    assert skills[0] == "Shoot"  # best first


def test_nobody_else_may_attack_a_duellist() -> None:
    data = duel_scene()
    data["first"] = "Han"
    enc = Encounter.start(data, dice=ScriptedDice([]))
    targets = {c.str_param("target") for c in enc.legal("rebels") if c.action == "attack"}
    assert "TK-1" not in targets and "TK-2" in targets


def test_the_stunt_is_a_situation_aspect_with_one_free_invoke() -> None:
    """S7: an applicable equipment stunt in a duel."""
    enc = Encounter.start(duel_scene(), dice=ScriptedDice([]))
    stunt = enc.state.aspects.get("Family Lightsaber")
    assert stunt.kind.value == "situation" and stunt.free_for("Lia") == 1


def test_winning_a_round_scores_one_point_and_counts_as_both_actions() -> None:
    """Lia 3 + 0 against TK-1 2 - 1: two shifts, one point; TK-1 lets it stand."""
    enc = round_(ZERO + [-1, 0, 0, 0])
    assert enc.pending()[0].kind == "duel_cut" and enc.pending()[0].actor == "TK-1"
    events = enc.submit("empire", "accept")
    vp = next(e for e in events if e.kind == "victory_points")
    assert vp.data == {"who": "Lia", "gain": 1, "points": 1, "against": "TK-1"}
    assert enc.state.duels[0].points == {"Lia": 1, "TK-1": 0}
    # S8: both duellists have acted: Lia names the next, and TK-1 is not among them
    assert list(enc.state.order.acted) == ["TK-1"] and enc.pending()[0].kind == "next"
    assert {c.str_param("who") for c in enc.legal("rebels")} == {"Han", "TK-2"}


def test_style_gives_two_points_or_a_point_and_a_boost() -> None:
    """Lia 3 + 4 against TK-1 2 - 4: nine shifts, with style."""
    enc = round_(PLUS + MINUS)
    assert enc.pending()[0].kind == "duel_style"
    enc.submit("rebels", "point_and_boost")
    assert enc.state.aspects.get("Lia's Flourish").free_for("Lia") == 1
    assert enc.state.duel_gain == 1
    enc.submit("empire", "accept")
    assert enc.state.duels[0].points["Lia"] == 1


def test_the_loser_cuts_the_gain_with_a_consequence() -> None:
    """S2: a moderate consequence cuts two points; mild would cut one."""
    enc = round_(PLUS + MINUS)
    enc.submit("rebels", "two_points")
    cuts = {c.str_param("severity"): c.label for c in enc.legal("empire") if c.action == "cut"}
    assert cuts["mild"].endswith("Lia gains 1") and cuts["moderate"].endswith("Lia gains 0")
    enc.submit("empire", Choice.of("cut", severity="moderate", name="TK-1 Slashed Armor"))
    assert enc.state.duels[0].points["Lia"] == 0
    consequence = enc.state.aspects.get("TK-1 Slashed Armor")
    assert consequence.free_for("Lia") == 1  # C9: the winner's free invoke


def test_three_points_take_the_opponent_out() -> None:
    data = duel_scene()
    enc = Encounter.start(data, dice=ScriptedDice(ZERO + [-1, 0, 0, 0]))
    enc.state.duels[0].points["Lia"] = 2
    enc.submit("rebels", Choice.of("duel", skill="Shoot"))
    enc.submit("empire", Choice.of("defend", skill="Shoot"))
    enc.pass_window("invoke")
    enc.submit("empire", "accept")
    assert enc.state.fighters["TK-1"].status == "taken out"
    # the duel is over: Lia fights on as usual
    assert enc.state.duel_of("Lia") is None


def test_a_tied_round_scores_nothing() -> None:
    enc = round_(ZERO + [1, 0, 0, 0])  # 3 against 3
    assert enc.state.duels[0].points == {"Lia": 0, "TK-1": 0}
    assert enc.state.roll is None


def test_the_winner_is_asked_to_invoke_for_style() -> None:
    """C4 and S2: Lia 3 against TK-1 4 (-1): TK-1 wins the round, and his stunt's free
    invoke (+2) would make it a win with style (two points), so after Lia passes TK-1's
    side is asked (not passed over as if a failure could not go lower)."""
    data = duel_scene()
    data["duels"] = [{"between": ["Lia", "TK-1"], "stunts": {"TK-1": ["Blaster Rifle"]}}]
    enc = Encounter.start(data, dice=ScriptedDice(ZERO + [1, 1, 0, 0]))
    enc.submit("rebels", Choice.of("duel", skill="Shoot"))
    enc.submit("empire", Choice.of("defend", skill="Shoot"))
    enc.submit("rebels", "pass")
    assert [(d.seat, d.kind) for d in enc.pending()] == [("empire", "invoke")]
    enc.submit(
        "empire",
        Choice.of("invoke", aspect="Blaster Rifle", effect="bonus", payment="free", by="TK-1"),
    )
    enc.pass_window("invoke")
    assert enc.pending()[0].kind == "duel_style" and enc.state.duel_winner == "TK-1"


def test_the_loser_is_asked_to_invoke_to_deny_the_style() -> None:
    """Lia -1 against TK-1 3 (-4): TK-1 wins with style; Lia's one free invoke (+2) cannot
    reach a tie but takes the style away (one point, not two), so she is asked."""
    enc = Encounter.start(duel_scene(), dice=ScriptedDice(MINUS + [1, 0, 0, 0]))
    enc.submit("rebels", Choice.of("duel", skill="Shoot"))
    enc.submit("empire", Choice.of("defend", skill="Shoot"))
    assert [(d.seat, d.kind) for d in enc.pending()] == [("rebels", "invoke")]
    enc.submit(
        "rebels",
        Choice.of("invoke", aspect="Family Lightsaber", effect="bonus", payment="free", by="Lia"),
    )
    enc.pass_window("invoke")
    assert enc.pending()[0].kind == "duel_cut"  # a plain win: no style choice


def test_a_duel_needs_two_characters_on_foot_of_different_sides() -> None:
    data = duel_scene()
    data["duels"] = [{"between": ["Lia", "Han"], "stunts": {"Zed": ["Blade"]}}]
    with pytest.raises(ScenarioError) as err:
        load(data)
    text = str(err.value)
    assert "different sides" in text and "Zed is not in this duel" in text


def test_a_duel_round_spends_an_interrupted_duellists_turn() -> None:
    """TK-1 interrupts Lia's turn with a duel round: it is Lia's action too, so Lia does not
    resume afterwards (S1, S8)."""
    data = duel_scene()
    data["interrupts"] = True
    data["sides"][1]["characters"][0]["fate_points"] = 2  # TK-1 can pay to interrupt
    enc = Encounter.start(data, dice=ScriptedDice(ZERO + [-1, 0, 0, 0]))
    enc.submit("rebels", "pass")  # Han could interrupt Lia; he lets her act
    enc.submit("empire", Choice.of("interrupt", who="TK-1"))
    enc.submit("rebels", "allow")
    enc.pass_window("interrupt")
    enc.submit("empire", Choice.of("duel", skill="Shoot"))
    enc.submit("rebels", Choice.of("defend", skill="Shoot"))
    enc.pass_window("invoke")
    while enc.pending()[0].kind in ("duel_cut", "duel_style"):
        seat = enc.pending()[0].seat
        enc.submit(seat, enc.legal(seat)[-1])
    assert enc.state.resume == []
    assert enc.pending()[0].kind == "next" and enc.pending()[0].actor == "TK-1"
