"""Audit 12 of seed 003 (Fully Automated!): the engine driven with scripted dice, its numbers
checked against the seed's text and rulings F4, F6, F8, F9. Initiative draws 2d10 per fighter
in scenario order (speed 5 by default)."""

from __future__ import annotations

from fa_helpers import char, hp, play, scenario, start

from shiftdrive.engine.choices import Choice
from shiftdrive.maps.hexgrid import Hex
from shiftdrive.rulesets.fully_automated.forecast import forecast

INIT = (5, 5, 1, 1)  # A: 5 + 10 = 15, B: 5 + 2 = 7
INIT3 = (5, 5, 1, 1, 1, 2)  # A 15, B 7, C 8


def test_the_odds_never_price_a_counter_attack_from_an_incapacitated_defender() -> None:
    """Seed "Additional Combat Rules": the incapacitated "cannot perform any action besides
    defending at disadvantage" (F8; F4's counter-attack is an attack). B at 0 HP defends, and
    on a +2 the attack fails with no counter-attack; the odds column must not offer one
    either (it showed "counter-attack 15% if in reach")."""
    data = scenario([char("A", "0,0")], [char("B", "1,0", hp=0), char("C", "-6,0")])
    enc, _ = start(data, *INIT3, 1, 1, 1)
    play(enc, A="punch", C="defend")
    assert enc.state.attack is not None
    got = forecast(enc.state, enc.state.attack, "B", Hex(0, 0))
    assert got["defending"] and got["counter"] == 0
    words = enc.ruleset.odds_words(enc.state, "A", Choice.of("target", name="B", **{"from": "0,0"}))
    assert words is not None and "counter-attack" not in words
    enc.submit("A", "target name=B from=0,0")
    enc.submit("B", "stay")
    kinds = [e.kind for e in enc.events()]
    assert "no_counter" in kinds and "counter" not in kinds and hp(enc, "A") == 20


def test_the_odds_never_price_a_counter_attack_from_a_failed_restraint_on_the_helpless() -> None:
    """F6: a -2 Restrain "fails and the target counter-attacks at disadvantage" - but an
    incapacitated target cannot (F8). The odds column showed a counter-attack chance."""
    data = scenario(
        [char("A", "0,0", restraints=True)], [char("B", "1,0", hp=0), char("C", "-6,0")]
    )
    enc, _ = start(data, *INIT3)
    play(enc, A="restrain", C="defend")
    assert enc.state.attack is not None
    got = forecast(enc.state, enc.state.attack, "B", Hex(0, 0))
    assert got["effects"]["fails"] > 0 and got["counter"] == 0


def test_the_odds_of_a_failed_restraint_show_the_damage_after_armor() -> None:
    """F6: "-1 fails and deals 3 damage"; Restrain is an attack card, so heavy armor takes 2
    (F9: "Heavy armor by 2 points"): the resolver deals 1, and the odds column must say 1
    (it said "3 damage, not restrained")."""
    data = scenario([char("A", "0,0", restraints=True)], [char("B", "1,0", hp=10, armor="heavy")])
    enc, _ = start(data, *INIT, -1, 0)
    play(enc, A="restrain", B="move")
    words = enc.ruleset.odds_words(enc.state, "A", Choice.of("target", name="B"))
    assert words == (
        "restrained 67%; 1 damage, not restrained 22%; fails 11%; counter-attack 11% if in reach"
    )
    enc.submit("A", "target name=B")
    assert hp(enc, "B") == 9
