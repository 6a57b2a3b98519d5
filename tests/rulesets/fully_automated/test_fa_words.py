"""Events are data, worded in one place (`words.describe`), from the data alone; secret cards
stay secret in the words as in the views."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from fa_helpers import char, play, scenario, start

from shiftdrive.engine.bots import run_bots
from shiftdrive.engine.encounter import Encounter
from shiftdrive.engine.events import GM, Event
from shiftdrive.engine.ruleset import Turn
from shiftdrive.files import read_yaml
from shiftdrive.maps.hexgrid import Hex
from shiftdrive.rulesets.fully_automated.bot import choose

EXAMPLES = Path(__file__).parents[3] / "examples" / "fully_automated"
INIT = (9, 9, 1, 1)  # A 5+18=23 first, B 5+2=7


@pytest.mark.parametrize("name", ["brawl", "standoff", "light_alley"])
def test_every_event_is_worded_from_its_data_alone(name: str) -> None:
    """Each event of a whole battle reads the same after a trip through JSON (the log read
    back long after): `describe` needs nothing but the event."""
    enc = Encounter.start(read_yaml(EXAMPLES / f"{name}.yaml"), seed=5)
    run_bots(enc, rng=random.Random(5), policy=lambda e, s, r: choose(e.ruleset, e.state, s, r))
    kinds = set()
    for event in enc.events():
        again = Event.from_json(json.loads(json.dumps(event.to_json())))
        words = enc.describe(event)
        assert words == enc.describe(again) and words != event.kind
        kinds.add(event.kind)
    assert {"setup", "turn_order", "round", "chosen", "reveal", "end"} <= kinds


def test_a_secret_card_reaches_no_other_seat() -> None:
    """F2: until the reveal, another seat learns only that a card was chosen: not through the
    log's choice, the events, their words or the view."""
    enc, _ = start(scenario([char("A", "0,0")], [char("B", "3,0")]), *INIT)
    assert enc.ruleset.turns(enc.state) == [
        Turn("A", "card", "A", True),
        Turn("B", "card", "B", True),
    ]
    assert all(d.secret for d in enc.pending())
    enc.submit("A", "play card=aim")
    entry = enc.log[-1]
    assert entry.visible_to == frozenset({"A"})
    assert [e.data for e in entry.events] == [{"seat": "A", "what": "card"}]
    view = enc.view("B")
    shown = view["log"][-1]
    assert shown["choice"] is None
    assert [e["text"] for e in shown["events"]] == ["A has chosen a card"]
    assert view["state"]["secret"] == {} and view["state"]["played"] == {}
    assert view["state"]["chosen"] == ["A"]
    assert enc.view("A")["state"]["secret"] == {"A": "Aim"}
    play(enc, B="move")
    reveal = next(e for e in enc.events() if e.kind == "reveal")
    assert reveal.visible_to is None
    assert enc.describe(reveal, "B") == "Cards revealed: A: Aim; B: Move"


def test_the_gm_may_reveal_change_hp_and_end_at_any_time() -> None:
    enc, _ = start(scenario([char("A", "0,0")], [char("B", "3,0")]), *INIT)
    assert enc.pending_seats() == ["A", "B"]  # the GM is never waited on in standard combat
    assert [c.action for c in enc.legal(GM)][:1] == ["reveal"]
    assert enc.ruleset.why_illegal(enc.state, GM, enc.legal(GM)[0]) is None
    assert "at most 50" not in (enc.ruleset.why_illegal(enc.state, GM, enc.legal(GM)[-1]) or "")
    why = enc.ruleset.why_illegal(enc.state, GM, enc.legal(GM)[0].with_params(x=1))
    assert why is not None
    enc.submit(GM, "hp name=B delta=-5")
    assert enc.state.fighters["B"].hp == 15
    enc.submit(GM, "reveal")  # undecided seats Defend
    assert {p["card"] for p in enc.state.played.values()} == {"defend"}
    enc.submit(GM, "end winner=Red")
    assert enc.result() is not None and enc.result().winner == "Red"


def test_the_state_is_shown_in_the_games_words() -> None:
    """`state` at the table: the round, what is happening in it, each character's sheet, the
    map with coordinates; no internal field names or card ids."""
    data = scenario(
        [char("A", "0,0", proficiencies=["e_baton"], weapons=["e_baton"])],
        [char("B", "1,0", armor="light")],
    )
    enc, _ = start(data, *INIT, 0, 0)
    play(enc, A="taze_strike", B="move")
    shown = enc.view("B")["state"]
    assert shown["round"] == "1 of at most 30"
    assert shown["now"] == "attacks (highest initiative first): A's Taze Strike picks a target"
    a, b = shown["fighters"]
    assert a["cards"] == "Taze Strike, Punch, Move, Defend, Aim" and a["weapons"] == "e baton"
    assert b["hp"] == "20/20 HP" and b["position"] == "at 1,0" and b["armor"] == "light"
    assert shown["played"] == {"A": "Taze Strike", "B": "Move"}
    enc.submit("A", "target name=B from=0,0")
    shown = enc.view("B")["state"]
    assert shown["now"] == (
        "attacks (highest initiative first): A's Taze Strike against B, 1 hex of movement "
        "left; the attacker may use its movement left"
    )
    assert shown["fighters"][1]["stunned"] == "1 round"
    blob = json.dumps(shown)
    for internal in ("movement_left", "taze_strike", "moved_this_round", "stunned_now", "hp_lost"):
        assert internal not in blob
    assert "   r  q0" in shown["map"]["picture"]


def _cell(picture: str, h: Hex) -> str:
    """The two characters drawn at hex `h`, read off the picture by its printed coordinates:
    the row whose margin says r, at column q - q0 (odd rows shifted half a cell)."""
    for line in picture.split("\n")[1:]:
        margin = line[:8].split()
        if len(margin) == 2 and margin[0].lstrip("-").isdigit() and int(margin[0]) == h.r:
            col = h.q - int(margin[1])
            start = 11 + (2 if h.r & 1 else 0) + 4 * col
            return line[start : start + 2].strip()
    raise AssertionError(f"no row {h.r}")


def test_moves_are_numbered_on_the_map_and_picked_by_their_number() -> None:
    data = scenario([char("A", "0,0")], [char("B", "3,2")], terrain={"1,1": "low_obstacle"})
    enc, _ = start(data, *INIT)
    play(enc, A="move", B="aim")
    choices = enc.legal("A")
    board = enc.ruleset.choice_map(enc.state, "A", choices)
    assert board is not None
    assert _cell(board.picture, Hex(0, 0)) == "A" and _cell(board.picture, Hex(3, 2)) == "B"
    assert "Hex q,r: r is the row, q its q0 plus the column number on top" in board.picture
    for i in board.drawn:
        to = Hex.parse(choices[i].str_param("to"))
        assert _cell(board.picture, to) == str(i + 1)
    listed = [c.label for i, c in enumerate(choices) if i not in board.drawn]
    assert listed == ["stay at 0,0 (move nowhere)"]
    assert len(board.drawn) == len(choices) - 1
