"""Seed audit (seed 000 "Pilot Wave"; RULINGS P1-P14, C1-C12): rules and worked examples of
the rule text that the other pilot_wave tests do not pin, each checked through the public
engine with scripted dice. A test marked xfail(strict) shows a defect the audit found."""

from __future__ import annotations

from types import ModuleType

import pytest
from pilot_wave_helpers import MINUS, PLUS, ZERO, npc, scenario, start
from typer.testing import CliRunner

from shiftdrive.cli.main import app
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter
from shiftdrive.rulesets.pilot_wave.astrogation import Jump, difficulty, hazardous, result
from shiftdrive.rulesets.pilot_wave.catalog import (
    ARMOR,
    RANGE_DAMAGE,
    WEAPONS,
    band_at,
    band_difficulty,
    band_hexes,
    gait,
    run_speed,
    vehicle_speed,
)
from shiftdrive.rulesets.pilot_wave.ships.movement import speeds
from shiftdrive.rulesets.pilot_wave.travel import Trip, parse_distance

runner = CliRunner()
Z = [0, 0, 0, 0]


def duel(dice: list[int], a: dict[str, object], b: dict[str, object], **kw: object) -> Encounter:
    """Crew (first four dice) wins side order and acts first; no Tactics pools."""
    enc = start(scenario([a], [b], **kw), dice)
    enc.submit("Crew", Choice.of("first", side="Crew"))
    return enc


def attack(enc: Encounter, target: str = "Zed", skill: str = "Gun Combat", fire: str = "single"):
    enc.submit("Crew", Choice.of("attack", target=target, skill=skill, fire=fire))
    if enc.pending() and enc.pending()[0].kind == "counter":
        enc.submit("Raiders", "pass")


# --- the ladder and outcomes (C1, C2) -------------------------------------------------------


def test_ladder_words_are_the_seeds() -> None:
    """C1: "Certain -4, Cinch -3, Effortless -2, Easy -1, Trivial 0, Normal 1, Routine 2,
    Difficult 3, Formidable 4 ..." and attempts "Terrible -2 ... Great 4 ... Legendary 8"."""
    from shiftdrive.core.ladder import parse_rating

    for word, value in (("Terrible", -2), ("Mediocre", 0), ("Average", 1), ("Fair", 2),
                        ("Good", 3), ("Great", 4), ("Superb", 5), ("Fantastic", 6),
                        ("Legendary", 8)):  # fmt: skip
        assert parse_rating(word) == value


# --- the seed's tables (P9) -----------------------------------------------------------------


def test_weapon_values_and_rounds_are_the_seeds_tables() -> None:
    """Seed "Weapon Values": pistol Average (1) 10 rounds, carbine Fair (2) 30, rifle Good (3)
    5, DEW Great (4) 5; "Crew-Served Weapons": machine gun 1/10, gauss gun 2/30, recoilless
    rifle 3/5, DEW 4/5; hand-to-hand with a knife Average (1)."""
    got = {n: (w.value, w.rounds) for n, w in WEAPONS.items()}
    assert got["pistol"] == (1, 10)
    assert got["carbine"] == (2, 30)
    assert got["rifle"] == (3, 5)
    assert got["dew"] == (4, 5)
    assert got["machine gun"] == (1, 10)
    assert got["gauss gun"] == (2, 30)
    assert got["recoilless rifle"] == (3, 5)
    assert got["mounted dew"] == (4, 5)
    assert got["knife"][0] == 1
    assert WEAPONS["dew"].kind == "rifle"  # "Rifle includes any ... directed energy weapon"


def test_armor_ratings_are_the_seeds_table() -> None:
    """Seed "Armor Ratings": EVA Average (1), HEV Fair (2), Inertial/Composite Plate Good (3),
    Powered Armor Great (4)."""
    assert ARMOR == {"eva suit": 1, "hev suit": 2, "composite plate": 3, "powered armor": 4}


@pytest.mark.parametrize(
    ("kind", "hexes", "band", "level"),
    [
        ("pistol", 1, 0, 0), ("pistol", 2, 1, 1), ("pistol", 4, 2, 2), ("pistol", 6, 3, 3),
        ("carbine", 1, 0, 0), ("carbine", 5, 1, 1), ("carbine", 10, 2, 2), ("carbine", 20, 3, 3),
        ("rifle", 1, 0, 1), ("rifle", 10, 1, 1), ("rifle", 20, 2, 2), ("rifle", 40, 3, 3),
        ("pistol", 3, 2, 2), ("carbine", 11, 3, 3), ("rifle", 2, 1, 1),
    ],
)  # fmt: skip
def test_short_scale_range_bands_and_difficulties_are_the_seeds(
    kind: str, hexes: int, band: int, level: int
) -> None:
    """Seed "Weapon Ranges and Ratings (Short scale)": Pistol 1/2/4/6 hexes, Carbine 1/5/10/20,
    Rifle 1/10/20/40; Trivial/Normal/Routine/Difficult (a rifle's Contact is Normal (1))."""
    assert band_at(kind, "short", hexes) == band
    assert band_difficulty(kind, band) == level
    assert band_at(kind, "short", band_hexes(kind, "short")[-1] + 1) is None


def test_range_bands_multiply_by_ten_at_close_and_divide_at_medium() -> None:
    """Seed: "Multiply hexes by 10 for Close scale and divide by 10 for Medium scale. Pistols
    are not effective at Long scale." P9: rounded up."""
    assert band_hexes("rifle", "close") == [10, 100, 200, 400]
    assert band_hexes("pistol", "close") == [10, 20, 40, 60]
    assert band_hexes("rifle", "medium") == [1, 1, 2, 4]
    assert band_hexes("carbine", "medium") == [1, 1, 1, 2]
    assert band_at("pistol", "long", 1) is None
    assert band_at("carbine", "close", 51) == 2  # Effective: 51..100 hexes at Close


def test_range_damage_shifts_are_the_seeds() -> None:
    """Seed: Damage Shift Contact Mediocre (0), Point Blank Poor (-1), Effective Terrible (-2),
    Maximum Awful (-3)."""
    assert RANGE_DAMAGE == (0, -1, -2, -3)


# --- speeds (P10) ---------------------------------------------------------------------------


def test_walk_trot_run_and_the_divided_speeds() -> None:
    """Seed "Personal Combat": "under five hexes is walking speed, up to ten trotting speed and
    up to 20 +/- Physique, running speed. In Short, Medium and Long scales, these are divided
    by 10." P10: round down, min 1; vehicles kph hexes at Close, kph/10 elsewhere."""
    assert [gait(n, 0, "close") for n in (4, 5, 10, 11)] == ["walks", "trots", "trots", "runs"]
    assert run_speed(0, "close") == 20 and run_speed(3, "close") == 23
    assert run_speed(0, "short") == 2 and run_speed(0, "medium") == 2 and run_speed(0, "long") == 2
    assert vehicle_speed(60, "close") == 60 and vehicle_speed(60, "short") == 6
    assert vehicle_speed(60, "long") == 6


def test_a_runner_at_close_scale_moves_20_plus_physique_hexes() -> None:
    enc = duel(
        PLUS + ZERO,
        npc("Ada", "0,0", physique=2),
        npc("Zed", "0,2"),
        scale="close",
        map={"width": 30, "height": 3},
    )
    assert enc.why_illegal("Crew", Choice.of("move", to="22,0")) is None
    assert enc.why_illegal("Crew", Choice.of("move", to="23,0")) is not None


# --- stress (C8a) ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rating", "boxes"), [(0, [1, 2]), (1, [1, 2, 3]), (2, [1, 2, 3]), (3, [1, 2, 3, 4])]
)
def test_stress_boxes_come_from_physique_and_psyche(rating: int, boxes: list[int]) -> None:
    """C8a: boxes start [1][2], +[3] for Average/Fair, +[3][4] for Good/Great (Physique for
    physical, Psyche for mental)."""
    enc = duel(PLUS + ZERO, npc("Ada", "0,0", physique=rating, psyche=rating), npc("Zed", "5,0"))
    ada = enc.state.fighters["Ada"]
    assert ada.stress["physical"].boxes == boxes
    assert ada.stress["mental"].boxes == boxes


# --- attacks (P5, P9) -------------------------------------------------------------------------


def test_a_rifle_contact_shot_is_normal_and_hits_for_shifts_plus_three() -> None:
    """Seed table: Rifle Contact Normal (1); P5: shifts + Good (3) + Contact's 0 - armor.
    Gun Combat 3 + 0 against 1: 2 shifts + 3 - EVA suit 1 = 4."""
    enc = duel(
        PLUS + ZERO + ZERO,
        npc("Ada", "0,0", skills={"Gun Combat": 3}, weapon="rifle"),
        npc("Zed", "1,0", physique=3, armor="eva suit"),
    )
    attack(enc)
    roll = enc.state.roll
    assert roll is not None and roll.difficulty == 1 and roll.hit == 4


def test_a_pistol_at_maximum_range_is_difficult_and_loses_three() -> None:
    """Pistol at 6 Short hexes: Maximum, Difficult (3), damage shift Awful (-3).
    Gun Combat 4 + 4 = 8 against 3: 5 shifts + 1 - 3 = 3."""
    enc = duel(
        PLUS + ZERO + PLUS,
        npc("Ada", "0,0", skills={"Gun Combat": 4}, weapon="pistol"),
        npc("Zed", "6,0", physique=3),
    )
    attack(enc)
    roll = enc.state.roll
    assert roll is not None and roll.difficulty == 3 and roll.hit == 3


def test_a_rifle_butt_hits_hand_to_hand_at_average() -> None:
    """Seed: "Hand-to-hand attacks have a value of Average (1) with a weapon like a knife,
    bayonet, rifle butt". Close Combat 2 + 0 against 0 + (-4): 6 shifts + 1 = 7."""
    enc = duel(
        PLUS + ZERO + ZERO + MINUS,
        npc("Ada", "0,0", skills={"Close Combat": 2}, weapon="rifle"),
        npc("Zed", "1,0", physique=3, skills={"Close Combat": 0}),
    )
    enc.submit("Crew", Choice.of("attack", target="Zed", skill="Close Combat", fire="single"))
    enc.submit("Raiders", "pass")
    enc.submit("Raiders", Choice.of("defend", skill="Close Combat"))
    roll = enc.state.roll
    assert roll is not None and roll.hit == 6 + 1


def test_bare_hands_hit_hand_to_hand_at_mediocre() -> None:
    """Seed "Weapon Values": Hand-to-hand Mediocre (0). Close Combat 2 + 0 against -2 - 4 = -6:
    8 shifts + 0 = 8."""
    enc = duel(
        PLUS + ZERO + ZERO + MINUS,
        npc("Ada", "0,0", skills={"Close Combat": 2}),
        npc("Zed", "1,0", physique=3, consequences=["mild", "moderate", "severe"]),
    )
    enc.submit("Crew", Choice.of("attack", target="Zed", skill="Close Combat", fire="single"))
    enc.submit("Raiders", "pass")
    enc.submit("Raiders", Choice.of("defend", skill="Close Combat"))
    roll = enc.state.roll
    assert roll is not None and roll.hit == 8


def test_a_rifle_has_five_rounds_then_needs_a_free_reload() -> None:
    """Seed: Rifle 5 rounds; "reloading ... insignificant and can be combined with an action on
    your turn" (P9: rounds are tracked; reloading is insignificant)."""
    enc = duel(
        PLUS + ZERO + Z * 20,
        npc("Ada", "0,0", skills={"Gun Combat": 2}, weapon="rifle"),
        npc("Zed", "5,0", physique=3),
    )
    ada = enc.state.fighters["Ada"]
    assert ada.rounds == 5
    ada.rounds = 0
    why = enc.why_illegal(
        "Crew", Choice.of("attack", target="Zed", skill="Gun Combat", fire="single")
    )
    assert why is not None and "reload" in why
    enc.submit("Crew", "reload")
    assert ada.rounds == 5
    d = enc.pending()[0]
    assert (d.seat, d.kind, d.actor) == ("Crew", "turn", "Ada")  # the turn goes on
    attack(enc)
    assert ada.rounds == 4


def test_the_target_moving_five_hexes_makes_the_shot_harder() -> None:
    """Seed: moving five or more hexes imposes -1 on "any actions against that combatant":
    a carbine shot at Point Blank (Normal 1) at a target that ran 5 hexes is at 2."""
    enc = duel(
        PLUS + ZERO + ZERO,
        npc("Ada", "0,0", skills={"Gun Combat": 2}, weapon="carbine"),
        npc("Zed", "30,0"),
        scale="close",
        map={"width": 40, "height": 3},
    )
    enc.state.fighters["Zed"].moved = 5
    attack(enc)
    out = [e for e in enc.events() if e.kind == "outcome"][-1]
    assert (out.data["total"], out.data["opposition"]) == (2 - 1, 1)  # Gun Combat 2, -1


# --- create an advantage (C5) -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("faces", "free", "boost"), [([-1, -1, 0, 0], 0, False), (Z, 0, True),
                                 ([1, 0, 0, 0], 1, False), ([1, 1, 1, 0], 2, False)],
)  # fmt: skip
def test_create_an_advantage_on_the_scene_by_outcome(
    faces: list[int], free: int, boost: bool
) -> None:
    """C5: fail no aspect; tie a boost; success the aspect with 1 free invoke; style 2.
    Notice 2 against the default advantage difficulty 2."""
    enc = duel(PLUS + ZERO + faces, npc("Ada", "0,0", skills={"Notice": 2}), npc("Zed", "5,0"))
    enc.submit(
        "Crew",
        Choice.of("advantage", skill="Notice", target="scene", name="Good Cover"),
    )
    if enc.pending()[0].kind == "counter":
        enc.submit("Raiders", "pass")
    enc.pass_window("invoke")
    aspect = enc.state.aspects.find("Good Cover")
    if free:
        assert aspect is not None and aspect.free_for("Ada") == free
    else:
        assert aspect is None
    assert (enc.state.aspects.find("Ada's Edge") is not None) is boost


# --- Tactics pools, side order, counters (P6, P8) -------------------------------------------


def _pooled(dice: list[int], **kw: object) -> Encounter:
    """Ada (Tactics 2) and Bo (Tactics 1) against Zed (Tactics 1)."""
    return start(
        scenario(
            [
                npc("Ada", "0,0", skills={"Tactics": 2, "Gun Combat": 2}, weapon="carbine",
                    **kw),
                npc("Bo", "0,1", skills={"Tactics": 1, "Gun Combat": 1}, weapon="carbine"),
            ],
            [npc("Zed", "5,0", skills={"Tactics": 1, "Gun Combat": 1}, weapon="carbine")],
        ),
        dice,
    )  # fmt: skip


def test_the_pool_is_whole_again_each_exchange_less_the_bid() -> None:
    """Seed "Tactics": "At the start of each exchange, your tactics pool resets, minus the
    amount you used for determining side order." Pool 3, bid 1: 2 each exchange, though all
    2 were spent in the first."""
    enc = _pooled(ZERO + ZERO + [-1, -1, -1, 0] + Z * 10)
    enc.submit("Crew", Choice.of("bid", points=1))
    enc.submit("Raiders", Choice.of("bid", points=0))
    assert enc.state.pools["Crew"] == 2
    enc.submit("Crew", Choice.of("first", side="Crew"))
    enc.submit("Crew", Choice.of("act", who="Ada"))
    attack(enc)  # 2 - 3 against Normal (1): -2; both points make the tie
    enc.submit("Crew", Choice.of("tactics", points=2))
    assert enc.state.pools["Crew"] == 0
    for _ in range(20):
        if enc.state.exchange == 2:
            break
        d = enc.pending()[0]
        choices = enc.legal(d.seat)
        pick = next((c for c in choices if c.action in ("pass", "hold")), None)
        if d.kind == "pick":
            pick = choices[0]
        enc.submit(d.seat, pick or choices[0])
    assert enc.state.exchange == 2
    assert enc.state.pools == {"Crew": 2, "Raiders": 1}


def test_a_surprised_characters_tactics_are_not_in_the_pool() -> None:
    """P6/P8: "A side's pool is the sum of its Aware characters' Tactics"; Ada is Surprised."""
    enc = _pooled(ZERO + ZERO, surprised=True)
    assert [c.int_param("points") for c in enc.legal("Crew")] == [0, 1]


def test_a_surprised_character_cannot_counter() -> None:
    """Seed "Counter": "Each action may be countered, once per side, by any who are Aware and
    have not acted." Bo is Surprised, Ada acts: nobody of the Crew may counter Zed."""
    data = scenario(
        [npc("Ada", "0,0", skills={"Tactics": 0}), npc("Bo", "0,1", surprised=True,
                                                       skills={"Tactics": 3})],
        [npc("Zed", "1,0", skills={"Close Combat": 2})],
    )  # fmt: skip
    enc = start(data, MINUS + PLUS + Z * 10)
    enc.submit("Raiders", Choice.of("first", side="Raiders"))
    enc.submit("Raiders", Choice.of("attack", target="Ada", skill="Close Combat", fire="single"))
    d = enc.pending()[0]
    assert d.kind == "counter" and d.seat == "Crew"
    assert [c.str_param("who") for c in enc.legal("Crew") if c.action == "counter"] == ["Ada"]


def test_a_counter_may_take_roving_tactics_points() -> None:
    """Seed "Counter": "The countering character uses their Tactics skill, although roving
    Tactics points may be added to the roll." Zed 1 + 0 against Ada 2 + 0 loses by 1: the
    Raiders are offered their pool's one point for Zed's counter roll."""
    enc = _pooled(ZERO + ZERO + Z + Z + Z)
    enc.submit("Crew", Choice.of("bid", points=0))
    enc.submit("Raiders", Choice.of("bid", points=0))
    enc.submit("Crew", Choice.of("first", side="Crew"))
    enc.submit("Crew", Choice.of("act", who="Ada"))
    enc.submit("Crew", Choice.of("attack", target="Zed", skill="Gun Combat", fire="single"))
    enc.submit("Raiders", Choice.of("counter", who="Zed"))
    d = enc.pending()[0]
    assert d.kind == "invoke"
    seat = d.seat
    if seat == "Crew":  # the declarer's side may answer first: it lets the roll stand
        enc.submit("Crew", "pass")
        d = enc.pending()[0]
    assert d.seat == "Raiders"
    assert [c.int_param("points") for c in enc.legal("Raiders") if c.action == "tactics"] == [1]


# --- ship combat (P4, P10, P12) ---------------------------------------------------------------


def _ships() -> ModuleType:
    """The ship tests' helpers (fight, ship, start, sense, push, st_)."""
    import test_ships

    return test_ships


def test_the_seeds_m5_drive_moves_five_then_ten_then_fifteen_hexes() -> None:
    """Seed "Space combat": "if stationary, a ship with an M5 rated maneuver drive can move up to
    five hexes ... it could move five hexes in the first exchange, 10 hexes in the next, 15
    hexes in the next and so on." (P12: between max(0, n - M) and n + M.)"""
    t = _ships()
    data = t.fight(
        [t.ship("Lance", "0,0", drive=5, weapons=[])],
        [t.ship("Ghost", "0,7", dark=True, weapons=[])],
        map={"width": 40, "height": 8},
    )
    enc = t.start(data, Z * 4 + Z * 30)
    lance = t.st_(enc).ships["Lance"]
    for want, to in (((0, 5), "5,0"), ((0, 10), "15,0"), ((5, 15), "30,0")):
        t.sense(enc)
        assert speeds(lance) == want
        enc.submit("Navy", f"maneuver to={to}")
        enc.submit("Raiders", "maneuver to=0,7")
    assert lance.hex == "30,0" and lance.high_g_seconds == 0  # changes of 5: within 6G


def test_firing_signals_and_passive_sensors_then_find_the_firer() -> None:
    """Seed "Sensors": "A ship signals if it's using maneuver drive, weapons or active sensors."
    Dark Lance (passive vs drift: Formidable, missed) fires its KEW: 2 + 0 against Far's Normal
    (1): 1 shift + 3 - armor 1 = a hit of 3; next exchange Ghost's passive sensors (vs signal:
    Trivial) find it."""
    t = _ships()
    data = t.fight([t.ship("Lance", "0,0", dark=True)], [t.ship("Ghost", "2,0", armor=1)])
    enc = t.start(data, Z * 4 + Z + Z)
    t.sense(enc)
    state = t.st_(enc)
    assert state.detected == {"Navy": ["Ghost"], "Raiders": []}
    enc.submit("Navy", "maneuver to=0,0")
    enc.submit("Raiders", "maneuver to=2,0")
    enc.submit("Navy", "aim target=Ghost weapon=kew system=hull")
    assert state.ships["Lance"].signal
    t.push(enc, Z)
    enc.submit("Raiders", "no_countermeasures")
    assert state.absorb is not None and state.absorb["hit"] == 3
    enc.submit("Raiders", "absorb_hit box=3 consequences=none")
    t.push(enc, Z, Z)
    t.sense(enc)
    assert state.detected["Raiders"] == ["Lance"]


def test_a_ship_moving_five_hexes_shoots_at_minus_one() -> None:
    """Seed: "Moving five or more hexes imposes a Poor (-1) shift on all actions by the
    combatant". Lance (moved 5 last exchange) moves 5: KEW 2 - 1 + 0 against Normal (1) is a
    tie: 0 + 3 - armor 1 = a hit of 2."""
    t = _ships()
    data = t.fight(
        [t.ship("Lance", "0,0", speed=5)],
        [t.ship("Ghost", "7,0", armor=1)],
    )
    enc = t.start(data, Z * 4 + Z + Z)
    t.sense(enc, "active", "active")
    enc.submit("Navy", "maneuver to=5,0")
    enc.submit("Raiders", "maneuver to=7,0")
    enc.submit("Navy", "aim target=Ghost weapon=kew system=hull")
    enc.submit("Raiders", "hold_fire")
    t.push(enc, Z)
    enc.submit("Raiders", "no_countermeasures")
    state = t.st_(enc)
    assert state.absorb is not None and state.absorb["hit"] == 2


@pytest.mark.parametrize(("scale", "hit"), [("far", 3), ("orbital", 2)])
def test_the_range_difficulty_is_normal_at_far_routine_at_orbital(scale: str, hit: int) -> None:
    """Seed "Spaceship Combat": Range Difficulty Far Normal (1), Orbital Routine (2). KEW
    (Good 3) from Space Combat 2 + 0, armor 1: a hit of 3 at Far, 2 at Orbital."""
    t = _ships()
    data = t.fight([t.ship("Lance", "0,0")], [t.ship("Ghost", "2,0", armor=1)], scale=scale)
    enc = t.start(data, Z * 4 + Z + Z)
    t.sense(enc, "active", "active")
    enc.submit("Navy", "maneuver to=0,0")
    enc.submit("Raiders", "maneuver to=2,0")
    enc.submit("Navy", "aim target=Ghost weapon=kew system=hull")
    enc.submit("Raiders", "hold_fire")
    t.push(enc, Z)
    enc.submit("Raiders", "no_countermeasures")
    state = t.st_(enc)
    assert state.absorb is not None and state.absorb["hit"] == hit


def test_a_dew_at_extreme_scale_reaches_four_hexes_and_kew_none() -> None:
    """P4: DEW 3/3/4 hexes, KEW 2/2/-; at Extreme the range difficulty is Difficult (3)."""
    t = _ships()
    data = t.fight(
        [t.ship("Lance", "0,0", weapons=["dew", "kew"])],
        [t.ship("Ghost", "4,0")],
        scale="extreme",
    )
    enc = t.start(data, Z * 4 + [1, 1, 0, 0] + [1, 1, 0, 0])
    t.sense(enc, "active", "active")  # 2 + 2 against Extreme's active vs signal Routine (2)
    enc.submit("Navy", "maneuver to=0,0")
    enc.submit("Raiders", "maneuver to=4,0")
    weapons = {c.get("weapon") for c in enc.legal("Navy") if c.action == "aim"}
    assert weapons == {"dew"}


# --- travel and astrogation (P1, P2, P14) ---------------------------------------------------


@pytest.mark.parametrize(
    ("distance", "g", "days"),
    [("1.5 Mkm", 1, 0.28), ("10.5 Mkm", 1, 0.75), ("10.5 Mkm", 2, 0.53), ("300 Mkm", 1, 4.0),
     ("900 Mkm", 3, 4.0), ("4500 Mkm", 6, 6.3), ("30AU", 1, 15.5)],
)  # fmt: skip
def test_the_seeds_travel_table_cells_hold_to_its_rounding(
    distance: str, g: int, days: float
) -> None:
    """Seed "In-System Travel Times" (P1: t = 2 sqrt(d / a)); cells the ruling does not call
    wrong stay within the seed's rounding."""
    trip = Trip(parse_distance(distance), g)
    assert trip.days == pytest.approx(days, rel=0.1)


def test_the_travel_command_gives_hours_for_the_gas_giant_distance() -> None:
    """Seed table: 10.5 Mkm at 1G is "0.75 (18h)"; P1: "Report days and hours.\""""
    out = runner.invoke(app, ["travel", "10.5 Mkm", "--g", "1"])
    assert out.exit_code == 0, out.output
    assert "0.76 days (18 h" in out.output


def test_astrogation_close_in_is_impossible_and_hazardous_in_the_command() -> None:
    """Seed: "Closer than 10 diameters is both Impossible and Hazardous." (P2: 6.)"""
    assert difficulty(Jump(5)) == 6 and hazardous(Jump(5))
    out = runner.invoke(app, ["astrogate", "--diameters", "5", "--skill", "Great"])
    assert out.exit_code == 0, out.output
    assert "Impossible (+6)" in out.output and "hazardous: yes" in out.output


def test_astrogation_worked_margins_from_skill_and_dice() -> None:
    """P2 with numbers: Space Ops Good (3) + 0 at 50 diameters (Difficult 3): margin 0, 10
    minutes; Great (4) + 2 at 150 diameters (Routine 2): +4, 0 minutes; Fair (2) - 4 at 150:
    -4, fails, 20 minutes."""
    assert result(Jump(50), 3 + 0 - 3).minutes == 10
    assert result(Jump(150), 4 + 2 - 2).minutes == 0
    failed = result(Jump(150), 2 - 4 - 2)
    assert not failed.jumps and failed.minutes == 20


def test_a_tied_counter_is_no_victory_and_spends_the_counterers_action() -> None:
    """Seed "Counter": "A counter is a contest" (C11: "a tie for highest gives no victory").
    Zed 1 + 1 against Ada 2 + 0: a tie; Zed has acted, Ada's shot goes on."""
    enc = _pooled(ZERO + ZERO + [1, 0, 0, 0] + Z + Z)
    enc.submit("Crew", Choice.of("bid", points=0))
    enc.submit("Raiders", Choice.of("bid", points=0))
    enc.submit("Crew", Choice.of("first", side="Crew"))
    enc.submit("Crew", Choice.of("act", who="Ada"))
    enc.submit("Crew", Choice.of("attack", target="Zed", skill="Gun Combat", fire="single"))
    enc.submit("Raiders", Choice.of("counter", who="Zed"))
    enc.pass_window("invoke")
    assert "Zed" in enc.state.acted
    d = enc.pending()[0]
    assert (d.kind, d.actor) == ("carry_out", "Ada")


# --- defects the audit found ------------------------------------------------------------------


def test_the_high_g_overcome_takes_tactics_points_like_any_roll_of_the_side() -> None:
    """P6: "Points may go on any roll of the side (attack, defense, overcome), at the moment
    invokes are made (C4)"; P7: "Beyond 6G: overcome Space Ops at Difficult (+3) or take a
    physical hit equal to the shortfall". Ada (Space Ops 2, Tactics 2) rolls 2 - 1 = 1: short
    by 2; her side's two pool points would make it. (The ship fight offers them: "each crew
    member's high-G roll".)"""
    data = scenario(
        [npc("Ada", "0,0", skills={"Space Ops": 2, "Tactics": 2})],
        [npc("Zed", "5,0", skills={"Space Ops": 4})],
        high_g=True,
    )
    enc = start(data, PLUS + ZERO + [-1, 0, 0, 0] + ZERO + Z * 10)
    enc.submit("Crew", Choice.of("bid", points=0))
    enc.submit("Crew", Choice.of("first", side="Crew"))
    d = enc.pending()[0]
    assert (d.seat, d.kind) == ("Crew", "invoke")
    assert "tactics points=2" in [c.text() for c in enc.legal("Crew")]


def test_at_long_scale_high_g_is_rolled_before_anyone_is_taken_out() -> None:
    """P7: "a minute beyond 6G takes you out" (seed: "One minute of exposure to higher than 6Gs
    takes you out"); the doc: "once more than a minute has passed (by the scale's exchange
    duration), everyone is taken out". At the start of the first exchange none has passed:
    each character still overcomes Space Ops against Difficult (+3) first (as the ship fight
    does: it rolls, then counts the exchange's time)."""
    data = scenario(
        [npc("Ada", "0,0", skills={"Space Ops": 4})],
        [npc("Zed", "5,0", skills={"Space Ops": 4})],
        high_g=True,
        scale="long",
    )
    enc = start(data, PLUS + ZERO + Z * 10)
    enc.submit("Crew", Choice.of("first", side="Crew"))
    rolled = [e for e in enc.events() if e.kind == "high_g" and "dice" in e.data]
    assert [e.data["who"] for e in rolled] == ["Ada", "Zed"]
    # in the log, the roll is named as the table says it (not by its action id)
    said = [
        enc.describe(e, "Crew")
        for e in enc.events()
        if e.kind == "outcome" and e.data["action"] == "high_g"
    ]
    assert said and all(
        s.startswith(("Ada's roll against high G: ", "Zed's roll against high G: ")) for s in said
    )


def test_a_directed_energy_weapon_is_hazardous() -> None:
    """Seed "Weapon Values": "Rifles, Directed Energy Weapons are hazardous and target all within
    a zone"; "Blast Weapons": "Some weapons such as a plasma gun or a grenade launcher have a
    blast area ... These weapons are always hazardous" (the DEW's example is "Plasma")."""
    assert WEAPONS["dew"].hazardous and WEAPONS["dew"].blast


def test_a_ship_in_the_same_hex_is_within_every_weapons_reach() -> None:
    """P4: "CPR/EPR adjacent only ... missiles 2/2/3 hexes, KEW 2/2/-"; the doc: "ships may share
    a hex". Lance matches Ghost's vector into Ghost's own hex: 0 hexes is within the KEW's 2
    and the missiles' 2 (hazardous, as adjacent), yet no aim is offered."""
    t = _ships()
    data = t.fight([t.ship("Lance", "0,1", speed=1)], [t.ship("Ghost", "1,0", speed=1)])
    enc = t.start(data, Z * 4 + Z + Z, first="Raiders")
    enc.submit("Raiders", "sense mode=active")
    enc.submit("Navy", "sense mode=active")
    enc.submit("Raiders", "maneuver to=2,0")
    enc.submit("Navy", "maneuver to=2,0")
    state = t.st_(enc)
    assert state.ships["Lance"].hex == state.ships["Ghost"].hex == "2,0"
    d = enc.pending()[0]
    assert (d.seat, d.kind, d.actor) == ("Raiders", "targeting", "Ghost")
    assert "aim system=hull target=Lance weapon=kew" in [c.text() for c in enc.legal("Raiders")]


# --- more rules with numbers ------------------------------------------------------------------


def test_tactics_points_may_go_on_a_hand_to_hand_defence() -> None:
    """P6: "Points may go on any roll of the side (attack, defense, overcome)". Zed (Tactics 1,
    Close Combat 1) defends against Ada's Close Combat 2 + 0 with 1 - 1 = 0: short by 2; the
    Raiders' one pool point is offered on the defence."""
    data = scenario(
        [npc("Ada", "0,0", skills={"Close Combat": 2})],
        [npc("Zed", "1,0", skills={"Close Combat": 1, "Tactics": 1})],
    )
    enc = start(data, PLUS + ZERO + Z + [-1, 0, 0, 0])
    enc.submit("Raiders", Choice.of("bid", points=0))
    enc.submit("Crew", Choice.of("first", side="Crew"))
    enc.submit("Crew", Choice.of("attack", target="Zed", skill="Close Combat", fire="single"))
    enc.submit("Raiders", "pass")  # no counter
    enc.submit("Raiders", Choice.of("defend", skill="Close Combat"))
    seats = {d.seat for d in enc.pending()}
    while "Raiders" not in seats:
        enc.submit("Crew", "pass")
        seats = {d.seat for d in enc.pending()}
    assert [c.text() for c in enc.legal("Raiders") if c.action == "tactics"] == ["tactics points=1"]


@pytest.mark.parametrize(("scale", "hexes", "risky"), [("close", 10, False), ("close", 11, True),
                                                       ("short", 1, False), ("short", 2, True),
                                                       ("medium", 2, True)])  # fmt: skip
def test_a_push_within_a_zone_is_safe_and_beyond_it_hazardous(
    scale: str, hexes: int, risky: bool
) -> None:
    """P13: "The seed's 'within a zone' is 10 hexes at Close scale (1 at Short); beyond that, or
    'extreme focus', is hazardous."""
    enc = duel(
        PLUS + ZERO,
        npc("Ada", "0,0", psyche=3, power="pusher"),
        npc("Zed", f"{hexes},0", psyche=1),
        scale=scale,
        map={"width": 14, "height": 3},
    )
    push = Choice.of("attack", target="Zed", skill="Psyche", fire="single")
    odds = enc.ruleset.odds(enc.state, "Crew", push)
    assert odds is not None and (odds.mishap > 0) is risky


def test_a_jump_close_in_mishaps_with_a_consequence_and_twenty_minutes_lost() -> None:
    """P2 in play: under 10 diameters the jump is Impossible (6) and hazardous; Space Ops 2 + 1
    = margin -3: a mishap: "the jump fails, 20 min are lost and the ship takes a consequence";
    no new calculation while the 20 minutes run (Orbital: a minute an exchange)."""
    t = _ships()
    data = t.fight(
        [t.ship("Lance", "0,0", jump_drive=True)],
        [t.ship("Ghost", "10,6")],
        scale="orbital",
        diameters=5,
    )
    enc = t.start(data, Z * 4)
    t.sense(enc)
    enc.submit("Navy", "maneuver to=0,0")
    enc.submit("Raiders", "maneuver to=10,6")
    t.push(enc, [1, 0, 0, 0])
    enc.submit("Navy", "jump parsecs=1")
    lance = t.st_(enc).ships["Lance"]
    assert [c.aspect for c in lance.consequences.taken()] == ["Lance Jump Mishap"]
    assert lance.jump is not None and not lance.jump["jumps"]
    assert lance.jump["seconds_left"] == 20 * 60 - 60
    assert lance.status == "active"


def test_a_fate_point_on_a_situation_aspect_turns_a_miss_into_a_hit() -> None:
    """C4 ("Spend a fate point or free invoke ... +2 to your skill roll", after the dice):
    Gun Combat 2 - 2 = 0 against Point Blank's Normal (1) misses by 1; +2 on "Zero-G Corridor"
    makes 1 shift: 1 + carbine 2 - 1 (Point Blank) = a hit of 2. Reroll and teamwork (Bo) are
    offered too."""
    data = scenario(
        [npc("Ada", "0,0", skills={"Gun Combat": 2}, weapon="carbine"),
         npc("Bo", "0,1", skills={"Gun Combat": 1}, weapon="carbine")],
        [npc("Zed", "5,0", physique=3)],
        aspects=["Zero-G Corridor"],
    )  # fmt: skip
    enc = start(data, PLUS + ZERO + [-1, -1, 0, 0])
    enc.pass_window("invoke")  # the side-order roll's window (C4)
    enc.submit("Crew", Choice.of("first", side="Crew"))
    enc.submit("Crew", Choice.of("act", who="Ada"))
    attack(enc)
    texts = {c.text() for c in enc.legal("Crew")}
    assert "invoke aspect='Zero-G Corridor' by=Ada effect=reroll payment=fate_point" in texts
    assert "invoke aspect='Zero-G Corridor' by=Bo effect=teamwork payment=fate_point" in texts
    enc.submit("Crew", "invoke aspect='Zero-G Corridor' by=Ada effect=bonus payment=fate_point")
    enc.pass_window("invoke")
    assert enc.state.fighters["Ada"].fate_points.current == 2
    roll = enc.state.roll
    assert roll is not None and roll.hit == 2


def test_scales_hex_sizes_and_exchange_durations_are_the_seeds() -> None:
    """Seed "Personal and Vehicle Scale" and "Spaceship Scale" (P4): Close/Short 6 s, Medium one
    minute, Long ten minutes; Far 15 km / 6 s, Orbital 15,000 km / 1 min, Extreme 15 Mkm /
    10 min; range difficulty Far 1, Orbital 2, Extreme 3."""
    from shiftdrive.rulesets.pilot_wave.catalog import EXCHANGE_SECONDS, HEX_SIZE
    from shiftdrive.rulesets.pilot_wave.ships import tables

    assert HEX_SIZE == {"close": "1.5 m", "short": "15 m", "medium": "150 m", "long": "1.5 km"}
    assert EXCHANGE_SECONDS == {"close": 6, "short": 6, "medium": 60, "long": 600}
    assert tables.EXCHANGE_SECONDS == {"far": 6, "orbital": 60, "extreme": 600}
    assert tables.RANGE_DIFFICULTY == {"far": 1, "orbital": 2, "extreme": 3}


def test_recovering_a_severe_consequence_needs_fantastic_and_a_scenario() -> None:
    """Seed "Recover": "Severe: overcome Fantastic (+6), one whole scenario" (C9)."""
    ok = runner.invoke(app, ["recover", "severe", "Superb", "--faces", "+0+0"])
    assert ok.exit_code == 0, ok.output
    assert "= 7 against" in ok.output and "one whole scenario" in ok.output
    no = runner.invoke(app, ["recover", "severe", "Superb", "--faces", "0000"])
    assert "does not start to heal yet" in no.output
