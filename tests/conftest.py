"""Shared fixtures: scenario data for the reference ruleset."""

from __future__ import annotations

import copy
import os
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import settings

import shiftdrive

ROOT = Path(__file__).resolve().parent.parent

# CI (`.ci/run` sets SHIFTDRIVE_CI) plays the same examples on every run, so that a landing
# never hangs on what a random draw finds; a developer's run draws new ones, and what it finds
# becomes an `@example` beside the property.
settings.register_profile("ci", derandomize=True)
if os.environ.get("SHIFTDRIVE_CI"):
    settings.load_profile("ci")
EXAMPLES = ROOT / "examples"

DUEL: dict[str, Any] = {
    "ruleset": "fate_core",
    "title": "Duel in the hangar",
    "zones": [
        {"name": "Hangar", "aspects": ["Fuel Drums"], "adjacent": ["Gantry"]},
        {"name": "Gantry", "adjacent": ["Hangar", "Roof"]},
        {"name": "Roof", "adjacent": ["Gantry"]},
    ],
    "aspects": ["Sirens Wailing", {"name": "Sabotaged Crane", "hidden": True}],
    "sides": [
        {
            "name": "crew",
            "characters": [
                {
                    "name": "Anna",
                    "zone": "Hangar",
                    "refresh": 2,
                    "skills": {
                        "Shoot": 3,
                        "Fight": 2,
                        "Athletics": 2,
                        "Notice": 3,
                        "Physique": 1,
                        "Will": 1,
                    },
                    "aspects": ["Sharpshooter", {"name": "Secret Agent", "hidden": True}],
                }
            ],
        },
        {
            "name": "raiders",
            "characters": [
                {
                    "name": "Zird",
                    "zone": "Hangar",
                    "refresh": 1,
                    "skills": {
                        "Fight": 2,
                        "Athletics": 1,
                        "Notice": 1,
                        "Physique": 2,
                        "Deceive": 2,
                    },
                    "aspects": ["Brawler"],
                }
            ],
        },
    ],
    "gm_notes": "Zird's boss arrives in exchange 3.",
}


@pytest.fixture
def duel() -> dict[str, Any]:
    return copy.deepcopy(DUEL)


def example_files(ruleset_id: str) -> list[Path]:
    return sorted((EXAMPLES / ruleset_id).glob("*.yaml"))


def load_example(path: Path) -> dict[str, Any]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


# The compiled build (`make fast`) checks argument types at run time and cannot take test
# stand-ins for its classes: the tests that feed either run on the pure-Python build only.
pure_only = pytest.mark.skipif(
    shiftdrive.compiled(), reason="compiled build: stand-ins and off-type arguments are refused"
)
