"""Audit 16 (seed 000 "Pilot Wave"; RULINGS C4, C10, P2, P3, P6, P12): ship crews' skills as a
scenario spells them, and the rolls of a ship fight. Each test failed on the code before this
audit."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pilot_wave_helpers import npc, scenario
from pilot_wave_helpers import start as start_conflict

from shiftdrive.core.aspects import Aspect, AspectKind
from shiftdrive.core.dice import ScriptedDice
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter
from shiftdrive.engine.scenario import ScenarioError
from shiftdrive.rulesets.pilot_wave.ships.state import ShipState

Z = [0, 0, 0, 0]
P1 = [1, 0, 0, 0]


def crew(name: str, **skills: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {
        "pilot": {"name": f"{name} Pilot", "skills": {"Space Ops": 2}},
        "gunner": {"name": f"{name} Gunner", "skills": {"Space Combat": 2}},
        "sensors": {"name": f"{name} Eyes", "skills": {"Space Combat": 2}},
        "engineer": {"name": f"{name} Chief", "skills": {"Engineering": 2}},
    }
    for station, given in skills.items():
        out[station]["skills"] = given
    return out


def ship(name: str, at: str, **kw: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"name": name, "drive": 2, "at": at, "weapons": ["kew", "missiles"],
                           "jump_drive": False, "crew": crew(name), "fate_points": 0}  # fmt: skip
    out.update(kw)
    return out


def fight(a: list[dict[str, Any]], b: list[dict[str, Any]], **kw: Any) -> dict[str, Any]:
    return {
        "ruleset": "pilot_wave", "scale": "far", "map": {"width": 14, "height": 8},
        "sides": [{"name": "Navy", "ships": a}, {"name": "Raiders", "ships": b}], **kw,
    }  # fmt: skip


def start(data: dict[str, Any], dice: list[int]) -> Encounter:
    """Navy wins side order (+1 against 0, no Tactics: no bids) and acts first."""
    enc = Encounter.start(data, dice=ScriptedDice(P1 + Z + dice))
    enc.submit(enc.pending_seats()[0], "first_side side=Navy")
    return enc


def st_(enc: Encounter) -> ShipState:
    state = enc.state
    assert isinstance(state, ShipState)
    return state


# --- P3: a crew's skills by the names the scenario writes ---------------------------------


def test_a_crew_skill_written_in_lower_case_is_the_skill_not_terrible() -> None:
    """`check` accepts "space combat" for Space Combat (any case, as for characters); the
    gunner then rolls it at its rating, Great (+4), not at P3's Terrible (-2) for a skill
    the crew member does not list."""
    lance = ship("Lance", "0,0", crew=crew("Lance", gunner={"space combat": "Great"}))
    enc = start(fight([lance], [ship("Ghost", "9,0")]), [])
    assert st_(enc).ships["Lance"].station_skill("gunner") == 4


def test_a_crew_skill_listed_twice_is_refused_naming_the_field() -> None:
    gunner = {"Space Combat": 2, "space combat": 4}
    data = fight([ship("Lance", "0,0", crew=crew("Lance", gunner=gunner))],
                 [ship("Ghost", "9,0")])  # fmt: skip
    with pytest.raises(ScenarioError) as err:
        Encounter.start(data, dice=ScriptedDice(P1 + Z))
    assert "sides[0].ships[0].crew.gunner.skills.space combat" in str(err.value)
    assert "listed twice" in str(err.value)


# --- C10, C7, seed "Turn Order": a side may concede a ship fight ---------------------------


def test_a_side_concedes_a_ship_fight_before_a_roll_against_it_and_earns_fate_points() -> None:
    """The seed: "Exchanges continue until one of the sides concedes or is taken out"; C10:
    conceding is possible at any time before a roll is made against you, and pays fate
    points per C7 (one, plus one per consequence taken in the conflict). Ghost, holding a
    mild consequence, concedes on its movement turn: the fight ends in a concession, Navy
    wins, and Ghost's crew (no fate points) earns 2."""
    enc = start(fight([ship("Lance", "0,0")], [ship("Ghost", "9,0")]), Z + Z)
    state = st_(enc)
    state.ships["Ghost"].consequences.take(
        next(iter(state.ships["Ghost"].consequences.free())), "Ghost Hull Damaged"
    )
    enc.submit("Navy", "sense mode=passive")
    enc.submit("Raiders", "sense mode=passive")
    enc.submit("Navy", "maneuver to=0,0")
    assert any(c.action == "concede" for c in enc.legal("Raiders"))
    enc.submit("Raiders", "concede")
    result = enc.result()
    assert result is not None
    assert result.winner == "Navy"
    assert result.ending.value == "concession"
    assert state.ships["Ghost"].fate_points.current == 2
    assert state.ships["Lance"].fate_points.current == 0
    tally = {t.name: t for t in enc.ruleset.tally(state)}
    assert tally["Ghost"].conceded and not tally["Ghost"].taken_out
    assert not tally["Lance"].conceded


def test_a_targeted_ship_may_concede_in_countermeasures_but_not_once_hit() -> None:
    """The countermeasures phase comes before the attack's roll: the target's side may
    concede there. Once the roll is made and the hit waits to be absorbed, it may not."""
    navy = ship("Lance", "0,0", weapons=["kew"])
    ghost = ship("Ghost", "2,0", hull=2, consequences=["mild", "moderate"])
    enc = start(fight([navy], [ghost]), Z + Z + Z)
    enc.submit("Navy", "sense mode=active")
    enc.submit("Raiders", "sense mode=passive")
    enc.submit("Navy", "maneuver to=0,0")
    enc.submit("Raiders", "maneuver to=2,0")
    enc.submit("Navy", "aim target=Ghost weapon=kew system=hull")
    enc.submit("Raiders", "hold_fire")
    assert enc.pending()[0].kind == "countermeasures"
    assert any(c.action == "concede" for c in enc.legal("Raiders"))
    enc.submit("Raiders", "no_countermeasures")
    # Space Combat 2 + 0 against Normal (1): 1 shift, a hit of 1 + KEW 3 - armor 0 = 4,
    # with more than one way to absorb it: Raiders choose, and may no longer concede
    assert enc.pending()[0].kind == "absorb_hit"
    assert st_(enc).absorb == {"target": "Ghost", "hit": 4, "system": "hull", "attacker": "Lance"}
    assert not any(c.action == "concede" for c in enc.legal("Raiders"))


def test_a_concession_names_no_ship_the_other_side_has_not_detected() -> None:
    """Ghost was never detected by Navy: Navy reads that Raiders conceded, not Ghost's name."""
    enc = start(fight([ship("Lance", "0,0")], [ship("Ghost", "9,0", dark=True)]), Z + Z)
    enc.submit("Navy", "sense mode=passive")  # 2 + 0 against Formidable (+4): nothing
    enc.submit("Raiders", "sense mode=passive")
    assert st_(enc).detected["Navy"] == []
    enc.submit("Navy", "maneuver to=0,0")
    enc.submit("Raiders", "concede")
    navy_log = json.dumps(enc.view("Navy")["log"])
    assert "Raiders concedes the fight" in navy_log
    assert "Ghost" not in navy_log
    raiders_log = json.dumps(enc.view("Raiders")["log"])
    assert "Ghost leaves the fight; its crew earns 1 fate point(s)" in raiders_log


# --- C4, P6, P2: the jump calculation is a roll of the side -------------------------------


def push(enc: Encounter, faces: list[int]) -> None:
    dice = enc._dice.inner
    assert isinstance(dice, ScriptedDice)
    dice.push(faces)


def _at_boarding(**kw: Any) -> Encounter:
    """Lance (jump drive, Space Ops 2, Tactics 2: a pool of 2, no bid) and Ghost far apart,
    no targets: the boarding/EVA phase comes at once, Lance to act. 150 diameters: Routine."""
    lance = ship("Lance", "0,0", jump_drive=True, **kw)
    lance["crew"]["pilot"]["skills"] = {"Space Ops": 2, "Tactics": 2}
    data = fight([lance], [ship("Ghost", "9,0")], scale="orbital")
    enc = Encounter.start(data, dice=ScriptedDice(P1 + Z + Z + Z))
    enc.submit("Navy", "bid points=0")
    enc.submit("Navy", "first_side side=Navy")
    enc.submit("Navy", "sense mode=passive")
    enc.submit("Raiders", "sense mode=passive")
    enc.submit("Navy", "maneuver to=0,0")
    enc.submit("Raiders", "maneuver to=9,0")
    assert enc.pending()[0].kind == "boarding"
    return enc


def test_tactics_points_go_on_a_jump_calculation_before_its_margin_is_read() -> None:
    """P6: "Points may go on any roll of the side". Space Ops 2 + [- - 0 0] against Routine
    (2): margin -2, 14 minutes; the side adds its 2 Tactics points: margin 0, 10 minutes (9
    left once this one-minute exchange is over)."""
    enc = _at_boarding()
    push(enc, [-1, -1, 0, 0])
    enc.submit("Navy", "jump parsecs=1")
    assert enc.pending()[0].kind == "invoke"
    assert st_(enc).ships["Lance"].jump is None  # not read yet
    enc.submit("Navy", "tactics points=2")
    assert st_(enc).ships["Lance"].jump == {"parsecs": 1, "seconds_left": 540, "jumps": True}


def test_a_free_invoke_lifts_a_failed_jump_and_the_odds_count_it() -> None:
    """C4: Space Ops 2 + [- - - -] against Routine (2): margin -4, the calculation fails (20
    minutes lost); a free invoke on the scene's aspect, +2: margin -2, a jump in 14 minutes
    (13 left after this exchange). The odds shown before the roll count that free invoke
    (C3), as every crew roll's do: 2 + 4dF >= 2 is 50 of 81; with +2 spent while the margin
    is below 0, 4dF >= -2 is 76 of 81."""
    enc = _at_boarding()
    state = st_(enc)
    state.aspects.add(Aspect("Gas Giant Shadow", AspectKind.SITUATION,
                             free_invokes={"Lance": 1}))  # fmt: skip
    odds = enc.ruleset.odds(state, "Navy", Choice.parse("jump parsecs=1"))
    assert odds is not None and odds.at_least_tie * 81 == 76
    push(enc, [-1, -1, -1, -1])
    enc.submit("Navy", "jump parsecs=1")
    enc.submit("Navy", "invoke aspect='Gas Giant Shadow' by=Lance effect=bonus payment=free")
    if enc.pending()[0].kind == "invoke":  # the Tactics points could still shorten it
        enc.submit("Navy", "pass")
    assert state.ships["Lance"].jump == {"parsecs": 1, "seconds_left": 780, "jumps": True}


# --- P12 hidden information: a third side that has not detected the target -----------------


def test_a_side_that_sees_the_attacker_but_not_its_target_learns_nothing_of_the_target() -> None:
    """Three sides: Traders have detected Lance (Navy) but not Ghost (Raiders, dark). Lance
    aims at Ghost, rolls, and invokes Ghost's consequence: the aim (choice and event), the
    roll in hand and the invoke name Ghost, so none of them reaches Traders (the GM and the
    two sides that see both ships read them all)."""
    ghost = ship("Ghost", "2,0", dark=True)
    data = {
        "ruleset": "pilot_wave", "scale": "far", "map": {"width": 14, "height": 8},
        "sides": [{"name": "Navy", "ships": [ship("Lance", "0,0", fate_points=1)]},
                  {"name": "Raiders", "ships": [ghost]},
                  {"name": "Traders", "ships": [ship("Mule", "0,2")]}],
    }  # fmt: skip
    # side order: Navy +2, Raiders 0, Traders 0; then the sweeps and the attack roll
    enc = Encounter.start(data, dice=ScriptedDice([1, 1, 0, 0] + Z + Z + Z * 3 + Z))
    enc.submit("Navy", "first_side side=Navy")
    state = st_(enc)
    state.aspects.add(Aspect("Ghost Hull Scored", AspectKind.CONSEQUENCE, owner="Ghost",
                             free_invokes={"Lance": 1}))  # fmt: skip
    for seat, mode in (("Navy", "active"), ("Raiders", "passive"), ("Traders", "passive")):
        enc.submit(seat, f"sense mode={mode}")
    assert "Ghost" in state.detected["Navy"] and "Ghost" not in state.detected["Traders"]
    assert "Lance" in state.detected["Traders"]
    for seat, name in (("Navy", "Lance"), ("Raiders", "Ghost"), ("Traders", "Mule")):
        enc.submit(seat, f"maneuver to={state.ships[name].hex}")
    enc.submit("Navy", "aim target=Ghost weapon=kew system=hull")
    while enc.pending()[0].kind == "targeting":
        enc.submit(enc.pending()[0].seat, "hold_fire")
    if enc.pending()[0].kind == "countermeasures":
        enc.submit("Raiders", "no_countermeasures")
    # 2 + 0 against Normal (1) + the movement shift (none): +1; the free invoke could add 2
    assert enc.pending()[0].kind == "invoke"
    assert "Ghost" not in json.dumps(enc.view("Traders"))
    enc.submit("Navy", "invoke aspect='Ghost Hull Scored' by=Lance effect=bonus payment=free")
    assert "Ghost" not in json.dumps(enc.view("Traders"))
    assert "Ghost Hull Scored" in json.dumps(enc.view("Navy")["log"])


# --- C3, P5: the odds shown before a roll say what the roll then does ---------------------


def test_a_shots_odds_say_how_often_it_hits_and_harms_not_the_ladders_success() -> None:
    """P5: a weapon's hit lands on a tie too, and armor may bring it to 0 (a boost, no harm).
    Gun Combat 2 with a carbine (value 2) at point blank (Normal (1), damage -1) against an
    HEV suit (armor 2): a tie or better hits (4dF >= -1: 66 of 81, 81%); it harms only at 2
    shifts or more (2 + 2 - 1 - 2 = 1: 4dF >= 1, 31 of 81, 38%). The ladder's "success"
    (1 shift or more, 62%) is neither."""
    ada = npc("Ada", "0,0", skills={"Gun Combat": 2}, weapon="carbine")
    enc = start_conflict(scenario([ada], [npc("Zed", "3,0", armor="hev suit")]), P1 + Z)
    enc.submit("Crew", Choice.of("first", side="Crew"))
    shot = Choice.of("attack", target="Zed", skill="Gun Combat", fire="single")
    assert enc.ruleset.odds_words(enc.state, "Crew", shot) == "hits 81%, harms 38%"


def test_a_jump_calculations_odds_say_how_often_it_jumps() -> None:
    """P2: a margin of -3 or better still jumps (16 minutes at worst). Space Ops 2 against
    Routine (2) jumps unless 4dF is -4 (80 of 81: 99%); a 3-parsec jump is hazardous: -3 is
    a mishap that destroys the ship (4dF <= -3: 5 of 81, 6%), so it jumps 76 of 81 (94%)."""
    enc = _at_boarding()
    one = enc.ruleset.odds_words(enc.state, "Navy", Choice.parse("jump parsecs=1"))
    three = enc.ruleset.odds_words(enc.state, "Navy", Choice.parse("jump parsecs=3"))
    assert one == "jumps 99%"
    assert three == "jumps 94%, mishap 6% (the ship is destroyed)"


def test_an_aspect_of_a_ship_a_side_has_not_detected_is_not_named_to_it() -> None:
    """Three sides. Lance (Navy) holds a free invoke on 'Mule Drives Crippled', a
    consequence of Mule (Traders), which Raiders have not detected. Lance fires at Ghost and
    invokes it: Raiders, who see Lance and Ghost, read that an aspect was invoked (+2), not
    its name; Navy reads it whole (the conformance property over three-sided battles found
    it)."""
    data = {
        "ruleset": "pilot_wave", "scale": "far", "map": {"width": 14, "height": 8},
        "sides": [{"name": "Navy", "ships": [ship("Lance", "0,0")]},
                  {"name": "Raiders", "ships": [ship("Ghost", "2,0")]},
                  {"name": "Traders", "ships": [ship("Mule", "0,6", dark=True)]}],
    }  # fmt: skip
    enc = Encounter.start(data, dice=ScriptedDice([1, 1, 0, 0] + Z + Z + Z * 3 + Z))
    enc.submit("Navy", "first_side side=Navy")
    state = st_(enc)
    state.detected["Navy"].append("Mule")
    state.aspects.add(Aspect("Mule Drives Crippled", AspectKind.CONSEQUENCE, owner="Mule",
                             free_invokes={"Lance": 1}))  # fmt: skip
    for seat, mode in (("Navy", "active"), ("Raiders", "passive"), ("Traders", "passive")):
        enc.submit(seat, f"sense mode={mode}")
    assert "Mule" not in state.detected["Raiders"] and "Lance" in state.detected["Raiders"]
    for seat, name in (("Navy", "Lance"), ("Raiders", "Ghost"), ("Traders", "Mule")):
        enc.submit(seat, f"maneuver to={state.ships[name].hex}")
    enc.submit("Navy", "aim target=Ghost weapon=kew system=hull")
    while enc.pending()[0].kind == "targeting":
        enc.submit(enc.pending()[0].seat, "hold_fire")
    while enc.pending()[0].kind == "countermeasures":
        enc.submit(enc.pending()[0].seat, "no_countermeasures")
    assert enc.pending()[0].kind == "invoke"
    enc.submit("Navy", "invoke aspect='Mule Drives Crippled' by=Lance effect=bonus payment=free")
    while enc.pending() and enc.pending()[0].kind == "invoke":
        enc.submit("Navy", "pass")
    raiders = json.dumps(enc.view("Raiders"))
    assert "Mule" not in raiders
    assert "an unseen aspect" in raiders
    assert "invoking Mule Drives Crippled" in json.dumps(enc.view("Navy")["log"])


def test_a_boarding_names_its_target_only_to_the_sides_that_see_it() -> None:
    """Three sides: Lance boards Ghost, which Traders have not detected. Every side now sees
    the boarding party (Lance), but Traders do not learn Ghost's name; Navy and Raiders
    read the boarding whole. (Found by the conformance property over three sides.)"""
    data = {
        "ruleset": "pilot_wave", "scale": "far", "map": {"width": 14, "height": 8},
        "sides": [{"name": "Navy", "ships": [ship("Lance", "0,0")]},
                  {"name": "Raiders", "ships": [ship("Ghost", "1,0", dark=True)]},
                  {"name": "Traders", "ships": [ship("Mule", "9,6", dark=True)]}],
    }  # fmt: skip
    enc = Encounter.start(data, dice=ScriptedDice([1, 1, 0, 0] + Z + Z + Z * 3))
    enc.submit("Navy", "first_side side=Navy")
    state = st_(enc)
    for seat, mode in (("Navy", "active"), ("Raiders", "passive"), ("Traders", "passive")):
        enc.submit(seat, f"sense mode={mode}")
    assert "Ghost" in state.detected["Navy"] and "Ghost" not in state.detected["Traders"]
    enc.submit("Navy", "maneuver to=0,0")
    enc.submit("Raiders", "maneuver to=1,0")
    enc.submit("Traders", "maneuver to=9,6")
    # Ghost has not moved (it moved 0 hexes: Lance matches it from where it is)
    state.matched.append(["Lance", "Ghost"])
    while enc.pending()[0].kind == "targeting":
        enc.submit(enc.pending()[0].seat, "hold_fire")
    while enc.pending()[0].kind == "countermeasures":
        enc.submit(enc.pending()[0].seat, "no_countermeasures")
    assert enc.pending()[0].kind == "boarding"
    enc.submit("Navy", "board target=Ghost")
    result = enc.result()
    assert result is not None and result.winner == "Navy"
    assert "Ghost" not in json.dumps(enc.view("Traders"))
    assert "Lance boards" in json.dumps(enc.view("Traders")["log"])
    assert "Lance boards Ghost" in json.dumps(enc.view("Raiders")["log"])


def test_with_three_sides_a_concession_leaves_the_fight_to_the_other_two() -> None:
    """C10: Traders concede; Navy and Raiders fight on. When Raiders' ship is then taken out,
    Navy wins, and the ending says how each side left (not "Raiders, Traders conceded")."""
    data = {
        "ruleset": "pilot_wave", "scale": "far", "map": {"width": 14, "height": 8},
        "sides": [{"name": "Navy", "ships": [ship("Lance", "0,0")]},
                  {"name": "Raiders", "ships": [ship("Ghost", "9,0")]},
                  {"name": "Traders", "ships": [ship("Mule", "0,6")]}],
    }  # fmt: skip
    enc = Encounter.start(data, dice=ScriptedDice([1, 1, 0, 0] + Z + Z + Z * 6))
    enc.submit("Navy", "first_side side=Navy")
    for seat in ("Navy", "Raiders", "Traders"):
        enc.submit(seat, "sense mode=passive")
    enc.submit("Navy", "maneuver to=0,0")
    enc.submit("Raiders", "maneuver to=9,0")
    enc.submit("Traders", "concede")
    assert enc.result() is None
    assert st_(enc).ships["Mule"].status == "conceded"
    st_(enc).ships["Ghost"].status = "destroyed"  # (as a hit would: the exchange's end reads it)
    while enc.result() is None:
        d = enc.pending()[0]
        enc.submit(d.seat, next(c for c in enc.legal(d.seat) if c.action != "concede"))
    result = enc.result()
    assert result is not None and result.winner == "Navy"
    assert result.ending.value == "concession"
    assert result.reason == "Raiders taken out; Traders conceded"
