"""Audit 14 (seed 000 "Pilot Wave"; RULINGS C3, C4, P12): the odds shown before a roll agree
with what the roll then does, checked by playing the roll with every 4dF total. Each test
failed on the code before this audit."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from itertools import product
from typing import Any

from shiftdrive.core.aspects import Aspect, AspectKind
from shiftdrive.core.dice import ScriptedDice
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter
from shiftdrive.engine.ruleset import Turn
from shiftdrive.rulesets.pilot_wave.ships.countermeasures import Countermeasures
from shiftdrive.rulesets.pilot_wave.ships.state import ShipState

Z = [0, 0, 0, 0]
#: how many of the 81 results of 4dF give each total
WAYS = {t: sum(1 for f in product((-1, 0, 1), repeat=4) if sum(f) == t) for t in range(-4, 5)}


def faces(total: int) -> list[int]:
    return [1 if i < total else -1 if i < -total else 0 for i in range(4)]


def crew(name: str) -> dict[str, Any]:
    return {
        "pilot": {"name": f"{name} Pilot", "skills": {"Space Ops": 2}},
        "gunner": {"name": f"{name} Gunner", "skills": {"Space Combat": 2}},
        "sensors": {"name": f"{name} Eyes", "skills": {"Space Combat": 2}},
        "engineer": {"name": f"{name} Chief", "skills": {"Engineering": 2}},
    }


def ship(name: str, at: str) -> dict[str, Any]:
    return {"name": name, "drive": 2, "at": at, "weapons": ["kew", "missiles"],
            "jump_drive": False, "crew": crew(name), "fate_points": 0}  # fmt: skip


def at_repair(dice: list[int]) -> Encounter:
    """Lance (weapons down: a mild consequence) and Ghost far apart, no targets: the boarding
    phase comes at once, Lance to act. Lance holds a free invoke on a consequence of Ghost's."""
    data = {
        "ruleset": "pilot_wave", "scale": "far", "map": {"width": 14, "height": 8},
        "sides": [{"name": "Navy", "ships": [ship("Lance", "0,0")]},
                  {"name": "Raiders", "ships": [ship("Ghost", "9,0")]}],
    }  # fmt: skip
    enc = Encounter.start(data, dice=ScriptedDice([1, 0, 0, 0] + Z + Z + Z + dice))
    enc.submit(enc.pending_seats()[0], "first_side side=Navy")
    state = enc.state
    assert isinstance(state, ShipState)
    state.ships["Lance"].damage["mild"] = "weapons"
    state.aspects.add(Aspect("Ghost Hull Scored", AspectKind.CONSEQUENCE, owner="Ghost",
                             free_invokes={"Lance": 1}))  # fmt: skip
    enc.submit("Navy", "sense mode=passive")
    enc.submit("Raiders", "sense mode=passive")
    enc.submit("Navy", "maneuver to=0,0")
    enc.submit("Raiders", "maneuver to=9,0")
    return enc


def every_total(play: Callable[[list[int]], bool]) -> Fraction:
    """The chance that `play` (given the roll's faces) comes out true, over all 81 results."""
    return sum((Fraction(WAYS[t], 81) for t in WAYS if play(faces(t))), Fraction(0))


def test_a_ships_repair_odds_count_the_free_invoke_its_roll_may_spend() -> None:
    """Seed "Invoking Aspects": "Spend a fate point or free invoke ... +2 to your skill roll";
    "Free invokes stack" (C4); P12: "an Engineering overcome against the consequence's value
    repairs it"; C3: the odds engine counts the roller's free invokes as spent while the roll
    fails. Lance's engineer (Engineering 2) repairs against the mild consequence (2) holding a
    free invoke on Ghost's consequence, which the roll's invoke window offers it. The odds
    shown count it: a repair fails only on -3 or worse, 5/81 (was 31/81: the free invoke was
    left out of every ship roll's odds but an attack's on its own target)."""
    enc = at_repair([])
    repair = Choice.parse("repair severity=mild")
    shown = enc.ruleset.odds(enc.state, "Navy", repair)
    assert shown is not None

    def repaired(dice: list[int]) -> bool:
        e = at_repair(dice)
        e.submit("Navy", repair)
        while e.pending() and e.pending()[0].kind == "invoke":
            free = [c for c in e.legal("Navy") if c.get("payment") == "free"]
            e.submit("Navy", free[0] if free else Choice.parse("pass"))
        state = e.state
        assert isinstance(state, ShipState)
        return state.ships["Lance"].works("weapons")

    assert shown.at_least_tie == every_total(repaired) == 1 - Fraction(5, 81)


def test_a_ships_countermeasure_odds_count_the_same_free_invoke() -> None:
    """C4 as above: the free invoke Lance holds on Ghost's consequence may go on any roll of
    Lance's (the ship's invoke window offers it), so the countermeasures' odds count it too
    (P12: "each targeted ship may roll Space Combat or Space Ops once ... against Mediocre
    (0)"): Space Combat 2 never fails and ties only on -4, 1/81 (was: fails 5/81, ties
    10/81)."""
    enc = at_repair([])
    state = enc.state
    assert isinstance(state, ShipState)
    turn = Turn("Navy", "countermeasures", "Lance")
    shown = Countermeasures().odds(state, turn, Choice.of("countermeasures", by="gunner"))
    assert shown is not None
    assert (shown.fail, shown.tie) == (0, Fraction(1, 81))
