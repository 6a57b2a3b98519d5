"""The odds column of the GM's `break_free` (a standing action: open at any time the GM has
no turn of its own) shows its exact chance, the seed's -4 counted, as the GM's light-combat
`check` does; the engine priced only the actions of open turns."""

from __future__ import annotations

from test_fa_seed_rules import restrained_b

from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import GM


def test_break_free_shows_its_chance_before_the_roll() -> None:
    """1d10 + 3 - 4 against 6 succeeds on a 7 or more: 4 in 10 (the roll in
    `test_breaking_free_is_the_gms_skill_check_less_four` fails on a 5 and succeeds on a 7)."""
    enc, _ = restrained_b()
    rs = enc.ruleset
    assert "break_free" in rs.standing(enc.state, GM)
    hard = Choice.parse("break_free name=B bonus=3 difficulty=6")
    assert rs.odds_words(enc.state, GM, hard) == "success 40%"
    easy = Choice.parse("break_free name=B bonus=9 difficulty=6")
    assert rs.odds_words(enc.state, GM, easy) == "success 100%"
    # another seat has no such action: nothing to price
    assert rs.odds_words(enc.state, "A", hard) is None
