"""Audit 18: a ship whose pilot has left the fight (its crew fight on) is flown by nobody; a
scenario's numbers and flags are read strictly."""

from __future__ import annotations

from typing import Any

import pytest

from shiftdrive.core.dice import ScriptedDice
from shiftdrive.core.odds import OddsQuery, odds
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter
from shiftdrive.engine.scenario import ScenarioError
from shiftdrive.rulesets.star_wars.scenario import load

SHOT = Choice.of("attack", target="Kestrel", skill="Shoot")


def _kestrel() -> dict[str, Any]:
    """A Size 2 freighter flown by Tarra (Pilot 4, Stealth 3) with Pix at its gun, against a
    TIE (Size 1, its nameless pilot Shoot 2)."""
    return {
        "ruleset": "star_wars", "interrupts": False, "zone_kind": "space", "first": "Tarra",
        "zones": [{"name": "Orbit"}],
        "sides": [
            {"name": "smugglers",
             "characters": [
                 {"name": "Tarra", "skills": {"Pilot": 4, "Stealth": 3}, "vehicle": "Kestrel",
                  "station": "pilot"},
                 {"name": "Pix", "skills": {"Shoot": 2, "Will": 2}, "vehicle": "Kestrel",
                  "station": "gunner"}],
             "vehicles": [{"name": "Kestrel", "size": 2, "zone": "Orbit"}]},
            {"name": "empire",
             "vehicles": [{"name": "TIE", "size": 1, "zone": "Orbit",
                           "crew": [{"station": "pilot", "skills": {"Pilot": 2, "Shoot": 2}}]}]},
        ],
    }  # fmt: skip


def _tie_fires(concede: bool) -> Encounter:
    enc = Encounter.start(_kestrel(), dice=ScriptedDice([0] * 8))
    enc.submit("smugglers", Choice.of("concede" if concede else "hold"))
    enc.submit("smugglers", Choice.of("next", who="TIE pilot"))
    return enc


def test_a_ship_whose_pilot_left_defends_at_mediocre() -> None:
    """S10: "Maneuverable vehicles up to Size 2 get an active resistance roll using Pilot" —
    the pilot's. Tarra concedes and Pix fights on aboard the Kestrel: nobody flies it, so it
    defends at Mediocre (+0) with the size bonus (+2: the TIE is one Size smaller, twice the
    difference), 2 against the TIE's Shoot 2. The old code kept Tarra's Pilot 4 (6), in the
    odds shown and in the roll."""
    flown = _tie_fires(concede=False)
    left = _tie_fires(concede=True)
    assert flown.state.fighters["Kestrel"].skill("Pilot") == 4
    assert left.state.fighters["Kestrel"].skill("Pilot") == 0
    assert left.state.fighters["Kestrel"].skill("Stealth") == 0  # nobody hides it (S9)
    assert left.state.fighters["Kestrel"].skill("Will") == 2  # Pix's, still aboard
    assert flown.ruleset.odds(flown.state, "empire", SHOT) == odds(OddsQuery(skill=2, opposed=6))
    assert left.ruleset.odds(left.state, "empire", SHOT) == odds(OddsQuery(skill=2, opposed=2))
    left.submit("empire", SHOT)
    left.submit("smugglers", Choice.of("defend", skill="Pilot"))
    # all dice 0: the TIE's 2 against 0 + 2, a tie (C2)
    outcome = next(e for e in left.log[-1].events if e.kind == "outcome")
    assert (outcome.data["total"], outcome.data["opposition"]) == (2, 2)


@pytest.mark.parametrize(
    ("path", "value", "named"),
    [
        (("max_rounds",), True, "max_rounds"),
        (("interrupts",), 1, "interrupts"),
        (("sides", 0, "characters", 0, "skills", "Pilot"), True, "skills.Pilot"),
        (("sides", 0, "characters", 0, "refresh"), "3", "refresh"),
        (("sides", 0, "vehicles", 0, "hyperdrive"), "yes", "hyperdrive"),
        (("sides", 0, "vehicles", 0, "size"), 1.5, "size"),
        (("aspects",), [{"name": "Fog", "hidden": 1}], "aspects[0].hidden"),
    ],
)
def test_numbers_and_flags_are_read_strictly(
    path: tuple[str | int, ...], value: object, named: str
) -> None:
    """A flag is true or false and a number a whole number: pydantic's lax mode read
    `max_rounds: true` as 1 and `interrupts: 1` as on. Refused, naming the field."""
    data = _kestrel()
    data["max_rounds"] = 10
    place: Any = data
    for key in path[:-1]:
        place = place[key]
    place[path[-1]] = value
    with pytest.raises(ScenarioError) as err:
        load(data)
    assert named in str(err.value)
