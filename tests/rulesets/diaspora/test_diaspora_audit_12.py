"""Audit 12 of the diaspora ruleset against its seed (seeds/002_dc5d5c3e593a1e3d.txt, "The
Sequence") and rulings D4, D6, D9, D11, D12, C3: each test cites the passage it checks."""

from __future__ import annotations

from diaspora_helpers import MINUS, PLUS, ZERO, duel, opened, ship, start, state, the

from shiftdrive.core.odds import OddsQuery, odds
from shiftdrive.engine.choices import Choice


def test_a_compelled_navigator_breaks_no_detection_tie_d9_d12() -> None:
    """Seed "Detection": a compelled navigator's "Failure to act in this case is represented
    by an automatic result of -4 (dice are not rolled and Skills are not considered ...)";
    D9: ties "are resolved by raw Navigation Skill". The compelled A's Navigation 3 is not
    considered, so B, which rolled its -4 (Navigation 0, ----), wins the tie and detection."""
    a = ship("A", skills={"navigation": 3}, aspects=["Daydreamer"])
    enc, dice = start(duel(a, ship("B", skills={"navigation": 0})))
    enc.submit("red", "compel ship=A aspect=Daydreamer")
    dice.push(MINUS)  # only B rolls: 0 - 4 = -4
    enc.submit("blue", "answer compel=accept")
    st = state(enc)
    assert st.detection_keys == {"A": [-4, 3], "B": [-4, 0]}
    assert st.rank == ["B", "A"] and st.placers == [("B", 2)]
    assert st.detection_winner == "B" and st.tie_window == []


def test_two_compelled_navigators_stay_tied_whatever_their_skill_d9_d12() -> None:
    """Seed "Detection": both navigators compelled: both -4 and neither's skill is
    considered, so the tie stands; neither pays to break it (each holds the fate point its
    compel gave it), and "ships are placed randomly, based on a roll of the fate dice"."""
    a = ship("A", skills={"navigation": 3}, aspects=["Daydreamer"])
    b = ship("B", skills={"navigation": 0}, aspects=["Sleepy"])
    enc, dice = start(duel(a, b))
    enc.submit("blue", "compel ship=B aspect=Sleepy")
    enc.submit("red", "answer compel=accept")
    enc.submit("red", "compel ship=A aspect=Daydreamer")
    dice.push([*PLUS, *MINUS])  # the random placements: A at +4, B at -4
    enc.submit("blue", "answer compel=accept")
    assert [(d.kind, d.actor) for d in enc.pending()] == [("tie", "A")]
    enc.submit("blue", "pass")
    enc.submit("red", "pass")
    assert (the(enc, "A").band, the(enc, "B").band) == (4, -4)
    assert state(enc).detection_winner is None and dice.remaining == 0


def test_torpedo_odds_meet_the_point_defense_stunt_when_it_beats_the_beams_c3_d11() -> None:
    """Seed "Torpedoes": "Ships with no Beam rating or those unwilling to fire Beams
    defensively, roll with a base of 0 unless they have a Stunt (Point Defense) that changes
    the base from 0 to 2." B has Beam 1 and a Gunnery 0 gunner: all its beam gives 1, none
    gives the stunt's 2. The launcher's odds (the doc: against the strongest point defence the
    target can still declare) are Torpedo 2 against 2 + 4dF, not against 1 + 4dF."""
    a = ship("A", torpedo=2)
    b = ship("B", beam=1, skills={"gunnery": 0}, stunts=["point_defense"])
    enc, _ = opened([a], [b], bands={"A": 0, "B": 2}, phase="torpedo")
    launch = Choice.parse("launch target=B")
    assert enc.ruleset.odds(state(enc), "blue", launch) == odds(OddsQuery(2, opposed=2))
    words = enc.ruleset.odds_words(state(enc), "blue", launch)
    assert words is not None and "all 1 beam" in words  # the words still give both extremes


def test_a_second_torpedo_meets_the_standing_point_defence_without_a_new_declaration_d4_d6() -> (
    None
):
    """Seed "Torpedoes": "that defensive roll you made with the Beams stands throughout the
    Torpedo Phase"; D6: only the beam declared (once) counts toward Heat. A and A2 both launch
    at B; B declares beam 2 once (6 with ++++), and A2's torpedo meets that 6: no new dice, no
    new declaration, no Heat (B fired no beams)."""
    a, a2 = ship("A", torpedo=2), ship("A2", torpedo=2)
    enc, dice = opened(
        [a, a2], [ship("B", beam=2)], bands={"A": 0, "A2": -1, "B": 2}, phase="torpedo"
    )
    enc.submit("blue", "launch target=B")
    dice.push([*ZERO, *PLUS])  # A: 2 against B's beam 2 (+1, Gunnery 2 is not above 2) + 4
    enc.submit("red", "point_defense beam=2")
    assert state(enc).defence == {"B": 6}
    dice.push(ZERO)  # A2's torpedo only
    enc.submit("blue", "launch target=B")
    assert dice.remaining == 0
    assert the(enc, "B").tracks["heat"].marked_count == 0
