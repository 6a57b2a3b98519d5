"""fate_core's shape: turns and windows, events as data worded in one place, the bot beside
the rules through `query`."""

from __future__ import annotations

import random
from typing import Any

import pytest

from shiftdrive.core.dice import ScriptedDice
from shiftdrive.engine.bots import run_bots
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter, IllegalChoice
from shiftdrive.engine.registry import get_bot
from shiftdrive.engine.ruleset import Turn
from shiftdrive.rulesets.fate_core import query
from shiftdrive.rulesets.fate_core.bot import choose

ZERO = [0, 0, 0, 0]


def start(duel: dict[str, Any], dice: list[int]) -> Encounter:
    return Encounter.start(duel, dice=ScriptedDice(dice))


def test_the_invoke_window_is_an_optional_turn_each_side_passes(duel: dict[str, Any]) -> None:
    enc = start(duel, ZERO + ZERO)
    enc.submit("crew", Choice.of("attack", target="Zird", skill="Fight"))
    assert enc.ruleset.turns(enc.state) == [Turn("raiders", "defend", "Zird")]
    enc.submit("raiders", Choice.of("defend", skill="Athletics"))
    assert enc.ruleset.turns(enc.state) == [Turn("crew", "invoke", "Anna", window="invoke")]
    assert any(c.action == "pass" for c in enc.legal("crew"))
    enc.pass_window("invoke")  # both sides pass: 2 against 1, a hit of 1 to absorb
    assert enc.ruleset.turns(enc.state) == [Turn("raiders", "absorb", "Zird")]
    assert query.standing(enc.state) == (2, 1)


def test_events_are_data_and_describe_words_them(duel: dict[str, Any]) -> None:
    enc = start(duel, [1, 0, -1, 0] + ZERO)
    enc.submit("crew", Choice.of("attack", target="Zird", skill="Fight"))
    events = enc.submit("raiders", Choice.of("defend", skill="Athletics"))
    assert all("text" not in e.to_json() for entry in enc.log for e in entry.events)
    assert events[0].data == {"who": "Anna", "skill": "Fight", "dice": [1, 0, -1, 0], "total": 2}
    assert enc.describe(events[0], "raiders") == "Anna rolls Fight: [+ 0 - 0] -> 2"
    setup = [enc.describe(e) for e in enc.log[0].events]
    assert setup[1] == "Turn order by Notice: Anna (Notice +3), Zird (Notice +1)"


def test_a_compel_on_a_hidden_aspect_is_worded_only_for_its_side(duel: dict[str, Any]) -> None:
    enc = start(duel, [])
    enc.submit("gm", Choice.of("compel", character="Anna", aspect="Secret Agent"))
    event = enc.log[-1].events[0]
    assert event.visible_to == frozenset({"crew"}) and not event.visible("raiders")
    assert "Secret Agent" in enc.describe(event, "crew")
    enc.submit("crew", "accept")
    answer = enc.log[-1].events[0]
    assert answer.data["accepted"] and not answer.visible("raiders")


def test_refusing_a_compel_without_a_fate_point_is_refused_with_the_reason(
    duel: dict[str, Any],
) -> None:
    duel["sides"][1]["characters"][0]["fate_points"] = 0
    enc = start(duel, [])
    enc.submit("gm", Choice.of("compel", character="Zird", aspect="Brawler"))
    with pytest.raises(IllegalChoice, match="no fate point to refuse"):
        enc.submit("raiders", "refuse")


def test_a_consequence_needs_a_name_of_its_own(duel: dict[str, Any]) -> None:
    enc = start(duel, [1, 1, 1, 1, -1, -1, -1, -1])
    enc.submit("crew", Choice.of("attack", target="Zird", skill="Fight"))
    enc.submit("raiders", Choice.of("defend", skill="Athletics"))
    enc.pass_window("invoke")
    enc.submit("crew", "full")
    option = next(c for c in enc.legal("raiders") if c.get("moderate") and c.get("box") == 3)
    with pytest.raises(IllegalChoice, match="already an aspect named"):
        enc.submit("raiders", option.with_params(moderate="Sirens Wailing"))


def test_parameters_have_kinds(duel: dict[str, Any]) -> None:
    enc = start(duel, [])
    kinds = enc.param_kinds(Choice.of("attack", target="Zird", skill="Fight"))
    assert {k: str(v) for k, v in kinds.items()} == {"target": "unit", "skill": "skill"}


def test_the_registry_bot_is_the_bot_module_and_plays_to_the_end(duel: dict[str, Any]) -> None:
    assert get_bot("fate_core") is choose
    enc = Encounter.start(duel, seed=4)
    run_bots(enc, rng=random.Random(4))
    assert enc.result() is not None


def test_queries(duel: dict[str, Any]) -> None:
    enc = start(duel, [])
    state = enc.state
    assert [e.name for e in query.enemies(state, "Anna")] == ["Zird"]
    assert [a.name for a in query.allies(state, "Anna")] == ["Anna"]
    assert query.distance(state, "Hangar", "Roof") == 2
    assert "Sabotaged Crane" not in [a.name for a in query.visible_aspects(state, "crew")]
    assert "Sabotaged Crane" in [a.name for a in query.visible_aspects(state, "gm")]
    assert query.free_invokes(state, "Anna") == 0
