"""The table's JSON API through the ASGI test client: opening tables, links, choices, odds,
dice, the GM's tools, live updates, and bad input refused with the table unchanged."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import EXAMPLES

from shiftdrive.web.app import create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(str(tmp_path / "t.db"), EXAMPLES)) as test_client:
        yield test_client


def open_table(client: TestClient, example: str, **more: Any) -> dict[str, Any]:
    answer = client.post("/api/tables", json={"example": example, "seed": 3, **more})
    assert answer.status_code == 201, answer.text
    out: dict[str, Any] = answer.json()
    return out


def view(client: TestClient, token: str) -> dict[str, Any]:
    answer = client.get(f"/api/t/{token}")
    assert answer.status_code == 200, answer.text
    out: dict[str, Any] = answer.json()
    return out


def test_a_table_gives_one_link_per_seat_and_one_for_the_gm(client: TestClient) -> None:
    made = open_table(client, "tachyon/dogfight-2v2.yaml")
    assert set(made["tokens"]) == {"gm", "Tachyon", "Pirates"}
    tokens = list(made["tokens"].values())
    assert len(set(tokens)) == 3 and all(len(t) >= 22 for t in tokens)  # 128+ bits each
    for seat, token in made["tokens"].items():
        assert view(client, token)["seat"] == seat
        assert made["links"][seat].endswith(f"/t/{token}")
        page = client.get(f"/t/{token}")
        assert page.status_code == 200
        assert page.headers["referrer-policy"] == "no-referrer"  # the link is the seat
        assert "script-src" not in page.headers["content-security-policy"]  # 'self' only
    assert client.get("/api/t/not-a-token").status_code == 404


def test_a_scenario_with_problems_is_refused_field_by_field(client: TestClient) -> None:
    answer = client.post("/api/tables", json={"scenario": "ruleset: tachyon\nsides: 3\n"})
    assert answer.status_code == 422
    fields = {p["field"] for p in answer.json()["problems"]}
    assert {"map", "sides"} <= fields
    tagged = client.post("/api/tables", json={"scenario": "ruleset: !!python/name:os.system x"})
    assert tagged.status_code == 422 and "YAML" in tagged.json()["error"]
    unknown = client.post("/api/tables", json={"example": "../../etc/passwd"})
    assert unknown.status_code == 422 and "example" in unknown.json()["error"]
    huge = client.post(
        "/api/tables", content=b'{"scenario": "' + b"x" * 600_000 + b'"}',
        headers={"content-type": "application/json"},
    )  # fmt: skip
    assert huge.status_code == 413
    assert client.get("/openapi.json").json()["paths"]["/api/tables"]


def test_choices_carry_parameter_kinds_and_odds_and_a_choice_is_applied(
    client: TestClient,
) -> None:
    made = open_table(client, "fate_core/station-ambush.yaml", bots=["raiders"])
    crew = made["tokens"]["crew"]
    choices = client.get(f"/api/t/{crew}/choices").json()
    attack = next(c for c in choices if c["action"] == "attack")
    assert attack["params"]["target"]["kind"] == "unit"
    assert set(attack["odds"]["chances"]) >= {"fail", "tie", "success", "style"}
    assert client.get(f"/api/t/{crew}/odds", params={"text": attack["text"]}).json()["odds"]
    before = view(client, crew)["seq"]
    after = client.post(f"/api/t/{crew}/choice", json={"text": attack["text"]})
    assert after.status_code == 200, after.text
    assert after.json()["seq"] > before


def test_a_seat_cannot_act_for_another_or_when_it_is_not_its_turn(client: TestClient) -> None:
    made = open_table(client, "tachyon/dogfight-2v2.yaml")
    tokens = made["tokens"]
    waiting = view(client, tokens["gm"])["waiting_on"]
    other = next(s for s in ("Tachyon", "Pirates") if s not in waiting)
    theirs = view(client, tokens[waiting[0]])["choices"][0]["text"]
    before = view(client, tokens["gm"])["seq"]
    refused = client.post(f"/api/t/{tokens[other]}/choice", json={"text": theirs})
    assert refused.status_code == 409 and refused.json()["error"]
    for bad in ["", "say text=", "x" * 3000, "fly\x00"]:
        answer = client.post(f"/api/t/{tokens[waiting[0]]}/choice", json={"text": bad})
        assert answer.status_code in (409, 422), bad
    assert client.post(f"/api/t/{tokens[other]}/undo", json={"steps": 1}).status_code == 403
    assert view(client, tokens["gm"])["seq"] == before


def test_free_text_is_filled_in_by_the_seat(client: TestClient) -> None:
    made = open_table(client, "tachyon/dogfight-2v2.yaml", bots=["Pirates"])
    token = made["tokens"]["Tachyon"]
    say = next(c for c in view(client, token)["choices"] if c["free"])
    answer = client.post(
        f"/api/t/{token}/choice", json={"text": say["text"], "params": {"text": "Break left"}}
    )
    assert answer.status_code == 200, answer.text
    assert any("Break left" in json.dumps(e) for e in view(client, token)["log"][-3:])
    assert "Break left" in client.get(f"/api/t/{token}/log").text


def test_the_gm_undoes_pauses_ends_and_every_override_is_logged(client: TestClient) -> None:
    made = open_table(client, "fate_core/station-ambush.yaml", bots=["raiders"])
    gm, crew = made["tokens"]["gm"], made["tokens"]["crew"]
    move = next(c for c in view(client, crew)["choices"] if c["action"] == "move")
    start = view(client, gm)
    client.post(f"/api/t/{crew}/choice", json={"text": move["text"]})
    assert client.post(f"/api/t/{gm}/undo", json={"steps": 1}).status_code == 200
    assert view(client, gm)["state"] == start["state"]
    note = client.post(f"/api/t/{gm}/choice", json={"text": "gm_note text='Alarms ring'"})
    assert note.status_code == 200, note.text
    assert any(e.get("seat") == "gm" for e in view(client, gm)["log"])
    assert client.post(f"/api/t/{crew}/choice", json={"text": "gm_note text=x"}).status_code == 409
    assert client.post(f"/api/t/{gm}/status", json={"status": "paused"}).status_code == 200
    paused = client.post(f"/api/t/{crew}/choice", json={"text": move["text"]})
    assert paused.status_code == 409 and "paused" in paused.json()["error"]
    assert client.post(f"/api/t/{gm}/status", json={"status": "ended"}).status_code == 200
    assert client.post(f"/api/t/{gm}/status", json={"status": "open"}).status_code == 409


def test_a_revoked_link_opens_nothing_and_its_new_one_does(client: TestClient) -> None:
    made = open_table(client, "tachyon/convoy.yaml")
    gm, old = made["tokens"]["gm"], made["tokens"]["Escort"]
    assert client.post(f"/api/t/{old}/links/Escort").status_code == 403  # not the GM
    fresh = client.post(f"/api/t/{gm}/links/Escort").json()
    assert client.get(f"/api/t/{old}").status_code == 404
    assert view(client, fresh["token"])["seat"] == "Escort"
    assert client.post(f"/api/t/{gm}/links/Nobody").status_code == 422


def test_dice_typed_in_at_the_table(client: TestClient) -> None:
    made = open_table(client, "fate_core/station-ambush.yaml", dice="manual")
    gm = made["tokens"]["gm"]
    for _ in range(30):
        seen = view(client, gm)
        if any(c["action"] == "dice" for c in seen["choices"]):
            break
        seat = seen["waiting_on"][0]
        choice = view(client, made["tokens"][seat])["choices"][0]["text"]
        client.post(f"/api/t/{made['tokens'][seat]}/choice", json={"text": choice})
    roller = made["tokens"][view(client, gm)["waiting_on"][0]]
    assert view(client, roller)["choices"][0]["params"]["faces"]["kind"] == "dice"
    assert client.post(f"/api/t/{roller}/dice", json={"faces": "+ + 9"}).status_code == 409
    assert client.post(f"/api/t/{roller}/dice", json={"faces": "+ - 0 +"}).status_code == 200


def test_every_connected_seat_hears_of_a_change(client: TestClient) -> None:
    made = open_table(client, "tachyon/dogfight-2v2.yaml", bots=["Pirates"])
    tokens = made["tokens"]
    with (
        client.websocket_connect(f"/ws/{tokens['Tachyon']}") as mine,
        client.websocket_connect(f"/ws/{tokens['gm']}?format=json") as gms,
    ):
        first = json.loads(mine.receive_text())
        assert "<section" in first["html"]
        json.loads(gms.receive_text())
        skip = next(c for c in view(client, tokens["Tachyon"])["choices"] if not c["free"])
        client.post(f"/api/t/{tokens['Tachyon']}/choice", json={"text": skip["text"]})
        assert json.loads(mine.receive_text())["seq"] > first["seq"]
        assert json.loads(gms.receive_text())["view"]["seat"] == "gm"


def test_flooding_is_refused(client: TestClient) -> None:
    made = open_table(client, "tachyon/convoy.yaml")
    token = made["tokens"]["Escort"]
    codes = [
        client.post(f"/api/t/{token}/choice", json={"text": "nothing"}).status_code
        for _ in range(60)
    ]
    assert 429 in codes and set(codes) <= {409, 429}


def test_every_example_plays_in_the_server_with_bots(client: TestClient) -> None:
    rng = random.Random(4)
    for path in sorted(EXAMPLES.glob("*/*.yaml")):
        example = str(path.relative_to(EXAMPLES))
        made = open_table(client, example, bots="all")
        assert view(client, made["tokens"]["gm"])["result"], example  # the bots fought it out
        made = open_table(client, example)
        seat = view(client, made["tokens"]["gm"])["waiting_on"][0]
        choice = rng.choice(view(client, made["tokens"][seat])["choices"])
        answer = client.post(f"/api/t/{made['tokens'][seat]}/choice", json={"text": choice["text"]})
        assert answer.status_code == 200, (example, answer.text)


def test_serve_says_why_it_cannot_open_its_database(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from shiftdrive.cli.main import app

    runner = CliRunner()
    missing = runner.invoke(app, ["serve", "--db", str(tmp_path / "no" / "such" / "dir.db")])
    assert missing.exit_code == 2 and "cannot open the SQLite database" in missing.output
    nohost = runner.invoke(app, ["serve", "--db", "postgresql://nobody@127.0.0.1:1/none"])
    assert nohost.exit_code == 2 and "cannot open the PostgreSQL database" in nohost.output
    assert "Traceback" not in missing.output + nohost.output


def test_bots_for_a_whole_side_by_its_name(client: TestClient) -> None:
    made = open_table(client, "fully_automated/brawl.yaml", bots=["Gang"])
    seats = {s["id"]: s["bot"] for s in view(client, made["tokens"]["gm"])["seats"]}
    assert seats == {"Mara": False, "Tobi": False, "Rook": True, "Vex": True, "Nyx": True}
    wrong = client.post("/api/tables", json={"example": "tachyon/convoy.yaml", "bots": ["Nobody"]})
    assert wrong.status_code == 422 and "Nobody" in wrong.json()["error"]


def fill_in(choice: dict[str, Any]) -> dict[str, str | int | bool]:
    """Values a person would type for a choice's free parameters."""
    values: dict[str, str | int | bool] = {}
    for name in choice["free"]:
        kind = choice["params"][name]["kind"]
        values[name] = 1 if kind == "number" else True if kind == "flag" else "Scrambled comms"
    return values


@pytest.fixture
def fast_client(tmp_path: Path) -> Iterator[TestClient]:
    """A server whose links may send commands as fast as a test plays them."""
    app = create_app(str(tmp_path / "t.db"), EXAMPLES, burst=10**6, rate=10**6)
    with TestClient(app) as test_client:
        yield test_client


def test_every_example_plays_to_its_end_through_the_api_with_bots(
    fast_client: TestClient,
) -> None:
    """One person's seat played over the API (random legal choices, free parameters filled
    in), bots for every other seat and the GM's decisions, until the fight is over."""
    client = fast_client
    rng = random.Random(11)
    for path in sorted(EXAMPLES.glob("*/*.yaml")):
        example = str(path.relative_to(EXAMPLES))
        first = open_table(client, example, bots="all")
        person = first["seats"][0]["id"]
        others = [s["id"] for s in first["seats"][1:]]
        made = open_table(client, example, bots=[*others, "gm"])
        token = made["tokens"][person]
        for _ in range(3000):
            seen = view(client, token)
            if seen["result"]:
                break
            waiting = seen["waiting_on"]
            assert person in waiting, (example, waiting)  # bots answered all they could
            if waiting != [person]:  # a bot's choice waits for the person's optional window
                assert any(d.get("window") for d in seen["pending"]), (example, seen["pending"])
            plain = [c for c in seen["choices"] if c["action"] not in ("say", "concede")]
            choice = rng.choice(plain or seen["choices"])
            body = {"text": choice["text"], "params": fill_in(choice)}
            answer = client.post(f"/api/t/{token}/choice", json=body)
            if answer.status_code == 409:  # a parameter filled in that the rules refuse
                assert answer.json()["view"]["seq"] == seen["seq"], example
                continue
            assert answer.status_code == 200, (example, answer.text)
            assert answer.json()["seq"] > seen["seq"]
        assert seen["result"], f"{example}: not over after 3000 choices"
        assert view(client, made["tokens"]["gm"])["result"] == seen["result"]


def test_physical_dice_at_a_table_with_bots_are_typed_by_the_gm(tmp_path: Path) -> None:
    """At a table typing its dice in, a bot's roll waits for the GM: the GM's view names it
    (`dice_for`), the page says it, the bot's own link cannot type them, and once they are
    in the bots play on. (The links' rate limit is raised: a whole fight played this fast, in
    the compiled build, runs past it, 429, and that limit is tested on its own.)"""
    app = create_app(str(tmp_path / "t.db"), EXAMPLES, burst=10**6, rate=10**6)
    with TestClient(app) as client:
        _physical_dice_typed_by_the_gm(client)


def _physical_dice_typed_by_the_gm(client: TestClient) -> None:
    made = open_table(client, "tachyon/dogfight-2v2.yaml", bots=["Pirates"], dice="manual")
    assert set(made["tokens"]) == {"gm", "Tachyon", "Pirates"}  # seats before the set-up's dice
    gm, person, bot = (made["tokens"][s] for s in ("gm", "Tachyon", "Pirates"))
    faces = ["+ 0 - 0", "- - + 0", "+ + 0 -", "0 0 0 +"]
    typed_for_bot = 0
    for step in range(200):
        seen = view(client, gm)
        waiting = seen["dice_for"]
        if waiting is None:
            mine = view(client, person)
            assert mine["dice_for"] is None and seen["waiting_on"] == ["Tachyon"]
            plain = [c for c in mine["choices"] if not c["free"]]
            chosen = client.post(f"/api/t/{person}/choice", json={"text": plain[0]["text"]})
            assert chosen.status_code == 200, (step, plain[0]["text"], chosen.text)
            continue
        assert seen["choices"][0]["params"]["faces"]["kind"] == "dice"
        if waiting["seat"] == "Pirates":
            assert waiting["bot"] and waiting["prompt"].startswith("Roll 4dF")
            page = client.get(f"/t/{gm}").text
            assert "Type the dice for Pirates (a bot)" in page
            assert view(client, person)["dice_for"] is None  # not the Tachyon's roll
            refused = client.post(f"/api/t/{bot}/dice", json={"faces": "+ + + +"})
            assert refused.status_code == 409 and "bot" in refused.json()["error"]
            typed_for_bot += 1
        answer = client.post(f"/api/t/{gm}/dice", json={"faces": faces[step % 4]})
        assert answer.status_code == 200, answer.text
        if typed_for_bot >= 3:
            break
    assert typed_for_bot >= 3
    log = client.get(f"/api/t/{gm}/log").json()
    assert any(e.get("seat") == "Pirates" for e in log)  # the bot's rolls were made
