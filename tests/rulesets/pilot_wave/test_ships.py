"""Pilot Wave ship combat (seed 000 "Spaceship Combat"; RULINGS P2, P4, P5, P7, P8, P10, P12,
P14, C2): every rule with scripted dice, and the conformance harness over random battles."""

from __future__ import annotations

import json
from random import Random
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from shiftdrive.cli.main import follow_up
from shiftdrive.core.aspects import Aspect, AspectKind
from shiftdrive.core.consequences import Severity
from shiftdrive.core.dice import ScriptedDice
from shiftdrive.engine import conformance
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter
from shiftdrive.engine.events import GM
from shiftdrive.engine.ruleset import Ending
from shiftdrive.engine.scenario import ScenarioError
from shiftdrive.rulesets.pilot_wave.astrogation import Jump, result
from shiftdrive.rulesets.pilot_wave.ships import bot
from shiftdrive.rulesets.pilot_wave.ships.movement import speeds
from shiftdrive.rulesets.pilot_wave.ships.space import movement_shift
from shiftdrive.rulesets.pilot_wave.ships.state import ADRIFT, DESTROYED, JUMPED, ShipState
from shiftdrive.rulesets.pilot_wave.ships.tables import WEAPONS, sensor_difficulty

Z = [0, 0, 0, 0]
P1 = [1, 0, 0, 0]
P2 = [1, 1, 0, 0]
M1 = [-1, 0, 0, 0]
M2 = [-1, -1, 0, 0]
M4 = [-1, -1, -1, -1]
P4 = [1, 1, 1, 1]


def crew(name: str, ops: int = 2, combat: int = 2, eng: int = 2, tactics: int = 0) -> dict:
    """A crew of four (Tactics 0 by default: no pool to bid or rove with, P6)."""
    return {
        "pilot": {"name": f"{name} Pilot", "skills": {"Space Ops": ops, "Tactics": tactics}},
        "gunner": {"name": f"{name} Gunner", "skills": {"Space Combat": combat}},
        "sensors": {"name": f"{name} Eyes", "skills": {"Space Combat": combat}},
        "engineer": {"name": f"{name} Chief", "skills": {"Engineering": eng}},
    }


def ship(name: str, at: str, **kw: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"name": name, "drive": 2, "at": at, "weapons": ["kew", "missiles"],
                           "jump_drive": False, "crew": crew(name)}  # fmt: skip
    out.update(kw)
    return out


def fight(a: list[dict], b: list[dict], **kw: Any) -> dict[str, Any]:
    return {
        "ruleset": "pilot_wave", "scale": "far", "map": {"width": 14, "height": 8},
        "sides": [{"name": "Navy", "ships": a}, {"name": "Raiders", "ships": b}], **kw,
    }  # fmt: skip


def start(data: dict[str, Any], dice: list[int], first: str = "Navy") -> Encounter:
    """The first eight dice are the side-order rolls: Navy's are made + 0 0 0 so that it wins
    (the sides are alike) and picks who acts first."""
    enc = Encounter.start(data, dice=ScriptedDice(P1 + Z + dice[8:]))
    bid(enc)
    while enc.pending()[0].kind == "invoke":  # the side-order roll's invokes (C4)
        enc.submit(enc.pending()[0].seat, "pass")
    winner = enc.pending_seats()[0]
    enc.submit(winner, f"first_side side={first}")
    return enc


def bid(enc: Encounter, **points: int) -> None:
    """The secret side-order bids (P6): 0 unless given."""
    for side in ("Navy", "Raiders"):
        if any(d.kind == "bid" for d in enc.pending() if d.seat == side):
            enc.submit(side, f"bid points={points.get(side, 0)}")


def st_(enc: Encounter) -> ShipState:
    state = enc.state
    assert isinstance(state, ShipState)
    return state


def push(enc: Encounter, *faces: list[int]) -> None:
    dice = enc._dice.inner
    assert isinstance(dice, ScriptedDice)
    for f in faces:
        dice.push(f)


def sense(enc: Encounter, navy: str = "passive", raiders: str = "passive") -> None:
    """The sensors phase, after Navy (the side-order winner) has picked itself to go first if
    a new exchange asks it to."""
    if enc.pending()[0].kind == "first_side":
        enc.submit("Navy", "first_side side=Navy")
    enc.submit("Navy", f"sense mode={navy}")
    enc.submit("Raiders", f"sense mode={raiders}")


# --- scenario and set-up -------------------------------------------------------------------


def test_a_ship_scale_picks_the_ship_fight_and_other_scales_the_conflict() -> None:
    enc = start(fight([ship("Lance", "0,0")], [ship("Ghost", "5,0")]), Z + Z)
    assert isinstance(enc.state, ShipState)
    assert enc.pending()[0].kind == "sensors"


def test_bad_scenario_fields_are_named() -> None:
    bad = fight(
        [ship("Lance", "0,0", weapons=["laser"], crew={"cook": {"name": "Al"}})],
        [ship("Lance", "99,0", crew={"pilot": {"name": "Bo", "skills": {"Piloting": 2}}})],
    )
    with pytest.raises(ScenarioError) as err:
        Encounter.start(bad, seed=1)
    text = str(err.value)
    assert "sides[0].ships[0].weapons[0]" in text and "laser" in text
    assert "sides[0].ships[0].crew.cook" in text
    assert "sides[1].ships[0].name" in text
    assert "sides[1].ships[0].crew.pilot.skills.Piloting" in text
    assert "off the map" in text


def test_side_order_is_tactics_plus_the_best_drive() -> None:
    """P12: Raiders' Tactics 1 + drive 6 beats Navy's Tactics 3 + drive 2 on equal dice."""
    data = fight(
        [ship("Lance", "0,0", crew=crew("L", tactics=3))],
        [ship("Ghost", "5,0", drive=6, crew=crew("G", tactics=1))],
    )
    enc = Encounter.start(data, dice=ScriptedDice(Z + Z))
    bid(enc)
    assert enc.pending_seats() == ["Raiders"]
    rolls = enc.events()[-1].data["rolls"]
    assert [r["total"] for r in rolls] == [5, 7]
    enc.submit("Raiders", "first_side side=Navy")
    assert st_(enc).order == ["Navy", "Raiders"]
    assert enc.pending()[0].actor == "Lance"


# --- sensors -------------------------------------------------------------------------------


def test_the_sensor_table_is_the_seeds() -> None:
    rows = {
        ("adjacent", 1): (-4, -2, 0, 2), ("far", 2): (-2, 0, 2, 4),
        ("orbital", 2): (0, 2, 4, 6), ("extreme", 2): (2, 4, 6, 8),
    }  # fmt: skip
    for (scale, d), want in rows.items():
        s = "far" if scale == "adjacent" else scale
        got = tuple(
            sensor_difficulty(s, d, active, signal)
            for signal in (True, False)
            for active in (True, False)
        )
        assert got == want, scale


def test_passive_sensors_against_a_drifting_ship_need_formidable() -> None:
    data = fight([ship("Lance", "0,0")], [ship("Ghost", "3,0", dark=True)])
    enc = start(data, Z + Z + [1, 0, 0, 0] + Z)  # Lance: 2 + 1 = 3 < Formidable (4)
    sense(enc)
    assert st_(enc).detected["Navy"] == []
    assert "Ghost" not in json.dumps(enc.view("Navy"))
    assert "Ghost" in enc.ruleset.secrets(enc.state, "Navy")
    # the dark ship saw the signalling frigate (passive vs signal: Trivial)
    assert st_(enc).detected["Raiders"] == ["Lance"]


def test_active_sensors_signal_and_detect_the_dark_ship() -> None:
    data = fight([ship("Lance", "0,0")], [ship("Ghost", "3,0", dark=True)])
    enc = start(data, Z + Z + Z + Z)  # Lance active: 2 vs Routine (2) detects
    sense(enc, navy="active")
    state = st_(enc)
    assert state.detected["Navy"] == ["Ghost"]
    assert state.ships["Lance"].signal


def test_no_sensors_means_passive_only() -> None:
    enc = start(fight([ship("Lance", "0,0")], [ship("Ghost", "5,0")]), Z + Z)
    st_(enc).ships["Lance"].damage["mild"] = "sensors"
    assert [c.text() for c in enc.legal("Navy")] == ["sense mode=passive"]


def test_an_undetected_ship_cannot_be_targeted_and_its_moves_are_hidden() -> None:
    data = fight([ship("Lance", "0,0")], [ship("Ghost", "2,0", dark=True)])
    enc = start(data, Z + Z + M4 + Z)
    sense(enc)
    enc.submit("Navy", "maneuver to=0,0")
    enc.submit("Raiders", "maneuver to=2,0")
    # Ghost sees Lance (signalling) and may aim at it; Lance sees nothing to aim at
    assert enc.pending()[0].actor == "Ghost"
    entry = enc.log[-1]
    assert entry.visible_to is not None and "Navy" not in entry.visible_to
    assert all(not e.visible("Navy") for e in entry.events)
    assert "Ghost" not in json.dumps(enc.view("Navy"))


# --- movement ------------------------------------------------------------------------------


def test_momentum_bounds_the_move() -> None:
    """P12: moved 5 last exchange with M2: 3 to 7 hexes now."""
    data = fight([ship("Lance", "0,0", speed=5)], [ship("Ghost", "10,6")])
    enc = start(data, Z + Z + Z + Z)
    sense(enc)
    assert speeds(st_(enc).ships["Lance"]) == (3, 7)
    assert "3 to 7 hexes" in (enc.why_illegal("Navy", _c("maneuver to=2,0")) or "")
    assert enc.why_illegal("Navy", _c("maneuver to=8,0")) is not None
    assert enc.why_illegal("Navy", _c("maneuver to=7,0")) is None
    st_(enc).ships["Lance"].damage["mild"] = "drives"
    assert speeds(st_(enc).ships["Lance"]) == (5, 5)


def _c(text: str) -> Choice:
    return Choice.parse(text)


def test_movement_shift_the_larger_applies_unless_matched() -> None:
    enc = start(fight([ship("Lance", "0,0")], [ship("Ghost", "5,0")]), Z + Z)
    state = st_(enc)
    lance, ghost = state.ships["Lance"], state.ships["Ghost"]
    lance.moved, ghost.moved = 5, 12
    assert movement_shift(state, lance) == -1
    assert movement_shift(state, lance, ghost) == -2
    ghost.moved = 20
    assert movement_shift(state, lance, ghost) == -3
    state.matched.append(["Lance", "Ghost"])
    assert movement_shift(state, lance, ghost) == 0


def test_changing_speed_signals_and_drifting_does_not() -> None:
    data = fight([ship("Lance", "0,0", speed=2, dark=True)], [ship("Ghost", "10,6", dark=True)])
    enc = start(data, Z * 4)
    sense(enc)
    enc.submit("Navy", "maneuver to=2,0")  # 2 hexes again: drifting
    assert not st_(enc).ships["Lance"].signal
    enc.submit("Raiders", "maneuver to=9,6")  # from 0 to 1: the drive
    assert st_(enc).ships["Ghost"].signal_last  # (the exchange is over: it carries over)


@pytest.mark.parametrize(("scale", "status"), [("orbital", ADRIFT), ("extreme", ADRIFT)])
def test_beyond_six_g_the_crew_rolls_and_a_minute_takes_it_out(scale: str, status: str) -> None:
    """P7: a change of 7 hexes is beyond 6G; at Orbital scale one exchange is a minute (no
    fate points aboard: the injured crew's consequences cannot be invoked)."""
    lance = ship("Lance", "0,0", drive=8, weapons=[], fate_points=0)
    data = fight([lance], [ship("Ghost", "10,6")], scale=scale)
    enc = start(data, Z * 4 + Z * 4)
    sense(enc)
    enc.submit("Navy", "maneuver to=7,0")
    state = st_(enc)
    lance = state.ships["Lance"]
    assert lance.high_g_seconds == {"orbital": 60, "extreme": 600}[scale]
    assert lance.status == status
    dead = {c.status for c in lance.crew}
    assert dead == ({"out"} if scale == "orbital" else {"dead"})


def test_beyond_six_g_a_failed_roll_is_a_hit_of_the_shortfall() -> None:
    """P7: Space Ops 2 + (-2) = 0 against Difficult (+3): a hit of 3."""
    lance = ship("Lance", "0,0", drive=8, weapons=[], fate_points=0)
    data = fight([lance], [ship("Ghost", "10,6")])
    enc = start(data, Z * 4 + M2 + Z + Z + Z)
    sense(enc)
    enc.submit("Navy", "maneuver to=7,0")
    lance = st_(enc).ships["Lance"]
    pilot = lance.crew[0]
    # Physique 0: boxes [1][2]; a hit of 3 takes box [1] and a mild consequence
    assert pilot.stress.marked == [True, False]
    assert [c.aspect for c in pilot.consequences.taken()] == ["Lance Pilot: G-Force Injury"]
    assert lance.high_g_seconds == 6
    assert lance.status == "active"


def test_beyond_six_g_with_command_disabled_each_crew_roll_is_at_minus_one() -> None:
    """P12's -1 for a disabled command is on every crew roll aboard, P7's high G too: Space
    Ops 2 + 0 - 1 = 1 against Difficult (+3), a hit of 2 (a box [2])."""
    lance = ship("Lance", "0,0", drive=8, weapons=[], fate_points=0)
    data = fight([lance], [ship("Ghost", "10,6")])
    enc = start(data, Z * 4 + Z + Z + Z + Z)
    st_(enc).ships["Lance"].damage["mild"] = "command"
    sense(enc)
    enc.submit("Navy", "maneuver to=7,0")
    rolled = [e.data for e in enc.events() if e.kind == "ship_high_g"]
    assert rolled[0]["crew"] == "Lance Pilot" and rolled[0]["total"] == 1
    assert st_(enc).ships["Lance"].crew[0].stress.marked == [False, True]


def test_matching_vectors_needs_the_same_speed_beside_the_ship() -> None:
    data = fight(
        [ship("Lance", "0,0", speed=2)],
        [ship("Ghost", "6,0", speed=2)],
    )
    enc = start(data, Z * 4, first="Raiders")
    enc.submit("Raiders", "sense mode=active")
    enc.submit("Navy", "sense mode=active")
    enc.submit("Raiders", "maneuver to=4,0")
    texts = [c.text() for c in enc.legal("Navy")]
    assert "maneuver match=Ghost to=2,0" not in texts  # 2 hexes but not beside
    assert "maneuver match=Ghost to=3,0" not in texts  # beside, but 3 hexes
    enc.submit("Navy", "maneuver to=2,1")  # not a match
    assert st_(enc).matched == []


# --- weapons, targeting and resolution -----------------------------------------------------


def test_weapon_ranges_and_values_are_p4s() -> None:
    got = {n: ([w.reach.get(s, 0) for s in ("far", "orbital", "extreme")], w.value)
           for n, w in WEAPONS.items()}  # fmt: skip
    assert got == {
        "cpr": ([1, 0, 0], 1), "missiles": ([2, 2, 3], 2), "kew": ([2, 2, 0], 3),
        "dew": ([3, 3, 4], 4),
    }  # fmt: skip


def _in_range(first: str = "Navy", **kw: Any) -> Encounter:
    """Lance and Ghost two hexes apart, both seen, standing still: Navy to aim."""
    data = fight(
        [ship("Lance", "0,0", **kw.pop("lance", {}))],
        [ship("Ghost", "2,0", **{"armor": 1, **kw.pop("ghost", {})})], **kw,
    )  # fmt: skip
    enc = start(data, Z * 4, first=first)
    sense(enc, "active", "active")
    enc.submit("Navy", "maneuver to=0,0")
    enc.submit("Raiders", "maneuver to=2,0")
    return enc


def test_targets_list_every_system_and_weapon_in_reach() -> None:
    enc = _in_range()
    texts = {c.text() for c in enc.legal("Navy") if c.action == "aim"}
    for system in ("drives", "weapons", "sensors", "command", "hull"):
        assert f"aim system={system} target=Ghost weapon=kew" in texts
    assert len(texts) == 10


def test_a_hit_is_shifts_plus_weapon_minus_armor_and_a_system_consequence_disables() -> None:
    """P5: Space Combat 2 + 1 against Normal (1): 2 shifts + KEW 3 - armor 1 = 4."""
    enc = _in_range()
    enc.submit("Navy", "aim target=Ghost weapon=kew system=drives")
    enc.submit("Raiders", "hold_fire")
    push(enc, Z, P1)  # Ghost counters: 2 + 0 = 2 shifts... then the attack
    enc.submit("Raiders", "countermeasures by=pilot")
    state = st_(enc)
    # difficulty 1 + 2 countermeasure shifts = 3; roll 2 + 1 = 3: a tie hits for 0 + 3 - 1 = 2
    assert state.absorb is not None and state.absorb["hit"] == 2
    assert enc.pending()[0].kind == "absorb_hit"
    enc.submit("Raiders", "absorb_hit box=0 consequences=mild")
    ghost = state.ships["Ghost"]
    assert ghost.disabled() == ["drives"]
    assert speeds(ghost) == (0, 0)
    assert state.aspects.get("Ghost Drives Damaged").free_for("Lance") == 1


def test_armor_that_stops_the_hit_gives_a_boost() -> None:
    enc = _in_range(ghost={"armor": 6})
    enc.submit("Navy", "aim target=Ghost weapon=kew system=hull")
    enc.submit("Raiders", "hold_fire")
    push(enc, P1)
    enc.submit("Raiders", "no_countermeasures")
    state = st_(enc)
    assert state.ships["Ghost"].hull.marked_count == 0
    boost = state.aspects.get("Opening on Ghost")
    assert boost.free_for("Lance") == 1


def test_a_miss_does_nothing() -> None:
    enc = _in_range()
    enc.submit("Navy", "aim target=Ghost weapon=kew system=hull")
    enc.submit("Raiders", "hold_fire")
    push(enc, M2)
    enc.submit("Raiders", "no_countermeasures")
    assert st_(enc).ships["Ghost"].hull.marked_count == 0
    assert st_(enc).absorb is None


def test_a_hit_nothing_absorbs_takes_the_ship_out() -> None:
    enc = _in_range(ghost={"hull": 1, "consequences": []})
    enc.submit("Navy", "aim target=Ghost weapon=kew system=hull")
    enc.submit("Raiders", "hold_fire")
    push(enc, P2)
    enc.submit("Raiders", "no_countermeasures")
    state = st_(enc)
    assert state.ships["Ghost"].status == DESTROYED
    res = enc.result()
    assert res is not None and res.winner == "Navy" and res.ending == Ending.TAKEN_OUT


def test_missiles_at_an_adjacent_hex_are_hazardous() -> None:
    """C2: shifts <= -3 on a hazardous roll: the firer takes a consequence."""
    data = fight([ship("Lance", "0,0")], [ship("Ghost", "1,0")])
    enc = start(data, Z * 4)
    sense(enc, "active", "active")
    enc.submit("Navy", "maneuver to=0,0")
    enc.submit("Raiders", "maneuver to=1,0")
    enc.submit("Navy", "aim target=Ghost weapon=missiles system=hull")
    enc.submit("Raiders", "hold_fire")
    push(enc, M4)  # 2 - 4 = -2 against 1: -3
    enc.submit("Raiders", "no_countermeasures")
    lance = st_(enc).ships["Lance"]
    assert [c.aspect for c in lance.consequences.taken()] == ["Lance Missile Blowback"]


def test_weapons_disabled_no_targets_command_disabled_crew_at_minus_one() -> None:
    enc = _in_range()
    lance = st_(enc).ships["Lance"]
    skill = lance.station_skill("gunner")
    lance.damage["mild"] = "command"
    assert lance.station_skill("gunner") == skill - 1
    lance.damage["moderate"] = "weapons"
    assert not [c for c in enc.legal("Navy") if c.action == "aim"]


def test_countermeasures_need_their_system() -> None:
    enc = _in_range()
    enc.submit("Navy", "aim target=Ghost weapon=kew system=hull")
    enc.submit("Raiders", "hold_fire")
    st_(enc).ships["Ghost"].damage["mild"] = "drives"
    bys = {c.get("by") for c in enc.legal("Raiders") if c.action == "countermeasures"}
    assert bys == {"gunner", "sensors"}


# --- repair, boarding and jumps ------------------------------------------------------------


def _boarding_phase(enc: Encounter) -> None:
    enc.submit("Navy", "hold_fire")
    enc.submit("Raiders", "hold_fire")


def test_an_engineering_overcome_against_the_consequence_repairs_the_system() -> None:
    data = fight([ship("Lance", "0,0")], [ship("Ghost", "9,0")])
    enc = start(data, Z * 4)
    state = st_(enc)
    lance = state.ships["Lance"]
    lance.consequences.take(Severity.MODERATE, "Lance Weapons Crippled")
    lance.damage["moderate"] = "weapons"
    sense(enc)
    enc.submit("Navy", "maneuver to=0,0")
    enc.submit("Raiders", "maneuver to=9,0")
    push(enc, P1)  # Engineering 2 + 1 = 3 < Great (4): still down
    enc.submit("Navy", "repair severity=moderate")
    assert lance.disabled() == ["weapons"]
    push(enc, Z * 2)
    sense(enc)
    enc.submit("Navy", "maneuver to=0,0")
    enc.submit("Raiders", "maneuver to=9,0")
    push(enc, P2)  # 2 + 2 = 4: repaired
    enc.submit("Navy", "repair severity=moderate")
    assert lance.disabled() == []


def test_boarding_needs_adjacent_and_matched_and_names_what_follows() -> None:
    data = fight(
        [ship("Lance", "0,0", speed=2)], [ship("Ghost", "6,0", speed=2)],
        follow_up="examples/pilot_wave/boarding-party.yaml",
    )  # fmt: skip
    enc = start(data, Z * 4, first="Raiders")
    enc.submit("Raiders", "sense mode=active")
    enc.submit("Navy", "sense mode=active")
    enc.submit("Raiders", "maneuver to=3,0")
    enc.submit("Navy", "maneuver match=Ghost to=2,1")
    assert st_(enc).matched == [["Lance", "Ghost"]]
    # targeting: Ghost first (Raiders act first); both hold
    enc.submit("Raiders", "hold_fire")
    enc.submit("Navy", "hold_fire")
    # either ship may board the other (Raiders act first: Ghost stands by)
    assert "board target=Lance" in [c.text() for c in enc.legal("Raiders")]
    enc.submit("Raiders", "stand_by")
    assert enc.pending()[0].kind == "boarding" and enc.pending()[0].actor == "Lance"
    assert "board target=Ghost" in [c.text() for c in enc.legal("Navy")]
    enc.submit("Navy", "board target=Ghost")
    res = enc.result()
    assert res is not None and res.winner == "Navy" and res.ending == Ending.OBJECTIVE
    assert "boarding-party.yaml" in res.reason
    # `play` names it (and, at a terminal, offers to start it)
    assert follow_up(enc, res) == "examples/pilot_wave/boarding-party.yaml"


def test_a_jump_is_calculated_with_p2s_minutes_and_leaves_the_fight() -> None:
    """Orbital scale (1-minute exchanges), 150 diameters: Routine (2); Space Ops 2 + 2 = +2
    margin: 4 minutes; the ship jumps at the end of the fourth exchange."""
    data = fight([ship("Lance", "0,0", jump_drive=True)], [ship("Ghost", "10,6")],
                 scale="orbital")  # fmt: skip
    enc = start(data, Z * 4)
    sense(enc)
    enc.submit("Navy", "maneuver to=0,0")
    enc.submit("Raiders", "maneuver to=10,6")
    push(enc, P2)
    enc.submit("Navy", "jump parsecs=1")
    lance = st_(enc).ships["Lance"]
    assert lance.jump == {"parsecs": 1, "seconds_left": 180, "jumps": True}
    for _ in range(3):
        push(enc, Z * 2)
        sense(enc)
        enc.submit("Navy", "maneuver to=0,0")
        enc.submit("Raiders", "maneuver to=10,6")
    assert lance.status == JUMPED
    res = enc.result()
    assert res is not None and res.ending == Ending.BUG_OUT and res.winner == "Raiders"


def test_a_three_parsec_jumps_mishap_destroys_the_ship() -> None:
    data = fight([ship("Lance", "0,0", jump_drive=True)], [ship("Ghost", "10,6")])
    enc = start(data, Z * 4)
    sense(enc)
    enc.submit("Navy", "maneuver to=0,0")
    enc.submit("Raiders", "maneuver to=10,6")
    push(enc, M4)  # 2 - 4 - 2 = -4: a mishap
    odds = enc.ruleset.odds(enc.state, "Navy", _c("jump parsecs=3"))
    assert odds is not None and odds.mishap > 0
    enc.submit("Navy", "jump parsecs=3")
    assert st_(enc).ships["Lance"].status == DESTROYED
    assert result(Jump(150, 3), -3).destroyed


# --- Extreme scale: travelling missiles ----------------------------------------------------


def test_at_extreme_scale_a_missile_strikes_next_exchange_countered_in_both_exchanges() -> None:
    data = fight([ship("Lance", "0,0")], [ship("Ghost", "3,0", armor=0)], scale="extreme")
    enc = start(data, Z * 4)  # 2 against Routine (2): active vs signal at Extreme
    sense(enc, "active", "active")
    enc.submit("Navy", "maneuver to=0,0")
    enc.submit("Raiders", "maneuver to=3,0")
    enc.submit("Navy", "aim target=Ghost weapon=missiles system=hull")
    enc.submit("Raiders", "hold_fire")
    push(enc, P1)  # Ghost counters: 2 + 1 = 3 shifts
    enc.submit("Raiders", "countermeasures by=gunner")
    state = st_(enc)
    assert state.ships["Ghost"].hull.marked_count == 0  # nothing struck yet
    assert [a.strikes for a in state.attacks] == [2]
    assert state.attacks[0].early_counter == 3
    push(enc, Z, Z)
    sense(enc, "active", "active")
    enc.submit("Navy", "maneuver to=0,0")
    enc.submit("Raiders", "maneuver to=3,0")
    enc.submit("Navy", "hold_fire")
    enc.submit("Raiders", "hold_fire")
    # counters again: 2 + 2 = 4 shifts, the better of the two exchanges' (3 and 4) counts;
    # the missile: 2 + 4 = 6 against Extreme's 3 + 4 = 7: a miss
    push(enc, P2, P4)
    enc.submit("Raiders", "countermeasures by=gunner")
    attack = next(e for e in enc.log[-1].events if e.kind == "ship_attack")
    assert attack.data["difficulty"] == 7 and attack.data["outcome"] == "miss"


# --- views, odds, GM -----------------------------------------------------------------------


def test_every_decision_has_odds_where_it_rolls() -> None:
    enc = _in_range()
    for c in enc.legal("Navy"):
        if c.action == "aim":
            assert enc.ruleset.odds(enc.state, "Navy", c) is not None
            assert "hits" in (enc.ruleset.odds_words(enc.state, "Navy", c) or "")


def test_gm_overrides_reach_ships_and_crews() -> None:
    enc = start(fight([ship("Lance", "0,0")], [ship("Ghost", "5,0")]), Z + Z)
    enc.submit(GM, "gm_stress character=Lance track=hull box=2")
    assert st_(enc).ships["Lance"].hull.marked == [False, True, False, False]
    enc.submit(GM, "gm_consequence character='Lance Pilot' severity=mild aspect=Bruised")
    assert st_(enc).ships["Lance"].crew[0].consequences.taken()[0].aspect == "Bruised"


def test_groups_of_one_type_decide_once() -> None:
    data = fight(
        [ship("Lance", "0,0", type="frigate"), ship("Pike", "0,2", type="frigate")],
        [ship("Ghost", "10,6")],
    )
    data["sides"][0]["groups"] = True
    enc = start(data, Z * 4)
    enc.submit("Navy", "sense mode=passive")
    enc.submit("Raiders", "sense mode=passive")
    enc.submit("Navy", "maneuver to=1,0")
    state = st_(enc)
    assert state.ships["Pike"].hex == "1,2"
    assert enc.pending()[0].actor == "Ghost"


# --- the conformance harness over random battles --------------------------------------------


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# found by this test: Pike matches vectors with Lance, whom the Raiders do not see (the event
# and the choice named Lance to them)
@example(seed=2861, scale="extreme", gap=1, dark=True, groups=False)
@given(
    seed=st.integers(0, 2**31 - 1),
    scale=st.sampled_from(["far", "orbital", "extreme"]),
    gap=st.integers(1, 6),
    dark=st.booleans(),
    groups=st.booleans(),
)
def test_random_ship_battles_keep_every_promise(
    seed: int, scale: str, gap: int, dark: bool, groups: bool
) -> None:
    data = fight(
        [ship("Lance", "0,0", type="frigate", jump_drive=True),
         ship("Pike", "0,2", type="frigate", weapons=["dew", "cpr"])],
        [ship("Ghost", f"{gap},1", dark=dark, drive=7, weapons=["missiles", "dew"])],
        scale=scale, max_exchanges=6, aspects=["Debris Field"],
    )  # fmt: skip
    data["sides"][0]["groups"] = groups
    conformance.check_all_along(data, seed, undo_every=15)


def test_the_side_order_winner_picks_who_acts_first_at_every_exchange() -> None:
    """P8: the winner picks at the start of every exchange (Raiders won here: drive 6)."""
    data = fight([ship("Lance", "0,0")], [ship("Ghost", "10,6", drive=6)])
    enc = Encounter.start(data, dice=ScriptedDice(Z * 4))
    bid(enc)
    enc.submit("Raiders", "first_side side=Raiders")
    assert enc.pending()[0].actor == "Ghost"
    enc.submit("Raiders", "sense mode=passive")
    enc.submit("Navy", "sense mode=passive")
    enc.submit("Raiders", "maneuver to=10,6")
    enc.submit("Navy", "maneuver to=0,0")
    assert [(d.seat, d.kind) for d in enc.pending()] == [("Raiders", "first_side")]
    enc.submit("Raiders", "first_side side=Navy")
    assert enc.pending()[0].actor == "Lance"


# --- invokes aboard (C4, C7) ---------------------------------------------------------------


def _aimed(dice: list[int], **kw: Any) -> Encounter:
    """Lance fires its KEW at Ghost (Space Combat 2 against Normal 1); the attack rolls `dice`."""
    enc = _in_range(**kw)
    enc.submit("Navy", "aim target=Ghost weapon=kew system=hull")
    enc.submit("Raiders", "hold_fire")
    push(enc, dice)
    enc.submit("Raiders", "no_countermeasures")
    return enc


def test_a_miss_waits_for_the_attackers_invokes_and_a_fate_point_turns_it() -> None:
    """C4: 2 - 2 against 1 misses by 1; the scene's aspect for a fate point: +2, a hit of
    1 + 3 - 1 = 3."""
    enc = _aimed(M2, aspects=["Debris Field"])
    state = st_(enc)
    turn = enc.pending()[0]
    assert (turn.seat, turn.kind, turn.actor) == ("Navy", "invoke", "Lance")
    assert {c.text() for c in enc.legal("Navy")} == {
        "invoke aspect='Debris Field' by=Lance effect=bonus payment=fate_point",
        "pass",
    }
    assert "attack at Ghost: +2 [- - 0 0] against Normal (+1) (-1;" in turn.prompt
    enc.submit("Navy", "invoke aspect='Debris Field' by=Lance effect=bonus payment=fate_point")
    assert state.ships["Lance"].fate_points.current == 2
    assert state.roll is None  # one paid invoke per aspect per roll: nothing else could
    assert state.absorb is not None and state.absorb["hit"] == 3


def test_passing_lets_the_miss_stand() -> None:
    enc = _aimed(M2, aspects=["Debris Field"])
    enc.submit("Navy", "pass")
    state = st_(enc)
    assert state.roll is None and state.absorb is None
    assert state.ships["Lance"].fate_points.current == 3
    assert state.ships["Ghost"].hull.marked_count == 0


def test_free_invokes_stack_one_decision_each() -> None:
    """C4: two free invokes on Ghost's consequence: -3 becomes -1, then +1 (a hit of 3)."""
    enc = _in_range(lance={"fate_points": 0})
    state = st_(enc)
    state.aspects.add(Aspect("Ghost Hull Scored", AspectKind.CONSEQUENCE, owner="Ghost",
                             free_invokes={"Lance": 2}))  # fmt: skip
    enc.submit("Navy", "aim target=Ghost weapon=kew system=hull")
    enc.submit("Raiders", "hold_fire")
    push(enc, M4)
    enc.submit("Raiders", "no_countermeasures")
    assert [c.text() for c in enc.legal("Navy")] == [
        "invoke aspect='Ghost Hull Scored' by=Lance effect=bonus payment=free",
        "pass",
    ]
    enc.submit("Navy", "invoke aspect='Ghost Hull Scored' by=Lance effect=bonus payment=free")
    assert state.roll is not None and state.roll["bonus"] == 2  # -1: still a miss
    enc.submit("Navy", "invoke aspect='Ghost Hull Scored' by=Lance effect=bonus payment=free")
    assert state.roll is None and state.absorb is not None and state.absorb["hit"] == 3
    assert state.aspects.get("Ghost Hull Scored").free_for("Lance") == 0


def test_a_fate_point_on_the_targets_aspect_pays_its_crew() -> None:
    """C7: an aspect invoked against you earns you a fate point."""
    enc = _in_range()
    state = st_(enc)
    state.aspects.add(Aspect("Ghost Runs Hot", AspectKind.SITUATION, owner="Ghost"))
    enc.submit("Navy", "aim target=Ghost weapon=kew system=hull")
    enc.submit("Raiders", "hold_fire")
    push(enc, M2)
    enc.submit("Raiders", "no_countermeasures")
    enc.submit("Navy", "invoke aspect='Ghost Runs Hot' by=Lance effect=bonus payment=fate_point")
    assert state.ships["Lance"].fate_points.current == 2
    assert state.ships["Ghost"].fate_points.current == 4
    assert any(e.kind == "ship_invoke" for e in enc.events())


def test_the_side_is_asked_only_when_its_invokes_could_change_the_outcome() -> None:
    """-3 with one fate point (+2) cannot reach a tie: the miss stands unasked; a ship with
    no fate points and no free invokes is never asked."""
    enc = _aimed(M4, aspects=["Debris Field"], lance={"fate_points": 1})
    state = st_(enc)
    assert state.roll is None and state.absorb is None
    assert enc.pending()[0].kind != "invoke"
    enc = _aimed(M2, aspects=["Debris Field"], lance={"fate_points": 0})
    assert st_(enc).roll is None and enc.pending()[0].kind != "invoke"


def test_a_standing_hit_may_still_be_raised_and_the_bot_keeps_it() -> None:
    """A hit's every shift counts (C3), so a hit is offered the invoke; the bot spends only
    to turn a miss into a hit."""
    enc = _aimed(Z, aspects=["Debris Field"])
    state = st_(enc)
    assert enc.pending()[0].kind == "invoke"
    assert bot.choose(enc.ruleset, state, "Navy", Random(0)).action == "pass"
    enc = _aimed(M2, aspects=["Debris Field"])
    state = st_(enc)
    pick = bot.choose(enc.ruleset, state, "Navy", Random(0))
    assert pick.text() == "invoke aspect='Debris Field' by=Lance effect=bonus payment=fate_point"


def test_a_hazardous_roll_may_invoke_out_of_its_mishap() -> None:
    """C2: -4 on a hazardous missile roll is a mishap; +2 makes it a plain miss."""
    data = fight([ship("Lance", "0,0")], [ship("Ghost", "1,0")], aspects=["Debris Field"])
    enc = start(data, Z * 4)
    sense(enc, "active", "active")
    enc.submit("Navy", "maneuver to=0,0")
    enc.submit("Raiders", "maneuver to=1,0")
    enc.submit("Navy", "aim target=Ghost weapon=missiles system=hull")
    enc.submit("Raiders", "hold_fire")
    push(enc, M4)  # 2 - 4 - 1 = -3 ... one fate point: -1, a miss, no blowback
    enc.submit("Raiders", "no_countermeasures")
    state = st_(enc)
    pick = bot.choose(enc.ruleset, state, "Navy", Random(0))
    assert pick.action == "invoke"
    enc.submit("Navy", pick.text())
    assert state.ships["Lance"].consequences.taken() == []


def test_fate_points_are_a_scenario_field() -> None:
    data = fight([ship("Lance", "0,0", fate_points=-1)], [ship("Ghost", "2,0")])
    with pytest.raises(ScenarioError, match="fate_points"):
        Encounter.start(data, dice=ScriptedDice(Z * 4))


# --- Tactics pools (P6) --------------------------------------------------------------------


def test_bids_are_secret_and_add_to_the_side_order_roll() -> None:
    """P6, P8: Navy bids 2 of its pool of 3 (pilot Tactics 3): 3 + 2 + 2 + 0 = 7 beats
    Raiders' 1 + 2 + 0 + 0 = 3; the points bid are gone, the rest is the exchange's pool."""
    data = fight(
        [ship("Lance", "0,0", crew=crew("L", tactics=3))],
        [ship("Ghost", "5,0", crew=crew("G", tactics=1))],
    )
    enc = Encounter.start(data, dice=ScriptedDice(Z + Z))
    assert sorted(enc.pending_seats()) == ["Navy", "Raiders"]
    assert all(d.secret for d in enc.pending())
    assert [c.text() for c in enc.legal("Navy")] == [f"bid points={n}" for n in range(4)]
    bid(enc, Navy=2)
    order = enc.events()[-1]
    assert [r["total"] for r in order.data["rolls"]] == [7, 3]
    bids = [e for e in enc.events() if e.kind == "ship_bid"]
    assert [e.visible_to for e in bids] == [frozenset({"Navy", GM}), frozenset({"Raiders", GM})]
    assert enc.describe(bids[0], "Raiders") == "Something happens out of sight."
    assert st_(enc).pools == {"Navy": 1, "Raiders": 1}
    assert enc.pending_seats() == ["Navy"]


def test_roving_points_go_on_a_roll_after_the_dice_and_come_back_each_exchange() -> None:
    """P6: Lance misses by 1 (2 - 2 against 1); 1 point of Navy's pool of 2 makes it a tie,
    a hit of 0 + 3 - 1 = 2; the pool is whole again next exchange."""
    enc = _aimed(M2, lance={"crew": crew("Lance", tactics=2), "fate_points": 0})
    state = st_(enc)
    assert [c.text() for c in enc.legal("Navy")] == [
        "tactics points=1",
        "tactics points=2",
        "pass",
    ]
    assert bot.choose(enc.ruleset, state, "Navy", Random(0)).text() == "tactics points=1"
    enc.submit("Navy", "tactics points=1")
    assert state.pools["Navy"] == 1
    assert enc.pending()[0].kind == "invoke"  # a hit's every shift counts: still asked
    enc.submit("Navy", "pass")
    assert state.absorb is not None and state.absorb["hit"] == 2
    enc.submit("Raiders", "absorb_hit box=2 consequences=none")
    assert state.exchange == 2 and state.pools["Navy"] == 2


# --- invokes on the other crew rolls -------------------------------------------------------


def test_a_sensor_roll_may_invoke_up_to_the_next_detection() -> None:
    """Passive 2 + 1 = 3 misses the drifting ship (Formidable 4); a fate point on the scene's
    aspect makes 5: detected."""
    data = fight([ship("Lance", "0,0")], [ship("Ghost", "3,0", dark=True)], aspects=["Clear Skies"])
    enc = start(data, Z + Z + [1, 0, 0, 0] + Z)
    enc.submit("Navy", "sense mode=passive")
    assert enc.pending()[0].kind == "invoke"
    assert bot.choose(enc.ruleset, st_(enc), "Navy", Random(0)).action == "invoke"
    enc.submit("Navy", "invoke aspect='Clear Skies' by=Lance effect=bonus payment=fate_point")
    assert st_(enc).detected["Navy"] == ["Ghost"]


def test_a_repair_roll_may_invoke_and_a_high_g_roll_too() -> None:
    """Repair: Engineering 2 - 2 = 0 against the mild consequence's 2 fails by 2; a fate point
    makes the tie that repairs. High G: Space Ops 2 + 0 against Difficult (+3): a fate point
    turns the hit of 1 into none."""
    enc = _in_range(aspects=["Steady Hands"])
    state = st_(enc)
    state.ships["Lance"].damage["mild"] = "weapons"
    enc.submit("Raiders", "hold_fire")  # (Lance's weapons are down: no targets)
    push(enc, M2)
    enc.submit("Navy", "repair severity=mild")
    assert enc.pending()[0].kind == "invoke"
    enc.submit("Navy", "invoke aspect='Steady Hands' by=Lance effect=bonus payment=fate_point")
    assert state.ships["Lance"].works("weapons")
    lance = ship("Lance", "0,0", drive=8, weapons=[], crew={"pilot": crew("L")["pilot"]})
    data = fight([lance], [ship("Ghost", "10,6")], aspects=["Steady Hands"])
    enc = start(data, Z * 4 + Z)
    enc.submit("Navy", "sense mode=passive")
    enc.submit("Navy", "pass")  # (its sweep could take the invoke too)
    enc.submit("Raiders", "sense mode=passive")
    enc.submit("Navy", "maneuver to=7,0")
    state = st_(enc)
    assert state.roll is not None and state.roll["kind"] == "high_g"
    enc.submit("Navy", "invoke aspect='Steady Hands' by=Lance effect=bonus payment=fate_point")
    pilot = state.ships["Lance"].crew[0]
    assert pilot.stress.marked == [False, False] and state.ships["Lance"].active


def test_a_side_sees_its_own_pool_bid_and_fate_points_only() -> None:
    data = fight(
        [ship("Lance", "0,0", crew=crew("L", tactics=3))],
        [ship("Ghost", "2,0", crew=crew("G", tactics=1), fate_points=5)],
    )
    enc = Encounter.start(data, dice=ScriptedDice(Z + Z))
    bid(enc, Navy=2)
    navy = enc.view("Navy")["state"]
    assert navy["tactics_pool"] == 1 and navy["bids"] == {"Navy": 2}
    assert "5" not in json.dumps(navy["bids"]) and "Raiders" not in navy["bids"]
    assert enc.view(GM)["state"]["tactics_pool"] == {"Navy": 1, "Raiders": 1}
    raiders = enc.view("Raiders")["state"]
    assert [s.get("fate_points") for s in raiders["ships"]] == [5]
