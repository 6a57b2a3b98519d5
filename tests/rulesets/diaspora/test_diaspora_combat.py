"""diaspora's weapon and repair phases with scripted dice: electronic warfare (D4, D11), beams
(D6, D15), torpedoes and point defence (D6), damage control (D7), consequences (D5), spin
(D13), D2's one station per person per phase, and the end (D14)."""

from __future__ import annotations

from typing import Any

import pytest
from diaspora_helpers import MINUS, PLUS, ZERO, duel, placed_duel, scenario, ship, start, state, the

from shiftdrive.core.dice import ScriptedDice
from shiftdrive.engine.encounter import Encounter, IllegalChoice
from shiftdrive.engine.ruleset import Ending
from shiftdrive.rulesets.diaspora import crew
from shiftdrive.rulesets.diaspora.state import BEAM, DAMAGE_CONTROL, EW, TORPEDO

MILITARY = {
    "name": "Com",
    "skills": {"communications": 3},
    "stunts": ["military_grade_communications"],
}


def at_beams(
    a: dict[str, Any] | None = None, b: dict[str, Any] | None = None, b_band: int = 2
) -> tuple[Encounter, ScriptedDice]:
    """Turn 1 without a position phase; nobody hacks: A's beam turn."""
    enc, dice = placed_duel(duel(a, b), b_band=b_band, opening="electronic_warfare")
    assert state(enc).phase == BEAM and enc.pending()[0].actor == "A"
    return enc, dice


def test_beam_hits_frame_and_consequences_reduce_it_d5_d6() -> None:
    enc, dice = at_beams()
    dice.push([*PLUS, *ZERO])  # A: beam 2 + 4 = 6 against B's 0 + 0
    enc.submit("blue", "fire target=B beam=2")
    assert [d.kind for d in enc.pending()] == ["absorb"] and enc.pending()[0].seat == "red"
    enc.submit("red", "absorb taking=severe")
    assert the(enc, "B").tracks["frame"].render() == "[x][x][3][4][5]"  # 6 - 4 = 2
    assert [c.severity for c in the(enc, "B").consequences.taken()] == ["severe"]


def test_beam_is_amplified_by_a_better_gunner_and_takes_two_at_three_bands() -> None:
    a = ship("A", skills={"gunnery": 3})
    enc, dice = at_beams(a, b_band=3)
    dice.push([*ZERO, *ZERO])
    enc.submit("blue", "fire target=B beam=2")
    fired = next(e for e in enc.log[-1].events if e.kind == "fired")
    assert fired.data["rating"] == 3 and fired.data["range"] == 2 and fired.data["result"] == 1


def test_vector_randomizer_defends_from_two() -> None:
    enc, dice = at_beams(b=ship("B", stunts=["vector_randomizer"]))
    dice.push([*ZERO, *ZERO])
    enc.submit("blue", "fire target=B beam=2")
    assert state(enc).defence == {"B": 2}
    assert the(enc, "B").tracks["frame"].marked_count == 0  # 2 against 2: no shifts


def test_one_beam_defence_stands_for_the_whole_phase_d4() -> None:
    data = scenario([ship("A"), ship("A2")], [ship("B")])
    enc, dice = start(data, PLUS, ZERO, MINUS)  # A 6, A2 2, B -2
    enc.submit("blue", "place ship=A band=0")
    enc.submit("blue", "place ship=B band=1")
    enc.submit("blue", "place ship=A2 band=-1")
    enc.submit("blue", "opening phase=electronic_warfare")
    dice.push([*ZERO, *PLUS])  # A's attack, B's one defence (4)
    enc.submit("blue", "fire target=B beam=2")
    dice.push(ZERO)  # A2's attack only: B's defence stands
    enc.submit("blue", "fire target=B beam=2")
    assert dice.remaining == 0 and state(enc).defence == {"B": 4}


def test_a_defence_that_wins_by_three_gives_spin_for_the_next_roll_d13() -> None:
    enc, dice = at_beams()
    dice.push([*MINUS, *PLUS])  # A: 2 - 4 = -2 against B's 4: B wins by 6
    enc.submit("blue", "fire target=B beam=2")
    assert state(enc).spin == {"B": 1}
    dice.push([*ZERO, *ZERO])  # B fires back: 2 + 0 + spin 1, A defends 0
    enc.submit("red", "fire target=A beam=2")
    fired = next(e for e in enc.log[-1].events if e.kind == "fired")
    assert fired.data["spin"] == 1 and fired.data["result"] == 3


def test_ew_needs_military_grade_communications_d11() -> None:
    enc, _ = placed_duel(opening="electronic_warfare")
    assert state(enc).phase == BEAM  # nobody could hack: the phase passes
    a = ship("A", crew=[MILITARY], stations={"communications": "Com"}, ew=2)
    enc, _ = placed_duel(duel(a), opening="electronic_warfare")
    assert state(enc).phase == EW and enc.pending()[0].kind == "hack"


def test_ew_hits_the_defenders_data_and_a_better_defence_the_attackers_d4() -> None:
    a = ship("A", crew=[MILITARY], stations={"communications": "Com"}, ew=2)
    enc, dice = placed_duel(duel(a), opening="electronic_warfare")
    dice.push([*ZERO, *ZERO])  # A: EW 2 + 1 (Communications 3) = 3 against B's 0 + 1 (skill 2)
    enc.submit("blue", "hack target=B")
    enc.submit("red", "absorb taking=none")
    assert the(enc, "B").tracks["data"].render() == "[x][x][3][4][5]"
    enc, dice = placed_duel(duel(a, ship("B", stunts=["firewall"])), opening="electronic_warfare")
    dice.push(MINUS)  # A: 3 - 4 = -1 against Firewall's fixed 2: A takes 3 on Data
    enc.submit("blue", "hack target=B")
    assert dice.remaining == 0  # Firewall rolls nothing
    enc.submit("blue", "absorb taking=none")
    assert the(enc, "A").tracks["data"].render() == "[x][x][x][4][5]"


def test_acting_in_an_earlier_phase_costs_one_d2() -> None:
    both = {"name": "Gil", "skills": {"communications": 3, "gunnery": 3}}
    both["stunts"] = ["military_grade_communications"]
    a = ship("A", crew=[both], stations={"communications": "Gil", "gunner": "Gil"}, ew=1)
    enc, dice = placed_duel(duel(a), opening="electronic_warfare")
    dice.push([*ZERO, *ZERO])
    enc.submit("blue", "hack target=B")
    enc.submit("red", "absorb taking=none")
    assert state(enc).phase == BEAM
    assert crew.effective(state(enc), the(enc, "A"), "gunner") == 2  # 3 - 1 (EW)


def to_torpedoes(
    a: dict[str, Any], b: dict[str, Any], b_band: int = 2
) -> tuple[Encounter, ScriptedDice]:
    enc, dice = at_beams(a, b, b_band=b_band)
    enc.submit("blue", "hold")
    enc.submit("red", "hold")
    assert state(enc).phase == TORPEDO
    return enc, dice


def test_torpedo_is_amplified_minus_two_at_one_band_and_met_by_point_defence_d6() -> None:
    a = ship("A", skills={"gunnery": 3}, torpedo=2)
    b = ship("B", skills={"gunnery": 3}, beam=2)
    enc, dice = to_torpedoes(a, b, b_band=1)
    enc.submit("blue", "launch target=B")
    assert enc.pending()[0].kind == "point_defense" and enc.pending()[0].seat == "red"
    dice.push([*PLUS, *ZERO])
    enc.submit("red", "point_defense beam=2")
    torpedo = next(e for e in enc.log[-1].events if e.kind == "torpedo")
    assert torpedo.data["rating"] == 3 and torpedo.data["range"] == 2
    assert torpedo.data["result"] == 5 and torpedo.data["defence"] == 3  # beam 2 + 1 gunner


def test_point_defence_over_the_beam_rating_marks_heat_by_the_excess_d6() -> None:
    a = ship("A", torpedo=2)
    enc, dice = at_beams(a)
    enc.submit("blue", "hold")
    dice.push([*ZERO, *ZERO])
    enc.submit("red", "fire target=A beam=2")  # B spends its whole beam offensively
    enc.submit("blue", "absorb taking=none")
    enc.submit("blue", "launch target=B")
    dice.push([*ZERO, *ZERO])
    enc.submit("red", "point_defense beam=1")
    assert enc.pending()[0].kind == "absorb"
    enc.submit("red", "absorb taking=none")
    assert the(enc, "B").tracks["heat"].render() == "[x][2][3][4][5]"  # 2 + 1 - 2 = 1


def test_a_lone_gunner_chooses_torpedoes_or_point_defence() -> None:
    lone = ship(
        "A",
        torpedo=2,
        crew=[{"name": "Solo", "skills": {"gunnery": 2}}],
        stations={"gunner": "Solo"},
    )
    other = ship("B", torpedo=2)
    enc, dice = to_torpedoes(lone, other)
    enc.submit("blue", "launch target=B")  # Solo fires the torpedo...
    dice.push([*ZERO, *ZERO])
    enc.submit("red", "point_defense beam=0")
    enc.submit("red", "absorb taking=none")
    dice.push([*ZERO, *ZERO])
    enc.submit("red", "launch target=A")  # ... so nobody mans A's beams: base 0, no choice
    assert dice.remaining == 0 and state(enc).defence["A"] == 0


def test_point_defence_first_keeps_the_lone_gunner_from_launching() -> None:
    lone = ship(
        "A",
        torpedo=2,
        crew=[{"name": "Solo", "skills": {"gunnery": 2}}],
        stations={"gunner": "Solo"},
    )
    enc, dice = start(duel(ship("B", torpedo=2), lone), PLUS, MINUS)  # B places, B goes first
    enc.submit("blue", "place ship=B band=0")
    enc.submit("blue", "place ship=A band=2")
    enc.submit("blue", "opening phase=electronic_warfare")
    enc.submit("blue", "hold")
    enc.submit("red", "hold")
    enc.submit("blue", "launch target=A")
    dice.push([*ZERO, *ZERO])
    enc.submit("red", "point_defense beam=1")
    with pytest.raises(IllegalChoice, match="Solo already staffs point defense"):
        enc.submit("red", "launch target=B")


def to_repairs(a: dict[str, Any] | None = None) -> tuple[Encounter, ScriptedDice]:
    enc, dice = at_beams(a)
    the(enc, "A").tracks["frame"].take_hit(3)
    the(enc, "A").tracks["data"].take_hit(2)
    enc.submit("blue", "hold")
    enc.submit("red", "hold")
    assert state(enc).phase == DAMAGE_CONTROL
    return enc, dice


def test_damage_control_clears_box_s_and_every_box_below_d7() -> None:
    enc, dice = to_repairs()
    dice.push([1, 1, 0, 0])  # Engineering 2 + 2 = 4 against box 3: 1 shift
    enc.submit("blue", "repair track=frame")
    assert the(enc, "A").tracks["frame"].render() == "[1][x][x][4][5]"
    dice.push(PLUS)  # Computer 2 + 4 = 6 against box 2: 4 shifts clear all
    enc.submit("blue", "repair track=data")
    assert the(enc, "A").tracks["data"].render() == "[1][2][3][4][5]"


def test_heat_is_never_repaired_and_one_person_makes_one_repair_roll() -> None:
    fixer = {"name": "Fix", "skills": {"engineering": 2, "computer": 2}}
    enc, dice = to_repairs(ship("A", crew=[fixer], stations={"engineer": "Fix", "computer": "Fix"}))
    assert [c.text() for c in enc.legal("blue")] == [
        "repair track=frame", "repair track=data", "hold"
    ]  # fmt: skip
    dice.push(ZERO)
    enc.submit("blue", "repair track=frame")
    assert (state(enc).round, state(enc).phase) == (2, "position")  # Fix made the one roll
    assert the(enc, "A").tracks["data"].marked_count == 2


def test_a_hit_past_the_last_box_takes_the_ship_out_and_ends_the_fight_d14() -> None:
    enc, dice = at_beams(b=ship("B", frame=2))
    from shiftdrive.core.consequences import Severity

    the(enc, "B").consequences.take(Severity.MILD, "Dent")
    the(enc, "B").consequences.take(Severity.MODERATE, "Gash")
    the(enc, "B").consequences.take(Severity.SEVERE, "Hole")
    dice.push([*PLUS, *ZERO])
    enc.submit("blue", "fire target=B beam=2")  # 6 shifts, no consequence left: marked at once
    assert the(enc, "B").out == "destroyed"
    result = enc.result()
    assert result is not None and result.winner == "blue" and result.ending == Ending.TAKEN_OUT


def test_a_side_that_concedes_loses_by_concession() -> None:
    enc, _ = at_beams()
    enc.submit("blue", "hold")
    enc.submit("red", "concede")
    result = enc.result()
    assert result is not None and result.winner == "blue" and result.ending == Ending.CONCESSION


def test_beam_odds_are_exact_against_the_defence_to_come_or_the_one_standing() -> None:
    from shiftdrive.core.odds import OddsQuery, odds
    from shiftdrive.engine.choices import Choice

    data = scenario([ship("A"), ship("A2")], [ship("B", stunts=["vector_randomizer"])])
    enc, dice = start(data, PLUS, ZERO, MINUS)
    for choice in ("place ship=A band=0", "place ship=B band=3", "place ship=A2 band=-1"):
        enc.submit("blue", choice)
    enc.submit("blue", "opening phase=electronic_warfare")
    fire = Choice.parse("fire target=B beam=2")
    # beam 2 at 3 bands (-2) against 4dF on Vector Randomizer's 2
    assert enc.ruleset.odds(state(enc), "blue", fire) == odds(OddsQuery(0, opposed=2))
    dice.push([*ZERO, *PLUS])
    enc.submit("blue", "fire target=B beam=2")
    # A2's shot meets B's standing defence of 6, at 4 bands
    assert enc.ruleset.odds(state(enc), "blue", fire) == odds(OddsQuery(0, difficulty=6))


def test_hack_odds_are_exact_and_firewall_is_a_fixed_two() -> None:
    from shiftdrive.core.odds import OddsQuery, odds
    from shiftdrive.engine.choices import Choice

    a = ship("A", crew=[MILITARY], stations={"communications": "Com"}, ew=2)
    enc, _ = placed_duel(duel(a), opening="electronic_warfare")
    hack = Choice.parse("hack target=B")
    # EW 2 + 1 (Communications 3) against B's EW 0 + 1 (Communications 2) and 4dF
    assert enc.ruleset.odds(state(enc), "blue", hack) == odds(OddsQuery(3, opposed=1))
    enc, _ = placed_duel(duel(a, ship("B", stunts=["firewall"])), opening="electronic_warfare")
    assert enc.ruleset.odds(state(enc), "blue", hack) == odds(OddsQuery(3, difficulty=2))


def test_torpedo_odds_are_exact_against_the_point_defence_it_may_meet() -> None:
    """Torpedo 2 with a Gunnery 3 gunner is 3, -2 at one band: 1 before the dice. B may put
    0..2 beam into point defence (with its Gunnery 3 gunner: 3), so the launcher is shown the
    odds against the strongest and the range; B is shown each declaration's odds."""
    from shiftdrive.core.odds import OddsQuery, odds
    from shiftdrive.engine.choices import Choice

    a = ship("A", skills={"gunnery": 3}, torpedo=2)
    b = ship("B", skills={"gunnery": 3}, beam=2)
    enc, _ = to_torpedoes(a, b, b_band=1)
    launch = Choice.parse("launch target=B")
    assert enc.ruleset.odds(state(enc), "blue", launch) == odds(OddsQuery(1, opposed=3))
    full = odds(OddsQuery(1, opposed=3)).at_least_success
    none = odds(OddsQuery(1, opposed=0)).at_least_success
    words = enc.ruleset.odds_words(state(enc), "blue", launch)
    assert words == (
        f"hits {float(full) * 100:.0f}% if B puts all 2 beam into point defence, "
        f"{float(none) * 100:.0f}% if it puts none"
    )
    enc.submit("blue", "launch target=B")
    for beam, defence in ((0, 0), (1, 2), (2, 3)):  # beam 1 amplified by Gunnery 3: 2
        declared = Choice.parse(f"point_defense beam={beam}")
        assert enc.ruleset.odds(state(enc), "red", declared) == odds(OddsQuery(1, opposed=defence))


def test_a_torpedo_at_a_ship_that_cannot_declare_has_odds_against_its_base() -> None:
    """A's gunner launched, so nobody mans A's beams: B's torpedo meets base 0 + 4dF."""
    from shiftdrive.core.odds import OddsQuery, odds
    from shiftdrive.engine.choices import Choice

    a = ship("A", skills={"gunnery": 3}, torpedo=2, beam=2)
    b = ship("B", skills={"gunnery": 3}, beam=2, torpedo=2)
    enc, dice = to_torpedoes(a, b)  # two bands apart: no penalty, 3 before the dice
    enc.submit("blue", "launch target=B")
    dice.push([*ZERO, *ZERO])
    enc.submit("red", "point_defense beam=2")
    if enc.pending()[0].kind == "absorb":
        enc.submit("red", "absorb taking=none")
    launch = Choice.parse("launch target=A")
    assert enc.ruleset.odds(state(enc), "red", launch) == odds(OddsQuery(3, opposed=0))
    assert enc.ruleset.odds_words(state(enc), "red", launch) is None
