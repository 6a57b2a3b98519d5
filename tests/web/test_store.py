"""A table is its scenario plus its command log: committed before acknowledged, restored
exactly after a restart (a kill -9 too), on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
from web_helpers import (  # the fixtures: imported to be found
    EXAMPLES,
    Server,
    example_paths,
    free_port,
    fresh_pg_fixture,  # noqa: F401
    postgres_url_fixture,  # noqa: F401
)

from shiftdrive.engine.encounter import Encounter, IllegalChoice
from shiftdrive.engine.events import GM
from shiftdrive.files import read_yaml
from shiftdrive.web.store import SqliteStore, Store, StoreError, token_hash
from shiftdrive.web.tables import Tables


def play_some(tables: Tables, table_id: str, steps: int, seed: int = 1) -> None:
    """Random legal choices for the people's seats."""
    rng = random.Random(seed)
    for _ in range(steps):
        enc = tables.get(table_id).enc
        people = [s for s in enc.pending_seats() if s not in tables.get(table_id).bots]
        if not people or enc.result() is not None:
            return
        tables.command(table_id, people[0], "choice", rng.choice(enc.legal(people[0])).text())


def fill_and_restore(url: str) -> None:
    tables = Tables(Store.open(url))
    digests = {}
    for path in example_paths():
        data = read_yaml(path)
        seats = Encounter.start(data, seed=0).seats()
        table, _ = tables.create(data, source=path.name, bots=seats[1:], seed=7)
        play_some(tables, table.id, 25)
        tables.command(table.id, GM, "undo", "1")
        play_some(tables, table.id, 3, seed=2)
        digests[table.id] = (table.digest(), table.seq, table.enc.to_json()["log"])
    tables.store.close()
    again = Tables(Store.open(url))
    assert sorted(again.restore_all()) == sorted(digests)
    for table_id, (state, seq, log) in digests.items():
        table = again.get(table_id)
        assert (table.digest(), table.seq) == (state, seq)
        assert table.enc.to_json()["log"] == log  # the same dice and events, entry by entry


def test_every_example_restores_exactly_from_sqlite(tmp_path: Path) -> None:
    fill_and_restore(str(tmp_path / "tables.db"))


def test_every_example_restores_exactly_from_postgres(fresh_pg: str) -> None:
    fill_and_restore(fresh_pg)


def test_a_refused_command_changes_nothing_and_is_not_stored(tmp_path: Path) -> None:
    tables = Tables(Store.open(str(tmp_path / "t.db")))
    table, _ = tables.create(read_yaml(EXAMPLES / "tachyon/dogfight-2v2.yaml"), source="x",
                             bots=["Pirates"], seed=3)  # fmt: skip
    before = (table.digest(), table.seq, len(tables.store.rows(table.id)))
    for seat, text in [("Tachyon", "fly_to_the_moon"), ("Pirates", "pass"), ("Tachyon", "x=")]:
        with pytest.raises(IllegalChoice):
            tables.command(table.id, seat, "choice", text)
    with pytest.raises(IllegalChoice, match="only the GM"):
        tables.command(table.id, "Tachyon", "undo", "1")
    assert (table.digest(), table.seq, len(tables.store.rows(table.id))) == before


def test_paused_and_ended_tables_refuse_the_players(tmp_path: Path) -> None:
    tables = Tables(Store.open(str(tmp_path / "t.db")))
    table, _ = tables.create(read_yaml(EXAMPLES / "tachyon/convoy.yaml"), source="x",
                             bots=["Marauders"], seed=3)  # fmt: skip
    choice = table.enc.legal("Escort")[0].text()
    tables.command(table.id, GM, "status", "paused")
    with pytest.raises(IllegalChoice, match="paused"):
        tables.command(table.id, "Escort", "choice", choice)
    tables.command(table.id, GM, "status", "open")
    tables.command(table.id, "Escort", "choice", choice)
    tables.command(table.id, GM, "status", "ended")
    with pytest.raises(IllegalChoice, match="ended"):
        tables.command(table.id, GM, "status", "open")
    assert Tables(Store.open(str(tmp_path / "t.db"))).get(table.id).status == "ended"


def test_links_are_stored_only_as_hashes(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    tables = Tables(Store.open(str(path)))
    _, tokens = tables.create(read_yaml(EXAMPLES / "tachyon/convoy.yaml"), source="x", bots=[])
    blob = path.read_bytes() + (tmp_path / "t.db-wal").read_bytes()
    for token in tokens.values():
        assert len(token) >= 22  # 128 bits and more, url-safe base64
        assert token.encode() not in blob
        assert token_hash(token).encode() in blob


CHILD = textwrap.dedent(
    """
    import random, sys
    from pathlib import Path
    from shiftdrive.files import read_yaml
    from shiftdrive.web.store import Store
    from shiftdrive.web.tables import Tables
    tables = Tables(Store.open(sys.argv[1]))
    table, _ = tables.create(read_yaml(Path(sys.argv[2])), source="x", bots=["Pirates"], seed=11)
    rng = random.Random(5)
    while True:
        seats = [s for s in table.enc.pending_seats() if s == "Tachyon"]
        if not seats:
            print("done", flush=True)
            break
        tables.command(table.id, "Tachyon", "choice", rng.choice(table.enc.legal("Tachyon")).text())
        print(table.id, table.seq, table.digest(), flush=True)  # acknowledged
    """
)


def test_a_kill_9_loses_no_acknowledged_command(tmp_path: Path) -> None:
    db = str(tmp_path / "t.db")
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, db, str(EXAMPLES / "tachyon/dogfight-2v2.yaml")],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    acked = {}
    for _ in range(12):
        line = child.stdout.readline().split()
        if line[0] == "done":
            break
        acked[int(line[1])] = line[2]
        last = (line[0], int(line[1]))
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    table = Tables(Store.open(db)).get(last[0])
    assert table.seq >= last[1]
    if table.seq in acked:
        assert table.digest() == acked[table.seq]
    replayed = Tables(Store.open(db))
    assert replayed.get(last[0]).digest() == table.digest()


def test_two_processes_on_postgres_serialize_commands_on_one_table(fresh_pg: str) -> None:
    """Two servers over one database: both seats' secret cards land, each through its own
    server; a command made illegal by the other's is refused; both end in the same state."""
    first, second = Tables(Store.open(fresh_pg)), Tables(Store.open(fresh_pg))
    data = read_yaml(EXAMPLES / "fully_automated/brawl.yaml")
    table, _ = first.create(data, source="x", bots=["Rook", "Vex", "Nyx", "gm"], seed=4)
    mara_card = table.enc.legal("Mara")[0].text()
    tobi_card = second.get(table.id).enc.legal("Tobi")[0].text()
    first.command(table.id, "Mara", "choice", mara_card)
    with pytest.raises(IllegalChoice):  # second catches up first: Mara's card is down already
        second.command(table.id, "Mara", "choice", mara_card)
    second.command(table.id, "Tobi", "choice", tobi_card)
    first.command(table.id, GM, "status", "paused")  # first catches up with Tobi's card
    assert first.get(table.id).digest() == second.get(table.id).digest()
    commands = [r.text for r in first.store.rows(table.id) if r.seat in ("Mara", "Tobi")]
    assert commands[:2] == [mara_card, tobi_card]


def test_seats_on_another_server_process_hear_of_a_command(fresh_pg: str) -> None:
    """LISTEN/NOTIFY: a command through one server reaches a page connected to another."""
    import httpx2 as httpx
    from websockets.sync.client import connect

    one, two = Server(fresh_pg, free_port()), Server(fresh_pg, free_port())
    one.start()
    two.start()
    try:
        made = httpx.post(
            f"{one.base}/api/tables",
            json={"example": "tachyon/dogfight-2v2.yaml", "bots": ["Pirates"], "seed": 2},
        ).json()
        token = made["tokens"]["Tachyon"]
        with connect(f"ws://127.0.0.1:{two.port}/ws/{token}?format=json") as ws:
            first = json.loads(ws.recv(timeout=10))
            skip = next(c for c in first["view"]["choices"] if not c["free"])
            answer = httpx.post(f"{one.base}/api/t/{token}/choice", json={"text": skip["text"]})
            assert answer.status_code == 200, answer.text
            heard = json.loads(ws.recv(timeout=10))
            assert heard["seq"] == answer.json()["seq"] > first["seq"]
            mine = httpx.get(f"{one.base}/api/t/{token}").json()
            assert heard["view"]["state"] == mine["state"]
    finally:
        one.kill()
        two.kill()


def test_the_worded_log_memo_changes_no_view(tmp_path: Path) -> None:
    """Each seat's view with the table's memo of worded entries is the view worded afresh,
    command after command, through undos and a diaspora fight's hidden craft; the memo stays
    within its bound."""
    from shiftdrive.web.tables import WordedLogs

    tables = Tables(Store.open(str(tmp_path / "t.db")))
    for example, bots in [("diaspora/breakout.yaml", ["Blockade"]), ("tachyon/assault.yaml", [])]:
        data = read_yaml(EXAMPLES / example)
        table, _ = tables.create(data, source=example, bots=bots, seed=5)
        table.worded = WordedLogs(size=50)
        rng = random.Random(3)
        for step in range(60):
            for seat in [GM, *table.seats()]:
                memo = table.enc.view(seat, last=20, memo=table.worded)
                assert memo == table.enc.view(seat, last=20), (example, step, seat)
            assert len(table.worded) <= 50
            enc = table.enc
            people = [s for s in enc.pending_seats() if s not in table.bots]
            if enc.result() is not None or not people:
                break
            if step % 7 == 6:
                tables.command(table.id, GM, "undo", "2")
            else:
                choice = rng.choice(enc.legal(people[0])).text()
                tables.command(table.id, people[0], "choice", choice)


def two_tables(tmp_path: Path) -> tuple[Tables, list[str]]:
    tables = Tables(Store.open(str(tmp_path / "t.db")))
    data = read_yaml(EXAMPLES / "tachyon/dogfight-2v2.yaml")
    ids = [tables.create(data, source="x", bots=["Pirates"], seed=n)[0].id for n in (1, 2)]
    return tables, ids


def command_both_while_a_commit_is_held(tables: Tables, ids: list[str]) -> list[BaseException]:
    """Two tables' commands, each on its own thread, while the test holds the commit back:
    both write into the same transaction, then wait for its commit."""
    import threading
    import time

    store = tables.store
    assert isinstance(store, SqliteStore)
    failures: list[BaseException] = []

    def play(table_id: str) -> None:
        table = tables.get(table_id)
        skip = next(c for c in table.enc.legal("Tachyon") if not c.free)
        try:
            tables.command(table_id, "Tachyon", "choice", skip.text())
        except BaseException as exc:  # the test looks at it
            failures.append(exc)

    seqs = {t: tables.get(t).seq for t in ids}
    with store._commit_lock:
        threads = [threading.Thread(target=play, args=(t,)) for t in ids]
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:  # until both have written (not yet committed)
            with store._lock:
                if all(store._rows(store.conn, t, seqs[t]) for t in ids):
                    break
            time.sleep(0.01)
        time.sleep(0.05)
        assert all(thread.is_alive() for thread in threads)  # nothing acknowledged yet
    for thread in threads:
        thread.join(10)
    return failures


def test_sqlite_commits_several_tables_commands_in_one_sync(tmp_path: Path) -> None:
    tables, ids = two_tables(tmp_path)
    before = {t: tables.get(t).seq for t in ids}
    store = tables.store
    assert isinstance(store, SqliteStore)
    batch = store._batch
    assert command_both_while_a_commit_is_held(tables, ids) == []
    assert store._batch == batch + 1  # one commit covered both commands
    again = Tables(Store.open(str(tmp_path / "t.db")))
    for table_id in ids:  # both are on disk, and restore to what was acknowledged
        assert again.get(table_id).seq > before[table_id]
        assert again.get(table_id).digest() == tables.get(table_id).digest()


def test_a_failed_group_commit_fails_every_command_in_it(tmp_path: Path) -> None:
    """Neither command is acknowledged, neither is in the file, and both tables are rebuilt
    from the file (the live cache had them applied)."""
    tables, ids = two_tables(tmp_path)
    before = {t: tables.get(t).digest() for t in ids}
    store = tables.store
    assert isinstance(store, SqliteStore)
    raw = store._conn_raw()

    class FailingCommit:
        """The connection, with its next COMMIT failing as a full disk would."""

        def __getattr__(self, name: str) -> Any:
            return getattr(raw, name)

        def execute(self, sql: str, *args: Any) -> Any:
            if sql == "COMMIT":
                store.conn.raw = raw  # type: ignore[attr-defined]
                raise sqlite3.OperationalError("database or disk is full")
            return raw.execute(sql, *args)

    store.conn.raw = FailingCommit()  # type: ignore[attr-defined]
    failures = command_both_while_a_commit_is_held(tables, ids)
    assert len(failures) == 2 and all(isinstance(f, StoreError) for f in failures), failures
    assert all("disk is full" in str(f) for f in failures)
    for table_id in ids:
        assert table_id not in tables.live  # the cache is dropped
        assert tables.get(table_id).digest() == before[table_id]  # rebuilt: unchanged
    again = Tables(Store.open(str(tmp_path / "t.db")))
    assert [again.get(t).digest() for t in ids] == [before[t] for t in ids]
