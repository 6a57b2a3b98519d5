"""Worked examples from seed 003 (Fully Automated!), exact with scripted dice."""

from __future__ import annotations

from fa_helpers import char, hp, play, scenario, start

from shiftdrive.rulesets.fully_automated.scenario import default_catalog, parse_outcome

# Initiative: each fighter draws 2d10 in scenario order; A (5+5+5=15) acts before B (5+1+1=7).
INIT = (5, 5, 1, 1)


def duel(b_at: str = "3,0", **a: object) -> dict[str, object]:
    return scenario([char("A", "0,0", **a)], [char("B", b_at)])


def test_every_seed_card_is_data() -> None:
    cards = default_catalog().cards
    names = {c.name for c in cards.values()}
    for name in [
        "Punch",
        "Trained Strike",
        "Claw",
        "Spray",
        "Taze Strike",
        "Club",
        "Staff Strike",
        "Spear",
        "Stab",
        "Sword Strike",
        "Pistol Shot",
        "Nanodart",
        "Slingshot",
        "Rifle Fire",
        "Darter",
        "Piercing Arrow (Shortbow)",
        "Stun Arrow (Shortbow)",
        "Restrain",
        "Move",
        "Defend",
        "Aim",
    ]:
        assert name in names
    # F5 corrected tables
    assert cards["pistol_shot"].outcomes == ["-2", "-1", "0", "+1", "+2"]
    assert cards["darter"].outcomes[3] == "+2 & Stun x2"
    assert parse_outcome("+1 & Stun x2") is not None
    assert parse_outcome("2x Stun") == parse_outcome("Stun x2")


def test_rifle_fire_at_zero_deals_six() -> None:
    enc, _ = start(duel(proficiencies=["rifle"], weapons=["rifle"]), *INIT, 1, -1)
    play(enc, A="rifle_fire", B="move")
    enc.submit("A", "target name=B")
    assert hp(enc, "B") == 14


HITS: list[str] = []


def aimed(card: str, b_at: str, *dice: int, **a: object) -> tuple[int, int]:
    enc, _ = start(duel(b_at, **a), *INIT, *dice)
    play(enc, A="aim", B="aim")
    assert enc.state.fighters["A"].aim == 2
    play(enc, A=card, B="move")
    enc.submit("A", "target name=B")
    HITS[:] = [enc.describe(e) for e in enc.events() if e.kind == "hit"]
    return hp(enc, "B"), enc.state.fighters["B"].stun


def test_aimed_pistol_adjacent_deals_13_before_dice() -> None:
    # 3dF with advantage (F1): 0 0 - keeps 0 0 = 0 -> 5 + 8 = 13
    assert aimed("pistol_shot", "1,0", 0, 0, -1, proficiencies=["pistol"], weapons=["pistol"]) == (
        7,
        0,
    )
    assert HITS == ["A rolls 0 0 - = +0 (0) with advantage: 13 damage [13]"]  # the doc's example


def test_aimed_rifle_at_two_hexes_deals_14() -> None:
    assert aimed("rifle_fire", "2,0", 0, 0, 0, proficiencies=["rifle"], weapons=["rifle"]) == (6, 0)


def test_aimed_punch_deals_8_and_stuns() -> None:
    # - - 0 keeps 0 - = -1: the table says ~, the aimed line still deals 8 and stuns
    assert aimed("punch", "1,0", -1, -1, 0) == (12, 1)


def defended_punch(*dice: int) -> tuple[int, int, list[str]]:
    enc, _ = start(duel("1,0"), *INIT, *dice)
    play(enc, A="punch", B="defend")
    enc.submit("A", "target name=B")
    enc.submit("B", "stay")
    return hp(enc, "A"), hp(enc, "B"), [e.kind for e in enc.events()]


def test_defend_minus_two_attack_proceeds() -> None:
    assert defended_punch(-1, -1, 0, 0)[:2] == (20, 16)


def test_defend_minus_one_attack_proceeds_at_disadvantage() -> None:
    # attack 3dF keep worst two: + + - -> - + = 0 -> Punch 4 and a stun
    a, b, _kinds = defended_punch(-1, 0, 1, 1, -1)
    assert (a, b) == (20, 16)


def test_defend_zero_attack_fails() -> None:
    a, b, kinds = defended_punch(0, 0)
    assert (a, b) == (20, 20) and "hit" not in kinds


def test_defend_plus_one_counter_at_disadvantage() -> None:
    # counter with B's first listed attack (Punch), 3dF keep worst: + + 0 -> 0 + = +1
    a, b, kinds = defended_punch(1, 0, 1, 1, 0)
    assert (a, b) == (16, 20) and "counter" in kinds


def test_defend_plus_two_counter() -> None:
    a, b, kinds = defended_punch(1, 1, 0, 0)
    assert (a, b) == (16, 20) and "counter" in kinds


def test_exposed_defender_defends_at_disadvantage_and_can_step_out() -> None:
    enc, _ = start(duel("3,0", proficiencies=["rifle"], weapons=["rifle"]), *INIT, 1, 1, -1)
    play(enc, A="rifle_fire", B="defend")
    enc.submit("A", "target name=B")
    enc.submit("B", "stay")
    # 3dF keep worst two: + + - -> - + = 0: the attack fails
    assert hp(enc, "B") == 20
    assert "disadvantage" in next(enc.describe(e) for e in enc.events() if e.kind == "defend")


def restrain(b_hp: int, *dice: int) -> tuple[object, ...]:
    data = scenario(
        [char("A", "0,0", restraints=True)], [char("B", "1,0", hp=b_hp), char("C", "-6,0")]
    )
    enc, _ = start(data, *INIT, 3, 3, *dice)
    play(enc, A="restrain", B="move", C="move")
    legal = [c.text() for c in enc.legal("A")]
    if "target name=B" not in legal:
        return ("no target",)
    enc.submit("A", "target name=B")
    return hp(enc, "A"), hp(enc, "B"), enc.state.fighters["B"].restrained


def test_restrain_needs_seven_more_hp() -> None:
    assert restrain(14) == ("no target",)  # 20 is not more than 6 above 14 (F6)


def test_restrain_minus_two_fails_with_counter_at_disadvantage() -> None:
    # counter Punch, 3dF keep worst: 0 0 + -> 0 0 = 0 -> 4 damage and a stun
    assert restrain(13, -1, -1, 0, 0, 1) == (16, 13, False)


def test_restrain_minus_one_fails_but_deals_three() -> None:
    assert restrain(13, -1, 0) == (20, 10, False)


def test_restrain_zero_or_better_restrains() -> None:
    assert restrain(13, 0, 0) == (20, 13, True)


def test_repeated_move_loses_a_hex() -> None:
    enc, _ = start(duel("6,0"), *INIT)
    for expected in (4, 3):
        play(enc, A="move", B="defend")
        enc.submit("B", "stay")  # the unattacked defender's hex comes before moves (F2)
        far = max(int(c.str_param("to").split(",")[0]) for c in enc.legal("A"))
        assert far == expected
        enc.submit("A", "move to=0,0")
    assert enc.state.round == 3


def test_tackle_moves_then_punches_and_stuns_the_attacker() -> None:
    enc, _ = start(duel("4,0"), *INIT, 0, 0)
    play(enc, A="punch+tackle", B="move")
    enc.submit("A", "target name=B")
    assert hp(enc, "B") == 16 and enc.state.fighters["A"].stun == 1


def test_unproficient_weapon_is_disadvantaged() -> None:
    enc, _ = start(duel(weapons=["rifle"]), *INIT, 1, 1, -1)
    play(enc, A="rifle_fire", B="move")
    enc.submit("A", "target name=B")
    hit = next(e for e in enc.events() if e.kind == "hit")
    assert "unproficient" in enc.describe(hit) and hit.data["total"] == 0


def test_armor_takes_off_damage() -> None:
    data = scenario(
        [char("A", "0,0", proficiencies=["rifle"], weapons=["rifle"])],
        [char("B", "3,0", armor="heavy")],
    )
    enc, _ = start(data, *INIT, 0, 0)
    play(enc, A="rifle_fire", B="move")
    enc.submit("A", "target name=B")
    assert hp(enc, "B") == 16


def test_hp_thresholds() -> None:
    data = scenario([char("A", "0,0")], [char("B", "1,0", hp=2), char("C", "6,0")])
    enc, _ = start(data, *INIT, 3, 3, 0, 0)
    play(enc, A="punch", B="move", C="defend")
    enc.submit("A", "target name=B")
    assert enc.state.fighters["B"].status == "incapacitated"
