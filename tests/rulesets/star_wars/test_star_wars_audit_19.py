"""Audit 19: what conceding pays a vehicle's crew (C7, C10), and the odds shown before each
kind of roll against the roll it then makes (S3's size bonus and grouped stations, S13's help)."""

from __future__ import annotations

from typing import Any

from test_star_wars_audit_18 import _kestrel

from shiftdrive.core.dice import ScriptedDice
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter

SHOT = Choice.of("attack", target="Kestrel", skill="Shoot")
PLUS = [1, 1, 1, 1]
MINUS = [-1, -1, -1, -1]


def _scorched(after: list[int]) -> Encounter:
    """The TIE (Shoot 2, +4 on the dice: 6) hits the Kestrel (Size 2: Tarra's Pilot 4, -4 on
    the dice, +2 for the smaller attacker: 2) by four shifts: two hull boxes and the mild
    consequence (2). Pix holds; the round ends with her."""
    enc = Encounter.start(_kestrel(), dice=ScriptedDice(PLUS + MINUS + after))
    enc.submit("smugglers", "hold")
    enc.submit("smugglers", Choice.of("next", who="TIE pilot"))
    enc.submit("empire", SHOT)
    enc.submit("smugglers", Choice.of("defend", skill="Pilot"))
    enc.pass_window("invoke")
    if enc.pending()[0].kind == "style":
        enc.submit("empire", "full")
    absorb = next(c for c in enc.legal("smugglers") if "mild" in c.label)
    enc.submit("smugglers", absorb)
    kestrel = enc.state.fighters["Kestrel"]
    assert kestrel.consequences.count_taken_in_conflict() == 1
    assert kestrel.stress["hull"].is_full
    enc.submit("smugglers", "hold")  # Pix, the last to act in round 1
    return enc


def _points(enc: Encounter) -> dict[str, Any]:
    return {n: enc.state.fighters[n].fate_points.current for n in ("Tarra", "Pix")}


def test_a_named_gunner_conceding_with_its_vehicle_is_paid() -> None:
    """C10/C7: "Conceding is possible at any time before a roll is made against you, and pays
    fate points": one, plus one per consequence taken in the conflict. The TIE fires at the
    scorched Kestrel again and her crew concede before the roll (the vehicle's defend stage):
    Tarra, whose purse the Kestrel spends, gains 1 + 1 for the Kestrel's mild consequence
    (3 to 5), and Pix, a named character who concedes with her ship, gains her own point
    (3 to 4). The old code set Pix to conceded and paid her nothing."""
    enc = _scorched([])
    enc.submit("smugglers", Choice.of("next", who="TIE pilot"))
    enc.submit("empire", SHOT)
    assert {c.action for c in enc.legal("smugglers")} == {"defend", "concede"}
    events = enc.submit("smugglers", "concede")
    assert {n: enc.state.fighters[n].status for n in ("Kestrel", "Tarra", "Pix")} == {
        "Kestrel": "conceded", "Tarra": "conceded", "Pix": "conceded",
    }  # fmt: skip
    assert _points(enc) == {"Tarra": 5, "Pix": 4}
    paid = {e.data["who"]: e.data["fate_points"] for e in events if e.kind == "concede"}
    assert paid == {"Kestrel": 2, "Pix": 1}


def test_a_pilot_conceding_on_its_turn_is_paid_for_its_vehicles_consequences() -> None:
    """C7 with the doc's default (the vehicle spends its pilot's fate points, so the ship's
    consequences are the pilot's stake): Tarra, at the scorched Kestrel's helm, concedes on
    her own turn, leaving Pix aboard: she gains 1 + 1 for the Kestrel's mild consequence
    (3 to 5), as she would have conceding with the ship before the TIE's roll. The old code
    paid her 1 (4): the same concession paid two ways."""
    enc = _scorched([])
    enc.submit("smugglers", Choice.of("next", who="Tarra"))
    enc.submit("smugglers", "concede")
    assert enc.state.fighters["Tarra"].status == "conceded"
    assert enc.state.fighters["Kestrel"].status == "active"
    assert _points(enc) == {"Tarra": 5, "Pix": 3}
