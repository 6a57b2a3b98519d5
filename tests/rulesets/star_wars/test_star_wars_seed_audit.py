"""Audit of the star_wars ruleset against its seed (004_8251369fee4f1643.txt) and rulings
S1-S13: each test checks one concrete rule or worked number of the seed's combat sections that
the other star_wars test files leave unchecked, through the public engine with scripted dice.
"""

from __future__ import annotations

from typing import Any

import pytest
from star_wars_scenes import behemoth, brawl
from test_dogfight import furball
from test_lightspeed import runner
from test_movement import scene as chain_scene

from shiftdrive.core.consequences import Severity
from shiftdrive.core.dice import ScriptedDice
from shiftdrive.core.odds import OddsQuery, odds
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter

ZERO = [0, 0, 0, 0]
PLUS = [1, 1, 1, 1]
MINUS = [-1, -1, -1, -1]
FLECK = "Zemara Fleck"
SHIP = "Fleck's Starfighter"


# --- helpers -------------------------------------------------------------------------------


def start(data: dict[str, Any], dice: list[int] | None = None) -> Encounter:
    return Encounter.start(data, dice=ScriptedDice(dice or []))


def line(n: int) -> list[dict[str, Any]]:
    """Zones Z0 .. Z(n-1) in a line."""
    names = [f"Z{i}" for i in range(n)]
    return [
        {"name": z, "adjacent": [m for m in names if abs(names.index(m) - i) == 1]}
        for i, z in enumerate(names)
    ]


def space(
    rebels: list[dict[str, Any]],
    empire: list[dict[str, Any]],
    first: str,
    characters: list[dict[str, Any]] | None = None,
    zones: int = 8,
) -> dict[str, Any]:
    """A space scene on a line of zones: rebel vehicles (and named crew) against imperial
    vehicles with nameless crews."""
    return {
        "ruleset": "star_wars",
        "interrupts": False,
        "zone_kind": "space",
        "first": first,
        "zones": line(zones),
        "sides": [
            {"name": "rebels", "characters": characters or [], "vehicles": rebels},
            {"name": "empire", "vehicles": empire},
        ],
    }  # fmt: skip


def ace(**skills: int) -> dict[str, Any]:
    """A named pilot flying the Size 1 fighter X alone."""
    return {"name": "Ace", "skills": {"Pilot": 2, "Shoot": 3, **skills}, "refresh": 2,
            "vehicle": "X", "station": "pilot"}  # fmt: skip


def fighter(name: str, zone: str) -> dict[str, Any]:
    return {"name": name, "size": 1, "zone": zone}


def event(enc: Encounter, kind: str) -> dict[str, Any]:
    """The data of the last event of `kind` in the log."""
    for entry in reversed(enc.log):
        for e in reversed(entry.events):
            if e.kind == kind:
                return dict(e.data)
    raise AssertionError(f"no {kind} event")


def actions(enc: Encounter, seat: str, action: str) -> list[Choice]:
    return [c for c in enc.legal(seat) if c.action == action]


def targets(enc: Encounter, seat: str, action: str = "attack") -> set[str]:
    return {c.str_param("target") for c in actions(enc, seat, action)}


def hold_until_round(enc: Encounter, rnd: int) -> None:
    """Everyone holds, each naming the first it may, until round `rnd` opens."""
    for _ in range(200):
        if enc.state.round >= rnd and enc.pending()[0].kind == "turn":
            return
        d = enc.pending()[0]
        if d.kind == "turn":
            enc.submit(d.seat, "hold")
        else:
            enc.submit(d.seat, enc.legal(d.seat)[0])
    raise AssertionError("round not reached")


# --- S3 / S10: stress and consequences ----------------------------------------------------


def test_an_unnamed_vehicle_is_out_as_soon_as_it_can_absorb_no_more_stress() -> None:
    """Seed, Vehicle Combat: "An unnamed vehicle with unimportant NPCs is taken out as soon as
    it can absorb no more stress." (S3, S10). Gunners 2 + 1 (two stations) + 1 = 4 against a
    Size 1 wingman's Pilot 1 - 2 + 4 (size) = 3: a hit of 1 fills its one and only box."""
    enc = start(behemoth(), [1, 0, 0, 0] + [0, 0, -1, -1])
    enc.submit("empire", Choice.of("attack", target="Wingman 1", skill="Shoot"))
    enc.submit("rebels", Choice.of("defend", skill="Pilot"))
    enc.pass_window("invoke")
    if enc.pending() and enc.pending()[0].kind == "absorb":
        enc.submit("rebels", enc.legal("rebels")[0])
    wingman = enc.state.fighters["Wingman 1"]
    assert wingman.stress["hull"].render() == "[x]" or wingman.status == "taken out"
    assert wingman.status == "taken out"


def test_hull_stress_boxes_equal_the_size() -> None:
    """S3: "Vehicles have a number of stress boxes equal to their Size rating."""
    data = space(
        [fighter("X", "Z0")],
        [{"name": f"S{n}", "size": n, "zone": "Z1", "crew": [{"station": "pilot"}]}
         for n in (1, 3, 6, 9)],
        first="Ace", characters=[ace()],
    )  # fmt: skip
    enc = start(data)
    for n in (1, 3, 6, 9):
        assert len(enc.state.fighters[f"S{n}"].stress["hull"].boxes) == n


def test_an_unnamed_vehicle_takes_no_consequences_and_a_named_one_takes_three() -> None:
    """S3/S10: "A named vehicle, or one crewed by PCs or named NPCs, can also take Minor,
    Moderate, and Severe consequences" (2 / 4 / 6); a nameless one none."""
    data = space(
        [fighter("X", "Z0")],
        [{"name": "Grunt", "size": 2, "zone": "Z1", "crew": [{"station": "pilot"}]},
         {"name": "Flagship", "size": 2, "zone": "Z1", "named": True,
          "crew": [{"station": "pilot"}]}],
        first="Ace", characters=[ace()],
    )  # fmt: skip
    enc = start(data)
    assert enc.state.fighters["Grunt"].consequences.free() == []
    values = enc.state.fighters["Flagship"].consequences.values
    assert {s.value: v for s, v in values.items()} == {"mild": 2, "moderate": 4, "severe": 6}
    assert enc.state.fighters["X"].consequences.values  # crewed by a named pilot


# --- S3: weapon range and stations -----------------------------------------------------------


def test_a_size_4_cruiser_reaches_one_zone_and_its_two_groups_each_roll_at_plus_one() -> None:
    """Seed, Spacecraft attacks: "a cruiser (Size 4) crewed by nameless NPCs would have four
    weapon stations, which might be arranged into two groups of two, so the ship makes two
    attack rolls per turn, each at +1"; weapon range: "spacecraft Size 4-5 have a range of 1
    zone". A fighter one zone away is in reach, one two zones away is not."""
    cruiser = {"name": "Cruiser", "size": 4, "zone": "Z0", "named": True, "crew": [
        {"station": "pilot", "skills": {"Pilot": 1}},
        {"station": "gunners", "skills": {"Shoot": 2}, "stations": 2},
        {"station": "gunners", "skills": {"Shoot": 2}, "stations": 2},
    ]}  # fmt: skip
    rebels = [fighter("X", "Z1"),
              {"name": "Far", "size": 1, "zone": "Z2",
               "crew": [{"station": "pilot", "skills": {"Pilot": 1}}]}]  # fmt: skip
    data = space(rebels, [cruiser], first="Cruiser gunners 1", characters=[ace()])
    enc = start(data, ZERO + ZERO + ZERO + ZERO)
    assert targets(enc, "empire") == {"X"}
    enc.submit("empire", Choice.of("attack", target="X", skill="Shoot"))
    enc.submit("rebels", Choice.of("defend", skill="Pilot"))
    enc.pass_window("invoke")
    bonus = event(enc, "fire_bonus")
    assert (bonus["stations"], bonus["size"]) == (1, 3)
    outcome = event(enc, "outcome")
    assert (outcome["total"], outcome["opposition"]) == (3, 5)  # 2 + 1 against 2 + 3
    # the second group is an actor of its own, also at +1
    enc.submit("empire", Choice.of("next", who="Cruiser gunners 2"))
    enc.submit("empire", Choice.of("attack", target="X", skill="Shoot"))
    enc.submit("rebels", Choice.of("defend", skill="Pilot"))
    enc.pass_window("invoke")
    assert event(enc, "fire_bonus")["stations"] == 1


def test_a_group_of_three_stations_rolls_once_at_plus_two() -> None:
    """S3: "each group makes one roll with a +1 to the attack for each extra weapon
    station": three stations, +2."""
    ship = {"name": "Dread", "size": 5, "zone": "Z0", "crew": [
        {"station": "pilot", "skills": {"Pilot": 1}},
        {"station": "gunners", "skills": {"Shoot": 2}, "stations": 3},
    ]}  # fmt: skip
    data = space([fighter("X", "Z0")], [ship], first="Dread gunners", characters=[ace()])
    enc = start(data, ZERO + ZERO)
    enc.submit("empire", Choice.of("attack", target="X", skill="Shoot"))
    enc.submit("rebels", Choice.of("defend", skill="Pilot"))
    enc.pass_window("invoke")
    assert event(enc, "fire_bonus")["stations"] == 2
    outcome = event(enc, "outcome")
    assert (outcome["total"], outcome["opposition"]) == (4, 6)  # 2 + 2 against 2 + 4


def test_a_size_6_ship_reaches_two_zones() -> None:
    """S3: "spacecraft Size 6-7 have a range of 2 zones"."""
    ship = {"name": "Heavy", "size": 6, "zone": "Z0", "crew": [
        {"station": "pilot", "skills": {"Pilot": 1}},
        {"station": "gunners", "skills": {"Shoot": 2}},
    ]}  # fmt: skip
    rebels = [fighter("X", "Z2"),
              {"name": "Far", "size": 1, "zone": "Z3",
               "crew": [{"station": "pilot", "skills": {"Pilot": 1}}]}]  # fmt: skip
    enc = start(space(rebels, [ship], first="Heavy gunners", characters=[ace()]))
    assert targets(enc, "empire") == {"X"}


# --- S3 / S10: defense by Size -------------------------------------------------------------


def test_a_size_3_target_defends_passively_at_0_plus_twice_the_difference() -> None:
    """S3: "Vehicles of Size 3 and larger have a passive defense with a base value of 0";
    "When a smaller vehicle fires at a larger vehicle, the target gets a defense bonus equal
    to twice the difference in size": a Size 1 fighter (Shoot 3, rolling 0) against a Size 3
    frigate: no defense roll, opposition 0 + 4."""
    frigate = {"name": "Frigate", "size": 3, "zone": "Z0",
               "crew": [{"station": "pilot", "skills": {"Pilot": 3}}]}  # fmt: skip
    enc = start(space([fighter("X", "Z0")], [frigate], first="Ace", characters=[ace()]), ZERO)
    enc.submit("rebels", Choice.of("attack", target="Frigate", skill="Shoot"))
    assert not [d for d in enc.pending() if d.kind == "defend"]
    enc.pass_window("invoke")
    outcome = event(enc, "outcome")
    assert (outcome["total"], outcome["opposition"]) == (3, 4)


def test_a_larger_attacker_gives_the_target_the_size_difference() -> None:
    """S3: "When a larger vehicle fires at a smaller vehicle, the target gets a defense bonus
    equal to the difference in size": a Size 5 ship's gunners (Shoot 2) against a Size 3
    freighter: passive 0 + 2."""
    dread = {"name": "Dread", "size": 5, "zone": "Z0", "crew": [
        {"station": "pilot", "skills": {"Pilot": 1}},
        {"station": "gunners", "skills": {"Shoot": 2}},
    ]}  # fmt: skip
    freighter = {"name": "Freighter", "size": 3, "zone": "Z1"}
    pilot = {"name": "Tarra", "skills": {"Pilot": 4}, "vehicle": "Freighter", "station": "pilot"}
    enc = start(space([freighter], [dread], first="Dread gunners", characters=[pilot]), ZERO)
    enc.submit("empire", Choice.of("attack", target="Freighter", skill="Shoot"))
    enc.pass_window("invoke")
    outcome = event(enc, "outcome")
    assert (outcome["total"], outcome["opposition"]) == (2, 2)


def test_equal_sizes_give_no_size_bonus_and_a_size_2_rolls_pilot() -> None:
    """S3: "Maneuverable vehicles up to Size 2 get an active resistance roll using Pilot";
    the size bonus is for a larger or smaller attacker only."""
    gunboat = {"name": "Gunboat", "size": 2, "zone": "Z0",
               "crew": [{"station": "pilot", "skills": {"Pilot": 2}}]}  # fmt: skip
    mine = {"name": "Mine", "size": 2, "zone": "Z0"}
    gunner = {"name": "Ace", "skills": {"Shoot": 3, "Pilot": 1}, "vehicle": "Mine",
              "station": "pilot"}  # fmt: skip
    enc = start(space([mine], [gunboat], first="Ace", characters=[gunner]), ZERO + ZERO)
    enc.submit("rebels", Choice.of("attack", target="Gunboat", skill="Shoot"))
    assert [c.text() for c in actions(enc, "empire", "defend")] == ["defend skill=Pilot"]
    enc.submit("empire", Choice.of("defend", skill="Pilot"))
    enc.pass_window("invoke")
    outcome = event(enc, "outcome")
    assert (outcome["total"], outcome["opposition"]) == (3, 2)


# --- S3 / S9: detection and sensors --------------------------------------------------------


def _detect_scene(zone: str, **fleck: int) -> dict[str, Any]:
    """Fleck (Size 1) in Z0, a Size 4 corvette down the line (the seed's own example)."""
    data = behemoth()
    data["first"] = FLECK
    data["sides"][0]["characters"][0]["skills"].update(fleck)
    data["zones"] = line(8)
    for v in data["sides"][0]["vehicles"]:
        v["zone"] = "Z0"
    corvette = data["sides"][1]["vehicles"][0]
    corvette.update(name="Corvette", size=4, zone=zone, defense=0)
    corvette["crew"] = corvette["crew"][:3]  # a pilot and two groups of two: four stations
    return data


@pytest.mark.parametrize(("zone", "seen"), [("Z5", True), ("Z6", False)])
def test_a_size_1_vehicle_detects_a_size_4_one_at_five_zones(zone: str, seen: bool) -> None:
    """Seed, Detection: "a Size 1 vehicle will be able to begin using its sensors to attempt
    to detect a Size 4 vehicle at a range of 5 zones"."""
    enc = start(_detect_scene(zone, Notice=2))
    assert ("Corvette" in targets(enc, "rebels", "discover")) is seen


@pytest.mark.parametrize(("zone", "seen"), [("Z2", True), ("Z3", False)])
def test_passive_sensors_halve_the_five_zones_to_two(zone: str, seen: bool) -> None:
    """Seed, Detection: "Detection range is halved (round down) if either ship sets sensors to
    passive mode": 5 // 2 = 2 zones."""
    data = _detect_scene(zone, Notice=2)
    data["sides"][1]["vehicles"][0]["sensors"] = "passive"
    enc = start(data)
    assert ("Corvette" in targets(enc, "rebels", "discover")) is seen


def test_sensors_are_resisted_by_the_target_pilots_stealth() -> None:
    """S9: Sensors "vs the target pilot's Stealth or passive 0"."""
    data = _detect_scene("Z1", Notice=2)
    data["sides"][1]["vehicles"][0]["crew"][0]["skills"]["Stealth"] = 2
    enc = start(data, ZERO + ZERO)
    enc.submit("rebels", Choice.of("discover", skill="Notice", target="Corvette"))
    assert [c.text() for c in actions(enc, "empire", "defend")] == ["defend skill=Stealth"]


def test_sensors_against_a_pilot_without_stealth_meet_a_passive_0() -> None:
    """S9: Sensors "vs the target pilot's Stealth or passive 0"; seed, Detection: "vs. passive
    or active resistance". The corvette's nameless pilot has no Stealth: Fleck's Notice 2 + 0
    meets a passive 0, with no roll against her (two shifts)."""
    enc = start(_detect_scene("Z1", Notice=2), ZERO)
    enc.submit("rebels", Choice.of("discover", skill="Notice", target="Corvette"))
    assert not [d for d in enc.pending() if d.kind == "defend"]
    enc.pass_window("invoke")
    outcome = event(enc, "outcome")
    assert (outcome["total"], outcome["opposition"]) == (2, 0)


def test_sensors_offer_investigate_for_detail_as_well_as_notice() -> None:
    """Seed, Vehicle Combat: "Sensors: use Notice or Investigate to detect or analyze enemy
    ships"; Detection: "Notice (for simple detection ...) or Investigate (for more detailed
    information)" (S9). Fleck has Notice 1 and Investigate 3: both are hers to choose."""
    enc = start(_detect_scene("Z1", Notice=1, Investigate=3))
    skills = {c.str_param("skill") for c in actions(enc, "rebels", "discover")
              if c.str_param("target") == "Corvette"}  # fmt: skip
    assert skills == {"Notice", "Investigate"}


# --- S9: crew actions ------------------------------------------------------------------------


def test_maneuver_is_a_pilot_advantage_on_another_vehicle_resisted_by_its_pilot() -> None:
    """S9: "Maneuver: Use Pilot skill to make Create Advantage rolls to establish helpful
    positional aspects relative to other vehicles." Ace Pilot 2 + 1 against the TIE's
    pilot's Pilot 1 + 0: success, one free invoke."""
    tie = {"name": "TIE", "size": 1, "zone": "Z1",
           "crew": [{"station": "pilot", "skills": {"Pilot": 1}}]}  # fmt: skip
    enc = start(space([fighter("X", "Z0")], [tie], first="Ace", characters=[ace()]),
                [1, 0, 0, 0] + ZERO)  # fmt: skip
    move = Choice.of("advantage", skill="Pilot", target="TIE", name="Sun Behind Us")
    assert any(move.matches(c) for c in enc.legal("rebels"))
    enc.submit("rebels", move)
    assert [c.text() for c in actions(enc, "empire", "defend")] == ["defend skill=Pilot"]
    enc.submit("empire", Choice.of("defend", skill="Pilot"))
    enc.pass_window("invoke")
    assert enc.state.aspects.get("Sun Behind Us").free_for("Ace") == 1


def test_a_maneuver_on_a_size_3_vehicle_meets_a_passive_0() -> None:
    """S3: "Maneuverable vehicles up to Size 2 get an active resistance roll using Pilot.
    Vehicles of Size 3 and larger have a passive defense with a base value of 0." Ace Pilot 2
    + 0 against a Size 3 frigate: no defense roll, 2 against 0, success with one free
    invoke; the odds shown are against 0."""
    frigate = {"name": "Frigate", "size": 3, "zone": "Z0",
               "crew": [{"station": "pilot", "skills": {"Pilot": 4}}]}  # fmt: skip
    enc = start(space([fighter("X", "Z0")], [frigate], first="Ace", characters=[ace()]), ZERO)
    move = Choice.of("advantage", skill="Pilot", target="Frigate", name="Under Its Guns")
    assert enc.ruleset.odds(enc.state, "rebels", move) == odds(OddsQuery(skill=2, difficulty=0))
    enc.submit("rebels", move)
    enc.pass_window("invoke")
    outcome = event(enc, "outcome")
    assert (outcome["total"], outcome["opposition"]) == (2, 0)
    assert enc.state.aspects.get("Under Its Guns").free_for("Ace") == 1


def test_repair_station_creates_advantages_with_engineering() -> None:
    """Seed, Vehicle Combat: "Repair: Use Engineering to create advantages related to
    optimized ship performance, such as running engines over their rated maximum output or
    angling the deflector shields." A gunner with Engineering 3 may do so."""
    data = runner()
    data["first"] = "Pix"
    data["sides"][0]["characters"][1]["skills"]["Engineering"] = 3
    enc = start(data)
    skills = {c.str_param("skill") for c in actions(enc, "smugglers", "advantage")}
    assert "Engineering" in skills


def test_a_pilot_with_gunners_aboard_does_not_fire_but_the_gunner_does() -> None:
    """Seed: "Vehicles move when their pilots get their turns, they shoot when their gunners
    get their turns"; S9: only a lone pilot (a fighter) moves and shoots."""
    data = runner()
    data["first"] = "Tarra"
    enc = start(data)
    assert actions(enc, "smugglers", "attack") == []
    assert enc.why_illegal("smugglers", Choice.of("attack", target="TIE", skill="Shoot"))
    data["first"] = "Pix"
    assert targets(start(data), "smugglers") == {"TIE"}


def test_a_lone_fighter_pilot_moves_then_shoots_in_one_turn() -> None:
    """S9: "a lone pilot (a fighter) may make the free move and one action (e.g. shoot) in
    the same turn". Ace flies to the TIE's zone (range 0) and fires."""
    data = furball()
    data["sides"][1]["vehicles"][0]["zone"] = "There"
    enc = start(data, ZERO + ZERO)
    assert targets(enc, "rebels") == set()
    enc.submit("rebels", Choice.of("move", to="There"))
    assert targets(enc, "rebels") == {"T"}
    events = enc.submit("rebels", Choice.of("attack", target="T", skill="Shoot"))
    assert any(e.kind == "declare" for e in events)


@pytest.mark.parametrize(("severity", "value"), [("mild", 2), ("moderate", 4), ("severe", 6)])
def test_repair_difficulty_is_the_shifts_the_consequence_absorbed(
    severity: str, value: int
) -> None:
    """Seed, Repair: "make an Overcome action using Engineering skill to ignore it for the
    remainder of the scene, with a base difficulty equal to the number of shifts absorbed by
    that consequence" (mild 2, moderate 4, severe 6)."""
    data = runner()
    data["sides"][0]["characters"][1]["skills"]["Engineering"] = 2
    enc = start(data)
    enc.state.fighters["Kestrel"].consequences.take(Severity(severity), "Kestrel Hit")
    [choice] = actions(enc, "smugglers", "repair")
    assert choice.label.endswith(f"(Engineering against {value})")


# --- S4 / S12: movement ----------------------------------------------------------------------


def test_on_foot_one_zone_free_and_one_more_on_athletics_against_fair() -> None:
    """Seed, Ground Combat: "a pedestrian can move 1 zone. An extra zone of movement is
    available upon a successful ... Athletics for pedestrians" (S4: against Fair +2)."""
    data = brawl()
    data["interrupts"] = False
    enc = start(data, ZERO)
    assert {c.str_param("to") for c in actions(enc, "rebels", "move")} == {"Corridor"}
    assert {c.str_param("to") for c in actions(enc, "rebels", "sprint")} == {"Bridge"}
    enc.submit("rebels", Choice.of("sprint", to="Bridge"))
    enc.pass_window("invoke")
    declare = event(enc, "declare")
    assert (declare["skill"], declare["difficulty"]) == ("Athletics", 2)
    assert enc.state.fighters["Lia"].zone == "Bridge"  # Athletics 2 + 0 ties Fair


def test_the_extra_zones_overcome_is_the_turns_action() -> None:
    """S4: "The overcome for an extra zone is the turn's action": after the dash the pilot's
    turn is over (the next actor is up)."""
    enc = start(chain_scene("space", size=2), ZERO)
    enc.submit("a", Choice.of("sprint", to="Z3"))
    assert "Ace" in enc.state.order.acted and enc.state.order.current != "Ace"


@pytest.mark.parametrize(
    ("kind", "size", "mode", "goal"),
    [("space", 5, "craft", "Z3"), ("air", 3, "craft", "Z4"), ("air", 6, "craft", "Z3"),
     ("ground", 2, "car", "Z5"), ("ground", 4, "armored", "Z4")],
)  # fmt: skip
def test_the_extra_zone_is_pilot_against_the_size(
    kind: str, size: int, mode: str, goal: str
) -> None:
    """Seed: "An Overcome action using Pilot skill can be made to move an extra zone in a
    turn, with a base difficulty equal to the vehicle's Size rating" (space and atmosphere;
    ground: "upon a successful Pilot roll", S4: against the Size)."""
    data = chain_scene(kind, size=size, mode=mode)
    enc = start(data, PLUS)
    enc.submit("a", Choice.of("sprint", to=goal))
    declare = event(enc, "declare")
    assert (declare["skill"], declare["difficulty"]) == ("Pilot", size)
    assert enc.state.fighters["V"].zone == goal


# --- S5: dogfighting -------------------------------------------------------------------------


def test_on_your_six_is_between_fighters_in_the_same_zone_only() -> None:
    """Seed, Dogfighting: "A fighter (a maneuverable spacecraft or aircraft of Size 1) in the
    same zone as another fighter can Create Advantage to place an On Your Six". Not on a
    Size 2 gunboat, not on a fighter in another zone."""
    data = furball()
    data["sides"][1]["vehicles"] += [
        {"name": "Gunboat", "size": 2, "zone": "Here",
         "crew": [{"station": "pilot", "skills": {"Pilot": 1}}]},
        {"name": "T2", "size": 1, "zone": "There",
         "crew": [{"station": "pilot", "skills": {"Pilot": 1}}]},
    ]  # fmt: skip
    enc = start(data)
    assert targets(enc, "rebels", "tail") == {"T"}


def test_the_tailed_fighter_may_still_attack_others() -> None:
    """Seed: the advantage "prevents the tailed fighter from making an attack directly on the
    pursuer" (S5) — on the pursuer only. Ace (Pilot 2 + 2) tails T (Pilot 2 - 2); T's pilot
    may still fire at the rebel wingman Y in the zone."""
    data = furball()
    data["sides"][0]["vehicles"].append(
        {"name": "Y", "size": 1, "zone": "Here",
         "crew": [{"station": "pilot", "skills": {"Pilot": 1}}]}
    )  # fmt: skip
    enc = start(data, [1, 1, 0, 0] + [-1, -1, 0, 0])
    enc.submit("rebels", Choice.of("tail", target="T"))
    enc.submit("empire", Choice.of("defend", skill="Pilot"))
    enc.pass_window("invoke")
    enc.submit("rebels", Choice.of("next", who="Baron"))
    assert targets(enc, "empire") == {"Y"}


# --- S6: jumping to lightspeed ---------------------------------------------------------------


def test_the_jump_opens_after_three_exchanges() -> None:
    """Seed: "After three exchanges, if the navigation roll is successful and the ship is
    still capable of lightspeed, it can exit the scene into hyperspace" (S6)."""
    enc = start(runner(after=3))
    hold_until_round(enc, 3)
    assert enc.state.round == 3 and not actions(enc, enc.pending()[0].seat, "jump")
    hold_until_round(enc, 4)
    for _ in range(4):  # the smugglers' first turn of round 4
        d = enc.pending()[0]
        if d.seat == "smugglers" and d.kind == "turn":
            break
        enc.submit(d.seat, "hold" if d.kind == "turn" else enc.legal(d.seat)[0])
    assert actions(enc, "smugglers", "jump")


def test_the_jump_uses_pilot_when_it_is_better_than_navigate() -> None:
    """S6: "a successful Navigate (or Pilot) overcome"; Tarra has Pilot 4 and no Navigate."""
    data = runner()
    data["first"] = "Tarra"
    enc = start(data)
    [jump] = actions(enc, "smugglers", "jump")
    assert jump.str_param("skill") == "Pilot"


def test_without_a_working_hyperdrive_there_is_no_jump() -> None:
    """Seed: "if ... the ship is still capable of lightspeed"."""
    data = runner()
    data["sides"][0]["vehicles"][0]["hyperdrive"] = False
    enc = start(data)
    assert not actions(enc, "smugglers", "jump")


# --- S2 / S8: duels --------------------------------------------------------------------------


def _duel(dice: list[int]) -> Encounter:
    data = brawl()
    data["interrupts"] = False
    data["duels"] = [{"between": ["Lia", "TK-1"]}]
    enc = start(data, dice)
    enc.submit("rebels", Choice.of("duel", skill="Shoot"))
    enc.submit("empire", Choice.of("defend", skill="Shoot"))
    enc.pass_window("invoke")
    return enc


def test_the_opponent_who_wins_a_round_scores_and_the_actor_may_cut() -> None:
    """Seed, duels: "If you win a round, you get one victory point"; "If your opponent wins a
    round, you can choose to reduce his victory point gain". Lia Shoot 3 - 2 = 1 against
    TK-1 Shoot 2 + 0: TK-1 wins the round she started."""
    enc = _duel([-1, -1, 0, 0] + ZERO)
    assert enc.pending()[0].kind == "duel_cut" and enc.pending()[0].actor == "Lia"
    enc.submit("rebels", "accept")
    assert enc.state.duels[0].points == {"Lia": 0, "TK-1": 1}


def test_a_severe_consequence_cuts_the_gain_by_two() -> None:
    """Seed, duels: "by two levels if you take a moderate or severe consequence" (S2)."""
    enc = _duel(PLUS + MINUS)
    enc.submit("rebels", "two_points")
    enc.submit("empire", Choice.of("cut", severity="severe", name="TK-1 Broken"))
    assert enc.state.duels[0].points["Lia"] == 0
    assert enc.state.fighters["TK-1"].consequences.free() == [Severity.MILD, Severity.MODERATE]


def test_a_mild_cut_on_two_points_leaves_one() -> None:
    """Seed, duels: "reduce his victory point gain for that round by one level if you take a
    mild consequence"."""
    enc = _duel(PLUS + MINUS)
    enc.submit("rebels", "two_points")
    enc.submit("empire", Choice.of("cut", severity="mild", name="TK-1 Grazed"))
    assert enc.state.duels[0].points["Lia"] == 1


def test_two_points_with_style_after_two_take_the_opponent_out() -> None:
    """Seed, duels: "Victory is obtained after scoring three victory points. The opponent is
    then Taken Out." 1 + 2 (style) = 3."""
    data = brawl()
    data["interrupts"] = False
    data["duels"] = [{"between": ["Lia", "TK-1"]}]
    enc = start(data, PLUS + MINUS)
    enc.state.duels[0].points["Lia"] = 1
    enc.submit("rebels", Choice.of("duel", skill="Shoot"))
    enc.submit("empire", Choice.of("defend", skill="Shoot"))
    enc.pass_window("invoke")
    enc.submit("rebels", "two_points")
    enc.submit("empire", "accept")
    assert enc.state.fighters["TK-1"].status == "taken out"


# --- S11 / C6: boosts ------------------------------------------------------------------------


def _tie_then(dice: list[int]) -> Encounter:
    """Lia Shoot 3 - 1 ties TK-1's Athletics 1 + 1: Lia gets a boost (S11)."""
    data = brawl()
    data["interrupts"] = False
    enc = start(data, [-1, 0, 0, 0] + [1, 0, 0, 0] + dice)
    enc.submit("rebels", Choice.of("attack", target="TK-1", skill="Shoot"))
    enc.submit("empire", Choice.of("defend", skill="Athletics"))
    enc.pass_window("invoke")
    assert "Lia's Opening" in enc.state.aspects
    return enc


def test_an_unused_boost_lasts_until_the_end_of_its_holders_next_turn() -> None:
    """C6 (S11): "A boost is an aspect with one free invoke that vanishes when invoked or,
    unused, at the end of the holder's next turn"."""
    enc = _tie_then([])
    hold_until_round(enc, 2)
    assert enc.state.order.current == "Lia" or "Lia's Opening" in enc.state.aspects
    while enc.state.order.current != "Lia" or enc.pending()[0].kind != "turn":
        d = enc.pending()[0]
        enc.submit(d.seat, "hold" if d.kind == "turn" else enc.legal(d.seat)[0])
    assert "Lia's Opening" in enc.state.aspects  # still there on her next turn
    enc.submit("rebels", "hold")
    assert "Lia's Opening" not in enc.state.aspects


def test_a_boost_vanishes_when_invoked() -> None:
    """C6: the boost is gone once invoked. Round 2: Lia Shoot 3 + 0 against TK-2's
    Athletics 1 + 0, plus the boost's +2."""
    enc = _tie_then(ZERO + ZERO)
    enc.submit("rebels", Choice.of("next", who="Han"))
    enc.submit("rebels", "hold")
    enc.submit("rebels", Choice.of("next", who="TK-1"))
    enc.submit("empire", "hold")
    enc.submit("empire", "hold")  # TK-2, the last
    enc.submit("empire", Choice.of("next", who="Lia"))
    enc.submit("rebels", Choice.of("attack", target="TK-2", skill="Shoot"))
    enc.submit("empire", Choice.of("defend", skill="Athletics"))
    enc.submit(
        "rebels", Choice.of("invoke", aspect="Lia's Opening", effect="bonus", payment="free",
                            by="Lia"),
    )  # fmt: skip
    assert "Lia's Opening" not in enc.state.aspects


# --- S1: popcorn -----------------------------------------------------------------------------


def test_an_interrupter_acts_now_and_the_interrupted_actor_then_names_the_next() -> None:
    """Seed: "can offer a compel to interrupt the sequence and act immediately at the cost of
    a fate point"; the interrupted actor keeps its turn (S1) and, once done, picks the next
    among those who have not acted."""
    enc = start(brawl())
    enc.submit("rebels", "pass")
    enc.submit("empire", Choice.of("interrupt", who="TK-1"))
    enc.submit("rebels", "allow")
    enc.pass_window("interrupt")
    enc.submit("empire", "hold")  # TK-1 acts first
    assert enc.state.order.current == "Lia"
    enc.pass_window("interrupt")
    enc.submit("rebels", "hold")
    assert {c.str_param("who") for c in actions(enc, "rebels", "next")} == {"Han", "TK-2"}


def test_each_group_of_stations_acts_once_a_round() -> None:
    """S9: "A group of nameless weapon stations is one actor in popcorn order"; S1: the actor
    names the next among those who have not acted."""
    enc = start(behemoth(), ZERO + ZERO)
    enc.submit("empire", Choice.of("attack", target="Wingman 1", skill="Shoot"))
    enc.submit("rebels", Choice.of("defend", skill="Pilot"))
    enc.pass_window("invoke")
    options = {c.str_param("who") for c in actions(enc, "empire", "next")}
    assert "Behemoth gunners 1" not in options
    assert {"Behemoth gunners 2", "Behemoth gunners 3", FLECK} <= options


# --- S6 / S13: a failed jump -----------------------------------------------------------------


def test_a_failed_jump_is_tried_again_only_on_a_later_exchange() -> None:
    """S13: "A failed lightspeed roll (S6) may be tried again on a later exchange." Pix
    (Navigate 3 - 2) fails against Good (+3); in the same exchange Tarra may not roll it
    again."""
    enc = start(runner(), [-1, -1, 0, 0])
    enc.submit("smugglers", Choice.of("jump", skill="Navigate"))
    enc.pass_window("invoke")
    assert enc.state.fighters["Kestrel"].status == "active"
    enc.submit("smugglers", Choice.of("next", who="Tarra"))
    assert not actions(enc, "smugglers", "jump")


# --- S9: Command -------------------------------------------------------------------------------


def test_a_command_aspect_is_passed_to_another_crew_members_roll() -> None:
    """Seed: "Command: Use Rapport to create aspects or boosts that can be passed to other
    crew members." Cap (Rapport 3 + 2 against Fair: style, two free invokes) commands; the
    gunner Korrun (Shoot 3 + 0) fires at a TIE (Pilot 2 + 0, +2 for the Size 3 attacker):
    3 against 4, and Cap's free invoke on his roll makes it 5."""
    data = runner()
    crew = data["sides"][0]["characters"]
    crew[1] = {"name": "Cap", "skills": {"Rapport": 3}, "vehicle": "Kestrel", "station": "gunner"}
    crew.append({"name": "Korrun", "skills": {"Shoot": 3}, "vehicle": "Kestrel",
                 "station": "gunner"})  # fmt: skip
    data["first"] = "Cap"
    enc = start(data, [1, 1, 0, 0] + ZERO + ZERO)
    enc.submit("smugglers", Choice.of("advantage", skill="Rapport", target="scene",
                                      name="Steady Hands"))  # fmt: skip
    assert enc.state.aspects.get("Steady Hands").free_for("Cap") == 2
    enc.submit("smugglers", Choice.of("next", who="Korrun"))
    enc.submit("smugglers", Choice.of("attack", target="TIE", skill="Shoot"))
    enc.submit("empire", Choice.of("defend", skill="Pilot"))
    assert (event(enc, "fire_bonus")["size"]) == 2
    enc.submit("smugglers", Choice.of("invoke", aspect="Steady Hands", effect="bonus",
                                      payment="free", by="Cap"))  # fmt: skip
    assert event(enc, "standing") == {"total": 5, "opposition": 4}


# --- S7: characters fight Fate Core conflicts --------------------------------------------------


def test_characters_have_fate_core_stress_by_physique_and_will() -> None:
    """S7 / C8a: boxes [1][2], +[3] for Average/Fair, +[3][4] for Good/Great (Physique for
    physical, Will for mental); consequences mild 2 / moderate 4 / severe 6."""
    data = brawl()
    data["sides"][0]["characters"][0]["skills"].update(Physique=3, Will=2)
    enc = start(data)
    lia = enc.state.fighters["Lia"]
    assert lia.stress["physical"].render() == "[1][2][3][4]"
    assert lia.stress["mental"].render() == "[1][2][3]"
    assert enc.state.fighters["Han"].stress["physical"].render() == "[1][2]"
    assert {s.value: v for s, v in lia.consequences.values.items()} == {
        "mild": 2, "moderate": 4, "severe": 6,
    }  # fmt: skip
