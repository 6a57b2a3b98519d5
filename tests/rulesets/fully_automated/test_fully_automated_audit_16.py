"""Audit 16 of seed 003 (Fully Automated!): rules meeting each other mid-round, through the
public encounter with scripted dice. Initiative draws 2d10 per fighter in scenario order
(speed 5 by default). Each test cites the seed's words and the ruling it follows."""

from __future__ import annotations

import pytest
from fa_helpers import char, play, scenario, start

from shiftdrive.core.dice import ScriptedDice
from shiftdrive.engine.encounter import Encounter
from shiftdrive.engine.events import GM
from shiftdrive.engine.scenario import ScenarioError

INIT3 = (5, 5, 1, 1, 1, 2)  # A 15, B 7, C 8


def settle(enc: Encounter) -> None:
    """Finish the round: every step and withdrawal stays put (until the next cards)."""
    while enc.pending() and enc.pending()[0].kind in ("step", "defend_step", "withdraw"):
        enc.submit(enc.pending()[0].seat, "stay")


def choosing(enc: Encounter) -> list[str]:
    return sorted(d.seat for d in enc.pending() if d.kind == "card")


def punched_while_restrained() -> tuple[Encounter, ScriptedDice]:
    """Round 1: A restrains B (0 0). Round 2: A punches B, who must Defend (restrained: at
    disadvantage, 3dF keep the worst: - - - = -2, the attack proceeds); the Punch rolls 0 0:
    4 damage and a stun, which limits B in round 3 (F8)."""
    data = scenario(
        [char("A", "0,0", restraints=True)],
        [char("B", "1,0", hp=13), char("C", "2,0", restraints=True)],
    )
    enc, dice = start(data, *INIT3, 0, 0, -1, -1, -1, 0, 0)
    play(enc, A="restrain", B="aim", C="defend")
    enc.submit("A", "target name=B")
    settle(enc)
    assert enc.state.fighters["B"].restrained and enc.state.round == 2
    play(enc, A="punch", C="restrain")
    enc.submit("A", "target name=B from=0,0")
    enc.submit("B", "stay")
    enc.submit("A", "stay")
    assert enc.state.fighters["B"].hp == 9 and enc.state.fighters["B"].stun == 1
    return enc, dice


def test_released_ally_keeps_the_stun_an_attack_dealt_it() -> None:
    """Seed: "If an attack deals a Stun effect, the target is limited in the next round to
    defending with disadvantage ... Multiple stun effects compound"; "The restrain card can
    also be played to release a restrained ally" (F6, F8). Releasing ends the restraint, not
    the Punch's stun: B, released by C in round 2, still only defends in round 3. The release
    used to clear every stun, and B chose a card in round 3."""
    enc, _ = punched_while_restrained()
    enc.submit("C", "target name=B")
    b = enc.state.fighters["B"]
    assert not b.restrained and b.stun == 1
    settle(enc)
    assert enc.state.round == 3
    assert choosing(enc) == ["A", "C"] and b.limited


def test_breaking_free_keeps_the_stun_an_attack_dealt() -> None:
    """Seed "Restrain": breaking free "from restraint" is a skill check (doc: the GM's
    break_free, 1d10 + bonus - 4); it frees B of the restraint, not of the Punch's stun (F8):
    B still only defends in round 3, then chooses again in round 4."""
    enc, dice = punched_while_restrained()
    dice.push([7])  # 7 + 3 - 4 = 6 vs 6: free
    enc.submit(GM, "break_free name=B bonus=3 difficulty=6")
    b = enc.state.fighters["B"]
    assert not b.restrained and b.status == "active" and b.stun == 1
    enc.submit("C", "hold")
    settle(enc)
    assert enc.state.round == 3 and choosing(enc) == ["A", "C"]
    play(enc, A="defend", C="defend")
    settle(enc)
    assert enc.state.round == 4 and choosing(enc) == ["A", "B", "C"]


def test_a_dying_character_is_never_announced_as_one_who_may_only_defend() -> None:
    """Seed: the dying "no longer can perform even the defend action" (F8). B at -9 HP
    (incapacitated: it must Defend, at disadvantage: - - - keeps -2, the attack proceeds)
    takes A's Punch at 0 0: 4 damage and a stun, -13 HP: dying. Round 2's announcement of who
    "may only defend" named B, who cannot defend at all; it names nobody now."""
    data = scenario([char("A", "0,0")], [char("B", "1,0", hp=-9), char("C", "-6,0")])
    enc, _ = start(data, *INIT3, -1, -1, -1, 0, 0)
    play(enc, A="punch", C="defend")
    enc.submit("A", "target name=B from=0,0")
    enc.submit("B", "stay")
    settle(enc)
    b = enc.state.fighters["B"]
    assert enc.state.round == 2 and b.status == "dying" and b.stun == 1
    (announced,) = [e.data for e in enc.events() if e.kind == "round" and e.data["round"] == 2]
    assert announced["limited"] == []
    assert not b.limited


def test_an_aim_spoiled_by_restraint_does_not_say_the_aimer_took_damage() -> None:
    """Seed: aim marks those who "played an aim action and took no damage"; B, restrained
    (incapacitated, F6, F8) while aiming in round 1, took none, so the round's words must not
    say it did: they said "B took damage: the aim is spoiled"."""
    data = scenario(
        [char("A", "0,0", restraints=True)],
        [char("B", "1,0", hp=13), char("C", "2,0")],
    )
    enc, _ = start(data, *INIT3, 0, 0)
    play(enc, A="restrain", B="aim", C="defend")
    enc.submit("A", "target name=B")
    settle(enc)
    b = enc.state.fighters["B"]
    assert b.restrained and b.hp == 13 and b.aim == 0
    said = [enc.describe(e) for e in enc.events() if e.kind == "aim"]
    assert said == ["B is incapacitated: the aim is spoiled"]


def _defender_at_its_step() -> Encounter:
    """A (15) punches B, who played Defend and is choosing its hex (F4)."""
    data = scenario([char("A", "0,0")], [char("B", "1,0"), char("C", "-6,0")])
    enc, _ = start(data, *INIT3, 0, 0)
    play(enc, A="punch", B="defend", C="defend")
    enc.submit("A", "target name=B from=0,0")
    assert enc.pending()[0].kind == "defend_step" and enc.pending()[0].seat == "B"
    return enc


def test_a_defender_the_gm_takes_to_dying_at_its_step_neither_steps_nor_defends() -> None:
    """Seed: the dying "no longer can perform even the defend action" (F8). The GM's `hp`
    takes B to -15 while B chooses its Defend hex: B may not step (it used to, to 2,0, and
    then A's Punch, range 1, landed from 2 hexes away); the Punch lands undefended at 0 0:
    4 damage and a stun, -19 HP."""
    enc = _defender_at_its_step()
    enc.submit(GM, "hp name=B delta=-35")
    b = enc.state.fighters["B"]
    assert b.status == "dying"
    assert not any(d.seat == "B" for d in enc.pending())
    assert str(b.pos) == "1,0" and b.hp == -19
    assert not any(e.kind == "defend" for e in enc.events())


def test_no_strike_lands_on_a_target_the_gm_kills_mid_attack() -> None:
    """F8: at -20 a character is dead (its token comes off the map). The GM's `hp` kills B
    while it chooses its Defend hex: A's Punch ends unrolled (it used to roll and hit the
    dead B); no die is drawn for it."""
    enc = _defender_at_its_step()
    enc.submit(GM, "hp name=B delta=-40")
    b = enc.state.fighters["B"]
    assert b.status == "dead" and b.hp == -20
    assert not any(e.kind in ("hit", "defend") for e in enc.events())
    said = [enc.describe(e) for e in enc.events() if e.kind == "out_of_range"]
    assert said == ["B is dead: the attack ends"]


def test_the_gm_taking_a_stepper_or_a_mover_to_dying_ends_its_turn() -> None:
    """F8: the dying "no longer can perform even the defend action" and are no movers
    (incapacitated characters move one hex, the dying not at all). B, an unattacked
    defender about to take its one hex (F2 phase 2), and C, the mover (phase 3), are each
    taken below -10 by the GM's `hp` at their turn: neither is asked to move any more (both
    used to be), and the round goes on."""
    data = scenario([char("A", "0,0")], [char("B", "3,0"), char("C", "-6,0"), char("D", "-6,3")])
    enc, _ = start(data, 5, 5, 1, 1, 1, 2, 1, 3)  # A 15, B 7, C 8, D 9
    play(enc, A="defend", B="defend", C="move", D="move")
    assert [(d.seat, d.kind) for d in enc.pending()] == [("A", "step")]
    enc.submit("A", "stay")
    assert [(d.seat, d.kind) for d in enc.pending()] == [("B", "step")]
    enc.submit(GM, "hp name=B delta=-35")
    assert [(d.seat, d.kind) for d in enc.pending()] == [("C", "move"), ("D", "interject")]
    enc.submit(GM, "hp name=C delta=-35")
    assert [(d.seat, d.kind) for d in enc.pending()] == [("D", "move")]
    assert [e.data["character"] for e in enc.events() if e.kind == "no_move"] == ["C"]


def test_a_negative_move_is_refused_naming_the_field() -> None:
    """F7: a Move is "4 hexes" (per character, and 6 aimed); a negative allowance means
    nothing, and the scenario used to load with one (`move: -2`, `aimed_move: -1`), silently
    moving nobody. Now it is refused, field by field, with the reason."""
    data = scenario(
        [char("A", "0,0", move=-2)], [char("B", "3,0")], rules={"aimed_move": -1, "move": -1}
    )
    with pytest.raises(ScenarioError) as info:
        Encounter.start(data, seed=1)
    got = dict(info.value.problems)
    assert set(got) == {"sides[0].characters[0].move", "rules.move", "rules.aimed_move"}
    assert all("greater than or equal to 0" in why for why in got.values())


def _light() -> tuple[Encounter, ScriptedDice]:
    data = {
        "ruleset": "fully_automated",
        "mode": "light",
        "sides": [
            {"name": "Crew", "characters": [{"name": "Ana"}]},
            {"name": "Gang", "characters": [{"name": "Cy"}]},
        ],
    }
    enc, dice = start(data)
    enc.submit("Ana", "declare text='I vault the bar and tackle Cy'")
    enc.submit("Cy", "declare text=Defend")
    return enc, dice


@pytest.mark.parametrize(("die", "success"), [(3, False), (4, True)])
def test_the_gms_check_shows_its_exact_chance_and_rolls_it(die: int, success: bool) -> None:
    """Seed "Light Combat": "Resolve actions by instructing players to make a relevant skill
    check" (F10: 1d10 + bonus against the difficulty, success on reaching it). The GM's
    `check bonus=2 difficulty=6` showed no chance; it shows 70% now (faces 4-10 of 10), and
    the roll does what the odds said: 3 fails, 4 succeeds."""
    from shiftdrive.engine.choices import Choice

    enc, dice = _light()
    choice = Choice.of("check", bonus=2, difficulty=6)
    assert enc.ruleset.odds_words(enc.state, GM, choice) == "success 70%"
    dice.push([die])
    enc.submit(GM, "check bonus=2 difficulty=6")
    assert enc.state.light_success is success


def test_a_catalog_card_the_rules_cannot_play_is_refused_at_load() -> None:
    """F4: the counter-attack uses the defender's first listed attack card, and every hand
    holds Punch (doc); F5: ranges are from the card, nearest first. A scenario's catalog that
    made Punch a move card loaded, and the first +1 defense by a character with no weapon
    crashed the fight (StopIteration); a range [3, 1] loaded and never reached anyone, a
    sprint card of kind move was never played as one. Each is refused, naming the field."""
    cards = {
        "punch": {"name": "Punch", "kind": "move"},
        "zap": {
            "name": "Zap",
            "kind": "attack",
            "damage": -1,
            "range": [3, 1],
            "disadvantaged_range": [0, 4],
            "movement": -1,
            "outcomes": ["~", "~", "~", "~", "~"],
        },
        "sprint": {"name": "Sprint", "kind": "move"},
    }
    data = scenario([char("A", "0,0")], [char("B", "1,0")], catalog={"cards": cards})
    with pytest.raises(ScenarioError) as info:
        Encounter.start(data, seed=1)
    got = dict(info.value.problems)
    assert set(got) == {
        "catalog.cards.punch.kind",
        "catalog.cards.zap.damage",
        "catalog.cards.zap.range",
        "catalog.cards.zap.disadvantaged_range",
        "catalog.cards.zap.movement",
        "catalog.cards.sprint.kind",
    }
    assert got["catalog.cards.punch.kind"] == "punch is always of kind 'attack', not 'move'"
