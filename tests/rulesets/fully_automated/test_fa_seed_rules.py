"""Rules the seed gives that take effect: Restrain's Disarm, breaking free by a skill check,
smoke and foliage as terrain, stabilising the dying (seed "Restrain", "Additional Combat
Rules", "Discerning Cover and Line of Sight"; F6, F8)."""

from __future__ import annotations

import pytest
from fa_helpers import char, hp, play, scenario, start

from shiftdrive.core.dice import ScriptedDice
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter, IllegalChoice
from shiftdrive.engine.events import GM

INIT = (5, 5, 1, 1, 1, 1, 1, 2)  # A 15, B 7, C 7; the roll-off: B 1, C 2


def restrained_b() -> tuple[Encounter, ScriptedDice]:
    """A restrains B (0 0: restrained) while C, far off, moves."""
    data = scenario(
        [char("A", "0,0", restraints=True)],
        [
            char("B", "1,0", hp=13, proficiencies=["pistol"], weapons=["pistol"]),
            char("C", "-6,0"),
        ],
    )
    enc, dice = start(data, *INIT, 0, 0)
    play(enc, A="restrain", B="move", C="move")
    enc.submit("A", "target name=B")
    return enc, dice


def test_restrain_disarms_its_target() -> None:
    """The card's line "Disarm & indefinite stun": B drops the pistol and its card."""
    enc, _ = restrained_b()
    b = enc.state.fighters["B"]
    assert b.restrained and b.weapons == [] and "pistol_shot" not in b.cards
    words = [enc.describe(e) for e in enc.events() if e.kind == "restrain"]
    assert words[-1].endswith("B is restrained and disarmed (drops pistol)")


def test_breaking_free_is_the_gms_skill_check_less_four() -> None:
    enc, dice = restrained_b()
    dice.push([5])  # 1d10 5 + 3 - 4 = 4 vs 6: fails
    enc.submit(GM, "break_free name=B bonus=3 difficulty=6")
    assert enc.state.fighters["B"].restrained
    dice.push([7])  # 7 + 3 - 4 = 6 vs 6: free
    enc.submit(GM, "break_free name=B bonus=3 difficulty=6")
    b = enc.state.fighters["B"]
    assert not b.restrained and b.status == "active"
    said = [enc.describe(e) for e in enc.events() if e.kind in ("check", "freed")]
    assert said[-3:] == [
        "B's skill check to break free: 1d10 5 +3 -4 = 4 vs 6: failure",
        "B's skill check to break free: 1d10 7 +3 -4 = 6 vs 6: success",
        "B breaks free of the restraint",
    ]
    with pytest.raises(IllegalChoice, match="not restrained"):
        enc.submit(GM, "break_free name=B bonus=3 difficulty=6")


def smoke_fight(terrain: dict[str, str]) -> tuple[Encounter, ScriptedDice]:
    data = scenario(
        [char("A", "0,0", proficiencies=["pistol"], weapons=["pistol"])],
        [char("B", "4,0")],
        terrain=terrain,
    )
    enc, dice = start(data, 5, 5, 1, 1)
    play(enc, A="pistol_shot", B="move")
    return enc, dice


@pytest.mark.parametrize(
    "terrain", [{"2,0": "smoke"}, {"4,0": "foliage"}], ids=["smoke between", "target in foliage"]
)
def test_a_ranged_attack_through_smoke_or_foliage_is_at_disadvantage(
    terrain: dict[str, str],
) -> None:
    enc, dice = smoke_fight(terrain)
    dice.push([1, 1, -1])  # 3dF keep the worst two: + -
    enc.submit("A", "target name=B")
    hit = next(e for e in enc.events() if e.kind == "hit")
    assert hit.data["reasons"] == ["smoke or foliage"] and hit.data["total"] == 0
    assert hp(enc, "B") == 15  # Pistol 5 at 0


def test_the_odds_column_counts_the_smoke() -> None:
    (clear, _), (hazy, _) = smoke_fight({}), smoke_fight({"2,0": "smoke"})
    shot = Choice.of("target", name="B")
    assert clear.ruleset.odds_words(clear.state, "A", shot) != hazy.ruleset.odds_words(
        hazy.state, "A", shot
    )
    assert hazy.ruleset.odds_words(hazy.state, "A", shot) == (
        "at disadvantage (smoke or foliage): damage 3: 26%, 4: 33%, 5: 26%, 6: 11%, 7: 4%"
    )


def test_the_dying_lose_a_point_each_round_until_stabilised() -> None:
    data = scenario([char("A", "0,0")], [char("B", "5,0"), char("C", "-6,0")])
    enc, _ = start(data, *INIT)
    play(enc, A="defend", B="defend", C="move")  # B chose before it fell: it does not act
    enc.submit(GM, "hp name=B delta=-32")  # 20 -> -12: dying (F8)
    assert enc.state.fighters["B"].status == "dying"
    enc.submit("A", "stay")
    enc.submit("C", "move to=-6,0")
    assert hp(enc, "B") == -13  # the end of round 1: dying loses 1
    enc.submit(GM, "stabilise name=B")
    play(enc, A="defend", C="move")
    enc.submit("A", "stay")
    enc.submit("C", "move to=-6,0")
    assert hp(enc, "B") == -13 and enc.state.round == 3
    assert "stabilise" not in {c.action for c in enc.legal(GM)}  # once is enough
