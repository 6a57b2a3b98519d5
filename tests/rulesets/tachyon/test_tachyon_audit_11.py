"""Audit 11: the seed's initiative tie notes when a second craft lands on the same value."""

from __future__ import annotations

from tachyon_helpers import PLUS4, ZERO, act, scenario, settle, skip_to, st, start, viper


def test_a_later_refocus_to_the_same_initiative_is_placed_before_an_earlier_one() -> None:
    """Seed (Tactical refocus note): "In case of a tie, the character performing the action is
    placed before the others": the others include a craft that refocused there earlier."""
    data = scenario([viper(), viper("Viper-2")], [viper("Raider-1", zone="Z8")])
    # Initiative: Viper-1 1, Viper-2 2, Raider-1 5. Both Vipers refocus to 3 (1 + 2 vs 0),
    # Viper-1 first (it pilots first), then Viper-2.
    enc = start(data, ZERO, [1, 0, 0, 0], PLUS4, [1, 1, 0, 0], [1, 1, 0, 0])
    act(enc, "refocus")
    settle(enc)
    act(enc, "refocus")
    settle(enc)
    assert st(enc).units["Viper-1"].initiative == st(enc).units["Viper-2"].initiative == 3
    skip_to(enc, "gunnery")
    act(enc, "skip")  # Raider-1, initiative 5
    assert st(enc).current == "Viper-2"  # the latest refocuser goes before Viper-1


def test_a_later_pushed_craft_is_placed_after_an_earlier_pushed_one() -> None:
    """Seed (Pressure opponent note): "In case of a tie, the character being pushed ... is
    placed after the others": the others include a craft pushed there earlier."""
    data = scenario([viper(), viper("Viper-2")], [viper("Raider-1"), viper("Raider-2")])
    # Initiative: Viper-1 5, Viper-2 5, Raider-1 1, Raider-2 2. Raider-1 pushes Viper-2 and
    # then Raider-2 pushes Viper-1, each by 2 shifts (3 vs 1): both Vipers drop to 3.
    enc = start(data, PLUS4, PLUS4, ZERO, [1, 0, 0, 0], [1, 1, 0, 0], ZERO, [1, 1, 0, 0], ZERO)
    act(enc, "pressure target=Viper-2")
    settle(enc)
    act(enc, "pressure target=Viper-1")
    settle(enc)
    assert st(enc).units["Viper-1"].initiative == st(enc).units["Viper-2"].initiative == 3
    skip_to(enc, "gunnery")
    assert st(enc).current == "Viper-2"  # the craft pushed last (Viper-1) goes after it
