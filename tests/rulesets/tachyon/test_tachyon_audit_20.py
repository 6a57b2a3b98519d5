"""Audit 20 (seed 001): scenario aspects the set-up could not place are refused by name; the
gun emplacement track minimizes the guns' gunnery attacks, not their other gunnery rolls;
detection rolls against every enemy not yet rolled against, one an earlier row hid too."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from tachyon_helpers import (
    FRIGATE,
    MINUS4,
    PLUS4,
    ZERO,
    act,
    chance,
    legal,
    raider,
    scenario,
    settle,
    skip_to,
    st,
    start,
    viper,
)
from typer.testing import CliRunner

from shiftdrive.cli.main import app
from shiftdrive.core.odds import OddsQuery, odds
from shiftdrive.engine.encounter import Encounter
from shiftdrive.engine.scenario import ScenarioError
from shiftdrive.files import start_from_file
from shiftdrive.rulesets.tachyon.damage import damage_system

EXAMPLES = Path(__file__).parents[3] / "examples" / "tachyon"


def _convoy(tmp_path: Path, edit: object) -> Path:
    """The convoy example (a freighter, Red and Black flights, the swarm "Swarm of Kamikaze
    Drones" of the Marauders), changed by `edit`, written to a file."""
    data = yaml.safe_load((EXAMPLES / "convoy.yaml").read_text(encoding="utf-8"))
    edit(data)  # type: ignore[operator]
    f = tmp_path / "bad.yaml"
    f.write_text(yaml.safe_dump(data), encoding="utf-8")
    return f


# --- scenario aspects: T11's swarm aspect, zone aspects ---------------------------------------


def test_a_swarm_aspect_naming_a_flights_aspect_is_refused_by_name(tmp_path: Path) -> None:
    """T11: a swarm is one situation aspect. Red Flight listing an aspect of the same name
    made the set-up fail with a traceback ("there is already an aspect named ...")."""

    def edit(d: dict) -> None:  # type: ignore[type-arg]
        d["sides"][1]["flights"][0]["aspects"] = ["Swarm of Kamikaze Drones"]

    f = _convoy(tmp_path, edit)
    with pytest.raises(ScenarioError) as err:
        start_from_file(f)
    assert (
        f"{f}: sides[1].swarms[0].aspect: duplicate aspect 'Swarm of Kamikaze Drones' "
        "(also at sides[1].flights[0].aspects[0])"
    ) in str(err.value)
    out = CliRunner().invoke(app, ["check", str(f)])
    assert out.exit_code != 0 and "Traceback" not in out.output
    assert "sides[1].swarms[0].aspect: duplicate aspect" in out.output


def test_a_blank_swarm_aspect_is_refused_by_name(tmp_path: Path) -> None:
    """T11: the swarm is its aspect; one of spaces only crashed the set-up ("an aspect needs a
    name"), as a blank zone aspect no longer does."""

    def edit(d: dict) -> None:  # type: ignore[type-arg]
        d["sides"][1]["swarms"][0]["aspect"] = "   "

    f = _convoy(tmp_path, edit)
    with pytest.raises(ScenarioError) as err:
        start_from_file(f)
    assert f"{f}: sides[1].swarms[0].aspect: is blank: an aspect needs a name" in str(err.value)


def test_zone_aspects_differing_only_in_spaces_are_refused_by_name(tmp_path: Path) -> None:
    """Aspect names are one name whatever their case and outer spaces (the set-up's index
    folds both); "Ion Storm" and "ion storm " in two zones crashed the set-up."""

    def edit(d: dict) -> None:  # type: ignore[type-arg]
        d["map"]["zones"][0]["aspects"] = ["Ion Storm"]
        d["map"]["zones"][1]["aspects"] = ["ion storm "]

    f = _convoy(tmp_path, edit)
    with pytest.raises(ScenarioError) as err:
        start_from_file(f)
    assert "map.zones[1].aspects[0]: duplicate aspect 'ion storm '" in str(err.value)


# --- large targets: the gun emplacement track minimizes gunnery *attacks* (T5, T6) -------------


def _dread_gun_first() -> Encounter:
    """Viper-1 (pilot 2) in Z2 and the frigate Dread (two guns: gunnery 2, tactics 1) in Z1;
    initiative: Viper-1 0, Dread 0, Dread gun 1 +4 (acts first in gunnery)."""
    data = scenario([viper(zone="Z2")], [], b_large=[FRIGATE])
    return start(data, ZERO, ZERO, [1, 1, 1, 1], ZERO)


def test_gun_emplacement_damage_spares_a_guns_create_advantage() -> None:
    """Seed "Large target damage": Gun Emplacement row 1 is "Minimize 1 die on Gunnery
    attacks", the bridge's "on Gunnery rolls". With gun emplacement row 1 complete (2 boxes),
    Dread gun 1's shot at Viper-1 minimizes a die (gunnery 2, 3 dice rolled), but creating an
    advantage with weapons (gunnery vs 2, the scene) is no attack: all 4 dice are rolled, and
    its odds are gunnery 2 vs 2 with none minimized. The old code minimized it too."""
    enc = _dread_gun_first()
    damage_system(st(enc), st(enc).units["Dread"], "gun_emplacements", 2)
    skip_to(enc, "gunnery", "Dread gun 1")
    shot = legal(enc, "fire", target="Viper-1")
    assert chance(enc, shot) == odds(OddsQuery(2, opposed=2, minimized=1)).at_least_success
    adv = legal(enc, "advantage", target="scene")
    assert chance(enc, adv) == odds(OddsQuery(2, difficulty=2)).at_least_success
    dread = next(u for u in enc.ruleset.view(enc.state, "Tachyon")["units"] if u["name"] == "Dread")
    assert dread["damage"] == ["guns minimize 1 gunnery die on attacks (0 on other gunnery rolls)"]
    act(enc, "advantage target=scene name=Cover")
    roll = [e for e in enc.events() if e.kind == "roll"][-1].data
    assert roll["actor"] == "Dread gun 1"
    assert roll["dice"][1] == 0  # nothing minimized: four dice rolled (0 0 0 0)
    assert roll["total"] == 2


def test_bridge_damage_still_minimizes_a_guns_create_advantage() -> None:
    """Bridge row 1, "Minimize 1 die on Gunnery rolls for all gun emplacements", counts on
    every gunnery roll of the guns, a create-an-advantage too: one die minimized (-), 2 - 1."""
    enc = _dread_gun_first()
    damage_system(st(enc), st(enc).units["Dread"], "bridge", 2)
    skip_to(enc, "gunnery", "Dread gun 1")
    adv = legal(enc, "advantage", target="scene")
    assert chance(enc, adv) == odds(OddsQuery(2, difficulty=2, minimized=1)).at_least_success
    act(enc, "advantage target=scene name=Cover")
    roll = [e for e in enc.events() if e.kind == "roll"][-1].data
    assert roll["dice"][1] == 1 and roll["total"] == 1
    settle(enc)


# --- detection (T7): "the undetected enemy ... not yet rolled against" ------------------------


def test_detection_rolls_against_an_enemy_an_earlier_row_hid() -> None:
    """T7: each player rolls "against the undetected enemy with the lowest technology not yet
    rolled against". Viper-1 (technology 1, 0 0 0 0) against Raider-1 (1, ++++): 1 + 2 < 5,
    the defender succeeds with style: Raider-1 and one more (Raider-2) are Undetected.
    Raider-2 is still undetected and not yet rolled against, so Viper-2 rolls against it
    (++++, 5 against 1 - 4 = -3): the attacker succeeds with style, and Viper-2 and one more
    (Viper-1) are Undetected. The old code let nobody roll against a craft an earlier row
    had hidden, so Viper-2 never rolled."""
    data = scenario(
        [viper(), viper("Viper-2")], [raider(), raider("Raider-2", "Z8")], detection=True
    )
    enc = start(data, ZERO, PLUS4, PLUS4, MINUS4)
    rows = [e.data for e in enc.events() if e.kind == "detection"]
    assert [(d["attacker"], d["defender"], d["row"], d["undetected"]) for d in rows] == [
        ("Viper-1", "Raider-1", "defender succeeds with style", ["Raider-1", "Raider-2"]),
        ("Viper-2", "Raider-2", "attacker succeeds with style", ["Viper-2", "Viper-1"]),
    ]
    s = st(enc)
    assert not any(u.detected for u in s.units.values())
    # one Undetected aspect each, with its one free invoke
    hidden = sorted(a.name for a in s.aspects if a.name.startswith("Undetected"))
    assert hidden == [f"Undetected ({n})" for n in ("Raider-1", "Raider-2", "Viper-1", "Viper-2")]


def test_a_defender_already_hidden_still_brings_one_more() -> None:
    """T7's "att + 2 < def -> defender and one more enemy": Viper-1 (1, 0 0 0 0) against
    Raider-1 (technology 0, ++++): defender with style, Raider-1 and one more, Raider-2, are
    Undetected. Viper-2 (1, ----) rolls against Raider-2 (technology 1, the lowest not yet
    rolled against, ++++): -3 against 5, defender with style again: Raider-2 keeps its one
    Undetected aspect and one more, Raider-3, is hidden. The old code rolled Viper-2 against
    Raider-3 instead (the only one still seen)."""
    data = scenario(
        [viper(), viper("Viper-2")],
        [
            raider(technology=0),
            raider("Raider-2", "Z8", technology=1),
            raider("Raider-3", "Z8", technology=2),
        ],
        detection=True,
    )
    enc = start(data, ZERO, PLUS4, MINUS4, PLUS4)
    rows = [e.data for e in enc.events() if e.kind == "detection"]
    assert [(d["attacker"], d["defender"], d["row"], d["undetected"]) for d in rows] == [
        ("Viper-1", "Raider-1", "defender succeeds with style", ["Raider-1", "Raider-2"]),
        ("Viper-2", "Raider-2", "defender succeeds with style", ["Raider-2", "Raider-3"]),
    ]
    s = st(enc)
    assert {u.name for u in s.units.values() if not u.detected} == {
        "Raider-1",
        "Raider-2",
        "Raider-3",
    }
    assert sorted(a.name for a in s.aspects if a.name.startswith("Undetected")) == [
        "Undetected (Raider-1)",
        "Undetected (Raider-2)",
        "Undetected (Raider-3)",
    ]


# --- the invoke step and minimized dice (C4, T6) -----------------------------------------------


def test_no_reroll_step_past_what_minimized_dice_can_reach() -> None:
    """T6: a minimized die "is not rolled" and counts as -, so a reroll brings back only the
    dice rolled: with 2 of a gun's 4 gunnery dice minimized (bridge rows 1-3), the best a
    reroll can show is + + - - = 0. Dread gun 1 (gunnery 2) rolls - - and the two minimized:
    -2 against Viper-1's pilot 3 (0 0 0 0), 5 short of the tie that would give a boost. The
    Pirates' one free invoke (the swarm's aspect, T11) could give +2 or a reroll that makes
    at best 2 - 3 = -1: nothing the shot reads changes, so no step (C4, project default: the
    step appears only when it can matter). The old code reckoned a reroll could reach +4."""
    data = scenario(
        [viper(zone="Z2", pilot=3)],
        [],
        b_large=[FRIGATE],
        b_swarms=[{"name": "Drones", "aspect": "Drone cloud", "zone": "Z5"}],
    )
    enc = start(data, ZERO, ZERO, PLUS4, ZERO, [-1, -1], ZERO)
    damage_system(st(enc), st(enc).units["Dread"], "bridge", 6)
    skip_to(enc, "gunnery", "Dread gun 1")
    act(enc, "fire target=Viper-1")
    roll = [e for e in enc.events() if e.kind == "roll"][-1].data
    assert roll["actor"] == "Dread gun 1" and roll["dice"][1] == 2
    assert (roll["total"], roll["opposition"]) == (-2, 3)
    assert st(enc).roll is None  # settled: no invoke step was offered
    assert st(enc).aspects.get("Drone cloud").free_for("Pirates") == 1


def test_two_player_sides_are_refused_by_name(tmp_path: Path) -> None:
    """T7: "Each player rolls" detection: the players are the side marked `players: true`.
    Both sides marked made the set-up quietly pick the first; now the file is refused, naming
    the field."""

    def edit(d: dict) -> None:  # type: ignore[type-arg]
        d["sides"][1]["players"] = True

    f = _convoy(tmp_path, edit)
    with pytest.raises(ScenarioError) as err:
        start_from_file(f)
    assert f"{f}: sides[1].players: only one side may be players: true" in str(err.value)
    out = CliRunner().invoke(app, ["check", str(f)])
    assert out.exit_code != 0 and "Traceback" not in out.output
