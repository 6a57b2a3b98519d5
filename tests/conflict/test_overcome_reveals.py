"""Overcoming a hidden aspect names it to every seat, so the overcome reveals it (as an
invoke reveals the aspect it uses): no seat's view may hide an aspect its log names."""

from __future__ import annotations

import json

from conftest import EXAMPLES
from shiftdrive.core.dice import ScriptedDice
from shiftdrive.engine.encounter import Encounter
from shiftdrive.engine.events import GM
from shiftdrive.files import read_yaml


def test_overcoming_a_hidden_aspect_reveals_it() -> None:
    """Anna Vex tries to overcome her side's hidden 'Jammed Hatch' and fails (all minus):
    the aspect stays, and the raiders, whose log names it, now see it in the state too."""
    data = read_yaml(EXAMPLES / "fate_core" / "station-ambush.yaml")
    enc = Encounter.start(data, dice=ScriptedDice([-1] * 120))
    enc.submit(GM, "gm_add_aspect name='Jammed Hatch' owner='Anna Vex' hidden=true")
    assert "Jammed Hatch" not in json.dumps(enc.view("raiders"))
    enc.submit("crew", "overcome aspect='Jammed Hatch' skill=Athletics")
    enc.pass_window("invoke")
    raiders = enc.view("raiders")
    assert "Jammed Hatch" in json.dumps(raiders["log"])
    assert enc.state.aspects.get("Jammed Hatch").hidden is False
    assert "Jammed Hatch" in json.dumps(raiders["state"])
