"""Audit 18 (seed 000 "Pilot Wave"; RULINGS C4, P6, P8, P12): the surprise and side-order
rolls in the invoke window, the long-range example's balance, and scenario numbers and flags
read strictly. Each test failed on the code before this audit."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from shiftdrive.engine.scenario import ScenarioError
from shiftdrive.files import start_from_file
from shiftdrive.sim.runner import MAX_STEPS, battle_seed, run_chunk

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "pilot_wave"


def _conflict() -> dict[str, Any]:
    return {
        "ruleset": "pilot_wave",
        "scale": "short",
        "map": {"width": 12, "height": 6},
        "weapons": {"Old Carbine": {"kind": "carbine", "value": 2, "skill": "Gun Combat"}},
        "armor": {"riot shield": 1},
        "sides": [
            {"name": "Crew", "characters": [
                {"name": "Ada", "exempt": True, "at": "0,0", "skills": {"Notice": 2},
                 "vehicle": {"kph": 40}},
            ]},
            {"name": "Raiders", "characters": [
                {"name": "Zed", "exempt": True, "at": "5,0", "skills": {"Stealth": 2}},
            ]},
        ],
    }  # fmt: skip


def _crew(tag: str) -> dict[str, Any]:
    return {"pilot": {"name": f"Ito {tag}", "skills": {"Space Ops": 2}},
            "gunner": {"name": f"Marsh {tag}", "skills": {"Space Combat": 2}}}  # fmt: skip


def _ship_fight() -> dict[str, Any]:
    return {
        "ruleset": "pilot_wave",
        "scale": "far",
        "map": {"width": 10, "height": 6},
        "sides": [
            {"name": "Navy", "ships": [
                {"name": "Lance", "drive": 2, "at": "0,0", "weapons": ["kew"],
                 "crew": _crew("1")}]},
            {"name": "Smugglers", "ships": [
                {"name": "Magpie", "drive": 2, "at": "5,0", "weapons": ["kew"],
                 "crew": _crew("2")}]},
        ],
    }  # fmt: skip


def _refused(tmp_path: Path, data: dict[str, Any]) -> str:
    """The CLI's own loader (`shiftdrive check`, `play`): the file's error, no traceback."""
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(data))
    with pytest.raises(ScenarioError) as exc:
        start_from_file(path, seed=0)
    return str(exc.value)


FLAG_CASES = [
    (("vacuum",), 1),
    (("high_g",), "yes"),
    (("matched_vectors",), 0),
    (("open_map",), 1),
    (("sides", 1, "ambush"), 1),
    (("sides", 0, "characters", 0, "exempt"), 1),
    (("sides", 0, "characters", 0, "surprised"), 0),
    (("weapons", "Old Carbine", "auto"), 1),
    (("weapons", "Old Carbine", "blast"), "true"),
    (("weapons", "Old Carbine", "hazardous"), 0),
]
NUMBER_CASES = [
    (("max_exchanges",), True),
    (("advantage_difficulty",), "3"),
    (("overcome_difficulty",), False),
    (("armor", "riot shield"), True),
    (("weapons", "Old Carbine", "value"), True),
    (("weapons", "Old Carbine", "rounds"), "30"),
    (("sides", 0, "characters", 0, "refresh"), True),
    (("sides", 0, "characters", 0, "fate_points"), True),
    (("sides", 0, "characters", 0, "physique"), True),
    (("sides", 0, "characters", 0, "vehicle", "kph"), True),
    (("sides", 0, "characters", 0, "skills", "Notice"), True),
]


def _put(data: dict[str, Any], path: tuple[Any, ...], value: Any) -> str:
    node: Any = data
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = value
    where = ""
    for part in path:
        where += f"[{part}]" if isinstance(part, int) else ("." if where else "") + str(part)
    return where


@pytest.mark.parametrize(("path", "value"), FLAG_CASES + NUMBER_CASES)
def test_a_conflict_refuses_a_flag_for_a_number_and_a_number_for_a_flag(
    tmp_path: Path, path: tuple[Any, ...], value: Any
) -> None:
    """A flag takes only true / false, a number only a number: pydantic's lax mode read
    `vacuum: 1` as true and `max_exchanges: true` as 1. The error names the file and the
    field (a skill's rating: the field and the skill)."""
    data = _conflict()
    where = _put(data, path, value)
    text = _refused(tmp_path, data)
    assert "bad.yaml" in text
    if len(path) > 1 and path[-2] == "skills":
        assert f"{where.rsplit('.', 1)[0]}: Notice: must be a number or a ladder word" in text
    else:
        assert where in text
        if (path, value) in FLAG_CASES:
            assert "valid boolean" in text
        else:
            assert "valid integer" in text or "must be a number or a ladder word" in text


SHIP_CASES = [
    (("sides", 0, "ships", 0, "drive"), True),
    (("sides", 0, "ships", 0, "armor"), "2"),
    (("sides", 0, "ships", 0, "hull"), True),
    (("sides", 0, "ships", 0, "speed"), True),
    (("sides", 0, "ships", 0, "fate_points"), True),
    (("sides", 0, "ships", 0, "dark"), 1),
    (("sides", 0, "ships", 0, "jump_drive"), 0),
    (("sides", 0, "groups"), 1),
    (("sides", 0, "ships", 0, "crew", "pilot", "physique"), True),
    (("max_exchanges",), True),
    (("diameters",), True),
    (("diameters",), "150"),
]


@pytest.mark.parametrize(("path", "value"), SHIP_CASES)
def test_a_ship_fight_refuses_a_flag_for_a_number_and_a_number_for_a_flag(
    tmp_path: Path, path: tuple[Any, ...], value: Any
) -> None:
    data = _ship_fight()
    where = _put(data, path, value)
    text = _refused(tmp_path, data)
    assert "bad.yaml" in text and where in text


def test_a_ship_crews_skill_is_never_a_flag(tmp_path: Path) -> None:
    data = _ship_fight()
    data["sides"][0]["ships"][0]["crew"]["pilot"]["skills"]["Space Ops"] = True
    text = _refused(tmp_path, data)
    assert "sides[0].ships[0].crew.pilot.skills: Space Ops: must be a number" in text


def test_numbers_flags_and_ladder_words_still_load(tmp_path: Path) -> None:
    """What the files hold stays readable: whole numbers for numbers (a float for
    `diameters`), true / false for flags, ladder words for ratings, lists for lists; every
    example loads."""
    data = _conflict()
    data["vacuum"] = True
    data["sides"][0]["characters"][0]["skills"] = {"Notice": "Good", "Stealth": 1}
    data["sides"][0]["characters"][0]["physique"] = "Average"
    path = tmp_path / "ok.yaml"
    path.write_text(yaml.safe_dump(data))
    enc = start_from_file(path, seed=0)
    assert enc.state.fighters["Ada"].skills["Notice"] == 3
    ships = _ship_fight()
    ships["diameters"] = 80
    ships["sides"][0]["ships"][0]["crew"]["pilot"]["skills"]["Space Ops"] = "Good"
    path.write_text(yaml.safe_dump(ships))
    start_from_file(path, seed=0)
    for example in sorted(EXAMPLES.glob("*.yaml")):
        start_from_file(example, seed=0)


def test_the_long_range_example_is_a_fair_fight() -> None:
    """examples/pilot_wave/long-range.yaml: the Colony won 200 of 200 bot battles (the
    cruiser's DEW, Great gunner, outshot the gunship's missiles). Retuned, both sides win a
    fair share of 100 seeded battles, and it stays an Extreme-scale fight with missiles."""
    data = yaml.safe_load((EXAMPLES / "long-range.yaml").read_text())
    assert data["scale"] == "extreme"
    assert any("missiles" in s["weapons"] for side in data["sides"] for s in side["ships"])
    jobs = [(i, battle_seed(0, i)) for i in range(100)]  # `simulate`'s first 100 battles
    outcomes = run_chunk(data, "long-range.yaml", jobs, MAX_STEPS)
    wins = {side: sum(o.winner == side for o in outcomes) for side in ("Colony", "Raiders")}
    assert 30 <= wins["Colony"] <= 70 and 30 <= wins["Raiders"] <= 70, wins
