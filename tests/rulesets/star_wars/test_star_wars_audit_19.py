"""Audit 19: what conceding pays a vehicle's crew (C7, C10), and the odds shown before each
kind of roll against the roll it then makes (S3's size bonus and grouped stations, S13's help)."""

from __future__ import annotations

from typing import Any

import pytest
from star_wars_scenes import brawl
from test_lightspeed import runner
from test_star_wars_audit_18 import _kestrel

from shiftdrive.core.dice import ScriptedDice
from shiftdrive.core.odds import OddsQuery, odds
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter, load_checked
from shiftdrive.engine.registry import get_ruleset
from shiftdrive.engine.scenario import ScenarioError

SHOT = Choice.of("attack", target="Kestrel", skill="Shoot")
PLUS = [1, 1, 1, 1]
MINUS = [-1, -1, -1, -1]


def _scorched(after: list[int]) -> Encounter:
    """The TIE (Shoot 2, +4 on the dice: 6) hits the Kestrel (Size 2: Tarra's Pilot 4, -4 on
    the dice, +2 for the smaller attacker: 2) by four shifts: two hull boxes and the mild
    consequence (2). Pix holds; the round ends with her."""
    enc = Encounter.start(_kestrel(), dice=ScriptedDice(PLUS + MINUS + after))
    enc.submit("smugglers", "hold")
    enc.submit("smugglers", Choice.of("next", who="TIE pilot"))
    enc.submit("empire", SHOT)
    enc.submit("smugglers", Choice.of("defend", skill="Pilot"))
    enc.pass_window("invoke")
    if enc.pending()[0].kind == "style":
        enc.submit("empire", "full")
    absorb = next(c for c in enc.legal("smugglers") if "mild" in c.label)
    enc.submit("smugglers", absorb)
    kestrel = enc.state.fighters["Kestrel"]
    assert kestrel.consequences.count_taken_in_conflict() == 1
    assert kestrel.stress["hull"].is_full
    enc.submit("smugglers", "hold")  # Pix, the last to act in round 1
    return enc


def _points(enc: Encounter) -> dict[str, Any]:
    return {n: enc.state.fighters[n].fate_points.current for n in ("Tarra", "Pix")}


def test_a_named_gunner_conceding_with_its_vehicle_is_paid() -> None:
    """C10/C7: "Conceding is possible at any time before a roll is made against you, and pays
    fate points": one, plus one per consequence taken in the conflict. The TIE fires at the
    scorched Kestrel again and her crew concede before the roll (the vehicle's defend stage):
    Tarra, whose purse the Kestrel spends, gains 1 + 1 for the Kestrel's mild consequence
    (3 to 5), and Pix, a named character who concedes with her ship, gains her own point
    (3 to 4). The old code set Pix to conceded and paid her nothing."""
    enc = _scorched([])
    enc.submit("smugglers", Choice.of("next", who="TIE pilot"))
    enc.submit("empire", SHOT)
    assert {c.action for c in enc.legal("smugglers")} == {"defend", "concede"}
    events = enc.submit("smugglers", "concede")
    assert {n: enc.state.fighters[n].status for n in ("Kestrel", "Tarra", "Pix")} == {
        "Kestrel": "conceded", "Tarra": "conceded", "Pix": "conceded",
    }  # fmt: skip
    assert _points(enc) == {"Tarra": 5, "Pix": 4}
    paid = {e.data["who"]: e.data["fate_points"] for e in events if e.kind == "concede"}
    assert paid == {"Kestrel": 2, "Pix": 1}


def test_a_pilot_conceding_on_its_turn_is_paid_for_its_vehicles_consequences() -> None:
    """C7 with the doc's default (the vehicle spends its pilot's fate points, so the ship's
    consequences are the pilot's stake): Tarra, at the scorched Kestrel's helm, concedes on
    her own turn, leaving Pix aboard: she gains 1 + 1 for the Kestrel's mild consequence
    (3 to 5), as she would have conceding with the ship before the TIE's roll. The old code
    paid her 1 (4): the same concession paid two ways."""
    enc = _scorched([])
    enc.submit("smugglers", Choice.of("next", who="Tarra"))
    enc.submit("smugglers", "concede")
    assert enc.state.fighters["Tarra"].status == "conceded"
    assert enc.state.fighters["Kestrel"].status == "active"
    assert _points(enc) == {"Tarra": 5, "Pix": 3}


FLECK = "Zemara Fleck"
ZERO = [0] * 40


def _squadron() -> dict[str, Any]:
    """Zemara Fleck (Pilot 2, Shoot 3, Navigate 2, Notice 2, Security 2) in her Size 1
    starfighter with a nameless wingman (Pilot 1, Shoot 1, Notice 1, Navigate 1, Security 1),
    against a TIE (Size 1: Pilot 1, Stealth 1, Will 1, Security 1) and a Size 4 cruiser (the
    seed's: four stations in two groups of two, Shoot 2; its pilot Pilot 1, Stealth 2) in
    space."""
    skills = {"Pilot": 1, "Shoot": 1, "Notice": 1, "Navigate": 1, "Security": 1}
    return {
        "ruleset": "star_wars", "interrupts": False, "zone_kind": "space", "jump_after": 0,
        "first": "Wingman pilot",
        "zones": [{"name": "Orbit", "adjacent": ["High Orbit"]},
                  {"name": "High Orbit", "adjacent": ["Deep Space"]}, {"name": "Deep Space"}],
        "sides": [
            {"name": "rebels",
             "characters": [
                 {"name": FLECK, "vehicle": "Red Five", "station": "pilot",
                  "skills": {"Pilot": 2, "Shoot": 3, "Navigate": 2, "Notice": 2,
                             "Security": 2}}],
             "vehicles": [
                 {"name": "Red Five", "size": 1, "zone": "Orbit", "hyperdrive": True},
                 {"name": "Wingman", "size": 1, "zone": "Orbit",
                  "crew": [{"station": "pilot", "skills": skills}]}]},
            {"name": "empire",
             "vehicles": [
                 {"name": "TIE", "size": 1, "zone": "Orbit",
                  "crew": [{"station": "pilot",
                            "skills": {"Pilot": 1, "Stealth": 1, "Will": 1, "Security": 1}}]},
                 {"name": "Cruiser", "size": 4, "zone": "Orbit",
                  "crew": [{"station": "pilot", "skills": {"Pilot": 1, "Stealth": 2}},
                           {"station": "gunners", "skills": {"Shoot": 2}, "stations": 2},
                           {"station": "gunners", "skills": {"Shoot": 2}, "stations": 2}]}]},
        ],
    }  # fmt: skip


def _rolled(enc: Encounter, seat: str, choice: Choice, defend: tuple[str, str] | None) -> Any:
    """Submit `choice` (all dice 0), defend with `defend` (seat, skill) if asked, pass every
    invoke window: the roll's outcome event."""
    events = enc.submit(seat, choice)
    while True:
        pending = enc.pending()
        if pending and pending[0].kind == "defend" and defend is not None:
            events += enc.submit(defend[0], Choice.of("defend", skill=defend[1]))
        elif pending and pending[0].window == "invoke":
            events += enc.pass_window("invoke")
        else:
            break
    return next(e for e in events if e.kind == "outcome")


#: (who acts, the wingman's help first (its skill) or None, the choice, the defence, and the
#: numbers the seed's rules give: the roll's total and what it meets, opposed or passive)
ROLLS = [
    # S3 and S13: Shoot 3 + 1 (help) at the TIE, which rolls Pilot 1 (equal Sizes, no bonus)
    (FLECK, "Shoot", Choice.of("attack", target="TIE", skill="Shoot"), ("empire", "Pilot"),
     4, 1, False),
    # S3: the cruiser's group of two (Shoot 2 + 1) at Fleck: Pilot 2 + 3 (the size difference)
    ("Cruiser gunners 1", None, Choice.of("attack", target="Red Five", skill="Shoot"),
     ("rebels", "Pilot"), 3, 5, False),
    # S3: Fleck (help +1) at the cruiser: passive 0 + 6 (three Sizes larger, doubled)
    (FLECK, "Shoot", Choice.of("attack", target="Cruiser", skill="Shoot"), None, 4, 6, True),
    # S5: the tail, Pilot 2 + 1 (help) against the TIE pilot's Pilot 1
    (FLECK, "Pilot", Choice.of("tail", target="TIE"), ("empire", "Pilot"), 3, 1, False),
    # S9 Maneuver: Pilot 2 + 1 on the TIE (its Pilot 1) and on the cruiser (passive 0, no size
    # bonus: that is for weapons fire)
    (FLECK, "Pilot", Choice.of("advantage", skill="Pilot", target="TIE", name="Boxed In"),
     ("empire", "Pilot"), 3, 1, False),
    (FLECK, "Pilot", Choice.of("advantage", skill="Pilot", target="Cruiser", name="Blind Spot"),
     None, 3, 0, True),
    # S9 Sensors: Notice 2 + 1 against the cruiser pilot's Stealth 2 (detection 1 + 4 zones)
    (FLECK, "Notice", Choice.of("discover", skill="Notice", target="Cruiser"),
     ("empire", "Stealth"), 3, 2, False),
    # S9 Communications: Security 2 + 1 against the TIE's best Security aboard, 1
    (FLECK, "Security",
     Choice.of("communicate", skill="Security", target="TIE", name="TIE Comms Jammed"),
     ("empire", "Security"), 3, 1, False),
    # S4: one zone more, Pilot 2 + 1 against the Size, 1
    (FLECK, "Pilot", Choice.of("sprint", to="Deep Space"), None, 3, 1, True),
    # S6: the jump, Navigate 2 + 1 (help) against Good (3)
    (FLECK, "Navigate", Choice.of("jump", skill="Navigate"), None, 3, 3, True),
]  # fmt: skip


@pytest.mark.parametrize(
    ("actor", "helped", "choice", "defend", "total", "against", "passive"),
    ROLLS,
    ids=[f"{r[2].action}-{i}" for i, r in enumerate(ROLLS)],
)
def test_the_odds_shown_are_the_rolls_own(
    actor: str,
    helped: str | None,
    choice: Choice,
    defend: tuple[str, str] | None,
    total: int,
    against: int,
    passive: bool,
) -> None:
    """The odds shown before each kind of roll are those of the roll it makes, with the
    seed's numbers: the size bonus (S3), grouped stations (+1 per station beyond the first)
    and a helper's +1 (S13) counted in both."""
    data = _squadron()
    data["first"] = "Wingman pilot" if helped else actor
    enc = Encounter.start(data, dice=ScriptedDice(ZERO))
    seat = "empire" if actor.startswith("Cruiser") else "rebels"
    if helped:
        enc.submit("rebels", Choice.of("help", ally=FLECK, skill=helped))
        enc.submit("rebels", Choice.of("next", who=FLECK))
    shown = enc.ruleset.odds(enc.state, seat, choice)
    outcome = _rolled(enc, seat, choice, defend)
    assert (outcome.data["total"], outcome.data["opposition"]) == (total, against)
    query = (
        OddsQuery(skill=total, difficulty=against)
        if passive
        else OddsQuery(skill=total, opposed=against)
    )
    assert shown == odds(query)


def test_the_duel_rounds_odds_count_the_help_and_the_answer() -> None:
    """S8 and S13: Han (Shoot 2) helps Lia; her duel round with Shoot (3 + 1) meets TK-1's
    best answer, Shoot 2: the odds shown are those of 4 against 2, and the round rolls 4
    against 2."""
    data = brawl()
    data["interrupts"] = False
    data["first"] = "Han"
    data["duels"] = [{"between": ["Lia", "TK-1"]}]
    enc = Encounter.start(data, dice=ScriptedDice(ZERO))
    enc.submit("rebels", Choice.of("help", ally="Lia", skill="Shoot"))
    enc.submit("rebels", Choice.of("next", who="Lia"))
    duel = Choice.of("duel", skill="Shoot")
    shown = enc.ruleset.odds(enc.state, "rebels", duel)
    outcome = _rolled(enc, "rebels", duel, ("empire", "Shoot"))
    assert (outcome.data["total"], outcome.data["opposition"]) == (4, 2)
    assert shown == odds(OddsQuery(skill=4, opposed=2))


def test_a_hidden_blocker_is_not_named_to_the_side_it_is_hidden_from() -> None:
    """S6 with `hyperdrive_disabled_by`: the GM's hidden scene aspect *Interdictor Field* puts
    the Kestrel's hyperdrive out. The smugglers, who cannot see it, type the jump and are told
    the drive is out, not the aspect's name (a scene's hidden aspect is the GM's alone). The
    old code named it: "Kestrel's hyperdrive is out: Interdictor Field"."""
    data = runner()
    data["hyperdrive_disabled_by"] = ["Interdictor Field"]
    data["aspects"] = [{"name": "Interdictor Field", "hidden": True}]
    enc = Encounter.start(data, dice=ScriptedDice([]))
    assert "Interdictor Field" in enc.ruleset.secrets(enc.state, "smugglers")
    reason = enc.why_illegal("smugglers", Choice.of("jump", skill="Navigate"))
    assert reason == "Kestrel's hyperdrive is out"
    assert "jump" not in {c.action for c in enc.legal("smugglers")}  # still out (S6)
    # an aspect of its own ship, hidden from the others, is the side's to see: named
    data["aspects"] = []
    data["sides"][0]["vehicles"][0]["aspects"] = [{"name": "Interdictor Field", "hidden": True}]
    enc = Encounter.start(data, dice=ScriptedDice([]))
    reason = enc.why_illegal("smugglers", Choice.of("jump", skill="Navigate"))
    assert reason == "Kestrel's hyperdrive is out: Interdictor Field"


def test_the_jump_is_rolled_with_the_skill_the_help_makes_better() -> None:
    """S6: "a successful Navigate (or Pilot) overcome", the better (the doc's default), and
    S13: help given for the roll counts. Fleck (Pilot 2, Navigate 1 here) is helped with
    Navigate by her wingman: Navigate 1 + 1 ties Pilot 2, and the navigation roll is the
    seed's, so she jumps with Navigate, rolling 2 against Good (3) with the help spent. The
    old code weighed the ratings alone and offered only Pilot, refusing the Navigate the help
    was given for (the help then lapsed unused)."""
    data = _squadron()
    data["sides"][0]["characters"][0]["skills"]["Navigate"] = 1
    enc = Encounter.start(data, dice=ScriptedDice(ZERO))
    enc.submit("rebels", Choice.of("help", ally=FLECK, skill="Navigate"))
    enc.submit("rebels", Choice.of("next", who=FLECK))
    jumps = [c.str_param("skill") for c in enc.legal("rebels") if c.action == "jump"]
    assert jumps == ["Navigate"]
    outcome = _rolled(enc, "rebels", Choice.of("jump", skill="Navigate"), None)
    assert (outcome.data["total"], outcome.data["opposition"]) == (2, 3)
    assert not enc.state.helps


def test_a_passive_vehicles_crew_concede_on_their_turns_not_before_each_shot() -> None:
    """The doc's default for C10 at S10's passive defense: Fleck fires at the cruiser (Size 4,
    passive 0 + 6): the shot is rolled as it is declared, with no defend stage (and so no
    concession between the two); the cruiser's crew concede on their own turns, where
    `concede` is on every station's menu, and the cruiser leaves with the last of them."""
    data = _squadron()
    data["first"] = FLECK
    enc = Encounter.start(data, dice=ScriptedDice(ZERO))
    events = enc.submit("rebels", Choice.of("attack", target="Cruiser", skill="Shoot"))
    assert [e.data["who"] for e in events if e.kind == "roll"] == [FLECK]
    assert all(d.kind != "defend" for d in enc.pending())
    while enc.pending()[0].window == "invoke":
        enc.pass_window("invoke")
    enc.submit("rebels", Choice.of("next", who="Cruiser gunners 1"))
    assert "concede" in {c.action for c in enc.legal("empire")}
    crew = ["Cruiser gunners 1", "Cruiser pilot", "Cruiser gunners 2"]
    for who, nxt in zip(crew, [*crew[1:], None], strict=True):
        assert enc.state.order.current == who
        enc.submit("empire", "concede")
        if nxt is not None and enc.pending()[0].kind == "next":
            enc.submit("empire", Choice.of("next", who=nxt))
    assert enc.state.fighters["Cruiser"].status == "conceded"


def _fleck(d: dict[str, Any]) -> dict[str, Any]:
    return d["sides"][0]["characters"][0]  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("change", "named", "why"),
    [
        (lambda d: _fleck(d)["skills"].update(pilot=4), "characters[0].skills.pilot",
         "'pilot' is 'Pilot' again"),
        (lambda d: d["sides"][1]["vehicles"][0]["crew"][0]["skills"].update(PILOT=3),
         "vehicles[0].crew[0].skills.PILOT", "'PILOT' is 'Pilot' again"),
        (lambda d: _fleck(d).update(zone="Deep Space"), "characters[0].zone",
         "aboard Red Five, which is in Orbit"),
        (lambda d: d.update(hyperdrive_disabled_by=["  "]), "hyperdrive_disabled_by[0]",
         "an aspect needs a name"),
    ],
)  # fmt: skip
def test_a_scenario_that_says_two_things_is_refused_naming_the_field(
    change: Any, named: str, why: str
) -> None:
    """Through the CLI's loader: a skill rated twice (skill names ignore case: the sheet kept
    one rating without a word), a crew member placed in a zone its vehicle is not in (it was
    moved to the vehicle's without a word) and a blank hyperdrive blocker are refused, naming
    the file, the field and the reason. The old code loaded all three."""
    data = _squadron()
    change(data)
    with pytest.raises(ScenarioError) as err:
        load_checked(get_ruleset("star_wars"), data, "squadron.yaml")
    text = str(err.value)
    assert "squadron.yaml" in text and named in text and why in text
