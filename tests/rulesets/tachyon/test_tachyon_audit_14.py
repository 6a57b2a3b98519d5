"""Third audit pass: the odds shown before a roll against what the roll then does, and rules
where they meet (the invoke window, C4, against an action's own outcome, C5)."""

from __future__ import annotations

from tachyon_helpers import FRIGATE, PLUS4, ZERO, act, raider, scenario, skip_to, st, start, viper

from shiftdrive.engine.encounter import Encounter
from shiftdrive.rulesets.tachyon.aspects import BOOST, add_aspect


def _tied_scene_advantage() -> Encounter:
    """Viper-1 (pilot 2) acts first and maneuvers for an advantage on the scene against
    difficulty 6; its dice come up + + + +: a tie, with nothing a reroll could add. It holds
    one free invoke of its own."""
    data = scenario([viper(pc=True, fate_points=0)], [raider(zone="Z8")], advantage_difficulty=6)
    enc = start(data, ZERO, PLUS4, PLUS4)
    add_aspect(st(enc), "Hot hand", "Viper-1", 1, "Viper-1")
    st(enc).turn_known = False
    act(enc, "maneuver target=scene name='Sun behind'")
    return enc


def test_a_tied_scene_advantage_may_be_invoked_into_the_aspect() -> None:
    """C5: "tie: a boost; success: the aspect with 1 free invoke", and C4: "Invokes are
    declared after the dice are seen and before the outcome is applied". A create-an-advantage
    against a fixed difficulty does not take tachyon's "a tie counts as success" default (its
    odds already count only a success), so a +2 turns its tie into the aspect: the window must
    open. It was skipped (the tie was read as a success already) and the craft got a boost."""
    enc = _tied_scene_advantage()
    s = st(enc)
    assert s.roll is not None and enc.pending_seats() == ["Tachyon"]
    act(enc, "invoke aspect='Hot hand' by=Viper-1 effect=bonus payment=free")
    assert s.roll is None
    made = s.aspects.get("Sun behind")
    assert made.kind is not BOOST
    assert made.free_for("Viper-1") == 1


def test_a_miss_within_point_defense_opens_the_ships_invoke_step() -> None:
    """Seed "Fire at large target": "On failure: if within range of active defenses attacker
    takes damage equal to shifts plus weapons" (T3: long-range point defense reaches range 1),
    and C4: +2 to the defense roll, declared after the dice are seen. Every shift of such a
    failure is a shift of the backlash, as every shift of a hit counts (`HITS`): the ship's
    side, holding a free invoke, gets its step and its +2 adds 2 to the backlash. It was
    passed over (a failure cannot fail more) and the miss cost Viper-1 only 1 + 1."""
    enc = start(scenario([viper(zone="Z2")], [], b_large=[FRIGATE]))
    skip_to(enc, "gunnery", "Viper-1")
    s = st(enc)
    add_aspect(s, "Flak curtain", None, 1, "Pirates")
    s.turn_known = False
    # gunnery 2 + 0 against long-range defense 3 + 0: a miss by 1, Viper-1 one zone away
    act(enc, "fire_large target=Dread system=propulsion")
    assert s.roll is not None and enc.pending_seats() == ["Pirates"]
    act(enc, "invoke aspect='Flak curtain' by=Pirates effect=bonus payment=free")
    (backlash,) = [e for e in enc.events() if e.kind == "backlash"]
    assert backlash.data["damage"] == 3 + 1  # the miss by 3, plus point defense 1
