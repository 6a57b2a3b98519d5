"""Where tables live: a table is its scenario plus its command log, in SQLite (one file, the
default: nothing to set up) or PostgreSQL (several server processes share the tables).

Every accepted command is committed here before the server answers it. A command runs inside
`Store.transaction(table)`, which locks the table's row (SQLite: `BEGIN IMMEDIATE`, the whole
file; PostgreSQL: `SELECT ... FOR UPDATE`), so commands on one table are serialized by the
database even across processes; the caller first catches up with the rows other processes
committed (`Tx.rows_after`). Tokens are kept only as SHA-256 hashes: a stolen database file
holds no working link.
"""

from __future__ import annotations

import hashlib
import json
import queue
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from typing import Any, Final, Protocol

#: PostgreSQL connections for commands (each holds one for its transaction).
POOL: Final = 8
#: The PostgreSQL channel on which a process announces the tables it committed to.
CHANNEL: Final = "shiftdrive_tables"
SCHEMA: Final = [
    """CREATE TABLE IF NOT EXISTS tables (
        id TEXT PRIMARY KEY,
        scenario TEXT NOT NULL,
        source TEXT NOT NULL,
        dice_kind TEXT NOT NULL,
        seed BIGINT,
        bots TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS commands (
        table_id TEXT NOT NULL REFERENCES tables(id),
        seq INTEGER NOT NULL,
        seat TEXT NOT NULL,
        kind TEXT NOT NULL,
        text TEXT NOT NULL,
        digest TEXT NOT NULL,
        PRIMARY KEY (table_id, seq)
    )""",
    """CREATE TABLE IF NOT EXISTS tokens (
        hash TEXT PRIMARY KEY,
        table_id TEXT NOT NULL REFERENCES tables(id),
        seat TEXT NOT NULL,
        revoked INTEGER NOT NULL DEFAULT 0
    )""",
]


class StoreError(ValueError):
    """The database cannot be opened (the message says which and why)."""


def _rows(found: list[Any]) -> list[Row]:
    return [Row(int(r[0]), str(r[1]), str(r[2]), str(r[3]), str(r[4])) for r in found]


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class TableRecord:
    """A table as created: everything but its log."""

    id: str
    scenario: dict[str, Any]
    source: str
    dice_kind: str
    seed: int | None
    bots: list[str]


@dataclass(frozen=True, slots=True)
class Row:
    """One command in a table's log. `kind`: 'choice' (accepted, applied), 'refused' (refused
    after drawing dice: replayed so the dice stream stays the same), 'undo' (text: steps),
    'status' (text: open, paused or ended). `digest`: the state's digest after it."""

    seq: int
    seat: str
    kind: str
    text: str
    digest: str


class _Connection(Protocol):
    def execute(self, sql: str, params: Any = ..., /) -> Any: ...
    def commit(self) -> None: ...
    def rollback(self) -> None: ...
    def close(self) -> None: ...


INSERT_ROW: Final = (
    "INSERT INTO commands (table_id, seq, seat, kind, text, digest) VALUES (?, ?, ?, ?, ?, ?)"
)
SELECT_ROWS: Final = (
    "SELECT seq, seat, kind, text, digest FROM commands WHERE table_id = ? AND seq > ? ORDER BY seq"
)


class Tx:
    """One table's transaction: read the rows committed since, append new ones (written as
    the transaction commits, in one go)."""

    def __init__(
        self, store: Store, conn: _Connection, table_id: str, caught_up: tuple[int, list[Row]]
    ) -> None:
        self.store = store
        self.conn = conn
        self.table_id = table_id
        self._caught_up = caught_up  # the rows after a seq, read as the lock was taken
        self.rows: list[Row] = []
        self.announced: str | None = None

    def rows_after(self, seq: int) -> list[Row]:
        if seq == self._caught_up[0]:
            return self._caught_up[1]
        return self.store._rows(self.conn, self.table_id, seq)

    def announce(self, origin: str) -> None:
        """Tell the other server processes, once this commits, that this table changed."""
        self.announced = f"{origin}:{self.table_id}"

    def append(self, rows: list[Row]) -> None:
        self.rows += rows

    def params(self) -> list[tuple[Any, ...]]:
        return [(self.table_id, r.seq, r.seat, r.kind, r.text, r.digest) for r in self.rows]


class Store:
    """The tables' database. `Store.open(url)`: a file path (SQLite) or `postgresql://...`."""

    placeholder = "?"

    def __init__(self) -> None:
        self._lock = threading.RLock()  # one connection, shared by the server's threads

    @staticmethod
    def open(url: str) -> Store:
        """The store at `url`; StoreError says why it cannot be opened."""
        try:
            if url.startswith(("postgresql://", "postgres://")):
                return PostgresStore(url)
            return SqliteStore(url.removeprefix("sqlite:///"))
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open the SQLite database {url!r}: {exc}") from None
        except Exception as exc:  # psycopg's errors, imported only with PostgreSQL
            if type(exc).__module__.startswith("psycopg"):
                raise StoreError(f"cannot open the PostgreSQL database: {exc}") from None
            raise

    # --- the backend's part --------------------------------------------------------------------
    def _connect(self) -> _Connection:
        raise NotImplementedError

    def _exec(self, conn: _Connection, sql: str, params: tuple[Any, ...] = ()) -> Any:
        return conn.execute(sql.replace("?", self.placeholder), params)

    # --- tables --------------------------------------------------------------------------------
    def create(self, record: TableRecord, tokens: dict[str, str]) -> None:
        """A new table with its links (`tokens`: seat -> token, stored hashed)."""
        with self._writing() as conn:
            self._exec(
                conn,
                "INSERT INTO tables (id, scenario, source, dice_kind, seed, bots, created) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    record.id,
                    json.dumps(record.scenario),
                    record.source,
                    record.dice_kind,
                    record.seed,
                    json.dumps(record.bots),
                    time.time(),
                ),
            )
            for seat, token in tokens.items():
                self._exec(
                    conn,
                    "INSERT INTO tokens (hash, table_id, seat) VALUES (?, ?, ?)",
                    (token_hash(token), record.id, seat),
                )

    @contextmanager
    def _writing(self) -> Iterator[_Connection]:
        """A write on the shared connection, committed before it returns (or rolled back)."""
        with self._lock:
            conn = self.conn
            try:
                yield conn
            except BaseException:
                conn.rollback()
                raise
            conn.commit()

    def table_ids(self) -> list[str]:
        with self._lock:
            rows = self._exec(self.conn, "SELECT id FROM tables ORDER BY created").fetchall()
            self.conn.commit()
        return [str(r[0]) for r in rows]

    def record(self, table_id: str) -> TableRecord | None:
        with self._lock:
            row = self._exec(
                self.conn,
                "SELECT id, scenario, source, dice_kind, seed, bots FROM tables WHERE id = ?",
                (table_id,),
            ).fetchone()
            self.conn.commit()
        if row is None:
            return None
        return TableRecord(
            str(row[0]),
            json.loads(row[1]),
            str(row[2]),
            str(row[3]),
            None if row[4] is None else int(row[4]),
            list(json.loads(row[5])),
        )

    def rows(self, table_id: str) -> list[Row]:
        return self.rows_after(table_id, 0)

    def rows_after(self, table_id: str, seq: int) -> list[Row]:
        with self._lock:
            out = self._rows(self.conn, table_id, seq)
            self.conn.commit()
        return out

    def _rows(self, conn: _Connection, table_id: str, after: int) -> list[Row]:
        found = self._exec(conn, SELECT_ROWS, (table_id, after)).fetchall()
        return _rows(found)

    def transaction(self, table_id: str, after: int = 0) -> AbstractContextManager[Tx | None]:
        """The table locked for one command (its rows after `after` read with the lock): its
        rows are written and committed on a clean exit, else nothing is. Yields None when
        there is no such table."""
        raise NotImplementedError

    # --- links ---------------------------------------------------------------------------------
    def seat_of(self, token: str) -> tuple[str, str] | None:
        """(table, seat) a live token opens; None for an unknown or revoked one. On a
        connection of its own: a link is looked up while commands hold the other."""
        with self._read_lock:
            row = self._exec(
                self._reader,
                "SELECT table_id, seat FROM tokens WHERE hash = ? AND revoked = 0",
                (token_hash(token),),
            ).fetchone()
            self._reader.commit()
        return None if row is None else (str(row[0]), str(row[1]))

    def reissue(self, table_id: str, seat: str, token: str) -> None:
        """Revoke the seat's links and give it this new one."""
        with self._writing() as conn:
            self._exec(
                conn,
                "UPDATE tokens SET revoked = 1 WHERE table_id = ? AND seat = ?",
                (table_id, seat),
            )
            self._exec(
                conn,
                "INSERT INTO tokens (hash, table_id, seat) VALUES (?, ?, ?)",
                (token_hash(token), table_id, seat),
            )

    def close(self) -> None:
        with self._lock, self._read_lock:
            self.conn.close()
            self._reader.close()

    @property
    def conn(self) -> _Connection:
        return self._conn

    def _init(self) -> None:
        self._conn = self._connect()
        for sql in SCHEMA:
            self._exec(self._conn, sql)
        self._conn.commit()
        self._reader = self._connect()
        self._read_lock = threading.Lock()


class SqliteStore(Store):
    """One file; WAL with full sync, so a commit is on disk before the answer leaves.

    Group commit: a command writes its rows inside a savepoint of the transaction open on
    the connection, lets go of the connection, and then waits until a commit covers its rows
    (it makes that commit itself unless another command's did). Commands that arrive while a
    commit is syncing write into the next transaction and share its one sync, so the tables
    do not queue one sync each behind each other. Nothing is acknowledged before its commit;
    when a commit fails every command in it fails (and its tables are rebuilt from the file).
    """

    def __init__(self, path: str) -> None:
        super().__init__()
        self.path = path
        self._commit_lock = threading.Lock()
        self._batch = 1  # the transaction now open (or next) on the connection
        self._committed = 0  # the last batch known to be on disk
        self._failed: dict[int, str] = {}  # batches whose commit failed: why
        self._init()

    @contextmanager
    def _writing(self) -> Iterator[_Connection]:
        with self._lock:
            raw = self._conn_raw()
            if not raw.in_transaction:
                raw.execute("BEGIN IMMEDIATE")
            raw.execute("SAVEPOINT command")
            try:
                yield self.conn
            except BaseException:
                raw.execute("ROLLBACK TO command")
                raw.execute("RELEASE command")
                raise
            raw.execute("RELEASE command")
            batch = self._batch
        self._commit(batch)

    def _commit(self, batch: int) -> None:
        """Until `batch` is on disk: committed by this call or by one before it."""
        with self._commit_lock:
            if batch in self._failed:
                raise StoreError(f"the command could not be committed: {self._failed[batch]}")
            if self._committed >= batch:
                return
            with self._lock:
                current = self._batch
                self._batch += 1
                try:
                    self.conn.commit()
                except sqlite3.Error as exc:
                    self.conn.rollback()
                    self._failed[current] = str(exc)
                    raise StoreError(f"the command could not be committed: {exc}") from None
            self._committed = current

    @contextmanager
    def transaction(self, table_id: str, after: int = 0) -> Iterator[Tx | None]:
        """The table's command, in the group commit (see the class)."""
        with self._writing() as conn:
            found = conn.execute("SELECT 1 FROM tables WHERE id = ?", (table_id,)).fetchone()
            if found is None:
                yield None
                return
            tx = Tx(self, conn, table_id, (after, self._rows(conn, table_id, after)))
            yield tx
            for params in tx.params():
                conn.execute(INSERT_ROW, params)

    def _conn_raw(self) -> sqlite3.Connection:
        conn = self.conn
        assert isinstance(conn, _SqliteConn)
        return conn.raw

    def _connect(self) -> _Connection:
        conn = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA busy_timeout=10000")
        return _SqliteConn(conn)


class _SqliteConn:
    """sqlite3 in autocommit mode, with explicit transactions (commit/rollback only when one
    is open, as psycopg does)."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.raw = conn

    def execute(self, sql: str, params: Any = (), /) -> Any:
        if not self.raw.in_transaction and not sql.startswith(("BEGIN", "PRAGMA")):
            self.raw.execute("BEGIN")
        return self.raw.execute(sql, params)

    def commit(self) -> None:
        if self.raw.in_transaction:
            self.raw.execute("COMMIT")

    def rollback(self) -> None:
        if self.raw.in_transaction:
            self.raw.execute("ROLLBACK")

    def close(self) -> None:
        self.raw.close()


class PostgresStore(Store):
    """PostgreSQL through psycopg 3; the table's row lock serializes its commands.

    A command takes two round trips: the lock with the rows other processes committed since
    (one pipeline), then its rows with the commit (another). Other processes hear of it by a
    NOTIFY sent after the commit by the store's own notifier thread, off the command's path:
    a process that misses one (its listener down) catches up at the table's next command.
    """

    placeholder = "%s"

    def __init__(self, url: str) -> None:
        super().__init__()
        self.url = url
        self._init()
        # Commands on different tables run side by side, each on a connection of the pool;
        # the table's row lock serializes those on one table.
        self._pool: queue.SimpleQueue[Any] = queue.SimpleQueue()
        for _ in range(POOL):
            self._pool.put(self._connect())
        self._notes: queue.SimpleQueue[str | None] = queue.SimpleQueue()
        self._notifier = threading.Thread(target=self._notify, daemon=True)
        self._notifier.start()

    @contextmanager
    def transaction(self, table_id: str, after: int = 0) -> Iterator[Tx | None]:
        conn = self._pool.get()
        try:
            try:
                with conn.pipeline():
                    lock = conn.execute(
                        "SELECT 1 FROM tables WHERE id = %s FOR UPDATE", (table_id,)
                    )
                    since = conn.execute(SELECT_ROWS.replace("?", "%s"), (table_id, after))
                    found = lock.fetchone()
                    rows = _rows(since.fetchall())
                if found is None:
                    conn.rollback()
                    yield None
                    return
                tx = Tx(self, conn, table_id, (after, rows))
                yield tx
                with conn.pipeline():
                    if tx.rows:
                        conn.cursor().executemany(INSERT_ROW.replace("?", "%s"), tx.params())
                    conn.commit()
            except BaseException:
                conn.rollback()
                raise
            if tx.announced:
                self._notes.put(tx.announced)
        finally:
            self._pool.put(conn)

    def _notify(self) -> None:
        """Send each committed table's NOTIFY, in commit order, on a connection of its own."""
        import psycopg

        with psycopg.connect(self.url, autocommit=True) as conn:
            while (note := self._notes.get()) is not None:
                conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, note))

    def close(self) -> None:
        self._notes.put(None)
        self._notifier.join(timeout=5)
        super().close()
        for _ in range(POOL):
            self._pool.get().close()

    def _connect(self) -> _Connection:
        import psycopg  # only a PostgreSQL table needs it loaded

        conn: _Connection = psycopg.connect(self.url)
        return conn

    def listen(self, heard: Callable[[str, str], None], stop: threading.Event) -> None:
        """Call `heard(origin, table_id)` for each table another process commits to, until
        `stop` is set (run it in a thread of its own: it blocks)."""
        import psycopg

        with psycopg.connect(self.url, autocommit=True) as conn:
            conn.execute(f"LISTEN {CHANNEL}")
            while not stop.is_set():
                for note in conn.notifies(timeout=0.5):
                    origin, _, table_id = note.payload.partition(":")
                    heard(origin, table_id)


__all__ = ["Row", "SqliteStore", "Store", "StoreError", "TableRecord", "Tx", "token_hash"]
