"""The odds column of Fully Automated! choices: each card's damage and reach, and an attack's
exact damage spread against its target, worked out by the functions that resolve the attack
(`forecast`) and checked against the resolver itself over every roll of the dice."""

from __future__ import annotations

import itertools
from fractions import Fraction

from fa_helpers import char, play, scenario, start

from shiftdrive.core.odds import fudge_distribution
from shiftdrive.engine.choices import Choice
from shiftdrive.maps.hexgrid import Hex
from shiftdrive.rulesets.fully_automated.forecast import forecast

INIT = (5, 5, 1, 1)  # A 15, B 7


def test_pistol_against_an_undefended_target_shows_the_table_as_damage() -> None:
    """Pistol Shot, 5 damage, table -2 -1 0 +1 +2 over 2dF (1, 2, 3, 2, 1 in 9)."""
    data = scenario(
        [char("A", "0,0", proficiencies=["pistol"], weapons=["pistol"])], [char("B", "3,0")]
    )
    enc, _ = start(data, *INIT)
    play(enc, A="pistol_shot", B="move")
    words = enc.ruleset.odds_words(enc.state, "A", Choice.of("target", name="B"))
    assert words == "damage 3: 11%, 4: 22%, 5: 33%, 6: 22%, 7: 11%"
    assert enc.ruleset.odds(enc.state, "A", Choice.of("target", name="B")) is None


def test_each_card_shows_its_damage_and_reach() -> None:
    data = scenario(
        [char("A", "0,0", proficiencies=["rifle"], weapons=["rifle", "club"])], [char("B", "3,0")]
    )
    enc, _ = start(data, *INIT)
    words = {c.label: enc.ruleset.odds_words(enc.state, "A", c) for c in enc.legal("A")}
    assert words["play Rifle Fire"] == "6 damage, range 2-6 (1, 7-8 at disadvantage)"
    assert words["play Club"] == (
        "6 damage, adjacent, 1 hex of movement; at disadvantage (no proficiency)"
    )
    assert words["play Move"] == "move up to 4 hexes"


def test_punch_shows_its_chance_to_stun() -> None:
    enc, _ = start(scenario([char("A", "0,0")], [char("B", "1,0")]), *INIT)
    play(enc, A="punch", B="move")
    words = enc.ruleset.odds_words(enc.state, "A", Choice.of("target", name="B", **{"from": "0,0"}))
    assert words == "damage 4: 100%; stun 67%"  # Punch: Stun on 0, + and ++ (7 in 9)


def _tally(data: dict[str, object], defense: int, strike: int) -> dict[int, Fraction]:
    """B's HP lost over every roll of the dice, by really resolving the attack each time."""
    out: dict[int, Fraction] = {}
    for d_faces in itertools.product((-1, 0, 1), repeat=defense):
        total = sum(sorted(d_faces)[:2]) if defense == 3 else sum(d_faces)
        rolls: list[tuple[int, ...]] = [()]
        if total <= -1:
            rolls = list(itertools.product((-1, 0, 1), repeat=strike + (1 if total == -1 else 0)))
        for s_faces in rolls:
            p = Fraction(1, 3 ** (len(d_faces) + len(s_faces)))
            enc, _ = start(data, *INIT, *d_faces, *s_faces)
            play(enc, A="rifle_fire", B="defend")
            enc.submit("A", "target name=B")
            enc.submit("B", "stay")
            lost = 20 - enc.state.fighters["B"].hp
            out[lost] = out.get(lost, Fraction(0)) + p
    return out


def test_the_forecast_is_the_resolver_over_every_roll() -> None:
    """Rifle Fire on a defender in cover (no disadvantage) with light armor: -1 across cover,
    -1 armor; a -1 defense disadvantages the strike. The forecast's spread is exactly what
    resolving the attack gives over all 2dF defenses and strikes."""
    data = scenario(
        [char("A", "0,0", proficiencies=["rifle"], weapons=["rifle"])],
        [char("B", "3,0", armor="light")],
        terrain={"2,0": "low_obstacle"},
    )
    enc, _ = start(data, *INIT)
    play(enc, A="rifle_fire", B="defend")
    atk = enc.state.attack
    got = forecast(enc.state, atk, "B", Hex(0, 0))
    spread: dict[int, Fraction] = {0: got["stopped"]}
    for key, p in got["effects"].items():
        dmg = int(key.split("/")[0])
        spread[dmg] = spread.get(dmg, Fraction(0)) + p
    assert spread == _tally(data, 2, 2)
    assert got["counter"] == Fraction(3, 9)  # a defense of +1 or +2 (worded 'if in reach')


def test_an_aimed_attack_is_priced_aimed() -> None:
    """The doc's worked example, as odds: an aimed pistol shot at an adjacent target is 13
    before the dice, rolled with advantage (3dF keep the best two, F1)."""
    data = scenario(
        [char("A", "0,0", proficiencies=["pistol"], weapons=["pistol"])], [char("B", "1,0")]
    )
    enc, _ = start(data, *INIT)
    play(enc, A="aim", B="aim")
    play(enc, A="pistol_shot", B="move")
    got = forecast(enc.state, enc.state.attack, "B", Hex(0, 0))
    table = {-2: -2, -1: -1, 0: 0, 1: 1, 2: 2}  # Pistol Shot's table (F5)
    assert got["effects"] == {
        f"{13 + table[t]}/0": p for t, p in fudge_distribution(2, advantage=1).items()
    }
    words = enc.ruleset.odds_words(enc.state, "A", Choice.of("target", name="B"))
    assert words == "aimed, with advantage: damage 11: 4%, 12: 11%, 13: 26%, 14: 33%, 15: 26%"
