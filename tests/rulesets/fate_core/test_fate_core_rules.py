"""Fate Core conflict rules, with scripted dice so every outcome is exact."""

from __future__ import annotations

from typing import Any

import pytest

from shiftdrive.core.dice import ScriptedDice
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter, IllegalChoice, digest
from shiftdrive.rulesets.fate_core.query import standing

PLUS = [1, 1, 1, 1]
ZERO = [0, 0, 0, 0]
MINUS = [-1, -1, -1, -1]


def start(duel: dict[str, Any], dice: list[int]) -> tuple[Encounter, ScriptedDice]:
    source = ScriptedDice(dice)
    return Encounter.start(duel, dice=source), source


def attack(enc: Encounter, skill: str = "Fight", target: str = "Zird") -> None:
    enc.submit("crew", Choice.of("attack", target=target, skill=skill))
    enc.submit("raiders", Choice.of("defend", skill="Athletics"))


def pass_both(enc: Encounter) -> None:
    """Both sides let the invoke window go (a side that could change nothing is not asked)."""
    enc.pass_window("invoke")


def fighter(enc: Encounter, name: str) -> Any:
    return enc.state.fighters[name]


def test_turn_order_by_notice(duel: dict[str, Any]) -> None:
    enc, _ = start(duel, [])
    assert enc.state.order == ["Anna", "Zird"]
    assert enc.pending()[0].seat == "crew"


def test_attack_success_is_absorbed_by_stress_or_consequences(duel: dict[str, Any]) -> None:
    # Anna Fight 2 + 0 = 2 against Zird Athletics 1 + (-1 -1 0 0) = -1: 3 shifts, style.
    enc, _ = start(duel, ZERO + [-1, -1, 0, 0])
    attack(enc)
    pass_both(enc)
    assert enc.pending()[0].kind == "style"
    enc.submit("crew", "full")
    decision = enc.pending()[0]
    assert (decision.seat, decision.kind) == ("raiders", "absorb")
    options = enc.legal("raiders")
    texts = [c.label for c in options]
    # Zird's physical track: Physique 2 gives [1][2][3]; a hit of 3 fits box 3 alone.
    assert texts[0].startswith("check physical box [3]")
    assert options[-1].action == "taken_out"
    enc.submit("raiders", options[0])
    assert fighter(enc, "Zird").stress["physical"].marked == [False, False, True]
    assert enc.pending()[0].actor == "Zird"


def test_style_can_trade_a_shift_for_a_boost(duel: dict[str, Any]) -> None:
    enc, _ = start(duel, ZERO + [-1, -1, 0, 0])
    attack(enc)
    pass_both(enc)
    enc.submit("crew", "boost")
    assert enc.state.roll.hit == 2
    boost = enc.state.aspects.get("Anna's Momentum")
    assert boost.kind.value == "boost" and boost.free_for("Anna") == 1


def test_consequence_gives_the_attacker_a_free_invoke(duel: dict[str, Any]) -> None:
    enc, _ = start(duel, PLUS + MINUS)  # 6 against -3: 9 shifts
    attack(enc)
    pass_both(enc)
    enc.submit("crew", "full")
    options = enc.legal("raiders")
    choice = next(c for c in options if c.get("moderate") and c.get("box") == 3)
    choice = choice.with_params(moderate="Cracked Ribs")
    enc.submit("raiders", choice)
    ribs = enc.state.aspects.get("Cracked Ribs")
    assert ribs.owner == "Zird" and ribs.free_for("Anna") == 1
    assert fighter(enc, "Zird").consequences.get(choice_severity("moderate")).aspect == (
        "Cracked Ribs"
    )


def choice_severity(name: str) -> Any:
    from shiftdrive.core.consequences import Severity

    return Severity(name)


def test_hit_that_cannot_be_absorbed_takes_out_and_ends(duel: dict[str, Any]) -> None:
    duel["sides"][1]["characters"][0]["consequences"] = []
    enc, _ = start(duel, PLUS + MINUS)
    attack(enc)
    pass_both(enc)
    enc.submit("crew", "full")
    assert [c.action for c in enc.legal("raiders")] == ["taken_out"]
    enc.submit("raiders", "taken_out")
    result = enc.result()
    assert result is not None and result.winner == "crew"
    assert enc.pending() == []


def test_tie_on_attack_gives_a_boost(duel: dict[str, Any]) -> None:
    enc, _ = start(duel, ZERO + [1, 0, 0, 0])  # 2 against 2
    attack(enc)
    pass_both(enc)
    assert "Anna's Opening" in enc.state.aspects
    assert enc.pending()[0].actor == "Zird"


def test_invoke_for_plus_two_turns_a_fail_into_a_success(duel: dict[str, Any]) -> None:
    enc, _ = start(duel, ZERO + [1, 1, 0, 0])  # 2 against 3: -1
    attack(enc)
    before = fighter(enc, "Anna").fate_points.current
    enc.submit(
        "crew",
        Choice.of("invoke", aspect="Sharpshooter", effect="bonus", payment="fate_point", by="Anna"),
    )
    assert fighter(enc, "Anna").fate_points.current == before - 1
    # The same aspect cannot be paid for twice on one roll.
    with pytest.raises(IllegalChoice):
        enc.submit(
            "crew",
            Choice.of(
                "invoke", aspect="Sharpshooter", effect="bonus", payment="fate_point", by="Anna"
            ),
        )
    pass_both(enc)
    assert enc.pending()[0].kind == "absorb"
    assert enc.state.roll.hit == 1


def test_reroll_draws_new_dice(duel: dict[str, Any]) -> None:
    enc, _ = start(duel, MINUS + ZERO + PLUS)
    attack(enc)
    enc.submit(
        "crew",
        Choice.of(
            "invoke", aspect="Sirens Wailing", effect="reroll", payment="fate_point", by="Anna"
        ),
    )
    assert enc.state.roll.actor_faces == PLUS
    assert enc.log[-1].draws[0].values == PLUS


def test_illegal_choice_is_refused_and_changes_nothing(duel: dict[str, Any]) -> None:
    duel["sides"][1]["characters"][0]["zone"] = "Roof"
    enc, _ = start(duel, [])
    before = digest(enc.snapshot())
    with pytest.raises(IllegalChoice, match="Roof|zone"):
        enc.submit("crew", Choice.of("attack", target="Zird", skill="Fight"))
    with pytest.raises(IllegalChoice, match="not raiders's decision|not raiders"):
        enc.submit("raiders", "full_defense")
    assert digest(enc.snapshot()) == before
    assert len(enc.log) == 1


def test_create_advantage_outcomes_follow_c5(duel: dict[str, Any]) -> None:
    # Scene advantage: Notice 3 against Fair (2). +0 dice: 3 vs 2 -> success, 1 free invoke.
    enc, _ = start(duel, ZERO + [1, 1, 1, 0])
    enc.submit(
        "crew", Choice.of("advantage", skill="Notice", target="scene", name="Clear Line Of Fire")
    )
    pass_both(enc)
    assert enc.state.aspects.get("Clear Line Of Fire").free_for("Anna") == 1
    # Zird, Deceive 2 + 3 on the dice = 5 against Fair (2): style, 2 free invokes.
    enc.submit(
        "raiders", Choice.of("advantage", skill="Deceive", target="scene", name="Smoke Everywhere")
    )
    pass_both(enc)
    assert enc.state.aspects.get("Smoke Everywhere").free_for("Zird") == 2


def test_failed_advantage_creates_nothing(duel: dict[str, Any]) -> None:
    enc, _ = start(duel, MINUS)
    enc.submit("crew", Choice.of("advantage", skill="Notice", target="scene", name="Edge"))
    pass_both(enc)
    assert "Edge" not in enc.state.aspects


def test_discovering_a_hidden_aspect_reveals_it_with_free_invokes(duel: dict[str, Any]) -> None:
    enc, _ = start(duel, PLUS)
    assert "Sabotaged Crane" not in str(enc.view("crew"))
    enc.submit("crew", Choice.of("discover", skill="Notice", target="scene"))
    pass_both(enc)
    crane = enc.state.aspects.get("Sabotaged Crane")
    assert not crane.hidden and crane.free_for("Anna") == 2
    assert "Sabotaged Crane" in str(enc.view("raiders"))


def test_compel_accept_and_refuse(duel: dict[str, Any]) -> None:
    enc, _ = start(duel, [])
    zird = fighter(enc, "Zird")
    enc.submit("gm", Choice.of("compel", character="Zird", aspect="Brawler"))
    assert enc.pending()[0].kind == "compel" and enc.pending()[0].seat == "raiders"
    enc.submit("raiders", "accept")
    assert zird.fate_points.current == 2
    enc.submit("gm", Choice.of("compel", character="Zird", aspect="Brawler"))
    enc.submit("raiders", "refuse")
    assert zird.fate_points.current == 1


def test_compel_on_hidden_aspect_is_hidden_from_the_other_side(duel: dict[str, Any]) -> None:
    enc, _ = start(duel, [])
    enc.submit("gm", Choice.of("compel", character="Anna", aspect="Secret Agent"))
    assert "Secret Agent" not in str(enc.view("raiders"))
    assert "Secret Agent" in str(enc.view("crew"))


def test_concession_pays_one_plus_consequences(duel: dict[str, Any]) -> None:
    enc, _ = start(duel, [])
    enc.submit("gm", Choice.of("gm_consequence", character="Anna", severity="mild"))
    anna = fighter(enc, "Anna")
    before = anna.fate_points.current
    enc.submit("crew", "concede")
    assert anna.fate_points.current == before + 2
    assert enc.result() is not None and enc.result().winner == "raiders"


def test_concede_before_the_roll_against_you(duel: dict[str, Any]) -> None:
    enc, source = start(duel, [])
    enc.submit("crew", Choice.of("attack", target="Zird", skill="Fight"))
    enc.submit("raiders", "concede")
    assert source.remaining == 0 and enc.result().winner == "crew"


def test_full_defense_adds_two(duel: dict[str, Any]) -> None:
    enc, _ = start(duel, ZERO + ZERO)
    enc.submit("crew", "full_defense")
    enc.submit("raiders", Choice.of("attack", target="Anna", skill="Fight"))
    enc.submit("crew", Choice.of("defend", skill="Athletics"))
    total, opp = standing(enc.state)
    assert (total, opp) == (2, 4)


def test_boost_fades_at_end_of_holders_next_turn(duel: dict[str, Any]) -> None:
    enc, _ = start(duel, ZERO + [1, 0, 0, 0])
    attack(enc)
    pass_both(enc)  # tie: Anna's Opening
    enc.submit("raiders", "full_defense")
    assert "Anna's Opening" in enc.state.aspects
    enc.submit("crew", "full_defense")
    assert "Anna's Opening" not in enc.state.aspects


def test_sprint_failure_moves_one_zone(duel: dict[str, Any]) -> None:
    enc, _ = start(duel, MINUS)
    enc.submit("crew", Choice.of("sprint", to="Roof"))
    pass_both(enc)
    assert fighter(enc, "Anna").zone == "Gantry"


def test_free_move_then_act(duel: dict[str, Any]) -> None:
    enc, _ = start(duel, [])
    enc.submit("crew", Choice.of("move", to="Gantry"))
    assert not any(c.action == "move" for c in enc.legal("crew"))
    assert not any(c.action == "attack" and c.get("skill") == "Fight" for c in enc.legal("crew"))
    assert any(c.action == "attack" and c.get("skill") == "Shoot" for c in enc.legal("crew"))


def test_weapon_and_armor_ratings_change_the_hit(duel: dict[str, Any]) -> None:
    duel["sides"][0]["characters"][0]["weapon"] = "vibroblade"
    duel["sides"][1]["characters"][0]["armor"] = "flak vest"
    enc, _ = start(duel, [0, 0, 0, 1] + [1, 0, 0, 0])  # 3 vs 2: 1 shift, +2 -1 = 2
    attack(enc)
    pass_both(enc)
    assert enc.state.roll.hit == 2


def test_attack_odds_are_offered_with_choices(duel: dict[str, Any]) -> None:
    enc, _ = start(duel, [])
    choice = Choice.of("attack", target="Zird", skill="Fight")
    o = enc.ruleset.odds(enc.state, "crew", choice)
    assert o is not None
    assert o.fail + o.tie + o.success + o.style == 1
