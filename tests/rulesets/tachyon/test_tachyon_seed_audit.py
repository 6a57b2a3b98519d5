"""Seed audit for tachyon (seed 001, "Phased Combat For Tachyon Squadron"; rulings C1-C12,
T1-T15): rules from the text that no other test checks, played through the engine with
scripted dice. A test marked xfail shows a place where the code and the text disagree."""

from __future__ import annotations

from typing import Any

import pytest
from tachyon_helpers import (
    FRIGATE,
    MINUS4,
    PLUS4,
    ZERO,
    act,
    raider,
    scenario,
    settle,
    skip_to,
    st,
    start,
    viper,
)

from shiftdrive.engine.encounter import Encounter, IllegalChoice
from shiftdrive.engine.events import Event
from shiftdrive.engine.scenario import ScenarioError
from shiftdrive.rulesets.tachyon.damage import damage_system


def next_round(enc: Encounter) -> None:
    start_round = st(enc).round
    for _ in range(300):
        s = st(enc)
        if enc.result() or (s.round > start_round and s.phase == "piloting" and s.roll is None):
            return
        act(enc, "skip" if s.roll is None else "pass")
    raise AssertionError("the round never ended")


def rolls(enc: Encounter, action: str) -> list[Event]:
    return [e for e in enc.events() if e.kind == "roll" and e.data.get("action") == action]


def first(enc: Encounter, kind: str) -> Event:
    return next(e for e in enc.events() if e.kind == kind)


# --- Detection phase (T7) ----------------------------------------------------------------------
def test_detection_rolls_against_the_weakest_enemy() -> None:
    """Seed: "technology + 4df vs technology + 4df   Each player vs one weakest undetected
    enemy"; T7: "against the undetected enemy with the lowest technology"."""
    data = scenario(
        [viper()],
        [raider("Raider-1", technology=3), raider("Raider-2", "Z8", technology=0)],
        detection=True,
    )
    # Viper-1 technology 1 + 1 = 2 against Raider-2 technology 0 + 0: attacker succeeds.
    enc = start(data, [1, 0, 0, 0], ZERO)
    row = first(enc, "detection").data
    assert row["defender"] == "Raider-2"
    assert row["row"] == "attacker succeeds"
    assert not st(enc).units["Viper-1"].detected


def test_detection_each_player_rolls_against_the_next_weakest_not_yet_rolled() -> None:
    """T7: "Each player rolls technology + 4dF against the undetected enemy with the lowest
    technology not yet rolled against"; "att < def -> defender" Undetected."""
    data = scenario(
        [viper(), viper("Viper-2")],
        [raider("Raider-1", technology=3), raider("Raider-2", "Z8", technology=0)],
        detection=True,
    )
    # Viper-1 1 vs Raider-2 0 + 1 = 1: tie. Viper-2 1 vs Raider-1 3: defender succeeds (not
    # with style: 1 + 2 is not below 3).
    enc = start(data, ZERO, [1, 0, 0, 0], ZERO, ZERO)
    detections = [e.data for e in enc.events() if e.kind == "detection"]
    assert [(d["attacker"], d["defender"], d["row"]) for d in detections] == [
        ("Viper-1", "Raider-2", "tie"),
        ("Viper-2", "Raider-1", "defender succeeds"),
    ]
    undetected = {u.name for u in st(enc).units.values() if not u.detected}
    assert undetected == {"Raider-1"}


def test_large_targets_are_never_undetected() -> None:
    """T7: "Large targets and swarms are never Undetected"; the seed's "attacker + 1 more"
    row hides one more small craft, not a ship."""
    data = scenario([viper()], [raider()], a_large=[{**FRIGATE, "name": "Home"}], detection=True)
    enc = start(data, PLUS4, ZERO)  # 1 + 4 = 5 vs 1 + 0: attacker succeeds with style
    s = st(enc)
    assert first(enc, "detection").data["row"] == "attacker succeeds with style"
    assert not s.units["Viper-1"].detected
    assert s.units["Home"].detected


def test_a_non_aggressive_action_does_not_reveal_an_undetected_craft() -> None:
    """Seed: Undetected ships "become detected when performing aggressive action" (T7): an
    Evade is not aggressive, so the craft stays Undetected."""
    data = scenario([viper()], [raider()], detection=True)
    # Detection: Viper-1 1 vs Raider-1 1 + 2 = 3: defender succeeds, Raider-1 Undetected.
    # Initiative: Viper-1 1 + 4 = 5, Raider-1 1 - 4 = -3 (pilots first).
    enc = start(data, ZERO, [1, 1, 0, 0], PLUS4, MINUS4, ZERO)
    assert st(enc).current == "Raider-1"
    act(enc, "evade")
    settle(enc)
    r = st(enc).units["Raider-1"]
    assert r.evasion == 2 and not r.detected


# --- Electronic warfare phase: Scan / Visual search --------------------------------------------
def _hidden_raider_in_z3(*groups: list[int]) -> Encounter:
    data = scenario([viper()], [raider(zone="Z3")], detection=True)
    # Detection: defender succeeds (1 vs 3): Raider-1 Undetected. Initiative 5 and 1.
    enc = start(data, ZERO, [1, 1, 0, 0], PLUS4, ZERO, *groups)
    assert not st(enc).units["Raider-1"].detected
    skip_to(enc, "ew", "Viper-1")
    return enc


def test_scan_finds_an_undetected_craft_in_any_zone() -> None:
    """Seed, Scan for opposition: "Target: any undetected small craft in any zone / Success:
    tech + 4df vs tech + 4df / On success: target is no longer Undetected"."""
    enc = _hidden_raider_in_z3(PLUS4, ZERO)  # technology 1 + 4 = 5 vs 1 + 0
    act(enc, "scan")
    settle(enc)
    assert st(enc).units["Raider-1"].detected


def test_visual_search_only_finds_craft_in_the_same_zone() -> None:
    """Seed, Visual search: "Target: any undetected small craft in the same zone / Success:
    notice + 4df vs tech + 4df"."""
    enc = _hidden_raider_in_z3(PLUS4, ZERO)  # notice 1 + 4 = 5, but Raider-1 is in Z3
    act(enc, "search")
    settle(enc)
    assert not st(enc).units["Raider-1"].detected


def test_visual_search_rolls_notice_against_technology() -> None:
    """Seed, Visual search: "notice + 4df vs tech + 4df"."""
    data = scenario([viper(notice=3, technology=0)], [raider()], detection=True)
    # Detection: Viper-1 technology 0 vs Raider-1 1 + 2 = 3: defender succeeds with style
    # (0 + 2 < 3): Raider-1 Undetected. Initiative: 5 and 1.
    enc = start(data, ZERO, [1, 1, 0, 0], PLUS4, ZERO, ZERO, [1, 0, 0, 0])
    assert not st(enc).units["Raider-1"].detected
    skip_to(enc, "ew", "Viper-1")
    act(enc, "search")  # notice 3 + 0 = 3 vs technology 1 + 1 = 2: found
    settle(enc)
    assert st(enc).units["Raider-1"].detected


# --- Initiative (T8) ---------------------------------------------------------------------------
def test_large_targets_roll_initiative_but_never_pilot() -> None:
    """Seed: "Determine initiative ... All small craft (or flights), large targets, turrets";
    "large craft cannot move between zones"."""
    enc = start(scenario([viper()], [], b_large=[FRIGATE]), ZERO, PLUS4, ZERO, ZERO)
    s = st(enc)
    assert s.units["Dread"].initiative == 2 + 4  # tactics 2 + 4
    assert s.units["Dread gun 1"].initiative == 1  # gun tactics 1 + 0
    seen = []
    while st(enc).phase == "piloting":
        seen.append(st(enc).current)
        act(enc, "skip")
    assert seen == ["Viper-1"]
    assert st(enc).units["Dread"].zone == "Z1"


def test_a_craft_taken_out_at_its_own_initiative_still_acts() -> None:
    """Seed: "In case of ties actions are resolved simultaneously"; T8: "a craft taken out by
    an action at its own initiative still acts"."""
    data = scenario([viper()], [raider(consequences=[]), raider("Raider-2", "Z8")])
    enc = start(data, PLUS4, PLUS4, ZERO, PLUS4, MINUS4)  # Viper-1 and Raider-1 at 5
    skip_to(enc, "gunnery", "Viper-1")
    act(enc, "fire target=Raider-1")  # 2 + 4 = 6 vs 2 - 4 = -2: 8 shifts, 4 past shields
    settle(enc)
    assert not st(enc).units["Raider-1"].active
    assert st(enc).current == "Raider-1"
    act(enc, "fire target=Viper-1")
    settle(enc)
    assert [e.data["actor"] for e in rolls(enc, "fire")] == ["Viper-1", "Raider-1"]


def test_tactical_refocus_tie_places_the_refocuser_before_the_others() -> None:
    """Seed (Tactical refocus note): "In case of a tie, the character performing the action is
    placed before the others"."""
    data = scenario([viper()], [raider()])
    # Viper-1 initiative 1 + 2 = 3 (listed first); Raider-1 1 + 0 = 1 pilots first and
    # refocuses: tactics 1 + 2 = 3 vs 0, initiative 3, equal to Viper-1's.
    enc = start(data, [1, 1, 0, 0], ZERO, [1, 1, 0, 0])
    assert st(enc).current == "Raider-1"
    act(enc, "refocus")
    settle(enc)
    assert st(enc).units["Raider-1"].initiative == 3
    skip_to(enc, "gunnery")
    assert st(enc).current == "Raider-1"  # highest first; on the tie the refocuser goes first


def test_pressure_tie_places_the_pushed_craft_after_the_others() -> None:
    """Seed (Pressure opponent note): "In case of a tie, the character being pushed the action
    is placed after the others"."""
    data = scenario([viper(), viper("Viper-2")], [raider()])
    # Initiative: Viper-1 5, Viper-2 3, Raider-1 1 (pilots first). Raider-1 pressures Viper-1:
    # tactics 1 + 2 = 3 vs tactics 1 + 0 = 1: 2 shifts, Viper-1 drops to 3, level with Viper-2.
    enc = start(data, PLUS4, [1, 1, 0, 0], ZERO, [1, 1, 0, 0], ZERO)
    assert st(enc).current == "Raider-1"
    act(enc, "pressure target=Viper-1")
    settle(enc)
    assert st(enc).units["Viper-1"].initiative == 3
    skip_to(enc, "gunnery")
    assert st(enc).current == "Viper-2"  # highest first; the pushed craft goes after


# --- Multiple actions (T9) ---------------------------------------------------------------------
def _busy_viper(**kw: Any) -> Encounter:
    """Viper-1 (initiative 5) acts in piloting, gunnery and EW, then repairs shields."""
    data = scenario([viper(**kw)], [raider(zone="Z8")])
    enc = start(data, PLUS4, ZERO)
    st(enc).units["Viper-1"].shields.fill(2)  # type: ignore[union-attr]
    skip_to(enc, "piloting", "Viper-1")
    act(enc, "evade")  # 1st action
    settle(enc)
    skip_to(enc, "gunnery", "Viper-1")
    act(enc, "advantage target=scene name='Covering fire'")  # 2nd action
    settle(enc)
    skip_to(enc, "ew", "Viper-1")
    act(enc, "ew_advantage target=scene name='Jam their sensors'")  # 3rd: 2 earlier -> +2
    settle(enc)
    skip_to(enc, "damage", "Viper-1")
    act(enc, "repair_shields")  # 4th: 3 earlier -> +4
    settle(enc)
    return enc


def test_t9_difficulty_grows_with_earlier_actions_this_round() -> None:
    """Seed: "previous actions / difficulty modifier 0 0 2 4"; T9: "With 0, 1, 2, 3+ earlier
    actions this round: +0, +0, +2, +4 to the difficulty of its overcome and
    create-advantage actions"."""
    enc = _busy_viper()
    oppositions = [
        (e.data["action"], e.data["opposition"])
        for e in enc.events()
        if e.kind == "roll" and e.data["actor"] == "Viper-1"
    ]
    assert oppositions == [
        ("evade", 0),
        ("advantage", 2),
        ("ew_advantage", 2 + 2),
        ("repair_shields", 2 + 4),
    ]


def test_t9_ships_with_large_crews_ignore_it() -> None:
    """Seed: "ships with Large crews ignore negative effects of actions" (T9)."""
    enc = _busy_viper(large_crew=True)
    oppositions = [e.data["opposition"] for e in enc.events() if e.kind == "roll"]
    assert oppositions == [0, 2, 2, 2]


def test_t9_enemy_attack_and_defense_improve_against_a_busy_craft() -> None:
    """Seed: "enemy attack and defense improves"; T9: "+2 ... to enemies' attack and defense
    against it" for a craft with 2 earlier actions."""
    data = scenario([viper()], [raider(zone="Z2")])
    # Viper-1 initiative 1 + 4 = 5: pilots after Raider-1 (1), fires before it.
    enc = start(data, PLUS4, ZERO)
    skip_to(enc, "piloting", "Viper-1")
    act(enc, "evade")  # 1st action (pilot 2 + 0 vs 0: Evasion 2)
    settle(enc)
    skip_to(enc, "gunnery", "Viper-1")
    act(enc, "fire target=Raider-1")  # 2nd action: 1 earlier, no modifier yet
    settle(enc)
    skip_to(enc, "gunnery", "Raider-1")
    act(enc, "fire target=Viper-1")  # Viper-1 has 2 actions: the enemy's attack gets +2
    settle(enc)
    skip_to(enc, "ew", "Viper-1")
    act(enc, "ew_advantage target=Raider-1 name='Sensor ghosts'")  # 3rd: the defense gets +2
    settle(enc)
    fires = {e.data["actor"]: e.data for e in rolls(enc, "fire")}
    assert not any(m[0] == "t9" for m in fires["Viper-1"]["opposition_mods"])
    assert ["t9", 2, "Viper-1"] in fires["Raider-1"]["mods"]  # the enemy's attack improves
    ew = rolls(enc, "ew_advantage")[0].data
    assert ["t9", 2, "Viper-1"] in ew["opposition_mods"]  # the enemy's defense improves


# --- Piloting phase ----------------------------------------------------------------------------
def test_get_on_their_tail_failure_changes_nothing() -> None:
    """Seed, Get on their tail: "On failure: nothing changes"."""
    enc = start(scenario([viper()], [raider()]), ZERO, PLUS4, ZERO, [1, 0, 0, 0])
    act(enc, "tail target=Raider-1")  # 2 vs 3
    settle(enc)
    s = st(enc)
    assert not any(a.name.startswith("On their tail") for a in s.aspects)
    assert s.units["Viper-1"].initiative == 1 and s.units["Raider-1"].initiative == 5


def test_full_stop_success_is_dead_last_with_stopped_and_no_free_invokes() -> None:
    """Seed, Full stop: "On success: the fighter comes to a stop / drop to dead last in
    initiative / gain aspect Stopped (with no free invokes)"."""
    enc = start(scenario([viper()], [raider()]), ZERO, PLUS4, ZERO)
    act(enc, "full_stop uncooperative=false")  # pilot 2 vs 0
    settle(enc)
    s = st(enc)
    assert s.units["Viper-1"].initiative < s.units["Raider-1"].initiative
    assert s.aspects.get("Stopped (Viper-1)").total_free() == 0


def test_bug_out_is_dead_last_with_bugging_out_and_no_free_invokes() -> None:
    """Seed, Bug out: "On success: drop to dead last in initiative / gain aspect Bugging out
    (with no free invokes)"."""
    enc = start(scenario([viper()], [raider(zone="Z8")]), ZERO, MINUS4)
    skip_to(enc, "piloting", "Viper-1")  # Raider-1 (-3) pilots first
    act(enc, "bug_out")
    s = st(enc)
    assert s.units["Viper-1"].initiative < s.units["Raider-1"].initiative
    assert s.aspects.get("Bugging out (Viper-1)").total_free() == 0


def test_move_three_zones_success_gains_full_throttle() -> None:
    """Seed, Move zones (3): "On success: move three zones / Gain aspect: Full throttle"."""
    enc = start(scenario([viper()], [raider(zone="Z8")]), ZERO, PLUS4, [1, 1, 0, 0])
    act(enc, "move3 to=Z4")  # pilot 2 + 2 vs 4
    settle(enc)
    assert st(enc).units["Viper-1"].zone == "Z4"
    assert "Full throttle (Viper-1)" in st(enc).aspects


def test_maneuver_for_advantage_with_style_gives_two_free_invokes() -> None:
    """Seed, Maneuver for advantage: "Create/discover an Aspect with free invokes"; C5:
    "success: the aspect with 1 free invoke; style: 2 free invokes"."""
    enc = start(scenario([viper()], [raider(zone="Z8")]), ZERO, PLUS4, [1, 1, 1, 0])
    act(enc, "maneuver target=scene name='Out of the sun'")  # pilot 2 + 3 vs 2: style
    settle(enc)
    assert st(enc).aspects.get("Out of the sun").free_for("Viper-1") == 2


def test_maneuver_for_advantage_tie_gives_a_boost() -> None:
    """C5: "tie: a boost"."""
    enc = start(scenario([viper()], [raider(zone="Z8")]), ZERO, PLUS4, ZERO)
    act(enc, "maneuver target=scene name='Out of the sun'")  # pilot 2 vs 2
    settle(enc)
    a = st(enc).aspects.get("Out of the sun")
    assert a.kind.value == "boost" and a.free_for("Viper-1") == 1


# --- Gunnery phase: weapons and large targets --------------------------------------------------
def test_fighter_cannons_reach_one_zone_and_particle_accelerators_two() -> None:
    """Seed: "Fighter cannons: range 1 / Particle accelerator: range 2"; T1: "Range N reaches
    zones at distance 0..N"."""
    data = scenario(
        [viper("Viper-1", "Z2"), {"name": "Heavy-1", "template": "heavy_fighter", "zone": "Z2"}],
        [raider(zone="Z4")],
    )
    enc = start(data, PLUS4, PLUS4, ZERO)
    skip_to(enc, "gunnery", "Viper-1")
    with pytest.raises(IllegalChoice, match="2 zone"):
        act(enc, "fire target=Raider-1")
    act(enc, "skip")
    assert st(enc).current == "Heavy-1"
    act(enc, "fire target=Raider-1")
    assert rolls(enc, "fire")


def test_long_range_only_offers_antiship_weapons_and_propulsion() -> None:
    """Seed, Fire at large target: "Long range: target is in a different range zone ...
    Targettable systems: antiship weapons, propulsion"; T4."""
    data = scenario(
        [{"name": "Heavy-1", "template": "heavy_fighter", "zone": "Z2"}], [], b_large=[FRIGATE]
    )
    enc = start(data, PLUS4, ZERO, ZERO, ZERO)
    skip_to(enc, "gunnery", "Heavy-1")
    systems = {c.get("system") for c in enc.legal("Tachyon") if c.action == "fire_large"}
    assert systems == {"antiship_weapons", "propulsion"}


def test_long_range_shield_generator_damage_lowers_the_long_shield_of_a_hit() -> None:
    """Seed: "Long-Range Shield Generator: ☐² Long-range shield rating -2"; "On success:
    target takes damage equal to shifts minus armor (short/long-range shield)"."""
    # PLUS4 vs MINUS4: gunnery 2 + 4 = 6 vs long defense 3 - 4 = -1: 7 shifts.
    enc = start(scenario([viper()], [], b_large=[FRIGATE]), PLUS4, ZERO, ZERO, ZERO, PLUS4, MINUS4)
    damage_system(st(enc), st(enc).units["Dread"], "long_range_shield_generator", 2)
    skip_to(enc, "gunnery", "Viper-1")
    act(enc, "fire_large target=Dread system=antiship_weapons")
    settle(enc)
    hit = first(enc, "hit_large").data
    assert (hit["shield"], hit["armor"], hit["damage"]) == (0, 0, 7)


def test_point_defense_backlash_at_short_range_uses_the_short_rating() -> None:
    """Seed, Fire at large target: "On failure: if within range of active defenses attacker
    takes damage equal to shifts plus weapons (short/long-rng defenses)"; "Short range point
    defense: same zone only"."""
    enc = start(
        scenario([viper()], [], b_large=[FRIGATE]),
        PLUS4, ZERO, ZERO, ZERO,  # initiative: Viper-1 5, Dread 2, guns 1
        [1, 1, 0, 0], ZERO,  # dive: pilot 2 + 2 = 4 vs tactics 2 + 0
        ZERO, PLUS4,  # fire at the bridge: 2 vs short defense 1 + 4 + bridge 1 = 6
    )  # fmt: skip
    act(enc, "dive target=Dread")
    settle(enc)
    skip_to(enc, "gunnery", "Viper-1")
    act(enc, "fire_large target=Dread system=bridge")
    settle(enc)
    back = first(enc, "backlash").data
    assert (back["shifts"], back["point_defense"], back["damage"]) == (4, 2, 6)


def test_point_defense_backlash_at_long_range_one_zone_away() -> None:
    """Seed: "Long range point defense: range 1"; the miss costs shifts plus the long-range
    point defense."""
    data = scenario(
        [{"name": "Heavy-1", "template": "heavy_fighter", "zone": "Z2"}], [], b_large=[FRIGATE]
    )
    # gunnery 3 - 4 = -1 vs long defense 3 + 0 = 3: a miss by 4, + long point defense 1.
    enc = start(data, PLUS4, ZERO, ZERO, ZERO, MINUS4, ZERO)
    skip_to(enc, "gunnery", "Heavy-1")
    act(enc, "fire_large target=Dread system=propulsion")
    settle(enc)
    back = first(enc, "backlash").data
    assert back["damage"] == 5
    h = st(enc).units["Heavy-1"]
    assert h.shields is not None and h.shields.marked_count == 5


def test_bridge_damage_minimizes_a_gun_emplacements_gunnery_die() -> None:
    """Seed, Bridge: "☐² Minimize 1 die on Gunnery rolls for all gun emplacements"; T6: "the
    die is not rolled; it counts as -"."""
    data = scenario([viper()], [], b_large=[FRIGATE])
    # Initiative: Viper-1 1, Dread 2, gun 1 5, gun 2 1. Gun 1 fires first in gunnery with three
    # dice (+ + +) and one minimized (-): gunnery 2 + 3 - 1 = 4 vs pilot 2 + 0.
    enc = start(data, ZERO, ZERO, PLUS4, ZERO, [1, 1, 1], ZERO)
    damage_system(st(enc), st(enc).units["Dread"], "bridge", 2)
    skip_to(enc, "gunnery", "Dread gun 1")
    act(enc, "fire target=Viper-1")
    settle(enc)
    fire = rolls(enc, "fire")[0].data
    assert fire["total"] == 4
    assert fire["opposition"] == 2


def test_repair_systems_on_a_large_target_clears_one_box_of_the_chosen_track() -> None:
    """Seed, Repair systems: "technology + 4df vs difficulty 2 / On success: Clear 1 box of
    damage"; T5: "Repair clears the last marked box of one track of the repairer's choice"."""
    enc = start(scenario([viper()], [], b_large=[FRIGATE]), ZERO, ZERO, ZERO, ZERO, ZERO)
    dread = st(enc).units["Dread"]
    damage_system(st(enc), dread, "propulsion", 3)
    damage_system(st(enc), dread, "bridge", 2)
    skip_to(enc, "damage", "Dread")
    act(enc, "repair system=bridge")  # technology 2 + 0 vs 2: a tie succeeds (option)
    settle(enc)
    assert dread.systems["bridge"].marked_count == 1
    assert dread.systems["propulsion"].marked_count == 3


def test_damage_past_a_full_system_track_is_lost() -> None:
    """T5 / doc: "extra shifts are lost (a full track is out of action)"."""
    enc = start(scenario([viper()], [], b_large=[FRIGATE]), ZERO, ZERO, ZERO, ZERO)
    dread = st(enc).units["Dread"]
    damage_system(st(enc), dread, "antiship_weapons", 10)
    assert dread.systems["antiship_weapons"].marked_count == 6
    assert dread.active


# --- Ordnance (T12) ----------------------------------------------------------------------------
def _bomber(zone: str = "Z1", **kw: Any) -> dict[str, Any]:
    return {"name": "Bomber-1", "template": "bomber", "zone": zone, **kw}


@pytest.mark.parametrize(("kind", "zone"), [("torpedo", "Z3"), ("bomb", "Z2")])
def test_torpedoes_fly_two_zones_and_bombs_one(kind: str, zone: str) -> None:
    """Seed: "ordnance type speed / missile / rocket ◼◼◼◼ / torpedo ◼◼ / bomb ◼"; T1."""
    enc = start(scenario([_bomber()], [raider(zone="Z6")]), PLUS4, ZERO)
    skip_to(enc, "gunnery", "Bomber-1")
    act(enc, f"launch target=Raider-1 ordnance={kind}")
    next_round(enc)
    skip_to(enc, "gunnery")
    assert st(enc).ordnance[0].zone == zone


def test_ordnance_at_a_swarm_strikes_wherever_the_swarm_is() -> None:
    """Seed, resolve ordnance: "Ordnance attacks target ... regardless of position if the
    target is a swarm"; Launch ordnance at swarm: "technology + 4df vs pilot + 4df / On
    success: swarm aspect is removed"."""
    swarm = {"name": "Drones", "aspect": "Swarm of Drones", "zone": "Z8", "pilot": 1}
    data = scenario([viper()], [raider(zone="Z8")], b_swarms=[swarm])
    enc = start(data, PLUS4, ZERO, PLUS4, ZERO)  # strike: technology 1 + 4 vs pilot 1 + 0
    skip_to(enc, "gunnery", "Viper-1")
    act(enc, "launch_swarm target=Drones ordnance=missile")
    skip_to(enc, "ew")
    assert st(enc).round == 1
    assert not st(enc).swarms["Drones"].active
    assert "Swarm of Drones" not in st(enc).aspects


def test_ordnance_at_a_large_target_at_short_range_strikes_in_the_same_round() -> None:
    """Seed, Launch ordnance at large target: "tech + 4df vs defenses + 4df"; "Short range:
    target is in the same range zone / Defends with: short-range defenses/shields"; "On
    success: target takes damage equal to shifts minus armor"; T4: fixed at launch."""
    enc = start(
        scenario([_bomber()], [], b_large=[FRIGATE]),
        PLUS4, ZERO, ZERO, ZERO,  # initiative: Bomber-1 5
        [1, 1, 1, 0], ZERO,  # dive: pilot 1 + 3 = 4 vs tactics 2
        PLUS4, ZERO,  # strike: technology 2 + 4 = 6 vs short defense 1 + 0 + bridge 1 = 2
    )  # fmt: skip
    act(enc, "dive target=Dread")
    settle(enc)
    skip_to(enc, "gunnery", "Bomber-1")
    act(enc, "launch_large target=Dread system=bridge ordnance=torpedo")
    skip_to(enc, "ew")
    hit = first(enc, "hit_large").data
    assert (hit["range"], hit["shifts"], hit["shield"], hit["damage"]) == ("short", 4, 1, 3)
    assert st(enc).units["Dread"].systems["bridge"].marked_count == 3


def test_ordnance_at_a_large_target_at_long_range_uses_long_defense_and_shield() -> None:
    """Seed: "Long range: target is in a different range zone / Defends with: long-range
    defenses/shields"; propulsion "armor: +1"; "Short/long range is decided at the moment of
    launching the ordnance"."""
    enc = start(
        scenario([_bomber("Z2")], [], b_large=[FRIGATE]),
        PLUS4, ZERO, ZERO, ZERO,  # initiative: Bomber-1 5
        PLUS4, MINUS4,  # strike: technology 2 + 4 = 6 vs long defense 3 - 4 = -1: 7 shifts
    )  # fmt: skip
    skip_to(enc, "gunnery", "Bomber-1")
    act(enc, "launch_large target=Dread system=propulsion ordnance=bomb")
    next_round(enc)
    skip_to(enc, "ew")
    hit = first(enc, "hit_large").data
    assert (hit["range"], hit["shield"], hit["armor"], hit["damage"]) == ("long", 2, 1, 4)


# --- Scenario ----------------------------------------------------------------------------------
def test_the_combat_map_needs_eight_to_ten_zones() -> None:
    """Seed: "Combat map contains 8-10 zones"."""
    data = scenario([viper()], [raider(zone="Z7")])
    data["map"]["zones"] = data["map"]["zones"][:7]
    data["map"]["zones"][-1]["adjacent"] = ["Z6"]
    with pytest.raises(ScenarioError):
        Encounter.start(data, seed=1)


def test_ordnance_miss_costs_the_launcher_the_point_defense_fixed_at_launch() -> None:
    """Seed, Launch ordnance at large target: "On failure: if within range of active defenses
    (when launching the ordnance) attacker takes damage equal to shifts plus weapons
    (short/long-rng defenses)"."""
    enc = start(
        scenario([_bomber()], [], b_large=[FRIGATE]),
        PLUS4, ZERO, ZERO, ZERO,  # initiative: Bomber-1 5
        [1, 1, 1, 0], ZERO,  # dive: pilot 1 + 3 = 4 vs tactics 2
        MINUS4, ZERO,  # strike: technology 2 - 4 = -2 vs short defense 1 + 0 = 1: miss by 3
    )  # fmt: skip
    act(enc, "dive target=Dread")
    settle(enc)
    skip_to(enc, "gunnery", "Bomber-1")
    act(enc, "launch_large target=Dread system=propulsion ordnance=torpedo")
    skip_to(enc, "ew")
    back = first(enc, "backlash").data
    assert (back["shifts"], back["point_defense"], back["damage"]) == (3, 2, 5)


# --- Create an advantage: "Target: any" --------------------------------------------------------
def test_create_advantage_with_weapons_may_target_an_enemy_craft() -> None:
    """Seed, Gunnery phase Create advantage: "Use weapon systems to create an advantage /
    Target: any / Success: any" (examples "Aiming in", "Box them in with cross-fire"); the
    project doc: "vs a craft: opposed (pilot/pilot, gunnery/pilot, technology/technology)"."""
    enc = start(scenario([viper()], [raider()]), PLUS4, ZERO, [1, 1, 0, 0], ZERO)
    skip_to(enc, "gunnery", "Viper-1")
    act(enc, "advantage target=Raider-1 name='Aiming in'")  # gunnery 2 + 2 vs pilot 2 + 0
    settle(enc)
    roll = rolls(enc, "advantage")[0].data
    assert (roll["skill"], roll.get("opposition_skill")) == ("gunnery", "pilot")
    a = st(enc).aspects.get("Aiming in")
    assert a.owner == "Raider-1" and a.free_for("Viper-1") == 1


def test_maneuver_for_advantage_may_target_a_large_target_in_the_zone() -> None:
    """Seed, Maneuver for advantage: "Target: any / Success: any / Any Create advantage action
    relating to maneuvering"."""
    enc = start(scenario([viper()], [], b_large=[FRIGATE]), ZERO, ZERO, ZERO, ZERO)
    targets = {c.get("target") for c in enc.legal("Tachyon") if c.action == "maneuver"}
    assert "Dread" in targets


# --- End of round (T14) ------------------------------------------------------------------------
def test_no_stress_when_evasion_absorbs_the_whole_hit() -> None:
    """Seed, End of round: "If a player character's fighter was damaged (incl. shield) during
    this round the character receives 1 point of Stress"; Evade: "Damage received during this
    turn is absorbed by Evasion before Shields" (T14)."""
    data = scenario([viper(pc=True)], [raider()])
    # Viper-1 initiative 1, evades: pilot 2 + 2 = 4, Evasion 4. Raider-1 (5) fires:
    # gunnery 2 + 2 = 4 vs pilot 2 + 0: 2 shifts, all absorbed by Evasion.
    enc = start(data, ZERO, PLUS4, [1, 1, 0, 0], [1, 1, 0, 0], ZERO)
    act(enc, "evade")
    settle(enc)
    skip_to(enc, "gunnery", "Raider-1")
    act(enc, "fire target=Viper-1")
    settle(enc)
    v = st(enc).units["Viper-1"]
    assert v.evasion == 2 and v.shields is not None and v.shields.marked_count == 0
    next_round(enc)
    assert v.stress is not None and v.stress.marked_count == 0


# --- Ordnance and swarms: more -----------------------------------------------------------------
def test_ordnance_launched_in_the_targets_zone_strikes_this_round() -> None:
    """Seed: "Ordnance attacks target / if in the same zone as target" in the Gunnery phase
    (resolve ordnance); Launch ordnance at small craft: "technology + 4df vs pilot + 4df / On
    success: target takes damage equal to shifts"."""
    data = scenario([viper()], [raider(), raider("Raider-2", "Z8")])
    # Viper-1 initiative 5; the missile strikes: technology 1 + 4 = 5 vs pilot 2 + 0: 3 shifts.
    enc = start(data, PLUS4, ZERO, ZERO, PLUS4, ZERO)
    skip_to(enc, "gunnery", "Viper-1")
    act(enc, "launch target=Raider-1 ordnance=missile")
    skip_to(enc, "ew")
    assert st(enc).round == 1
    hit = first(enc, "hit").data
    assert (hit["target"], hit["shifts"]) == ("Raider-1", 3)
    r = st(enc).units["Raider-1"]
    assert r.shields is not None and r.shields.marked_count == 3


def test_a_swarm_defends_with_pilot_one_by_default() -> None:
    """T11: "a pilot rating (default 1) to defend with"."""
    swarm = {"name": "Drones", "aspect": "Swarm of Drones", "zone": "Z1"}
    data = scenario([viper()], [raider(zone="Z8")], b_swarms=[swarm])
    assert st(start(data, ZERO, ZERO)).swarms["Drones"].pilot == 1
