"""Audit 20 (seed 001): scenario aspects the set-up could not place are refused by name, ..."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from shiftdrive.cli.main import app
from shiftdrive.engine.scenario import ScenarioError
from shiftdrive.files import start_from_file

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
