"""Dogfighting (S5): On Your Six between fighters in one zone, with scripted dice."""

from __future__ import annotations

from typing import Any

from shiftdrive.core.dice import ScriptedDice
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter

ZERO = [0, 0, 0, 0]
PLUS = [1, 1, 0, 0]
MINUS = [-1, -1, 0, 0]


def furball() -> dict[str, Any]:
    """Two named pilots in Size 1 fighters, one zone, a second zone next door."""
    return {
        "ruleset": "star_wars",
        "interrupts": False,
        "zone_kind": "space",
        "first": "Ace",
        "zones": [{"name": "Here", "adjacent": ["There"]}, {"name": "There"}],
        "sides": [
            {"name": "rebels",
             "characters": [{"name": "Ace", "skills": {"Pilot": 2, "Shoot": 2}, "vehicle": "X",
                             "station": "pilot"}],
             "vehicles": [{"name": "X", "size": 1, "zone": "Here"}]},
            {"name": "empire",
             "characters": [{"name": "Baron", "skills": {"Pilot": 2, "Shoot": 2},
                             "vehicle": "T", "station": "pilot"}],
             "vehicles": [{"name": "T", "size": 1, "zone": "Here"}]},
        ],
    }  # fmt: skip


def tail(enc: Encounter, seat: str, target: str, defender: str) -> None:
    enc.submit(seat, Choice.of("tail", target=target))
    enc.submit(defender, Choice.of("defend", skill="Pilot"))
    enc.pass_window("invoke")


def test_on_your_six_stops_the_tailed_fighter_attacking_its_pursuer() -> None:
    """Ace Pilot 2 + 2 against Baron 2 - 2: four shifts, with style: two free invokes."""
    enc = Encounter.start(furball(), dice=ScriptedDice(PLUS + MINUS))
    tail(enc, "rebels", "T", "empire")
    six = enc.state.aspects.get("On T's Six")
    assert six.owner == "T" and six.free_for("Ace") == 2
    attacks = [c for c in enc.legal("empire") if c.action == "attack"]
    assert attacks == []
    reason = enc.why_illegal("empire", Choice.of("attack", target="X", skill="Shoot"))
    assert reason is not None and "on its six" in reason


def test_the_tailed_fighter_reverses_it_with_a_success() -> None:
    enc = Encounter.start(furball(), dice=ScriptedDice(PLUS + MINUS + PLUS + MINUS))
    tail(enc, "rebels", "T", "empire")
    labels = [c.label for c in enc.legal("empire") if c.action == "tail"]
    assert labels == ["Reverse X's tail (Pilot)"]
    tail(enc, "empire", "X", "rebels")
    assert [(t.pursuer, t.tailed) for t in enc.state.tails] == [("T", "X")]
    assert "On T's Six" not in enc.state.aspects


def test_a_tie_removes_it_from_both() -> None:
    enc = Encounter.start(furball(), dice=ScriptedDice(PLUS + MINUS + ZERO + ZERO))
    tail(enc, "rebels", "T", "empire")
    tail(enc, "empire", "X", "rebels")
    assert enc.state.tails == [] and "On T's Six" not in enc.state.aspects


def test_a_pursuer_that_ties_tightening_its_hold_keeps_it_and_gains_a_boost() -> None:
    """S5's tie clears the aspect only on the tailed fighter's reverse; a pursuer rolling
    again for its own tail and tying keeps it (a tie on an advantage: a boost, C5)."""
    enc = Encounter.start(furball(), dice=ScriptedDice(PLUS + MINUS + ZERO + ZERO))
    tail(enc, "rebels", "T", "empire")
    enc.submit("empire", "hold")
    enc.submit("empire", Choice.of("next", who="Ace"))
    labels = [c.label for c in enc.legal("rebels") if c.action == "tail"]
    assert labels == ["Get on T's six (Pilot)"]
    tail(enc, "rebels", "T", "empire")
    assert [(t.pursuer, t.tailed) for t in enc.state.tails] == [("X", "T")]
    six = enc.state.aspects.get("On T's Six")
    assert six.free_for("Ace") == 2  # the hold's invokes stay; none added on a tie
    assert "Ace's Edge" in enc.state.aspects


def test_ending_a_turn_in_different_zones_removes_it() -> None:
    enc = Encounter.start(furball(), dice=ScriptedDice(PLUS + MINUS))
    tail(enc, "rebels", "T", "empire")
    enc.submit("empire", Choice.of("move", to="There"))
    enc.submit("empire", "hold")
    assert enc.state.tails == []
