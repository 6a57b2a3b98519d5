"""Audit 12 of the star_wars ruleset: help (S13) is for the helped ally's own roll."""

from __future__ import annotations

from star_wars_scenes import brawl

from shiftdrive.core.dice import ScriptedDice
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter

ZERO = [0, 0, 0, 0]


def test_help_is_kept_for_the_allys_own_roll_and_not_spent_on_its_defence() -> None:
    """The documented default (S13, Fate Core teamwork helps an ally's action): Han helps Lia
    with Athletics; TK-1 then shoots Lia, who defends with Athletics. The defence gets no +1
    (TK-1's 2 ties Lia's 2) and the help stays promised for Lia's own next roll."""
    data = brawl()
    data["interrupts"] = False
    enc = Encounter.start(data, dice=ScriptedDice(ZERO + ZERO))
    enc.submit("rebels", "hold")
    enc.submit("rebels", Choice.of("next", who="Han"))
    enc.submit("rebels", Choice.of("help", ally="Lia", skill="Athletics"))
    enc.submit("rebels", Choice.of("next", who="TK-1"))
    enc.submit("empire", Choice.of("attack", target="Lia", skill="Shoot"))
    enc.submit("rebels", Choice.of("defend", skill="Athletics"))
    enc.pass_window("invoke")
    outcome = next(e for e in reversed(enc.events()) if e.kind == "outcome")
    assert (outcome.data["total"], outcome.data["opposition"]) == (2, 2)
    assert [(h.helper, h.ally, h.skill) for h in enc.state.helps] == [("Han", "Lia", "Athletics")]
