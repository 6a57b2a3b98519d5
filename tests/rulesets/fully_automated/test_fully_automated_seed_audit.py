"""Audit of seed 003 (Fully Automated!) and rulings F1-F10 against the engine: rules and worked
numbers the other test files do not pin down, each through the public encounter with scripted
dice. Initiative draws 2d10 per fighter in scenario order (speed 5 by default)."""

from __future__ import annotations

import pytest
from fa_helpers import char, hp, play, scenario, start

from shiftdrive.engine.encounter import Encounter
from shiftdrive.maps.hexgrid import Hex

INIT = (5, 5, 1, 1)  # A: 5 + 10 = 15, B: 5 + 2 = 7
INIT3 = (5, 5, 1, 1, 1, 2)  # A 15, B 7, C 8


def kinds(enc: Encounter) -> list[str]:
    return [e.kind for e in enc.events()]


def of_kind(enc: Encounter, kind: str) -> list[dict[str, object]]:
    return [dict(e.data) for e in enc.events() if e.kind == kind]


def stay_steps(enc: Encounter) -> None:
    """Unattacked defenders keep their hex (F2 phase 2)."""
    while enc.pending() and enc.pending()[0].kind == "step":
        enc.submit(enc.pending()[0].seat, "stay")


def settle(enc: Encounter) -> None:
    """Finish the round: everyone stays, waits, or makes its first legal move."""
    now = enc.state.round
    while enc.state.round == now and enc.pending() and enc.result() is None:
        d = enc.pending()[0]
        if d.kind in ("step", "withdraw"):
            enc.submit(d.seat, "stay")
        elif d.kind == "move":
            enc.submit(d.seat, next(c for c in enc.legal(d.seat) if c.action == "move").text())
        else:
            raise AssertionError(f"unexpected decision {d.kind} for {d.seat}")


def seats_choosing(enc: Encounter) -> list[str]:
    return sorted(d.seat for d in enc.pending())


# --- F3 initiative ---------------------------------------------------------------------------


def test_initiative_tie_goes_to_the_higher_speed() -> None:
    """F3: "Initiative = speed + 2d10 ... Ties: higher speed, then a roll-off." A (speed 5)
    rolls 3 3 = 11, B (speed 6) rolls 3 2 = 11: B, the faster, goes first."""
    enc, _ = start(scenario([char("A", "0,0")], [char("B", "4,0", speed=6)]), 3, 3, 3, 2)
    assert enc.state.order == ["B", "A"]
    assert enc.state.fighters["A"].initiative == enc.state.fighters["B"].initiative == 11


def test_initiative_tie_at_the_same_speed_is_a_roll_off() -> None:
    """F3: ties at the same speed go to a d10 roll-off: both 11, A rolls 2 and B 9."""
    enc, _ = start(scenario([char("A", "0,0")], [char("B", "4,0")]), 3, 3, 3, 3, 2, 9)
    assert enc.state.order == ["B", "A"]


def test_attacks_resolve_from_the_highest_initiative_down() -> None:
    """F2: "attacks resolve from highest initiative down". B (15) punches before A (7)."""
    enc, _ = start(scenario([char("A", "0,0")], [char("B", "1,0")]), 1, 1, 5, 5, 0, 0, 0, 0)
    play(enc, A="punch", B="punch")
    assert enc.pending()[0].seat == "B"
    enc.submit("B", "target name=A from=1,0")
    enc.submit("B", "stay")
    enc.submit("A", "target name=B from=0,0")
    assert [h["attacker"] for h in of_kind(enc, "hit")] == ["B", "A"]
    assert hp(enc, "A") == 16 and hp(enc, "B") == 16


# --- cards and their tables (F5) ---------------------------------------------------------------


def shot(card: str, b_at: str, *dice: int, **a: object) -> Encounter:
    enc, _ = start(scenario([char("A", "0,0", **a)], [char("B", b_at)]), *INIT, *dice)
    play(enc, A=card, B="move")
    enc.submit("A", "target name=B")
    return enc


def test_slingshot_zero_deals_five_and_stuns() -> None:
    """F5: Slingshot "~/+1&Stun/+1&Stun/+1&Stun/+1&Stun x2"; damage 4: a 0 deals 5 and a stun."""
    enc = shot("slingshot", "3,0", 0, 0, proficiencies=["nanodart"], weapons=["slingshot"])
    assert hp(enc, "B") == 15 and enc.state.fighters["B"].stun == 1


def test_spray_plus_two_stuns_twice_and_the_stuns_compound() -> None:
    """Spray's ++ is "2x Stun"; seed: "Multiple stun effects compound" (F8: stuns stack as
    rounds): B is limited to Defend in rounds 2 and 3, and chooses again in round 4."""
    enc = shot("spray", "1,0", 1, 1, proficiencies=["spray"], weapons=["sprayer"])
    settle(enc)
    assert hp(enc, "B") == 16 and enc.state.fighters["B"].stun == 2
    for _ in range(2):
        assert seats_choosing(enc) == ["A"]
        play(enc, A="defend")
        stay_steps(enc)
    assert seats_choosing(enc) == ["A", "B"]


def test_nanodart_minus_two_deals_four_without_stun() -> None:
    """F5: Nanodart "~/Stun/Stun/Stun/Stun x2": a -2 deals the base 4 and no stun."""
    enc = shot("nanodart", "3,0", -1, -1, proficiencies=["nanodart"], weapons=["nanodart"])
    assert hp(enc, "B") == 16 and enc.state.fighters["B"].stun == 0


def test_rifle_minus_two_deals_two() -> None:
    """Rifle table "-- -4": 6 - 4 = 2 damage."""
    enc = shot("rifle_fire", "3,0", -1, -1, proficiencies=["rifle"], weapons=["rifle"])
    assert hp(enc, "B") == 18


def test_rifle_adjacent_is_disadvantaged() -> None:
    """Seed: the rifle "can be fired with Disadvantage from 7 or 8 spaces or an adjacent hex".
    3dF keep the worst two: + + - -> 0: 6 damage."""
    enc = shot("rifle_fire", "1,0", 1, 1, -1, proficiencies=["rifle"], weapons=["rifle"])
    hit = of_kind(enc, "hit")[0]
    assert hit["reasons"] == ["beyond range"] and hit["total"] == 0 and hp(enc, "B") == 14


def test_pistol_at_six_is_disadvantaged_and_eight_is_out_of_reach() -> None:
    """Seed: the pistol "can be used from five spaces away or less, or seven spaces with
    disadvantage"."""
    enc = shot("pistol_shot", "6,0", 1, 1, -1, proficiencies=["pistol"], weapons=["pistol"])
    assert of_kind(enc, "hit")[0]["reasons"] == ["beyond range"] and hp(enc, "B") == 15
    far, _ = start(scenario([char("A", "0,0", weapons=["pistol"])], [char("B", "8,0")]), *INIT)
    play(far, A="pistol_shot", B="move")
    assert not any(c.action == "target" for c in far.legal("A"))


def aimed_shot(card: str, b_at: str, *dice: int, **a: object) -> Encounter:
    """Round 1 both aim (unhurt: A holds the aim); round 2 A attacks B, who moves."""
    enc, _ = start(scenario([char("A", "0,0", **a)], [char("B", b_at)]), *INIT, *dice)
    play(enc, A="aim", B="aim")
    assert enc.state.fighters["A"].aim > 0
    play(enc, A=card, B="move")
    enc.submit("A", "target name=B")
    return enc


def test_aimed_pistol_at_three_adds_four() -> None:
    """Seed: "Aiming increases its damage by 4 in addition to providing Advantage" (the +8 is
    only adjacent). 3dF keep best two: 0 0 - -> 0: 5 + 4 = 9."""
    enc = aimed_shot("pistol_shot", "3,0", 0, 0, -1, proficiencies=["pistol"], weapons=["pistol"])
    assert hp(enc, "B") == 11


def test_aimed_rifle_at_four_adds_four() -> None:
    """Seed: rifle damage "goes up by 4 if aimed or 8 if aimed and fired from its closest
    range": at 4 hexes, 6 + 4 = 10."""
    enc = aimed_shot("rifle_fire", "4,0", 0, 0, -1, proficiencies=["rifle"], weapons=["rifle"])
    assert hp(enc, "B") == 10


def test_aimed_darter_adds_four_to_the_table() -> None:
    """Darter "If Aimed: +4 damage & Advantage"; its 0 is "+1 & Stun": 4 + 4 + 1 = 9, a stun."""
    enc = aimed_shot("darter", "3,0", 0, 0, -1, proficiencies=["rifle"], weapons=["microdarter"])
    assert hp(enc, "B") == 11 and enc.state.fighters["B"].stun == 1


def test_aimed_shortbow_at_long_range_keeps_advantage() -> None:
    """Shortbow "If Aimed: Advantaged even if disadvantaged apply": at 8 hexes (range 7-9 with
    disadvantage) the aimed shot still keeps the best two of 3dF: - - + -> + - = 0: 6."""
    enc = aimed_shot(
        "piercing_arrow", "8,0", -1, -1, 1, proficiencies=["shortbow"], weapons=["shortbow"]
    )
    hit = of_kind(enc, "hit")[0]
    assert hit["advantage"] == 1 and hit["total"] == 0 and hp(enc, "B") == 14


def test_aimed_staff_strike_deals_ten_and_two_stuns() -> None:
    """Staff Strike "If Aimed: 10 Damage & 2x Stun"."""
    enc = aimed_shot("staff_strike", "2,0", 0, 0, -1, proficiencies=["staff"], weapons=["bo_staff"])
    assert hp(enc, "B") == 10 and enc.state.fighters["B"].stun == 2


def test_spear_reaches_two_hexes() -> None:
    """Spear: damage 7, "Range: Adjacent + 1", table "-- -2, - -1, 0 ~": from 2 hexes at 0 it
    deals 7."""
    enc, _ = start(
        scenario(
            [char("A", "0,0", proficiencies=["staff"], weapons=["spear"])], [char("B", "3,0")]
        ),
        *INIT,
        0,
        0,
    )
    play(enc, A="spear", B="move")
    enc.submit("A", "target name=B from=1,0")
    assert hp(enc, "B") == 13


def test_light_armor_takes_one_off() -> None:
    """Seed "Additional Combat Rules": "Light armor reduces damage by 1 point": Rifle 6 -> 5."""
    data = scenario(
        [char("A", "0,0", proficiencies=["rifle"], weapons=["rifle"])],
        [char("B", "3,0", armor="light")],
    )
    enc, _ = start(data, *INIT, 0, 0)
    play(enc, A="rifle_fire", B="move")
    enc.submit("A", "target name=B")
    assert hp(enc, "B") == 15


def test_cover_and_heavy_armor_both_apply() -> None:
    """F9: cover takes 1 off ranged damage and heavy armor 2: Rifle 6 at 0 -> 3. B at 4,0 has a
    low obstacle at 3,0 between it and A."""
    data = scenario(
        [char("A", "0,0", proficiencies=["rifle"], weapons=["rifle"])],
        [char("B", "4,0", armor="heavy")],
        terrain={"3,0": "low_obstacle"},
    )
    enc, _ = start(data, *INIT, 0, 0)
    play(enc, A="rifle_fire", B="move")
    enc.submit("A", "target name=B")
    assert hp(enc, "B") == 17


def test_cover_lets_a_ranged_defense_go_without_disadvantage() -> None:
    """Seed "Hiro is behind cover. He can defend without disadvantage" (F9): B two hexes away
    from the rifle, behind a low obstacle, defends on 2dF: 0 0 = 0, the attack fails."""
    data = scenario(
        [char("A", "0,0", proficiencies=["rifle"], weapons=["rifle"])],
        [char("B", "4,0")],
        terrain={"3,0": "low_obstacle"},
    )
    enc, _ = start(data, *INIT, 0, 0)
    play(enc, A="rifle_fire", B="defend")
    enc.submit("A", "target name=B")
    enc.submit("B", "stay")
    d = of_kind(enc, "defend")[0]
    assert d["disadvantage"] == [] and len(d["faces"]) == 2  # type: ignore[arg-type]
    assert hp(enc, "B") == 20


# --- Aim ------------------------------------------------------------------------------------


def test_an_aimed_attack_disadvantages_the_defense() -> None:
    """Seed "Aim applies disadvantage to a target's Defend action" (F4). Adjacent, so only the
    aim: 3dF keep the worst two: + + - -> 0: the attack fails (2dF would have been +2)."""
    enc, _ = start(scenario([char("A", "0,0")], [char("B", "1,0")]), *INIT, 1, 1, -1)
    play(enc, A="aim", B="defend")
    stay_steps(enc)
    play(enc, A="punch", B="defend")
    enc.submit("A", "target name=B from=0,0")
    enc.submit("B", "stay")
    d = of_kind(enc, "defend")[0]
    assert d["disadvantage"] == ["aimed attack"] and d["total"] == 0
    assert hp(enc, "B") == 20 and "counter" not in kinds(enc)


def test_a_defender_who_aimed_defends_with_advantage() -> None:
    """Seed: "If a player defends after aiming and is attacked, they defend with advantage".
    3dF keep the best two: - - + -> 0: the attack fails; the aim is spent."""
    enc, _ = start(scenario([char("A", "0,0")], [char("B", "1,0")]), *INIT, -1, -1, 1)
    play(enc, A="defend", B="aim")
    stay_steps(enc)
    assert enc.state.fighters["B"].aim > 0
    play(enc, A="punch", B="defend")
    enc.submit("A", "target name=B from=0,0")
    enc.submit("B", "stay")
    d = of_kind(enc, "defend")[0]
    assert d["advantage"] == 1 and d["total"] == 0 and hp(enc, "B") == 20
    assert enc.state.fighters["B"].aim == 0


def test_a_defender_who_steps_out_of_range_keeps_the_aim() -> None:
    """Seed: "... unless they move out of range to prevent the attack. If so, they can reserve
    their aim condition to the next round"."""
    enc, _ = start(scenario([char("A", "0,0")], [char("B", "2,0")]), *INIT)
    play(enc, A="defend", B="aim")
    stay_steps(enc)
    play(enc, A="punch", B="defend")
    enc.submit("A", "target name=B from=1,0")
    enc.submit("B", "step to=3,0")
    assert "out_of_range" in kinds(enc) and "defend" not in kinds(enc)
    assert enc.state.fighters["B"].aim > 0


def test_damage_while_holding_an_aim_loses_it() -> None:
    """Seed: "If they take no damage, players can withhold their aim condition to the following
    round": A aims in round 1, moves (keeping it) in round 2 and is punched: the aim is lost."""
    enc, _ = start(scenario([char("A", "0,0")], [char("B", "1,0")]), 1, 1, 5, 5, 0, 0)
    play(enc, A="aim", B="defend")
    stay_steps(enc)
    assert enc.state.fighters["A"].aim > 0
    play(enc, A="move", B="punch")
    enc.submit("B", "target name=A from=1,0")
    if enc.pending() and enc.pending()[0].kind == "withdraw":
        enc.submit("B", "stay")
    enc.submit("A", "move to=-1,0")
    assert hp(enc, "A") == 16 and enc.state.fighters["A"].aim == 0


def test_aim_rerolls_initiative_and_must_use_the_result() -> None:
    """Seed: "Players also have the option to re-roll their initiative roll whenever they play
    the aim action, but must use the result": B (7) re-rolls 10 10 -> 25 and goes first."""
    enc, dice = start(scenario([char("A", "0,0")], [char("B", "6,0")]), *INIT)
    enc.submit("A", "play card=defend")
    enc.submit("B", "play card=aim reroll=true")
    dice.push([10, 10])
    stay_steps(enc)
    assert enc.state.fighters["B"].initiative == 25 and enc.state.order == ["B", "A"]


# --- Move (F7) ------------------------------------------------------------------------------


def test_movement_through_allies_is_unimpeded() -> None:
    """Seed: "Movement through allies is unimpeded" (F7): in a corridor through ally C, A still
    walks its 4 hexes."""
    walls = {str(h): "wall" for h in Hex(0, 0).spiral(8) if h.r in (-1, 1)}
    data = scenario([char("A", "0,0"), char("C", "1,0")], [char("B", "-2,6")], terrain=walls)
    enc, _ = start(data, 5, 5, 1, 1, 1, 2)
    play(enc, A="move", B="defend", C="defend")
    stay_steps(enc)
    tos = {c.str_param("to") for c in enc.legal("A") if c.action == "move"}
    assert "4,0" in tos and "5,0" not in tos


def test_furniture_costs_one_more_hex() -> None:
    """Seed: "Movement over furniture or challenging terrain ... costs an additional hex":
    a low obstacle at 1,0 in a corridor: 4,0 costs 5, out of reach; 3,0 costs 4."""
    terrain = {str(h): "wall" for h in Hex(0, 0).spiral(8) if h.r in (-1, 1)}
    terrain["1,0"] = "low_obstacle"
    data = scenario([char("A", "0,0")], [char("B", "-2,6")], terrain=terrain)
    enc, _ = start(data, *INIT)
    play(enc, A="move", B="defend")
    stay_steps(enc)
    tos = {c.str_param("to") for c in enc.legal("A") if c.action == "move"}
    assert "3,0" in tos and "4,0" not in tos


# --- Restrain (F6) ---------------------------------------------------------------------------


def test_restrain_releases_a_restrained_ally_without_a_roll() -> None:
    """Seed: "The restrain action can also be played to release a character from restraint"
    (F6): C releases B, restrained in round 1, with no dice."""
    data = scenario(
        [char("A", "0,0", restraints=True)],
        [char("B", "1,0", hp=13), char("C", "2,0", restraints=True)],
    )
    enc, _ = start(data, *INIT3, 0, 0)
    play(enc, A="restrain", B="aim", C="defend")
    enc.submit("A", "target name=B")
    settle(enc)
    assert enc.state.fighters["B"].restrained and enc.state.round == 2
    assert seats_choosing(enc) == ["A", "C"]
    play(enc, A="defend", C="restrain")
    enc.submit("C", "target name=B")
    b = enc.state.fighters["B"]
    assert not b.restrained and b.status == "active" and "release" in kinds(enc)


def test_a_restrained_character_stays_stunned_round_after_round() -> None:
    """Seed: "A character who is restrained is left in the stunned condition indefinitely":
    B does not choose a card in rounds 2 and 3."""
    data = scenario(
        [char("A", "0,0", restraints=True)], [char("B", "1,0", hp=13), char("C", "-6,0")]
    )
    enc, _ = start(data, *INIT3, 0, 0)
    play(enc, A="restrain", B="move", C="defend")
    enc.submit("A", "target name=B")
    settle(enc)
    for _ in range(2):
        assert seats_choosing(enc) == ["A", "C"]
        play(enc, A="defend", C="defend")
        settle(enc)
    assert enc.state.round == 4 and enc.state.fighters["B"].restrained


# --- F8 HP thresholds ------------------------------------------------------------------------


def test_an_incapacitated_character_defends_at_disadvantage() -> None:
    """F8: "<= 0 incapacitated (as stunned; moves 1 hex; defends at disadvantage)". B at 0 HP
    does not choose; punched, it defends on 3dF keep worst: 1 1 0 -> 0 1 = +1, so the attack
    fails; B is not able, so no counter-attack."""
    data = scenario([char("A", "0,0")], [char("B", "1,0", hp=0), char("C", "-6,0")])
    enc, _ = start(data, *INIT3, 1, 1, 0)
    assert enc.state.fighters["B"].status == "incapacitated"
    assert seats_choosing(enc) == ["A", "C"]
    play(enc, A="punch", C="defend")
    enc.submit("A", "target name=B from=0,0")
    enc.submit("B", "stay")
    d = of_kind(enc, "defend")[0]
    assert d["advantage"] == -1 and d["total"] == 1 and hp(enc, "B") == 0
    assert "hit" not in kinds(enc)


def test_the_dying_cannot_defend() -> None:
    """Seed: dying characters "no longer can perform even the defend action": the punch lands
    with no defense roll (B at -11 HP, C keeps Blue in the fight)."""
    data = scenario([char("A", "0,0")], [char("B", "1,0", hp=-11), char("C", "-6,0")])
    enc, _ = start(data, *INIT3, 0, 0)
    assert enc.state.fighters["B"].status == "dying"
    play(enc, A="punch", C="defend")
    enc.submit("A", "target name=B from=0,0")
    assert "defend" not in kinds(enc) and hp(enc, "B") == -15


def test_minus_twenty_is_dead() -> None:
    """Seed: "If they reach -20 HP then they are dead" (F8: <= -20)."""
    data = scenario([char("A", "0,0")], [char("B", "1,0", hp=-16), char("C", "-6,0")])
    enc, _ = start(data, *INIT3, 0, 0)
    play(enc, A="punch", C="defend")
    enc.submit("A", "target name=B from=0,0")
    assert hp(enc, "B") == -20 and enc.state.fighters["B"].status == "dead"


def test_counter_attack_uses_the_first_listed_attack_card() -> None:
    """F4: "+2 fails and counter-attack ... (with its first listed attack)". B carries a knife:
    Stab (damage 6) comes before Punch; 0 0 -> 6 damage to A."""
    data = scenario(
        [char("A", "0,0")], [char("B", "1,0", proficiencies=["knife"], weapons=["knife"])]
    )
    enc, _ = start(data, *INIT, 1, 1, 0, 0)
    play(enc, A="punch", B="defend")
    enc.submit("A", "target name=B from=0,0")
    enc.submit("B", "stay")
    c = of_kind(enc, "counter")[0]
    assert c["card"] == "stab" and hp(enc, "A") == 14 and hp(enc, "B") == 20


@pytest.mark.parametrize("moved", [False, True])
def test_move_card_allowance(moved: bool) -> None:
    """F7: "Move 4 hexes; -1 if Move was played last round"."""
    enc, _ = start(scenario([char("A", "0,0")], [char("B", "8,-8")]), *INIT)
    if moved:
        play(enc, A="move", B="defend")
        stay_steps(enc)
        enc.submit("A", "move to=1,0")
    play(enc, A="move", B="defend")
    stay_steps(enc)
    start_hex = enc.state.fighters["A"].pos
    assert start_hex is not None
    far = max(
        Hex.parse(c.str_param("to")).distance(start_hex)
        for c in enc.legal("A")
        if c.action == "move" and c.get("aim") is None
    )
    assert far == (3 if moved else 4)


# --- the seed's cover review, as defenses (F4, F9) ---------------------------------------------

COVER_MAP = {"-3,0": "low_obstacle", "0,-2": "wall"}
SPOTS = {"Hiro": "-4,0", "Pulsa": "1,-1", "Hypebot": "3,2", "Dusty": "3,3"}


def dot_fires_at_a_defender(name: str, *dice: int) -> Encounter:
    """The red dot (Dot, a rifle) fires at `name`, who defends; the others move."""
    data = scenario(
        [char("Dot", "0,0", proficiencies=["rifle"], weapons=["rifle"])],
        [char(n, h) for n, h in SPOTS.items()],
        terrain=COVER_MAP,
    )
    enc, _ = start(data, 9, 9, 1, 1, 1, 2, 1, 3, 1, 4, *dice)
    play(enc, Dot="rifle_fire", **{n: ("defend" if n == name else "move") for n in SPOTS})
    enc.submit("Dot", f"target name={name}")
    enc.submit(name, "stay")
    return enc


@pytest.mark.parametrize(
    ("name", "exposed"), [("Hiro", False), ("Pulsa", False), ("Dusty", False), ("Hypebot", True)]
)
def test_the_cover_review_defenses(name: str, exposed: bool) -> None:
    """Seed's review of cover: "Hiro ... can defend without disadvantage"; "Pulsa is adjacent.
    She can defend without disadvantage"; "Dusty ... can defend without disadvantage";
    "Hypebot is exposed. If he defends, it's disadvantaged." Dice 0 0 (and a third 0)."""
    enc = dot_fires_at_a_defender(name, 0, 0, 0)
    d = of_kind(enc, "defend")[0]
    assert (d["advantage"] == -1) is exposed
    assert len(d["faces"]) == (3 if exposed else 2)  # type: ignore[arg-type]
    assert d["total"] == 0 and hp(enc, name) == 20


def test_pulsa_adjacent_gets_no_armor_benefit_of_cover() -> None:
    """Seed: "Pulsa is adjacent. She can defend without disadvantage, but doesn't get the armor
    benefit of cover": an undefended rifle shot at her (adjacent: disadvantaged, 3dF keep worst
    0 0 0) deals the full 6."""
    data = scenario(
        [char("Dot", "0,0", proficiencies=["rifle"], weapons=["rifle"])],
        [char(n, h) for n, h in SPOTS.items()],
        terrain=COVER_MAP,
    )
    enc, _ = start(data, 9, 9, 1, 1, 1, 2, 1, 3, 1, 4, 0, 0, 0)
    play(enc, Dot="rifle_fire", **dict.fromkeys(SPOTS, "move"))
    enc.submit("Dot", "target name=Pulsa")
    assert hp(enc, "Pulsa") == 14


# --- more of F3, the optional rule, Restrain's damage and armor ------------------------------


def test_a_roll_off_is_repeated_while_tied() -> None:
    """F3 / doc: "a d10 roll-off, repeated while tied": 4 4 tie, then 2 8: B first."""
    enc, _ = start(scenario([char("A", "0,0")], [char("B", "4,0")]), 3, 3, 3, 3, 4, 4, 2, 8)
    assert enc.state.order == ["B", "A"]


def test_optional_rule_stunned_before_attacking_is_disadvantaged() -> None:
    """Seed "Optional Rule: If a character is stunned before they resolve an attack played in the
    current round, apply disadvantage" (`rules.stunned_attack_disadvantage`). A (15) punches B
    (0 0: a stun), then B's punch rolls 3dF keep the worst: + + 0 -> +1."""
    data = scenario(
        [char("A", "0,0")], [char("B", "1,0")], rules={"stunned_attack_disadvantage": True}
    )
    enc, _ = start(data, *INIT, 0, 0, 1, 1, 0)
    play(enc, A="punch", B="punch")
    enc.submit("A", "target name=B from=0,0")
    enc.submit("A", "stay")
    enc.submit("B", "target name=A from=1,0")
    hit = of_kind(enc, "hit")[1]
    assert hit["reasons"] == ["stunned"] and hit["total"] == 1 and hp(enc, "A") == 16


def test_optional_rule_is_off_by_default() -> None:
    """Doc: the optional rule is off unless the scenario turns it on: B's punch is plain 2dF."""
    enc, _ = start(scenario([char("A", "0,0")], [char("B", "1,0")]), *INIT, 0, 0, 1, 1)
    play(enc, A="punch", B="punch")
    enc.submit("A", "target name=B from=0,0")
    enc.submit("A", "stay")
    enc.submit("B", "target name=A from=1,0")
    hit = of_kind(enc, "hit")[1]
    assert hit["reasons"] == [] and hit["total"] == 2


def test_armor_takes_off_the_damage_of_a_failed_restrain() -> None:
    """Seed: armor is subtracted "from the damage inflicted by each attack"; Restrain is an
    attack card ("Attack - Special") whose - deals 3 damage (F6): light armor leaves 2."""
    data = scenario(
        [char("A", "0,0", restraints=True)],
        [char("B", "1,0", hp=13, armor="light"), char("C", "-6,0")],
    )
    enc, _ = start(data, *INIT3, -1, 0)
    play(enc, A="restrain", B="aim", C="defend")
    enc.submit("A", "target name=B")
    assert hp(enc, "B") == 11


def test_an_incapacitated_mover_moves_one_hex() -> None:
    """Seed: the incapacitated "may move one hex space per round" (F8): B, punched to 0 HP before
    the moves, may move only one hex with its Move card."""
    data = scenario([char("A", "0,0")], [char("B", "1,0", hp=4), char("C", "-6,0")])
    enc, _ = start(data, *INIT3, 0, 0)
    play(enc, A="punch", B="move", C="defend")
    enc.submit("A", "target name=B from=0,0")
    enc.submit("A", "stay")
    stay_steps(enc)
    assert enc.state.fighters["B"].status == "incapacitated"
    assert enc.pending()[0].seat == "B"
    tos = [Hex.parse(c.str_param("to")) for c in enc.legal("B") if c.action == "move"]
    assert tos and max(h.distance(Hex(1, 0)) for h in tos) == 1


def test_a_stunned_character_still_takes_its_one_hex() -> None:
    """Seed: a stunned target "is limited in the next round to defending with disadvantage. They
    may still use their one hex of movement": unattacked in round 2, B steps one hex."""
    data = scenario([char("A", "0,0")], [char("B", "1,0")])
    enc, _ = start(data, *INIT, 0, 0)
    play(enc, A="punch", B="aim")
    enc.submit("A", "target name=B from=0,0")
    enc.submit("A", "stay")
    assert enc.state.round == 2 and seats_choosing(enc) == ["A"]
    play(enc, A="defend")
    enc.submit("A", "stay")
    assert enc.pending()[0].seat == "B" and enc.pending()[0].kind == "step"
    assert "step to=2,0" in [c.text() for c in enc.legal("B")]


# --- F5: every card's printed numbers ---------------------------------------------------------

CARDS = {
    # id: (damage, range, movement, outcomes --/-/0/+/++), as printed or corrected by F5
    "punch": (4, (1, 1), 1, ["~", "~", "Stun", "Stun", "Stun"]),
    "trained_strike": (5, (1, 1), 1, ["~", "~", "Stun", "Stun", "Stun"]),
    "claw": (5, (1, 1), 1, ["~", "~", "Stun", "Stun", "Stun"]),
    "spray": (4, (1, 1), 1, ["~", "Stun", "Stun", "Stun", "Stun x2"]),
    "taze_strike": (6, (1, 1), 1, ["~", "Stun", "Stun", "Stun", "Stun x2"]),
    "club": (6, (1, 1), 1, ["~", "~", "~", "Stun", "Stun"]),
    "staff_strike": (6, (1, 2), 1, ["~", "Stun", "Stun", "Stun", "Stun"]),
    "spear": (7, (1, 2), 1, ["-2", "-1", "~", "+2", "+4"]),
    "stab": (6, (1, 1), 1, ["-2", "~", "~", "+1", "+2"]),
    "sword_strike": (8, (1, 1), 1, ["~", "~", "~", "+2", "+4"]),
    "pistol_shot": (5, (1, 5), 0, ["-2", "-1", "0", "+1", "+2"]),
    "nanodart": (4, (1, 5), 0, ["~", "Stun", "Stun", "Stun", "Stun x2"]),
    "slingshot": (4, (1, 5), 0, ["~", "+1 & Stun", "+1 & Stun", "+1 & Stun", "+1 & Stun x2"]),
    "rifle_fire": (6, (2, 6), 0, ["-4", "-2", "0", "+2", "+4"]),
    "darter": (4, (2, 6), 0, ["~", "Stun", "+1 & Stun", "+2 & Stun x2", "+2 & Stun x2"]),
    "piercing_arrow": (6, (2, 6), 0, ["-2", "-1", "0", "+2", "+4"]),
    "stun_arrow": (4, (2, 6), 0, ["-2", "-1", "Stun", "Stun", "Stun x2"]),
}
FAR = {"pistol_shot": 7, "nanodart": 7, "slingshot": 7, "rifle_fire": 8, "darter": 8}
FAR |= {"piercing_arrow": 9, "stun_arrow": 9}
AIMED = {  # "If Aimed" lines: (damage, stun) where the card sets a damage
    "punch": (8, 1),
    "trained_strike": (10, 1),
    "claw": (10, 1),
    "taze_strike": (10, 0),
    "club": (10, 1),
    "staff_strike": (10, 2),
    "spear": (14, 1),
    "stab": (12, 0),
    "sword_strike": (18, 1),
    "nanodart": (6, 1),
}


@pytest.mark.parametrize("cid", sorted(CARDS))
def test_card_numbers_are_the_seeds(cid: str) -> None:
    """F5: "Card tables. Outcome tables are data ... Ranges come from the cards"; each card's
    damage, range, movement, table, far range and "If Aimed" line as printed in the seed."""
    from shiftdrive.rulesets.fully_automated.scenario import default_catalog, parse_outcome

    c = default_catalog().cards[cid]
    dmg, rng, mv, table = CARDS[cid]
    assert (c.damage, tuple(c.range), c.movement) == (dmg, rng, mv)
    assert [parse_outcome(x) for x in c.outcomes] == [parse_outcome(x) for x in table]
    if cid in FAR:
        assert c.ranged and c.disadvantaged_range is not None
        assert c.disadvantaged_range[1] == FAR[cid]
    if cid in AIMED:
        assert (c.aimed.damage, c.aimed.stun) == AIMED[cid]


def test_aimed_bonuses_are_the_seeds() -> None:
    """Pistol "+4 damage & Advantage, +8 damage if adjacent"; Rifle "+4 damage & Adv., +8 damage
    if 2 hexes away"; Slingshot "+2 damage & Advantage"; Darter "+4 damage & Advantage"."""
    from shiftdrive.rulesets.fully_automated.scenario import default_catalog

    cards = default_catalog().cards
    got = {
        k: (cards[k].aimed.bonus, cards[k].aimed.near_bonus, cards[k].aimed.near_distance)
        for k in ("pistol_shot", "rifle_fire", "slingshot", "darter")
    }
    assert got["pistol_shot"] == (4, 8, 1) and got["rifle_fire"] == (4, 8, 2)
    assert got["slingshot"][0] == 2 and got["darter"][0] == 4
    assert got["slingshot"][1] is None and got["darter"][1] is None
