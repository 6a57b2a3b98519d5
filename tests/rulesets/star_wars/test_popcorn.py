"""Popcorn initiative and interrupts (S1), teamwork (S13) and boosts (S11) in a character
conflict, with scripted dice so every outcome is exact."""

from __future__ import annotations

from typing import Any

import pytest
from star_wars_scenes import brawl as scene

from shiftdrive.core.dice import ScriptedDice
from shiftdrive.core.odds import OddsQuery, odds
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter, IllegalChoice
from shiftdrive.engine.ruleset import Turn


@pytest.fixture
def brawl() -> dict[str, Any]:
    return scene()


ZERO = [0, 0, 0, 0]
PLUS = [1, 1, 1, 1]
MINUS = [-1, -1, -1, -1]


def start(data: dict[str, Any], dice: list[int] | None = None) -> Encounter:
    return Encounter.start(data, dice=ScriptedDice(dice or []))


def no_interrupts(data: dict[str, Any]) -> dict[str, Any]:
    data["interrupts"] = False
    return data


def turns(enc: Encounter) -> list[Turn]:
    return enc.ruleset.turns(enc.state)


def shoot(enc: Encounter, seat: str, target: str, defender_seat: str) -> None:
    enc.submit(seat, Choice.of("attack", target=target, skill="Shoot"))
    enc.submit(defender_seat, Choice.of("defend", skill="Athletics"))
    enc.pass_window("invoke")


def test_the_scenario_names_who_opens(brawl: dict[str, Any]) -> None:
    enc = start(no_interrupts(brawl))
    assert turns(enc) == [Turn("rebels", "turn", "Lia")]
    brawl["first"] = "TK-2"
    assert turns(start(brawl)) == [Turn("empire", "turn", "TK-2")]


def test_the_actor_names_the_next_among_those_who_have_not_acted(brawl: dict[str, Any]) -> None:
    enc = start(no_interrupts(brawl), ZERO + ZERO)
    shoot(enc, "rebels", "TK-1", "empire")  # 3 against 1: a hit of 2
    enc.submit("empire", enc.legal("empire")[0])  # absorb
    assert turns(enc) == [Turn("rebels", "next", "Lia")]
    assert {c.str_param("who") for c in enc.legal("rebels")} == {"Han", "TK-1", "TK-2"}
    with pytest.raises(IllegalChoice):
        enc.submit("rebels", Choice.of("next", who="Lia"))  # Lia has acted this round
    enc.submit("rebels", Choice.of("next", who="TK-2"))
    assert turns(enc) == [Turn("empire", "turn", "TK-2")]


def test_the_last_actor_picks_the_next_rounds_opener_themself_included(
    brawl: dict[str, Any],
) -> None:
    enc = start(no_interrupts(brawl))
    for seat, actor, ally, nxt in [
        ("rebels", "Lia", "Han", "Han"),
        ("rebels", "Han", "Lia", "TK-1"),
    ]:
        assert turns(enc) == [Turn(seat, "turn", actor)]
        enc.submit(seat, Choice.of("help", ally=ally, skill="Shoot"))
        enc.submit(seat, Choice.of("next", who=nxt))
    events = enc.submit("empire", Choice.of("help", ally="TK-2", skill="Shoot"))
    # only TK-2 has yet to act: the hand-off names it without asking
    assert [e.data for e in events if e.kind == "next"] == [{"by": "TK-1", "who": "TK-2"}]
    enc.submit("empire", Choice.of("help", ally="TK-1", skill="Shoot"))
    options = {c.str_param("who") for c in enc.legal("empire")}
    assert options == {"Lia", "Han", "TK-1", "TK-2"}  # TK-2 may open round 2 itself
    enc.submit("empire", Choice.of("next", who="TK-2"))
    assert enc.state.round == 2
    assert turns(enc) == [Turn("empire", "turn", "TK-2")]


def test_an_interrupt_is_offered_before_the_actor_announces(brawl: dict[str, Any]) -> None:
    enc = start(brawl)
    # Lia opens; rebels' Han (1 fate point) and empire's TK-1 (1) may interrupt; TK-2 has none.
    assert turns(enc) == [Turn("rebels", "interrupt", None, window="interrupt")]
    assert [c.str_param("who") for c in enc.legal("rebels") if c.action == "interrupt"] == ["Han"]
    enc.submit("rebels", "pass")
    assert [c.str_param("who") for c in enc.legal("empire") if c.action == "interrupt"] == ["TK-1"]
    enc.submit("empire", Choice.of("interrupt", who="TK-1"))
    assert enc.state.fighters["TK-1"].fate_points.current == 0
    # Lia has fate points: she answers
    assert turns(enc) == [Turn("rebels", "interrupted", "Lia")]
    enc.submit("rebels", "allow")
    assert enc.state.fighters["Lia"].fate_points.current == 3  # paid like a compel (C7)
    assert enc.state.order.current == "TK-1"
    # TK-1 acts now (after a window of its own); when done, Lia takes her interrupted turn
    enc.pass_window("interrupt")
    enc.submit("empire", Choice.of("help", ally="TK-2", skill="Shoot"))
    assert enc.state.order.current == "Lia"
    assert list(enc.state.order.acted) == ["TK-1"]


def test_the_actor_may_refuse_an_interrupt_by_paying_a_fate_point(brawl: dict[str, Any]) -> None:
    enc = start(brawl)
    enc.submit("rebels", "pass")
    enc.submit("empire", Choice.of("interrupt", who="TK-1"))
    enc.submit("rebels", "refuse")
    assert enc.state.fighters["Lia"].fate_points.current == 1
    assert enc.state.fighters["TK-1"].fate_points.current == 0
    assert turns(enc) == [Turn("rebels", "turn", "Lia")]


def test_an_actor_without_fate_points_cannot_refuse(brawl: dict[str, Any]) -> None:
    brawl["sides"][0]["characters"][0]["fate_points"] = 0
    enc = start(brawl)
    enc.submit("rebels", "pass")
    enc.submit("empire", Choice.of("interrupt", who="TK-1"))
    assert enc.state.order.current == "TK-1"
    assert turns(enc)[0].kind in ("interrupt", "turn")


def test_moving_announces_the_turn_so_no_interrupt_follows(brawl: dict[str, Any]) -> None:
    enc = start(brawl)
    enc.pass_window("interrupt")
    enc.submit("rebels", Choice.of("move", to="Corridor"))
    assert turns(enc) == [Turn("rebels", "turn", "Lia")]


def test_teamwork_gives_plus_one_per_helper_on_the_skill(brawl: dict[str, Any]) -> None:
    """S13: Han (Shoot 2) spends his action; Lia's next Shoot roll gets +1."""
    enc = start(no_interrupts(brawl), ZERO + ZERO)
    enc.submit("rebels", Choice.of("help", ally="Han", skill="Shoot"))
    enc.submit("rebels", Choice.of("next", who="Han"))
    enc.submit("rebels", Choice.of("attack", target="TK-1", skill="Shoot"))
    events = enc.submit("empire", Choice.of("defend", skill="Athletics"))
    tw = [e for e in events if e.kind == "teamwork"]
    assert tw and tw[0].data == {"who": "Han", "skill": "Shoot", "helpers": ["Lia"]}
    assert enc.ruleset.describe(tw[0], "rebels") == "Han gets +1 on Shoot from teamwork (Lia)"
    # Han 2 + 0 + 1 against TK-1 1 + 0
    assert enc.state.roll.actor_bonus == 1
    assert enc.state.helps == []


def test_a_helper_needs_the_skill_at_average(brawl: dict[str, Any]) -> None:
    enc = start(no_interrupts(brawl))
    reason = enc.why_illegal("rebels", Choice.of("help", ally="Han", skill="Deceive"))
    assert reason is not None and "Average (+1)" in reason


def test_the_helped_ally_needs_no_rating_in_the_skill(brawl: dict[str, Any]) -> None:
    """S13 asks the skill of the helper only: Lia (Notice 2) may help Han, who rolls Notice
    at Mediocre (+0), and his next Notice roll gets the +1."""
    enc = start(no_interrupts(brawl))
    helps = [c for c in enc.legal("rebels") if c.action == "help"]
    offered = {(c.str_param("ally"), c.str_param("skill")) for c in helps}
    assert ("Han", "Notice") in offered and ("Han", "Deceive") not in offered
    enc.submit("rebels", Choice.of("help", ally="Han", skill="Notice"))
    assert [(h.helper, h.ally, h.skill) for h in enc.state.helps] == [("Lia", "Han", "Notice")]


def test_unused_help_lapses_when_the_allys_turn_ends(brawl: dict[str, Any]) -> None:
    enc = start(no_interrupts(brawl))
    enc.submit("rebels", Choice.of("help", ally="Han", skill="Shoot"))
    enc.submit("rebels", Choice.of("next", who="Han"))
    enc.submit("rebels", Choice.of("help", ally="Lia", skill="Shoot"))  # Han does not shoot
    assert [h.ally for h in enc.state.helps] == ["Lia"]


def test_a_tie_on_attack_gives_the_attacker_a_boost(brawl: dict[str, Any]) -> None:
    """S11: Lia Shoot 3 + (-1) ties TK-1's Athletics 1 + (+1)."""
    enc = start(no_interrupts(brawl), [-1, 0, 0, 0] + [1, 0, 0, 0])
    shoot(enc, "rebels", "TK-1", "empire")
    boost = enc.state.aspects.get("Lia's Opening")
    assert boost.kind.value == "boost" and boost.free_for("Lia") == 1


def test_defending_with_style_gives_the_defender_a_boost(brawl: dict[str, Any]) -> None:
    """S11: Lia Shoot 3 - 4 = -1 against TK-1 1 + 4 = 5: the defense wins by 6."""
    enc = start(no_interrupts(brawl), MINUS + PLUS)
    shoot(enc, "rebels", "TK-1", "empire")
    assert enc.state.aspects.get("TK-1's Riposte").free_for("TK-1") == 1


def test_the_fight_ends_when_one_side_is_out(brawl: dict[str, Any]) -> None:
    enc = start(no_interrupts(brawl), PLUS + MINUS)
    shoot(enc, "rebels", "TK-1", "empire")  # 7 against -3: 10 shifts
    enc.submit("rebels", "full")
    enc.submit("empire", "taken_out")
    assert enc.state.fighters["TK-1"].status == "taken out"
    assert "TK-1" not in enc.state.order.actors
    assert enc.result() is None


def test_whose_turn_it_is_is_worked_out_again_after_a_gm_override(
    brawl: dict[str, Any],
) -> None:
    """`turns()` is remembered until the state changes: a GM override that gives TK-2 (no
    fate points) one opens the interrupt window to it, and taking Han's and TK-1's away
    closes it (the memo is forgotten on every override as on every choice)."""
    enc = start(brawl)
    assert turns(enc) == [Turn("rebels", "interrupt", None, window="interrupt")]
    enc.submit("gm", Choice.of("gm_fate_points", character="Han", delta=-1))
    assert turns(enc) == [Turn("empire", "interrupt", None, window="interrupt")]
    enc.submit("gm", Choice.of("gm_fate_points", character="TK-1", delta=-1))
    assert turns(enc) == [Turn("rebels", "turn", "Lia")]
    enc.submit("gm", Choice.of("gm_fate_points", character="TK-2", delta=1))
    assert turns(enc) == [Turn("empire", "interrupt", None, window="interrupt")]
    assert [c.str_param("who") for c in enc.legal("empire") if c.action == "interrupt"] == ["TK-2"]


def test_the_next_choices_are_each_battles_own(brawl: dict[str, Any]) -> None:
    """The "act next" choices are made once a battle (`next_memo`) from its own names: a
    second battle lists the same choices, with its own strings and none of the first's
    memo; the last actor's "open round 2" choices are worded apart."""
    runs = []
    for _ in range(2):
        enc = start(no_interrupts(brawl))
        enc.submit("rebels", Choice.of("help", ally="Han", skill="Shoot"))
        runs.append(enc)
    one, two = (enc.legal("rebels") for enc in runs)
    assert one == two and [c.label for c in one] == [c.label for c in two]
    assert [c.label for c in one] == ["Han to act next", "TK-1 to act next", "TK-2 to act next"]
    assert runs[0].state.next_memo is not runs[1].state.next_memo
    names = runs[1].state.order.actors
    assert all(any(c.str_param("who") is n for n in names) for c in two)
    fresh = start(no_interrupts(brawl))
    fresh.submit("rebels", Choice.of("help", ally="Han", skill="Shoot"))
    assert not fresh.state.next_memo
    assert fresh.state == runs[1].state  # the memos take no part in equality
    enc = runs[1]
    enc.submit("rebels", Choice.of("next", who="Han"))
    enc.submit("rebels", Choice.of("help", ally="Lia", skill="Shoot"))
    enc.submit("rebels", Choice.of("next", who="TK-1"))
    enc.submit("empire", Choice.of("help", ally="TK-2", skill="Shoot"))  # TK-2 named for it
    enc.submit("empire", Choice.of("help", ally="TK-1", skill="Shoot"))
    assert [c.label for c in enc.legal("empire")][:2] == [
        "Lia to open round 2",
        "Han to open round 2",
    ]


def test_the_odds_of_any_roll_count_the_help_promised(brawl: dict[str, Any]) -> None:
    """S13's +1 goes on the helped ally's next roll with the skill, whatever its action, so
    the odds shown before an overcome or an advantage count it, as an attack's do."""
    enc = start(no_interrupts(brawl))
    enc.submit("rebels", Choice.of("help", ally="Han", skill="Athletics"))
    enc.submit("rebels", Choice.of("next", who="Han"))
    rs, state = enc.ruleset, enc.state
    difficulty = int(state.settings["overcome_difficulty"])
    overcome = next(c for c in enc.legal("rebels") if c.action == "overcome")
    assert overcome.str_param("skill") == "Athletics"
    # Han's Athletics 1 + Lia's help 1
    assert rs.odds(state, "rebels", overcome) == odds(OddsQuery(skill=2, difficulty=difficulty))
    advantage = next(
        c
        for c in enc.legal("rebels")
        if c.action == "advantage"
        and c.str_param("skill") == "Athletics"
        and c.str_param("target") == "scene"
    )
    difficulty = int(state.settings["advantage_difficulty"])
    assert rs.odds(state, "rebels", advantage) == odds(OddsQuery(skill=2, difficulty=difficulty))


def test_a_boost_the_gm_adds_vanishes_as_its_holders_next_turn_ends(brawl: dict[str, Any]) -> None:
    """C6: a boost is gone once its holder's next turn ends unused, the GM's as a roll's."""
    enc = start(no_interrupts(brawl))
    enc.submit("gm", "gm_add_aspect name='Lucky Break' kind=boost invokes=1 holder=Lia")
    enc.submit("rebels", "hold")  # Lia's turn (the one it came in) ends: it stays
    enc.submit("rebels", Choice.of("next", who="Han"))
    enc.submit("rebels", "hold")
    enc.submit("rebels", Choice.of("next", who="TK-1"))
    enc.submit("empire", "hold")  # (TK-2 is the last left: it acts next)
    assert "Lucky Break" in enc.state.aspects
    enc.submit("empire", "hold")
    enc.submit("empire", Choice.of("next", who="Lia"))  # TK-2 opens round 2 with Lia
    assert "Lucky Break" in enc.state.aspects
    enc.submit("rebels", "hold")  # Lia's next turn ends with the boost unused
    assert "Lucky Break" not in enc.state.aspects
    assert any(e.kind == "boost_expires" for e in enc.log[-1].events)
