"""A table in play: its encounter rebuilt from the store's log, and the one way a command gets
in (`Tables.command`): checked, applied, answered by the bots, committed, then acknowledged.

A table is its scenario plus its log; the live `Encounter` is a cache of it. A restart (or
another process) rebuilds it by replaying the rows in order — choices, refusals that drew
dice, undos and pauses — and checks each row's state digest, so a table comes back exactly.
"""

from __future__ import annotations

import random
import secrets
import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from shiftdrive.engine.bots import default_bot
from shiftdrive.engine.choices import Choice, ChoiceSyntaxError
from shiftdrive.engine.encounter import Encounter, IllegalChoice
from shiftdrive.engine.events import GM, LogEntry
from shiftdrive.engine.ruleset import Seat
from shiftdrive.engine.saves import digest
from shiftdrive.engine.seat_view import WordedKey
from shiftdrive.web.store import Row, Store, TableRecord

#: 128 bits and more: a link is a capability, so it must not be guessable.
TOKEN_BYTES: Final = 24
#: Bot choices answering one command, at most (a bots-only fight runs to its end in steps).
MAX_BOT_STEPS: Final = 5_000
STATUSES: Final = ("open", "paused", "ended")
#: Log entries kept worded per table (each seat's view words only what is new).
WORDED_ENTRIES: Final = 1024


class WordedLogs:
    """A table's log entries worded per seat, the least recently used dropped past `size`."""

    def __init__(self, size: int = WORDED_ENTRIES) -> None:
        self.size = size
        self._kept: OrderedDict[WordedKey, tuple[LogEntry, dict[str, Any] | None]] = OrderedDict()

    def get(self, key: WordedKey, /) -> tuple[LogEntry, dict[str, Any] | None] | None:
        found = self._kept.get(key)
        if found is not None:
            self._kept.move_to_end(key)
        return found

    def __setitem__(self, key: WordedKey, value: tuple[LogEntry, dict[str, Any] | None]) -> None:
        self._kept[key] = value
        self._kept.move_to_end(key)
        while len(self._kept) > self.size:
            self._kept.popitem(last=False)

    def __len__(self) -> int:
        return len(self._kept)


class TableError(Exception):
    """A command refused at the table (not by the rules): no such table, paused, ended."""


class RestoreError(Exception):
    """A table's log does not replay to the states it recorded."""


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_table_id() -> str:
    return secrets.token_hex(8)


@dataclass
class Table:
    """One table's live encounter, rebuilt from and kept level with its log."""

    record: TableRecord
    enc: Encounter
    seq: int = 0
    status: str = "open"
    lock: threading.Lock = field(default_factory=threading.Lock)
    _seats: list[Seat] | None = None
    worded: WordedLogs = field(default_factory=WordedLogs)

    @property
    def id(self) -> str:
        return self.record.id

    def seating(self) -> list[Seat]:
        """Who sits at the table. A table typing its dice in may still wait on the set-up's
        dice, with no state yet: the seats come from the scenario alone, so a seeded start of
        the same scenario names them (and the links are made before the first die is in)."""
        if self.enc.state is not None:
            return self.enc.seating()
        if self._seats is None:
            self._seats = Encounter.start(self.record.scenario, seed=0).seating()
        return self._seats

    def seats(self) -> list[str]:
        return [seat.id for seat in self.seating()]

    @property
    def bots(self) -> set[str]:
        return set(self.record.bots)

    def digest(self) -> str:
        return digest(self.enc.snapshot()) if self.enc.state is not None else ""

    def replay(self, row: Row) -> None:
        """Apply one committed row (from this process's past or another's)."""
        if row.kind == "choice":
            self.enc.submit(row.seat, row.text)
        elif row.kind == "refused":
            try:
                self.enc.submit(row.seat, row.text)
            except IllegalChoice:
                pass
            else:
                raise RestoreError(f"table {self.id}: row {row.seq} was refused, now accepted")
        elif row.kind == "undo":
            self.enc.undo(int(row.text))
        elif row.kind == "status":
            self.status = row.text
        if row.digest and row.digest != self.digest():
            raise RestoreError(f"table {self.id}: row {row.seq} ({row.text}) replays differently")
        self.seq = row.seq


def start_encounter(record: TableRecord) -> Encounter:
    return Encounter.start(
        record.scenario,
        seed=record.seed,
        dice_kind="manual" if record.dice_kind == "manual" else None,
        source=record.source,
    )


class Tables:
    """The tables this process serves, over one store."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.origin = secrets.token_hex(6)  # this process, in its announcements
        self.live: dict[str, Table] = {}
        self._lock = threading.Lock()

    # --- opening -----------------------------------------------------------------------------
    def create(
        self,
        scenario: Mapping[str, Any],
        *,
        source: str,
        bots: list[str] | Literal["all"],
        seed: int | None = None,
        dice_kind: str = "seeded",
    ) -> tuple[Table, dict[str, str]]:
        """A new table and its links (seat -> token, the GM's as 'gm'); `bots`: the seats bots
        play (a side's name: all its seats; 'gm': the ruleset's GM decisions), or "all".
        Scenario errors raise ScenarioError with the field paths, as `check` shows them."""
        if seed is None and dice_kind != "manual":
            seed = random.SystemRandom().randrange(2**31)
        record = TableRecord(new_table_id(), dict(scenario), source, dice_kind, seed, [])
        enc = start_encounter(record)  # validates the scenario before anything is stored
        probe = Table(record, enc)
        seating = probe.seating()
        seats = [*probe.seats(), GM]  # a bot GM makes the ruleset's GM decisions, no overrides
        sides = {s.side: [t.id for t in seating if t.side == s.side] for s in seating}
        if bots == "all":
            bots = seats
        else:  # a side's name: all its seats
            bots = [seat for name in bots for seat in sides.get(name, [name])]
        record = TableRecord(record.id, record.scenario, source, dice_kind, seed, sorted(bots))
        unknown = set(bots) - set(seats)
        if unknown:
            raise TableError(
                f"bots: no seat {', '.join(sorted(unknown))} (seats: {', '.join(seats)})"
            )
        tokens = {seat: new_token() for seat in [GM, *probe.seats()]}
        self.store.create(record, tokens)
        table = Table(record, enc, _seats=probe._seats)
        with self._lock:
            self.live[record.id] = table
        if bots:
            self.command(record.id, GM, "status", "open")  # the bots' opening moves
        return table, tokens

    def get(self, table_id: str) -> Table:
        """The live table, rebuilt from the store when this process has not got it."""
        with self._lock:
            table = self.live.get(table_id)
        if table is not None:
            return table
        record = self.store.record(table_id)
        if record is None:
            raise TableError(f"there is no table {table_id!r}")
        table = Table(record, start_encounter(record))
        for row in self.store.rows(table_id):
            table.replay(row)
        with self._lock:
            return self.live.setdefault(table_id, table)

    def catch_up(self, table_id: str) -> Table | None:
        """Apply what other processes committed to a table this process has live (None if it
        has not got it)."""
        with self._lock:
            table = self.live.get(table_id)
        if table is None:
            return None
        with table.lock:
            for row in self.store.rows_after(table_id, table.seq):
                table.replay(row)
        return table

    def restore_all(self) -> list[str]:
        """Rebuild every stored table (at start-up): their ids."""
        ids = self.store.table_ids()
        for table_id in ids:
            self.get(table_id)
        return ids

    # --- commands ----------------------------------------------------------------------------
    def command(self, table_id: str, seat: str, kind: str, text: str) -> Table:
        """Do one command for `seat` and commit it (with the bots' answers) before returning.

        `kind`: 'choice' (a choice's text), 'undo' (steps, GM only), 'status' (open, paused,
        ended; GM only). Refusals raise IllegalChoice or TableError and change nothing (a
        refusal that drew dice is logged, so the dice stream replays the same)."""
        table = self.get(table_id)
        refusal: Refusal | None = None
        try:
            with table.lock, self.store.transaction(table_id, after=table.seq) as tx:
                if tx is None:
                    raise TableError(f"there is no table {table_id!r}")
                for row in tx.rows_after(table.seq):  # what other processes committed
                    table.replay(row)
                try:
                    rows = self._apply(table, seat, kind, text)
                    if kind == "choice" or text == "open":
                        rows += self._bots(table)
                except Refusal as refused:
                    refusal, rows = refused, refused.rows
                tx.append(rows)
                if rows:
                    tx.announce(self.origin)
        except BaseException:
            # Not committed (a failure, or a commit that failed): the cache may hold what the
            # database has not got, so the table is rebuilt from the database next time.
            with self._lock:
                self.live.pop(table_id, None)
            raise
        if refusal is not None:
            raise IllegalChoice(str(refusal))
        return table

    def _row(self, table: Table, seat: str, kind: str, text: str) -> Row:
        table.seq += 1
        return Row(table.seq, seat, kind, text, table.digest())

    def _apply(self, table: Table, seat: str, kind: str, text: str) -> list[Row]:
        if kind == "status":
            if seat != GM:
                raise Refusal("only the GM may pause, resume or end the table")
            if text not in STATUSES:
                raise Refusal(f"status must be one of {', '.join(STATUSES)}, not {text!r}")
            if table.status == "ended":
                raise Refusal("the table has ended")
            table.status = text
            return [self._row(table, seat, kind, text)]
        if table.status == "ended":
            raise Refusal("the table has ended")
        if kind == "undo":
            if seat != GM:
                raise Refusal("only the GM may undo")
            try:
                steps = int(text)
                table.enc.undo(steps)
            except ValueError:
                raise Refusal(f"undo: steps must be a whole number, not {text!r}") from None
            except IllegalChoice as refused:
                raise Refusal(str(refused)) from None
            return [self._row(table, seat, kind, str(steps))]
        if kind != "choice":
            raise Refusal(f"unknown command kind {kind!r}")
        if table.status == "paused" and seat != GM:
            raise Refusal("the GM has paused the table")
        if seat != GM and seat in table.bots:
            raise Refusal(f"{seat} is played by a bot at this table")
        try:
            choice = Choice.parse(text)
        except ChoiceSyntaxError as bad:
            raise Refusal(str(bad)) from None
        return self._submit(table, seat, choice)

    def _submit(self, table: Table, seat: str, choice: Choice) -> list[Row]:
        drawn = len(table.enc.discarded)
        try:
            table.enc.submit(seat, choice)
        except IllegalChoice as refused:
            rows = []
            if len(table.enc.discarded) > drawn:  # dice were drawn: the log keeps the refusal
                rows.append(self._row(table, seat, "refused", choice.text()))
            raise Refusal(str(refused), rows) from None
        return [self._row(table, seat, "choice", choice.text())]

    def _bots(self, table: Table) -> list[Row]:
        """The bots' choices for their seats until a person (or the table's dice) must decide."""
        enc = table.enc
        rows: list[Row] = []
        rng = random.Random(f"{table.id}:{table.seq}")
        for _ in range(MAX_BOT_STEPS):
            if table.status != "open" or enc.result() is not None or enc.awaiting is not None:
                break
            waiting = [s for s in enc.pending_seats() if s in table.bots]
            if not waiting or enc.window_of_a_person(table.bots) is not None:
                break  # a person decides first (an optional window of theirs is open)
            try:
                rows += self._submit(table, waiting[0], default_bot(enc, waiting[0], rng))
            except Refusal as refused:  # a bot's mistake must not stop the table
                rows += refused.rows
                rows += self._submit(table, waiting[0], rng.choice(enc.legal(waiting[0])))
        return rows


class Refusal(Exception):
    """A command refused, with the rows the log must still keep (dice it drew)."""

    def __init__(self, reason: str, rows: list[Row] | None = None) -> None:
        super().__init__(reason)
        self.rows = rows or []


__all__ = ["RestoreError", "Table", "TableError", "Tables", "new_token"]
