"""The tiny example ruleset, played through the Encounter as a table would play it."""

from __future__ import annotations

import itertools
import json
import random
from fractions import Fraction
from typing import Any

import pytest
import yaml

from example_ruleset import EXAMPLE, ID
from example_ruleset.bot import choose
from shiftdrive.core.dice import ScriptedDice
from shiftdrive.engine.bots import run_bots
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter, IllegalChoice
from shiftdrive.engine.events import GM
from shiftdrive.engine.loading import load_encounter
from shiftdrive.engine.registry import get_bot, get_ruleset
from shiftdrive.engine.ruleset import Ending
from shiftdrive.engine.scenario import ScenarioError


def duel() -> dict[str, Any]:
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def closed_in(dice: list[int] | None = None) -> Encounter:
    """Blue has moved to Near: red's helm turn, Kestrel in reach. `dice` script the rolls."""
    enc = Encounter.start(duel(), seed=1, dice=ScriptedDice(dice) if dice is not None else None)
    enc.submit("blue", "move zone=Near")
    return enc


def test_registered_with_its_bot() -> None:
    assert get_ruleset(ID).id == ID
    assert get_bot(ID) is choose


def test_legal_why_illegal_and_apply() -> None:
    enc = Encounter.start(duel(), seed=1)
    assert enc.pending_seats() == ["blue"]
    assert [c.text() for c in enc.legal("blue")] == ["move zone=Near", "concede"]
    assert enc.legal("red") == []
    # the rule that lists the menu is the one that refuses
    assert enc.why_illegal("blue", Choice.of("shoot", target="Wasp")) == (
        "Kestrel cannot shoot now"
    )
    assert enc.why_illegal("blue", Choice.of("move", zone="Close")) == (
        "'move zone=Close' is not one of Kestrel's move choices"
    )
    assert enc.why_illegal("blue", Choice.of("invoke", aspect="Decoy Flares")) == (
        "blue cannot invoke now (blue may: move, shoot, concede)"
    )
    assert enc.why_illegal("red", Choice.of("move", zone="Near")) == (
        "it is not red's decision now (waiting on blue)"
    )
    with pytest.raises(IllegalChoice):
        enc.submit("blue", "move zone=Close")
    assert len(enc.log) == 1  # refused: nothing changed
    enc.submit("blue", "move zone=Near")
    assert enc.state.crafts["Kestrel"].zone == "Near"
    assert enc.pending_seats() == ["red"]
    assert [c.text() for c in enc.legal("red")] == [
        "move zone=Near", "shoot target=Kestrel", "concede",
    ]  # fmt: skip
    assert enc.param_kinds(Choice.of("shoot", target="Kestrel")) == {"target": "unit"}
    assert enc.param_kinds(Choice.of("move", zone="Near")) == {"zone": "zone"}


def test_odds_are_exact() -> None:
    """Wasp (guns 3) at Kestrel (pilot 2): a hit needs 4dF >= 0, counted over all 81 rolls."""
    enc = closed_in()
    got = enc.ruleset.odds(enc.state, "red", Choice.of("shoot", target="Kestrel"))
    assert got is not None
    rolls = list(itertools.product((-1, 0, 1), repeat=4))
    hits = sum(1 for r in rolls if 3 + sum(r) - 2 >= 1)
    assert got.at_least_success == Fraction(hits, 81)
    assert got.tie == Fraction(sum(1 for r in rolls if sum(r) == -1), 81)
    assert enc.ruleset.odds(enc.state, "red", Choice.of("move", zone="Near")) is None


def test_prompts_come_from_the_turns() -> None:
    enc = closed_in([0, 0, 0, 0])
    (helm,) = enc.pending()
    assert (helm.seat, helm.kind, helm.actor, helm.window) == ("red", "helm", "Wasp", None)
    assert helm.prompt == "Wasp: move, shoot or concede (round 1)"
    enc.submit("red", "shoot target=Kestrel")  # 3 + 0 - 2: one shift, open to invokes
    decisions = enc.pending()
    assert [(d.seat, d.kind, d.window) for d in decisions] == [
        ("red", "invoke", "invoke"), ("blue", "invoke", "invoke"),
    ]  # fmt: skip
    assert decisions[0].prompt == "Wasp: invoke on the shot at 1 shifts, or pass"
    assert enc.pending_seats() == ["red", "blue"]


def test_the_invoke_window_is_optional() -> None:
    enc = closed_in([1, 0, 0, 0])  # 3 + 1 - 2 = 2 shifts
    enc.submit("red", "shoot target=Kestrel")
    assert [c.text() for c in enc.legal("blue")] == ["invoke aspect='Decoy Flares'", "pass"]
    enc.submit("blue", Choice.of("invoke", aspect="Decoy Flares"))
    assert enc.state.shot.shifts == 0
    assert enc.pending_seats() == ["red"]  # blue has nothing left to invoke: no turn
    events = enc.pass_window("invoke")
    assert [e.kind for e in events] == ["passed", "missed", "round"]
    assert enc.pending_seats() == ["blue"]  # the helm passed on, to a new round
    assert enc.describe(events[-1]) == "Round 2"
    assert enc.state.shot is None


def test_pass_window_passes_every_seat_and_the_shot_lands() -> None:
    enc = closed_in([1, 1, 1, 0])  # 3 + 3 - 2 = 4 shifts: hull 2, mild 2, still in
    enc.submit("red", "shoot target=Kestrel")
    events = enc.pass_window("invoke")
    assert [e.kind for e in events] == ["passed", "passed", "hit", "round"]
    hit = events[2]
    assert hit.data == {
        "shooter": "Wasp", "target": "Kestrel", "shifts": 4, "hull": 2,
        "consequence": "Scorched Hull", "taken_out": False,
    }  # fmt: skip
    assert enc.describe(hit, "blue") == (
        "Wasp hits Kestrel for 4 shifts, hull 2 marked, mild consequence 'Scorched Hull'"
    )
    assert enc.result() is None


def test_a_hit_past_hull_and_consequence_takes_out() -> None:
    enc = closed_in([1, 1, 1, 1])  # 5 shifts
    enc.submit("red", "shoot target=Kestrel")
    enc.submit("red", Choice.of("invoke", aspect="Hidden Missile Pod"))  # 7
    enc.pass_window("invoke")
    result = enc.result()
    assert result is not None
    assert (result.winner, result.ending) == ("red", Ending.TAKEN_OUT)
    assert enc.pending() == [] and enc.legal("blue") == []


def test_dice_from_the_table_are_a_decision() -> None:
    enc = Encounter.start(duel(), dice_kind="manual")
    enc.submit("blue", "move zone=Near")  # no dice
    assert enc.submit("red", "shoot target=Kestrel") == []
    (ask,) = enc.pending()
    assert (ask.seat, ask.kind, ask.actor) == ("red", "dice", "Wasp")  # Wasp's seat rolls
    assert ask.prompt == "Roll 4dF for Wasp shoots at Kestrel"
    assert enc.pending_seats() == ["red"]
    assert enc.why_illegal("red", Choice.of("pass")) is not None
    assert enc.why_illegal("blue", Choice("dice", (("faces", "+ + + +"),))) is not None
    assert len(enc.log) == 2  # nothing of the shot is applied yet

    # a save made at the prompt resumes at the prompt
    saved = json.loads(json.dumps(enc.to_json()))
    again = load_encounter(saved)
    assert again.pending() == enc.pending()

    # undo at the prompt takes back the shot that waits for the dice
    (cut,) = again.undo()
    assert cut.choice == Choice.of("shoot", target="Kestrel")
    assert again.pending_seats() == ["red"] and again.pending()[0].kind == "helm"

    events = enc.submit("red", Choice("dice", (("faces", "+ - 0 +"),)))
    assert events[0].kind == "shot" and events[0].data["dice"] == "+ - 0 +"
    assert enc.state.shot.shifts == 2  # 3 + 1 - 2
    assert enc.log[-1].draws[0].values == [1, -1, 0, 1]
    assert [d.kind for d in enc.pending()] == ["invoke", "invoke"]


def test_words_and_views_keep_the_reserve_secret() -> None:
    enc = closed_in([1, 0, 0, 0])
    reserve = next(e for e in enc.log[0].events if e.kind == "reserve" and not e.visible("red"))
    assert enc.describe(reserve, "blue") == (
        "Kestrel holds a hidden reserve: 'Decoy Flares' (1 free invoke)"
    )
    assert "Decoy Flares" not in enc.describe(reserve, "red")
    assert enc.ruleset.secrets(enc.state, "red") == ["Decoy Flares"]
    assert "Decoy Flares" not in json.dumps(enc.view("red"))
    assert "Decoy Flares" in json.dumps(enc.view("blue"))
    assert "Decoy Flares" in json.dumps(enc.view(GM))
    enc.submit("red", "shoot target=Kestrel")
    enc.submit("blue", Choice.of("invoke", aspect="Decoy Flares"))
    # invoked: revealed, in the view and in the log's words
    assert enc.ruleset.secrets(enc.state, "red") == []
    log = json.dumps(enc.view("red")["log"])
    assert "Kestrel invokes 'Decoy Flares': the shot stands at 0" in log


def test_scenario_errors_name_the_field() -> None:
    data = duel()
    data["sides"][0]["craft"]["zone"] = "Mars"
    with pytest.raises(ScenarioError, match="Kestrel's zone 'Mars' is not on the track"):
        Encounter.start(data, seed=1)
    data = duel()
    data["sides"][1]["craft"]["guns"] = 9
    with pytest.raises(ScenarioError, match=r"sides\[1\]\.craft\.guns"):
        Encounter.start(data, seed=1)


@pytest.mark.parametrize("seed", range(10))
def test_the_bot_plays_to_the_end(seed: int) -> None:
    enc = Encounter.start(duel(), seed=seed)
    run_bots(enc, rng=random.Random(seed))
    assert enc.result() is not None


def test_the_bot_invokes_to_turn_a_miss_into_a_hit() -> None:
    enc = closed_in([0, 0, -1, 0])  # 3 - 1 - 2 = 0 shifts: a tie, turned by +2
    enc.submit("red", "shoot target=Kestrel")
    pick = choose(enc.ruleset, enc.state, "red", random.Random(0))
    assert pick == Choice.of("invoke", aspect="Hidden Missile Pod")
