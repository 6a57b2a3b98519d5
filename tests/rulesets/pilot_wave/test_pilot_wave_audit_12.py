"""Audit 12 (seed 000 "Pilot Wave"; RULINGS C2, C5, P9, P11, P13): character-scale weapon rows
and the skills a character may create an advantage with, checked through the public engine
with scripted dice. Each test failed on the code before this audit."""

from __future__ import annotations

from pilot_wave_helpers import MINUS, PLUS, ZERO, npc, scenario, start

from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter


def duel(dice: list[int], a: dict[str, object], b: dict[str, object], **kw: object) -> Encounter:
    """Crew (first four dice) wins side order and acts first."""
    enc = start(scenario([a], [b], **kw), dice)
    enc.submit("Crew", Choice.of("first", side="Crew"))
    return enc


def shoot(enc: Encounter) -> None:
    enc.submit("Crew", Choice.of("attack", target="Zed", skill="Gun Combat", fire="single"))
    if enc.pending() and enc.pending()[0].kind == "counter":
        enc.submit("Raiders", "pass")
    while enc.pending() and enc.pending()[0].window == "invoke":
        enc.submit(enc.pending()[0].seat, "pass")


def test_a_rifle_shot_is_hazardous_and_a_bad_miss_is_a_mishap() -> None:
    """Seed "Weapon Values": "Rifles, Directed Energy Weapons are hazardous and target all
    within a zone" (the rows Rifle and DEW); C2: on a hazardous roll -3 or worse is a mishap,
    "your action fails, and comes with a consequence". Gun Combat 0 - 4 against Point Blank's
    Normal (1): -5, a mishap; the shooter takes its mild consequence."""
    enc = duel(
        PLUS + ZERO + MINUS,
        npc("Ada", "0,0", skills={"Gun Combat": 0}, weapon="rifle"),
        npc("Zed", "5,0"),
    )
    shoot(enc)
    declared = next(e for e in enc.events() if e.kind == "declare")
    assert declared.data["weapon"] == "rifle" and declared.data["hazardous"] is True
    outcome = [e for e in enc.events() if e.kind == "outcome"][-1]
    assert (outcome.data["shifts"], outcome.data["outcome"]) == (-5, "mishap")
    mild = enc.state.fighters["Ada"].consequences.to_json()["slots"]["mild"]
    assert mild is not None and mild["aspect"] == "Ada's Mishap"


def test_a_scenario_may_say_its_rifle_is_not_hazardous_and_a_carbine_is_not() -> None:
    """The reading of "Rifles ... are hazardous" is a default a scenario overrides (RULINGS'
    preamble): `hazardous: false` on the scenario's rifle; a carbine (not named by the seed's
    sentence) and a crew-served recoilless rifle on its mount are not hazardous (P9)."""
    from shiftdrive.rulesets.pilot_wave.scenario import PilotWaveScenario

    data = scenario(
        [npc("Ada", "0,0", skills={"Gun Combat": 0}, weapon="Hunting Rifle")],
        [npc("Zed", "5,0")],
        weapons={
            "Hunting Rifle": {"kind": "rifle", "value": 3, "rounds": 5, "skill": "Gun Combat",
                              "hazardous": False},
            "Long Gun": {"kind": "rifle", "value": 3, "rounds": 5, "skill": "Gun Combat"},
        },
    )  # fmt: skip
    table = PilotWaveScenario.model_validate(data).weapon_table()
    assert not table["hunting rifle"].hazardous
    assert table["long gun"].hazardous  # a scenario's rifle is a rifle: hazardous by default
    assert table["rifle"].hazardous and table["dew"].hazardous
    assert not table["carbine"].hazardous and not table["pistol"].hazardous
    assert not table["recoilless rifle"].hazardous and not table["machine gun"].hazardous
    enc = start(data, PLUS + ZERO + MINUS)
    enc.submit("Crew", Choice.of("first", side="Crew"))
    shoot(enc)
    outcome = [e for e in enc.events() if e.kind == "outcome"][-1]
    assert (outcome.data["shifts"], outcome.data["outcome"]) == (-5, "fail")
    assert enc.state.fighters["Ada"].consequences.to_json()["slots"]["mild"] is None


def test_a_rifle_shots_odds_show_the_mishap() -> None:
    """C3: the odds shown before a hazardous rifle shot count the mishap (-3 or worse apart):
    Gun Combat 0 against Normal (1): -3 or worse apart is 4dF of -2 or lower, 15 of 81."""
    from fractions import Fraction

    enc = duel(
        PLUS + ZERO,
        npc("Ada", "0,0", skills={"Gun Combat": 0}, weapon="rifle"),
        npc("Zed", "5,0"),
    )
    choice = next(
        c
        for c in enc.legal("Crew")
        if c.action == "attack" and c.str_param("skill") == "Gun Combat"
    )
    odds = enc.ruleset.odds(enc.state, "Crew", choice)
    assert odds is not None and odds.mishap == Fraction(15, 81)


def test_tactics_creates_an_advantage_even_behind_three_better_skills() -> None:
    """Seed "Tactics": "Create an Advantage: Use Tactics to create advantages based on your
    understanding of combat tactics, building defenses or choosing the best locations for
    combat advantage" (C5). A Fair Tactics behind Great Gun Combat and Good Notice and Stealth
    is still offered; a Fair Survival (no such line in the seed) is left to the menu's three."""
    ada = npc("Ada", "0,0", skills={"Gun Combat": 4, "Notice": 3, "Stealth": 3, "Tactics": 2,
                                    "Survival": 2})  # fmt: skip
    enc = start(scenario([ada], [npc("Zed", "5,0")]), PLUS + ZERO + PLUS)
    enc.submit("Crew", Choice.of("bid", points=0))  # Ada's Tactics makes a pool (P6)
    enc.submit("Crew", Choice.of("first", side="Crew"))
    skills = {c.str_param("skill") for c in enc.legal("Crew") if c.action == "advantage"}
    assert skills == {"Gun Combat", "Notice", "Stealth", "Tactics"}
    choice = next(
        c
        for c in enc.legal("Crew")
        if c.action == "advantage"
        and c.str_param("skill") == "Tactics"
        and c.str_param("target") == "scene"
    )
    enc.submit("Crew", choice)
    if enc.pending() and enc.pending()[0].kind == "counter":
        enc.submit("Raiders", "pass")
    while enc.pending() and enc.pending()[0].window == "invoke":
        enc.submit(enc.pending()[0].seat, "pass")
    outcome = [e for e in enc.events() if e.kind == "outcome"][-1]
    # Tactics 2 + 4 against advantage_difficulty 2: 4 shifts, style (two free invokes)
    assert (outcome.data["total"], outcome.data["shifts"]) == (6, 4)
