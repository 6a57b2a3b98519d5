"""Second seed audit for tachyon (seed 001; rulings C1-C12, T1-T15): places where the code
disagreed with the text or the rulings, each played through the engine with scripted dice."""

from __future__ import annotations

import json

from tachyon_helpers import (
    FRIGATE,
    ZERO,
    act,
    kinds,
    raider,
    scenario,
    settle,
    skip_to,
    st,
    start,
    viper,
)

from shiftdrive.engine.encounter import Encounter, IllegalChoice
from shiftdrive.engine.replay import replay
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


# --- GM overrides of a system track (T5: a row applies while both its boxes are marked) -------
def _guns(enc: Encounter) -> list[bool]:
    return [st(enc).units[f"Dread gun {i}"].active for i in (1, 2)]


def test_a_gm_clearing_the_guns_out_row_puts_the_guns_back_and_logs_it() -> None:
    """The GM's `gm_stress` on a gun emplacements box breaks row 3 as a repair would: the
    guns are back in action (logged), replay gives the same state and undo takes it back."""
    data = scenario([viper(zone="Z2")], [raider(zone="Z8")], b_large=[FRIGATE])
    enc = start(data, *[ZERO] * 5)
    for box in range(1, 7):
        enc.submit("gm", f"gm_stress character=Dread track=gun_emplacements box={box}")
    assert _guns(enc) == [False, False]
    assert kinds(enc, "out")  # the sixth box completed row 3: both guns out of action
    enc.submit("gm", "gm_stress character=Dread track=gun_emplacements box=6 marked=false")
    assert _guns(enc) == [True, True]
    assert [e.data["unit"] for e in enc.log[-1].events if e.kind == "back"] == [
        "Dread gun 1",
        "Dread gun 2",
    ]
    assert replay(json.loads(json.dumps(enc.to_json()))).ok
    enc.undo()
    assert _guns(enc) == [False, False]


def test_a_gm_completing_the_explosion_row_destroys_the_ship_with_its_guns() -> None:
    """A completed "Catastrophic explosion" row destroys the ship however it was marked; with
    nothing else on its side, the fight ends there."""
    data = scenario([viper(zone="Z2")], [], b_large=[FRIGATE])
    enc = start(data, *[ZERO] * 5)
    for box in range(1, 12):
        enc.submit("gm", f"gm_stress character=Dread track=propulsion box={box}")
    assert st(enc).units["Dread"].active  # row 6 needs both its boxes
    enc.submit("gm", "gm_stress character=Dread track=propulsion box=12")
    assert st(enc).units["Dread"].status == "destroyed"
    assert _guns(enc) == [False, False]
    result = enc.result()
    assert result is not None and result.winner == "Tachyon"
