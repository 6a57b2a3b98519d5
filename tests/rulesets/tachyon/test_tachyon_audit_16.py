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
