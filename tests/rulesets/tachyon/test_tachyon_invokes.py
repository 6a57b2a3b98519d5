"""Invokes through the engine's decisions (C4, T10, T11), chosen consequences (T2) and how a
fight ends (Result.ending, tally) for tachyon, with scripted dice."""

from __future__ import annotations

import json

from tachyon_helpers import MINUS4, PLUS4, ZERO, act, raider, scenario, start, viper, words

from shiftdrive.engine.encounter import Encounter
from shiftdrive.engine.ruleset import Ending
from shiftdrive.rulesets.tachyon.state import TachyonState

# Viper-1 (tactics 1) rolls ZERO -> initiative 1; Raider-1 rolls PLUS4 -> 5: Viper-1 pilots first.
INIT = (ZERO, PLUS4)


def st(enc: Encounter) -> TachyonState:
    state = enc.state
    assert isinstance(state, TachyonState)
    return state


def labels(enc: Encounter, seat: str) -> dict[str, str]:
    return {c.text(): c.label for c in enc.legal(seat)}


def skip_to(enc: Encounter, phase: str, actor: str) -> None:
    for _ in range(200):
        s = st(enc)
        if s.phase == phase and s.current == actor and s.roll is None:
            return
        act(enc, "skip" if s.roll is None else "pass")
    raise AssertionError(f"never reached {phase} for {actor}")


def test_invoke_reroll_replaces_the_dice_with_a_fate_point() -> None:
    data = scenario([viper(pc=True, fate_points=1, aspects=["Hotshot Ace"])], [raider()])
    # tail: pilot 2 - 4 = -2 against 2 + 0 = 2; the reroll comes up + + + +.
    enc = start(data, *INIT, MINUS4, ZERO, PLUS4)
    act(enc, "tail target=Raider-1")
    offered = labels(enc, "Tachyon")
    reroll = "invoke aspect='Hotshot Ace' by=Viper-1 effect=reroll payment=fate_point"
    assert offered[reroll] == "Invoke 'Hotshot Ace': reroll the dice (Viper-1 pays a fate point)"
    act(enc, reroll)
    # 6 against 2: success with style, On their tail with 2 free invokes (T10).
    tail = st(enc).aspects.get("On their tail (Viper-1 on Raider-1)")
    assert tail.free_for("Viper-1") == 2
    assert st(enc).units["Viper-1"].fate_points.current == 0  # type: ignore[union-attr]
    assert st(enc).units["Viper-1"].fate_points.spent == 1  # type: ignore[union-attr]
    assert any("rerolls [+ + + +]" in text for text in words(enc))


def test_teamwork_an_ally_pays_for_the_plus_two() -> None:
    data = scenario(
        [viper(aspects=["Steady Hands"]), viper("Viper-2", pc=True, fate_points=1)], [raider()]
    )
    # Initiatives: Viper-1 1, Viper-2 2, Raider-1 5. Tail: 2 + 0 against 2 + 0, a tie.
    enc = start(data, ZERO, [1, 0, 0, 0], PLUS4, ZERO, ZERO)
    act(enc, "tail target=Raider-1")
    team = "invoke aspect='Steady Hands' by=Viper-2 effect=bonus payment=fate_point"
    assert labels(enc, "Tachyon")[team] == (
        "Invoke 'Steady Hands': +2 (teamwork) (Viper-2 pays a fate point)"
    )
    act(enc, team)
    assert "On their tail (Viper-1 on Raider-1)" in st(enc).aspects  # 4 against 2
    assert st(enc).units["Viper-2"].fate_points.current == 0  # type: ignore[union-attr]


def test_obstacle_the_enemy_raises_a_fixed_difficulty() -> None:
    data = scenario([viper(zone="Z3")], [raider(zone="Z3")])
    # Evade: pilot 2 + 1 = 3 against difficulty 0; the Pirates invoke the Ice Field against it.
    enc = start(data, *INIT, [1, 0, 0, 0])
    enc.submit("gm", "gm_free_invoke name='Ice Field' holder=Raider-1 delta=1")
    act(enc, "evade")
    (decision,) = enc.pending()
    assert (decision.seat, decision.kind) == ("Pirates", "invoke")
    obstacle = "invoke aspect='Ice Field' by=Raider-1 effect=bonus payment=free"
    assert labels(enc, "Pirates")[obstacle] == (
        "Invoke 'Ice Field': +2 to the difficulty (obstacle) (Raider-1's free invoke)"
    )
    assert all("reroll" not in text for text in labels(enc, "Pirates"))  # no dice to reroll
    act(enc, obstacle)
    assert st(enc).units["Viper-1"].evasion == 1  # 3 against 2


def test_ordnance_strike_waits_for_invokes() -> None:
    data = scenario([viper(pc=True, fate_points=1, aspects=["Missile Jockey"])], [raider()])
    # Viper-1 initiative 5, Raider-1 1. Missile on arrival: technology 1 + 0 against pilot 2 + 0.
    enc = start(data, PLUS4, ZERO)
    skip_to(enc, "gunnery", "Viper-1")
    act(enc, "launch target=Raider-1 ordnance=missile")
    act(enc, "skip")  # Raider-1
    assert st(enc).phase == "ordnance"
    roll = st(enc).roll
    assert roll is not None and roll.action == "ordnance" and roll.total - roll.opp == -1
    act(enc, "invoke aspect='Missile Jockey' by=Viper-1 effect=bonus payment=fate_point")
    raider_shields = st(enc).units["Raider-1"].shields
    assert raider_shields is not None and raider_shields.marked_count == 1  # 3 against 2
    assert st(enc).phase in ("ew", "damage")


def test_scan_prompt_and_view_do_not_say_whether_anything_hides() -> None:
    def scanning(detection: bool) -> Encounter:
        data = scenario(
            [viper(pc=True, fate_points=1, aspects=["Sensor Savvy"])],
            [raider(zone="Z8")],
            detection=detection,
        )
        # With detection: 0 against 1, the defender succeeds: Raider-1 is Undetected (T7).
        dice = [ZERO, [1, 0, 0, 0]] if detection else []
        enc = start(data, *dice, ZERO, PLUS4)
        skip_to(enc, "ew", "Viper-1")
        act(enc, "scan")
        return enc

    hidden, open_ = scanning(True), scanning(False)
    assert not st(hidden).units["Raider-1"].detected
    for enc in (hidden, open_):
        (decision,) = enc.pending()
        assert decision.kind == "invoke" and "against" not in decision.prompt
        view = enc.view("Tachyon")
        roll = view["state"]["roll"]
        assert "against" not in roll and "shifts" not in roll
    assert hidden.view("Tachyon")["state"]["roll"] == open_.view("Tachyon")["state"]["roll"]
    assert "Raider-1" not in json.dumps(hidden.view("Tachyon"))
    assert hidden.pending()[0].prompt == open_.pending()[0].prompt


def test_taken_out_ending_and_tally() -> None:
    data = scenario([viper(consequences=["mild"])], [raider()])
    enc = start(data, ZERO, PLUS4, PLUS4, MINUS4)
    act(enc, "skip")
    act(enc, "skip")
    act(enc, "fire target=Viper-1")  # 8 shifts: 4 shields, 4 more than a mild can take
    result = enc.result()
    assert result is not None and result.ending is Ending.TAKEN_OUT
    tally = {t.name: t for t in enc.ruleset.tally(enc.state)}
    assert tally["Viper-1"].taken_out and tally["Viper-1"].damage == 8
    assert not tally["Raider-1"].taken_out and tally["Raider-1"].damage == 0
    assert enc.ruleset.rounds(enc.state) == 1


def test_bug_out_ending() -> None:
    data = scenario([viper()], [raider(zone="Z8")], bug_out_timing="this_round")
    enc = start(data, *INIT)
    act(enc, "bug_out")
    for _ in range(50):
        if enc.result():
            break
        act(enc, "skip" if st(enc).roll is None else "pass")
    result = enc.result()
    assert result is not None and result.winner == "Pirates" and result.ending is Ending.BUG_OUT
    assert [t.name for t in enc.ruleset.tally(enc.state) if t.bugged_out] == ["Viper-1"]


def test_fleet_action_gun_fires_at_a_ship_and_backlash_marks_its_own_ship() -> None:
    data = scenario(
        [viper(zone="Z8")],
        [raider(zone="Z8")],
        a_large=[{"name": "Pike", "template": "corvette", "zone": "Z1"}],
        b_large=[{"name": "Brute", "template": "frigate", "zone": "Z1"}],
    )
    # Every initiative 0-ish (all dice 0); then Pike's gun rolls - - - - against Brute's 0.
    enc = start(data, *[ZERO] * 7, MINUS4, ZERO)
    skip_to(enc, "gunnery", "Pike gun 1")
    assert "fire_large system=propulsion target=Brute" in [c.text() for c in enc.legal("Tachyon")]
    act(enc, "fire_large system=propulsion target=Brute")
    # A gun cannot dive, so this is long range (T4): gunnery 1 - 4 = -3 against long-range
    # defense 3 + 0 = 3, a miss by 6. Brute's long point defense (1) reaches the same zone:
    # 6 + 1 = 7 damage to Pike's gun emplacement track, which fills all three rows, so the gun
    # is out of action (T3, T5).
    pike = st(enc).units["Pike"]
    assert pike.systems["gun_emplacements"].marked_count == 6
    assert not st(enc).units["Pike gun 1"].active


def test_no_invoke_step_when_nothing_the_side_holds_changes_the_band() -> None:
    """Issue 15: a side is asked to invoke only when what it can spend could move the result
    into a band better for it; otherwise the roll resolves at once."""
    data = scenario([viper(aspects=["Hotshot Ace"])], [raider()])
    # tail: pilot 2 + 4 = 6 against 2 + 0: already success with style.
    enc = start(data, *INIT, PLUS4, ZERO)
    enc.submit("gm", "gm_free_invoke name='Hotshot Ace' holder=Viper-1 delta=1")
    act(enc, "tail target=Raider-1")
    assert st(enc).roll is None
    assert "On their tail (Viper-1 on Raider-1)" in st(enc).aspects


def test_invoke_step_when_a_plus_two_reaches_the_next_band() -> None:
    data = scenario([viper(aspects=["Hotshot Ace"])], [raider()])
    # tail: 2 + 0 against 2 + 0, a tie: +2 makes it a success.
    enc = start(data, *INIT, ZERO, ZERO)
    enc.submit("gm", "gm_free_invoke name='Hotshot Ace' holder=Viper-1 delta=1")
    act(enc, "tail target=Raider-1")
    (decision,) = enc.pending()
    assert (decision.seat, decision.kind) == ("Tachyon", "invoke")


def test_invoke_step_counts_every_free_invoke_and_the_best_reroll() -> None:
    """Four shifts short with the dice at +1 needs two invokes: one +2 gains 2 and one reroll
    at most 3; a reroll and a +2 together can gain 5."""
    from shiftdrive.rulesets.tachyon.invokes import may_invoke

    data = scenario([viper(aspects=["Hotshot Ace"])], [raider()])
    enc = start(data, *INIT, ZERO, ZERO)
    enc.submit("gm", "gm_free_invoke name='Hotshot Ace' holder=Viper-1 delta=1")
    act(enc, "tail target=Raider-1")
    roll = st(enc).roll
    assert roll is not None
    roll.total, roll.a_dice, roll.opp = 3, 1, 7
    assert not may_invoke(st(enc), roll, "Tachyon")
    st(enc).aspects.get("Hotshot Ace").add_free("Viper-1", 1)
    assert may_invoke(st(enc), roll, "Tachyon")
    roll.a_dice = -3  # a reroll alone may now gain 7
    st(enc).aspects.get("Hotshot Ace").use_free("Viper-1")
    assert may_invoke(st(enc), roll, "Tachyon")


def test_no_defence_step_when_the_attack_already_fails() -> None:
    data = scenario([viper()], [raider(aspects=["Slippery"])])
    # tail: 2 - 4 = -2 against 2 + 0: a failure; the Pirates' free invoke cannot better it.
    enc = start(data, *INIT, MINUS4, ZERO)
    enc.submit("gm", "gm_free_invoke name='Slippery' holder=Raider-1 delta=1")
    act(enc, "tail target=Raider-1")
    assert st(enc).roll is None
    assert all(d.kind != "invoke" for d in enc.pending())


def test_attacker_at_style_still_gets_a_step_to_make_the_hit_bigger() -> None:
    """A gunnery hit's shifts are its damage (T2): style is no end to what a +2 changes."""
    data = scenario([viper(aspects=["Hotshot Ace"])], [raider()])
    # Viper-1 initiative 5, Raider-1 1; the shot: gunnery 2 + 4 against pilot 2 - 4.
    enc = start(data, PLUS4, ZERO, PLUS4, MINUS4)
    enc.submit("gm", "gm_free_invoke name='Hotshot Ace' holder=Viper-1 delta=1")
    skip_to(enc, "gunnery", "Viper-1")
    enc.submit("Tachyon", "fire target=Raider-1")
    roll = st(enc).roll
    if roll is None or roll.total - roll.opp < 3:
        raise AssertionError("the scripted dice should give a hit with style")
    assert enc.pending()[0].seat == "Tachyon"


def test_a_hidden_scanners_name_is_not_in_what_the_other_side_is_given() -> None:
    """T7: a hidden craft that finds an enemy is "a hidden craft" to that enemy, in the
    event data each side receives, not only in its words."""
    data = scenario([viper(aspects=["Sensor Savvy"])], [raider(zone="Z8")], detection=True)
    # Detection leaves Raider-1 Undetected; the scan then rolls + + + + against 0.
    enc = start(data, ZERO, [1, 0, 0, 0], ZERO, PLUS4, PLUS4)
    skip_to(enc, "ew", "Viper-1")
    st(enc).units["Viper-1"].detected = False  # the scanner hides too
    before = len(enc.log)
    act(enc, "scan")
    enc.pass_window("invoke")
    assert st(enc).units["Raider-1"].detected
    since = [e for entry in enc.log[before:] for e in entry.events]
    pirates = [e for e in since if e.visible("Pirates")]
    assert pirates and "Viper-1" not in json.dumps([e.to_json() for e in pirates])
    assert "a hidden craft" in " ".join(enc.ruleset.describe(e, "Pirates") for e in pirates)
    tachyon = " ".join(enc.ruleset.describe(e, "Tachyon") for e in since if e.visible("Tachyon"))
    assert "Viper-1" in tachyon


def test_where_a_tie_succeeds_no_step_to_turn_a_tie_into_a_success() -> None:
    """Against a fixed difficulty a tie already succeeds (option `tie_succeeds`): a +2 that
    only makes it a plain success changes nothing, so no step; without the option it does."""
    from shiftdrive.rulesets.tachyon.invokes import may_invoke

    data = scenario([viper(aspects=["Hotshot Ace"])], [raider()])
    enc = start(data, *INIT, ZERO, ZERO)
    enc.submit("gm", "gm_free_invoke name='Hotshot Ace' holder=Viper-1 delta=1")
    act(enc, "tail target=Raider-1")
    roll = st(enc).roll
    assert roll is not None
    roll.fixed, roll.total, roll.opp, roll.a_dice = True, 4, 4, 2  # a tie, dice at +2
    assert not may_invoke(st(enc), roll, "Tachyon")  # +2 or a reroll reach 2 at best: no style
    st(enc).options["tie_succeeds"] = False
    assert may_invoke(st(enc), roll, "Tachyon")
