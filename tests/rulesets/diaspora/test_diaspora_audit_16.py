"""Audit 16 of the diaspora ruleset, against the seed (seeds/002_dc5d5c3e593a1e3d.txt, "The
Sequence") and rulings C4, C7, D7, D12, D13. Each test failed on the code before its fix."""

from __future__ import annotations

import pytest
from diaspora_helpers import MINUS, PLUS, ZERO, opened, ship, state, the

from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter
from shiftdrive.engine.scenario import ScenarioError
from shiftdrive.engine.seat_view import seat_view


def _tags(enc: object, seat: str) -> list[str]:
    legal = enc.legal(seat)  # type: ignore[attr-defined]
    return sorted(
        {c.str_param("aspect") for c in legal if c.action == "invoke" and c.get("by") is None}
    )


def test_a_fate_point_tags_the_enemys_aspect_and_its_owner_earns_it_at_the_end_c4_c7() -> None:
    """Seed "The Sequence": each phase offers "an opportunity to tag and/or invoke Aspects";
    "Electronic Warfare": "these results can now be modified by tagging or invoking Aspects and
    paying a fate point to get +2 or re-roll". Tagging is invoking an aspect that is not your
    own: another ship's, or the scene's (one the side knows of: not a hidden one). C7: a ship
    earns a fate point when its aspect is invoked against it (paid, as in the other rulesets,
    when the fight ends). A has no aspect of its own and a fate point; its beam ties B's
    defence (2 against 2). The old code offered A nothing (only a ship's own aspects could be
    paid for), so the attack landed at once with no effect."""
    a = ship("A", fate_points=1)
    b = ship("B", aspects=["Hot Engines"], fate_points=0)
    enc, dice = opened([a], [b], bands={"A": 0, "B": 2}, phase="beam")
    enc.submit("gm", "gm_add_aspect name='Debris Field'")  # a scene aspect: taggable
    enc.submit("gm", "gm_add_aspect name='Secret Reactor' owner=B hidden=true")  # not by blue
    dice.push([*ZERO, 1, 1, 0, 0])  # A: beam 2 on 2 + 0 = 2; B's defence 0 + 2 = 2
    enc.submit("blue", "fire target=B beam=2")
    assert [(d.seat, d.kind) for d in enc.pending()] == [("blue", "invoke")]
    assert _tags(enc, "blue") == ["Debris Field", "Hot Engines"]
    assert "Secret Reactor" not in str(enc.legal("blue"))
    events = enc.submit("blue", "invoke aspect='Hot Engines' effect=bonus payment=fate_point")
    assert the(enc, "A").fate_points.current == 0
    outcome = [e.data for e in events if e.kind == "outcome"]
    assert outcome and outcome[0]["result"] == 4 and outcome[0]["shifts"] == 2
    enc.submit("red", "absorb taking=none")
    assert the(enc, "B").tracks["frame"].marked_count == 2
    assert the(enc, "B").fate_points.current == 0  # not yet: at the fight's end
    enc.submit("red", "concede")
    assert enc.result() is not None
    # 1 for conceding with no consequence (C7), 1 for 'Hot Engines' invoked against it
    assert the(enc, "B").fate_points.current == 2
    assert the(enc, "A").fate_points.current == 0  # a tag pays the aspect's owner, not back


def test_a_tag_of_an_allys_or_the_scenes_aspect_pays_nobody_c7() -> None:
    """C7 pays the owner of an aspect invoked *against* it: a scene aspect has no owner, and
    an ally's aspect tagged for its own side's roll is not against it. A tags the scene's
    'Debris Field' (+2: 2 against 2 becomes 4 against 2), then red concedes: B earns only the
    concession's fate point, and nobody else earns anything."""
    a = ship("A", fate_points=1)
    b = ship("B", aspects=["Hot Engines"], fate_points=0)
    enc, dice = opened([a], [b], bands={"A": 0, "B": 2}, phase="beam")
    enc.submit("gm", "gm_add_aspect name='Debris Field'")
    dice.push([*ZERO, 1, 1, 0, 0])
    enc.submit("blue", "fire target=B beam=2")
    events = enc.submit("blue", "invoke aspect='Debris Field' effect=bonus payment=fate_point")
    assert [e.data["shifts"] for e in events if e.kind == "outcome"] == [2]
    enc.submit("red", "absorb taking=none")
    enc.submit("red", "concede")
    assert the(enc, "B").fate_points.current == 1
    assert the(enc, "A").fate_points.current == 0
    assert not any(e.kind == "invoked_against" for e in enc.events())


def test_a_fate_point_tags_an_aspect_once_per_roll_c4() -> None:
    """C4 (and this ruleset's once per aspect per roll): A, with two fate points, may tag
    B's 'Hot Engines' once on its beam attack; the second point has nothing left to tag."""
    a = ship("A", fate_points=2)
    b = ship("B", aspects=["Hot Engines"], fate_points=0)
    enc, dice = opened([a], [b], bands={"A": 0, "B": 2}, phase="beam")
    dice.push([*ZERO, 1, 1, 1, 1])  # A 2 against B 4
    enc.submit("blue", "fire target=B beam=2")
    enc.submit("blue", "invoke aspect='Hot Engines' effect=bonus payment=fate_point")
    assert state(enc).contest is None  # the window closed: nothing left to invoke
    assert the(enc, "A").fate_points.current == 1
    tag = Choice.parse("invoke aspect='Hot Engines' effect=bonus payment=fate_point")
    assert tag not in enc.legal("blue")


@pytest.mark.parametrize("name", ["gm", "GM"])
def test_a_side_may_not_take_the_gms_seat_name(name: str) -> None:
    """A side is a seat, named by the side (one seat per side); the GM's seat is "gm". A side
    named so was accepted and its player sat in the GM's seat: it saw every hidden aspect
    (D12's GM-only compels with them) and could make the GM's overrides. The file is refused,
    naming the field and the reason, and nothing starts."""
    data = {
        "ruleset": "diaspora",
        "sides": [{"name": "blue", "ships": [ship("A")]}, {"name": name, "ships": [ship("B")]}],
    }
    with pytest.raises(ScenarioError) as err:
        Encounter.start(data, seed=1)
    assert "sides[1].name" in str(err.value) and "gm's seat" in str(err.value).lower()


def test_invoking_a_hidden_aspect_reveals_it_to_every_side_c4() -> None:
    """A hidden aspect (the GM's `hidden=true`) is seen by its ship's side and the GM only.
    To invoke it a side names it, and the invoke's event names it in every seat's log: the
    aspect is then in the open (as the conflict library and the other rulesets reveal what an
    invoke uses). The old code named it to blue in the log but still hid it from blue's view
    and kept it among blue's secrets (and off blue's compels)."""
    a = ship("A")
    b = ship("B", fate_points=1)
    enc, dice = opened([a], [b], bands={"A": 0, "B": 2}, phase="beam")
    enc.submit("gm", "gm_add_aspect name='Secret Reactor' owner=B hidden=true")
    dice.push([*ZERO, *ZERO])  # A: 2 against B's 0
    enc.submit("blue", "fire target=B beam=2")
    events = enc.submit("red", "invoke aspect='Secret Reactor' effect=bonus payment=fate_point")
    assert [e.data["shifts"] for e in events if e.kind == "outcome"] == [0]
    assert any("Secret Reactor" in enc.describe(e, "blue") for e in events)
    seen = [x["name"] for x in enc.ruleset.view(state(enc), "blue")["aspects"]]
    assert "Secret Reactor" in seen
    assert "Secret Reactor" not in enc.ruleset.secrets(state(enc), "blue")


def test_the_gms_compel_of_a_hidden_aspect_reveals_it_d12() -> None:
    """D12: the GM may compel any ship's aspect, a hidden one too; the compel is made at the
    table (the GM's choice and the compel name the aspect in every seat's log), so, as an
    invoke does, it brings the aspect into the open. The old code named it to blue in the log
    while blue's view and secrets still hid it."""
    enc, _ = opened([ship("A")], [ship("B")], bands={"A": 0, "B": 2}, phase="beam")
    enc.submit("gm", "gm_add_aspect name='Secret Reactor' owner=B hidden=true")
    enc.submit("gm", "compel ship=B aspect='Secret Reactor'")
    enc.submit("red", "answer compel=accept")
    blue = seat_view(enc, "blue")
    assert "Secret Reactor" in str(blue["log"])
    assert "Secret Reactor" in [x["name"] for x in blue["state"]["aspects"]]
    assert "Secret Reactor" not in enc.ruleset.secrets(state(enc), "blue")


def test_a_repair_with_spin_is_worded_skill_plus_spin_d7_d13() -> None:
    """D13: B's beam defence wins by 6 (4 against -2): spin, +1 on its next roll this turn,
    its repair (D7: Engineering 2 + 0 on the dice + 1 spin = 3 against box 1: box 2 and box 1
    cleared). Every roll's words read "<dice> on <skill>, +1 spin = <result>"; the repair's
    read "on 3 = 3" (the spin folded into the skill, its own "spin" always 0), so the table
    read an engineer of 3."""
    enc, dice = opened([ship("A")], [ship("B")], bands={"A": 0, "B": 2}, phase="beam")
    enc.submit("gm", "gm_stress character=B track=frame box=1 marked=true")
    dice.push([*MINUS, *PLUS])  # A: beam 1 (+1, Gunnery 2) - 4 = -2; B defends 0 + 4 = 4
    enc.submit("blue", "fire target=B beam=1")
    assert state(enc).spin == {"B": 1}
    enc.submit("red", "hold")
    assert state(enc).phase == "damage_control"
    dice.push(ZERO)
    events = enc.submit("red", "repair track=frame")
    done = [e for e in events if e.kind == "repaired"]
    assert done and done[0].data["result"] == 3 and done[0].data["shifts"] == 2
    assert the(enc, "B").tracks["frame"].marked_count == 0
    assert "0 0 0 0 on 2, +1 spin = 3 against box 1" in enc.describe(done[0], "blue")


def test_a_side_holding_a_free_invoke_on_a_hidden_aspect_knows_it() -> None:
    """The GM gives A a free invoke on B's hidden 'Secret Reactor' (gm_add_aspect ... invokes=1
    holder=A): blue may invoke it (a free invoke is its holder's to spend, C4), so blue knows
    of it, as the conflict library has it ("an aspect is visible when the invoker holds free
    invokes on it"). The old code listed the invoke, naming the aspect, in blue's choices
    while blue's view and secrets still hid it."""
    enc, dice = opened([ship("A")], [ship("B")], bands={"A": 0, "B": 2}, phase="beam")
    enc.submit("gm", "gm_add_aspect name='Secret Reactor' owner=B hidden=true invokes=1 holder=A")
    dice.push([*ZERO, 1, 1, 0, 0])  # A 2 against B 2
    enc.submit("blue", "fire target=B beam=2")
    blue = seat_view(enc, "blue")
    assert "Secret Reactor" in str(blue["legal"])
    assert "Secret Reactor" in [x["name"] for x in blue["state"]["aspects"]]
    assert "Secret Reactor" not in enc.ruleset.secrets(state(enc), "blue")
