"""What one seat may see of an encounter, log entries worded for it.

A live page asks for this after every change at its table, so the log's entries worded for a
seat may be kept (`WordedLog`, one per table in the server) and only new ones worded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from shiftdrive.engine.actions import describe_choice
from shiftdrive.engine.events import GM, LogEntry

if TYPE_CHECKING:
    from shiftdrive.engine.encounter import Encounter

#: A log entry worded for a seat: (seat, what it may not see, the entry's id).
WordedKey = tuple[str, frozenset[str], int]


class WordedLog(Protocol):
    """Where `seat_view` keeps log entries already worded for a seat (a server keeps one per
    table, bounded), so a live page's update words only the new entries. It holds the entry
    itself beside its wording: an id is only trusted while that entry is alive."""

    def get(self, key: WordedKey, /) -> tuple[LogEntry, dict[str, Any] | None] | None: ...
    def __setitem__(
        self, key: WordedKey, value: tuple[LogEntry, dict[str, Any] | None], /
    ) -> None: ...


def seat_view(
    enc: Encounter, seat: str, *, last: int | None = None, memo: WordedLog | None = None
) -> dict[str, Any]:
    """Everything `seat` may see: state, its decisions, its legal choices and the log
    (only the `last` entries it sees, when given: a live page needs no more). With
    `memo`, entries worded for the seat before are taken from it (read-only: the same
    dicts go into every view of the seat until the entry or what it may see changes)."""
    pend = [d.to_json() for d in enc.pending() if seat in (GM, d.seat)]
    log: list[dict[str, Any]] = []
    unseen: frozenset[str] = frozenset()
    if seat != GM and enc.state is not None:
        unseen = enc.ruleset.unseen(enc.state, seat)
    for entry in reversed(enc.log):
        if last is not None and len(log) >= last:
            break
        key = (seat, unseen, id(entry))
        kept = memo.get(key) if memo is not None else None
        if kept is not None and kept[0] is entry:
            shown = kept[1]
        else:
            shown = _worded(enc, entry, seat, unseen)
            if memo is not None:
                memo[key] = (entry, shown)
        if shown is not None:
            log.append(shown)
    log.reverse()
    result = enc.result()
    legal = enc.legal(seat) if seat != GM or enc.awaiting else []
    return {
        "ruleset": enc.ruleset.id,
        "seat": seat,
        "state": enc.ruleset.view(enc.state, seat) if enc.state is not None else {},
        "pending": pend,
        "waiting_on": enc.pending_seats(),
        "legal": [c.text() for c in legal],
        "choices": [describe_choice(c, enc.param_kinds(c)) for c in legal],
        "log": log,
        "result": result.to_json() if result else None,
    }


def _worded(
    enc: Encounter, entry: LogEntry, seat: str, unseen: frozenset[str]
) -> dict[str, Any] | None:
    """One log entry as `seat` sees it, each event in its words (None: it sees nothing)."""
    shown = entry.redacted(seat, unseen)
    if shown is None:
        return None
    seen = [e for e in entry.events if e.visible(seat)]
    for data, event in zip(shown["events"], seen, strict=True):
        data["text"] = enc.describe(event, seat)
    return shown
