"""A GM override made hidden hides what it makes too: no seat but the GM reads its events."""

from __future__ import annotations

import json

from conftest import EXAMPLES
from shiftdrive.engine.encounter import Encounter
from shiftdrive.engine.events import GM
from shiftdrive.files import read_yaml

AMBUSH = read_yaml(EXAMPLES / "fate_core" / "station-ambush.yaml")


def test_hidden_override_events_reach_only_the_gm() -> None:
    enc = Encounter.start(AMBUSH, seed=1)
    enc.submit(GM, "gm_add_aspect name='Cut Fuel Line' invokes=1 holder=Kesh hidden=true")
    enc.submit(GM, "gm_free_invoke name='Cut Fuel Line' holder=Kesh delta=1 hidden=true")
    for seat in enc.seats():
        seen = json.dumps(enc.view(seat))
        assert "Cut Fuel Line" not in seen, seat
    assert "Cut Fuel Line" in json.dumps(enc.view(GM)["log"])


def test_plain_override_events_reach_everyone() -> None:
    enc = Encounter.start(AMBUSH, seed=1)
    enc.submit(GM, "gm_fate_points character='Anna Vex' delta=1")
    for seat in enc.seats():
        assert "Anna Vex" in json.dumps(enc.view(seat)["log"][-1])


def test_a_fate_point_override_tells_the_total_only_to_the_characters_side() -> None:
    """Fate points are each side's own to see (the rulesets' views hide the others'): the
    GM's adjustment is in every seat's log, its new total only in the character's side's and
    the GM's."""
    enc = Encounter.start(AMBUSH, seed=1)
    enc.submit(GM, "gm_fate_points character='Anna Vex' delta=1")
    assert enc.state.fighters["Anna Vex"].side == "crew"
    for seat, told in (("crew", True), ("raiders", False), (GM, True)):
        entry = enc.view(seat)["log"][-1]
        assert entry["choice"] == {"action": "gm_fate_points", "character": "Anna Vex", "delta": 1}
        assert ("(now 4)" in json.dumps(entry)) is told, seat
