"""Invokes after the dice on diaspora attacks (C4): +2 or a reroll, paid with a fate point
(once per aspect per roll) or a free invoke; the defender's raise stays on its persistent
defence for the phase (D4); Firewall's fixed defence cannot be raised (D11); a consequence gives
whoever inflicted it a free invoke (C9); an allied ship's teamwork gives +2 to its ally's roll
(C4)."""

from __future__ import annotations

from typing import Any

import pytest
from diaspora_helpers import MINUS, PLUS, ZERO, duel, placed_duel, scenario, ship, start, state, the

from shiftdrive.core.dice import ScriptedDice
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter, IllegalChoice
from shiftdrive.rulesets.diaspora.state import BEAM

MILITARY = {
    "name": "Com",
    "skills": {"communications": 3},
    "stunts": ["military_grade_communications"],
}


def armed() -> tuple[Encounter, ScriptedDice]:
    a = ship("A", aspects=["Ace Gunner"], fate_points=1)
    b = ship("B", aspects=["Thick Armour"], fate_points=1)
    enc, dice = placed_duel(duel(a, b), opening="electronic_warfare")
    assert state(enc).phase == BEAM
    enc.pass_window("compel")
    return enc, dice


def test_both_sides_invoke_after_the_dice_and_the_raise_stays_on_the_defence() -> None:
    enc, dice = armed()
    dice.push([*ZERO, *ZERO])  # A 2 against B 0
    enc.submit("blue", "fire target=B beam=2")
    assert enc.pending()[0].kind == "invoke" and enc.pending()[0].seat == "blue"
    enc.submit("blue", "pass")
    enc.submit("red", "invoke aspect='Thick Armour' effect=bonus payment=fate_point")
    assert state(enc).defence == {"B": 2}
    assert enc.pending()[0].seat == "blue"  # A may answer
    enc.submit("blue", "invoke aspect='Ace Gunner' effect=bonus payment=fate_point")
    assert the(enc, "A").fate_points.current == 0 and the(enc, "B").fate_points.current == 0
    enc.submit("red", "absorb taking=none")  # 4 against 2: 2 shifts on Frame
    assert the(enc, "B").tracks["frame"].render() == "[x][x][3][4][5]"
    assert state(enc).defence == {"B": 2}  # the raised defence stands for the phase


def test_a_fate_point_invokes_an_aspect_once_per_roll_and_free_invokes_stack() -> None:
    a = ship("A", aspects=["Ace Gunner"], fate_points=3)
    enc, dice = placed_duel(duel(a), opening="electronic_warfare")
    enc.pass_window("compel")
    dice.push([*MINUS, *ZERO])
    enc.submit("blue", "fire target=B beam=2")
    enc.submit("blue", "invoke aspect='Ace Gunner' effect=bonus payment=fate_point")
    assert "invoke aspect='Ace Gunner' effect=bonus payment=fate_point" not in [
        c.text() for c in enc.legal("blue")
    ]
    assert enc.pending() and enc.pending()[0].kind != "invoke"  # nothing more to invoke


def test_the_attacker_may_reroll() -> None:
    a = ship("A", aspects=["Ace Gunner"], fate_points=1)
    enc, dice = placed_duel(duel(a), opening="electronic_warfare")
    enc.pass_window("compel")
    dice.push([*MINUS, *ZERO, *PLUS])
    enc.submit("blue", "fire target=B beam=2")
    enc.submit("blue", "invoke aspect='Ace Gunner' effect=reroll payment=fate_point")
    outcome = next(e for e in enc.log[-1].events if e.kind == "outcome")
    assert outcome.data["result"] == 6 and outcome.data["shifts"] == 6


def test_firewall_cannot_be_raised() -> None:
    a = ship("A", crew=[MILITARY], stations={"communications": "Com"}, ew=2)
    b = ship("B", stunts=["firewall"], aspects=["Hardened Core"], fate_points=2)
    enc, dice = placed_duel(duel(a, b), opening="electronic_warfare")
    enc.pass_window("compel")
    dice.push(PLUS)  # 3 + 4 = 7 against 2
    enc.submit("blue", "hack target=B")
    assert enc.pending()[0].kind == "absorb"  # red was never offered an invoke


def test_a_consequence_gives_its_inflicter_a_free_invoke_c9() -> None:
    data = scenario([ship("A")], [ship("B")])
    enc, dice = start(data, PLUS, MINUS)
    enc.submit("blue", "place ship=A band=0")
    enc.submit("blue", "place ship=B band=2")
    enc.submit("blue", "opening phase=electronic_warfare")
    dice.push([*PLUS, *ZERO])
    enc.submit("blue", "fire target=B beam=2")
    enc.submit("red", "absorb taking=mild")
    consequence = state(enc).aspects.get("Buckled Frame")
    assert consequence.free_for("A") == 1


def three_ships() -> tuple[Encounter, ScriptedDice]:
    """A (blue), B (red, an aspect and a fate point), C (green), all placed; position begins."""
    b = ship("B", aspects=["Sly Pilot"], fate_points=1)
    enc, dice = start(scenario([ship("A")], [b], [ship("C")]), PLUS, ZERO, MINUS)
    enc.pass_window("compel")
    enc.pass_window("invoke")
    enc.submit("blue", "place ship=A band=0")
    enc.submit("blue", "place ship=B band=1")
    enc.submit("red", "place ship=C band=-1")
    enc.submit("blue", "opening phase=position")
    enc.pass_window("compel")
    return enc, dice


def test_an_invoke_on_the_position_roll_forces_a_tie_that_passes_control_down() -> None:
    """Seed "Position": use an aspect to force a tie so that you lose control."""
    enc, dice = three_ships()
    dice.push([1, 1, 0, 0, *ZERO, -1, 0, 0, 0])  # A 4, B 2, C 1
    enc.submit("blue", "burn value=0")
    enc.submit("red", "burn value=0")
    enc.submit("green", "burn value=0")
    assert enc.pending()[0].kind == "invoke" and enc.pending()[0].actor == "B"
    enc.submit("red", "invoke aspect='Sly Pilot' effect=bonus payment=fate_point")
    assert state(enc).rolls == {"A": 4, "B": 4, "C": 1}
    assert state(enc).mover == "C" and enc.pending()[0].actor == "C"


def test_a_position_reroll_replaces_the_dice() -> None:
    enc, dice = three_ships()
    dice.push([*ZERO, *ZERO, *ZERO, *PLUS])  # A 2, B 2, C 2; B rerolls to 6
    enc.submit("blue", "burn value=0")
    enc.submit("red", "burn value=0")
    enc.submit("green", "burn value=0")
    enc.submit("red", "invoke aspect='Sly Pilot' effect=reroll payment=fate_point")
    assert state(enc).rolls["B"] == 6 and state(enc).mover == "B"


def test_an_invoke_on_a_repair_roll_counts_before_the_repair_d7() -> None:
    a = ship("A", aspects=["Handy Crew"], fate_points=1)
    enc, dice = placed_duel(duel(a), opening="electronic_warfare")
    enc.pass_window("compel")
    the(enc, "A").tracks["frame"].take_hit(3)
    enc.submit("blue", "hold")
    enc.submit("red", "hold")
    enc.pass_window("compel")  # damage control's compels (D12)
    dice.push(ZERO)  # Engineering 2 against box 3: -1
    enc.submit("blue", "repair track=frame")
    assert enc.pending()[0].kind == "invoke"
    enc.submit("blue", "invoke aspect='Handy Crew' effect=bonus payment=fate_point")
    assert the(enc, "A").tracks["frame"].render() == "[1][x][x][4][5]"  # 4 - 3 = 1 shift


def test_an_invoke_on_the_detection_roll_changes_the_rank() -> None:
    a = ship("A", aspects=["Keen Eyes"], fate_points=1)
    enc, dice = start(duel(a), ZERO, PLUS)  # A 2, B 6
    enc.pass_window("compel")  # B could compel A's aspect: it passes
    assert enc.pending()[0].kind == "invoke" and enc.pending()[0].actor == "A"
    dice.push([*PLUS, *ZERO, *ZERO])  # the reroll, then the tie placed at random
    enc.submit("blue", "invoke aspect='Keen Eyes' effect=reroll payment=fate_point")
    assert state(enc).detection_keys["A"] == [6, 2]  # tied at 6 with B, same raw Navigation
    assert state(enc).detection_winner is None


def test_a_gm_taking_the_last_fate_point_closes_the_invoke_window_at_once() -> None:
    """Whose turn it is is remembered between choices: a GM override must make it forgotten
    (the window was open only because of that point)."""
    enc, dice = armed()
    dice.push([*ZERO, *ZERO])  # A 2 against B 0
    enc.submit("blue", "fire target=B beam=2")
    assert enc.pending()[0].kind == "invoke" and enc.pending()[0].seat == "blue"
    enc.submit("gm", "gm_fate_points character=A delta=-1")
    assert [d.seat for d in enc.pending()] == ["red"]  # blue has nothing left to invoke with


# --- teamwork (C4: "+2 to an ally's roll") ------------------------------------------------------


def wing(
    a2: dict[str, Any], b2: dict[str, Any] | None = None, a: dict[str, Any] | None = None
) -> tuple[Encounter, ScriptedDice]:
    """A and its wingman A2 (blue) against B (and B2, red): A wins detection and places them
    all at 0 and 1, straight to EW (nobody hacks): A's beam turn. Detection: A 6, A2 4, B 2,
    B2 -2 (or B -2 alone)."""
    blue = [a or ship("A"), ship(**a2)]
    red = [ship("B"), *([ship(**b2)] if b2 else [])]
    draws = [PLUS, [1, 1, 0, 0], ZERO, MINUS] if b2 else [PLUS, [1, 1, 0, 0], MINUS]
    enc, dice = start(scenario(blue, red), *draws)
    enc.pass_window("compel")
    enc.pass_window("invoke")
    for name in ("A", "B", "A2", "B2")[: len(blue) + len(red)]:
        seat = next(d.seat for d in enc.pending())
        enc.submit(seat, f"place ship={name} band={0 if name.startswith('A') else 1}")
    enc.submit("blue", "opening phase=electronic_warfare")
    enc.pass_window("compel")
    assert state(enc).phase == BEAM and enc.pending()[0].actor == "A"
    return enc, dice


def test_an_ally_without_a_fate_point_or_free_invoke_is_not_offered() -> None:
    enc, dice = wing({"name": "A2", "aspects": ["Wingman"], "fate_points": 0})
    dice.push([*ZERO, *ZERO])  # A 2 against B 0
    enc.submit("blue", "fire target=B beam=2")
    assert enc.pending()[0].kind == "absorb"  # no window: nobody could invoke
    with pytest.raises(IllegalChoice):
        enc.submit("blue", "invoke aspect=Wingman effect=teamwork payment=fate_point by=A2")


def test_teamwork_is_plus_two_only_and_names_an_ally_still_in_the_fight() -> None:
    """The ally has no dice on the roll: no reroll. A `by=` naming an enemy, or an ally that
    left the fight, is refused with the reason."""
    enc, dice = wing({"name": "A2", "aspects": ["Wingman"], "fate_points": 2})
    dice.push([*ZERO, *ZERO])
    enc.submit("blue", "fire target=B beam=2")
    invokes = {c.text() for c in enc.legal("blue") if c.action == "invoke"}
    assert invokes == {
        enc_choice("invoke aspect=Wingman effect=teamwork payment=fate_point by=A2").text()
    }
    for bad in ("effect=reroll payment=fate_point by=A2", "effect=teamwork payment=free by=A2"):
        reason = enc.why_illegal("blue", enc_choice(f"invoke aspect=Wingman {bad}"))
        assert reason is not None and "not one of A's invoke choices" in reason
    assert (
        enc.why_illegal(
            "blue", enc_choice("invoke aspect=Wingman effect=teamwork payment=fate_point by=B")
        )
        is not None
    )


def test_an_ally_out_of_the_fight_gives_no_teamwork() -> None:
    enc, dice = wing({"name": "A2", "aspects": ["Wingman"], "fate_points": 2})
    the(enc, "A2").out = "destroyed"
    dice.push([*ZERO, *ZERO])
    enc.submit("blue", "fire target=B beam=2")
    assert enc.pending()[0].kind == "absorb"


def test_the_defenders_ally_raises_the_persistent_defence() -> None:
    """B2 (red) helps B's beam defence: +2 on it, standing for the phase (D4); then A may
    answer."""
    a = ship("A", aspects=["Ace Gunner"], fate_points=1)
    b2 = {"name": "B2", "aspects": ["Escort"], "fate_points": 1}
    enc, dice = wing({"name": "A2"}, b2, a=a)
    dice.push([*ZERO, *ZERO])  # A 2 against B 0
    enc.submit("blue", "fire target=B beam=2")
    enc.submit("blue", "pass")
    enc.submit("red", "invoke aspect=Escort effect=teamwork payment=fate_point by=B2")
    assert state(enc).defence["B"] == 2 and the(enc, "B2").fate_points.current == 0
    assert enc.pending()[0].seat == "blue"  # A may answer


def test_firewall_cannot_be_raised_by_an_ally_either_d11() -> None:
    a = ship("A", crew=[MILITARY], stations={"communications": "Com"}, ew=2)
    data = scenario(
        [a],
        [ship("B", stunts=["firewall"]), ship("B2", aspects=["Escort"], fate_points=2)],
    )
    enc, dice = start(data, PLUS, ZERO, MINUS)
    enc.pass_window("compel")
    enc.pass_window("invoke")
    enc.submit("blue", "place ship=A band=0")
    enc.submit("blue", "place ship=B band=1")
    enc.submit("red", "place ship=B2 band=2")
    enc.submit("blue", "opening phase=electronic_warfare")
    enc.pass_window("compel")
    dice.push(PLUS)  # 3 + 4 = 7 against a fixed 2
    enc.submit("blue", "hack target=B")
    assert enc.pending()[0].kind == "absorb"


def test_an_ally_helps_a_position_roll() -> None:
    """Teamwork on any roll open to invokes: A2 gives A +2 on its position roll."""
    enc, dice = wing({"name": "A2", "aspects": ["Wingman"], "fate_points": 1})
    while state(enc).phase != "position":  # through the turn: nobody fires or repairs
        enc.submit(enc.pending()[0].seat, "hold")
    enc.pass_window("compel")
    dice.push([*ZERO, *ZERO, *ZERO])  # A 2, A2 2, B 2
    for seat in ("blue", "red", "blue"):
        enc.submit(seat, "burn value=0")
    assert enc.pending()[0].actor == "A"
    enc.submit("blue", "invoke aspect=Wingman effect=teamwork payment=fate_point by=A2")
    assert state(enc).rolls["A"] == 4
    words = enc.describe(enc.log[-1].events[0])
    assert words == "A2 invokes 'Wingman' for A's position (+2, teamwork): 4"


def test_teamwork_on_an_allys_position_roll_leaves_the_aspect_for_its_own_roll() -> None:
    """Once per aspect per roll (C4): A2's fate point on 'Wingman' for A's position roll does
    not use the aspect up for A2's own roll in the same window."""
    enc, dice = wing({"name": "A2", "aspects": ["Wingman"], "fate_points": 2})
    while state(enc).phase != "position":
        enc.submit(enc.pending()[0].seat, "hold")
    enc.pass_window("compel")
    dice.push([*ZERO, *ZERO, *ZERO])  # A 2, A2 2, B 2
    for seat in ("blue", "red", "blue"):
        enc.submit(seat, "burn value=0")
    enc.submit("blue", "invoke aspect=Wingman effect=teamwork payment=fate_point by=A2")
    assert enc.pending()[0].actor == "A2"  # nothing more for A's roll: not Wingman twice
    assert "effect=teamwork" not in " ".join(c.text() for c in enc.legal("blue"))
    enc.submit("blue", "invoke aspect=Wingman effect=bonus payment=fate_point")
    assert state(enc).rolls == {"A": 4, "A2": 4, "B": 2}


def enc_choice(text: str) -> Choice:
    return Choice.parse(text)
