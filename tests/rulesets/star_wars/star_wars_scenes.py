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


def behemoth() -> dict[str, Any]:
    """The seed's worked examples: the star destroyer Behemoth (Size 5, Deflector Shields +1,
    gunners at Shoot 2 in groups) against Zemara Fleck (Pilot 2, Shoot 3, Size 1, Advanced
    Starfighter) and five unnamed wingmen in Size 1 craft."""
    wingmen = [
        {"name": f"Wingman {i}", "size": 1, "zone": "Orbit",
         "crew": [{"station": "pilot", "skills": {"Pilot": 1, "Shoot": 1}}]}
        for i in range(1, 6)
    ]  # fmt: skip
    return {
        "ruleset": "star_wars",
        "title": "Behemoth",
        "first": "Behemoth gunners 1",
        "interrupts": False,
        "zone_kind": "space",
        "zones": [{"name": "Orbit", "adjacent": ["High Orbit"]}, {"name": "High Orbit"}],
        "sides": [
            {
                "name": "rebels",
                "characters": [
                    {"name": "Zemara Fleck", "skills": {"Pilot": 2, "Shoot": 3}, "refresh": 2,
                     "vehicle": "Fleck's Starfighter", "station": "pilot"},
                ],
                "vehicles": [
                    {"name": "Fleck's Starfighter", "size": 1, "zone": "Orbit",
                     "aspects": ["Advanced Starfighter"]},
                    *wingmen,
                ],
            },
            {
                "name": "empire",
                "vehicles": [
                    {"name": "Behemoth", "size": 5, "zone": "Orbit", "named": True,
                     "defense": 1, "aspects": ["Imperial Star Destroyer"],
                     "crew": [
                         {"station": "pilot", "skills": {"Pilot": 1}},
                         {"station": "gunners", "skills": {"Shoot": 2}, "stations": 2},
                         {"station": "gunners", "skills": {"Shoot": 2}, "stations": 2},
                         {"station": "gunners", "skills": {"Shoot": 2}, "stations": 1},
                     ]},
                ],
            },
        ],
    }  # fmt: skip
