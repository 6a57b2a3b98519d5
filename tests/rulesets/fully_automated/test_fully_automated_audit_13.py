"""Audit 13 of seed 003 (Fully Automated!): the round's order, initiative and its roll-offs,
driven with scripted dice and checked against the seed's text and rulings F2, F3. Initiative
draws 2d10 per fighter in scenario order (speed 5 by default)."""

from __future__ import annotations

from fa_helpers import char, play, scenario, start


def test_a_three_way_roll_off_never_reranks_a_fighter_already_beaten() -> None:
    """F3: "Ties: higher speed, then a roll-off" (doc: "a d10 roll-off, repeated while tied").
    A, C and B all have 11. The roll-off: A 5, C 5, B 3, so B is last; A and C roll again,
    A 3, C 7. A's second 3 must not tie it with B's first 3 (B lost to A already): the order
    is C, A, B (it was B, C, A: A and B rolled a third time and B won)."""
    data = scenario([char("A", "0,0"), char("C", "0,2")], [char("B", "4,0")])
    enc, dice = start(data, 3, 3, 3, 3, 3, 3, 5, 5, 3, 3, 7)
    assert enc.state.order == ["C", "A", "B"]
    assert not dice.remaining


def test_aims_re_roll_leaves_other_fighters_roll_off_alone() -> None:
    """Seed "Aim": "Players also have the option to re-roll their initiative roll whenever they
    play the aim action" (F3): only the aimer's initiative changes. A and B tie at 11 and A
    wins the roll-off 9 to 2; C aims and re-rolls (1 2: 8). A and B do not roll off again:
    A stays ahead of B (the code re-rolled their tie, 2 to 9, and swapped them)."""
    data = scenario([char("A", "0,0")], [char("B", "4,0"), char("C", "-6,0")])
    enc, dice = start(data, 3, 3, 3, 3, 1, 1, 9, 2)
    assert enc.state.order == ["A", "B", "C"]
    play(enc, A="defend", B="defend")
    enc.submit("C", "play card=aim reroll=true")
    dice.push([1, 2, 2, 9])
    while enc.pending() and enc.pending()[0].kind == "step":
        enc.submit(enc.pending()[0].seat, "stay")
    assert enc.state.round == 2 and enc.state.fighters["C"].initiative == 8
    assert enc.state.order == ["A", "B", "C"] and dice.remaining == 2


def test_the_end_of_round_never_announces_the_dead_as_stunned() -> None:
    """Seed "The round ends. The GM should announce who is stunned" (F2). B at -16 HP takes
    A's Punch at 0 (4 damage and a stun): -20 is dead (F8), and the dead are not stunned
    (the announcement named B)."""
    data = scenario([char("A", "0,0")], [char("B", "1,0", hp=-16), char("C", "-6,0")])
    enc, _ = start(data, 5, 5, 1, 1, 1, 2, 0, 0)
    play(enc, A="punch", C="defend")
    enc.submit("A", "target name=B from=0,0")
    while enc.state.round == 1:
        enc.submit(enc.pending()[0].seat, "stay")
    assert enc.state.fighters["B"].status == "dead"
    (summary,) = [e.data for e in enc.events() if e.kind == "end_round"]
    assert summary["stunned"] == []
