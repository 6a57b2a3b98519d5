"""Second seed audit for tachyon (seed 001; rulings C1-C12, T1-T15): places where the code
disagreed with the text or the rulings, each played through the engine with scripted dice."""

from __future__ import annotations

from tachyon_helpers import FRIGATE, ZERO, act, raider, scenario, settle, skip_to, st, start, viper

from shiftdrive.engine.encounter import IllegalChoice
from shiftdrive.rulesets.tachyon.damage import damage_system


# --- Large target damage (T5): a repaired row no longer applies -------------------------------
def test_repairing_the_gun_emplacements_out_of_action_row_puts_the_guns_back() -> None:
    """Seed "Gun Emplacement: ... Gun emplacement out of action" and "Repair systems: Clear 1
    box of damage"; T5: "a row's effect applies once both its boxes are marked". Once a
    repair breaks row 3 the guns are in action again."""
    data = scenario([viper(zone="Z2")], [raider(zone="Z8")], b_large=[FRIGATE])
    # Initiative (Viper, Raider, Dread, two guns) all 0 dice; then Dread's repair: technology 2
    # + 1 = 3 against 2.
    enc = start(data, *[ZERO] * 5, [1, 0, 0, 0])
    dread = st(enc).units["Dread"]
    damage_system(st(enc), dread, "gun_emplacements", 6)
    assert not st(enc).units["Dread gun 1"].active and not st(enc).units["Dread gun 2"].active
    skip_to(enc, "damage", "Dread")
    act(enc, "repair system=gun_emplacements")
    settle(enc)
    assert dread.systems["gun_emplacements"].marked_count == 5
    assert st(enc).units["Dread gun 1"].active and st(enc).units["Dread gun 2"].active
    # ... and they fire in the next gunnery phase.
    skip_to(enc, "gunnery", "Dread gun 1")
    assert any(c.action == "fire" for c in enc.legal("Pirates"))


# --- Anti-ship weapons (seed "Anti-ship weapons: ... Out of action") -------------------------
def test_guns_fire_at_ships_only_while_the_anti_ship_weapons_are_in_action() -> None:
    """Seed: anti-ship weapons rows 1-2 have no mechanical effect, row 3 is "Out of
    action": the ship's guns no longer fire at enemy ships (they still fire at craft)."""
    data = scenario(
        [viper(zone="Z8")],
        [raider(zone="Z1")],
        a_large=[{"name": "Pike", "template": "corvette", "zone": "Z1"}],
        b_large=[{"name": "Brute", "template": "frigate", "zone": "Z1"}],
    )
    enc = start(data, *[ZERO] * 7)
    pike = st(enc).units["Pike"]
    damage_system(st(enc), pike, "antiship_weapons", 4)  # rows 1-2: no effect
    skip_to(enc, "gunnery", "Pike gun 1")
    assert "fire_large system=propulsion target=Brute" in [c.text() for c in enc.legal("Tachyon")]
    damage_system(st(enc), pike, "antiship_weapons", 2)  # row 3: out of action
    texts = [c.text() for c in enc.legal("Tachyon")]
    assert not any(t.startswith("fire_large") for t in texts)
    assert "fire target=Raider-1" in texts
    try:
        act(enc, "fire_large system=propulsion target=Brute")
    except IllegalChoice as e:
        assert "anti-ship weapons are out of action" in str(e)
    else:  # pragma: no cover
        raise AssertionError("a gun fired at a ship without anti-ship weapons")
