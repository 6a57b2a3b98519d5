"""Attacks (P9, P5, P11, C2, C3): the seed's worked example, range bands by scale, weapons on
a tie, armor that cancels a hit, hand-to-hand, the movement shift, mishaps."""

from __future__ import annotations

from fractions import Fraction

from pilot_wave_helpers import MINUS, PLUS, ZERO, npc, scenario, start

from shiftdrive.core.odds import pilot_wave_table
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter
from shiftdrive.rulesets.pilot_wave.catalog import band_at, band_hexes, move_shift, run_speed
from shiftdrive.rulesets.pilot_wave.combat import why_not

MP7 = {"MP-7": {"kind": "carbine", "value": 3, "rounds": 30, "skill": "Gun Combat"}}


def duel(
    dice: list[int], shooter: dict[str, object], target: dict[str, object], **kw: object
) -> Encounter:
    """Both sides' tacticians roll for side order in set-up (empty pools: no bids); the crew
    wins it with the first four dice and goes first."""
    enc = start(scenario([shooter], [target], **kw), dice)
    enc.submit("Crew", Choice.of("first", side="Crew"))
    return enc


def shoot(
    enc: Encounter, target: str = "Zed", skill: str = "Gun Combat", fire: str = "single"
) -> None:
    enc.submit("Crew", Choice.of("attack", target=target, skill=skill, fire=fire))
    if enc.pending()[0].kind == "counter":
        enc.submit("Raiders", "pass")


def outcome(enc: Encounter) -> tuple[int, int]:
    """The last roll's total and opposition, as its outcome reports them."""
    last = [e for e in enc.events() if e.kind == "outcome"][-1]
    return last.data["total"], last.data["opposition"]


def test_the_seeds_table_of_success_is_exact() -> None:
    # C3: P(4dF >= difficulty) for a skill of 0, out of 81
    table = pilot_wave_table()
    assert [table[d] * 81 for d in range(-4, 5)] == [81, 80, 76, 66, 50, 31, 15, 5, 1]
    assert table[1] == Fraction(31, 81)


def test_the_seeds_worked_example_a_contact_shot_at_an_hev_suit_is_3_stress() -> None:
    # Gun Combat +2, rolls 0, Contact (15 m: one Short hex), Trivial (0): +2 shifts;
    # weapon 3 (pinned as written, P9), HEV suit 2: a 5-shift hit becomes 3.
    enc = duel(
        PLUS + ZERO + ZERO,
        npc("Ada", "0,0", skills={"Gun Combat": 2}, weapon="MP-7"),
        npc("Zed", "1,0", physique=1, armor="hev suit"),
        weapons=MP7,
    )
    shoot(enc)
    assert enc.state.roll is not None and enc.state.roll.difficulty == 0
    decision = enc.pending()[0]
    assert (decision.seat, decision.kind) == ("Raiders", "absorb")
    assert enc.state.roll.hit == 3
    labels = [c.label for c in enc.legal("Raiders")]
    # "3 physical stress, or 1 physical stress and a mild consequence"
    assert any(label.startswith("check physical box [3]") for label in labels)
    assert any("[1]" in label and "mild" in label for label in labels)


def test_range_bands_scale_with_the_map_and_the_nearer_band_applies() -> None:
    assert band_hexes("carbine", "short") == [1, 5, 10, 20]
    assert band_hexes("carbine", "close") == [10, 50, 100, 200]
    assert band_hexes("pistol", "medium") == [1, 1, 1, 1]  # 0.2, 0.4, 0.6 rounded up
    assert band_at("pistol", "medium", 1) == 0  # bands sharing a hex: the nearer
    assert band_hexes("pistol", "long") == []  # pistols are not effective at Long
    assert band_hexes("rifle", "long") == [1, 1, 1, 1]
    assert band_at("rifle", "short", 11) == 2
    assert band_at("rifle", "short", 41) is None


def test_a_far_shot_is_harder_and_does_less_damage() -> None:
    # Carbine at 6 Short hexes: Effective band, Routine (2), damage shift -2.
    enc = duel(
        PLUS + ZERO + PLUS,
        npc("Ada", "0,0", skills={"Gun Combat": 3}, weapon="carbine"),
        npc("Zed", "6,0", physique=1),
    )
    odds = enc.ruleset.odds(
        enc.state, "Crew", Choice.of("attack", target="Zed", skill="Gun Combat", fire="single")
    )
    assert odds is not None and odds.at_least_tie == pilot_wave_table()[2 - 3]
    shoot(enc)
    # 3 + 4 = 7 against 2: 5 shifts + carbine 2 - 2 for the band = 5
    assert enc.state.roll is not None and enc.state.roll.hit == 5


def test_in_vacuum_range_does_not_reduce_damage() -> None:
    enc = duel(
        PLUS + ZERO + PLUS,
        npc("Ada", "0,0", skills={"Gun Combat": 3}, weapon="carbine"),
        npc("Zed", "6,0", physique=1),
        vacuum=True,
    )
    shoot(enc)
    assert enc.state.roll is not None and enc.state.roll.hit == 7


def test_a_weapon_hurts_on_a_tie() -> None:
    # Gun Combat 0 + 0 against Trivial (0): a tie; carbine 2 at Contact: a hit of 2.
    enc = duel(
        PLUS + ZERO + ZERO,
        npc("Ada", "0,0", skills={"Gun Combat": 0}, weapon="carbine"),
        npc("Zed", "1,0"),
    )
    shoot(enc)
    assert enc.state.roll is not None and enc.state.roll.hit == 2
    assert enc.pending()[0].kind == "absorb"


def test_armor_that_cancels_the_hit_gives_the_attacker_a_boost() -> None:
    enc = duel(
        PLUS + ZERO + ZERO,
        npc("Ada", "0,0", skills={"Gun Combat": 0}, weapon="pistol"),
        npc("Zed", "1,0", armor="powered armor"),
    )
    shoot(enc)
    assert enc.state.roll is None
    assert "Ada's Opening" in enc.state.aspects
    assert enc.state.fighters["Zed"].stress["physical"].marked_count == 0


def test_automatic_fire_is_harder_hits_harder_and_uses_three_rounds() -> None:
    enc = duel(
        PLUS + ZERO + ZERO,
        npc("Ada", "0,0", skills={"Gun Combat": 2}, weapon="carbine", fire_mode="automatic"),
        npc("Zed", "1,0"),
    )
    shoot(enc, fire="auto")
    roll = enc.state.roll
    assert roll is not None and roll.difficulty == 1  # Trivial + 1
    assert roll.hit == 1 + 3  # 1 shift + carbine 2 + 1
    assert enc.state.fighters["Ada"].rounds == 27


def test_hand_to_hand_is_opposed_close_combat_between_adjacent_hexes() -> None:
    enc = duel(
        PLUS + ZERO + ZERO + MINUS,
        npc("Ada", "0,0", skills={"Close Combat": 2}, weapon="knife"),
        npc("Zed", "1,0", skills={"Close Combat": 1}),
    )
    enc.submit("Crew", Choice.of("attack", target="Zed", skill="Close Combat", fire="single"))
    enc.submit("Raiders", "pass")  # no counter
    assert enc.pending()[0].kind == "defend"
    enc.submit("Raiders", Choice.of("defend", skill="Close Combat"))
    # 2 + 0 against 1 - 4 = -3: 5 shifts + knife 1 = 6
    assert enc.state.roll is not None and enc.state.roll.hit == 6


def test_hand_to_hand_needs_an_adjacent_hex() -> None:
    enc = duel(PLUS + ZERO, npc("Ada", "0,0", skills={"Close Combat": 2}), npc("Zed", "3,0"))
    why = enc.why_illegal(
        "Crew", Choice.of("attack", target="Zed", skill="Close Combat", fire="single")
    )
    assert why == "hand-to-hand needs Zed in an adjacent hex"


def test_moving_five_hexes_is_minus_one_to_actions_by_and_against_the_mover() -> None:
    assert [move_shift(n) for n in (4, 5, 9, 10, 19, 20)] == [0, -1, -1, -2, -2, -3]
    assert run_speed(2, "close") == 22 and run_speed(2, "short") == 2
    enc = duel(
        PLUS + ZERO + ZERO,
        npc("Ada", "0,0", skills={"Gun Combat": 2}, weapon="carbine"),
        npc("Zed", "12,0"),
        scale="close",
        map={"width": 20, "height": 3},
    )
    enc.submit("Crew", Choice.of("move", to="6,0"))
    assert enc.state.fighters["Ada"].moved == 6
    shoot(enc)
    # Contact at Close (6 hexes <= 10): Trivial 0; Gun Combat 2, -1 for the shooter's move
    assert enc.state.roll is not None and enc.state.roll.difficulty == 0
    assert outcome(enc) == (1, 0)


def test_a_blast_shot_is_hazardous_and_a_bad_miss_is_a_mishap_that_lands_nearby() -> None:
    enc = duel(
        PLUS + ZERO + [1] + MINUS,  # the landing die (1: the hex east of the target), then 4dF
        npc("Ada", "0,0", skills={"Heavy Weapons": 1}, weapon="grenade launcher"),
        npc("Zed", "1,0"),
    )
    odds = enc.ruleset.odds(
        enc.state, "Crew", Choice.of("attack", target="Zed", skill="Heavy Weapons", fire="single")
    )
    assert odds is not None and odds.mishap > 0
    shoot(enc, skill="Heavy Weapons")
    # 1 - 4 = -3 against 0: a mishap (C2): Ada takes her mild consequence
    ada = enc.state.fighters["Ada"]
    assert [c.aspect for c in ada.consequences.taken()] == ["Ada's Mishap"]
    # the miss lands on 2,0, next to Zed: the blast at value 2 - 1, no shifts: a hit of 1
    d = enc.pending()[0]
    assert (d.seat, d.kind, d.actor) == ("Raiders", "absorb", "Zed")
    assert enc.state.roll is not None and enc.state.roll.hit == 1


def test_a_blast_that_hits_strikes_the_targets_neighbours_at_value_minus_one() -> None:
    enc = start(
        scenario(
            [npc("Ada", "0,0", skills={"Heavy Weapons": 2}, weapon="grenade launcher")],
            [npc("Zed", "4,0", physique=2), npc("Yan", "5,0", physique=2), npc("Xi", "8,0")],
        ),
        PLUS + ZERO + [1] + ZERO,
    )
    enc.submit("Crew", Choice.of("first", side="Crew"))
    shoot(enc, skill="Heavy Weapons")
    # 2 + 0 against Normal (1) at Point Blank: 1 shift + 2 - 1 (band) = 2 on Zed
    assert enc.state.roll is not None and enc.state.roll.hit == 2
    assert enc.state.hits == [["Yan", 1, "Ada"]]  # 1 + (2 - 1) - 1 (band)
    enc.submit("Raiders", enc.legal("Raiders")[0])
    d = enc.pending()[0]
    assert (d.kind, d.actor) == ("absorb", "Yan")


def test_a_vehicle_drives_by_kph_and_fires_its_crew_served_weapon() -> None:
    truck = npc("Truck", "0,0", skills={"Vehicle Combat": 2}, weapon="gauss gun")
    truck["vehicle"] = {"kph": 40, "armor": "armored"}
    enc = duel(
        PLUS + ZERO + PLUS, truck, npc("Zed", "8,0"), scale="medium", map={"width": 12, "height": 3}
    )
    f = enc.state.fighters["Truck"]
    assert f.stress["physical"].boxes == [1, 2, 3] and f.armor == 3  # P9's vehicle defaults
    moves = [c for c in enc.legal("Crew") if c.action == "move"]
    assert max(int(c.label.split("(")[1].split(" ")[0]) for c in moves) == 4  # 40 kph / 10
    enc.submit("Crew", Choice.of("move", to="4,0"))
    shoot(enc, skill="Vehicle Combat")
    # gauss gun: rifle ranges / 10 at Medium (1, 1, 2, 4 hexes): 4 hexes is Maximum, Difficult
    roll = enc.state.roll
    assert roll is not None and roll.difficulty == 3
    assert roll.hit == 3 + 2 - 3  # 2 + 4 - 3 shifts, value 2, Maximum's -3


def test_a_crew_served_weapon_needs_a_vehicle() -> None:
    import pytest

    from shiftdrive.engine.scenario import ScenarioError
    from shiftdrive.rulesets.pilot_wave.scenario import load

    with pytest.raises(ScenarioError) as exc:
        load(scenario([npc("Ada", "0,0", weapon="machine gun")], [npc("Zed", "5,0")]))
    assert "crew-served" in str(exc.value)


def test_a_pusher_attacks_the_mind_and_beyond_reach_it_is_hazardous() -> None:
    enc = duel(
        PLUS + ZERO + ZERO + MINUS,
        npc("Ada", "0,0", psyche=3, power="pusher"),
        npc("Zed", "3,0", psyche=1),
    )
    push = Choice.of("attack", target="Zed", skill="Psyche", fire="single")
    odds = enc.ruleset.odds(enc.state, "Crew", push)
    assert odds is not None and odds.mishap > 0  # 3 hexes at Short: beyond the 1-hex reach
    enc.submit("Crew", push)
    enc.submit("Raiders", "pass")
    assert [c.str_param("skill") for c in enc.legal("Raiders") if c.action == "defend"] == [
        "Psyche"
    ]
    enc.submit("Raiders", Choice.of("defend", skill="Psyche"))
    # 3 + 0 against 1 - 4: 6 shifts on the mental track, no weapon, no armor
    roll = enc.state.roll
    assert roll is not None and roll.hazardous and roll.track == "mental" and roll.hit == 6


def test_a_mover_defends_hand_to_hand_with_psyche() -> None:
    enc = duel(
        PLUS + ZERO,
        npc("Ada", "0,0", skills={"Close Combat": 2}),
        npc("Zed", "1,0", psyche=3, power="mover"),
    )
    enc.submit("Crew", Choice.of("attack", target="Zed", skill="Close Combat", fire="single"))
    enc.submit("Raiders", "pass")
    assert [c.str_param("skill") for c in enc.legal("Raiders") if c.action == "defend"] == [
        "Close Combat",
        "Psyche",
    ]


def test_concentrated_fire_is_a_second_attack_on_the_target_for_six_rounds() -> None:
    enc = duel(
        PLUS + ZERO + ZERO + ZERO,
        npc("Ada", "0,0", skills={"Gun Combat": 2}, weapon="carbine", fire_mode="automatic"),
        npc("Zed", "1,0", physique=3, consequences=["mild", "moderate", "severe"]),
    )
    shoot(enc, fire="concentrated")
    assert enc.state.fighters["Ada"].rounds == 24
    enc.submit("Raiders", enc.legal("Raiders")[0])  # absorb the first: 1 + 2 + 1 = 4
    d = enc.pending()[0]
    assert (d.seat, d.kind, d.actor) == ("Crew", "follow", "Ada")
    enc.submit("Crew", "carry_out")
    roll = enc.state.roll
    assert roll is not None and roll.difficulty == 1 and roll.hit == 4
    assert enc.state.fighters["Ada"].rounds == 24  # paid for already


def test_spraying_fire_also_attacks_the_targets_neighbours() -> None:
    enc = start(
        scenario(
            [npc("Ada", "0,0", skills={"Gun Combat": 2}, weapon="carbine", fire_mode="automatic")],
            [npc("Zed", "2,0", physique=3), npc("Yan", "3,0", physique=3)],
        ),
        PLUS + ZERO + ZERO,
    )
    enc.submit("Crew", Choice.of("first", side="Crew"))
    shoot(enc, fire="spray")
    assert enc.state.fighters["Ada"].rounds == 30 - 6  # three rounds a target
    assert [(e.actor, e.choice, e.kind) for e in enc.state.stack[:-1]] == [
        ("Ada", "attack fire=follow skill='Gun Combat' target=Yan", "follow")
    ]
    # a later attack cannot be chosen on a turn of its own
    fs = enc.state.fighters
    why = why_not(enc.state, fs["Ada"], fs["Yan"], "Gun Combat", "follow")
    assert why == "a later attack of automatic fire comes only after the first"


def test_both_moving_the_larger_shift_applies_unless_vectors_are_matched() -> None:
    for matched, expected in ((False, 2), (True, 0)):
        enc = duel(
            PLUS + ZERO + ZERO,
            npc("Ada", "0,0", skills={"Gun Combat": 2}, weapon="carbine"),
            npc("Zed", "19,0"),
            scale="close",
            map={"width": 30, "height": 3},
            matched_vectors=matched,
        )
        enc.state.fighters["Zed"].moved = 12  # Zed ran 12 hexes this exchange: -2
        enc.submit("Crew", Choice.of("move", to="6,0"))  # Ada moves 6: -1
        shoot(enc)
        # 13 hexes at Close: Point Blank (<= 50), Normal (1); Gun Combat 2 less the larger shift
        assert outcome(enc) == (2 - expected, 1)
