"""Audit 13 (seed 001: round structure, fate points and invokes, conceding; rulings C4, C7,
T15)."""

from __future__ import annotations

from tachyon_helpers import (
    PLUS4,
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

from shiftdrive.rulesets.tachyon.damage import damage_small


def test_a_repaired_consequence_still_pays_on_concession() -> None:
    """Seed, Conceding a conflict: "receive a Fate point / receive an additional Fate point per
    Consequence received in conflict"; C7 "plus one per consequence taken in that conflict".
    A consequence cleared by Repair systems was still received: conceding pays 1 + 1."""
    data = scenario([viper(pc=True, fate_points=0)], [raider()])
    # Viper-1 initiative 1, Raider-1 5; the repair rolls technology 1 + 2 against 2.
    enc = start(data, ZERO, PLUS4, [1, 1, 0, 0])
    damage_small(st(enc), st(enc).units["Viper-1"], 4 + 2, "Raider-1")
    act(enc, "absorb consequences=mild")
    skip_to(enc, "damage", "Viper-1")
    act(enc, "repair system=consequence")
    settle(enc)
    v = st(enc).units["Viper-1"]
    assert v.consequences is not None and not v.consequences.taken()
    skip_to(enc, "piloting", "Viper-1")
    act(enc, "concede")
    assert v.fate_points is not None and v.fate_points.current == 1 + 1


def test_a_paid_hostile_invoke_gives_the_owner_a_fate_point_at_the_battles_end() -> None:
    """C7: fate points are "earned by ... having your aspect invoked against you" (Fate Core:
    "at the end of the scene"). Raider-1 pays a fate point to invoke Viper-1's 'Hotshot Ace'
    against Viper-1's tail roll: Raider-1 loses one at once; Viper-1 is owed one, and is
    paid it when the battle ends (Raider-1 concedes), seen by its own side only."""
    data = scenario(
        [viper(pc=True, fate_points=1, aspects=["Hotshot Ace"])],
        [raider(pc=True, fate_points=2)],
    )
    enc = start(data, ZERO, PLUS4, [1, 0, 0, 0], ZERO)  # tail: pilot 2 + 1 against 2 + 0
    act(enc, "tail target=Raider-1")
    act(enc, "pass")  # Tachyon
    enc.submit("Pirates", "invoke aspect='Hotshot Ace' by=Raider-1 payment=fate_point effect=bonus")
    s = st(enc)
    assert s.units["Raider-1"].fate_points.current == 1  # type: ignore[union-attr]
    assert s.units["Viper-1"].fate_points.current == 1  # type: ignore[union-attr]
    assert s.units["Viper-1"].owed_points == 1
    assert "On their tail (Viper-1 on Raider-1)" not in s.aspects  # 3 against 4
    assert not kinds(enc, "fate_point")
    settle(enc)
    enc.submit("Pirates", "concede")
    assert enc.result() is not None
    assert s.units["Viper-1"].fate_points.current == 2  # type: ignore[union-attr]
    assert kinds(enc, "fate_point") == [
        "Viper-1 gains 1 fate point(s) for its aspects invoked against it (2 now)"
    ]
    paid = next(e for e in enc.events() if e.kind == "fate_point")
    assert paid.visible_to == frozenset({"Tachyon"})


def test_a_free_invoke_on_a_consequence_pays_nobody() -> None:
    """C9: the attacker's free invoke on a new consequence costs no fate point, so the
    consequence's owner earns none (C7 pays for a fate point spent against you)."""
    data = scenario([viper(pc=True, fate_points=0)], [raider()])
    enc = start(data, ZERO, PLUS4, [1, 1, 0, 0])  # repair shields: 1 + 2 against 2
    damage_small(st(enc), st(enc).units["Viper-1"], 4 + 2, "Raider-1")
    act(enc, "absorb consequences=mild")
    skip_to(enc, "damage", "Viper-1")
    act(enc, "repair_shields")  # Tachyon has nothing to invoke: the Raiders' step comes
    enc.submit(
        "Pirates",
        "invoke aspect='Scorched hull (Viper-1)' by=Raider-1 payment=free effect=bonus",
    )
    v = st(enc).units["Viper-1"]
    assert v.shields is not None and v.shields.marked_count == 4  # 3 against 4: no repair
    assert v.fate_points is not None and v.fate_points.current == 0
    assert not kinds(enc, "fate_point")
