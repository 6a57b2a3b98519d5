"""A small star_wars conflict for the tests: two rebels against two troopers in two zones."""

from __future__ import annotations

import copy
from typing import Any

BRAWL: dict[str, Any] = {
    "ruleset": "star_wars",
    "title": "Hangar brawl",
    "first": "Lia",
    "zones": [
        {"name": "Hangar", "adjacent": ["Corridor"]},
        {"name": "Corridor", "adjacent": ["Hangar", "Bridge"]},
        {"name": "Bridge", "adjacent": ["Corridor"]},
    ],
    "aspects": ["Smoke Everywhere"],
    "sides": [
        {
            "name": "rebels",
            "characters": [
                {"name": "Lia", "zone": "Hangar", "refresh": 2,
                 "skills": {"Shoot": 3, "Athletics": 2, "Notice": 2, "Physique": 1}},
                {"name": "Han", "zone": "Hangar", "refresh": 1,
                 "skills": {"Shoot": 2, "Athletics": 1, "Deceive": 3}},
            ],
        },
        {
            "name": "empire",
            "characters": [
                {"name": "TK-1", "zone": "Hangar", "refresh": 1,
                 "skills": {"Shoot": 2, "Athletics": 1}},
                {"name": "TK-2", "zone": "Corridor", "refresh": 0,
                 "skills": {"Shoot": 2, "Athletics": 1}},
            ],
        },
    ],
}  # fmt: skip


def brawl() -> dict[str, Any]:
    return copy.deepcopy(BRAWL)
