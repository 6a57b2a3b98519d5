"""End to end in Chromium (Debian's, driven by Playwright): two players at a fully_automated
table never hold each other's secret card, a tachyon table survives a kill -9 of the server,
updates arrive within 100 ms, and a phone-sized screen works (screenshots in docs/img/)."""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Iterator
from typing import Any

import httpx2 as httpx
import pytest
from web_helpers import ROOT, Server, server_fixture  # noqa: F401  (the server fixture)

CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]  # fmt: skip
SHOTS = ROOT / "docs" / "img"

if not os.access(CHROMIUM, os.X_OK):
    if os.environ.get("CI"):
        raise RuntimeError(f"{CHROMIUM} is missing: .ci/run installs it (apt-get install chromium)")
    pytest.skip(
        f"browser tests need Debian's Chromium at {CHROMIUM}: apt-get install chromium",
        allow_module_level=True,
    )

from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as play:
        launched = play.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield launched
        launched.close()


def open_table(server: Server, example: str, bots: list[str], seed: int = 3) -> dict[str, Any]:
    answer = httpx.post(
        f"{server.base}/api/tables", json={"example": example, "bots": bots, "seed": seed}
    )
    assert answer.status_code == 201, answer.text
    out: dict[str, Any] = answer.json()
    return out


def live_page(browser: Browser, link: str, **context: Any) -> Page:
    page = browser.new_context(**context).new_page()
    page.goto(link)
    page.wait_for_selector("#conn.live")
    return page


def seq(page: Page) -> int:
    return int(page.get_attribute("#live", "data-seq") or -1)


def wait_seq_above(page: Page, before: int, seconds: float = 10) -> None:
    """Until the page shows a later state (polled: the pages' CSP allows no eval)."""
    deadline = time.monotonic() + seconds
    while seq(page) <= before:
        assert time.monotonic() < deadline, f"the page stayed at {before}"
        page.wait_for_timeout(20)


def gm_opens(browser: Browser, server: Server, example: str, bots: str) -> dict[str, str]:
    """The GM opens a table on the home page: its links by seat."""
    home = browser.new_context().new_page()
    home.goto(server.base + "/")
    home.select_option("select[name=example]", example)
    home.fill("input[name=bots]", bots)
    home.fill("input[name=seed]", "5")
    home.click("#create button")
    home.wait_for_selector("#links a")
    return {
        li.query_selector("b").inner_text(): li.query_selector("a").inner_text()  # type: ignore[union-attr]
        for li in home.query_selector_all("#links li")
    }


def test_two_players_never_hold_each_others_secret_card(browser: Browser, server: Server) -> None:
    """Two tables alike but for Mara's secret card: Tobi's page is the same in both until
    the cards are revealed, and then it is not (so the comparison sees cards)."""
    tobi_pages = []
    for pick in (0, -1):
        links = gm_opens(browser, server, "fully_automated/brawl.yaml", "Rook, Vex, Nyx, gm")
        mara, tobi = live_page(browser, links["Mara"]), live_page(browser, links["Tobi"])
        before = seq(tobi)
        mara.query_selector_all("button.do")[pick].click()
        wait_seq_above(tobi, before)
        tobi_pages.append((tobi, tobi.inner_html("#live"), mara.inner_html("#live")))
    (first, first_html, mara_a), (second, second_html, mara_b) = tobi_pages
    assert mara_a != mara_b  # Mara's own page shows the card she chose
    assert first_html == second_html  # Tobi's shows nothing of it
    for page in (first, second):  # the last secret card: every card is revealed
        before = seq(page)
        page.query_selector_all("button.do")[0].click()
        wait_seq_above(page, before)
    assert first.inner_html("#live") != second.inner_html("#live")


#: The watcher's next update, as a promise its page keeps: the time the DOM showed it.
WATCH = (
    "() => { const live = document.querySelector('#live'), n = Number(live.dataset.seq);"
    " window.__seen = new Promise(r => new MutationObserver((m, o) => {"
    " if (Number(live.dataset.seq) > n) { o.disconnect(); r(performance.timeOrigin +"
    " performance.now()); } }).observe(live, {attributes: true})); }"
)
#: The player's click, made by the page itself (Playwright's own checks before a click take
#: tens of milliseconds on a loaded machine and are no part of the path measured).
CLICK = (
    "() => { const b = document.querySelector('.choice:not(:has(input)) button.do:not(:disabled)');"
    " if (!b) return null; const t = performance.timeOrigin + performance.now(); b.click();"
    " return t; }"
)


#: Whether the player's page offers a button to click (the same one CLICK would press).
READY = "() => !!document.querySelector('.choice:not(:has(input)) button.do:not(:disabled)')"


def wait_ready(page: Page, seconds: float = 10) -> bool:
    """Until the page offers a choice to click (the bots may still be taking their turns)."""
    deadline = time.monotonic() + seconds
    while not page.evaluate(READY):
        if time.monotonic() > deadline:
            return False
        page.wait_for_timeout(20)
    return True


def update_delays(player: Page, watcher: Page, samples: int) -> list[float]:
    """Milliseconds from a player's click to the GM's page showing the change, per command.
    Before each click the player's own page has shown the last change and offers a choice,
    so a click is never lost on a page that has not caught up."""
    delays = []
    for _ in range(samples):
        if not wait_ready(player):
            break
        before = seq(player)
        watcher.evaluate(WATCH)
        clicked = player.evaluate(CLICK)
        if clicked is None:
            break
        delays.append(watcher.evaluate("() => window.__seen") - clicked)
        wait_seq_above(player, before)
    return delays


def test_updates_arrive_within_100_ms(browser: Browser, server: Server) -> None:
    """Click to another seat's page on localhost: the median of 7 commands under 100 ms.
    On a loaded machine one round can be slowed by other work, so up to three rounds are
    played, each at a fresh table; a server that is slow every time fails all three."""
    rounds = []
    for seed in (3, 4, 5):
        made = open_table(server, "tachyon/dogfight-2v2.yaml", ["Pirates"], seed=seed)
        player = live_page(browser, made["links"]["Tachyon"], bypass_csp=True)  # to measure
        watcher = live_page(browser, made["links"]["gm"], bypass_csp=True)
        delays = update_delays(player, watcher, 7)
        assert len(delays) >= 5, f"the fight ran out of choices to measure: {delays}"
        rounds.append(statistics.median(delays))
        player.context.close()
        watcher.context.close()
        if rounds[-1] < 100:
            break
    assert min(rounds) < 100, rounds


def test_a_tachyon_table_survives_a_kill_9_mid_fight(browser: Browser, server: Server) -> None:
    made = open_table(server, "tachyon/dogfight-2v2.yaml", ["Pirates"])
    page = live_page(browser, made["links"]["Tachyon"])
    for _ in range(3):
        page.query_selector_all("button.do")[0].click()
        page.wait_for_timeout(300)
    shown = page.inner_text("#live")
    before = seq(page)
    server.kill()
    page.wait_for_selector("#conn.down")
    server.start()
    page.wait_for_selector("#conn.live", timeout=15000)
    page.reload()
    page.wait_for_selector("#conn.live")
    assert (seq(page), page.inner_text("#live")) == (before, shown)
    assert page.query_selector_all("button.do"), shown  # the fight goes on
    page.query_selector_all("button.do")[0].click()
    wait_seq_above(page, before)


@pytest.mark.parametrize(
    ("example", "bots", "seat", "name"),
    [
        (
            "fully_automated/standoff.yaml",
            ["Pulsa", "Dusty", "Kade", "Lux", "Brick", "gm"],
            "Hiro",
            "hex",
        ),
        ("tachyon/assault.yaml", ["Garrison"], "Strike Group", "zones"),
        ("diaspora/breakout.yaml", ["Blockade"], "Runner", "bands"),
    ],
)
def test_a_phone_screen_works(
    browser: Browser, server: Server, example: str, bots: list[str], seat: str, name: str
) -> None:
    made = open_table(server, example, bots)
    phone = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
             "is_mobile": True, "has_touch": True}  # fmt: skip
    page = live_page(browser, made["links"][seat], **phone)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # no sideways scroll
    assert page.query_selector("svg.board") is not None
    button = page.query_selector("button.do")
    assert button is not None and button.is_visible()
    box = button.bounding_box()
    assert box is not None and box["height"] >= 40  # a finger's target
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"phone-{name}.png"))
    before = seq(page)
    started = time.monotonic()
    button.click()
    wait_seq_above(page, before)
    assert time.monotonic() - started < 5


def test_clicking_a_hex_chooses_it(browser: Browser, server: Server) -> None:
    made = open_table(
        server, "fully_automated/standoff.yaml", ["Pulsa", "Dusty", "Kade", "Lux", "Brick", "gm"]
    )
    page = live_page(browser, made["links"]["Hiro"])
    for _ in range(20):  # play the Move card until its move shows the reachable hexes
        if page.query_selector("svg.hexes .place"):
            break
        buttons = page.query_selector_all("button.do")
        if not buttons:
            page.wait_for_timeout(200)
            continue
        move = page.query_selector("button.do:text-is('play Move')")
        before = seq(page)
        (move or buttons[0]).click()
        wait_seq_above(page, before)
    place = page.query_selector("svg.hexes .place")
    assert place is not None, "no reachable hex was drawn"
    before = seq(page)
    hex_name = place.get_attribute("data-place")
    place.click()
    if page.query_selector(".choice.picked"):  # several choices go there: pick the first
        page.query_selector(".choice.picked button.do").click()  # type: ignore[union-attr]
    wait_seq_above(page, before)
    assert hex_name


#: Where each kind of parameter comes up early, for a person's seat with bots for the rest:
#: kind, example, bots, seat, dice.
KIND_TABLES = [
    ("unit", "fate_core/station-ambush.yaml", ["raiders", "gm"], "crew", "seeded"),
    ("zone", "fate_core/station-ambush.yaml", ["raiders", "gm"], "crew", "seeded"),
    ("skill", "fate_core/station-ambush.yaml", ["raiders", "gm"], "crew", "seeded"),
    ("aspect", "fate_core/station-ambush.yaml", ["raiders", "gm"], "crew", "seeded"),
    ("number", "pilot_wave/ambush.yaml", ["Claim Jumpers", "gm"], "Survey Team", "seeded"),
    ("option", "fully_automated/brawl.yaml", ["Gang", "gm"], "Mara", "seeded"),
    ("flag", "fully_automated/brawl.yaml", ["Gang", "gm"], "Mara", "seeded"),
    ("hex", "fully_automated/standoff.yaml", ["Pulsa", "Dusty", "Kade", "Lux", "Brick", "gm"],
     "Hiro", "seeded"),
    ("band", "diaspora/breakout.yaml", ["Blockade", "gm"], "Runner", "seeded"),
    ("text", "tachyon/dogfight-2v2.yaml", ["Pirates", "gm"], "Tachyon", "seeded"),
    ("dice", "fate_core/station-ambush.yaml", ["raiders", "gm"], "crew", "manual"),
]  # fmt: skip


def test_every_kind_of_parameter_has_a_picker_case() -> None:
    from shiftdrive.engine.actions import ParamKind

    assert {kind for kind, *_ in KIND_TABLES} == {str(k) for k in ParamKind}


def last_choice_of(server: Server, token: str, seat: str) -> str:
    """The text of the seat's last command in the log, as the server recorded it."""
    from shiftdrive.engine.choices import Choice

    log = httpx.get(f"{server.base}/api/t/{token}/log").json()
    entry = next(e for e in reversed(log) if e.get("seat") == seat and e.get("choice"))
    return Choice.from_json(entry["choice"]).text()


#: The choice that leads to a kind soonest, where the first one may not (a move card).
LEADS_TO = {"hex": "play Move"}


def advance(page: Page, kind: str) -> None:
    """Play on with the first choice that needs nothing filled in (or the one leading to
    `kind`)."""
    before = seq(page)
    button = page.query_selector(f".choice button.do:text-is('{LEADS_TO.get(kind, '')}')")
    button = button or page.query_selector(".choice:not(:has(input)) button.do")
    assert button is not None, page.inner_text("#live")
    button.click()
    wait_seq_above(page, before)


def use_kind(page: Page, kind: str) -> str | None:
    """Use the page's picker for `kind` once, if the page offers one now: what was chosen
    (a choice's text, or the text typed), else None."""
    before = seq(page)
    if kind in ("hex", "band"):  # on the map
        place = page.query_selector("svg.board .place")
        if place is None:
            return None
        name = place.get_attribute("data-place") or ""
        place.click()
        if seq(page) == before and page.query_selector(".choice.picked"):
            picked = page.query_selector(".choice.picked")
            assert picked is not None
            page.click(".choice.picked >> xpath=ancestor::fieldset//button[@class='pick']")
        wait_seq_above(page, before)
        return name
    if kind in ("text", "dice"):  # typed in
        field = "input[name=faces]" if kind == "dice" else "input[placeholder=text]"
        box = page.query_selector(f".choice:has({field})")
        if box is None:
            return None
        typed = "+ - 0 +" if kind == "dice" else "Break left"
        page.fill(f".choice:has({field}) {field}", typed)
        box.query_selector("button.do").click()  # type: ignore[union-attr]
        wait_seq_above(page, before)
        return typed
    select = page.query_selector(
        f"fieldset:not(:has(.choice input)) .picker select[data-kind={kind}]"
    )
    if select is None:
        return None
    values = [o.get_attribute("value") for o in select.query_selector_all("option")]
    select.select_option(values[-1])  # not the first: the picker must change the choice
    fieldset = select.evaluate_handle("s => s.closest('fieldset')").as_element()
    assert fieldset is not None
    picked = fieldset.query_selector(".choice.picked button.do")
    assert picked is not None, "the picker picks out the choice it will send"
    text = picked.get_attribute("data-text") or ""
    fieldset.query_selector("button.pick").click()  # type: ignore[union-attr]
    wait_seq_above(page, before)
    return text


@pytest.mark.parametrize(
    ("kind", "example", "bots", "seat", "dice"), KIND_TABLES, ids=[k for k, *_ in KIND_TABLES]
)
def test_each_kind_of_parameter_is_chosen_with_its_picker(
    browser: Browser, server: Server, kind: str, example: str, bots: list[str], seat: str,
    dice: str,
) -> None:  # fmt: skip
    answer = httpx.post(
        f"{server.base}/api/tables",
        json={"example": example, "bots": bots, "seed": 3, "dice": dice},
    )
    assert answer.status_code == 201, answer.text
    token = answer.json()["tokens"][seat]
    page = live_page(browser, answer.json()["links"][seat])
    for _ in range(40):
        used = use_kind(page, kind)
        if used is not None:
            break
        advance(page, kind)
    else:
        raise AssertionError(f"no {kind} picker came up in 40 turns")
    if kind == "dice":  # the GM types the bots' dice on the GM's page, until the roll lands
        gm = live_page(browser, answer.json()["links"]["gm"])
        for _ in range(5):
            if not gm.query_selector(".dicefor"):
                break
            assert "(a bot)" in gm.inner_text(".dicefor")
            before = seq(gm)
            gm.fill("input[name=faces]", "0 0 0 0")
            gm.click(".choice:has(input[name=faces]) button.do")
            wait_seq_above(gm, before)
        assert "[+ - 0 +]" in httpx.get(f"{server.base}/api/t/{token}/log").text
    elif kind == "text":
        assert used in httpx.get(f"{server.base}/api/t/{token}/log").text
    elif kind in ("hex", "band"):
        assert used in last_choice_of(server, token, seat).replace("'", "")
    else:
        assert last_choice_of(server, token, seat) == used
