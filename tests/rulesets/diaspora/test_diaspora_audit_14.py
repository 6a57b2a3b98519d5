"""Audit 14 of the diaspora ruleset: rules meeting each other (a GM override in the middle of
a roll's window, hidden aspects and each seat's view), against the seed
(seeds/002_dc5d5c3e593a1e3d.txt, "The Sequence") and rulings C4, D4, D9, D12. The odds shown
before every EW, beam, torpedo and point-defence roll were checked against the rule's own
outcome for every dice total (no mismatch: nothing to test for them here)."""

from __future__ import annotations

from diaspora_helpers import MINUS, PLUS, ZERO, duel, opened, scenario, ship, start, state, the

from shiftdrive.engine.choices import Choice


def test_a_gm_taking_the_last_means_to_invoke_lets_the_open_attack_land_c4_d4() -> None:
    """Seed "Beam Weapons": "Subtract the defender's final sum from the attacker's to find the
    number of shifts"; C4: invokes are declared after the dice and before the outcome. Only B
    could still invoke on A's beam attack (its fate point); when the GM takes that point, the
    window has nobody left in it: the attack must land then (A 2 against B 0: 2 shifts on B's
    Frame, B's consequences to choose), not leave the fight waiting on no one for ever."""
    a = ship("A", aspects=["Ace Gunner"])
    b = ship("B", aspects=["Thick Armour"], fate_points=1)
    enc, dice = opened([a], [b], bands={"A": 0, "B": 2}, phase="beam")
    dice.push([*ZERO, *ZERO])  # A: beam 2 (+1, Gunnery 2 is not above 2) = 2; B: 0
    enc.submit("blue", "fire target=B beam=2")
    assert [(d.seat, d.kind) for d in enc.pending()] == [("red", "invoke")]
    events = enc.submit("gm", "gm_fate_points character=B delta=-1")
    outcome = [e.data for e in events if e.kind == "outcome"]
    assert outcome and outcome[0]["shifts"] == 2
    assert state(enc).contest is None
    assert enc.result() is None and enc.pending(), "somebody must have a decision"
    assert enc.pending()[0].kind == "absorb" and enc.pending()[0].actor == "B"


def test_break_tie_is_not_offered_once_the_gm_takes_the_ships_fate_point_d9() -> None:
    """Seed "Detection": a tie stands "if neither ship is willing or able to invest fate
    points" (D9). A ship the GM left without a fate point is no longer able: spending one must
    not be offered to it (the engine would refuse the choice it lists)."""
    a = ship("A", fate_points=1)
    b = ship("B", fate_points=1)
    enc, _ = start(duel(a, b), ZERO, ZERO)  # both 2 on Navigation 2: tied
    assert [(d.seat, d.kind) for d in enc.pending()] == [("blue", "tie")]
    enc.submit("gm", "gm_fate_points character=A delta=-1")
    legal = [c.action for c in enc.legal("blue")]
    assert "break_tie" not in legal and "pass" in legal


def test_a_hidden_aspect_stays_with_its_ships_side_in_view_and_compels_d12() -> None:
    """A GM's hidden aspect (gm_add_aspect hidden=true) on B is seen by B's side and the GM
    only (as in every ruleset's views): blue's view does not show it, and blue may not compel
    it (D12: a side compels aspects of another side's ship that it knows of) while the GM may."""
    a = ship("A", aspects=["Loud"])
    b = ship("B", aspects=["Proud"])
    enc, _ = start(duel(a, b))
    enc.submit("gm", "gm_add_aspect name='Secret Reactor' owner=B hidden=true")
    assert "Secret Reactor" in [x["name"] for x in enc.ruleset.view(state(enc), "red")["aspects"]]
    assert "Secret Reactor" in [x["name"] for x in enc.ruleset.view(state(enc), "gm")["aspects"]]
    assert "Secret Reactor" not in str(enc.ruleset.view(state(enc), "blue"))
    blue = [c.get("aspect") for c in enc.legal("blue") if c.action == "compel"]
    assert blue == ["Proud"]
    gm = [c.get("aspect") for c in enc.ruleset.legal(state(enc), "gm") if c.action == "compel"]
    assert "Secret Reactor" in gm
    assert Choice.parse("compel ship=B aspect='Secret Reactor'") not in enc.legal("blue")


def test_the_fight_waits_for_every_burns_heat_hit_before_it_ends_d3_d14() -> None:
    """Seed "Position": the burning ships "immediately take a hit to their Heat stress track",
    all at once. A's burn of 8 takes it out (one Heat box); B burned 8 too, and its hit is
    marked before the fight is read (D14): it takes B out as well, so nobody is left to win,
    where the old code ended the fight with B the winner and its hit never marked."""
    data = scenario([ship("A", heat=1)], [ship("B", heat=1)])
    enc, dice = start(data, PLUS, MINUS)
    enc.pass_window("compel")
    enc.pass_window("invoke")
    enc.submit("blue", "place ship=A band=0")
    enc.submit("blue", "place ship=B band=2")
    enc.submit("blue", "opening phase=position")
    enc.pass_window("compel")
    dice.push([*ZERO, *ZERO])
    enc.submit("blue", "burn value=8")
    enc.submit("red", "burn value=8")
    enc.submit("blue", "absorb taking=none")
    assert the(enc, "A").out == "destroyed"
    assert enc.result() is None  # B's Heat hit is still to be marked
    enc.submit("red", "absorb taking=none")
    assert the(enc, "B").out == "destroyed"
    result = enc.result()
    assert result is not None and result.winner is None
