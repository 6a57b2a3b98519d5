"""A side is a seat named by the side, and `gm` is the GM's seat (every secret, the GM's
overrides): a scenario of any ruleset that names a side so is refused, naming the field."""

from __future__ import annotations

from pathlib import Path

import pytest

from shiftdrive.engine.encounter import Encounter
from shiftdrive.engine.scenario import ScenarioError
from shiftdrive.files import read_yaml

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
ONE_EACH = ["tachyon", "star_wars", "pilot_wave", "fate_core", "diaspora", "fully_automated"]


@pytest.mark.parametrize("ruleset", ONE_EACH)
def test_a_side_named_gm_is_refused_in_every_ruleset(ruleset: str) -> None:
    path = sorted((EXAMPLES / ruleset).glob("*.yaml"))[0]
    data = read_yaml(path)
    data["sides"][-1]["name"] = " GM "
    last = len(data["sides"]) - 1
    with pytest.raises(ScenarioError) as err:
        Encounter.start(data, seed=0)
    assert f"sides[{last}].name: ' GM ' is the GM's seat" in str(err.value)
    with pytest.raises(ScenarioError):
        Encounter.prepare(data)
