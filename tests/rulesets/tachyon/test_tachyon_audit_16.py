"""Audit 16 (seed 001): simultaneous initiative at the end of a fight (T8), and what earlier
audits left."""

from __future__ import annotations

import pytest
from tachyon_helpers import (
    MINUS4,
    PLUS4,
    ZERO,
    act,
    raider,
    scenario,
    settle,
    skip_to,
    st,
    start,
    viper,
)

from shiftdrive.engine.encounter import Encounter, IllegalChoice
from shiftdrive.rulesets.tachyon.aspects import add_aspect
from shiftdrive.rulesets.tachyon.damage import damage_small
from shiftdrive.rulesets.tachyon.detection import hide, reveal


def _rolls(enc: Encounter, action: str) -> list[str]:
    return [
        str(e.data["actor"])
        for e in enc.events()
        if e.kind == "roll" and e.data.get("action") == action
    ]


def test_the_last_enemy_taken_out_at_its_own_initiative_still_fires_back() -> None:
    """Seed "Determine initiative": "In case of ties actions are resolved simultaneously";
    T8: "a craft taken out by an action at its own initiative still acts". Viper-1 and
    Raider-1 both have initiative 1 + 4 = 5; Viper-1 (listed first) fires: gunnery 2 + 4
    against pilot 2 - 4, 8 shifts, 4 past its shields and Raider-1 has no consequences: it is
    out. The fight must not end before Raider-1's simultaneous shot: it fires back (2 + 4
    against 2 - 4: 8 shifts, Viper-1 has no consequences either) and both are out, a draw.
    The fight ended at once with Tachyon the winner and Raider-1 never fired."""
    data = scenario([viper(consequences=[])], [raider(consequences=[])])
    enc = start(data, PLUS4, PLUS4, PLUS4, MINUS4, PLUS4, MINUS4)
    skip_to(enc, "gunnery", "Viper-1")
    act(enc, "fire target=Raider-1")
    settle(enc)
    s = st(enc)
    assert not s.units["Raider-1"].active
    assert s.ended is None and s.current == "Raider-1"
    act(enc, "fire target=Viper-1")
    settle(enc)
    assert _rolls(enc, "fire") == ["Viper-1", "Raider-1"]
    assert not s.units["Viper-1"].active
    assert s.ended is not None and s.winner is None


def test_a_craft_taken_out_cannot_concede_in_its_simultaneous_turn() -> None:
    """C10: "Conceding is possible at any time before a roll is made against you" (and the
    seed's concession: "removed from combat": a craft already taken out is out of it). Raider-1
    (a PC with no fate points) is taken out by Viper-1 at their shared initiative 5 and still
    acts (T8); it may fire, but not concede: that paid it a fate point for a fight it had
    already lost."""
    data = scenario(
        [viper()],
        [raider(consequences=[], pc=True, fate_points=0), raider("Raider-2", "Z8")],
    )
    enc = start(data, PLUS4, PLUS4, ZERO, PLUS4, MINUS4)  # Viper-1, Raider-1 at 5
    skip_to(enc, "gunnery", "Viper-1")
    act(enc, "fire target=Raider-1")  # 2 + 4 against 2 - 4: 8 shifts, 4 past the shields
    settle(enc)
    s = st(enc)
    raider1 = s.units["Raider-1"]
    assert not raider1.active and s.current == "Raider-1"
    assert "concede" not in [c.action for c in enc.legal("Pirates")]
    with pytest.raises(IllegalChoice):
        act(enc, "concede")
    assert raider1.fate_points is not None and raider1.fate_points.current == 0
    assert raider1.status == "taken out"


def _hidden_scene_advantage() -> Encounter:
    """Viper-1 (pilot 2, Undetected) maneuvers for an advantage on the scene in Z1 against
    difficulty 0 (+4 on its dice: success with style); Raider-1 is one zone away in Z2."""
    data = scenario([viper()], [raider(zone="Z2")], advantage_difficulty=0)
    enc = start(data, ZERO, PLUS4, PLUS4)  # Viper-1 initiative 1 pilots first
    hide(st(enc), st(enc).units["Viper-1"])
    st(enc).turn_known = False
    act(enc, "maneuver target=scene name='Hiding in the glare'")
    settle(enc)
    return enc


def test_an_undetected_craft_s_scene_advantage_stays_on_its_side() -> None:
    """T7: Undetected ships "cannot be targetted", and what an undetected craft does out of
    sight is its side's alone (its non-aggressive action does not reveal it; its event is
    "Something happens out of sight" to the enemy). The aspect it creates on the scene, in
    its own zone, is part of that: the Pirates' view listed 'Hiding in the glare' in Z1 (where
    the hidden craft is) and let a Pirate PC invoke it. Its own side sees and uses it; once
    the craft is detected, the aspect is there for all."""
    enc = _hidden_scene_advantage()
    s = st(enc)
    made = s.aspects.get("Hiding in the glare")
    assert made.free_for("Viper-1") == 2  # style
    z1 = next(z for z in enc.ruleset.view(s, "Pirates")["zones"] if z["name"] == "Z1")
    assert "Hiding in the glare" not in str(z1["aspects"])
    assert "Hiding in the glare" in enc.ruleset.secrets(s, "Pirates")
    ours = next(z for z in enc.ruleset.view(s, "Tachyon")["zones"] if z["name"] == "Z1")
    assert any("Hiding in the glare" in str(a) for a in ours["aspects"])
    reveal(s, s.units["Viper-1"], False)
    z1 = next(z for z in enc.ruleset.view(s, "Pirates")["zones"] if z["name"] == "Z1")
    assert any("Hiding in the glare" in str(a) for a in z1["aspects"])


def test_invoking_a_hidden_craft_s_scene_aspect_does_not_name_it_to_the_enemy() -> None:
    """T7, as above: Viper-2 (detected, a PC with a fate point) fails a Move 2 zones in Z1
    (pilot 2 - 4 against 2) and pays a fate point to invoke the aspect the Undetected Viper-1
    made there. The Pirates see the +2 in the open roll, not the aspect's name."""
    data = scenario(
        [viper(), viper("Viper-2", pc=True, fate_points=1)],
        [raider(zone="Z2")],
        advantage_difficulty=0,
    )
    # initiative: Viper-1 1, Viper-2 2, Raider-1 5; Viper-1's maneuver 2 + 4 against 0
    enc = start(data, ZERO, [1, 0, 0, 0], PLUS4, PLUS4, MINUS4)
    hide(st(enc), st(enc).units["Viper-1"])
    st(enc).turn_known = False
    act(enc, "maneuver target=scene name='Hiding in the glare'")
    settle(enc)
    assert st(enc).current == "Viper-2"
    act(enc, "move2 to=Z3")
    act(enc, "invoke aspect='Hiding in the glare' by=Viper-2 payment=fate_point effect=bonus")
    invokes = [e for e in enc.events() if e.kind == "invoke"]
    assert invokes and invokes[-1].data["total"] == 2 - 4 + 2
    seen_by_pirates = [enc.ruleset.describe(e, "Pirates") for e in invokes]
    assert seen_by_pirates and not any("Hiding in the glare" in w for w in seen_by_pirates)
    assert any("Hiding in the glare" in enc.ruleset.describe(e, "Tachyon") for e in invokes)
    # the command itself names the aspect: its log entry stays on Tachyon's side too
    (entry,) = [x for x in enc.log if x.choice is not None and x.choice.action == "invoke"]
    assert not entry.visible("Pirates") and entry.visible("Tachyon")


def test_a_pc_who_concedes_after_being_damaged_still_takes_the_rounds_stress() -> None:
    """Seed, End of round: "Accumulate stress: If a player character's fighter was damaged
    (incl. shield) during this round the character receives 1 point of Stress" (T14), with no
    exception for a character who then conceded (a PC taken out takes it too). Viper-1 (a PC)
    takes a hit of 2 on its shields, then concedes in the electronic warfare phase: at the
    end of the round its pilot has 1 stress. It had none."""
    data = scenario([viper(pc=True, fate_points=0), viper("Viper-2")], [raider()])
    enc = start(data, PLUS4, ZERO, ZERO)  # Viper-1 5 acts first in the EW phase
    s = st(enc)
    damage_small(s, s.units["Viper-1"], 2, "Raider-1")
    skip_to(enc, "ew", "Viper-1")
    act(enc, "concede")
    assert s.units["Viper-1"].status == "conceded"
    skip_to(enc, "piloting")
    assert s.round == 2
    stress = s.units["Viper-1"].stress
    assert stress is not None and stress.marked_count == 1
    assert any(e.kind == "stress" and e.data["unit"] == "Viper-1" for e in enc.events())


def test_a_craft_that_waits_onto_a_tie_drops_its_old_pressure_placing() -> None:
    """T8 and the seed's tie notes: among equal initiatives a craft pushed by Pressure is
    "placed after the others" at the initiative it was pushed to; Wait and see then sets its
    initiative "to one less than the target's", where no note places it: listing order. Raider-1
    (initiative 1 - 4 = -3) pressures Viper-1 (1 + 4 = 5): tactics 1 + 4 against 1 - 4, 8
    shifts, Viper-1 to -3, placed after Raider-1. Viper-1 then waits for Raider-2 (1 + 1 = 2):
    initiative 1, level with Viper-2 (1 + 0). In the gunnery phase Viper-1, listed first,
    acts before Viper-2; the push's placing had stuck to it and put it after."""
    data = scenario([viper(), viper("Viper-2")], [raider(), raider("Raider-2")])
    enc = start(data, PLUS4, ZERO, MINUS4, [1, 0, 0, 0], PLUS4, MINUS4)
    s = st(enc)
    assert s.current == "Raider-1"
    act(enc, "pressure target=Viper-1")
    settle(enc)
    assert s.units["Viper-1"].initiative == -3 and s.current == "Viper-1"
    act(enc, "wait target=Raider-2")
    assert s.units["Viper-1"].initiative == s.units["Viper-2"].initiative == 1
    skip_to(enc, "gunnery")
    assert s.current == "Raider-2"
    act(enc, "skip")
    assert s.current == "Viper-1"


def test_a_craft_taken_out_at_its_own_initiative_may_invoke_on_its_simultaneous_shot() -> None:
    """T8: "a craft taken out by an action at its own initiative still acts", and C4: an
    action's roll may be invoked on after the dice are seen. Raider-1 (a PC with a fate point
    and a free invoke on its own 'Hot hand') is taken out by Viper-1 at their shared
    initiative 5, then fires back: gunnery 2 + 0 against pilot 2 + 0, a tie. Its side gets
    the invoke step and its +2 makes the tie a hit of 2 on Viper-1's shields. The step never
    came: the craft's free invokes and fate points were passed over as out of the fight."""
    data = scenario(
        [viper()],
        [raider(consequences=[], pc=True, fate_points=1), raider("Raider-2", "Z8")],
    )
    enc = start(data, PLUS4, PLUS4, ZERO, PLUS4, MINUS4)  # Viper-1, Raider-1 at 5
    s = st(enc)
    add_aspect(s, "Hot hand", "Raider-1", 1, "Raider-1")
    skip_to(enc, "gunnery", "Viper-1")
    act(enc, "fire target=Raider-1")  # 8 shifts: Raider-1 is out
    settle(enc)
    assert not s.units["Raider-1"].active and s.current == "Raider-1"
    act(enc, "fire target=Viper-1")
    assert s.roll is not None and enc.pending_seats() == ["Pirates"]
    legal = [c for c in enc.legal("Pirates") if c.action == "invoke"]
    assert {c.str_param("payment") for c in legal} == {"free", "fate_point"}
    act(enc, "invoke aspect='Hot hand' by=Raider-1 effect=bonus payment=free")
    settle(enc)
    shields = s.units["Viper-1"].shields
    assert shields is not None and shields.marked_count == 2
