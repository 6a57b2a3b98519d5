"""Scenario validation, light combat, bots and conformance for fully_automated."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from fa_helpers import char, scenario, start
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shiftdrive.engine.bots import random_bot, run_bots
from shiftdrive.engine.encounter import Encounter, IllegalChoice
from shiftdrive.engine.events import GM
from shiftdrive.engine.replay import replay
from shiftdrive.engine.ruleset import Ending
from shiftdrive.engine.scenario import ScenarioError
from shiftdrive.files import read_yaml
from shiftdrive.rulesets.fully_automated.bot import choose

EXAMPLES = Path(__file__).parents[3] / "examples" / "fully_automated"


def problems(data: dict[str, Any]) -> dict[str, str]:
    with pytest.raises(ScenarioError) as info:
        Encounter.start(data, seed=1)
    return dict(info.value.problems)


def test_validation_names_field_paths() -> None:
    data = scenario(
        [char("A", "0,0", weapons=["laser"]), char("A", "1,0")],
        [char("B", "20,0", proficiencies=["sword", "staff"]), char("C", "0,0")],
        catalog={"weapons": {"gun": ["death_ray"]}},
    )
    got = problems(data)
    assert "unknown weapon 'laser'" in got["sides[0].characters[0].weapons[0]"]
    assert "duplicate name" in got["sides[0].characters[1].name"]
    assert "off the map" in got["sides[1].characters[0].at"]
    assert "over the budget" in got["sides[1].characters[0].proficiencies"]
    assert "already taken" in got["sides[1].characters[1].at"]
    assert "unknown card 'death_ray'" in got["catalog.weapons.gun[0]"]


def test_bundles_cost_once() -> None:
    # rifle (1.5) comes with pistol; sword (2) with e-baton and club
    data = scenario(
        [char("A", "0,0", proficiencies=["rifle", "pistol"])],
        [char("B", "3,0", proficiencies=["sword", "club", "e_baton"])],
    )
    enc = Encounter.start(data, seed=1)
    assert "pistol" in enc.state.fighters["A"].proficiencies
    assert {"club", "e_baton"} <= set(enc.state.fighters["B"].proficiencies)


@pytest.mark.parametrize("name", ["brawl", "standoff", "light_alley"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_examples_play_to_the_end_with_bots(name: str, seed: int) -> None:
    enc = Encounter.start(read_yaml(EXAMPLES / f"{name}.yaml"), seed=seed)
    run_bots(enc, rng=random.Random(seed))
    assert enc.result() is not None
    assert replay(json.loads(json.dumps(enc.to_json()))).ok


@pytest.mark.parametrize("name", ["brawl", "standoff"])
def test_same_seed_same_log_and_random_play_ends(name: str) -> None:
    data = read_yaml(EXAMPLES / f"{name}.yaml")
    logs = []
    for _ in range(2):
        enc = Encounter.start(data, seed=11)
        run_bots(enc, rng=random.Random(11), policy=random_bot)
        assert enc.result() is not None
        logs.append(enc.to_json()["log"])
    assert logs[0] == logs[1]


def assert_no_leak(enc: Encounter) -> None:
    chosen = enc.state.secret.chosen
    for seat in enc.seats():
        view = enc.view(seat)
        assert set(view["state"]["secret"]) <= {seat}
        for entry in view["log"]:
            if entry["choice"] and entry["choice"]["action"] in ("play", "declare"):
                assert entry["seat"] == seat, f"{seat} sees {entry['seat']}'s card"
        blob = json.dumps(view)
        for other, card in chosen.items():
            if other != seat and "text" in card:
                assert card["text"] not in blob
    json.dumps(enc.view(GM))


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**31 - 1), name=st.sampled_from(["brawl", "standoff"])
)
def test_views_never_show_unrevealed_cards(seed: int, name: str) -> None:
    enc = Encounter.start(read_yaml(EXAMPLES / f"{name}.yaml"), seed=seed)
    rng = random.Random(seed)
    for _ in range(120):
        if enc.result():
            break
        assert_no_leak(enc)
        seat = enc.pending_seats()[0]
        enc.submit(seat, random_bot(enc, seat, rng))
    assert_no_leak(enc)


@pytest.mark.parametrize("name", ["brawl", "standoff", "light_alley"])
def test_bots_meet_every_kind_of_turn(name: str) -> None:
    """A few whole fights pass through every kind of turn of their mode, and each ends with
    none open."""
    light = {"declare", "resolve"}
    standard = {"card", "target", "defend_step", "step", "withdraw", "move", "interject"}
    wanted = light if name == "light_alley" else standard
    kinds: set[str] = set()
    for seed in range(3, 8):
        enc = Encounter.start(read_yaml(EXAMPLES / f"{name}.yaml"), seed=seed)
        rng = random.Random(seed)
        while enc.result() is None:
            pending = enc.ruleset.pending(enc.state)
            kinds.update(d.kind for d in pending)
            seat = pending[0].seat
            enc.submit(seat, choose(enc.ruleset, enc.state, seat, rng))
        assert enc.ruleset.waiting(enc.state) == [] == enc.ruleset.pending(enc.state)
        if kinds >= wanted:
            break
    assert kinds >= wanted


def light_data() -> dict[str, Any]:
    return {
        "ruleset": "fully_automated",
        "mode": "light",
        "sides": [
            {"name": "Crew", "characters": [{"name": "Ana"}, {"name": "Bo"}]},
            {"name": "Gang", "characters": [{"name": "Cy", "hp": 6}]},
        ],
    }


def test_light_combat_round() -> None:
    enc, _ = start(light_data(), 7)
    enc.submit("Ana", "declare text='I vault the bar and tackle Cy'")
    assert "vault" not in json.dumps(enc.view("Cy"))
    enc.submit("Bo", "declare text=Defend")
    enc.submit("Cy", "declare text='I throw a bottle at Ana'")
    assert "vault" in json.dumps(enc.view("Cy"))
    assert enc.pending()[0].seat == GM and enc.pending()[0].actor == "Ana"
    enc.submit(GM, "check bonus=3 difficulty=9")  # 1d10 7 + 3 = 10 >= 9
    assert enc.state.light_success
    enc.submit(GM, "hp name=Cy delta=-6")
    assert enc.result() is not None and enc.result().winner == "Crew"  # type: ignore[union-attr]


def test_light_gm_reveal_defaults_to_defend_and_bots_finish() -> None:
    enc = Encounter.start(light_data(), seed=3)
    enc.submit("Ana", "declare text='Run'")
    enc.submit(GM, "reveal")
    assert enc.state.played["Bo"]["text"] == "Defend"
    run_bots(enc, rng=random.Random(3))
    assert enc.result() is not None
    assert replay(enc.to_json()).ok


def test_gm_reveal_in_standard_mode() -> None:
    enc, _ = start(scenario([char("A", "0,0")], [char("B", "4,0")]), 5, 5, 1, 1)
    enc.submit("A", "play card=move")
    enc.submit(GM, "reveal")
    assert enc.state.played["B"]["card"] == "defend" and enc.state.played["B"]["undecided"]


@pytest.mark.parametrize("name", ["brawl", "standoff", "light_alley"])
def test_bot_fights_end_decisively_and_tally_the_damage(name: str) -> None:
    """The bot reads the rock-paper-scissors well enough that fights end before the round
    limit; the tally's damage is every point of damage logged."""
    data = read_yaml(EXAMPLES / f"{name}.yaml")
    decisive = 0
    for seed in range(10):
        enc = Encounter.start(data, seed=seed)
        run_bots(enc, rng=random.Random(seed))
        result = enc.result()
        assert result is not None
        if result.ending == Ending.TAKEN_OUT and result.winner is not None:
            decisive += 1
            losers = [t for t in enc.ruleset.tally(enc.state) if t.side != result.winner]
            assert losers and all(t.taken_out for t in losers)
        logged: dict[str, int] = {}
        for e in enc.events():
            if e.kind == "damage":
                logged[e.data["character"]] = logged.get(e.data["character"], 0) + e.data["damage"]
        for t in enc.ruleset.tally(enc.state):
            assert t.damage == logged.get(t.name, 0)
    assert decisive >= 8, f"only {decisive} of 10 {name} fights ended decisively"


def test_light_combat_takes_one_sentence_only() -> None:
    enc = Encounter.start(light_data(), seed=1)
    with pytest.raises(IllegalChoice, match="one sentence"):
        enc.submit("Ana", "declare text='I duck. Then I run. Then I hide.'")
    with pytest.raises(IllegalChoice, match="one sentence"):
        enc.submit("Ana", "declare text=''")
    enc.submit("Ana", "declare text='I duck behind the noodle cart, shouting at Cy!'")
    assert enc.state.secret.chosen["Ana"]["text"].startswith("I duck")


def test_light_combat_logs_the_check_and_hp() -> None:
    enc, _ = start(light_data(), 2)
    for seat in ("Ana", "Bo", "Cy"):
        enc.submit(seat, "declare text=Defend")
    enc.submit(GM, "check bonus=1 difficulty=6")  # 1d10 2 + 1 = 3: failure
    enc.submit(GM, "hp name=Ana delta=-5")
    texts = [enc.describe(e) for e in enc.events()]
    assert any("skill check" in t and "failure" in t for t in texts)
    assert any(t.startswith("Ana takes 5 damage") for t in texts)
