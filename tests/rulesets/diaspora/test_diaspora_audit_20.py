"""Audit 20 of the diaspora ruleset, against the seed (seeds/002_dc5d5c3e593a1e3d.txt, "The
Sequence") and rulings D3, D6, D9, D14: each test cites the passage or ruling it checks; the
ones that say "failed before its fix" failed on the code before this audit."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from diaspora_helpers import duel, ship

from shiftdrive.engine.scenario import ScenarioError
from shiftdrive.files import start_from_file

# --- The scenario file: names the table calls ships, sides and crew by ---------------------------


@pytest.mark.parametrize(
    ("where", "field"),
    [
        ("ship", "sides[0].ships[0].name"),
        ("crew", "sides[0].ships[0].crew[0].name"),
        ("side", "sides[0].name"),
    ],
)
@pytest.mark.parametrize(
    ("name", "reason"),
    [("   ", "a name needs more than spaces"), (" Jackal", "has spaces around it")],
)
def test_a_blank_or_padded_name_is_refused_naming_the_file_and_field(
    tmp_path: Path, where: str, field: str, name: str, reason: str
) -> None:
    """A ship, side or crew member of nothing but spaces names nobody at the table (`fire
    target=...`, the log), and spaces around a name make two names look one; the loader the
    CLI uses refuses either, naming the file, the field and why. Failed before its fix: both
    loaded (a name only had to be one character long)."""
    data: dict[str, Any] = duel(ship("A", crew=[{"name": "Ada"}], stations={"pilot": "Ada"}))
    if where == "ship":
        data["sides"][0]["ships"][0]["name"] = name
    elif where == "crew":
        data["sides"][0]["ships"][0]["crew"][0]["name"] = name
        data["sides"][0]["ships"][0]["stations"] = {}
    else:
        data["sides"][0]["name"] = name
    path = tmp_path / "padded.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        start_from_file(path, seed=1)
    message = str(caught.value)
    assert str(path) in message and f"{field}: " in message and reason in message
