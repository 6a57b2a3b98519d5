"""Audit 12 (seed 001: large targets, swarms, ordnance, system tracks; rulings T5, T6, T8)."""

from __future__ import annotations

from tachyon_helpers import FRIGATE, PLUS4, ZERO, scenario, st, start, viper

from shiftdrive.rulesets.tachyon.damage import damage_system
from shiftdrive.rulesets.tachyon.phases.damage_control import repair
from shiftdrive.rulesets.tachyon.state import ACTIVE


def test_guns_back_in_action_take_the_propulsion_damage_done_while_they_were_out() -> None:
    """Seed "Propulsion: Minimize 1 die on Tactics rolls for all gun emplacements"; T5 (a row
    works while both its boxes are marked) and T6 (the guns' one tactics roll is their
    initiative). Dread's guns (tactics 1, dice 0 0 0 0: initiative 1) are put out of action,
    then propulsion row 1 completes; when a repair puts them back, their last die counts as -,
    so they come back at initiative 0, not at the 1 they had before the propulsion damage."""
    enc = start(scenario([viper(zone="Z2")], [], b_large=[FRIGATE]), ZERO, PLUS4, ZERO, ZERO)
    s = st(enc)
    dread = s.units["Dread"]
    damage_system(s, dread, "gun_emplacements", 6)  # row 3: out of action
    damage_system(s, dread, "propulsion", 2)  # row 1: guns minimize 1 tactics die
    repair(s, dread, "gun_emplacements", True, None)  # breaks row 3: the guns are back
    guns = [s.units["Dread gun 1"], s.units["Dread gun 2"]]
    assert [g.status for g in guns] == [ACTIVE, ACTIVE]
    assert [g.initiative for g in guns] == [0, 0]
