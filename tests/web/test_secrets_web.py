"""No seat's link shows it another seat's secrets (unrevealed cards, undetected craft, hidden
aspects) in any API answer, page or WebSocket message, for every registered ruleset's
examples, all through a fight played by people at the API."""

from __future__ import annotations

import json
import random
from html import escape
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from web_helpers import EXAMPLES, example_paths

from shiftdrive.engine.events import GM
from shiftdrive.engine.registry import get_ruleset, ruleset_ids
from shiftdrive.web.app import create_app, message

STEPS = 40


def test_every_registered_ruleset_has_an_example_here() -> None:
    have = {p.parent.name for p in example_paths()}
    shipped = [  # not those the tests register for themselves (tiny)
        rid for rid in ruleset_ids() if type(get_ruleset(rid)).__module__.startswith("shiftdrive.")
    ]
    missing = [rid for rid in shipped if rid not in have]
    assert not missing, f"rulesets without examples to play in the browser: {missing}"


@pytest.mark.parametrize("path", example_paths(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_no_secret_leaves_for_another_seat(path: Path, tmp_path: Path) -> None:
    rng = random.Random(path.name)
    with TestClient(create_app(str(tmp_path / "t.db"), EXAMPLES)) as client:
        made = client.post(
            "/api/tables", json={"example": str(path.relative_to(EXAMPLES)), "seed": 9}
        ).json()
        tokens = made["tokens"]
        table = client.app.state.tables.get(made["table"])  # type: ignore[attr-defined]
        leaks_checked = 0
        for _ in range(STEPS):
            enc = table.enc
            for seat in enc.seats():
                hidden = [s for s in enc.ruleset.secrets(enc.state, seat) if s]
                if not hidden:
                    continue
                shown = [
                    client.get(f"/api/t/{tokens[seat]}").text,
                    client.get(f"/api/t/{tokens[seat]}/choices").text,
                    client.get(f"/t/{tokens[seat]}").text,
                    message(table, seat, "html"),
                    message(table, seat, "json"),
                ]
                for secret in hidden:
                    for text in shown:
                        assert secret not in text and escape(secret) not in text, (seat, secret)
                leaks_checked += 1
            waiting = [s for s in enc.pending_seats() if s != GM] or enc.pending_seats()
            if not waiting or enc.result() is not None:
                break
            seat = waiting[0]
            choice = rng.choice(enc.legal(seat)).text()
            answer = client.post(f"/api/t/{tokens[seat]}/choice", json={"text": choice})
            assert answer.status_code == 200, answer.text
        if path.parent.name == "tachyon":  # undetected craft: names to keep
            assert leaks_checked > 0


def test_another_seats_secret_card_changes_nothing_a_seat_is_sent(tmp_path: Path) -> None:
    """Two tables alike but for the card Mara chose in secret: Tobi is sent the same bytes."""
    sent = []
    with TestClient(create_app(str(tmp_path / "t.db"), EXAMPLES)) as client:
        tables = client.app.state.tables  # type: ignore[attr-defined]
        cards = None
        for pick in (0, -1):
            made = client.post(
                "/api/tables", json={"example": "fully_automated/brawl.yaml", "seed": 5}
            ).json()
            table = tables.get(made["table"])
            cards = cards or [c.text() for c in table.enc.legal("Mara")]
            answer = client.post(
                f"/api/t/{made['tokens']['Mara']}/choice", json={"text": cards[pick]}
            )
            assert answer.status_code == 200, answer.text
            tobi = made["tokens"]["Tobi"]
            page = client.get(f"/t/{tobi}").text.replace(tobi, "TOKEN")
            api = client.get(f"/api/t/{tobi}").json()
            assert api["waiting_on"] and "Mara" not in api["waiting_on"]  # still secret
            api.pop("table")
            sent.append((page, api, json.loads(message(table, "Tobi", "html"))["html"]))
        assert cards[0] != cards[-1]
    assert sent[0] == sent[1]
