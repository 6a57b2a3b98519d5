"""Exact rule tests for tachyon with scripted dice (seed 001; rulings T1-T14)."""

from __future__ import annotations

import json

import pytest
from tachyon_helpers import (
    MINUS4,
    PLUS4,
    ZERO,
    act,
    kinds,
    raider,
    scenario,
    skip_to,
    st,
    start,
    viper,
)

from shiftdrive.core.aspects import AspectKind
from shiftdrive.engine.encounter import Encounter, IllegalChoice
from shiftdrive.engine.scenario import ScenarioError
from shiftdrive.rulesets.tachyon import systems as sysmod
from shiftdrive.rulesets.tachyon.aspects import boost
from shiftdrive.rulesets.tachyon.damage import damage_small, damage_system, long_shield
from shiftdrive.rulesets.tachyon.query import on_tail, tailing
from shiftdrive.rulesets.tachyon.rolls import minimized, t9_mod
from shiftdrive.rulesets.tachyon.rules import Tachyon
from shiftdrive.rulesets.tachyon.state import BUGGED_OUT, DESTROYED

# Viper-1 (tactics 1) rolls ZERO -> initiative 1; Raider-1 rolls PLUS4 -> 5.
# The piloting phase runs lowest first (T8), so Viper-1 acts first.
INIT = (ZERO, PLUS4)


def next_round(enc: Encounter) -> None:
    start_round = st(enc).round
    for _ in range(300):
        s = st(enc)
        if enc.result() or (s.round > start_round and s.phase == "piloting" and s.roll is None):
            return
        act(enc, "skip" if s.roll is None else "pass")
    raise AssertionError("the round never ended")


# --- detection (T7) ----------------------------------------------------------------------------
DETECTION = [
    ([1, 1, 1, 1], ZERO, {"Viper-1", "Viper-2"}, "attacker succeeds with style"),
    ([1, 0, 0, 0], ZERO, {"Viper-1"}, "attacker succeeds"),
    (ZERO, ZERO, set(), "tie"),
    (ZERO, [1, 1, 1, 1], {"Raider-1", "Raider-2"}, "defender succeeds with style"),
    (ZERO, [1, 0, 0, 0], {"Raider-1"}, "defender succeeds"),
]


@pytest.mark.parametrize(("att", "dfn", "hidden", "row"), DETECTION)
def test_tachyon_detection_table(
    att: list[int], dfn: list[int], hidden: set[str], row: str
) -> None:
    data = scenario(
        [viper(), viper("Viper-2")], [raider(), raider("Raider-2", "Z8")], detection=True
    )
    enc = start(data, att, dfn)
    s = st(enc)
    undetected = {u.name for u in s.units.values() if not u.detected}
    assert undetected == hidden
    assert any(row in t for t in kinds(enc, "detection"))
    for name in hidden:
        a = s.aspects.get(f"Undetected ({name})")
        assert a.free_for(name) == 1 and a.hidden
    # Hidden information: an enemy seat never sees an Undetected craft's name.
    for seat in ("Tachyon", "Pirates"):
        view = json.dumps(enc.view(seat))
        for secret in enc.ruleset.secrets(s, seat):
            assert secret not in view


def test_tachyon_undetected_cannot_be_targeted_and_reveals_on_attack() -> None:
    data = scenario([viper()], [raider()], detection=True)
    enc = start(data, ZERO, [1, 1, 0, 0], ZERO, PLUS4)  # defender succeeds: Raider hidden
    assert not st(enc).units["Raider-1"].detected
    skip_to(enc, "gunnery", "Raider-1")
    act(enc, "fire target=Viper-1")
    assert st(enc).units["Raider-1"].detected
    assert any("Raider-1 opens fire" in t for t in kinds(enc, "detected"))


def test_tachyon_fire_at_undetected_refused_in_game_words() -> None:
    data = scenario([viper()], [raider()], detection=True)
    enc = start(data, ZERO, [1, 1, 0, 0], [1, 1, 1, 1], ZERO)  # Viper init 5, acts first
    skip_to(enc, "gunnery", "Viper-1")
    with pytest.raises(IllegalChoice, match="Viper-1 cannot fire at Raider-1: not detected"):
        enc.submit("Tachyon", "fire target=Raider-1")


# --- initiative (T8) ---------------------------------------------------------------------------
def test_tachyon_initiative_is_tactics_plus_dice_and_piloting_runs_lowest_first() -> None:
    enc = start(scenario([viper()], [raider()]), ZERO, PLUS4)
    s = st(enc)
    assert s.units["Viper-1"].initiative == 1 and s.units["Raider-1"].initiative == 5
    assert s.phase == "piloting" and s.current == "Viper-1"
    act(enc, "skip")
    assert st(enc).current == "Raider-1"
    act(enc, "skip")
    assert st(enc).phase == "gunnery" and st(enc).current == "Raider-1"


def test_tachyon_initiative_ties_go_by_listing_order_in_every_phase() -> None:
    # All three roll initiative 1 (tactics 1 + 0): each phase takes them in listing order,
    # and a lower (piloting) or higher (gunnery) initiative still goes first.
    craft = [viper("Viper-1", tactics=1), viper("Viper-2", tactics=1)]
    enc = start(scenario(craft, [raider(tactics=1)]), ZERO, ZERO, ZERO)
    order = []
    while st(enc).phase == "piloting":
        order.append(st(enc).current)
        act(enc, "skip")
    assert order == ["Viper-1", "Viper-2", "Raider-1"]
    order = []
    while st(enc).phase == "gunnery":
        order.append(st(enc).current)
        act(enc, "skip")
    assert order == ["Viper-1", "Viper-2", "Raider-1"]
    enc = start(scenario(craft, [raider(tactics=1)]), ZERO, PLUS4, MINUS4)
    assert st(enc).current == "Raider-1"  # initiative -3 pilots first
    act(enc, "skip")
    act(enc, "skip")
    act(enc, "skip")
    assert st(enc).phase == "gunnery" and st(enc).current == "Viper-2"  # initiative 5


# --- piloting actions --------------------------------------------------------------------------
def test_tachyon_evade_success_gives_evasion_that_absorbs_damage_first() -> None:
    # Evade: pilot 2 + 1 vs 0 -> Evasion 3. Raider fires: gunnery 2 + 4 vs pilot 2 + 0 = 4.
    enc = start(scenario([viper()], [raider()]), *INIT, [1, 0, 0, 0], PLUS4, ZERO)
    act(enc, "evade")
    assert st(enc).units["Viper-1"].evasion == 3
    act(enc, "skip")
    act(enc, "fire target=Viper-1")
    v = st(enc).units["Viper-1"]
    assert v.evasion == 0  # 3 absorbed by Evasion (T2)
    assert v.shields is not None and v.shields.marked_count == 1  # the 4th shift: one box


def test_tachyon_evade_failure_gives_easy_target_with_a_free_invoke_for_the_enemy() -> None:
    enc = start(scenario([viper()], [raider()]), *INIT, MINUS4)
    act(enc, "evade")
    a = st(enc).aspects.get("Easy target (Viper-1)")
    assert a.free_for("Pirates") == 1
    assert st(enc).units["Viper-1"].evasion == 0


def test_tachyon_tactical_refocus_success_and_failure() -> None:
    enc = start(scenario([viper()], [raider()]), *INIT, [1, 1, 0, 0])
    act(enc, "refocus")
    assert st(enc).units["Viper-1"].initiative == 3  # tactics 1 + 2 vs 0: 3 shifts
    enc = start(scenario([viper()], [raider()]), PLUS4, ZERO, MINUS4)
    act(enc, "skip")  # Raider-1 (initiative 1) pilots first
    act(enc, "refocus")
    assert st(enc).units["Viper-1"].initiative == 0  # dead last: below Raider-1's 1


def test_tachyon_pressure_opponent_both_ways() -> None:
    enc = start(scenario([viper()], [raider()]), *INIT, [1, 1, 0, 0], ZERO)
    act(enc, "pressure target=Raider-1")
    assert st(enc).units["Raider-1"].initiative == 3  # 5 - 2 shifts
    enc = start(scenario([viper()], [raider()]), *INIT, ZERO, [1, 1, 1, 0])
    act(enc, "pressure target=Raider-1")
    assert st(enc).units["Viper-1"].initiative == -2  # 1 - 3 shifts of failure
    assert st(enc).units["Raider-1"].initiative == 5


def test_tachyon_wait_and_see_acts_after_target_and_counts_as_two_actions() -> None:
    enc = start(scenario([viper()], [raider()]), *INIT, [1, 0, 0, 0])
    act(enc, "wait target=Raider-1")
    s = st(enc)
    assert s.units["Viper-1"].initiative == 4 and s.current == "Raider-1"
    act(enc, "skip")
    assert st(enc).current == "Viper-1"  # acts again, after Raider-1
    act(enc, "evade")
    v = st(enc).units["Viper-1"]
    assert v.actions == 2 and v.evasion == 3
    assert t9_mod(v) == 2  # T9: a third action would be at +2
    assert st(enc).phase == "gunnery"


def test_tachyon_move_three_zones_failure_moves_one_and_gains_full_throttle() -> None:
    enc = start(scenario([viper()], [raider(zone="Z8")]), *INIT, [-1, -1, 0, 0])
    act(enc, "move3 to=Z4")
    v = st(enc).units["Viper-1"]
    assert v.zone == "Z2"
    assert st(enc).aspects.get("Full throttle (Viper-1)").free_for("Viper-1") == 1


def test_tachyon_move_three_and_two_zones_success() -> None:
    enc = start(scenario([viper()], [raider(zone="Z8")]), *INIT, [1, 1, 0, 0])
    act(enc, "move3 to=Z4")
    assert st(enc).units["Viper-1"].zone == "Z4"
    enc = start(scenario([viper()], [raider(zone="Z8")]), *INIT, ZERO)
    act(enc, "move2 to=Z3")
    assert st(enc).units["Viper-1"].zone == "Z3"  # 2 vs 2: a tie succeeds (tie_succeeds)
    enc = start(scenario([viper()], [raider(zone="Z8")]), *INIT, MINUS4)
    act(enc, "move2 to=Z3")
    assert st(enc).units["Viper-1"].zone == "Z2"


def test_tachyon_full_stop_against_uncooperative_target_is_difficulty_two() -> None:
    enc = start(scenario([viper()], [raider()]), *INIT, [-1, 0, 0, 0])
    act(enc, "full_stop uncooperative=true")
    s = st(enc)
    roll = next(e for e in enc.events() if e.kind == "roll")
    assert roll.data["opposition"] == 2 and roll.data["total"] == 1
    assert "Stopped (Viper-1)" not in s.aspects  # failed
    assert s.units["Viper-1"].initiative < s.units["Raider-1"].initiative  # dead last anyway
    enc = start(scenario([viper()], [raider()]), *INIT, [-1, 0, 0, 0])
    act(enc, "full_stop uncooperative=false")
    assert "Stopped (Viper-1)" in st(enc).aspects
    assert st(enc).aspects.get("Stopped (Viper-1)").total_free() == 0


def test_tachyon_get_on_their_tail_gives_on_their_tail_with_free_invoke() -> None:
    enc = start(scenario([viper()], [raider()]), *INIT, [1, 1, 1, 1], ZERO)
    act(enc, "tail target=Raider-1")
    a = st(enc).aspects.get("On their tail (Viper-1 on Raider-1)")
    assert a.free_for("Viper-1") == 2  # T10: style gives 2
    rs, s = enc.ruleset, st(enc)
    assert isinstance(rs, Tachyon)
    viper_1, raider_1 = s.units["Viper-1"], s.units["Raider-1"]
    assert on_tail(s, viper_1, "Raider-1") and not on_tail(s, raider_1, "Viper-1")
    assert tailing(s, viper_1) == {"Raider-1"} and tailing(s, raider_1) == set()


def test_tachyon_bug_out_leaves_at_end_of_next_round_by_default() -> None:
    enc = start(scenario([viper(), viper("Viper-2", "Z4")], [raider(zone="Z8")]), ZERO, ZERO, PLUS4)
    act(enc, "bug_out")
    assert st(enc).units["Viper-1"].bug_out_round == 2
    next_round(enc)
    assert st(enc).round == 2 and st(enc).units["Viper-1"].active
    next_round(enc)
    assert st(enc).round == 3 and st(enc).units["Viper-1"].status == BUGGED_OUT


def test_tachyon_bug_out_this_round_option_and_end_zone_requirement() -> None:
    data = scenario(
        [viper(), viper("Viper-2", "Z4")], [raider(zone="Z8")], bug_out_timing="this_round"
    )
    enc = start(data, ZERO, ZERO, PLUS4)
    act(enc, "bug_out")
    with pytest.raises(IllegalChoice, match="only from an end zone"):
        act(enc, "bug_out")  # Viper-2 is in Z4
    next_round(enc)
    assert st(enc).units["Viper-1"].status == BUGGED_OUT


# --- gunnery -----------------------------------------------------------------------------------
FRIGATE = {"name": "Dread", "template": "frigate", "zone": "Z1"}
# Frigate: defense long 3, short 1; shield long 2, short 1; point defense short 2, long 1.


def large_fight(*rolls: list[int]) -> Encounter:
    # Viper-1 rolls PLUS4 -> initiative 5 (first in gunnery); Dread and its 2 guns roll ZERO.
    return start(scenario([viper()], [], b_large=[FRIGATE]), PLUS4, ZERO, ZERO, ZERO, *rolls)


def test_tachyon_hit_on_large_target_minus_shield_and_armor() -> None:
    enc = large_fight(PLUS4, MINUS4)
    act(enc, "skip")  # piloting: no dive, so long range (T4)
    act(enc, "fire_large target=Dread system=propulsion")
    hit = next(e for e in enc.events() if e.kind == "hit_large")
    # gunnery 2 + 4 = 6 vs defense_long 3 - 4 = -1: 7 shifts - shield 2 - armor 1 = 4.
    assert hit.data["damage"] == 4
    track = st(enc).units["Dread"].systems["propulsion"]
    assert track.marked_count == 4
    eff = sysmod.effects(st(enc).units["Dread"].systems)
    assert eff.minimize == {"gun_tactics": 1, "technology": 1}


def test_tachyon_short_range_needs_diving_in_and_uses_short_shield() -> None:
    enc = large_fight([1, 1, 0, 0], ZERO, PLUS4, ZERO)
    with pytest.raises(IllegalChoice):
        enc.submit("Tachyon", "fire_large target=Dread system=bridge")
    act(enc, "dive target=Dread")  # pilot 2 + 2 vs tactics 2 + 0
    assert "Diving in (Viper-1 on Dread)" in st(enc).aspects
    act(enc, "fire_large target=Dread system=bridge")
    act(enc, "pass")  # keep the free invoke on Diving in
    hit = next(e for e in enc.events() if e.kind == "hit_large")
    # gunnery 6 (+0 T9 for one earlier action) vs defense_short 1 + 0 + bridge +1 = 2:
    # 4 shifts - short shield 1 - armor 0 = 3.
    assert hit.data["damage"] == 3


def test_tachyon_point_defense_backlash_after_a_miss_within_range() -> None:
    enc = large_fight(ZERO, [1, 1, 0, 0])
    act(enc, "skip")
    act(enc, "fire_large target=Dread system=antiship_weapons")
    # gunnery 2 vs defense_long 3 + 2 = 5: miss by 3; long point defense 1 reaches range 1.
    back = next(e for e in enc.events() if e.kind == "backlash")
    assert back.data["damage"] == 4
    v = st(enc).units["Viper-1"]
    assert v.shields is not None and v.shields.marked_count == 4


def test_tachyon_no_backlash_out_of_point_defense_range() -> None:
    data = scenario(
        [{"name": "Viper-1", "template": "heavy_fighter", "zone": "Z3"}], [], b_large=[FRIGATE]
    )
    enc = start(data, PLUS4, ZERO, ZERO, ZERO, ZERO, [1, 1, 0, 0])
    act(enc, "skip")
    act(enc, "fire_large target=Dread system=propulsion")  # particle accelerator, range 2
    assert not kinds(enc, "backlash")
    assert kinds(enc, "miss")


def test_tachyon_fire_at_small_craft_damage_goes_shields_then_consequences() -> None:
    enc = start(scenario([viper()], [raider()]), ZERO, PLUS4, PLUS4, MINUS4)
    act(enc, "skip")
    act(enc, "skip")
    act(enc, "fire target=Viper-1")  # gunnery 2 + 4 = 6 vs pilot 2 - 4 = -2: 8 shifts
    v = st(enc).units["Viper-1"]
    assert v.shields is not None and v.shields.is_full  # 4 boxes
    assert v.consequences is not None
    # 4 left: the pilot chooses how to absorb them (T2, C10): the minimal ways, or out.
    (decision,) = enc.pending()
    assert (decision.seat, decision.kind, decision.actor) == ("Tachyon", "absorb", "Viper-1")
    assert [c.text() for c in enc.legal("Tachyon")] == [
        "absorb consequences=moderate",
        "absorb consequences=severe",
        "taken_out",
        "concede",  # T15: or concede instead
    ]
    act(enc, "absorb consequences=moderate")
    # The attacker gets its free invoke on the new consequence (C9).
    cons = [c.severity.value for c in v.consequences.taken()]
    assert cons == ["moderate"]
    assert st(enc).aspects.get("Damaged systems (Viper-1)").free_for("Raider-1") == 1


def test_tachyon_hit_past_consequences_takes_the_craft_out() -> None:
    data = scenario([viper(consequences=["mild"])], [raider()])
    enc = start(data, ZERO, PLUS4, PLUS4, MINUS4)
    act(enc, "skip")
    act(enc, "skip")
    act(enc, "fire target=Viper-1")
    assert enc.result() is not None and enc.result().winner == "Pirates"  # type: ignore[union-attr]


def test_tachyon_swarm_is_removed_by_a_successful_attack() -> None:
    swarm = {"name": "Drones", "aspect": "Swarm of Drones", "zone": "Z1", "pilot": 1}
    data = scenario([viper()], [raider(zone="Z8")], b_swarms=[swarm])
    enc = start(data, PLUS4, ZERO, ZERO, ZERO, [1, 0, 0, 0], ZERO)
    s = st(enc)
    assert s.aspects.get("Swarm of Drones").free_for("Pirates") == 1  # T11
    act(enc, "skip")
    act(enc, "skip")
    act(enc, "fire_swarm target=Drones")  # gunnery 3 vs pilot 1
    # The swarm's side may spend the swarm's free invoke to defend (T11, C4); it passes.
    (decision,) = enc.pending()
    assert (decision.seat, decision.kind) == ("Pirates", "invoke")
    act(enc, "pass")
    assert "Swarm of Drones" not in st(enc).aspects
    assert not st(enc).swarms["Drones"].active


def test_tachyon_swarm_defends_with_its_own_free_invoke() -> None:
    swarm = {"name": "Drones", "aspect": "Swarm of Drones", "zone": "Z1", "pilot": 1}
    data = scenario([viper()], [raider(zone="Z8")], b_swarms=[swarm])
    enc = start(data, PLUS4, ZERO, ZERO, ZERO, [1, 0, 0, 0], ZERO)
    act(enc, "skip")
    act(enc, "skip")
    act(enc, "fire_swarm target=Drones")  # gunnery 3 vs pilot 1
    act(enc, "invoke aspect='Swarm of Drones' payment=free by=Pirates effect=bonus")
    # 3 against 1 + 2 = 3: a tie, so the swarm holds (T11 needs a success).
    assert st(enc).swarms["Drones"].active
    assert st(enc).aspects.get("Swarm of Drones").free_for("Pirates") == 0


def test_tachyon_ordnance_moves_at_speed_and_attacks_on_arrival() -> None:
    data = scenario([viper(zone="Z1")], [raider(zone="Z6")])
    # Viper init 5: gunnery first. Round 1: launch a missile (speed 4) at Raider 5 zones off.
    enc = start(data, PLUS4, ZERO)
    skip_to(enc, "gunnery", "Viper-1")
    act(enc, "launch target=Raider-1 ordnance=missile")
    s = st(enc)
    assert s.units["Viper-1"].ordnance["missile"] == 1
    assert s.ordnance[0].zone == "Z1"
    next_round(enc)
    skip_to(enc, "gunnery")
    assert st(enc).ordnance[0].zone == "Z5"  # moved 4 zones in the piloting phase (T12)
    next_round(enc)
    skip_to(enc, "gunnery")
    assert st(enc).ordnance[0].zone == "Z6"  # one more zone: it has reached its target
    for _ in range(20):  # the rest of the gunnery phase, then the strike (T12)
        if st(enc).phase not in ("gunnery", "ordnance"):
            break
        act(enc, "skip" if st(enc).roll is None else "pass")
    assert not st(enc).ordnance
    assert kinds(enc, "ordnance_attack")[0].startswith("missile #1 (Viper-1) strikes Raider-1")


# --- system tracks (T5) ------------------------------------------------------------------------
def test_tachyon_every_system_track_row_in_order() -> None:
    tracks = sysmod.new_tracks()
    expected = {
        "gun_emplacements": [
            ({"gun_gunnery": 1}, []),
            ({"gun_gunnery": 2}, []),
            ({"gun_gunnery": 2}, [sysmod.GUNS_OUT]),
        ],
        "antiship_weapons": [({}, []), ({}, []), ({}, [sysmod.ANTISHIP_OUT])],
        "long_range_shield_generator": [
            ({"long_shield": 2}, []),
            ({"long_shield": 3}, []),
            ({"long_shield": 3}, [sysmod.SHIELD_OFFLINE]),
        ],
        "propulsion": [
            ({"gun_tactics": 1}, []),
            ({"gun_tactics": 1, "technology": 1}, []),
            ({"gun_tactics": 2, "technology": 1}, []),
            ({"gun_tactics": 2, "technology": 1}, [sysmod.DEAD]),
            ({"gun_tactics": 2, "technology": 1}, [sysmod.DEAD, sysmod.FUEL_FIRE]),
            ({"gun_tactics": 2, "technology": 1}, [sysmod.DEAD, sysmod.FUEL_FIRE, sysmod.EXPLODED]),
        ],
        "bridge": [
            ({"gun_gunnery": 1}, []),
            ({"gun_gunnery": 1, "defense": 1}, []),
            ({"gun_gunnery": 2, "defense": 1}, []),
            ({"gun_gunnery": 2, "defense": 2}, [sysmod.BRIDGE_OUT]),
        ],
    }
    for name, rows in expected.items():
        tracks = sysmod.new_tracks()
        for minimize, states in rows:
            tracks[name].fill(1)
            half = sysmod.effects(tracks)  # one box of the row: nothing new yet (T5)
            tracks[name].fill(1)
            eff = sysmod.effects(tracks)
            assert eff.minimize == minimize, name
            assert eff.states == states, name
            assert len(half.states) <= len(states)


def test_tachyon_system_damage_minimizes_gun_dice() -> None:
    enc = large_fight()
    dread = st(enc).units["Dread"]
    dread.systems["bridge"].fill(6)  # three rows: gunnery min 2, defense min 1
    gun = st(enc).units["Dread gun 1"]
    assert minimized(st(enc), gun, "gunnery") == 2
    assert minimized(st(enc), dread, "defense_long") == 1
    dread.systems["long_range_shield_generator"].fill(4)
    assert long_shield(dread) == 0  # 2 - 3, never below 0


def test_tachyon_gun_emplacements_out_of_action_removes_the_guns() -> None:
    enc = large_fight()
    damage_system(st(enc), st(enc).units["Dread"], "gun_emplacements", 6)
    assert not st(enc).units["Dread gun 1"].active and not st(enc).units["Dread gun 2"].active


def test_tachyon_catastrophic_explosion_destroys_the_ship_at_once() -> None:
    enc = large_fight()
    events = damage_system(st(enc), st(enc).units["Dread"], "propulsion", 12)
    assert st(enc).units["Dread"].status == DESTROYED
    assert any("catastrophic explosion" in enc.ruleset.describe(e, "gm") for e in events)


def test_tachyon_fuel_fire_destroys_at_end_of_round_unless_repaired() -> None:
    enc = large_fight()
    st(enc).units["Dread"].systems["propulsion"].fill(10)
    for _ in range(50):
        if st(enc).round > 1 or enc.result():
            break
        act(enc, "skip")
    assert st(enc).units["Dread"].status == DESTROYED
    assert kinds(enc, "fuel_fire")
    # Repaired in the damage control phase: technology 2 + 0 vs 2 (tie succeeds) clears box 10.
    # Propulsion row 2 minimizes one technology die: 2 - 1 + 2 = 3.
    enc = large_fight([1, 1, 0])
    st(enc).units["Dread"].systems["propulsion"].fill(10)
    skip_to(enc, "damage", "Dread")
    act(enc, "repair system=propulsion")
    assert st(enc).units["Dread"].systems["propulsion"].marked_count == 9
    assert st(enc).round == 2 and st(enc).phase == "piloting"  # the round ended
    assert st(enc).units["Dread"].active and not kinds(enc, "fuel_fire")


# --- damage control ----------------------------------------------------------------------------
def test_tachyon_repair_shields_restores_two_boxes() -> None:
    enc = start(scenario([viper()], [raider()]), *INIT)
    st(enc).units["Viper-1"].shields.fill(3)  # type: ignore[union-attr]
    skip_to(enc, "damage", "Viper-1")
    act(enc, "repair_shields")  # technology 1 + 0 vs 2: fails
    assert st(enc).units["Viper-1"].shields.marked_count == 3  # type: ignore[union-attr]
    enc = start(scenario([viper()], [raider()]), *INIT, [1, 1, 0, 0])
    st(enc).units["Viper-1"].shields.fill(3)  # type: ignore[union-attr]
    skip_to(enc, "damage", "Viper-1")
    act(enc, "repair_shields")
    assert st(enc).units["Viper-1"].shields.marked_count == 1  # type: ignore[union-attr]


def test_tachyon_repair_systems_on_small_craft_clears_the_worst_consequence() -> None:
    enc = start(scenario([viper()], [raider()]), *INIT, [1, 1, 0, 0])
    damage_small(st(enc), st(enc).units["Viper-1"], 4 + 2 + 6, "Raider-1")
    act(enc, "absorb consequences=mild,severe")
    v = st(enc).units["Viper-1"]
    assert v.consequences is not None and len(v.consequences.taken()) == 2
    skip_to(enc, "damage", "Viper-1")
    act(enc, "repair system=consequence")
    # Raider-1 holds free invokes on both consequences (C9): it may make the repair harder.
    assert [d.kind for d in enc.pending()] == ["invoke"]
    assert "invoke aspect='Crippled (Viper-1)' by=Raider-1 effect=bonus payment=free" in [
        c.text() for c in enc.legal("Pirates")
    ]
    act(enc, "pass")
    assert [c.severity.value for c in v.consequences.taken()] == ["mild"]


# --- end of round (T14) ------------------------------------------------------------------------
def test_tachyon_end_of_round_stress_boosts_and_evasion() -> None:
    data = scenario([viper(pc=True), viper("Viper-2", pc=True)], [raider()])
    # Viper-1 0 -> 1, Viper-2 0 -> 1, Raider PLUS4 -> 5. Viper-1 evades (pilot 2 + 1: Evasion
    # 3); a hit of 4 gets one shift past Evasion to the shields: the fighter was damaged.
    enc = start(data, ZERO, ZERO, PLUS4, [1, 0, 0, 0])
    act(enc, "evade")
    act(enc, "skip")  # Viper-2
    act(enc, "skip")  # Raider
    assert st(enc).units["Viper-1"].evasion == 3
    damage_small(st(enc), st(enc).units["Viper-1"], 4, "Raider-1")
    boost(st(enc), st(enc).units["Viper-2"])
    assert any(a.kind is AspectKind.BOOST for a in st(enc).aspects)
    next_round(enc)
    s = st(enc)
    assert s.units["Viper-1"].stress is not None and s.units["Viper-1"].stress.marked_count == 1
    assert s.units["Viper-2"].stress is not None and s.units["Viper-2"].stress.marked_count == 0
    assert not any(a.kind is AspectKind.BOOST for a in s.aspects)
    assert all(u.evasion == 0 for u in s.units.values())


def test_tachyon_concession_pays_fate_points() -> None:
    data = scenario([viper(pc=True, fate_points=2), viper("Viper-2")], [raider()])
    enc = start(data, ZERO, [1, 0, 0, 0], PLUS4, PLUS4, [-1, -1, 0, 0])
    for _ in range(3):
        act(enc, "skip")  # piloting: Viper-1, Viper-2, Raider-1
    act(enc, "fire target=Viper-1")  # 2 + 4 = 6 against 2 - 2 = 0: 6 shifts, 2 past shields
    act(enc, "absorb consequences=mild")
    act(enc, "skip")  # Viper-2 (initiative 2) fires before Viper-1 (initiative 1)
    act(enc, "concede")
    v = st(enc).units["Viper-1"]
    assert v.status == "conceded" and v.fate_points is not None
    assert v.fate_points.current == 2 + 1 + 1  # C7: 1 + 1 per consequence


def test_tachyon_invoke_after_roll_with_a_fate_point() -> None:
    data = scenario([viper(pc=True, fate_points=1, aspects=["Hotshot Ace"])], [raider()])
    enc = start(data, *INIT, ZERO, [1, 0, 0, 0])  # tail: 2 vs 3
    act(enc, "tail target=Raider-1")
    assert enc.pending()[0].kind == "invoke"
    enc.submit("Tachyon", "invoke aspect='Hotshot Ace' by=Viper-1 payment=fate_point effect=bonus")
    assert "On their tail (Viper-1 on Raider-1)" in st(enc).aspects  # 4 vs 3
    assert st(enc).units["Viper-1"].fate_points.current == 0  # type: ignore[union-attr]


# --- scenario validation -----------------------------------------------------------------------
def test_tachyon_scenario_errors_name_the_field() -> None:
    data = scenario([viper(template="xwing"), viper("Raider-1", zone="Nowhere")], [raider()])
    with pytest.raises(ScenarioError) as err:
        Encounter.start(data, seed=1)
    text = str(err.value)
    assert "sides[0].craft[0].template: unknown craft template 'xwing'" in text
    assert "sides[0].craft[1].zone: no zone named 'Nowhere'" in text
    assert "sides[1].craft[0].name: duplicate name 'Raider-1'" in text


def test_tachyon_scenario_errors_for_map_and_goals() -> None:
    data = scenario([viper()], [raider()])
    data["map"]["zones"][0]["adjacent"].append("Z99")
    data["sides"][0]["destroy"] = ["Nobody"]
    data["sides"][0]["large"] = [{"name": "Big", "template": "zeppelin", "zone": "Z1"}]
    with pytest.raises(ScenarioError) as err:
        Encounter.start(data, seed=1)
    text = str(err.value)
    assert "map.zones[0].adjacent[1]: no zone named 'Z99'" in text
    assert "sides[0].destroy[0]" in text
    assert "sides[0].large[0].template: unknown large-target template 'zeppelin'" in text


def test_tachyon_refusals_come_from_each_actions_own_rule() -> None:
    # Each action's check is its rule (the menu lists what passes it): the refusal says why,
    # in the game's words.
    data = scenario([viper(), viper("Viper-2")], [raider(zone="Z4")])
    enc = start(data, MINUS4, ZERO, ZERO)  # Viper-1 pilots first and fires last
    skip_to(enc, "piloting", "Viper-1")
    refusals = {
        "tail target=Raider-1": "Viper-1 cannot get on the tail of Raider-1: Raider-1 is in Z4",
        "tail target=Viper-2": "Viper-1 will not get on the tail of a friendly craft",
        "move2 to=Z2": "Viper-1 cannot move 2 zones to Z2: it is 1 zone\\(s\\) away, not 2",
        "move to=Z9": "there is no zone named 'Z9'",
        "fire target=Raider-1": "Tachyon cannot fire at small craft now",
    }
    for choice, reason in refusals.items():
        with pytest.raises(IllegalChoice, match=reason):
            enc.submit("Tachyon", choice)
    with pytest.raises(IllegalChoice, match="it is not Pirates's decision now"):
        enc.submit("Pirates", "skip")
    skip_to(enc, "gunnery", "Viper-1")
    with pytest.raises(IllegalChoice, match="Raider-1 is 3 zone\\(s\\) away and Viper-1's"):
        enc.submit("Tachyon", "fire target=Raider-1")
    with pytest.raises(IllegalChoice, match="Viper-1 has no torpedo left"):
        enc.submit("Tachyon", "launch ordnance=torpedo target=Raider-1")


def test_a_blank_zone_aspect_is_refused_by_name() -> None:
    """Found by the fuzz test: a zone aspect of spaces passed the model and broke set-up."""
    from pathlib import Path

    import yaml

    from shiftdrive.engine.registry import get_ruleset
    from shiftdrive.engine.scenario import ScenarioError

    path = Path(__file__).parents[3] / "examples" / "tachyon" / "dogfight-2v2.yaml"
    data = yaml.safe_load(path.read_text())
    data["map"]["zones"][0]["aspects"] = ["  "]
    with pytest.raises(ScenarioError, match=r"map.zones\[0\].aspects\[0\]: is blank"):
        get_ruleset("tachyon").load_scenario(data)
