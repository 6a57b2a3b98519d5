"""Audit 18 (seed 000 "Pilot Wave"; RULINGS C4, P6, P8, P12): the surprise and side-order
rolls in the invoke window, the long-range example's balance, and scenario numbers and flags
read strictly. Each test failed on the code before this audit."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from pilot_wave_helpers import PLUS, ZERO, npc, scenario, start

from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter
from shiftdrive.engine.scenario import ScenarioError
from shiftdrive.files import start_from_file
from shiftdrive.sim.runner import MAX_STEPS, battle_seed, run_chunk

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "pilot_wave"
DUST = "invoke aspect='Dust Storm' by={who} effect=bonus payment=fate_point"


def _window(enc: Encounter) -> tuple[str, str, str | None]:
    d = enc.pending()[0]
    return d.seat, d.kind, d.actor


# --- C4 on the conflict's own rolls: Notice vs Stealth (P8) and side order (P8, P6) ----------


def test_an_ambush_notice_roll_takes_an_invoke_before_its_outcome() -> None:
    """Seed "Surprise": "Surprise is determined by invoking a Situation Aspect or a Character
    Aspect ... Determining Surprise may call for a contest; Notice overcoming Stealth"; C4:
    invokes after the dice, before the outcome. Ada's Notice 1 + 0 against Zed's Stealth 2 + 0
    misses by 1; her fate point on the scene's "Dust Storm" makes 3 against 2: she spots the
    ambush and is not Surprised (the code rolled it with no window: Surprised)."""
    data = scenario(
        [npc("Ada", "0,0", skills={"Notice": 1})],
        [npc("Zed", "6,0", skills={"Stealth": 2})],
        aspects=["Dust Storm"],
    )
    data["sides"][1]["ambush"] = True
    enc = start(data, ZERO * 20)
    assert _window(enc) == ("Crew", "invoke", "Ada")
    roll = enc.state.roll
    assert roll is not None and (roll.skill, roll.target, roll.defend_skill) == (
        "Notice", "Zed", "Stealth",
    )  # fmt: skip
    assert not [c for c in enc.legal("Crew") if c.action == "tactics"]  # no pool yet (P6)
    enc.submit("Crew", DUST.format(who="Ada"))
    enc.pass_window("invoke")
    notice = next(e for e in enc.events() if e.kind == "notice")
    assert (notice.data["notice"], notice.data["stealth"], notice.data["noticed"]) == (3, 2, True)
    assert not enc.state.fighters["Ada"].surprised
    assert enc.state.fighters["Ada"].fate_points.current == 2


def test_the_hiders_side_may_invoke_on_the_ambush_roll_too() -> None:
    """C4 on an opposed roll: the hider's side invokes for its own dice. Ada's Notice 1 + 1
    beats Zed's Stealth 2 - 1 by 1; the Raiders' fate point on "Dust Storm" (+2 to Zed's
    Stealth) makes 2 against 3: Ada is caught unaware."""
    data = scenario(
        [npc("Ada", "0,0", skills={"Notice": 1})],
        [npc("Zed", "6,0", skills={"Stealth": 2})],
        aspects=["Dust Storm"],
    )
    data["sides"][1]["ambush"] = True
    enc = start(data, [1, 0, 0, 0] + [-1, 0, 0, 0] + ZERO * 10)
    while _window(enc)[:2] == ("Crew", "invoke"):
        enc.submit("Crew", "pass")
    assert _window(enc) == ("Raiders", "invoke", "Zed")
    enc.submit("Raiders", DUST.format(who="Zed"))
    enc.pass_window("invoke")
    notice = next(e for e in enc.events() if e.kind == "notice")
    assert (notice.data["notice"], notice.data["stealth"], notice.data["noticed"]) == (
        2, 3, False,
    )  # fmt: skip
    assert enc.state.fighters["Ada"].surprised


def test_the_side_order_roll_takes_invokes_but_no_roving_points() -> None:
    """P8: side order is an opposed Tactics roll + each side's bid; C4: an invoke after the
    dice. Ada's Tactics 1 + 0 against Zed's 2 + 0 loses by 1; her fate point on "Dust Storm"
    makes 3 against 2 and the Crew pick who acts first. The Crew's pool (1) adds nothing to
    this roll (P6: "Points spent on side order are gone for the conflict; the rest reset each
    exchange": the bid made before the dice is the pool's part in it). The code rolled it
    with no window: the Raiders won."""
    data = scenario(
        [npc("Ada", "0,0", skills={"Tactics": 1})],
        [npc("Zed", "6,0", skills={"Tactics": 2})],
        aspects=["Dust Storm"],
    )
    enc = start(data, ZERO * 20)
    enc.submit("Crew", Choice.of("bid", points=0))
    enc.submit("Raiders", Choice.of("bid", points=0))
    assert _window(enc) == ("Crew", "invoke", "Ada")
    roll = enc.state.roll
    assert roll is not None and (roll.skill, roll.target) == ("Tactics", "Zed")
    assert not [c for c in enc.legal("Crew") if c.action == "tactics"]
    enc.submit("Crew", DUST.format(who="Ada"))
    enc.pass_window("invoke")
    order = next(e for e in enc.events() if e.kind == "side_order")
    assert order.data["winner"] == "Crew" and enc.state.picker == "Crew"
    assert [(r["side"], r["total"]) for r in order.data["rolls"]] == [("Crew", 3), ("Raiders", 2)]
    assert enc.state.pools == {"Crew": 1, "Raiders": 2}  # the pools untouched by the roll
    assert _window(enc)[:2] == ("Crew", "first")


def test_a_bid_goes_on_the_side_order_roll_before_the_dice() -> None:
    """P6: "each side may subtract a number for their Tactics pool and apply it to their
    Tactics roll": Ada bids 2 of her 3 (Tactics 3 + 0 + 2 = 5) against Zed's Tactics 4 + 0:
    the Crew win by 1, and keep 1 point a exchange."""
    data = scenario(
        [npc("Ada", "0,0", skills={"Tactics": 3})],
        [npc("Zed", "6,0", skills={"Tactics": 4})],
    )
    enc = start(data, ZERO * 20)
    enc.submit("Crew", Choice.of("bid", points=2))
    enc.submit("Raiders", Choice.of("bid", points=0))
    order = next(e for e in enc.events() if e.kind == "side_order")
    assert [(r["side"], r["bid"], r["total"]) for r in order.data["rolls"]] == [
        ("Crew", 2, 5), ("Raiders", 0, 4),
    ]  # fmt: skip
    assert order.data["winner"] == "Crew" and enc.state.pools == {"Crew": 1, "Raiders": 4}


def test_a_surprised_characters_later_notice_roll_takes_the_sides_tactics_points() -> None:
    """P8: a Surprised character rolls Notice against the best Stealth of the Aware enemies at
    the start of a later exchange; P6: the side's roving points may go on any roll of the
    side. Ada (Surprised) rolls Notice 1 + 0 against Zed's Stealth 2 + 0 in exchange 2; the
    Crew add 1 point of Bo's pool: a tie, and she is Aware from the exchange's end."""
    data = scenario(
        [npc("Ada", "0,0", skills={"Notice": 1}, surprised=True),
         npc("Bo", "0,1", skills={"Tactics": 2})],
        [npc("Zed", "6,0", skills={"Stealth": 2})],
    )  # fmt: skip
    enc = start(data, ZERO * 20)
    enc.submit("Crew", Choice.of("bid", points=0))
    enc.submit("Crew", Choice.of("first", side="Crew"))
    enc.submit("Crew", "hold")
    enc.submit("Raiders", "hold")
    assert enc.state.exchange == 2
    enc.submit("Crew", Choice.of("first", side="Crew"))
    assert _window(enc) == ("Crew", "invoke", "Ada")
    enc.submit("Crew", Choice.of("tactics", points=1))
    enc.pass_window("invoke")
    notice = [e for e in enc.events() if e.kind == "notice"][-1]
    assert (notice.data["notice"], notice.data["stealth"], notice.data["noticed"]) == (2, 2, True)
    assert enc.state.fighters["Ada"].alerted and enc.state.pools["Crew"] == 1


def test_with_three_sides_each_rolls_side_order_against_the_best_so_far() -> None:
    """Three sides Aware (a default: the seed's side order is for two): each side's tactician
    rolls in turn against the best total so far (the first against Mediocre (0)), each roll
    with its invoke window. Ada 0 + 4 = 4; Zed 0 + 0 against 4; Pim 0 + 3 against 4, then +2
    on "Dust Storm": 5, and the Pirates pick who acts first."""
    data = scenario(
        [npc("Ada", "0,0", skills={"Tactics": 0})],
        [npc("Zed", "6,0", skills={"Tactics": 0})],
        aspects=["Dust Storm"],
    )
    pim = npc("Pim", "3,4", skills={"Tactics": 0})
    data["sides"].append({"name": "Pirates", "characters": [pim]})
    enc = start(data, PLUS + ZERO + [1, 1, 1, 0] + ZERO * 10)
    for _ in range(50):
        seat, kind, actor = _window(enc)
        if kind != "invoke":
            break
        roll = enc.state.roll
        assert roll is not None
        if (seat, actor) == ("Pirates", "Pim"):
            assert roll.difficulty == 4
            enc.submit(seat, DUST.format(who="Pim"))
        else:
            enc.submit(seat, "pass")
    said = [e.data["opposition"] for e in enc.events() if e.kind == "outcome"]
    assert said == [0, 4, 4]
    assert enc.state.rank == ["Pirates", "Crew", "Raiders"] and enc.state.picker == "Pirates"


def _conflict() -> dict[str, Any]:
    return {
        "ruleset": "pilot_wave",
        "scale": "short",
        "map": {"width": 12, "height": 6},
        "weapons": {"Old Carbine": {"kind": "carbine", "value": 2, "skill": "Gun Combat"}},
        "armor": {"riot shield": 1},
        "sides": [
            {"name": "Crew", "characters": [
                {"name": "Ada", "exempt": True, "at": "0,0", "skills": {"Notice": 2},
                 "vehicle": {"kph": 40}},
            ]},
            {"name": "Raiders", "characters": [
                {"name": "Zed", "exempt": True, "at": "5,0", "skills": {"Stealth": 2}},
            ]},
        ],
    }  # fmt: skip


def _crew(tag: str) -> dict[str, Any]:
    return {"pilot": {"name": f"Ito {tag}", "skills": {"Space Ops": 2}},
            "gunner": {"name": f"Marsh {tag}", "skills": {"Space Combat": 2}}}  # fmt: skip


def _ship_fight() -> dict[str, Any]:
    return {
        "ruleset": "pilot_wave",
        "scale": "far",
        "map": {"width": 10, "height": 6},
        "sides": [
            {"name": "Navy", "ships": [
                {"name": "Lance", "drive": 2, "at": "0,0", "weapons": ["kew"],
                 "crew": _crew("1")}]},
            {"name": "Smugglers", "ships": [
                {"name": "Magpie", "drive": 2, "at": "5,0", "weapons": ["kew"],
                 "crew": _crew("2")}]},
        ],
    }  # fmt: skip


def _refused(tmp_path: Path, data: dict[str, Any]) -> str:
    """The CLI's own loader (`shiftdrive check`, `play`): the file's error, no traceback."""
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(data))
    with pytest.raises(ScenarioError) as exc:
        start_from_file(path, seed=0)
    return str(exc.value)


FLAG_CASES = [
    (("vacuum",), 1),
    (("high_g",), "yes"),
    (("matched_vectors",), 0),
    (("open_map",), 1),
    (("sides", 1, "ambush"), 1),
    (("sides", 0, "characters", 0, "exempt"), 1),
    (("sides", 0, "characters", 0, "surprised"), 0),
    (("weapons", "Old Carbine", "auto"), 1),
    (("weapons", "Old Carbine", "blast"), "true"),
    (("weapons", "Old Carbine", "hazardous"), 0),
]
NUMBER_CASES = [
    (("max_exchanges",), True),
    (("advantage_difficulty",), "3"),
    (("overcome_difficulty",), False),
    (("armor", "riot shield"), True),
    (("weapons", "Old Carbine", "value"), True),
    (("weapons", "Old Carbine", "rounds"), "30"),
    (("sides", 0, "characters", 0, "refresh"), True),
    (("sides", 0, "characters", 0, "fate_points"), True),
    (("sides", 0, "characters", 0, "physique"), True),
    (("sides", 0, "characters", 0, "physique"), 2.5),
    (("sides", 0, "characters", 0, "vehicle", "kph"), True),
    (("sides", 0, "characters", 0, "skills", "Notice"), True),
]


def _given(value: Any) -> str:
    """A refused value as the error shows it (engine/scenario.py): true, 1, the text 'yes'."""
    if isinstance(value, bool):
        return str(value).lower()
    return f"the text {value!r}" if isinstance(value, str) else repr(value)


def _put(data: dict[str, Any], path: tuple[Any, ...], value: Any) -> str:
    node: Any = data
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = value
    where = ""
    for part in path:
        where += f"[{part}]" if isinstance(part, int) else ("." if where else "") + str(part)
    return where


@pytest.mark.parametrize(("path", "value"), FLAG_CASES + NUMBER_CASES)
def test_a_conflict_refuses_a_flag_for_a_number_and_a_number_for_a_flag(
    tmp_path: Path, path: tuple[Any, ...], value: Any
) -> None:
    """A flag takes only true / false, a number only a number: pydantic's lax mode read
    `vacuum: 1` as true and `max_exchanges: true` as 1. The error names the file and the
    field (a skill's rating: the field and the skill)."""
    data = _conflict()
    where = _put(data, path, value)
    text = _refused(tmp_path, data)
    assert "bad.yaml" in text
    if len(path) > 1 and path[-2] == "skills":
        assert f"{where.rsplit('.', 1)[0]}: Notice: must be a number or a ladder word" in text
    elif (path, value) in FLAG_CASES:
        assert f"bad.yaml: {where}: must be true or false, not {_given(value)}" in text
    elif path[-1] == "physique" and value is True:
        assert f"bad.yaml: {where}: must be a number or a ladder word" in text
    else:
        assert f"bad.yaml: {where}: must be a whole number, not {_given(value)}" in text


SHIP_CASES = [
    (("sides", 0, "ships", 0, "drive"), True),
    (("sides", 0, "ships", 0, "armor"), "2"),
    (("sides", 0, "ships", 0, "hull"), True),
    (("sides", 0, "ships", 0, "speed"), True),
    (("sides", 0, "ships", 0, "fate_points"), True),
    (("sides", 0, "ships", 0, "dark"), 1),
    (("sides", 0, "ships", 0, "jump_drive"), 0),
    (("sides", 0, "groups"), 1),
    (("sides", 0, "ships", 0, "crew", "pilot", "physique"), True),
    (("max_exchanges",), True),
    (("diameters",), True),
    (("diameters",), "150"),
]


@pytest.mark.parametrize(("path", "value"), SHIP_CASES)
def test_a_ship_fight_refuses_a_flag_for_a_number_and_a_number_for_a_flag(
    tmp_path: Path, path: tuple[Any, ...], value: Any
) -> None:
    data = _ship_fight()
    where = _put(data, path, value)
    text = _refused(tmp_path, data)
    assert "bad.yaml" in text and where in text
    if path[-1] in ("dark", "jump_drive", "groups"):
        assert f"bad.yaml: {where}: must be true or false, not {_given(value)}" in text
    elif path[-1] != "diameters":  # a distance: any number, pydantic's strict float
        assert f"bad.yaml: {where}: must be a whole number, not {_given(value)}" in text


def test_a_ship_crews_skill_is_never_a_flag(tmp_path: Path) -> None:
    data = _ship_fight()
    data["sides"][0]["ships"][0]["crew"]["pilot"]["skills"]["Space Ops"] = True
    text = _refused(tmp_path, data)
    assert "sides[0].ships[0].crew.pilot.skills: Space Ops: must be a number" in text


def test_numbers_flags_and_ladder_words_still_load(tmp_path: Path) -> None:
    """What the files hold stays readable: whole numbers for numbers (a float for
    `diameters`), true / false for flags, ladder words for ratings, lists for lists; every
    example loads."""
    data = _conflict()
    data["vacuum"] = True
    data["sides"][0]["characters"][0]["skills"] = {"Notice": "Good", "Stealth": 1}
    data["sides"][0]["characters"][0]["physique"] = "Average"
    path = tmp_path / "ok.yaml"
    path.write_text(yaml.safe_dump(data))
    enc = start_from_file(path, seed=0)
    assert enc.state.fighters["Ada"].skills["Notice"] == 3
    ships = _ship_fight()
    ships["diameters"] = 80
    ships["sides"][0]["ships"][0]["crew"]["pilot"]["skills"]["Space Ops"] = "Good"
    path.write_text(yaml.safe_dump(ships))
    start_from_file(path, seed=0)
    for example in sorted(EXAMPLES.glob("*.yaml")):
        start_from_file(example, seed=0)


def test_the_long_range_example_is_a_fair_fight() -> None:
    """examples/pilot_wave/long-range.yaml: the Colony won 200 of 200 bot battles (the
    cruiser's DEW, Great gunner, outshot the gunship's missiles). Retuned, both sides win a
    fair share of 100 seeded battles, and it stays an Extreme-scale fight with missiles."""
    data = yaml.safe_load((EXAMPLES / "long-range.yaml").read_text())
    assert data["scale"] == "extreme"
    assert any("missiles" in s["weapons"] for side in data["sides"] for s in side["ships"])
    jobs = [(i, battle_seed(0, i)) for i in range(100)]  # `simulate`'s first 100 battles
    outcomes = run_chunk(data, "long-range.yaml", jobs, MAX_STEPS)
    wins = {side: sum(o.winner == side for o in outcomes) for side in ("Colony", "Raiders")}
    assert 30 <= wins["Colony"] <= 70 and 30 <= wins["Raiders"] <= 70, wins


def test_a_ship_fights_side_order_roll_takes_invokes_too() -> None:
    """P12: ship fights take side order "per P8" (+ the best drive); C4: an invoke after the
    dice. Navy: Tactics 1 + drive 2 + 1 = 4; Smugglers 1 + 2 + 0 = 3. The Smugglers, behind, are
    asked: a fate point on the scene's "Debris Field" makes 5; the Navy, now behind, may answer
    and pass; the Smugglers pick who acts first. No roving Tactics points go on the roll (P6).
    The code rolled it with no window: the Navy won."""
    from shiftdrive.core.dice import ScriptedDice

    data = _ship_fight()
    data["aspects"] = ["Debris Field"]
    for side in data["sides"]:
        side["ships"][0]["crew"]["pilot"]["skills"]["Tactics"] = 1
    enc = Encounter.start(data, dice=ScriptedDice([1, 0, 0, 0] + [0] * 40))
    enc.submit("Navy", Choice.of("bid", points=0))
    enc.submit("Smugglers", Choice.of("bid", points=0))
    assert _window(enc) == ("Smugglers", "invoke", "Magpie")
    legal = [c.text() for c in enc.legal("Smugglers")]
    assert "invoke aspect='Debris Field' by=Magpie effect=bonus payment=fate_point" in legal
    assert not [t for t in legal if t.startswith("tactics")]
    enc.submit(
        "Smugglers", "invoke aspect='Debris Field' by=Magpie effect=bonus payment=fate_point"
    )
    assert _window(enc) == ("Navy", "invoke", "Lance")
    enc.submit("Navy", "pass")
    order = next(e for e in enc.events() if e.kind == "ship_side_order")
    assert [(r["side"], r["total"]) for r in order.data["rolls"]] == [("Navy", 4), ("Smugglers", 5)]
    assert order.data["winner"] == "Smugglers"
    assert enc.state.ships["Magpie"].fate_points.current == 2
    assert _window(enc)[:2] == ("Smugglers", "first_side")
