"""Audit 18 (seed 001): a flight's lost craft take their ordnance with them, the invoke step
asks a side only when an invoke could change what the action reads from the roll (C4), and
scenario numbers and flags are strict."""

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
from shiftdrive.engine.encounter import Encounter
from shiftdrive.engine.scenario import ScenarioError
from shiftdrive.files import start_from_file
from shiftdrive.rulesets.tachyon.damage import damage_small

EXAMPLES = Path(__file__).parents[3] / "examples" / "tachyon"


def _red(size: int = 3) -> dict[str, object]:
    """A pirate flight of seed fighters (catalog: 2 missiles a craft, 4 shields)."""
    return {"name": "Red", "template": "fighter", "zone": "Z1", "size": size}


# --- a flight's lost craft take their ordnance ------------------------------------------------


def test_a_flight_that_loses_a_craft_loses_the_missiles_it_carried() -> None:
    """Seed "Participants": NPC fighters are "sometimes grouped into flights"; a flight of
    three fighters carries their 2 missiles each, 6. Viper-1 (gunnery 2, ++++) hits Red
    (pilot 2 + 2 for two more craft, ----): 6 shifts; 4 fill the lead craft's shields and the
    overflow loses it (project default). The lost fighter's 2 missiles go with it: 4 left,
    as two fighters carry. The flight kept all 6."""
    data = scenario([viper()], [], b_flights=[_red()])
    enc = start(data, PLUS4, ZERO, PLUS4, MINUS4)  # initiative: Viper-1 5, Red 3
    skip_to(enc, "gunnery", "Viper-1")
    act(enc, "fire target=Red")
    settle(enc)
    red = st(enc).units["Red"]
    assert red.size == 2
    assert red.ordnance == {"missile": 4}


def test_a_flight_launches_from_its_lead_craft_first() -> None:
    """The lead craft takes the hits and launches first (project default): Red (3 fighters, 6
    missiles) has launched 3, so its lead craft is empty and the second holds 1; losing the
    lead takes nothing (3 left, both remaining craft can carry them), losing the next takes
    its 1 (2 left, the last craft's full load), and the last craft lost takes the rest."""
    data = scenario([viper()], [], b_flights=[_red()])
    enc = start(data, PLUS4, ZERO)
    s = st(enc)
    red = s.units["Red"]
    red.ordnance["missile"] = 3
    damage_small(s, red, 5, "Viper-1")  # 4 shields, the fifth shift loses the craft
    assert (red.size, red.ordnance) == (2, {"missile": 3})
    damage_small(s, red, 5, "Viper-1")
    assert (red.size, red.ordnance) == (1, {"missile": 2})
    damage_small(s, red, 5, "Viper-1")
    assert red.size == 0 and not red.active


# --- the invoke step asks only where an invoke could change what the action reads -------------


def _with_free_invoke(data: dict[str, object], *groups: list[int]) -> Encounter:
    enc = start(data, *groups)
    enc.submit("gm", "gm_free_invoke name='Hotshot Ace' holder=Viper-1 delta=1")
    return enc


def _asked(enc: Encounter, seat: str) -> bool:
    return any(d.kind == "invoke" and d.seat == seat for d in enc.pending())


def test_no_step_to_reach_style_on_a_move_that_style_does_not_change() -> None:
    """Seed "Move zones (2)": "On success: move two zones"; style adds nothing. Viper-1 (pilot
    2, + 0 0 0) against 2: 1 shift, made. Its free +2 could only make it style, which the card
    does not read, so no step: it moves two zones at once."""
    data = scenario([viper(aspects=["Hotshot Ace"])], [raider(zone="Z8")])
    enc = _with_free_invoke(data, ZERO, PLUS4, [1, 0, 0, 0])  # Viper-1 1, Raider-1 5
    skip_to(enc, "piloting", "Viper-1")
    act(enc, "move2 to=Z3")
    assert not _asked(enc, "Tachyon")
    assert st(enc).roll is None and st(enc).units["Viper-1"].zone == "Z3"


def test_no_step_for_the_shooter_once_a_swarm_is_broken_up() -> None:
    """T11: "a successful Fire at ... swarm removes the aspect": the shot's shifts are not a
    hit. Viper-1 (gunnery 2, + 0 0 0) against the swarm's pilot 1 (0 0 0 0): 2 shifts, a
    success; a +2 changes nothing, so Viper-1 is not asked (it was: every shift was counted
    as a hit). The swarm's own side still is: its +2 would make the shot miss."""
    data = scenario(
        [viper(aspects=["Hotshot Ace"])],
        [raider(zone="Z8")],
        b_swarms=[{"name": "Drones", "aspect": "Drone Swarm", "zone": "Z1", "pilot": 1}],
    )
    enc = _with_free_invoke(data, PLUS4, ZERO, [1, 0, 0, 0], ZERO)
    skip_to(enc, "gunnery", "Viper-1")
    act(enc, "fire_swarm target=Drones")
    assert not _asked(enc, "Tachyon")
    assert _asked(enc, "Pirates")
    enc.pass_window("invoke")
    assert not st(enc).swarms["Drones"].active


def test_no_step_for_a_shot_at_a_ship_that_one_invoke_cannot_carry_past_its_protection() -> None:
    """Seed "Fire at large target": "damage equal to shifts minus armor (short/long-range
    shield)". Viper-1 (gunnery 2, + + 0 0) at Dread's propulsion from its zone without Diving
    in: long range (T4), defense 3 (0 0 0 0): 1 shift; the long shield 2 and propulsion armor 1
    take 3, so it needs 3 more to do damage: a +2 cannot, nor a reroll of dice at +2 (+4 at
    best, 2 more), so no step. Any hit counted as damage, and it was asked."""
    data = scenario([viper(aspects=["Hotshot Ace"])], [], b_large=[FRIGATE])
    enc = _with_free_invoke(data, PLUS4, ZERO, ZERO, ZERO, [1, 1, 0, 0], ZERO)
    skip_to(enc, "gunnery", "Viper-1")
    act(enc, "fire_large target=Dread system=propulsion")
    assert not _asked(enc, "Tachyon")
    assert st(enc).units["Dread"].systems["propulsion"].marked_count == 0


@pytest.mark.parametrize(
    ("action", "dice"),
    [
        ("pressure target=Raider-1", [PLUS4, MINUS4]),  # 1 + 4 against 1 - 4: 8 shifts
        ("evade", [PLUS4]),  # 2 + 4 against 0: 6 shifts, Evasion 6
        ("refocus", [PLUS4]),  # 1 + 4 against 0: initiative 5
    ],
)
def test_a_step_past_style_where_every_shift_counts(action: str, dice: list[list[int]]) -> None:
    """Pressure opponent "lower the opponent's initiative by shifts of Success"; Evade "gain
    Evasion equal to shifts of Success"; Tactical refocus "set the initiative ... to equal
    shifts of Success": every shift is read, style is no ceiling, so a side with a +2 is asked
    even at style (it was not: style was read as the top band)."""
    data = scenario([viper(aspects=["Hotshot Ace"])], [raider()])
    enc = _with_free_invoke(data, ZERO, PLUS4, *dice)  # Viper-1 1, Raider-1 5
    skip_to(enc, "piloting", "Viper-1")
    act(enc, action)
    assert _asked(enc, "Tachyon")
    act(enc, "invoke aspect='Hotshot Ace' payment=free by=Viper-1 effect=bonus")
    settle(enc)
    s = st(enc)
    if action == "evade":
        assert s.units["Viper-1"].evasion == 8
    elif action == "refocus":
        assert s.units["Viper-1"].initiative == 7
    else:
        assert s.units["Raider-1"].initiative == 5 - 10


# --- scenario numbers and flags are strict ----------------------------------------------------


def _write(tmp_path: Path, change: dict[str, object]) -> Path:
    data = scenario([viper()], [raider(zone="Z8")])
    for path, value in change.items():
        node: object = data
        *parts, last = path.split(".")
        for part in parts:
            node = node[int(part)] if isinstance(node, list) else node[part]  # type: ignore[index]
        node[last] = value  # type: ignore[index]
    f = tmp_path / "bad.yaml"
    f.write_text(yaml.safe_dump(data), encoding="utf-8")
    return f


@pytest.mark.parametrize(
    ("path", "value", "field", "reason"),
    [
        ("sides.0.craft.0.pilot", True, "sides[0].craft[0].pilot", "not true"),
        ("sides.0.craft.0.pilot", "3", "sides[0].craft[0].pilot", "not the text '3'"),
        ("sides.0.craft.0.shields", 2.5, "sides[0].craft[0].shields", "not 2.5"),
        ("max_rounds", False, "max_rounds", "not false"),
        ("options.advantage_difficulty", True, "options.advantage_difficulty", "not true"),
        ("catalog", {"ordnance": {"missile": {"speed": True}}}, "catalog.ordnance.missile.speed",
         "not true"),
        ("sides.0.craft.0.ordnance", {"missile": True}, "sides[0].craft[0].ordnance.missile",
         "not true"),
    ],
)  # fmt: skip
def test_a_number_takes_a_whole_number_only(
    tmp_path: Path, path: str, value: object, field: str, reason: str
) -> None:
    f = _write(tmp_path, {path: value})
    with pytest.raises(ScenarioError) as err:
        start_from_file(f)
    assert f"{f}: {field}: must be a whole number, {reason}" in str(err.value)


@pytest.mark.parametrize(
    ("path", "value", "field", "reason"),
    [
        ("options.detection", 1, "options.detection", "not 1"),
        ("options.tie_succeeds", "yes", "options.tie_succeeds", "not the text 'yes'"),
        ("sides.0.craft.0.pc", 0, "sides[0].craft[0].pc", "not 0"),
        ("sides.0.players", "true", "sides[0].players", "not the text 'true'"),
        ("map.zones.0.end_zone", 1, "map.zones[0].end_zone", "not 1"),
    ],
)
def test_a_flag_takes_true_or_false_only(
    tmp_path: Path, path: str, value: object, field: str, reason: str
) -> None:
    f = _write(tmp_path, {path: value})
    with pytest.raises(ScenarioError) as err:
        start_from_file(f)
    assert f"{f}: {field}: must be true or false, {reason}" in str(err.value)


def test_check_names_the_file_and_field_of_a_flag_given_for_a_number(tmp_path: Path) -> None:
    """Through the CLI: a clear refusal, no traceback."""
    f = _write(tmp_path, {"sides.0.craft.0.gunnery": True})
    out = CliRunner().invoke(app, ["check", str(f)])
    assert out.exit_code != 0
    assert "sides[0].craft[0].gunnery: must be a whole number, not true" in out.output
    assert "Traceback" not in out.output


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("*.yaml")))
def test_every_example_still_loads(name: str) -> None:
    enc = start_from_file(EXAMPLES / name, seed=0)
    assert enc.ruleset.id == "tachyon"


def test_a_templates_ordnance_count_cannot_be_negative(tmp_path: Path) -> None:
    """T1: ordnance comes "with counts"; a craft's own load refused a negative count, but a
    catalog template's was taken (and every flight of it carried the negative load)."""
    f = _write(
        tmp_path, {"catalog": {"craft": {"gunboat": {"pilot": 1, "ordnance": {"torpedo": -2}}}}}
    )
    with pytest.raises(ScenarioError) as err:
        start_from_file(f)
    assert f"{f}: catalog.craft.gunboat.ordnance.torpedo: cannot be negative" in str(err.value)


def test_a_wiped_out_flights_simultaneous_missile_strikes_without_a_minus() -> None:
    """T8: a flight wiped out at its own initiative still acts, "with no bonus" (a flight's +1
    is per craft beyond the first, never below none). Viper-1 (gunnery 6, ++++) and Red (two
    fighters) share initiative 2; Viper-1, listed first, hits Red (pilot 2 + 1, ----) for 11:
    both fighters are lost. Red still launches, with its last craft's missiles, at Viper-1 in
    its zone (Raider-1 keeps the Pirates in the fight), and the missile strikes with Red's
    technology 1 + 0 0 0 0 = 1. It struck at 0: the flight's bonus was counted as -1 for no
    craft left."""
    data = scenario([viper(gunnery=6)], [raider(zone="Z8")], b_flights=[_red(size=2)])
    enc = start(data, [1, 0, 0, 0], ZERO, ZERO, PLUS4, MINUS4)  # Viper-1 2, Raider-1 1, Red 2
    skip_to(enc, "gunnery", "Viper-1")
    act(enc, "fire target=Red")
    settle(enc)
    s = st(enc)
    red = s.units["Red"]
    assert red.size == 0 and not red.active and s.current == "Red"
    assert red.ordnance == {"missile": 2}
    act(enc, "launch target=Viper-1 ordnance=missile")
    settle(enc)
    act(enc, "skip")  # Raider-1
    settle(enc)
    (strike,) = [e for e in enc.events() if e.kind == "ordnance_attack"]
    assert strike.data["mods"] == [] and strike.data["total"] == 1


def test_a_flight_without_shields_loses_a_craft_to_each_shift() -> None:
    """T1: shields are a craft's rating ("default 4 boxes"), and a scenario may give none. A
    flight of three unshielded fighters hit for 2: each shift past its (no) shields loses the
    lead craft (the shift that does it is spent, as for a shielded flight): one craft is left,
    with its own 2 missiles. The hit stopped the engine (an assertion: a flight had to have
    shields)."""
    data = scenario([viper()], [], b_flights=[{**_red(), "shields": 0}])
    enc = start(data, PLUS4, ZERO)
    s = st(enc)
    red = s.units["Red"]
    damage_small(s, red, 2, "Viper-1")
    assert (red.size, red.active, red.ordnance) == (1, True, {"missile": 2})


def test_a_craft_given_no_weapons_has_none() -> None:
    """Seed "Participants": "Small support vessels" fly too, and a scenario's set values
    override the template's (unset ones come from it). A craft given `weapons: []` has no
    weapon, so nothing to fire beside Raider-1; it took the fighter template's cannons (an
    empty list read as unset), as an `ordnance: {}` does not."""
    data = scenario([viper(weapons=[], ordnance={})], [raider()])
    enc = start(data, PLUS4, ZERO)
    skip_to(enc, "gunnery", "Viper-1")
    s = st(enc)
    assert s.units["Viper-1"].weapons == {} and s.units["Viper-1"].ordnance == {}
    assert not [c for c in enc.legal("Tachyon") if c.action == "fire"]


def test_a_large_targets_own_guns_must_name_a_known_weapon(tmp_path: Path) -> None:
    """T3: gun emplacements carry a weapon (capital turrets, range 3). A large target's own
    `guns:` naming no weapon of the catalog is refused by name, as a template's is; it was
    taken, and setting up the fight stopped on a KeyError."""
    data = scenario(
        [viper()],
        [raider(zone="Z8")],
        b_large=[{**FRIGATE, "guns": {"count": 1, "weapon": "plasma_lance"}}],
    )
    f = tmp_path / "bad.yaml"
    f.write_text(yaml.safe_dump(data), encoding="utf-8")
    with pytest.raises(ScenarioError) as err:
        start_from_file(f)
    assert f"{f}: sides[1].large[0].guns.weapon: unknown weapon 'plasma_lance'" in str(err.value)
