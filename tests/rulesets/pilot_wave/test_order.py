"""Side order, Tactics pools, counters and surprise (P6, P8, seed "Counter")."""

from __future__ import annotations

import json
import random

import pytest
from pilot_wave_helpers import MINUS, PLUS, ZERO, npc, scenario, start

from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter
from shiftdrive.rulesets.pilot_wave.bot import choose


def three(dice: list[int], **kw: object) -> Encounter:
    return start(
        scenario(
            [
                npc("Ada", "0,0", skills={"Tactics": 2, "Gun Combat": 2}, weapon="carbine"),
                npc("Bo", "0,1", skills={"Tactics": 1, "Gun Combat": 1}, weapon="carbine"),
            ],
            [npc("Zed", "5,0", skills={"Tactics": 1, "Gun Combat": 1}, weapon="carbine")],
            **kw,
        ),
        dice,
    )


def test_bids_are_secret_and_the_tactics_roll_winner_picks_who_acts_first() -> None:
    enc = three(ZERO + ZERO)
    decisions = enc.pending()
    assert {(d.seat, d.kind, d.secret) for d in decisions} == {
        ("Crew", "bid", True),
        ("Raiders", "bid", True),
    }
    assert [c.int_param("points") for c in enc.legal("Crew")] == [0, 1, 2, 3]  # Tactics 2 + 1
    enc.submit("Crew", Choice.of("bid", points=1))
    assert "bids 1" not in json.dumps(enc.view("Raiders"))
    assert "bids 1" in json.dumps(enc.view("Crew"))
    enc.submit("Raiders", Choice.of("bid", points=0))
    # Ada 2 + 0 + 1 = 3 against Zed 1 + 0 + 0 = 1: the Crew chooses
    assert enc.state.picker == "Crew"
    assert enc.pending()[0].seat == "Crew" and enc.pending()[0].kind == "first"
    assert enc.state.pools == {"Crew": 2, "Raiders": 1}  # the bid is gone for the conflict


def test_sides_alternate_and_the_surplus_acts_after() -> None:
    enc = three(ZERO + ZERO)
    enc.submit("Crew", Choice.of("bid", points=0))
    enc.submit("Raiders", Choice.of("bid", points=0))
    enc.submit("Crew", Choice.of("first", side="Raiders"))
    seen = []
    for _ in range(3):
        d = enc.pending()[0]
        if d.kind == "pick":
            enc.submit(d.seat, Choice.of("act", who="Bo"))
            d = enc.pending()[0]
        seen.append(d.actor)
        enc.submit(d.seat, "hold")
    assert seen == ["Zed", "Bo", "Ada"]
    assert enc.state.exchange == 2
    d = enc.pending()[0]
    assert (d.seat, d.kind) == ("Crew", "first")  # the winner chooses every exchange


def test_tactics_points_are_added_after_the_roll_before_the_outcome() -> None:
    # Ada Gun Combat 2 - 4 = -2 against Effective (carbine, 5 hexes: Normal 1): -3 shifts.
    enc = three(ZERO + ZERO + MINUS)
    enc.submit("Crew", Choice.of("bid", points=0))
    enc.submit("Raiders", Choice.of("bid", points=0))
    enc.submit("Crew", Choice.of("first", side="Crew"))
    enc.submit("Crew", Choice.of("act", who="Ada"))
    enc.submit("Crew", Choice.of("attack", target="Zed", skill="Gun Combat", fire="single"))
    enc.submit("Raiders", "pass")  # no counter
    d = enc.pending()[0]
    assert (d.seat, d.kind) == ("Crew", "invoke")  # no invokes, but 3 pool points: asked
    assert [c.int_param("points") for c in enc.legal("Crew") if c.action == "tactics"] == [1, 2, 3]
    # the bot spends exactly the points that turn the miss into a tie
    bot_choice = choose(enc.ruleset, enc.state, "Crew", random.Random(1))
    assert (bot_choice.action, bot_choice.int_param("points")) == ("tactics", 3)
    enc.submit("Crew", Choice.of("tactics", points=3))
    assert enc.state.pools["Crew"] == 0
    # -2 + 3 = 1 against 1: a tie, the carbine's 2 - 1 for Point Blank hurts
    assert enc.state.roll is not None and enc.state.roll.hit == 1


def test_a_counter_that_wins_resolves_first_and_chains() -> None:
    data = scenario(
        [
            npc("Ada", "0,0", skills={"Tactics": 1, "Gun Combat": 2}, weapon="carbine"),
            npc("Bo", "0,1", skills={"Tactics": 3}, weapon="pistol"),
        ],
        [
            npc("Zed", "3,0", skills={"Tactics": 1}, weapon="carbine"),
            npc("Yan", "3,1", skills={"Tactics": 3, "Gun Combat": 1}, weapon="carbine"),
        ],
    )
    # set-up: Bo (best Crew tactician) and Yan roll for side order; then the counters
    dice = PLUS + ZERO  # Crew wins
    dice += PLUS + ZERO  # Yan counters Ada: 3 + 4 against 1 + 0: wins
    dice += PLUS + MINUS  # Bo counters Yan: 3 + 4 against 3 - 4: wins
    dice += ZERO + ZERO + ZERO  # Bo shoots Zed, Yan shoots Ada, Ada shoots Yan
    enc = start(data, dice)
    for side in ("Crew", "Raiders"):
        enc.submit(side, Choice.of("bid", points=0))
    enc.submit("Crew", Choice.of("first", side="Crew"))
    enc.submit("Crew", Choice.of("act", who="Ada"))
    enc.submit("Crew", Choice.of("attack", target="Yan", skill="Gun Combat", fire="single"))
    d = enc.pending()[0]
    assert (d.seat, d.kind, d.window) == ("Raiders", "counter", "counter")
    assert [c.str_param("who") for c in enc.legal("Raiders") if c.action == "counter"] == [
        "Zed",
        "Yan",
    ]
    enc.submit("Raiders", Choice.of("counter", who="Yan"))
    enc.pass_window("invoke")
    assert enc.pending()[0].actor == "Yan" and enc.pending()[0].kind == "turn"
    enc.submit("Raiders", Choice.of("attack", target="Ada", skill="Gun Combat", fire="single"))
    # the Crew may counter Yan's action once: Bo (Ada has declared already)
    assert [c.str_param("who") for c in enc.legal("Crew") if c.action == "counter"] == ["Bo"]
    enc.submit("Crew", Choice.of("counter", who="Bo"))
    enc.pass_window("invoke")
    enc.submit("Crew", Choice.of("attack", target="Zed", skill="Gun Combat", fire="single"))
    # Zed may still counter Bo's new action (once per side per action)
    assert enc.pending()[0].kind == "counter" and enc.pending()[0].seat == "Raiders"
    enc.submit("Raiders", "pass")
    order = []
    for _ in range(30):
        if enc.state.roll is None and not enc.state.stack:
            break
        d = enc.pending()[0]
        if (
            enc.state.roll is not None
            and enc.state.roll.action == "attack"
            and enc.state.roll.actor not in order
        ):
            order.append(enc.state.roll.actor)
        choices = enc.legal(d.seat)
        pick = next((c for c in choices if c.action in ("pass", "carry_out", "full")), choices[0])
        enc.submit(d.seat, pick)
    assert order == ["Bo", "Yan", "Ada"]
    assert set(enc.state.acted) == {"Ada", "Bo", "Yan"}
    assert enc.pending()[0].actor == "Zed"  # the Raiders' turn comes next


def test_a_failed_counter_spends_the_counterers_action() -> None:
    enc = three(ZERO + ZERO + MINUS + PLUS + ZERO)
    enc.submit("Crew", Choice.of("bid", points=0))
    enc.submit("Raiders", Choice.of("bid", points=0))
    enc.submit("Crew", Choice.of("first", side="Crew"))
    enc.submit("Crew", Choice.of("act", who="Ada"))
    enc.submit("Crew", Choice.of("attack", target="Zed", skill="Gun Combat", fire="single"))
    enc.submit("Raiders", Choice.of("counter", who="Zed"))
    enc.pass_window("invoke")
    assert "Zed" in enc.state.acted
    assert enc.pending()[0].kind == "carry_out"
    enc.submit("Crew", "carry_out")
    assert enc.state.roll is not None and enc.state.roll.actor == "Ada"


def test_surprise_by_ambush_only_aware_characters_act_and_it_ends_when_attacked() -> None:
    data = scenario(
        [npc("Ada", "0,0", skills={"Notice": 1}), npc("Bo", "0,1", skills={"Notice": 1})],
        [npc("Zed", "1,0", skills={"Stealth": 2, "Close Combat": 2})],
    )
    data["sides"][1]["ambush"] = True
    # Ada 1 + 0 against Zed 2 + 0: surprised; Bo 1 + 4 against 2 + 0: aware. Side order: Bo
    # and Zed roll; then Zed strikes the undefended Ada.
    enc = start(data, ZERO + ZERO + PLUS + ZERO + ZERO + PLUS + ZERO)
    assert enc.state.fighters["Ada"].surprised and not enc.state.fighters["Bo"].surprised
    enc.submit("Raiders", Choice.of("first", side="Raiders"))
    enc.submit("Raiders", Choice.of("attack", target="Ada", skill="Close Combat", fire="single"))
    enc.submit("Crew", "pass")  # Bo does not counter
    roll = enc.state.roll
    assert roll is not None and roll.difficulty == -2  # Effortless: Ada cannot defend
    enc.pass_window("invoke")
    while enc.pending()[0].kind in ("style", "absorb"):
        enc.submit(enc.pending()[0].seat, enc.legal(enc.pending()[0].seat)[0])
    d = enc.pending()[0]
    assert d.actor == "Bo"  # Ada, Surprised, does not act
    enc.submit("Crew", "hold")
    assert not enc.state.fighters["Ada"].surprised  # attacked: Aware from the exchange's end


def test_high_g_costs_a_hit_of_the_shortfall_each_exchange() -> None:
    data = scenario(
        [npc("Ada", "0,0", skills={"Space Ops": 2})],
        [npc("Zed", "5,0", skills={"Space Ops": 4})],
        high_g=True,
    )
    # side order (Ada wins), then Space Ops: Ada 2 - 1 = 1 against 3, Zed 4 + 0
    enc = start(data, PLUS + ZERO + [-1, 0, 0, 0] + ZERO)
    enc.submit("Crew", Choice.of("first", side="Crew"))
    d = enc.pending()[0]
    assert (d.kind, d.actor) == ("absorb", "Ada")
    assert enc.state.roll is not None and enc.state.roll.hit == 2
    # the hit is absorbed before the next character rolls; then the exchange's turns begin
    assert not [
        e
        for e in enc.events()
        if e.kind == "roll" and e.data["who"] == "Zed" and e.data["skill"] != "Tactics"
    ]
    enc.submit("Crew", enc.legal("Crew")[0])
    zed = [e for e in enc.events() if e.kind == "high_g" and e.data["who"] == "Zed"]
    assert [(e.data["total"], e.data["hit"]) for e in zed] == [(4, 0)]
    d = enc.pending()[0]
    assert (d.kind, d.actor) == ("turn", "Ada")


def test_a_high_g_roll_takes_tactics_points_then_the_next_character_rolls() -> None:
    """P6, P7: Ada's Space Ops 2 - 1 = 1 against Difficult (+3) takes her side's two pool
    points in the roll's invoke window: a tie, no hit. Zed rolls next: 1 - 2 = -1, short by 4,
    a hit he absorbs before Ada's turn."""
    data = scenario(
        [npc("Ada", "0,0", skills={"Space Ops": 2, "Tactics": 2})],
        [npc("Zed", "5,0", skills={"Space Ops": 1})],
        high_g=True,
    )
    enc = start(data, PLUS + ZERO + [-1, 0, 0, 0] + [-1, -1, 0, 0])
    enc.submit("Crew", Choice.of("bid", points=0))
    enc.submit("Crew", Choice.of("first", side="Crew"))
    d = enc.pending()[0]
    assert (d.seat, d.kind, d.actor) == ("Crew", "invoke", "Ada")
    enc.submit("Crew", Choice.of("tactics", points=2))
    rolled = [e.data for e in enc.events() if e.kind == "high_g"]
    assert [(r["who"], r["total"], r["hit"]) for r in rolled] == [("Ada", 3, 0), ("Zed", -1, 4)]
    d = enc.pending()[0]
    assert (d.seat, d.kind, d.actor) == ("Raiders", "absorb", "Zed")
    assert enc.state.roll is not None and enc.state.roll.hit == 4


@pytest.mark.parametrize(
    ("scale", "exchange", "out"),
    [("close", 10, False), ("close", 11, True), ("short", 11, True), ("medium", 1, False),
     ("medium", 2, True), ("long", 1, False), ("long", 2, True)],
)  # fmt: skip
def test_a_minute_beyond_6g_counts_the_exchanges_already_over(
    scale: str, exchange: int, out: bool
) -> None:
    """P7: "a minute beyond 6G takes you out": at the start of an exchange, once the exchanges
    before it (six seconds at Close and Short, a minute at Medium, ten at Long) make a
    minute, everyone is taken out; until then everyone rolls."""
    data = scenario(
        [npc("Ada", "0,0", skills={"Space Ops": 4})],
        [npc("Zed", "5,0", skills={"Space Ops": 4})],
        high_g=True,
        scale=scale,
    )
    enc = start(data, PLUS + ZERO + ZERO * 4)
    enc.state.exchange = exchange
    enc.submit("Crew", Choice.of("first", side="Crew"))
    if out:
        assert enc.result() is not None
        assert all(not f.active for f in enc.state.fighters.values())
    else:
        rolled = [e for e in enc.events() if e.kind == "high_g" and "dice" in e.data]
        assert [e.data["who"] for e in rolled] == ["Ada", "Zed"]


def test_gm_overrides_work_on_pilot_wave_sheets_and_aspects() -> None:
    from shiftdrive.engine.events import GM

    enc = three(ZERO + ZERO)
    enc.submit(GM, Choice.of("gm_stress", character="Zed", track="physical", box=2, marked=True))
    assert enc.state.fighters["Zed"].stress["physical"].marked == [False, True]
    enc.submit(GM, Choice.of("gm_add_aspect", name="Smoke Everywhere", invokes=1, holder="Ada"))
    assert enc.state.aspects.get("Smoke Everywhere").free_for("Ada") == 1
    enc.submit(
        GM, Choice.of("gm_consequence", character="Bo", severity="mild", aspect="Sprained Wrist")
    )
    assert [c.aspect for c in enc.state.fighters["Bo"].consequences.taken()] == ["Sprained Wrist"]


def test_a_side_that_noticed_no_enemy_sees_no_enemy_hex_nor_its_moves() -> None:
    """P8: both scouts lose Notice against the ambusher, so their side has noticed nobody:
    their seat sees neither where Zed stands nor Zed's move (event and choice); Zed's own
    side and the GM see both. Once a scout is Aware, the side sees Zed again."""
    data = scenario(
        [npc("Ada", "0,0", skills={"Notice": 1}), npc("Bo", "0,1", skills={"Notice": 1})],
        [npc("Zed", "6,0", skills={"Stealth": 2, "Close Combat": 2})],
    )
    data["sides"][1]["ambush"] = True
    enc = start(data, ZERO * 20)
    assert enc.state.fighters["Ada"].surprised and enc.state.fighters["Bo"].surprised

    def zed(seat: str) -> dict[str, object]:
        fighters = enc.view(seat)["state"]["fighters"]
        return next(f for f in fighters if f["name"] == "Zed")

    assert zed("Crew")["hex"] is None and zed("Raiders")["hex"] == "6,0"
    assert "Z" not in enc.view("Crew")["state"]["map"]
    assert "Z" in enc.view("Raiders")["state"]["map"]
    enc.submit("Raiders", Choice.of("first", side="Raiders"))
    enc.submit("Raiders", Choice.of("move", to="4,0"))
    for seat, sees in (("Crew", False), ("Raiders", True), ("gm", True)):
        log = json.dumps(enc.view(seat)["log"])
        assert ("4,0" in log) is sees, seat
    assert zed("Crew")["hex"] is None and zed("Crew")["moved"] is None
    assert zed("Raiders")["hex"] == "4,0"
    enc.state.fighters["Bo"].surprised = False  # Bo notices the enemy
    assert zed("Crew")["hex"] == "4,0"


def test_on_an_open_map_every_side_sees_every_position() -> None:
    """`open_map: true` overrides P8's default: the Surprised scouts' seat sees Zed."""
    data = scenario(
        [npc("Ada", "0,0", skills={"Notice": 1})],
        [npc("Zed", "6,0", skills={"Stealth": 2})],
        open_map=True,
    )
    data["sides"][1]["ambush"] = True
    enc = start(data, ZERO * 20)
    assert enc.state.fighters["Ada"].surprised
    fighters = enc.view("Crew")["state"]["fighters"]
    assert next(f for f in fighters if f["name"] == "Zed")["hex"] == "6,0"
