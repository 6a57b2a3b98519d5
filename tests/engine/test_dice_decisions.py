"""Typed-in dice are decisions: the encounter asks the roller, never half-applies a choice,
and undo, save and resume work at a dice prompt like at any other."""

from __future__ import annotations

import json

import pytest

from conftest import EXAMPLES
from shiftdrive.core.dice import ScriptedDice
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.dice_prompt import DICE
from shiftdrive.engine.encounter import Encounter, IllegalChoice, digest
from shiftdrive.engine.events import GM
from shiftdrive.engine.loading import load_encounter
from shiftdrive.engine.replay import replay
from shiftdrive.files import read_yaml

BRAWL = read_yaml(EXAMPLES / "fully_automated" / "brawl.yaml")
AMBUSH = read_yaml(EXAMPLES / "fate_core" / "station-ambush.yaml")


def faces(text: str) -> Choice:
    return Choice(DICE, (("faces", text),))


def test_set_up_dice_are_asked_of_the_gm_before_anything_else() -> None:
    enc = Encounter.start(BRAWL, dice_kind="manual")
    (decision,) = enc.pending()
    assert decision.kind == DICE and decision.seat == GM
    assert decision.prompt.startswith("Roll 2d10 for initiative")
    assert enc.result() is None and enc.log == [] and enc.state is None
    with pytest.raises(IllegalChoice, match="waiting for dice first"):
        enc.submit(GM, "reveal")
    with pytest.raises(IllegalChoice, match="need exactly 2 faces of d10"):
        enc.submit(GM, faces("3"))
    typed = []
    while enc.state is None:
        need = enc.awaiting.need if enc.awaiting else None
        assert need is not None and enc.pending()[0].seat == GM
        typed.append([1 + len(typed)] * need.count)  # all different: no roll-off
        enc.submit(GM, faces(" ".join(map(str, typed[-1]))))
    assert [d.values for d in enc.log[0].draws] == typed
    assert len(typed) == len(enc.state.fighters)
    assert replay(json.loads(json.dumps(enc.to_json()))).ok


def test_a_roll_waits_for_each_roller_in_turn_and_nothing_is_applied_meanwhile() -> None:
    enc = Encounter.start(AMBUSH, dice_kind="manual")
    before = digest(enc.snapshot())
    enc.submit("crew", "attack skill=Shoot target=Kesh")
    # no dice yet: the attack itself rolls nothing, the defence does
    enc.submit("raiders", "defend skill=Athletics")
    (ask,) = enc.pending()
    assert ask.kind == DICE and "Anna Vex: Shoot" in ask.prompt
    assert len(enc.log) == 2  # the defence waits, unapplied
    assert enc.legal("crew") == [] or enc.legal("crew")[0].action == DICE
    enc.submit(ask.seat, faces("+ + + +"))
    (ask2,) = enc.pending()
    assert "Kesh: Athletics" in ask2.prompt and len(enc.log) == 2
    enc.submit(GM, faces("0 0 0 0"))  # the GM may type any roll
    assert enc.awaiting is None and len(enc.log) == 3
    assert [d.values for d in enc.log[-1].draws] == [[1, 1, 1, 1], [0, 0, 0, 0]]
    assert replay(json.loads(json.dumps(enc.to_json()))).ok
    enc.undo(2)
    assert digest(enc.snapshot()) == before


def test_undo_at_a_dice_prompt_cancels_the_waiting_choice() -> None:
    enc = Encounter.start(AMBUSH, dice_kind="manual")
    enc.submit("crew", "attack skill=Shoot target=Kesh")
    state = digest(enc.snapshot())
    enc.submit("raiders", "defend skill=Athletics")
    enc.submit(enc.pending()[0].seat, faces("+ + + +"))
    cut = enc.undo()
    assert [e.choice.text() for e in cut if e.choice] == ["defend skill=Athletics"]
    assert enc.awaiting is None and digest(enc.snapshot()) == state
    assert enc.pending()[0].kind == "defend"


def test_a_save_at_a_dice_prompt_resumes_at_that_prompt_with_the_faces_given() -> None:
    enc = Encounter.start(AMBUSH, dice_kind="manual")
    enc.submit("crew", "attack skill=Shoot target=Kesh")
    enc.submit("raiders", "defend skill=Athletics")
    enc.submit(enc.pending()[0].seat, faces("- 0 + +"))
    saved = json.loads(json.dumps(enc.to_json()))
    assert saved["awaiting"]["faces"] == [[-1, 0, 1, 1]]
    back = load_encounter(saved)
    assert back.pending()[0].prompt == enc.pending()[0].prompt
    back.submit(GM, faces("0 0 0 0"))
    enc.submit(GM, faces("0 0 0 0"))
    assert back.to_json() == enc.to_json()


def test_seeded_dice_never_ask() -> None:
    enc = Encounter.start(AMBUSH, seed=3)
    enc.submit("crew", "attack skill=Shoot target=Kesh")
    enc.submit("raiders", "defend skill=Athletics")
    assert enc.awaiting is None and all(d.kind != DICE for d in enc.pending())


def test_scripted_dice_that_run_out_refuse_the_choice_unchanged() -> None:
    enc = Encounter.start(AMBUSH, dice=ScriptedDice([]), dice_kind="script")
    enc.submit("crew", "attack skill=Shoot target=Kesh")
    before = digest(enc.snapshot())
    with pytest.raises(IllegalChoice, match="scripted dice ran out"):
        enc.submit("raiders", "defend skill=Athletics")
    assert digest(enc.snapshot()) == before and len(enc.log) == 2
