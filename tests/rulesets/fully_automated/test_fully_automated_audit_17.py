"""Audit 17 of seed 003 (Fully Automated!): the GM's `hp` while the round's secret cards are
chosen. Seed "Additional Combat Rules": the incapacitated "cannot perform any action besides
defending"; the dying "no longer can perform even the defend action" (F8). A seat whose
character may no longer choose a card is asked no more, and a card it chose does nothing:
the rest reveal as usual (F2). Initiative draws 2d10 per fighter in scenario order."""

from __future__ import annotations

import json
from typing import Any

from fa_helpers import char, hp, play, scenario, start

from shiftdrive.engine.encounter import Encounter
from shiftdrive.engine.events import GM

INIT3 = (5, 5, 1, 1, 1, 2)  # A 15, B 7, C 8


def choosing(enc: Encounter) -> list[str]:
    return sorted(d.seat for d in enc.pending() if d.kind == "card")


def revealed(enc: Encounter) -> dict[str, Any]:
    played = [e.data["played"] for e in enc.events() if e.kind == "reveal"]
    assert played, "no reveal yet"
    out = played[-1]
    assert isinstance(out, dict)
    return out


def three() -> dict[str, Any]:
    """A (Red) stands next to B; C (Blue) is far off."""
    return scenario([char("A", "0,0")], [char("B", "1,0"), char("C", "-6,0")])


def test_a_seat_the_gm_takes_to_dying_is_not_asked_and_the_rest_reveal() -> None:
    """A punches; the GM takes B (still choosing) to -12, dying: B is asked no more, and once
    C has chosen all reveal without B. A's Punch lands on B undefended (0 0: 4 damage), and
    the round ends with the dying B losing its point (F8)."""
    enc, dice = start(three(), *INIT3)
    play(enc, A="punch")
    enc.submit(GM, "hp name=B delta=-32")  # 20 -> -12: dying
    assert enc.state.fighters["B"].status == "dying"
    assert choosing(enc) == ["C"]
    assert "B" not in {d.seat for d in enc.pending()}
    play(enc, C="defend")
    shown = revealed(enc)
    assert set(shown) == {"A", "C"}
    assert shown["A"]["card"] == "punch" and shown["C"]["card"] == "defend"
    dice.push([0, 0])
    enc.submit("A", "target name=B")
    assert hp(enc, "B") == -16
    while enc.state.round == 1:
        enc.submit(enc.pending()[0].seat, "stay")
    assert hp(enc, "B") == -17  # the dying lose 1 at the end of the round
    assert choosing(enc) == ["A", "C"]  # round 2: B chooses nothing


def test_the_last_seat_falling_reveals_at_once() -> None:
    """A and C have chosen; the GM takes B, the only seat left, to dying: the cards reveal in
    the GM's own command, and the round goes on to A's attack."""
    enc, _ = start(three(), *INIT3)
    play(enc, A="punch", C="defend")
    assert choosing(enc) == ["B"]
    enc.submit(GM, "hp name=B delta=-32")
    assert set(revealed(enc)) == {"A", "C"}
    assert enc.state.phase == "attacks" and enc.pending()[0].seat == "A"


def test_a_card_chosen_before_the_fall_does_nothing() -> None:
    """B chose Punch, then the GM takes it to -5: incapacitated, it "cannot perform any action
    besides defending" (F8), as one that fell before the round: its Punch is dropped unseen
    and it Defends, forced, so A's Punch meets a defense at disadvantage (B is adjacent, but
    the incapacitated defend at disadvantage: 3dF keep the worst, - 0 + gives -1, the attack
    proceeds at disadvantage, 4 damage). Taken to dying instead, its card is not played at all."""
    enc, dice = start(three(), *INIT3)
    play(enc, B="punch")
    assert enc.view("B")["state"]["secret"]  # B sees its own card
    enc.submit(GM, "hp name=B delta=-25")  # 20 -> -5: incapacitated
    assert enc.state.fighters["B"].status == "incapacitated"
    assert enc.view("B")["state"]["secret"] == {}  # its card is gone
    play(enc, A="punch", C="defend")
    shown = revealed(enc)
    assert shown["B"]["card"] == "defend" and shown["B"].get("forced") is True
    assert "punch" not in json.dumps(shown["B"])
    assert enc.state.queue == ["A"]  # B makes no attack
    dice.push([-1, 0, 1, 0, 0, 0])
    enc.submit("A", "target name=B")
    assert enc.pending()[0].kind == "defend_step" and enc.pending()[0].seat == "B"
    enc.submit("B", "stay")
    (defense,) = [e.data for e in enc.events() if e.kind == "defend"]
    assert defense["character"] == "B" and defense["total"] == -1
    assert defense["advantage"] == -1
    assert hp(enc, "B") == -9  # Punch at disadvantage, 0 0 0 kept 0 0: 4 damage

    enc, _ = start(three(), *INIT3)
    play(enc, B="punch", C="defend")
    enc.submit(GM, "hp name=B delta=-32")  # dying
    play(enc, A="defend")
    assert set(revealed(enc)) == {"A", "C"}
    assert "B" not in enc.state.played
    assert not any(e.kind in ("attack", "no_attack") for e in enc.events())


def test_no_seat_sees_another_card_and_a_dropped_sentence_is_never_shown() -> None:
    """F2: until the reveal a seat sees only its own card, before and after the GM's `hp`;
    the GM sees every one. In light combat a sentence declared by one taken to dying is
    never revealed to anyone (it will not be resolved), nor named in any event."""
    enc, _ = start(three(), *INIT3)
    play(enc, A="aim")
    enc.submit(GM, "hp name=B delta=-32")
    for seat in ("B", "C"):
        view = enc.view(seat)
        assert '"card": "aim"' not in json.dumps(view["log"])  # A's choice is A's alone
        assert view["state"]["secret"] == {} and view["state"]["chosen"] == ["A"]
    assert enc.view(GM)["state"]["secret"] == {"A": "Aim"}
    assert not any(e.kind == "reveal" for e in enc.events())
    play(enc, C="defend")  # the last seat still choosing: all reveal
    assert revealed(enc)["A"]["card"] == "aim"

    light = {
        "ruleset": "fully_automated",
        "mode": "light",
        "sides": [
            {"name": "Crew", "characters": [{"name": "Ana"}, {"name": "Bo"}]},
            {"name": "Gang", "characters": [{"name": "Cy"}]},
        ],
    }
    enc, _ = start(light)
    enc.submit("Bo", "declare text='I slip the keycard to Ana'")
    enc.submit(GM, "hp name=Bo delta=-32")  # dying: Bo's sentence will not be resolved
    enc.submit("Cy", "declare text=Defend")
    assert enc.state.phase == "declare" and [d.seat for d in enc.pending()] == ["Ana"]
    enc.submit("Ana", "declare text='I shoot Cy'")
    assert enc.state.phase == "resolve" and set(enc.state.played) == {"Ana", "Cy"}
    for seat in ("Ana", "Cy", GM):
        assert "keycard" not in json.dumps(enc.view(seat)["state"])
        assert not any("keycard" in enc.describe(e, seat) for e in enc.events())
        assert enc.ruleset.secrets(enc.state, seat) == []
