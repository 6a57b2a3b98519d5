"""Audit 20 of the diaspora ruleset, against the seed (seeds/002_dc5d5c3e593a1e3d.txt, "The
Sequence") and rulings D3, D6, D9, D14: each test cites the passage or ruling it checks; the
ones that say "failed before its fix" failed on the code before this audit."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from diaspora_helpers import MINUS, PLUS, ZERO, duel, opened, placed_duel, ship, state, the

from shiftdrive.engine.scenario import ScenarioError
from shiftdrive.files import start_from_file
from shiftdrive.rulesets.diaspora import query
from shiftdrive.rulesets.diaspora.state import BEAM, EW, TORPEDO


def _last(enc: Any, kind: str) -> Any:
    """The data of the last event of `kind`."""
    return [e for e in enc.events() if e.kind == kind][-1].data


# --- Position (D3): the seed's excellent pilot, and the V-shift that limits a move ---------------


def test_an_excellent_pilot_cuts_down_the_odds_by_pushing_an_enemy_off_the_map_d3_d14() -> None:
    """Seed "Position": "a really excellent pilot in a hot ship can cut down the odds by
    positioning enemy vessels off the map until he faces only one opponent". A (V-shift 4,
    Pilot 2) rolls 2 + 4 = 6, B 2, C -2: 8 shifts on C at +3 (3->4 costs 2, leaving 3: 5
    shifts, 2 bands). C leaves the fight; red still has B, so the fight goes on, one on one."""
    enc, dice = opened(
        [ship("A", v_shift=4)], [ship("B"), ship("C")], bands={"A": 0, "B": 1, "C": 3}
    )
    dice.push([*PLUS, *ZERO, *MINUS])
    enc.submit("blue", "burn value=0")
    enc.submit("red", "burn value=0")
    enc.submit("red", "burn value=0")
    assert state(enc).rolls == {"A": 6, "B": 2, "C": -2} and state(enc).mover == "A"
    enc.submit("blue", "move ship=C to=5")
    assert the(enc, "C").out == "off the map"
    assert enc.result() is None and state(enc).phase == BEAM  # (nobody can hack)
    assert [s.name for s in query.enemies(state(enc), "A")] == ["B"]


def test_the_bands_a_winner_may_move_are_its_v_shift_rating_not_the_pilot_limit_d3() -> None:
    """Seed "Position": the roll is "their ship's V-shift rating limited by their effective
    Pilot Skill", but "He may not ... move any vessel more map bands than his own vessel's
    V-shift rating"; D3: "never more bands than its own V-shift". A's V-shift 4 with Pilot 2
    rolls on 2, yet may move B (4 shifts below it) the 4 bands from +1 to -3."""
    enc, dice = opened([ship("A", v_shift=4)], [ship("B")], bands={"A": 0, "B": 1})
    dice.push([*PLUS, *ZERO])  # A 2 + 4 = 6 (rating 2: Pilot 2 limits V-shift 4), B 2
    enc.submit("blue", "burn value=0")
    enc.submit("red", "burn value=0")
    rolled = [e.data for e in enc.events() if e.kind == "positioned"]
    assert [(d["ship"], d["rating"]) for d in rolled] == [("A", 2), ("B", 2)]
    to_b = sorted(c.int_param("to") for c in enc.legal("blue") if c.get("ship") == "B")
    assert to_b == [-3, -2, -1, 0, 2, 3, 4]  # 4 shifts: 1->4 costs 1 + 1 + 2 = 4


# --- Torpedoes (D2, D6): a second trained crew member at the beams ------------------------------


def test_a_second_crewman_mans_the_beams_so_the_gunner_still_launches_d2_d6() -> None:
    """Seed "Torpedoes": "If Beams were not fired, then there must be a trained crew member
    available to man the beams in this phase: normal penalties and bonuses apply, but since
    each crew member may only act once per phase, a ship with a single gunner ... may have to
    choose". With a second gunner at the point-defence station, B's beams are manned by Pat
    (Gunnery 4: Beam 2 declared, amplified to 3) and its gunner Gus still launches."""
    b = ship(
        "B",
        beam=2,
        torpedo=2,
        crew=[
            {"name": "Gus", "skills": {"gunnery": 1}},
            {"name": "Pat", "skills": {"gunnery": 4}},
        ],
        stations={"gunner": "Gus", "point_defense": "Pat"},
    )
    enc, dice = opened([ship("A", torpedo=2)], [b], bands={"A": 0, "B": 2}, phase="torpedo")
    assert state(enc).phase == TORPEDO
    enc.submit("blue", "launch target=B")
    dice.push([*ZERO, *ZERO])  # A: Torpedo 2 (Gunnery 2 is not higher); B's defence 3
    enc.submit("red", "point_defense beam=2")
    defence = _last(enc, "defence")
    assert (defence["ship"], defence["beam"], defence["rating"]) == ("B", 2, 3)
    assert the(enc, "B").tracks["heat"].marked_count == 0  # no beams fired: 0 + 2 is not over 2
    dice.push([*ZERO, *ZERO])
    enc.submit("red", "launch target=A")  # Gus is free: Torpedo 2, Gunnery 1 adds nothing
    torpedo = _last(enc, "torpedo")
    assert (torpedo["ship"], torpedo["rating"]) == ("B", 2)


# --- The scenario file: names the table calls ships, sides and crew by ---------------------------


@pytest.mark.parametrize(
    ("where", "field"),
    [
        ("ship", "sides[0].ships[0].name"),
        ("crew", "sides[0].ships[0].crew[0].name"),
        ("side", "sides[0].name"),
    ],
)
@pytest.mark.parametrize(
    ("name", "reason"),
    [("   ", "a name needs more than spaces"), (" Jackal", "has spaces around it")],
)
def test_a_blank_or_padded_name_is_refused_naming_the_file_and_field(
    tmp_path: Path, where: str, field: str, name: str, reason: str
) -> None:
    """A ship, side or crew member of nothing but spaces names nobody at the table (`fire
    target=...`, the log), and spaces around a name make two names look one; the loader the
    CLI uses refuses either, naming the file, the field and why. Failed before its fix: both
    loaded (a name only had to be one character long)."""
    data: dict[str, Any] = duel(ship("A", crew=[{"name": "Ada"}], stations={"pilot": "Ada"}))
    if where == "ship":
        data["sides"][0]["ships"][0]["name"] = name
    elif where == "crew":
        data["sides"][0]["ships"][0]["crew"][0]["name"] = name
        data["sides"][0]["ships"][0]["stations"] = {}
    else:
        data["sides"][0]["name"] = name
    path = tmp_path / "padded.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        start_from_file(path, seed=1)
    message = str(caught.value)
    assert str(path) in message and f"{field}: " in message and reason in message


# --- Position (D3, D12): a compelled ship bleeds no Heat ------------------------------------------


def test_a_compelled_ship_bleeds_no_heat_its_minus_four_is_not_drives_off_d3_d12() -> None:
    """Seed "Position": "Ships may choose not to use their drives in order to bleed heat" (the
    choice clears the highest Heat box); a compel is "failure to act": "an automatic result
    of -4 (dice are not rolled and Skills are not considered)", not that choice. A chosen
    default (the seed and D12 are silent on Heat): B's marked Heat box stays marked."""
    b = ship("B", aspects=["Hot Engines"], fate_points=1)
    enc, dice = placed_duel(duel(None, b))  # the position phase's compel window is open
    the(enc, "B").tracks["heat"].take_hit(2)
    enc.submit("blue", "compel ship=B aspect='Hot Engines'")
    enc.submit("red", "answer compel=accept")
    dice.push(ZERO)  # only A rolls
    enc.submit("blue", "burn value=0")
    assert state(enc).rolls == {"A": 2, "B": -4}
    assert the(enc, "B").tracks["heat"].render() == "[x][x][3][4][5]"


# --- Crew (D2, D9): the detection roll is an earlier phase of turn 1 for any station ------------


def test_a_navigator_at_communications_hacks_at_minus_one_on_a_turn_one_without_position() -> None:
    """D9: "The navigator's detection roll counts as acting in an earlier phase of turn 1
    (D2)"; seed "Electronic Warfare": "if the communications officer has acted in any of the
    previous phases, there is a cumulative -1 penalty for each phase she has acted". Nav
    (Navigation 2, Communications 3) navigates and mans communications; the detection winner
    goes straight to EW: 3 - 1 = 2 no longer amplifies EW 2 (rating 2, not 3). On turn 2 she
    has not navigated: 3 amplifies it again."""
    nav = {
        "name": "Nav",
        "skills": {"navigation": 2, "communications": 3},
        "stunts": ["military_grade_communications"],
    }
    a = ship("A", ew=2, crew=[nav], stations={"navigator": "Nav", "communications": "Nav"})
    enc, dice = placed_duel(duel(a), opening="electronic_warfare")
    dice.push([*ZERO, *ZERO])  # A: 2 against B's EW 0 amplified by Communications 2: 1
    enc.submit("blue", "hack target=B")
    assert _last(enc, "hacked")["rating"] == 2
    while state(enc).round < 2 or state(enc).phase != EW:
        first = enc.pending()[0]
        if first.kind in ("compel", "invoke", "concede"):
            enc.pass_window(first.kind)
        elif first.kind == "absorb":
            enc.submit(first.seat, "absorb taking=none")
        elif first.kind == "drive":
            enc.submit(first.seat, "drift")
        else:
            enc.submit(first.seat, "hold")
    dice.push([*ZERO, *ZERO])
    enc.submit("blue", "hack target=B")
    assert _last(enc, "hacked")["rating"] == 3


def test_chasers_keep_a_lone_runner_on_the_map_by_winning_the_position_d3() -> None:
    """Seed "Position": "more than two ships chasing a single ship can usually keep the lone
    opponent on the map through positioning": only the highest roller moves anyone, so a
    chaser that out-rolls the runner may pull it back from the edge. Runner R at +3 rolls 2,
    chaser C1 6, C2 -2: C1 moves R (4 shifts below it) back 3 bands (its V-shift) to 0; R,
    not the winner, moves nobody."""
    enc, dice = opened([ship("R")], [ship("C1"), ship("C2")], bands={"R": 3, "C1": 0, "C2": -1})
    dice.push([*ZERO, *PLUS, *MINUS])
    enc.submit("blue", "burn value=0")
    enc.submit("red", "burn value=0")
    enc.submit("red", "burn value=0")
    assert state(enc).mover == "C1" and enc.legal("blue") == []
    to_r = sorted(c.int_param("to") for c in enc.legal("red") if c.get("ship") == "R")
    assert to_r == [0, 1, 2, 4]  # 3 -> 4 costs 2; off the map (2 + 3) is past 4 shifts
    enc.submit("red", "move ship=R to=0")
    assert the(enc, "R").band == 0 and the(enc, "R").fighting


# --- Damage control's compels (D12) ------------------------------------------------------------


def _damaged_before_repairs() -> tuple[Any, Any]:
    """A (blue, Engineering 2, *Handy Crew*) with its Frame marked to box 3, at the start of
    damage control, the phase's compel window open."""
    a = ship("A", aspects=["Handy Crew"], fate_points=1)
    enc, dice = placed_duel(duel(a), opening="electronic_warfare")
    enc.pass_window("compel")
    the(enc, "A").tracks["frame"].take_hit(3)
    enc.submit("blue", "hold")
    enc.submit("red", "hold")
    return enc, dice


def test_damage_control_opens_a_compel_window_before_the_repairs_d12() -> None:
    """Seed, "The Sequence": "each phase will offer a test --- an opportunity to
    cross-compel, a roll"; D12: compels come before each phase's rolls. Damage control had
    none: the repair roll came at once."""
    enc, _ = _damaged_before_repairs()
    pending = enc.pending()
    assert [d.kind for d in pending][:1] == ["compel"]
    assert any(c.action == "compel" and c.get("ship") == "A" for c in enc.legal(pending[0].seat))


def test_an_accepted_compel_in_damage_control_means_no_repair_this_phase_d12() -> None:
    """Accepting a compel is "failure to act" for the phase: the compelled ship makes no
    repair roll in this damage control (as it declares no target in EW, beam and torpedo),
    and gains its fate point."""
    enc, _ = _damaged_before_repairs()
    seat = enc.pending()[0].seat
    enc.submit(seat, "compel ship=A aspect='Handy Crew'")
    enc.submit("blue", "answer compel=accept")
    assert the(enc, "A").fate_points.current == 2
    assert not any(c.action == "repair" for c in enc.legal("blue"))
    assert the(enc, "A").tracks["frame"].render() == "[x][x][x][4][5]"
    said = [enc.describe(e) for e in enc.events() if e.kind == "compel_answer"]
    assert said and "no repair this phase" in said[-1]
