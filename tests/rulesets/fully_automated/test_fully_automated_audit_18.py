"""Audit 18 of seed 003 (Fully Automated!): a tackle with nobody to tackle, an aim kept by an
attack that never rolled, and scenario numbers and flags read strictly. Initiative draws 2d10
per fighter in scenario order: INIT makes A 15 and B 7."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from fa_helpers import char, play, scenario, start

from shiftdrive.engine.encounter import Encounter
from shiftdrive.engine.scenario import ScenarioError
from shiftdrive.files import start_from_file

INIT = (5, 5, 1, 1)  # A 15, B 7
EXAMPLES = Path(__file__).parents[3] / "examples" / "fully_automated"


def kinds(enc: Encounter) -> list[tuple[str, str]]:
    return [(d.seat, d.kind) for d in enc.pending()]


# --- a tackle's Move (seed "Unarmed Attacks", the Punch card) ---------------------------------


def test_a_tackle_with_nobody_in_reach_still_moves_and_takes_its_stun() -> None:
    """Seed "Unarmed Attacks": a tackle "allows a player to play Move on the same turn, but in
    doing so will stun the attacker"; the Punch card: "To tackle: Play Move, then take stun".
    B stands 7 hexes off, beyond the Move's 4 hexes and Punch's adjacent reach: there is no
    attack, but the Move was played. It used to do nothing at all (no move, no stun); now A
    moves in phase 3 as a mover (4 hexes, F7), takes the stun, and next round moves one hex
    less (F7: Move played the round before)."""
    enc, _ = start(scenario([char("A", "0,0")], [char("B", "7,0")]), *INIT)
    play(enc, A="punch+tackle", B="aim")
    assert kinds(enc) == [("A", "move")]
    farthest = max(int(c.str_param("to").split(",")[0]) for c in enc.legal("A"))
    assert farthest == 4  # the Move card's 4 hexes
    said = [enc.describe(e) for e in enc.events() if e.kind == "no_attack"]
    assert said == ["A has no target in reach for Punch: the tackle's Move comes with the moves"]
    enc.submit("A", "move to=4,0")
    a = enc.state.fighters["A"]
    assert str(a.pos) == "4,0" and a.stun == 1
    assert enc.state.round == 2 and a.moved_last_round
    assert a.limited  # the tackle's stun limits round 2 (F8)


def test_a_held_tackle_keeps_its_move() -> None:
    """The attack part of a tackle may be held (`hold`); the Move part was played all the
    same ("Play Move, then take stun"): A, holding against B 3 hexes off, moves in phase 3
    and is stunned. A hold used to drop the Move with the attack."""
    enc, _ = start(scenario([char("A", "0,0")], [char("B", "3,0")]), *INIT)
    play(enc, A="punch+tackle", B="aim")
    assert kinds(enc) == [("A", "target")]
    held = [str(c) for c in enc.legal("A") if c.action == "hold"]
    assert held == ["hold: no attack; move with the movers instead"]
    enc.submit("A", "hold")
    assert kinds(enc) == [("A", "move")]
    enc.submit("A", "move to=-2,0")
    a = enc.state.fighters["A"]
    assert str(a.pos) == "-2,0" and a.stun == 1 and enc.state.round == 2


def test_a_tackle_that_lands_moves_only_before_the_blow() -> None:
    """The Move of a tackle that attacks is spent reaching the target (phase 1): it gets no
    second walk in phase 3 (4 hexes to B at 4,0: 3 walked, punch 0 0: 4 damage, one stun)."""
    enc, dice = start(scenario([char("A", "0,0")], [char("B", "4,0")]), *INIT)
    play(enc, A="punch+tackle", B="aim")
    dice.push([0, 0])
    enc.submit("A", "target name=B from=3,0")
    assert enc.state.fighters["B"].hp == 16
    while enc.state.round == 1:
        assert kinds(enc) == [("A", "withdraw")]  # the 1 hex left, never a phase-3 move
        enc.submit("A", "stay")
    assert enc.state.fighters["A"].stun == 1


# --- aim spent only by an attack that is made (seed "Aim") ------------------------------------


def _rifle_duel() -> dict[str, Any]:
    a = char("A", "-3,0", proficiencies=["rifle"], weapons=["rifle"])
    return scenario([a], [char("B", "5,0")])  # 8 hexes: the Rifle's disadvantaged reach


def test_an_attack_that_ends_unrolled_keeps_the_aim() -> None:
    """Seed "Aim": "Attacks made directly after aiming are rolled with advantage"; the aim
    is used by an attack that is rolled, and the defender's is kept when it "move[s] out of
    range to prevent the attack". A aims (round 1), then fires the Rifle at B 8 hexes off
    (7-8 at disadvantage); B defends and steps to 9 hexes, beyond reach: the attack ends with
    no roll. A's aim used to be spent all the same; it is kept, and (unused, undamaged) lasts
    the one extra round: 1 round left after round 2, and A's round-3 Move may use it."""
    enc, _ = start(_rifle_duel(), *INIT)
    play(enc, A="aim", B="defend")
    enc.submit("B", "stay")
    assert enc.state.fighters["A"].aim == 2
    play(enc, A="rifle_fire", B="defend")
    enc.submit("A", "target name=B")
    enc.submit("B", "step to=6,0")
    gone = [e for e in enc.events() if e.kind == "out_of_range"]
    assert len(gone) == 1 and not [e for e in enc.events() if e.kind in ("hit", "defend")]
    assert enc.state.round == 3
    assert enc.state.fighters["A"].aim == 1
    play(enc, A="move", B="aim")
    assert any(c.get("aim") is True for c in enc.legal("A"))


def test_an_attack_that_is_defended_spends_the_aim() -> None:
    """The counterpart: B stays in reach and rolls its defense against the aimed attack (0 0:
    the attack fails). The attack was made, the aim disadvantaged B's roll: it is spent."""
    enc, dice = start(_rifle_duel(), *INIT)
    play(enc, A="aim", B="defend")
    enc.submit("B", "stay")
    play(enc, A="rifle_fire", B="defend")
    enc.submit("A", "target name=B")
    dice.push([0, 0, 0])
    enc.submit("B", "stay")
    defend = next(e for e in enc.events() if e.kind == "defend")
    assert "aimed attack" in defend.data["disadvantage"]
    assert enc.state.fighters["A"].aim == 0


# --- numbers and flags read strictly (scenario loading) ---------------------------------------


def _load(tmp_path: Path, data: dict[str, Any]) -> dict[str, str]:
    path = tmp_path / "fight.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        start_from_file(path, seed=1)
    text = str(info.value)
    for where, _ in info.value.problems:
        assert f"{path}: {where}:" in text  # the file and the field, in the CLI's message
    return dict(info.value.problems)


@pytest.mark.parametrize(
    ("ch", "field", "why"),
    [
        ({"speed": True}, "speed", "must be a whole number, not true"),
        ({"hp": "12"}, "hp", "must be a whole number, not the text '12'"),
        ({"move": 4.5}, "move", "must be a whole number, not 4.5"),
        ({"skill_points": True}, "skill_points", "valid number"),
        ({"restraints": 1}, "restraints", "must be true or false, not 1"),
        ({"restraints": "yes"}, "restraints", "must be true or false, not the text 'yes'"),
    ],
)
def test_a_characters_number_or_flag_of_the_wrong_kind_is_refused(
    tmp_path: Path, ch: dict[str, Any], field: str, why: str
) -> None:
    """`speed: true` loaded as speed 1, `restraints: 1` as true, `hp: "12"` as 12: pydantic's
    lax mode. A number takes only a number (a whole one for HP, speed, move), a flag only
    true or false, refused naming the file and the field."""
    got = _load(tmp_path, scenario([char("A", "0,0", **ch)], [char("B", "3,0")]))
    assert set(got) == {f"sides[0].characters[0].{field}"}
    assert why in got[f"sides[0].characters[0].{field}"]


def test_rules_and_catalog_numbers_and_flags_are_read_strictly(tmp_path: Path) -> None:
    """The same in `rules` and in a catalog card: each field named; a range given as a YAML
    list still loads (the tuple is not strict, its numbers are)."""
    card = {
        "name": "Zap",
        "kind": "attack",
        "ranged": 1,
        "damage": True,
        "range": [1, True],
        "disadvantaged_range": [2.0, 3],
        "movement": "1",
        "outcomes": ["~", "~", "~", "~", "~"],
        "aimed": {"bonus": False, "near_distance": True, "advantage_always": 0},
        "tackle": "no",
    }
    rules = {
        "stunned_attack_disadvantage": 1,
        "max_rounds": "30",
        "hp": 20.0,
        "speed": False,
        "aimed_move": "6",
        "break_free_penalty": True,
    }
    data = scenario(
        [char("A", "0,0")],
        [char("B", "3,0")],
        rules=rules,
        catalog={"cards": {"zap": card}, "proficiencies": {"zap": {"cost": True}}},
    )
    got = _load(tmp_path, data)
    assert set(got) == {
        "rules.stunned_attack_disadvantage",
        "rules.max_rounds",
        "rules.hp",
        "rules.speed",
        "rules.aimed_move",
        "rules.break_free_penalty",
        "catalog.cards.zap.ranged",
        "catalog.cards.zap.damage",
        "catalog.cards.zap.range[1]",
        "catalog.cards.zap.disadvantaged_range[0]",
        "catalog.cards.zap.movement",
        "catalog.cards.zap.aimed.bonus",
        "catalog.cards.zap.aimed.near_distance",
        "catalog.cards.zap.aimed.advantage_always",
        "catalog.cards.zap.tackle",
        "catalog.proficiencies.zap.cost",
    }
    # the shared wording (engine/scenario.py `Number`, `Flag`): what was given, in the file's words
    assert got["rules.max_rounds"] == "must be a whole number, not the text '30'"
    assert got["rules.hp"] == "must be a whole number, not 20.0"
    assert got["rules.speed"] == "must be a whole number, not false"
    assert got["rules.stunned_attack_disadvantage"] == "must be true or false, not 1"
    assert got["rules.break_free_penalty"] == "must be a whole number, not true"
    assert got["catalog.cards.zap.range[1]"] == "must be a whole number, not true"
    assert got["catalog.cards.zap.disadvantaged_range[0]"] == "must be a whole number, not 2.0"
    assert got["catalog.cards.zap.aimed.advantage_always"] == "must be true or false, not 0"
    assert got["catalog.cards.zap.tackle"] == "must be true or false, not the text 'no'"


def test_good_numbers_and_flags_still_load(tmp_path: Path) -> None:
    """Whole numbers for a float (skill points 2, a cost of 1), a range as a YAML list, true
    and false for flags, and every example scenario, through the CLI's loader."""
    card = {"name": "Zap", "kind": "attack", "range": [1, 3], "outcomes": ["~"] * 5}
    data = scenario(
        [char("A", "0,0", skill_points=2, restraints=True, speed=6)],
        [char("B", "3,0", skill_points=1.5)],
        rules={"stunned_attack_disadvantage": True, "skill_points": 3},
        catalog={"cards": {"zap": card}, "proficiencies": {"zap": {"cost": 1, "cards": ["zap"]}}},
    )
    path = tmp_path / "fight.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    enc = start_from_file(path, seed=1)
    assert enc.state.fighters["A"].restraints is True
    for example in sorted(EXAMPLES.glob("*.yaml")):
        assert start_from_file(example, seed=1).seats()


def test_skill_points_and_costs_are_finite(tmp_path: Path) -> None:
    """Skill points buy proficiencies ("Weapon skills by cost"): `skill_points: .inf` loaded
    and bought every proficiency, and a cost of `.inf` made one unaffordable to all. A number
    here is a finite one, refused naming the field."""
    data = scenario(
        [char("A", "0,0", skill_points=float("inf"))],
        [char("B", "3,0")],
        rules={"skill_points": float("inf")},
        catalog={"proficiencies": {"knife": {"cost": float("inf"), "cards": ["stab"]}}},
    )
    got = _load(tmp_path, data)
    assert set(got) == {
        "sides[0].characters[0].skill_points",
        "rules.skill_points",
        "catalog.proficiencies.knife.cost",
    }
    assert all("finite number" in why for why in got.values())
