"""Audit 18 of the diaspora ruleset, against the seed (seeds/002_dc5d5c3e593a1e3d.txt, "The
Sequence"), rulings C6, C7, D12 and the project's hidden-information rules (a seat sees its
own side's fate points, not another side's: docs/ARCHITECTURE.md "What leaves",
docs/table.md "Secrets"). Each test failed on the code before its fix."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from diaspora_helpers import MINUS, PLUS, opened, ship, start, state
from typer.testing import CliRunner

from shiftdrive.cli.main import app
from shiftdrive.engine.encounter import Encounter
from shiftdrive.engine.scenario import ScenarioError
from shiftdrive.engine.seat_view import seat_view
from shiftdrive.files import read_yaml, start_from_file

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "diaspora"


def _hold_through(enc: Encounter, until_round: int) -> None:
    """Every decision held or passed (drives off in position), until turn `until_round`."""
    while state(enc).round < until_round:
        pending = enc.pending()
        assert pending, "the fight ended"
        first = pending[0]
        if first.kind in ("compel", "invoke"):
            enc.pass_window(first.kind)
        elif first.kind == "drive":
            enc.submit(first.seat, "drift")
        else:
            enc.submit(first.seat, "hold")


# --- C6: a boost the GM adds expires like any boost ---------------------------------------------


def test_a_boost_the_gm_adds_vanishes_as_its_holders_next_turn_ends_c6() -> None:
    """C6: a boost "vanishes when invoked or, unused, at the end of the holder's next turn".
    A diaspora turn is every ship's (seed: "Space combat is played in turns ... Each turn
    consists of several phases"), so a boost the GM adds in turn 1 is still there as turn 1
    ends and gone as turn 2 ends, unused. The old code never removed it."""
    enc, _ = opened([ship("A")], [ship("B")], bands={"A": 0, "B": 2}, phase="beam")
    enc.submit("gm", "gm_add_aspect name='Lucky Break' kind=boost invokes=1 holder=A")
    _hold_through(enc, 2)  # turn 1 ends: the turn it came in
    assert "Lucky Break" in state(enc).aspects
    _hold_through(enc, 3)  # turn 2, its holder's next turn, ends with it unused
    assert "Lucky Break" not in state(enc).aspects
    faded = [e for e in enc.events() if e.kind == "boost_expires"]
    assert [e.data["aspect"] for e in faded] == ["Lucky Break"]
    assert "Boost 'Lucky Break' fades" in str(seat_view(enc, "red")["log"])


def test_a_boost_the_gm_adds_before_turn_one_vanishes_as_turn_one_ends_c6() -> None:
    """Added during detection (before any turn), its holder's next turn is turn 1."""
    enc, _ = start(
        {"ruleset": "diaspora", "sides": [
            {"name": "blue", "ships": [ship("A")]}, {"name": "red", "ships": [ship("B")]},
        ]},
        PLUS, MINUS,
    )  # fmt: skip
    enc.submit("gm", "gm_add_aspect name='Lucky Break' kind=boost invokes=1 holder=B")
    enc.pass_window("compel")
    enc.pass_window("invoke")
    enc.submit("blue", "place ship=A band=0")
    enc.submit("blue", "place ship=B band=2")
    enc.submit("blue", "opening phase=electronic_warfare")
    assert state(enc).round == 1 and "Lucky Break" in state(enc).aspects
    _hold_through(enc, 2)
    assert "Lucky Break" not in state(enc).aspects


def test_a_boost_the_gm_adds_is_gone_once_invoked_c6() -> None:
    """C6: invoked, it vanishes at once (its one free invoke; never with a fate point)."""
    enc, dice = opened(
        [ship("A", fate_points=1)], [ship("B")], bands={"A": 0, "B": 2}, phase="beam"
    )
    enc.submit("gm", "gm_add_aspect name='Lucky Break' kind=boost invokes=1 holder=A")
    dice.push([0, 0, 0, 0, 1, 1, 0, 0])  # A: beam 2 + 0 = 2 against B's 0 + 2 = 2
    enc.submit("blue", "fire target=B beam=2")
    legal = [c.text() for c in enc.legal("blue")]
    assert any("Lucky Break" in t and "free" in t for t in legal)
    assert not any("Lucky Break" in t and "fate_point" in t for t in legal)
    enc.submit("blue", "invoke aspect='Lucky Break' effect=bonus payment=free")
    assert "Lucky Break" not in state(enc).aspects
    assert state(enc).ships["A"].fate_points.current == 1


# --- fate points are their own side's -----------------------------------------------------------


def _shown_points(enc: Encounter, seat: str) -> dict[str, Any]:
    return {s["name"]: s.get("fate_points") for s in seat_view(enc, seat)["state"]["ships"]}


def test_a_seat_sees_its_own_sides_fate_points_not_another_sides() -> None:
    """The project's hidden-information rule (docs/ARCHITECTURE.md: a ruleset's view strips
    "other sides' fate points"; docs/table.md "Secrets"; the engine tells a GM adjustment's
    new total to the character's side only), as in the other rulesets; the seed and RULINGS
    say nothing else. The old view showed every ship's fate points to every seat."""
    enc, _ = opened(
        [ship("A", fate_points=1)], [ship("B", fate_points=3)], bands={"A": 0, "B": 2}, phase="beam"
    )
    assert _shown_points(enc, "blue") == {"A": 1, "B": None}
    assert _shown_points(enc, "red") == {"A": None, "B": 3}
    assert _shown_points(enc, "gm") == {"A": 1, "B": 3}


def test_a_compel_answer_tells_no_other_side_the_ships_fate_points_d12() -> None:
    """D12: accepting a compel gains a fate point, refusing pays one: that is done at the table,
    but the total left is the ship's side's to know. The old event carried the new total (and
    worded it: "(2 left)") to every seat."""
    a = ship("A", aspects=["Reckless"], fate_points=3)
    enc, _ = opened([a], [ship("B")], bands={"A": 0, "B": 2}, phase="beam")
    # the next turn's position compel window: red compels A
    _hold_through(enc, 2)
    assert state(enc).phase == "position" and state(enc).compel_phase == "position"
    enc.submit("red", "compel ship=A aspect=Reckless")
    enc.submit("blue", "answer compel=refuse")
    assert state(enc).ships["A"].fate_points.current == 2
    red_log = str(seat_view(enc, "red")["log"])
    assert "refuses the compel on 'Reckless'" in red_log
    assert "left)" not in red_log and "'fate_points': 2" not in red_log


def test_the_fate_points_earned_for_invoked_aspects_are_told_to_the_ships_side_c7() -> None:
    """C7: a ship whose aspect another side invoked with a fate point earns it as the fight
    ends; the event named the ship's new total to every seat ("(2 now)")."""
    a = ship("A", fate_points=1)
    b = ship("B", aspects=["Hot Engines"], fate_points=0)
    enc, dice = opened([a], [b], bands={"A": 0, "B": 2}, phase="beam")
    dice.push([0, 0, 0, 0, 1, 1, 0, 0])
    enc.submit("blue", "fire target=B beam=2")
    enc.submit("blue", "invoke aspect='Hot Engines' effect=bonus payment=fate_point")
    enc.submit("red", "absorb taking=none")
    enc.submit("blue", "concede")
    assert enc.result() is not None
    assert state(enc).ships["B"].fate_points.current == 1
    assert "invoked against it" in str(seat_view(enc, "red")["log"])
    assert "invoked against it" not in str(seat_view(enc, "blue")["log"])


# --- scenario numbers are numbers ---------------------------------------------------------------


def _write(tmp_path: Path, data: dict[str, Any]) -> Path:
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("where", "value", "path"),
    [
        ("v_shift", True, "sides[0].ships[0].v_shift"),
        ("beam", False, "sides[0].ships[0].beam"),
        ("torpedo", "2", "sides[0].ships[0].torpedo"),
        ("ew", True, "sides[0].ships[0].ew"),
        ("frame", True, "sides[0].ships[0].frame"),
        ("data", "5", "sides[0].ships[0].data"),
        ("heat", True, "sides[0].ships[0].heat"),
        ("fate_points", True, "sides[0].ships[0].fate_points"),
        ("skill", True, "sides[0].ships[0].crew[0].skills.pilot"),
        ("skill", "3", "sides[0].ships[0].crew[0].skills.pilot"),
        ("skill", 1.5, "sides[0].ships[0].crew[0].skills.pilot"),
        ("v_shift", 2.0, "sides[0].ships[0].v_shift"),
        ("turns", True, "turns"),
        ("turns", "12", "turns"),
    ],
)
def test_a_number_must_be_a_number_in_the_scenario(
    tmp_path: Path, where: str, value: object, path: str
) -> None:
    """A bool (`v_shift: true`), a text ("2") or a fraction where a number is wanted was read
    as a number (pydantic's lax mode: true as 1). It is refused, naming the file, the field and
    what was given (engine/scenario.py `Number`: "must be a whole number, not true"),
    through the loader `shiftdrive check` uses, and the CLI says so without a traceback."""
    data = read_yaml(EXAMPLES / "duel.yaml")
    first = data["sides"][0]["ships"][0]
    if where == "turns":
        data["turns"] = value
    elif where == "skill":
        first["crew"][0]["skills"]["pilot"] = value
    else:
        first[where] = value
    bad = _write(tmp_path, data)
    with pytest.raises(ScenarioError) as err:
        start_from_file(bad, seed=0)
    text = str(err.value)
    # what the file gave, as the error says it: true, the text '2', 1.5
    shown = str(value).lower() if isinstance(value, bool) else repr(value)
    shown = f"the text {shown}" if isinstance(value, str) else shown
    assert f"{bad}: {path}: must be a whole number, not {shown}" in text
    out = CliRunner().invoke(app, ["check", str(bad)])
    assert out.exit_code != 0 and path in out.output and "Traceback" not in out.output


@pytest.mark.parametrize("name", ["duel.yaml", "escort.yaml", "breakout.yaml"])
def test_every_example_still_loads(name: str) -> None:
    enc = start_from_file(EXAMPLES / name, seed=0)
    assert enc.ruleset.id == "diaspora"


def test_winning_a_detection_tie_tells_no_other_side_the_fate_points_left_d9() -> None:
    """D9: a tied ship may spend a fate point to win its tie: the spending is at the table,
    the points left are its side's to know (the old event said "(1 left)" to every seat)."""
    data = {"ruleset": "diaspora", "sides": [
        {"name": "blue", "ships": [ship("A", fate_points=2)]},
        {"name": "red", "ships": [ship("B")]},
    ]}  # fmt: skip
    enc, _ = start(data, [0, 0, 0, 0], [0, 0, 0, 0])  # 2 and 2 on Navigation 2: tied
    enc.pass_window("compel")
    enc.pass_window("invoke")
    enc.submit("blue", "break_tie")
    assert state(enc).ships["A"].fate_points.current == 1
    assert state(enc).detection_winner == "A"
    red_log = str(seat_view(enc, "red")["log"])
    assert "spends a fate point to win its detection tie" in red_log and "left)" not in red_log
