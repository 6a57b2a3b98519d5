"""Fire modes (seed "Automatic Weapon Fire": "Switching fire modes is an action"; P9, P11): a
weapon with automatic fire is set to single or automatic, single by default unless the
scenario says otherwise; the attack menu follows the mode; switching takes the action."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from pilot_wave_helpers import PLUS, ZERO, npc, scenario, start

from shiftdrive.engine.bots import run_bots
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter, IllegalChoice
from shiftdrive.engine.replay import replay
from shiftdrive.engine.scenario import ScenarioError
from shiftdrive.rulesets.pilot_wave.bot import choose
from shiftdrive.rulesets.pilot_wave.scenario import load


def duel(ada: dict[str, Any], zed: dict[str, Any], dice: list[int] | None = None) -> Encounter:
    """Crew wins side order in set-up (the first four dice) and acts first: Ada's turn."""
    enc = start(scenario([ada], [zed]), dice or PLUS + ZERO)
    enc.submit("Crew", Choice.of("first", side="Crew"))
    return enc


def carbine(**kw: Any) -> dict[str, Any]:
    return npc("Ada", "0,0", skills={"Gun Combat": 2}, weapon="carbine", **kw)


def fires(enc: Encounter, seat: str = "Crew") -> set[str]:
    """The fire of every shot in the seat's attack menu."""
    return {
        c.str_param("fire")
        for c in enc.legal(seat)
        if c.action == "attack" and c.str_param("skill") == "Gun Combat"
    }


def test_a_weapon_starts_on_single_fire_by_default_and_the_menu_offers_single_shots() -> None:
    enc = duel(carbine(), npc("Zed", "3,0"))
    assert enc.state.fighters["Ada"].fire_mode == "single"
    assert fires(enc) == {"single"}
    switch = [c for c in enc.legal("Crew") if c.action == "switch_fire"]
    assert [c.label for c in switch] == ["Set the carbine to automatic fire (takes the action)"]


def test_the_scenario_may_start_a_weapon_on_automatic() -> None:
    enc = duel(carbine(fire_mode="automatic"), npc("Zed", "2,0"))
    assert enc.state.fighters["Ada"].fire_mode == "automatic"
    assert fires(enc) == {"auto", "concentrated"}  # (nobody beside Zed to spray)
    assert "Set the carbine to single fire (takes the action)" in [
        c.label for c in enc.legal("Crew")
    ]


def test_switching_takes_the_action_and_the_next_turn_offers_the_new_modes_fire() -> None:
    enc = duel(carbine(), npc("Zed", "3,0", weapon="pistol"))
    enc.submit("Crew", "switch_fire")
    ada = enc.state.fighters["Ada"]
    assert ada.fire_mode == "automatic"
    assert "Ada" in enc.state.acted  # the action is spent: the turn is over
    assert ada.rounds == 30  # no shot with it
    d = enc.pending()[0]
    assert (d.seat, d.kind, d.actor) == ("Raiders", "turn", "Zed")
    said = [enc.ruleset.describe(e, "Raiders") for e in enc.events() if e.kind == "switch_fire"]
    assert said == ["Ada sets the carbine to automatic fire"]
    enc.submit("Raiders", "hold")  # the exchange ends
    enc.submit("Crew", Choice.of("first", side="Crew"))
    assert fires(enc) == {"auto", "concentrated"}
    assert enc.state.fighters["Ada"].fire_mode == "automatic"  # it stays set


def test_a_shot_of_a_mode_the_weapon_is_not_set_to_is_refused_and_changes_nothing() -> None:
    enc = duel(carbine(), npc("Zed", "3,0"))
    before, log = enc.snapshot(), len(enc.log)
    auto = Choice.of("attack", target="Zed", skill="Gun Combat", fire="auto")
    why = enc.why_illegal("Crew", auto)
    assert why == (
        "the carbine is set to single fire: fire=auto needs it set to automatic first "
        "(switch_fire, which takes Ada's action)"
    )
    with pytest.raises(IllegalChoice, match="set to single fire"):
        enc.submit("Crew", auto)
    assert enc.snapshot() == before and len(enc.log) == log
    # and the other way round: on automatic, a single shot needs a switch first
    enc = duel(carbine(fire_mode="automatic"), npc("Zed", "3,0"))
    single = Choice.of("attack", target="Zed", skill="Gun Combat", fire="single")
    assert "set to automatic fire: fire=single needs it set to single" in (
        enc.why_illegal("Crew", single) or ""
    )


def test_a_weapon_without_automatic_fire_has_no_mode_to_switch() -> None:
    enc = duel(npc("Ada", "0,0", weapon="pistol"), npc("Zed", "3,0"))
    assert not [c for c in enc.legal("Crew") if c.action == "switch_fire"]
    assert enc.why_illegal("Crew", Choice.of("switch_fire")) == (
        "the pistol has no automatic fire: it has no fire mode to switch"
    )


def test_no_switch_after_a_move_only_an_attack() -> None:
    enc = duel(carbine(), npc("Zed", "6,0"))
    enc.submit("Crew", Choice.of("move", to="1,0"))
    assert "switch_fire" not in {c.action for c in enc.legal("Crew")}
    assert enc.why_illegal("Crew", Choice.of("switch_fire")) is not None


def test_the_mode_is_in_every_sides_view_and_in_the_snapshot() -> None:
    enc = duel(carbine(), npc("Zed", "3,0"))
    enc.submit("Crew", "switch_fire")
    seen = {f["name"]: f["fire_mode"] for f in enc.view("Raiders")["state"]["fighters"]}
    assert seen == {"Ada": "automatic", "Zed": "single"}
    assert enc.snapshot()["fighters"]["Ada"]["fire_mode"] == "automatic"


def test_the_scenario_field_is_checked() -> None:
    with pytest.raises(ScenarioError) as bad:
        load(
            scenario(
                [npc("Ada", "0,0", weapon="pistol", fire_mode="automatic")], [npc("Zed", "3,0")]
            )
        )
    assert bad.value.problems == [
        (
            "sides[0].characters[0].fire_mode",
            "Ada: the pistol cannot be set to automatic fire (fire_mode: single)",
        )
    ]
    with pytest.raises(ScenarioError) as typo:
        load(scenario([carbine(fire_mode="burst")], [npc("Zed", "3,0")]))
    assert "fire_mode" in str(typo.value) and "automatic" in str(typo.value)


def test_replay_reproduces_a_battle_with_switches() -> None:
    data = scenario(
        [carbine(), npc("Bo", "0,2", skills={"Gun Combat": 1}, weapon="carbine")],
        [npc("Zed", "5,0", weapon="carbine", fire_mode="automatic"), npc("Yan", "5,2")],
    )
    enc = Encounter.start(data, seed=4)
    switched = 0
    while enc.result() is None and switched < 3:
        d = enc.pending()[0]
        offered = [c for c in enc.legal(d.seat) if c.action == "switch_fire"]
        choice = offered[0] if offered else choose(enc.ruleset, enc.state, d.seat, random.Random(1))
        switched += bool(offered)
        enc.submit(d.seat, choice)
    run_bots(enc, rng=random.Random(4))
    assert enc.result() is not None
    assert sum(e.kind == "switch_fire" for e in enc.events()) >= 3
    assert replay(json.loads(json.dumps(enc.to_json()))).ok


def test_the_bot_switches_when_the_other_mode_has_the_better_shot() -> None:
    # On automatic at Contact: single's Trivial beats automatic's Normal: switch to single.
    enc = duel(carbine(fire_mode="automatic"), npc("Zed", "1,0"))
    assert choose(enc.ruleset, enc.state, "Crew", random.Random(1)).action == "switch_fire"
    # On single with a sure hit either way: automatic's +1 weapon value is worth it.
    sure = npc("Ada", "0,0", skills={"Gun Combat": 8}, weapon="carbine")
    enc = duel(sure, npc("Zed", "1,0"))
    assert choose(enc.ruleset, enc.state, "Crew", random.Random(1)).action == "switch_fire"
    # On single with the likelier hit: it shoots.
    enc = duel(carbine(), npc("Zed", "1,0"))
    shot = choose(enc.ruleset, enc.state, "Crew", random.Random(1))
    assert (shot.action, shot.get("fire")) == ("attack", "single")
