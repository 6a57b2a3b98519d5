"""Audit 14: rules meeting each other (GM overrides, rolls in hand, leaving the fight)."""

from __future__ import annotations

import pytest
from star_wars_scenes import brawl
from test_dogfight import MINUS, PLUS, furball, tail
from test_lightspeed import runner

from shiftdrive.core.dice import ScriptedDice
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter


@pytest.mark.parametrize(
    "disable",
    [
        'gm_consequence character=Kestrel severity=severe aspect="Drive Shot"',
        'gm_add_aspect name="Ion Lock" owner=Kestrel',
    ],
)
def test_a_hyperdrive_put_out_while_the_jump_roll_is_in_hand_keeps_the_ship(
    disable: str,
) -> None:
    """Seed 004, Jumping to Lightspeed: "if the navigation roll is successful and the ship is
    still capable of lightspeed, it can exit the scene into hyperspace" (S6). A severe hull
    consequence or a `hyperdrive_disabled_by` aspect the GM adds during the jump's invoke
    window puts the drive out before the roll resolves: the ship stays, and the roll counts
    as the round's failed jump. The old code sent the ship away all the same."""
    enc = Encounter.start(runner(), dice=ScriptedDice([1, 0, 0, 0]))
    enc.submit("gm", 'gm_add_aspect name="Tractor Beam" invokes=1 holder="TIE"')
    enc.submit("smugglers", Choice.of("jump", skill="Navigate"))  # 3 + 1 against Good (3)
    assert enc.state.roll is not None and enc.state.roll.stage == "invoke"
    enc.submit("gm", disable)
    enc.pass_window("invoke")
    assert enc.state.fighters["Kestrel"].status == "active"
    assert enc.result() is None
    assert enc.state.jump_failed == {"Kestrel": 1}
    (failed,) = [e for e in enc.events() if e.kind == "jump_failed"]
    assert enc.describe(failed, "empire") == "Kestrel's hyperdrive is out: it cannot jump"


def test_a_tail_whose_aspect_the_gm_removes_is_gone() -> None:
    """Seed 004, Dogfighting: a fighter "can Create Advantage to place an On Your Six or
    similar advantage on them. Once placed, this advantage prevents the tailed fighter from
    making an attack directly on the pursuer" (S5). The advantage is the aspect: when the GM
    removes *On T's Six*, T may fire at its pursuer again, and the pursuer may tail it anew.
    The old code kept the tail without its aspect (T still could not shoot) and refused the
    next tail roll ("no aspect named ..."), leaving the defender only `concede`."""
    enc = Encounter.start(furball(), dice=ScriptedDice(PLUS + MINUS + PLUS + MINUS))
    tail(enc, "rebels", "T", "empire")
    enc.submit("gm", 'gm_remove_aspect name="On T\'s Six"')
    assert enc.state.tails == []
    assert "attack skill=Shoot target=X" in [c.text() for c in enc.legal("empire")]
    enc.submit("empire", "hold")
    enc.submit("empire", Choice.of("next", who="Ace"))
    tail(enc, "rebels", "T", "empire")  # succeeds again: a fresh tail and aspect
    assert [(t.pursuer, t.tailed) for t in enc.state.tails] == [("X", "T")]
    assert enc.state.aspects.get("On T's Six").free_for("Ace") == 2


def test_help_promised_to_an_ally_who_leaves_the_fight_lapses() -> None:
    """S13 (Fate Core teamwork; the doc's default: unused help lapses when the ally's next
    turn ends). Han helps Lia with Athletics; Lia then concedes before TK-1's shot is rolled
    (C10), so she has no next turn: the help lapses as TK-1's turn ends, and no seat's view
    goes on showing it. The old code kept it promised for the rest of the fight."""
    data = brawl()
    data["interrupts"] = False
    enc = Encounter.start(data, dice=ScriptedDice([]))
    enc.submit("rebels", "hold")
    enc.submit("rebels", Choice.of("next", who="Han"))
    enc.submit("rebels", Choice.of("help", ally="Lia", skill="Athletics"))
    enc.submit("rebels", Choice.of("next", who="TK-1"))
    enc.submit("empire", Choice.of("attack", target="Lia", skill="Shoot"))
    enc.submit("rebels", "concede")
    assert enc.state.fighters["Lia"].status == "conceded"
    assert enc.state.helps == []
    assert enc.ruleset.view(enc.state, "rebels")["help"] == []
