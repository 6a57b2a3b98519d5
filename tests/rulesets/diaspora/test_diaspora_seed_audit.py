"""Audit of the diaspora ruleset against its seed (seeds/002_dc5d5c3e593a1e3d.txt, "The
Sequence") and rulings C1-C12, D1-D15: each test cites the passage or ruling it checks. Tests
marked xfail(strict) show where the code does not do what the text says (none today)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from diaspora_helpers import MINUS, PLUS, ZERO, duel, placed_duel, scenario, ship, start, state, the

from shiftdrive.core.consequences import Severity
from shiftdrive.core.dice import ScriptedDice
from shiftdrive.core.stress import StressTrack
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter, IllegalChoice
from shiftdrive.engine.registry import get_bot
from shiftdrive.engine.ruleset import Ending
from shiftdrive.rulesets.diaspora import flow
from shiftdrive.rulesets.diaspora.state import BEAM, DAMAGE_CONTROL, EW, POSITION, TORPEDO

MILITARY: dict[str, Any] = {
    "name": "Com",
    "skills": {"communications": 3},
    "stunts": ["military_grade_communications"],
}


def hacker(name: str, **fields: Any) -> dict[str, Any]:
    """A ship whose one crew member is a Communications 3 officer with Military-grade
    Communications, EW 2: it attacks and defends at 2 + 1 = 3."""
    return ship(name, crew=[dict(MILITARY)], stations={"communications": "Com"}, ew=2, **fields)


def at_beams(
    a: dict[str, Any] | None = None, b: dict[str, Any] | None = None, b_band: int = 2
) -> tuple[Encounter, ScriptedDice]:
    """A wins detection, A at 0 and B at `b_band`, no position on turn 1; nobody hacks: A's
    beam turn."""
    enc, dice = placed_duel(duel(a, b), b_band=b_band, opening="electronic_warfare")
    assert state(enc).phase == BEAM and enc.pending()[0].actor == "A"
    return enc, dice


def to_torpedoes(
    a: dict[str, Any], b: dict[str, Any], b_band: int = 2
) -> tuple[Encounter, ScriptedDice]:
    enc, dice = at_beams(a, b, b_band=b_band)
    while state(enc).phase == BEAM:  # nobody fires
        enc.submit(enc.pending()[0].seat, "hold")
    assert state(enc).phase == TORPEDO
    return enc, dice


def last(enc: Encounter, kind: str) -> Any:
    """The data of the last event of `kind` in the log."""
    for entry in reversed(enc.log):
        for event in reversed(entry.events):
            if event.kind == kind:
                return event.data
    raise AssertionError(f"no {kind} event")


# --- Detection (D9) ------------------------------------------------------------------------------


def test_four_navigators_place_two_one_one_and_none_d9() -> None:
    """Seed "Detection": "The highest ranked Navigator will place two of the ships ... The
    next highest rank then places a single ship and this continues until all ships are
    placed. The lowest ranking Navigator places nothing."""
    data = scenario([ship("A"), ship("A2")], [ship("B"), ship("B2")])
    enc, _ = start(data, PLUS, [1, 1, 0, 0], ZERO, MINUS)  # A 6, A2 4, B 2, B2 -2
    assert state(enc).placers == [("A", 2), ("A2", 1), ("B", 1)]


def test_detection_places_anywhere_but_the_outer_bands_d9() -> None:
    """Seed "Detection": the winner places ships "anywhere except the two most distant lines
    (-4 and 4)"."""
    enc, _ = start(duel(), PLUS, MINUS)
    bands = sorted({c.int_param("band") for c in enc.legal("blue") if c.action == "place"})
    assert bands == [-3, -2, -1, 0, 1, 2, 3]


def test_a_compelled_navigator_is_ranked_on_minus_four() -> None:
    """Seed "Detection": "Failure to act in this case is represented by an automatic result of
    -4 (dice are not rolled and Skills are not considered)" (D12)."""
    a = ship("A", aspects=["Lazy Navigator"], fate_points=0)
    enc, dice = start(duel(a, ship("B")))
    enc.submit("red", "compel ship=A aspect='Lazy Navigator'")
    dice.push(MINUS)  # only B rolls: 2 - 4 = -2 beats A's -4
    enc.submit("blue", "answer compel=accept")  # A's -4 is final: no invokes on it
    assert state(enc).detection_keys["A"][0] == -4
    assert state(enc).placers == [("B", 2)] and the(enc, "A").fate_points.current == 1


# --- Position (D3) -------------------------------------------------------------------------------


def test_the_winner_moves_a_lower_ship_only_by_the_difference_between_them_d3() -> None:
    """Seed "Position": "He may move himself the difference between his roll and the lowest
    roll, or He may move any ship with a lower roll up to the level of the difference between
    them." A 6, B 4, C -2: B may be moved 2 shifts, A itself 8 (V-shift 3 limits the bands)."""
    enc, dice = start(scenario([ship("A")], [ship("B")], [ship("C")]), PLUS, ZERO, MINUS)
    enc.pass_window("compel")
    enc.pass_window("invoke")
    enc.submit("blue", "place ship=A band=0")
    enc.submit("blue", "place ship=B band=1")
    enc.submit("red", "place ship=C band=-1")
    enc.submit("blue", "opening phase=position")
    enc.pass_window("compel")
    dice.push([*PLUS, 1, 1, 0, 0, *MINUS])  # A 6, B 4, C -2
    for seat in ("blue", "red", "green"):
        enc.submit(seat, "burn value=0")
    assert state(enc).rolls == {"A": 6, "B": 4, "C": -2}
    moves: dict[str, list[int]] = {}
    for c in enc.legal("blue"):
        if c.action == "move":
            moves.setdefault(c.str_param("ship"), []).append(c.int_param("to"))
    assert sorted(moves["B"]) == [-1, 0, 2, 3]  # 2 shifts from band 1
    assert sorted(moves["A"]) == [-3, -2, -1, 1, 2, 3]  # 8 shifts, at most 3 bands
    assert sorted(moves["C"]) == [-4, -3, -2, 0, 1, 2]  # 8 shifts; -2 -> -4 costs 1 + 2


def test_a_ship_may_manoeuvre_itself_off_the_map_and_escape_d14() -> None:
    """Seed "Position": "If a ship exceeds the band at -4 or 4, they leave combat, whether
    forced off by others or maneuvered off by their own pilots"; D14: a side whose ships all
    left by the map edge has escaped. From 3: 3->4 costs 2, leaving 3: 5 shifts, 2 bands."""
    enc, dice = placed_duel(a_band=3, b_band=0)
    dice.push([*PLUS, *MINUS])  # A 6, B -2: 8 shifts
    enc.submit("blue", "burn value=0")
    enc.submit("red", "burn value=0")
    enc.submit("blue", "move ship=A to=5")
    assert the(enc, "A").out == "off the map"
    result = enc.result()
    assert result is not None and result.ending == Ending.BUG_OUT and result.winner is None
    assert "blue left by the map edge" in result.reason


def three_sides_b_pushed_off() -> Encounter:
    """Blue A at 0, red B at 3, green C at -1; C wins position 6 to A 2 and B -2 and pushes B
    off the map (3->4 costs 2, leaving 3): red has escaped, blue and green fight on."""
    enc, dice = start(scenario([ship("A")], [ship("B")], [ship("C")]), PLUS, ZERO, MINUS)
    enc.pass_window("compel")
    enc.pass_window("invoke")
    enc.submit("blue", "place ship=A band=0")
    enc.submit("blue", "place ship=B band=3")
    enc.submit("red", "place ship=C band=-1")
    enc.submit("blue", "opening phase=position")
    enc.pass_window("compel")
    dice.push([*ZERO, *MINUS, *PLUS])  # A 2, B -2, C 6
    for seat in ("blue", "red", "green"):
        enc.submit(seat, "burn value=0")
    enc.submit("green", "move ship=B to=5")
    assert the(enc, "B").out == "off the map" and enc.result() is None
    return enc


def test_with_three_sides_the_side_left_wins_though_another_escaped_d14() -> None:
    """D14: "the side with ships left wins; a side whose ships all left by the map edge has
    escaped (an ending of its own, not a loss)". Red escaped, blue concedes: green wins, red
    is named as escaped, not beaten."""
    enc = three_sides_b_pushed_off()
    enc.submit("blue", "concede")
    result = enc.result()
    assert result is not None and result.winner == "green"
    assert result.ending == Ending.CONCESSION
    assert result.reason == "blue conceded; red left by the map edge: escaped"


def test_with_three_sides_a_destroyed_side_and_an_escaped_one_leave_a_winner_d14() -> None:
    enc = three_sides_b_pushed_off()
    the(enc, "A").out = "destroyed"
    result = flow.result(state(enc))
    assert result is not None and result.winner == "green"
    assert result.ending == Ending.TAKEN_OUT
    assert result.reason == "green has the field; red left by the map edge: escaped"


def test_when_every_other_side_escaped_nobody_wins_d14() -> None:
    """Nobody was beaten: the ending is the escape (as with two sides), no winner."""
    enc = three_sides_b_pushed_off()
    the(enc, "A").out = "off the map"
    result = flow.result(state(enc))
    assert result is not None and result.winner is None and result.ending == Ending.BUG_OUT
    assert result.reason == "blue, red left by the map edge: escaped"


def test_when_no_ship_is_left_and_one_side_escaped_the_ending_is_the_escape_d14() -> None:
    enc = three_sides_b_pushed_off()
    the(enc, "A").out = "destroyed"
    the(enc, "C").out = "destroyed"
    result = flow.result(state(enc))
    assert result is not None and result.winner is None and result.ending == Ending.BUG_OUT
    assert result.reason == "red left by the map edge: escaped"


def test_burn_is_added_to_the_roll_not_to_the_v_shift_rating_d3() -> None:
    """Seed "Position": burn: "state the value and add that value to their roll (not to the
    V-shift rating)". V-shift 2, Pilot 3, burn 2: 2 + 0 + 2 = 4; the move stays within 2 bands."""
    enc, dice = placed_duel(duel(ship("A", v_shift=2, skills={"pilot": 3})), a_band=0, b_band=1)
    dice.push([*ZERO, *MINUS])  # A 2 + 0 + 2 = 4, B 2 - 4 = -2
    enc.submit("blue", "burn value=2")
    enc.submit("red", "burn value=0")
    assert state(enc).rolls["A"] == 4
    enc.submit("blue", "absorb taking=none")
    tos = sorted(c.int_param("to") for c in enc.legal("blue") if c.action == "move")
    assert tos and max(tos) <= 3 and min(tos) >= -2  # never more bands than V-shift 2


def test_burn_past_the_last_heat_box_destroys_the_ship_d14() -> None:
    """Seed "Position": burn is "a hit to their Heat stress track ... If the highest box to be
    marked is already marked, mark the next higher open box"; C8b/D14: a hit past the last box
    takes the ship out."""
    enc, dice = placed_duel()
    the(enc, "A").tracks["heat"].take_hit(5)  # every Heat box marked
    dice.push([*ZERO, *ZERO])
    enc.submit("blue", "burn value=1")
    enc.submit("red", "burn value=0")
    enc.submit("blue", "absorb taking=none")
    assert the(enc, "A").out == "destroyed"
    result = enc.result()
    assert result is not None and result.winner == "red"


def test_drives_off_with_a_clean_heat_track_still_gives_minus_four() -> None:
    """Seed "Position": "This decision results in an automatic -4 final result for the
    positioning check ... no dice are rolled and no Skill is used"."""
    enc, dice = placed_duel()
    dice.push(ZERO)  # only B rolls
    enc.submit("blue", "drift")
    enc.submit("red", "drift")
    assert dice.remaining == 4  # nobody rolled
    assert state(enc).rolls == {"A": -4, "B": -4}
    assert state(enc).mover is None  # a tie at the top with nobody below: nobody moves


# --- Electronic warfare (D4, D11) ----------------------------------------------------------------


def test_one_ew_defence_roll_stands_against_two_hackers_d4() -> None:
    """Seed "Electronic Warfare": "a single roll may defend against multiple attacking rolls";
    "The Electronic Warfare (EW) defense roll is persistent through this phase"."""
    data = scenario([hacker("A"), hacker("A2")], [ship("B")])
    enc, dice = start(data, PLUS, ZERO, MINUS)
    enc.submit("blue", "place ship=A band=0")
    enc.submit("blue", "place ship=B band=1")
    enc.submit("blue", "place ship=A2 band=-1")
    enc.submit("blue", "opening phase=electronic_warfare")
    assert state(enc).phase == EW
    dice.push([*ZERO, *PLUS])  # A 3, B's defence 1 + 4 = 5: A takes 2 on Data
    enc.submit("blue", "hack target=B")
    enc.submit("blue", "absorb taking=none")
    dice.push(ZERO)  # A2's attack only
    enc.submit("blue", "hack target=B")
    assert dice.remaining == 0 and state(enc).defence["B"] == 5


def test_one_ew_roll_per_ship_both_attacks_and_defends() -> None:
    """Seed "Electronic Warfare": "Note that only one roll is made for each ship, so in some
    cases with more than two ships in play, a single roll may defend against multiple
    attacking rolls as well as conceivably acting as the attacking roll on a declared
    target." A hacks B (A's roll and B's roll: 8 dice); when B then hacks A, both rolls are
    already on the table: no more dice."""
    enc, dice = placed_duel(duel(hacker("A"), hacker("B")), opening="electronic_warfare")
    assert state(enc).phase == EW
    dice.push([*ZERO, *ZERO])  # A 3, B 3: no shifts
    enc.submit("blue", "hack target=B")
    # before B's hack both rolls stand: nothing is left to roll, so no odds are priced
    hack = next(c for c in enc.legal("red") if c.text() == "hack target=A")
    assert enc.ruleset.actions["hack"].odds(state(enc), enc.ruleset.turn_of(state(enc), "red"),
                                            hack) is None  # fmt: skip
    dice.push([*ZERO, *ZERO])  # spare dice: the seed needs none of them
    enc.submit("red", "hack target=A")
    assert dice.remaining == 8


def ew_duel(a: dict[str, Any], b: dict[str, Any]) -> tuple[Encounter, ScriptedDice]:
    """Two hackers (EW 3 each, see `hacker`) straight to electronic warfare: A's hack first."""
    enc, dice = placed_duel(duel(a, b), opening="electronic_warfare")
    enc.pass_window("compel")
    assert state(enc).phase == EW and enc.pending()[0].actor == "A"
    return enc, dice


def test_a_defenders_reroll_is_its_ew_roll_when_it_hacks_later_c4() -> None:
    """Seed "Electronic Warfare": "only one roll is made for each ship ... a single roll may
    defend ... as well as conceivably acting as the attacking roll"; C4: a reroll replaces all
    your dice. B defends on 3 - 4 = -1 and rerolls to 3 + 4 = 7: when B then hacks A, its
    attack is that same roll, the new dice (not the ones it threw away)."""
    enc, dice = ew_duel(hacker("A"), hacker("B", aspects=["Sly"], fate_points=1))
    dice.push([*ZERO, *MINUS, *PLUS])  # A 3; B -1, rerolled to 7
    enc.submit("blue", "hack target=B")
    enc.submit("red", "invoke aspect=Sly effect=reroll payment=fate_point")
    assert state(enc).defence["B"] == 7 and state(enc).ew_rolls["B"] == (3, 0, (1, 1, 1, 1))
    enc.submit("blue", "absorb taking=none")  # 3 against 7: A takes 4 on Data
    enc.submit("red", "hack target=A")
    hacked = last(enc, "hacked")
    assert dice.remaining == 0 and hacked["same_roll"]
    assert (hacked["dice"], hacked["result"], hacked["defence"]) == ([1, 1, 1, 1], 7, 3)


def test_an_attackers_reroll_is_its_ew_defence_afterwards_c4() -> None:
    """The same one roll the other way round: A hacks on 3 - 4 = -1 and rerolls to 7; when B
    hacks A later in the phase, A defends with 7, not with the dice it threw away."""
    enc, dice = ew_duel(hacker("A", aspects=["Ace"], fate_points=1), hacker("B"))
    dice.push([*MINUS, *ZERO, *PLUS])  # A -1, B 3; A rerolls to 7
    enc.submit("blue", "hack target=B")
    enc.submit("blue", "invoke aspect=Ace effect=reroll payment=fate_point")
    assert last(enc, "outcome")["result"] == 7 and state(enc).defence["A"] == 7
    enc.submit("red", "absorb taking=none")  # 7 against 3: B takes 4 on Data
    enc.submit("red", "hack target=A")
    hacked = last(enc, "hacked")
    assert dice.remaining == 0 and (hacked["result"], hacked["defence"]) == (3, 7)
    assert last(enc, "outcome")["shifts"] == -4  # B's hack fails into its own Data


def test_a_raise_on_the_one_ew_roll_stands_for_the_phase_as_attack_and_defence_d4() -> None:
    """Seed "Electronic Warfare": "The Electronic Warfare (EW) defense roll is persistent
    through this phase, but the total may be added to over the course of the phase through the
    spending of fate points", and it is the ship's one roll: a +2 invoked on it, attacking or
    defending, stays on it (a chosen default). A 3 +2 = 5 hacks B 3 +2 = 5: a tie. Then B
    hacks with its 5 against A's 5."""
    enc, dice = ew_duel(
        hacker("A", aspects=["Ace"], fate_points=1), hacker("B", aspects=["Sly"], fate_points=1)
    )
    dice.push([*ZERO, *ZERO])  # A 3, B 3
    enc.submit("blue", "hack target=B")
    enc.submit("blue", "invoke aspect=Ace effect=bonus payment=fate_point")
    enc.submit("red", "invoke aspect=Sly effect=bonus payment=fate_point")
    assert last(enc, "outcome")["shifts"] == 0
    assert state(enc).defence == {"A": 5, "B": 5}
    enc.submit("red", "hack target=A")
    hacked = last(enc, "hacked")
    assert dice.remaining == 0
    assert (hacked["result"], hacked["raised"], hacked["defence"]) == (5, 2, 5)
    hacked_event = next(e for e in enc.log[-1].events if e.kind == "hacked")
    assert enc.describe(hacked_event) == (
        "B hacks A: 0 0 0 0 on EW 3, +2 invoked = 5 (its EW roll of this phase) against 5"
    )


def test_ew_shifts_are_reduced_by_consequences_one_two_four_d5() -> None:
    """Seed "Electronic Warfare": "a mild Consequence reduces the shifts by one, a moderate
    Consequence reduces the shifts by two"; then "the corresponding box on the Data stress
    track is marked and all open boxes below it". A 3 + 4 = 7 against B's 1: 6 shifts, mild
    and moderate leave 3."""
    enc, dice = placed_duel(duel(hacker("A")), opening="electronic_warfare")
    dice.push([*PLUS, *ZERO])
    enc.submit("blue", "hack target=B")
    enc.submit("red", "absorb taking=mild+moderate")
    assert the(enc, "B").tracks["data"].render() == "[x][x][x][4][5]"


def test_a_defender_without_military_grade_communications_counter_hacks() -> None:
    """Seed "Electronic Warfare": "a good defense against hacking can inflict damage on the
    attacking Data stress track, even if the defending communications officer does not have
    Military-grade Communications". A 3 - 4 = -1 against B's 1 + 4 = 5: A takes 6, severe
    leaves 2."""
    enc, dice = placed_duel(duel(hacker("A")), opening="electronic_warfare")
    dice.push([*MINUS, *PLUS])
    enc.submit("blue", "hack target=B")
    assert enc.pending()[0].seat == "blue" and enc.pending()[0].kind == "absorb"
    enc.submit("blue", "absorb taking=severe")
    assert the(enc, "A").tracks["data"].render() == "[x][x][3][4][5]"
    assert state(enc).spin.get("B") == 1  # D13: the defence won by 6


def test_a_compelled_hacker_declares_no_target_but_still_defends_d12() -> None:
    """Seed "Electronic Warfare": "Failure to act in this case is represented by the ship being
    unable to declare a target."""
    enc, dice = placed_duel(
        duel(hacker("A"), hacker("B", aspects=["Sloppy Code"])), opening="electronic_warfare"
    )
    enc.submit("blue", "compel ship=B aspect='Sloppy Code'")
    enc.submit("red", "answer compel=accept")
    enc.pass_window("compel")
    assert state(enc).queue == ["A"]
    dice.push([*ZERO, *ZERO])
    enc.submit("blue", "hack target=B")
    enc.pass_window("invoke")  # B's fate point from the compel: it lets its defence stand
    defence = last(enc, "defence")
    assert dice.remaining == 0 and (defence["ship"], defence["result"]) == ("B", 3)
    assert state(enc).phase == BEAM  # B had no hack of its own


# --- Beams (D6) ----------------------------------------------------------------------------------


def test_beam_is_declared_from_one_to_the_full_rating() -> None:
    """Seed "Beam Weapons": "A ship with a Beam Skill can attack at any value from 1 up to the
    full Beam rating."""
    enc, _ = at_beams(ship("A", beam=3))
    beams = sorted(c.int_param("beam") for c in enc.legal("blue") if c.action == "fire")
    assert beams == [1, 2, 3]
    with pytest.raises(IllegalChoice):
        enc.submit("blue", "fire target=B beam=0")


def test_beams_at_two_bands_take_no_penalty_d6() -> None:
    """Seed "Beam Weapons": "Beams firing at three or more bands range subtract 2 from the
    roll" (two bands: nothing)."""
    enc, dice = at_beams(b_band=2)
    dice.push([*ZERO, *ZERO])
    enc.submit("blue", "fire target=B beam=2")
    fired = last(enc, "fired")
    assert fired["range"] == 0 and fired["result"] == 2


def test_the_beam_defence_is_unmodified_by_the_defenders_gunner() -> None:
    """Seed "Beam Weapons": "There is no skill to defend against Beams. A roll with no
    modification is made to oppose all incoming Beam attacks." B's Gunnery 4 adds nothing."""
    enc, dice = at_beams(b=ship("B", skills={"gunnery": 4}))
    dice.push([*ZERO, *ZERO])
    enc.submit("blue", "fire target=B beam=2")
    assert state(enc).defence == {"B": 0}


# --- Torpedoes (D6) ------------------------------------------------------------------------------


def test_torpedoes_at_zero_bands_take_two_and_at_two_bands_none_d6_d10() -> None:
    """Seed "Torpedoes": "Torpedoes firing at one or zero bands range subtract 2 from the
    roll"; D10: ships at the same band are at range 0."""
    for b_band, minus in ((0, 2), (2, 0)):
        a = ship("A", torpedo=2)
        enc, dice = to_torpedoes(a, ship("B", beam=0), b_band=b_band)
        dice.push([*ZERO, *ZERO])
        enc.submit("blue", "launch target=B")  # B has no beam: no declaration
        assert last(enc, "torpedo")["range"] == minus


def test_a_gunner_who_fired_beams_launches_torpedoes_at_minus_one_d2() -> None:
    """Seed "Torpedoes": "If the gunnery officer has acted in any of the previous phases
    (including the Beam phase), there is a cumulative -1 penalty". Gunnery 3 - 1 = 2 no longer
    amplifies Torpedo 2."""
    a = ship("A", skills={"gunnery": 3}, torpedo=2)
    enc, dice = at_beams(a, ship("B", beam=0))
    dice.push([*ZERO, *ZERO])
    enc.submit("blue", "fire target=B beam=1")  # 1 + 1 = 2 against 0: 2 shifts
    enc.submit("red", "absorb taking=none")  # B has no beam: its beam turn never comes
    assert state(enc).phase == TORPEDO
    dice.push([*ZERO, *ZERO])
    enc.submit("blue", "launch target=B")
    assert last(enc, "torpedo")["rating"] == 2


def test_point_defence_by_a_gunner_who_fired_beams_takes_minus_one_d2() -> None:
    """Seed "Torpedoes": "If Beams were fired in the Beam Weapons phase, then the roll may be
    made as usual, amplified by gunner's effective Gunnery Skill" (effective: -1 for the beam
    phase, D2). B's Gunnery 3 - 1 = 2 still amplifies a declared beam of 1 (2 > 1): rating 2;
    beam 1 fired + 1 defensive = 2 is not above the Beam rating 2: no Heat."""
    a = ship("A", torpedo=2)
    b = ship("B", skills={"gunnery": 3}, beam=2)
    enc, dice = at_beams(a, b)
    enc.submit("blue", "hold")
    dice.push([*MINUS, *ZERO])  # B's beam 1 + 1 - 4 misses
    enc.submit("red", "fire target=A beam=1")
    assert state(enc).phase == TORPEDO
    enc.submit("blue", "launch target=B")
    dice.push([*ZERO, *ZERO])
    enc.submit("red", "point_defense beam=1")
    defence = last(enc, "defence")
    assert defence["rating"] == 2 and defence["beam"] == 1
    assert the(enc, "B").tracks["heat"].marked_count == 0  # 1 + 1 is not above Beam 2


def test_point_defence_at_full_beam_with_gunner_gunnery_three_after_firing() -> None:
    """D2 with D6: Gunnery 3, acted in the beam phase: effective 2, which does not amplify a
    declared point-defence beam of 2 (rating 2, not 3); 2 + 2 - 2 = 2 marks Heat."""
    a = ship("A", torpedo=2)
    b = ship("B", skills={"gunnery": 3}, beam=2)
    enc, dice = at_beams(a, b)
    enc.submit("blue", "hold")
    dice.push([*MINUS, *ZERO])
    enc.submit("red", "fire target=A beam=2")  # 3 - 4 = -1 against 0: miss
    enc.submit("blue", "launch target=B")
    dice.push([*ZERO, *ZERO])
    enc.submit("red", "point_defense beam=2")
    assert last(enc, "defence")["rating"] == 2
    enc.submit("red", "absorb taking=none")
    assert the(enc, "B").tracks["heat"].render() == "[x][x][3][4][5]"


def test_point_defence_is_declared_from_zero_to_the_full_beam_rating_d6() -> None:
    """Seed "Torpedoes": "He may apply any value from 0 to the full Beam rating." """
    enc, _ = to_torpedoes(ship("A", torpedo=2), ship("B", beam=3))
    enc.submit("blue", "launch target=B")
    beams = sorted(c.int_param("beam") for c in enc.legal("red") if c.action == "point_defense")
    assert beams == [0, 1, 2, 3]


def test_point_defense_stunt_without_beams_defends_from_two_d11() -> None:
    """Seed "Torpedoes": "Ships with no Beam rating or those unwilling to fire Beams
    defensively, roll with a base of 0 unless they have a Stunt (Point Defense) that changes
    the base from 0 to 2."""
    enc, dice = to_torpedoes(ship("A", torpedo=2), ship("B", beam=0, stunts=["point_defense"]))
    dice.push([*ZERO, *ZERO])
    enc.submit("blue", "launch target=B")
    defence = last(enc, "defence")
    assert (defence["ship"], defence["rating"], defence["result"]) == ("B", 2, 2)


# --- Consequences (D5) ---------------------------------------------------------------------------


def test_consequences_are_shared_by_all_tracks_d5() -> None:
    """D5: at most three per ship, one of each, shared by all tracks. A mild taken against
    burn Heat is not there for a later beam hit on Frame."""
    enc, dice = placed_duel()
    dice.push([*ZERO, *PLUS])  # A 2 + 0 + 1 = 3, B 6: B wins
    enc.submit("blue", "burn value=1")
    enc.submit("red", "burn value=0")
    enc.submit("blue", "absorb taking=mild")
    assert the(enc, "A").tracks["heat"].marked_count == 0
    enc.submit("red", "hold")
    enc.pass_window("compel")  # A's new consequence could be compelled: nobody does
    assert state(enc).phase == BEAM and enc.pending()[0].actor == "B"
    dice.push([*PLUS, *ZERO])  # B 6 against A's 0
    enc.submit("red", "fire target=A beam=2")
    takings = [c.str_param("taking") for c in enc.legal("blue") if c.action == "absorb"]
    assert takings and not any("mild" in t for t in takings)


# --- Damage control (D7) -------------------------------------------------------------------------


def to_repairs(a: dict[str, Any] | None = None) -> tuple[Encounter, ScriptedDice]:
    enc, dice = at_beams(a)
    enc.submit("blue", "hold")
    enc.submit("red", "hold")
    assert state(enc).phase == DAMAGE_CONTROL
    return enc, dice


def test_damage_control_one_shift_clears_only_box_one_d7() -> None:
    """Seed "Damage Control": "The target number for success is the highest box marked on the
    relevant track. The number of successes indicate the track box that can be erased." D7:
    clear box S and every box below. Boxes 1-4 marked, Engineering 2 + 3 = 5 against 4: S = 1."""
    enc, dice = at_beams()
    the(enc, "A").tracks["frame"].take_hit(4)
    enc.submit("blue", "hold")
    enc.submit("red", "hold")
    dice.push([1, 1, 1, 0])
    enc.submit("blue", "repair track=frame")
    assert the(enc, "A").tracks["frame"].render() == "[1][x][x][x][5]"


def test_damage_control_that_only_ties_clears_nothing_d7() -> None:
    """D7: only S >= 1 clears. Engineering 2 + 1 = 3 against box 3: S = 0."""
    enc, dice = at_beams()
    the(enc, "A").tracks["frame"].take_hit(3)
    enc.submit("blue", "hold")
    enc.submit("red", "hold")
    dice.push([1, 0, 0, 0])
    enc.submit("blue", "repair track=frame")
    assert the(enc, "A").tracks["frame"].render() == "[x][x][x][4][5]"


def test_an_engineer_who_acted_earlier_this_turn_repairs_at_minus_one_d2() -> None:
    """Seed "Damage Control": "If the engineer or computer officer has acted in any of the
    previous phases, there is a cumulative -1 penalty for each previously active phase."
    Engineering 3, gunner too, fired beams: 3 - 1 + 1 = 3 against box 3: nothing cleared."""
    gil = {"name": "Gil", "skills": {"engineering": 3, "gunnery": 2}}
    a = ship("A", crew=[gil], stations={"engineer": "Gil", "gunner": "Gil"})
    enc, dice = at_beams(a)
    the(enc, "A").tracks["frame"].take_hit(3)
    dice.push([*MINUS, *ZERO])  # A's beams miss
    enc.submit("blue", "fire target=B beam=2")
    enc.submit("red", "hold")
    assert state(enc).phase == DAMAGE_CONTROL
    dice.push([1, 0, 0, 0])
    enc.submit("blue", "repair track=frame")
    assert the(enc, "A").tracks["frame"].render() == "[x][x][x][4][5]"


# --- Cascading tracks (C8b) ----------------------------------------------------------------------


def test_a_hit_whose_box_and_every_higher_box_are_marked_goes_past_the_track_c8b() -> None:
    """C8b: "if box N is already marked, mark the next higher open box; a hit past the last box
    takes the ship out". Boxes 3-5 marked (1, 2 open): a hit of 3 has no open box to mark."""
    track = StressTrack.cascading("frame")
    for i in (2, 3, 4):
        track.set_box(i, True)
    assert track.take_hit(3) is True
    fresh = StressTrack.cascading("frame")
    fresh.take_hit(2)
    assert fresh.take_hit(2) is False and fresh.render() == "[x][x][x][4][5]"


# --- Order and the end (D15, D14) ----------------------------------------------------------------


def test_a_ship_taken_out_mid_phase_fires_no_more_d15() -> None:
    """D15: "each attack resolves as declared, so a ship taken out mid-phase fires no more"."""
    data = scenario([ship("A")], [ship("B", frame=1), ship("B2")])
    enc, dice = start(data, PLUS, ZERO, MINUS)  # A 6, B 2, B2 -2
    enc.submit("blue", "place ship=A band=0")
    enc.submit("blue", "place ship=B band=1")
    enc.submit("red", "place ship=B2 band=2")
    enc.submit("blue", "opening phase=electronic_warfare")
    assert state(enc).queue == ["A", "B", "B2"]
    dice.push([*PLUS, *ZERO])  # A 6 against B 0
    enc.submit("blue", "fire target=B beam=2")
    enc.submit("red", "absorb taking=none")
    assert the(enc, "B").out == "destroyed"
    assert enc.pending()[0].actor == "B2"


def test_spin_is_lost_at_the_end_of_the_turn_d13() -> None:
    """D13: spin is "+1 to that ship's next roll this turn"; unused, it is gone next turn."""
    enc, dice = at_beams()
    dice.push([*MINUS, *PLUS])  # A -2 against B 4: B wins by 6, spin
    enc.submit("blue", "fire target=B beam=2")
    assert state(enc).spin == {"B": 1}
    enc.submit("red", "hold")
    assert state(enc).phase == POSITION and state(enc).round == 2
    assert state(enc).spin == {}


# --- Fate points, invokes (C4, C7, C10) ----------------------------------------------------------


def test_conceding_pays_a_fate_point_and_one_per_consequence_c7_c10() -> None:
    """C10: "Conceding is possible at any time before a roll is made against you, and pays fate
    points per C7"; C7: fate points are "Earned by ... conceding (plus one per consequence
    taken in that conflict)". B took a mild consequence, then concedes: 0 + 1 + 1 = 2."""
    enc, dice = at_beams()
    dice.push([*PLUS, *ZERO])  # A 6 against B 0
    enc.submit("blue", "fire target=B beam=2")
    enc.submit("red", "absorb taking=mild")
    assert the(enc, "B").out == ""
    enc.submit("red", "concede")
    result = enc.result()
    assert result is not None and result.ending == Ending.CONCESSION
    assert the(enc, "B").fate_points.current == 2


def test_the_defender_may_invoke_to_reroll_its_defence_c4() -> None:
    """C4: an invoke gives "+2 to your roll, reroll all your dice"; seed "Electronic Warfare":
    "As with any roll, these results can now be modified by tagging or invoking Aspects and
    paying a fate point to get +2 or re-roll." B rolled its beam defence (4dF): it may reroll."""
    b = ship("B", aspects=["Thick Armour"], fate_points=1)
    enc, dice = placed_duel(duel(None, b), opening="electronic_warfare")
    enc.pass_window("compel")
    assert state(enc).phase == BEAM and enc.pending()[0].actor == "A"
    dice.push([*ZERO, *MINUS])  # A 2 against B -4
    enc.submit("blue", "fire target=B beam=2")
    assert enc.pending()[0].seat == "red" and enc.pending()[0].kind == "invoke"
    texts = [c.text() for c in enc.legal("red")]
    assert "invoke aspect='Thick Armour' effect=reroll payment=fate_point" in texts
    dice.push(PLUS)  # B's new dice: 0 + 4 = 4 against A's 2, standing for the phase
    enc.submit("red", "invoke aspect='Thick Armour' effect=reroll payment=fate_point")
    assert state(enc).defence["B"] == 4


def test_an_allied_ship_may_invoke_for_plus_two_on_its_allys_attack_c4() -> None:
    """C4: an invoke gives one of "+2 to your roll, reroll all your dice, +2 to an ally's roll
    (teamwork)". A2 (blue) holds an aspect and a fate point; A fires at B: blue may invoke
    A2's aspect for A's roll."""
    data = scenario([ship("A"), ship("A2", aspects=["Wingman"], fate_points=1)], [ship("B")])
    enc, dice = start(data, PLUS, ZERO, MINUS)
    enc.pass_window("compel")
    enc.pass_window("invoke")
    enc.submit("blue", "place ship=A band=0")
    enc.submit("blue", "place ship=B band=1")
    enc.submit("blue", "place ship=A2 band=-1")
    enc.submit("blue", "opening phase=electronic_warfare")
    enc.pass_window("compel")
    dice.push([*ZERO, *ZERO])  # A 2 against B 0
    enc.submit("blue", "fire target=B beam=2")
    texts = [c.text() for c in enc.legal("blue")]
    assert any("Wingman" in t for t in texts)
    enc.submit("blue", "invoke aspect=Wingman effect=teamwork payment=fate_point by=A2")
    assert the(enc, "A2").fate_points.current == 0  # the ally pays
    assert last(enc, "invoked")["attack"] == 4  # A's 2, +2 from its wingman
    words = enc.describe(enc.log[-1].events[0])
    assert words == "A2 invokes 'Wingman' for A (+2, teamwork): attack 4 against defence 0"


def test_weapon_phases_go_from_the_position_winner_down_the_position_rank_d15() -> None:
    """D15: "declarations go round the table from the ship that won position, then by position
    rank". Rolls A 2, B 6, C 4: B, C, A."""
    enc, dice = start(scenario([ship("A")], [ship("B")], [ship("C")]), PLUS, ZERO, MINUS)
    enc.pass_window("compel")
    enc.pass_window("invoke")
    enc.submit("blue", "place ship=A band=0")
    enc.submit("blue", "place ship=B band=1")
    enc.submit("red", "place ship=C band=-1")
    enc.submit("blue", "opening phase=position")
    enc.pass_window("compel")
    dice.push([*ZERO, *PLUS, 1, 1, 0, 0])
    for seat in ("blue", "red", "green"):
        enc.submit(seat, "burn value=0")
    enc.submit("red", "hold")
    assert state(enc).phase == BEAM and state(enc).queue == ["B", "C", "A"]


def test_point_defence_beams_need_someone_to_man_them() -> None:
    """Seed "Torpedoes": "A Beam roll is made to oppose all incoming Torpedoes. To do this, the
    beam position must be staffed ... Ships with no Beam rating or those unwilling to fire
    Beams defensively, roll with a base of 0". B (Beam 2) has only a pilot: its point defence
    is 4dF on 0, with no beam to declare."""
    b = ship("B", beam=2, crew=[{"name": "Pil", "skills": {"pilot": 2}}], stations={"pilot": "Pil"})
    enc, dice = to_torpedoes(ship("A", torpedo=2), b)
    dice.push([*ZERO, *ZERO])
    enc.submit("blue", "launch target=B")
    assert enc.pending()[0].kind != "point_defense"
    defence = last(enc, "defence")
    assert (defence["ship"], defence["rating"]) == ("B", 0)


def test_a_communications_officer_who_piloted_defends_ew_at_minus_one_d2() -> None:
    """Seed "Electronic Warfare": the defender rolls "his ship's EW rating, amplified by the
    communications officer's effective Communications Skill" (effective: -1 per earlier
    phase acted, D2). B's Communications 3 officer also flew the position roll: 3 - 1 = 2 no
    longer amplifies EW 2."""
    pair = {"name": "Pat", "skills": {"communications": 3, "pilot": 2}}
    b = ship("B", ew=2, crew=[pair], stations={"communications": "Pat", "pilot": "Pat"})
    enc, dice = placed_duel(duel(hacker("A"), b))
    dice.push([*PLUS, *ZERO])  # A 6, B 2
    enc.submit("blue", "burn value=0")
    enc.submit("red", "burn value=0")
    enc.submit("blue", "hold")
    assert state(enc).phase == EW
    dice.push([*ZERO, *ZERO])
    enc.submit("blue", "hack target=B")
    defence = last(enc, "defence")
    assert (defence["ship"], defence["rating"]) == ("B", 2)


def test_a_burn_above_the_heat_track_length_can_be_absorbed_by_consequences() -> None:
    """Seed "Position": "Any ship may declare that it is applying burn, state the value and add
    that value to their roll ... Before marking the damage to the Heat stress track, the pilot
    may reduce the detrimental effects through Consequences exactly as mitigating combat
    damage." Heat 5, burn 6, a mild consequence: 5 marks box 5, the ship flies on."""
    enc, dice = placed_duel()
    dice.push([*ZERO, *ZERO])
    enc.submit("blue", "burn value=6")
    enc.submit("red", "burn value=0")
    assert state(enc).rolls["A"] == 2 + 0 + 6
    enc.submit("blue", "absorb taking=mild")
    assert the(enc, "A").out == "" and the(enc, "A").tracks["heat"].marked_count == 5


def test_burn_is_capped_at_the_heat_track_plus_what_free_consequences_absorb() -> None:
    """The cap (a chosen default): Heat 5 and the three free consequences (1 + 2 + 4): burn up
    to 12; past that the ship would be destroyed whatever it took. A burn above it is refused
    with the reason, not a traceback."""
    enc, _ = placed_duel()
    values = [c.int_param("value") for c in enc.legal("blue") if c.action == "burn"]
    assert values == list(range(13))
    reason = enc.why_illegal("blue", Choice.parse("burn value=13"))
    assert reason is not None and "burn value=13" in reason
    with pytest.raises(IllegalChoice):
        enc.submit("blue", "burn value=13")


def test_the_burn_cap_counts_only_the_free_consequences() -> None:
    """A ship that already took its severe consequence absorbs at most 1 + 2 more: Heat 4,
    burn up to 7."""
    enc, _ = placed_duel(duel(ship("A", heat=4)))
    the(enc, "A").consequences.take(Severity.SEVERE, "Old Wound")
    values = [c.int_param("value") for c in enc.legal("blue") if c.action == "burn"]
    assert max(values) == 4 + 1 + 2


def test_a_burn_above_the_heat_track_absorbed_by_too_little_destroys_the_ship() -> None:
    """Burn 12 on Heat 5 offers only ways whose every consequence is needed; taking just the
    mild one leaves 11 shifts: past the last box, the ship is out (D14)."""
    enc, dice = placed_duel()
    dice.push([*ZERO, *ZERO])
    enc.submit("blue", "burn value=12")
    enc.submit("red", "burn value=0")
    ways = [c.str_param("taking") for c in enc.legal("blue") if c.action == "absorb"]
    assert "mild+moderate+severe" in ways
    enc.submit("blue", "absorb taking=mild")
    assert the(enc, "A").out == "destroyed"


def test_a_side_may_concede_before_a_roll_is_made_against_it_c10() -> None:
    """C10: "Conceding is possible at any time before a roll is made against you". A is about
    to fire at B: red concedes first."""
    enc, _ = at_beams()
    assert enc.pending()[0].seat == "blue"
    enc.submit("red", "concede")
    result = enc.result()
    assert result is not None and result.ending == Ending.CONCESSION


def test_a_concession_before_the_roll_pays_fate_points_per_c7() -> None:
    """C10 "pays fate points per C7": a fate point for conceding, one more per consequence
    taken in this conflict. B took a mild consequence on an earlier beam hit: +2."""
    enc, dice = at_beams()
    dice.push([*PLUS, *ZERO])  # A 2 + 4 = 6 against B 0
    enc.submit("blue", "fire target=B beam=2")
    enc.submit("red", "absorb taking=mild")
    enc.submit("red", "hold")  # B's own beam turn
    while state(enc).phase != BEAM:  # on to turn 2's beams: nobody moves, launches, repairs
        seat = enc.pending()[0].seat
        for choice in ("hold", "burn value=0", "pass"):
            if choice.split()[0] in {c.action for c in enc.legal(seat)}:
                if choice.startswith("burn"):
                    dice.push(ZERO)
                enc.submit(seat, choice)
                break
    enc.pass_window("compel")  # blue could compel B's consequence: it passes
    turn = enc.pending()[0]
    assert turn.seat == "blue" and turn.kind == "fire"
    before = the(enc, "B").fate_points.current
    enc.submit("red", "concede")
    assert the(enc, "B").out == "conceded" and the(enc, "A").out == ""
    assert the(enc, "B").fate_points.current == before + 2
    result = enc.result()
    assert result is not None and result.ending == Ending.CONCESSION and result.winner == "blue"
    assert enc.describe(last_event(enc)) == "red concedes: B leave the fight (B +2 fate points)"


def last_event(enc: Encounter) -> Any:
    return enc.log[-1].events[-1]


def test_the_concede_window_does_not_stall_the_declaration() -> None:
    """The window is optional and comes after the declaring turn: blue fires at once, and
    the roll on the table closes red's window (a concession now would come after it)."""
    b = ship("B", aspects=["Thick Armour"], fate_points=1)
    enc, dice = placed_duel(duel(b=b), opening="electronic_warfare")
    enc.pass_window("compel")  # blue could compel B's aspect: it passes
    pending = enc.pending()
    assert [(d.seat, d.kind, d.window) for d in pending] == [
        ("blue", "fire", None),
        ("red", "concede", "concede"),
    ]
    assert pending[1].prompt == (
        "Turn 1, Beam weapons: red: A is about to declare an attack: concede now, before a "
        "roll is made against you, or pass (fight on)"
    )
    dice.push([*ZERO, *ZERO])
    enc.submit("blue", "fire target=B beam=2")
    assert [(d.seat, d.kind) for d in enc.pending()] == [("red", "invoke")]
    assert "concede" not in {c.action for c in enc.legal("red")}


def test_passing_the_concede_window_lets_that_declaration_come() -> None:
    """Red passes before A's declaration: no window again for it; A2's declaration opens a
    new one. Red's own ship's turn has concede in its own menu, and no window."""
    data = scenario([ship("A"), ship("A2")], [ship("B")])
    enc, _ = start(data, PLUS, [1, 1, 0, 0], MINUS)  # A 6, A2 4, B -2
    enc.pass_window("compel")
    enc.pass_window("invoke")
    enc.submit("blue", "place ship=A band=0")
    enc.submit("blue", "place ship=B band=1")
    enc.submit("blue", "place ship=A2 band=-1")
    enc.submit("blue", "opening phase=electronic_warfare")
    enc.pass_window("compel")
    assert [d.seat for d in enc.pending()] == ["blue", "red"]
    enc.pass_window("concede")
    assert words_of(enc) == ["red fights on: no concession before A's declaration"]
    assert [(d.seat, d.actor) for d in enc.pending()] == [("blue", "A")]
    enc.submit("blue", "hold")
    assert [(d.seat, d.kind, d.actor) for d in enc.pending()] == [
        ("blue", "fire", "A2"),
        ("red", "concede", None),
    ]
    enc.submit("red", "pass")
    enc.submit("blue", "hold")
    assert [(d.seat, d.kind) for d in enc.pending()] == [("red", "fire"), ("blue", "concede")]
    assert "concede" in {c.action for c in enc.legal("red")}  # in B's own menu


def words_of(enc: Encounter) -> list[str]:
    return [enc.describe(e) for e in enc.log[-1].events]


def test_a_torpedo_target_may_concede_before_the_torpedos_roll() -> None:
    """The torpedo's roll comes after the target's point-defence declaration: the target may
    concede instead."""
    enc, _ = to_torpedoes(ship("A", torpedo=2), ship("B", beam=3))
    enc.submit("blue", "launch target=B")
    assert enc.pending()[0].kind == "point_defense"
    enc.submit("red", "concede")
    result = enc.result()
    assert result is not None and result.ending == Ending.CONCESSION and result.winner == "blue"


def test_the_bot_never_concedes_in_the_window() -> None:
    """The bot keeps its concession policy: it fights on."""
    enc, _ = at_beams()
    choice = get_bot("diaspora")(enc.ruleset, enc.state, "red", random.Random(0))
    assert choice.action == "pass"
