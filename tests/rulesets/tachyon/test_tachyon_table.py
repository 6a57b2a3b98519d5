"""What a table sees of tachyon (issue 15): odds that count the outcome an action needs, roll
lines that add up, the state in the game's words, no internal ids, and the rules that had no
effect (Full throttle with style, guns' tactics under propulsion damage, conceding at any
point, T10, T5/T6, T15)."""

from __future__ import annotations

import json
import random
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from tachyon_helpers import (
    MINUS4,
    PLUS4,
    ZERO,
    act,
    chance,
    kinds,
    legal,
    raider,
    scenario,
    start,
    viper,
)

from shiftdrive.cli.render import odds_cell
from shiftdrive.core.odds import OddsQuery, odds
from shiftdrive.engine.bots import run_bots
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter
from shiftdrive.engine.events import GM
from shiftdrive.files import start_from_file
from shiftdrive.rulesets.tachyon.damage import damage_system
from shiftdrive.rulesets.tachyon.state import CONCEDED, TachyonState

EXAMPLES = sorted((Path(__file__).parents[3] / "examples" / "tachyon").glob("*.yaml"))
FRIGATE = {"name": "Dread", "template": "frigate", "zone": "Z1"}


def st(enc: Encounter) -> TachyonState:
    state = enc.state
    assert isinstance(state, TachyonState)
    return state


def skip_to(enc: Encounter, phase: str, actor: str) -> None:
    for _ in range(200):
        s = st(enc)
        if s.phase == phase and s.current == actor and s.roll is None:
            return
        act(enc, "skip" if s.roll is None else "pass")
    raise AssertionError(f"never reached {phase}")


# --- odds that tell the truth -----------------------------------------------------------------


def test_fixed_difficulty_odds_count_the_tie_that_succeeds() -> None:
    # Viper-1 (pilot 3, tactics 1, technology 1) acts first in piloting.
    enc = start(scenario([viper(pilot=3)], [raider(zone="Z8")]), ZERO, PLUS4)
    tie_counts = odds(OddsQuery(3, difficulty=2)).at_least_tie  # `shiftdrive odds 3 -d 2`
    assert float(tie_counts) == pytest.approx(0.815, abs=0.0005)
    move2 = legal(enc, "move2")
    assert chance(enc, move2) == tie_counts
    assert odds_cell(enc.ruleset.odds(enc.state, "Tachyon", move2)).startswith("81.5% success")
    assert chance(enc, legal(enc, "move3")) == odds(OddsQuery(3, difficulty=4)).at_least_tie
    assert chance(enc, legal(enc, "evade")) == odds(OddsQuery(3, difficulty=0)).at_least_tie
    assert chance(enc, legal(enc, "refocus")) == odds(OddsQuery(1, difficulty=0)).at_least_tie
    assert chance(enc, legal(enc, "full_stop", uncooperative=False)) == (
        odds(OddsQuery(3, difficulty=0)).at_least_tie
    )
    assert chance(enc, legal(enc, "full_stop", uncooperative=True)) == tie_counts
    # Creating an advantage on the scene needs a success: a tie is only a boost (C5).
    scene = legal(enc, "maneuver", target="scene")
    assert chance(enc, scene) == odds(OddsQuery(3, difficulty=2)).at_least_success


def test_repair_odds_count_ties_and_the_t9_modifier() -> None:
    enc = start(scenario([viper()], [raider(zone="Z8")]), ZERO, PLUS4)
    v = st(enc).units["Viper-1"]
    assert v.shields is not None
    v.shields.fill(2)
    skip_to(enc, "damage", "Viper-1")
    assert (
        chance(enc, legal(enc, "repair_shields")) == odds(OddsQuery(1, difficulty=2)).at_least_tie
    )
    v.actions = 3  # T9: +4 to its difficulty
    assert (
        chance(enc, legal(enc, "repair_shields")) == odds(OddsQuery(1, difficulty=6)).at_least_tie
    )


def test_automatic_actions_of_a_busy_craft_are_priced_as_the_overcome_they_become() -> None:
    enc = start(scenario([viper()], [raider(zone="Z8")]), ZERO, PLUS4)
    move = legal(enc, "move")
    assert enc.ruleset.odds(enc.state, "Tachyon", move) is None  # it simply happens
    st(enc).units["Viper-1"].actions = 2  # T9: pilot vs 0 + 2
    assert chance(enc, move) == odds(OddsQuery(2, difficulty=2)).at_least_tie


def test_a_dive_and_a_shot_at_a_ship_are_priced_by_what_they_need() -> None:
    enc = start(scenario([viper()], [], b_large=[FRIGATE]), PLUS4, ZERO, ZERO, ZERO)
    # Enter dive: pilot 2 against the frigate's tactics 2 (it had no odds before).
    assert chance(enc, legal(enc, "dive", target="Dread")) == (
        odds(OddsQuery(2, opposed=2)).at_least_success
    )
    act(enc, "skip")
    # Fire at propulsion, long range: damage needs more shifts than shield 2 + armor 1 (T3).
    shot = legal(enc, "fire_large", target="Dread", system="propulsion")
    assert chance(enc, shot) == odds(OddsQuery(2, opposed=3 + 2 + 1)).at_least_success


def test_a_gun_shot_counts_its_minimized_dice() -> None:
    data = scenario([viper(zone="Z2")], [], b_large=[FRIGATE])
    enc = start(data, ZERO, ZERO, PLUS4, ZERO)  # Dread gun 1 acts first in gunnery
    damage_system(st(enc), st(enc).units["Dread"], "gun_emplacements", 2)  # minimize 1
    skip_to(enc, "gunnery", "Dread gun 1")
    shot = legal(enc, "fire", target="Viper-1")
    assert chance(enc, shot) == odds(OddsQuery(2, opposed=2, minimized=1)).at_least_success


# --- roll lines that add up ---------------------------------------------------------------------


def _dice_total(d: list[Any]) -> int:
    return int(sum(d[0])) - int(d[1]) + int(d[2])


def _adds_up(d: dict[str, Any]) -> None:
    mods = sum(int(m[1]) for m in d["mods"])
    assert d["rating"] + _dice_total(d["dice"]) + mods == d["total"], d
    if "opposition" not in d:
        return  # a scan: its opposition is not told (T7)
    theirs = sum(int(m[1]) for m in d["opposition_mods"])
    if "difficulty" in d:
        assert d["difficulty"] + theirs == d["opposition"], d
    else:
        o = d["opposition_rating"] + _dice_total(d["opposition_dice"]) + theirs
        assert o == d["opposition"], d


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_roll_names_its_modifiers_and_adds_up(path: Path) -> None:
    seen: set[str] = set()
    for seed in range(4):
        enc = start_from_file(path, seed=seed)
        run_bots(enc)
        for e in enc.events():
            if e.kind in ("roll", "ordnance_attack"):
                _adds_up(e.data)
                text = enc.ruleset.describe(e, GM)
                for m in (*e.data["mods"], *e.data.get("opposition_mods", ())):
                    seen.add(str(m[0]))
                    assert f"{int(m[1]):+d}" in text, text
                # the line shows its own sum: "= total" and the shifts
                assert f"= {e.data['total']}" in text or str(e.data["total"]) in text
            if e.kind == "unit":  # initiative (T8)
                mods = sum(int(m[1]) for m in e.data["mods"])
                assert (
                    e.data["tactics"] + _dice_total(e.data["dice"]) + mods == (e.data["initiative"])
                )
    assert seen  # some modifier came up in every example (T9, a flight, a system)


def test_t9_shows_on_the_difficulty_it_raises() -> None:
    enc = start(scenario([viper()], [raider(zone="Z8")]), ZERO, PLUS4, [1, 0, 0, 0])
    v = st(enc).units["Viper-1"]
    assert v.shields is not None
    v.shields.fill(2)
    skip_to(enc, "damage", "Viper-1")
    v.actions = 3
    act(enc, "repair_shields")
    (line,) = kinds(enc, "roll")
    assert line == (
        "Viper-1, Repair shields: technology 1, dice +1 (+ 0 0 0) = 2 against difficulty 2, "
        "Viper-1 busy (T9) +4 = 6 (-4)"
    )


def test_t9_and_a_flight_show_on_both_sides_of_a_shot() -> None:
    flight = {"name": "Red Flight", "template": "fighter", "zone": "Z1", "size": 3}
    data = scenario([viper()], [], b_flights=[flight])
    # Viper-1 initiative 5 fires first; Red Flight (tactics 1 + 2 for its size) rolls ZERO.
    enc = start(data, PLUS4, ZERO, [1, 1, 0, 0], [0, 0, 0, -1])
    act(enc, "skip")
    st(enc).units["Red Flight"].actions = 2  # busy: the attacker gains +2 (T9)
    st(enc).units["Viper-1"].actions = 2  # busy: the defender gains +2 (T9)
    skip_to(enc, "gunnery", "Viper-1")
    act(enc, "fire target='Red Flight'")
    (line,) = kinds(enc, "roll")
    assert line == (
        "Viper-1, Fire at small craft: gunnery 2, dice +2 (+ + 0 0), Red Flight busy (T9) +2 = 6 "
        "against Red Flight's pilot 2, dice -1 (0 0 0 -), flight of 3 +2, Viper-1 busy (T9) +2 "
        "= 5 (+1)"
    )


def test_a_flights_ordnance_names_its_size_bonus_when_it_strikes() -> None:
    flight = {"name": "Red Flight", "template": "fighter", "zone": "Z1", "size": 3}
    # Viper-1 initiative 1; Red Flight 1 + 2 (its size) = 3, first in gunnery.
    enc = start(scenario([viper()], [], b_flights=[flight]), ZERO, ZERO, PLUS4, ZERO)
    act(enc, "skip")
    act(enc, "skip")
    act(enc, "launch target=Viper-1 ordnance=missile")
    act(enc, "skip")
    (line,) = kinds(enc, "ordnance_attack")
    assert line == (
        "missile #1 (Red Flight) strikes Viper-1: technology at launch 1, dice +4 (+ + + +), "
        "flight of 3 +2 = 7 against Viper-1's pilot 2, dice +0 (0 0 0 0) = 2 (+5)"
    )


# --- the state, and no internal ids ---------------------------------------------------------------

INTERNAL = re.compile(
    r"\b(move2|move3|full_stop|bug_out|fire_swarm|fire_large|launch_swarm|launch_large|"
    r"ew_advantage|repair_shields|taken_out|defense_short|defense_long|gun_emplacements|"
    r"antiship_weapons|long_range_shield_generator|fighter_cannons|particle_accelerator|"
    r"capital_turrets|a_dice|a_min|o_dice|o_min|hide_opp|opp_side|actor_side)\b"
)


def _strings(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (str(k), *_strings(v))]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return [str(value)] if value is not None else []


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_no_internal_ids_in_labels_prompts_words_or_state(path: Path) -> None:
    for seed in range(3):
        enc = start_from_file(path, seed=seed)
        rng = random.Random(seed)
        for _ in range(400):
            if enc.result() is not None:
                break
            for d in enc.pending():
                assert not INTERNAL.search(d.prompt), d.prompt
            seat = enc.pending_seats()[0]
            choices = enc.legal(seat)
            for c in choices:
                assert c.label and not INTERNAL.search(c.label), c.label
            for text in _strings(enc.view(seat)["state"]):
                assert not INTERNAL.search(text), text
            enc.submit(seat, rng.choice(choices))
        for e in enc.events():
            text = enc.ruleset.describe(e, GM)
            assert not INTERNAL.search(text), text


def test_state_shows_shields_one_way_and_the_roll_in_the_games_words() -> None:
    enc = start(scenario([viper(pc=True, fate_points=2)], [raider()]), ZERO, PLUS4, [1, 1, 1, 0])
    act(enc, "skip")
    act(enc, "skip")
    act(enc, "fire target=Viper-1")  # 2 + 3 vs 2 + 0: 3 shifts into 4 shields
    shields = [t for t in kinds(enc, "shields")]
    assert shields == ["Viper-1's shields: 1 of 4 left"]
    view = enc.view("Tachyon")["state"]
    (v,) = [u for u in view["units"] if u["name"] == "Viper-1"]
    assert v["shields"] == "1 of 4 left"
    assert v["weapons"] == "fighter cannons (range 1)"
    assert v["fate points"] == 2
    blob = json.dumps(view)
    assert "[x]" not in blob and "[ ]" not in blob
    assert "a_dice" not in blob and "hide_opp" not in blob


def test_the_roll_in_hand_is_shown_as_the_prompt_says_it() -> None:
    ace = viper(pc=True, fate_points=2, aspects=["Hotshot Ace"])
    enc = start(scenario([ace], [raider(zone="Z8")]), ZERO, PLUS4, MINUS4)
    act(enc, "move2 to=Z3")  # pilot 2 - 4 vs 2: -4; Viper-1 may pay a fate point
    (decision,) = enc.pending()
    assert decision.prompt.startswith("Viper-1's Move 2 zones: -2 against 2 (-4).")
    roll = enc.view("Tachyon")["state"]["roll"]
    assert roll == {
        "action": "Move 2 zones",
        "by": "Viper-1",
        "result": -2,
        "against": 2,
        "shifts": -4,
        "invokes now": "Tachyon",
    }


# --- rules that had no effect -------------------------------------------------------------------


def test_full_throttle_with_style_carries_two_free_invokes() -> None:
    # T10: pilot 3 + 4 = 7 against 4: three shifts, style.
    enc = start(scenario([viper(pilot=3)], [raider(zone="Z8")]), ZERO, PLUS4, PLUS4)
    act(enc, "move3 to=Z4")
    a = st(enc).aspects.get("Full throttle (Viper-1)")
    assert a.free_for("Viper-1") == 2
    assert st(enc).units["Viper-1"].zone == "Z4"


def test_full_throttle_without_style_carries_one() -> None:
    enc = start(scenario([viper(pilot=3)], [raider(zone="Z8")]), ZERO, PLUS4, [1, 0, 0, 0])
    act(enc, "move3 to=Z4")  # 4 against 4: a tie succeeds
    assert st(enc).aspects.get("Full throttle (Viper-1)").free_for("Viper-1") == 1


def test_propulsion_damage_minimizes_the_guns_tactics_in_their_initiative() -> None:
    # Worked example (docs): Dread's guns rolled 0 0 + + for initiative: tactics 1 + 2 = 3.
    data = scenario([viper()], [], b_large=[FRIGATE])
    enc = start(data, PLUS4, ZERO, [0, 0, 1, 1], [0, 0, 1, 1], PLUS4, MINUS4, PLUS4)
    gun = st(enc).units["Dread gun 1"]
    assert gun.initiative == 3
    act(enc, "skip")
    act(enc, "fire_large target=Dread system=propulsion")  # 4 damage: rows 1-2 complete
    # One tactics die minimized (T5/T6): the last die rolled counts as -: 1 + 0 + 0 + 1 - 1.
    assert gun.initiative == 1
    assert kinds(enc, "initiative")[0] == (
        "Dread gun 1's initiative: tactics 1, dice +0 (0 0 + [-]) = 1 (Dread's propulsion "
        "damage minimizes 1 of its tactics dice, T5/T6)"
    )
    dread = st(enc).units["Dread"]
    damage_system(st(enc), dread, "propulsion", 2)  # row 3: two dice minimized
    assert gun.initiative == -1
    skip_to(enc, "damage", "Dread")
    act(enc, "repair system=propulsion")  # technology 2 + (+ + + [-]) = 4 against 2
    assert dread.systems["propulsion"].marked_count == 5
    assert gun.initiative == 1  # row 3 undone: one die minimized again


def test_concede_instead_of_absorbing_a_hit() -> None:
    # T15: at any point, also while choosing how to absorb a hit; C7: 1 fate point.
    enc = start(scenario([viper(pc=True, fate_points=2)], [raider()]), ZERO, PLUS4, PLUS4, MINUS4)
    act(enc, "skip")
    act(enc, "skip")
    act(enc, "fire target=Viper-1")  # 8 shifts: 4 past the shields
    assert enc.pending()[0].kind == "absorb"
    act(enc, "concede")
    v = st(enc).units["Viper-1"]
    assert v.status == CONCEDED and st(enc).absorb is None
    assert v.fate_points is not None and v.fate_points.current == 3
    result = enc.result()
    assert result is not None and result.winner == "Pirates" and result.ending.value == "concession"


def test_a_flight_concedes_as_a_whole() -> None:
    # T15: a flight (an NPC group) may concede too; it gains no fate points.
    flight = {"name": "Red Flight", "template": "fighter", "zone": "Z8", "size": 2}
    enc = start(scenario([viper()], [raider(zone="Z8")], b_flights=[flight]), ZERO, PLUS4, ZERO)
    skip_to(enc, "piloting", "Red Flight")
    assert "Red Flight concedes and leaves the fight" in [c.label for c in enc.legal("Pirates")]
    act(enc, "concede")
    assert st(enc).units["Red Flight"].status == CONCEDED
    assert kinds(enc, "concede") == ["Red Flight concedes and leaves the fight"]
    assert enc.result() is None  # Raider-1 fights on


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_choice_can_be_priced_at_every_prompt(path: Path) -> None:
    # The play menu prices every choice; the start of round chatter (no unit acting) once
    # raised instead of showing no odds.
    enc = start_from_file(path, seed=5)
    rng = random.Random(5)
    for _ in range(300):
        if enc.result() is not None:
            break
        seat = enc.pending_seats()[0]
        choices = enc.legal(seat)
        for c in choices:
            o = enc.ruleset.odds(enc.state, seat, c)
            assert o is None or o.success + o.style + o.fail + o.tie == 1
        enc.submit(seat, rng.choice(choices))


# --- the odds against the rules themselves ------------------------------------------------------
# Each action is played out for every total its dice can show (one set of faces per total,
# weighted by how many of the 81 ways to roll 4dF give it), and the chance of the outcome the
# action needs is counted from what the rules did. The menu's figure must be exactly that.

COUNTS: dict[int, int] = {}
for _faces in __import__("itertools").product((-1, 0, 1), repeat=4):
    COUNTS[sum(_faces)] = COUNTS.get(sum(_faces), 0) + 1


def faces(total: int) -> list[int]:
    sign = 1 if total > 0 else -1
    return [sign] * abs(total) + [0] * (4 - abs(total))


def played_out(
    data: dict[str, Any],
    setup: list[list[int]],
    before: list[str],
    choice: str,
    opposed: bool,
    needed: Any,
) -> tuple[Fraction, Fraction]:
    """(the menu's figure, the chance counted from the rules) for `choice`."""
    enc = start(data, *setup)
    for text in before:
        act(enc, text)
    shown = chance(enc, Choice.parse(choice))
    won = 0
    for mine in range(-4, 5):
        for theirs in range(-4, 5) if opposed else (None,):
            rolls = [faces(mine)] + ([faces(theirs)] if theirs is not None else [])
            enc = start(data, *setup, *rolls)
            for text in before:
                act(enc, text)
            act(enc, choice)
            if needed(enc):
                won += COUNTS[mine] * (COUNTS[theirs] if theirs is not None else 1)
    return shown, Fraction(won, 81 * (81 if opposed else 1))


def _aspect(name: str) -> Any:
    def has(enc: Encounter) -> bool:
        a = st(enc).aspects.find(name)
        return a is not None and a.kind.value != "boost"

    return has


DUEL = scenario([viper(pilot=3)], [raider()])
DUEL_SETUP = [ZERO, PLUS4]  # Viper-1 pilots first
CASES: dict[str, tuple[str, bool, Any, list[str]]] = {
    "move2 to=Z3": ("piloting", False, lambda e: st(e).units["Viper-1"].zone == "Z3", []),
    "move3 to=Z4": ("piloting", False, lambda e: st(e).units["Viper-1"].zone == "Z4", []),
    "evade": ("piloting", False, lambda e: "Easy target (Viper-1)" not in st(e).aspects, []),
    "refocus": ("piloting", False, lambda e: kinds(e, "refocus")[0].find("refocuses") > 0, []),
    "full_stop uncooperative=true": ("piloting", False, _aspect("Stopped (Viper-1)"), []),
    "maneuver target=scene name=Edge": ("piloting", False, _aspect("Edge"), []),
    "tail target=Raider-1": ("piloting", True, _aspect("On their tail (Viper-1 on Raider-1)"), []),
    "pressure target=Raider-1": (
        "piloting", True, lambda e: st(e).units["Raider-1"].initiative < 5, [],
    ),
    "fire target=Raider-1": (
        "gunnery", True, lambda e: bool(kinds(e, "hit")), ["skip", "skip", "skip"],
    ),
}  # fmt: skip


@pytest.mark.parametrize("choice", list(CASES))
def test_the_odds_are_the_chance_the_rules_give_the_outcome_needed(choice: str) -> None:
    _, opposed, needed, before = CASES[choice]
    shown, counted = played_out(DUEL, DUEL_SETUP, before, choice, opposed, needed)
    assert shown == counted


@pytest.mark.parametrize(
    ("choice", "before", "needed"),
    [
        ("dive target=Dread", [], _aspect("Diving in (Viper-1 on Dread)")),
        (
            "fire_large target=Dread system=propulsion",
            ["skip"],
            lambda e: any(x.data.get("damage", 0) > 0 for x in e.events() if x.kind == "hit_large"),
        ),
    ],
)
def test_the_odds_at_a_ship_are_the_chance_the_rules_give(
    choice: str, before: list[str], needed: Any
) -> None:
    data = scenario([viper()], [], b_large=[FRIGATE])
    shown, counted = played_out(data, [PLUS4, ZERO, ZERO, ZERO], before, choice, True, needed)
    assert shown == counted


def test_every_action_has_the_games_name() -> None:
    from shiftdrive.rulesets.tachyon.menu import ACTIONS
    from shiftdrive.rulesets.tachyon.words import ACTION_NAMES

    assert set(ACTIONS) <= set(ACTION_NAMES)
