"""Audit 20 of seed 003 (Fully Automated!) and rulings F1-F10: every action card's table and
"If Aimed" line played through the engine with the seed's numbers, light combat, and the
HP thresholds. Initiative draws 2d10 per fighter in scenario order (speed 5 by default)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from fa_helpers import char, hp, play, scenario, start

from shiftdrive.engine.encounter import Encounter
from shiftdrive.engine.events import GM
from shiftdrive.engine.scenario import ScenarioError
from shiftdrive.files import start_from_file

INIT = (5, 5, 1, 1)  # A: 5 + 10 = 15, B: 5 + 2 = 7
FACES = {-2: (-1, -1), -1: (-1, 0), 0: (0, 0), 1: (1, 0), 2: (1, 1)}  # 2dF for each total

# card -> (what A carries, B's hex)
KIT: dict[str, tuple[dict[str, Any], str]] = {
    "punch": ({}, "1,0"),
    "trained_strike": ({"proficiencies": ["trained_strike"]}, "1,0"),
    "claw": ({"proficiencies": ["claws"]}, "1,0"),
    "spray": ({"proficiencies": ["spray"], "weapons": ["sprayer"]}, "1,0"),
    "taze_strike": ({"proficiencies": ["e_baton"], "weapons": ["e_baton"]}, "1,0"),
    "club": ({"proficiencies": ["club"], "weapons": ["club"]}, "1,0"),
    "stab": ({"proficiencies": ["knife"], "weapons": ["knife"]}, "1,0"),
    "sword_strike": ({"proficiencies": ["sword"], "weapons": ["sword"]}, "1,0"),
    "staff_strike": ({"proficiencies": ["staff"], "weapons": ["bo_staff"]}, "2,0"),
    "spear": ({"proficiencies": ["staff"], "weapons": ["spear"]}, "2,0"),
    "pistol_shot": ({"proficiencies": ["pistol"], "weapons": ["pistol"]}, "3,0"),
    "nanodart": ({"proficiencies": ["nanodart"], "weapons": ["nanodart"]}, "3,0"),
    "slingshot": ({"proficiencies": ["nanodart"], "weapons": ["slingshot"]}, "3,0"),
    "rifle_fire": ({"proficiencies": ["rifle"], "weapons": ["rifle"]}, "3,0"),
    "darter": ({"proficiencies": ["rifle"], "weapons": ["microdarter"]}, "3,0"),
    "piercing_arrow": ({"proficiencies": ["shortbow"], "weapons": ["shortbow"]}, "3,0"),
    "stun_arrow": ({"proficiencies": ["shortbow"], "weapons": ["shortbow"]}, "3,0"),
}

CLOSE = {cid for cid, (_, at) in KIT.items() if at != "3,0"}

# The seed's cards (F5's corrections for the garbled ones): (damage, stuns) of each total
# -2..+2 against an undefended target in normal range, no cover, no armor.
TABLES: dict[str, list[tuple[int, int]]] = {
    # Punch 4: ~ ~ Stun Stun Stun
    "punch": [(4, 0), (4, 0), (4, 1), (4, 1), (4, 1)],
    # Trained Strike 5, Claw! 5: the same table
    "trained_strike": [(5, 0), (5, 0), (5, 1), (5, 1), (5, 1)],
    "claw": [(5, 0), (5, 0), (5, 1), (5, 1), (5, 1)],
    # Spray 4 and Taze Strike 6: ~ Stun Stun Stun 2x Stun
    "spray": [(4, 0), (4, 1), (4, 1), (4, 1), (4, 2)],
    "taze_strike": [(6, 0), (6, 1), (6, 1), (6, 1), (6, 2)],
    # Club 6: ~ ~ ~ Stun Stun
    "club": [(6, 0), (6, 0), (6, 0), (6, 1), (6, 1)],
    # Stab 6 (F5): -2 ~ ~ +1 +2
    "stab": [(4, 0), (6, 0), (6, 0), (7, 0), (8, 0)],
    # Sword Strike 8 (F5): ~ ~ ~ +2 +4
    "sword_strike": [(8, 0), (8, 0), (8, 0), (10, 0), (12, 0)],
    # Staff Strike 6: ~ Stun Stun Stun Stun
    "staff_strike": [(6, 0), (6, 1), (6, 1), (6, 1), (6, 1)],
    # Spear 7: -2 -1 ~ +2 +4
    "spear": [(5, 0), (6, 0), (7, 0), (9, 0), (11, 0)],
    # Pistol Shot 5 (F5): -2 -1 0 +1 +2
    "pistol_shot": [(3, 0), (4, 0), (5, 0), (6, 0), (7, 0)],
    # Nanodart 4 (F5): ~ Stun Stun Stun Stun x2
    "nanodart": [(4, 0), (4, 1), (4, 1), (4, 1), (4, 2)],
    # Slingshot 4 (F5): ~ +1&Stun +1&Stun +1&Stun +1&Stun x2
    "slingshot": [(4, 0), (5, 1), (5, 1), (5, 1), (5, 2)],
    # Rifle Fire 6: -4 -2 0 +2 +4
    "rifle_fire": [(2, 0), (4, 0), (6, 0), (8, 0), (10, 0)],
    # Darter 4 (F5): ~ Stun +1&Stun +2&Stun x2 +2&Stun x2
    "darter": [(4, 0), (4, 1), (5, 1), (6, 2), (6, 2)],
    # Piercing Arrow 6: -2 -1 0 +2 +4
    "piercing_arrow": [(4, 0), (5, 0), (6, 0), (8, 0), (10, 0)],
    # Stun Arrow 4: -2 -1 Stun Stun Stun x2
    "stun_arrow": [(2, 0), (3, 0), (4, 1), (4, 1), (4, 2)],
}


def strike_once(cid: str, *dice: int, aim: bool = False) -> Encounter:
    """A attacks B (who plays Move, so does not defend) with `cid` from where it stands; with
    `aim`, both Aim in round 1 first (unhurt: A holds the aim in round 2)."""
    kit, b_at = KIT[cid]
    enc, _ = start(scenario([char("A", "0,0", **kit)], [char("B", b_at)]), *INIT, *dice)
    if aim:
        play(enc, A="aim", B="aim")
        assert enc.state.fighters["A"].aim > 0
    play(enc, A=cid, B="move")
    ranged = cid not in CLOSE  # ranged cards have no hex of movement: no `from=`
    enc.submit("A", "target name=B" if ranged else "target name=B from=0,0")
    return enc


@pytest.mark.parametrize(
    ("cid", "total"), [(cid, t) for cid in TABLES for t in range(-2, 3)], ids=str
)
def test_each_cards_table_deals_the_seeds_numbers(cid: str, total: int) -> None:
    """Every action card of the seed, every column of its table: the damage and the stuns
    dealt to an undefended target (F5's corrections for the garbled cards)."""
    enc = strike_once(cid, *FACES[total])
    dmg, stun = TABLES[cid][total + 2]
    hit = next(e.data for e in enc.events() if e.kind == "hit")
    assert hit["total"] == total and hit["advantage"] == 0
    assert hp(enc, "B") == 20 - dmg
    assert enc.state.fighters["B"].stun == stun


# "If Aimed" lines: (3dF faces, kept total, damage, stuns). Advantage keeps the best two.
AIMED: dict[str, tuple[tuple[int, int, int], int, int]] = {
    # Punch "If Aimed: 8 Dam. & Stun": even a -- stuns
    "punch": ((-1, -1, -1), 8, 1),
    # Trained Strike / Claw! "If Aimed: 10 Dam. & Stun"
    "trained_strike": ((-1, -1, -1), 10, 1),
    "claw": ((0, 0, -1), 10, 1),
    # Spray "If Aimed: (Advantage)": the best two of + + - is ++: 2x Stun
    "spray": ((1, 1, -1), 4, 2),
    # Taze Strike "If Aimed: 10 damage & Advantage": no stun of its own on a --
    "taze_strike": ((-1, -1, -1), 10, 0),
    # Club "If Aimed: 10 Damage & Stun"
    "club": ((0, 0, -1), 10, 1),
    # Stab "If Aimed: 12 Damage", then the table: + is +1
    "stab": ((1, 0, -1), 13, 0),
    # Sword Strike "If Aimed: 18 Damage & Stun", ++ is +4
    "sword_strike": ((1, 1, 0), 22, 1),
    # Staff Strike "If Aimed: 10 Damage & 2x Stun"
    "staff_strike": ((0, 0, -1), 10, 2),
    # Spear "If Aimed: 14 Damage & Stun", -- is -2
    "spear": ((-1, -1, -1), 12, 1),
    # Pistol "+4 damage & Advantage" (the +8 is only adjacent): at 3 hexes 5 + 4
    "pistol_shot": ((0, 0, -1), 9, 0),
    # Nanodart "If Aimed: 6 Damage & Stun"; ++ is Stun x2 (the larger, not the sum)
    "nanodart": ((1, 1, -1), 6, 2),
    # Slingshot "+2 damage & Advantage"; 0 is +1 & Stun: 4 + 2 + 1
    "slingshot": ((0, 0, -1), 7, 1),
    # Rifle "+4 damage & Adv." (+8 only at 2 hexes): at 3 hexes, + is +2: 6 + 4 + 2
    "rifle_fire": ((1, 0, -1), 12, 0),
    # Darter "+4 damage & Advantage"; + is +2 & Stun x2
    "darter": ((1, 0, 0), 10, 2),
    # Shortbow "Advantaged even if disadvantaged apply": no extra damage
    "piercing_arrow": ((0, 0, -1), 6, 0),
    "stun_arrow": ((1, 1, 0), 4, 2),
}


@pytest.mark.parametrize("cid", sorted(AIMED))
def test_each_cards_if_aimed_line_is_the_seeds(cid: str) -> None:
    """Every card's "If Aimed" line: advantage (3dF, the best two, F1) and its damage or
    bonus and stuns, on top of the table's column."""
    faces, dmg, stun = AIMED[cid]
    enc = strike_once(cid, *faces, aim=True)
    hit = next(e.data for e in enc.events() if e.kind == "hit")
    assert hit["advantage"] == 1 and len(hit["faces"]) == 3  # type: ignore[arg-type]
    assert hp(enc, "B") == 20 - dmg
    assert enc.state.fighters["B"].stun == stun
    assert enc.state.fighters["A"].aim == 0  # spent by the attack


# --- light combat (F10) ----------------------------------------------------------------------


def light(*extra: dict[str, Any]) -> dict[str, Any]:
    return {
        "ruleset": "fully_automated",
        "mode": "light",
        "sides": [
            {"name": "Crew", "characters": [{"name": "Ana"}, {"name": "Bo"}]},
            {"name": "Gang", "characters": [{"name": "Cy"}, *extra]},
        ],
    }


def declare_all(enc: Encounter) -> None:
    for d in list(enc.pending()):
        enc.submit(d.seat, "declare text=Defend")


def test_the_dying_lose_a_point_each_light_round_until_stabilised() -> None:
    """Seed "Additional Combat Rules" (F8): the dying "take one additional point of damage
    for each round or every 30 seconds until stabilized". Light combat has rounds too (F10:
    "the light combat system consists of rounds"): Bo, taken to -12 by the GM, loses 1 at the
    end of round 1, and no more once the GM stabilises him."""
    enc, _ = start(light())
    declare_all(enc)
    enc.submit(GM, "hp name=Bo delta=-32")  # 20 -> -12: dying
    assert enc.state.fighters["Bo"].status == "dying"
    while enc.state.round == 1:
        enc.submit(GM, "next")
    assert hp(enc, "Bo") == -13
    assert any(
        e.kind == "damage" and e.data["why"] == "dying" and e.data["character"] == "Bo"
        for e in enc.events()
    )
    enc.submit(GM, "stabilise name=Bo")
    declare_all(enc)
    while enc.state.round == 2:
        enc.submit(GM, "next")
    assert hp(enc, "Bo") == -13


# --- damage and thresholds (F8) --------------------------------------------------------------


def test_the_dead_stay_dead() -> None:
    """F8: "If they reach -20 HP then they are dead": their token is off the map (another may
    stand on their hex) and the GM's `hp` no longer changes them; healing one used to bring
    it back on a hex someone else now holds."""
    from shiftdrive.engine.encounter import IllegalChoice

    data = scenario([char("A", "0,0"), char("C", "-3,0")], [char("B", "2,0"), char("D", "5,0")])
    enc, _ = start(data, 5, 5, 1, 1, 2, 2, 3, 3)  # A 15, C 7, B 9, D 11
    play(enc, A="defend", B="defend", C="move", D="move")
    enc.submit(GM, "hp name=B delta=-40")  # 20 -> -20: dead
    assert enc.state.fighters["B"].status == "dead"
    assert not any(c.action == "hp" and c.get("name") == "B" for c in enc.legal(GM))
    with pytest.raises(IllegalChoice, match="B is dead"):
        enc.submit(GM, "hp name=B delta=40")
    with pytest.raises(IllegalChoice, match="B is dead"):
        enc.submit(GM, "hp name=B delta=-1")
    assert hp(enc, "B") == -20 and enc.state.fighters["B"].status == "dead"


def test_a_character_stabilised_then_healed_bleeds_again_when_dying_anew() -> None:
    """F8: the dying lose 1 HP a round "until stabilized". Stabilising ends that dying; one
    the GM heals out of it (-5) and who later falls below -10 again is dying anew, and bleeds
    until stabilised again (a default of the doc: the seed's stabilising is of a dying)."""
    enc, _ = start(light())
    declare_all(enc)
    enc.submit(GM, "hp name=Bo delta=-32")  # -12: dying
    enc.submit(GM, "stabilise name=Bo")
    enc.submit(GM, "hp name=Bo delta=7")  # -5: incapacitated, no longer dying
    enc.submit(GM, "hp name=Bo delta=-7")  # -12: dying again
    assert enc.state.fighters["Bo"].status == "dying"
    assert "stabilise" in {c.action for c in enc.legal(GM)}
    while enc.state.round == 1:
        enc.submit(GM, "next")
    assert hp(enc, "Bo") == -13


def test_a_default_hp_of_zero_or_less_is_refused_naming_the_field(tmp_path: Path) -> None:
    """F8: at 0 HP or below a character is incapacitated. `rules.hp` is every character's full
    HP unless it sets its own: `rules.hp: 0` used to end the fight before its first card ("no
    side is left standing"). Refused at load, naming the file and the field, through the CLI's
    loader. (A character's own `hp` of 0 or less stays allowed: a scenario may start one
    already down, a body to drag.)"""
    path = tmp_path / "fight.yaml"
    data = scenario([char("A", "0,0")], [char("B", "3,0")], rules={"hp": 0})
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        start_from_file(path, seed=1)
    problems = dict(info.value.problems)
    assert set(problems) == {"rules.hp"}
    assert "greater than or equal to 1" in problems["rules.hp"]
    assert f"{path}: rules.hp:" in str(info.value)


# --- cover and armor (F9) --------------------------------------------------------------------


@pytest.mark.parametrize(("armor", "hypebot_hp"), [("none", 19), ("light", 20), ("heavy", 20)])
def test_a_character_used_as_cover_takes_its_point_less_its_armor(
    armor: str, hypebot_hp: int
) -> None:
    """Seed "Discerning Cover": "Dusty is behind cover ... If dealt damage, she takes one point
    less, but Hypebot takes it instead"; "Additional Combat Rules": armor is subtracted "from
    the damage inflicted by each attack" (F9). The point Hypebot takes is the attack's damage,
    so his armor takes it off: light or heavy armor leaves him unhurt (it used to go through
    armor). Dot's rifle at 0 deals 6: Dusty takes 5."""
    data = scenario(
        [char("Dot", "0,0", proficiencies=["rifle"], weapons=["rifle"])],
        [char("Hypebot", "3,2", armor=armor), char("Dusty", "3,3")],
    )
    enc, _ = start(data, 5, 5, 1, 1, 1, 2, 0, 0)
    play(enc, Dot="rifle_fire", Hypebot="move", Dusty="move")
    enc.submit("Dot", "target name=Dusty")
    hit = next(e.data for e in enc.events() if e.kind == "hit")
    assert hit["cover"] and hit["cover_by"] == "Hypebot"
    assert hp(enc, "Dusty") == 15
    assert hp(enc, "Hypebot") == hypebot_hp


def test_light_combat_runs_in_table_order_with_d10_checks_and_ends_at_the_round_limit() -> None:
    """Seed "Light Combat" (F10): no map and no initiative (no dice at the set-up); everyone
    declares in secret, all reveal; the GM goes "around the table" (the scenario's order)
    with "a relevant skill check ... if necessary": 1d10 + bonus against a difficulty,
    success on reaching it (7 + 2 = 9 against 9 succeeds, 6 + 2 = 8 fails); rounds repeat
    until the GM ends the fight, a side has nobody able left, or the round limit (a draw)."""
    data = light()
    data["sides"].reverse()  # table order: Cy first, then Ana and Bo
    data["rules"] = {"max_rounds": 2}
    enc, _ = start(data, 7, 6)
    assert enc.state.order == ["Cy", "Ana", "Bo"]
    enc.submit("Bo", "declare text='I hide behind the bar'")
    enc.submit(GM, "reveal")  # Cy and Ana undecided: Defend
    assert enc.state.played["Ana"]["text"] == "Defend" and enc.state.played["Cy"]["undecided"]
    assert enc.pending()[0].actor == "Cy"
    enc.submit(GM, "check bonus=2 difficulty=9")
    assert enc.state.light_success
    enc.submit(GM, "next")
    assert enc.pending()[0].actor == "Ana"
    enc.submit(GM, "check bonus=2 difficulty=9")
    assert not enc.state.light_success
    enc.submit(GM, "next")
    enc.submit(GM, "next")  # Bo: no check needed
    assert enc.state.round == 2
    declare_all(enc)
    for _ in range(3):
        enc.submit(GM, "next")
    result = enc.result()
    assert result is not None and result.winner is None and result.ending == "round limit"


@pytest.mark.parametrize(
    "text",
    ["I shoot Dr. Nyx from behind the crate", "I shove Mr. Oda and J. R. Vance aside, e.g. hard"],
)
def test_light_combat_takes_a_sentence_with_an_abbreviation(text: str) -> None:
    """Seed "Light Combat": "declare anything so long as it's a single non-run-on sentence".
    The period of "Dr." or an initial ends no sentence: such a sentence used to be refused
    as several. Two sentences are still refused."""
    from shiftdrive.engine.encounter import IllegalChoice

    enc, _ = start(light())
    enc.submit("Ana", f"declare text='{text}'")
    assert enc.state.secret.chosen["Ana"]["text"] == text
    with pytest.raises(IllegalChoice, match="one sentence"):
        enc.submit("Bo", "declare text='I shoot Dr. Nyx. Then I run.'")
