"""A fate_core scenario's numbers and flags are read strictly: pydantic's lax mode read
`refresh: true` as 1 and `skills: {Fight: "3"}` as 3."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from shiftdrive.engine.scenario import ScenarioError
from shiftdrive.files import read_yaml
from shiftdrive.rulesets.fate_core.scenario import load

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "fate_core" / "station-ambush.yaml"


@pytest.mark.parametrize(
    ("path", "value", "named"),
    [
        (("sides", 0, "characters", 0, "refresh"), True, "refresh"),
        (("sides", 0, "characters", 0, "skills", "Fight"), "3", "skills.Fight"),
        (("max_exchanges",), 2.5, "max_exchanges"),
        (("aspects",), [{"name": "Fog", "hidden": "yes"}], "aspects[0].hidden"),
    ],
)
def test_numbers_and_flags_are_read_strictly(
    path: tuple[str | int, ...], value: object, named: str
) -> None:
    data: dict[str, Any] = dict(read_yaml(EXAMPLE))
    load(data)  # the example itself loads
    place: Any = data
    for key in path[:-1]:
        place = place[key]
    place[path[-1]] = value
    with pytest.raises(ScenarioError) as err:
        load(data)
    assert named in str(err.value)
