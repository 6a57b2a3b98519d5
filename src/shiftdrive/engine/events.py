"""Events and log entries: the append-only record a battle is rebuilt from."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from shiftdrive.core.dice import DiceDraw
from shiftdrive.engine.choices import Choice

GM: Final = "gm"


@dataclass(slots=True, init=False)
class Event:
    """Something that happened, as data: `Ruleset.describe(event, seat)` words it at the edge
    (the log, the CLI, the web), so the rules never spend time on words nobody reads.

    `visible_to` limits who may see it (None: everyone); the GM always sees everything.
    Events are never changed once made (the log is append-only). They are not frozen: a battle
    makes hundreds, and a frozen dataclass sets each field through `object.__setattr__` (the
    compiled build's generated one too).
    """

    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    visible_to: frozenset[str] | None = None

    def __init__(
        self,
        kind: str,
        data: dict[str, Any] | None = None,
        visible_to: frozenset[str] | None = None,
    ) -> None:
        self.kind = kind
        self.data = {} if data is None else data
        self.visible_to = visible_to

    def visible(self, seat: str) -> bool:
        return seat == GM or self.visible_to is None or seat in self.visible_to

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.data:
            out["data"] = _plain(self.data)
        if self.visible_to is not None:
            out["visible_to"] = sorted(self.visible_to)
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Event:
        vis = data.get("visible_to")
        return cls(
            str(data["kind"]),
            dict(data.get("data", {})),
            frozenset(vis) if vis is not None else None,
        )


@dataclass(slots=True)
class LogEntry:
    """One command (or the set-up), the dice it drew and the events it caused."""

    seat: str
    choice: Choice | None
    draws: list[DiceDraw]
    events: list[Event]
    visible_to: frozenset[str] | None = None
    #: the place of its first draw in a seeded generator's stream (None: not seeded)
    at: int | None = None

    def visible(self, seat: str) -> bool:
        return seat == GM or self.visible_to is None or seat in self.visible_to

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "seat": self.seat,
            "choice": self.choice.to_json() if self.choice else None,
            "draws": [d.to_json() for d in self.draws],
            "events": [e.to_json() for e in self.events],
        }
        if self.visible_to is not None:
            out["visible_to"] = sorted(self.visible_to)
        if self.at is not None:
            out["at"] = self.at
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> LogEntry:
        choice = data.get("choice")
        vis = data.get("visible_to")
        return cls(
            str(data["seat"]),
            Choice.from_json(choice) if choice else None,
            [
                DiceDraw(
                    str(d["die"]),
                    [int(v) for v in d["values"]],
                    str(d["why"]),
                    str(d.get("who", "")),
                )
                for d in data.get("draws", [])
            ],
            [Event.from_json(e) for e in data.get("events", [])],
            frozenset(vis) if vis is not None else None,
            int(data["at"]) if data.get("at") is not None else None,
        )

    def redacted(self, seat: str, unseen: frozenset[str] = frozenset()) -> dict[str, Any] | None:
        """This entry as `seat` may see it, or None when the seat sees nothing of it.

        Draws of units in `unseen` (what the seat may not see) are left out like the units.
        """
        events = [e.to_json() for e in self.events if e.visible(seat)]
        if not self.visible(seat):
            if not events:
                return None
            return {"seat": self.seat, "choice": None, "draws": [], "events": events}
        out = self.to_json()
        out["draws"] = [d.to_json() for d in self.draws if not d.who or d.who not in unseen]
        out["events"] = events
        out.pop("visible_to", None)
        out.pop("at", None)
        for e in out["events"]:
            e.pop("visible_to", None)
        return out


def _plain(value: Any) -> Any:
    """Event data as JSON holds it: the rules may keep dice faces as tuples, which a save
    reads back as lists (and a replay must compare equal)."""
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def ending_words(data: dict[str, Any]) -> str:
    """The words of an "end" event (`winner`, or None, and `reason`), alike in every ruleset
    whose end names one winning side."""
    winner = data["winner"]
    return f"{winner} wins: {data['reason']}" if winner else f"No winner: {data['reason']}"
