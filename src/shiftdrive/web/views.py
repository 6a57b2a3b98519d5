"""What one seat is sent: the encounter's view for that seat (the engine strips every secret
and words the log for it), with the table around it and the odds of its own choices.

Nothing else of the state leaves the server: pages, API answers and WebSocket messages are
all built from `seat_view`, so a secret is kept in one place (the ruleset's `view` and the
events' `visible_to`).
"""

from __future__ import annotations

from typing import Any, Final

from shiftdrive.engine.actions import describe_choice
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import GM
from shiftdrive.engine.overrides import OVERRIDES
from shiftdrive.maps.errors import MapError
from shiftdrive.maps.hexgrid import HexMap
from shiftdrive.web.tables import Table

#: Log entries a view carries (the page shows them; `GET /api/t/{token}/log` has them all).
LOG_TAIL: Final = 60


def choice_odds(table: Table, seat: str, choice: Choice) -> dict[str, Any] | None:
    """The exact odds of the roll a choice makes (fractions as 'n/d'), or the ruleset's
    words for them; None when it makes no roll."""
    enc = table.enc
    if enc.state is None or enc.awaiting is not None:
        return None
    words = enc.ruleset.odds_words(enc.state, seat, choice)
    odds = enc.ruleset.odds(enc.state, seat, choice)
    if words is None and odds is None:
        return None
    out: dict[str, Any] = {"words": words}
    if odds is not None:
        out["chances"] = odds.as_dict()
    return out


def seat_view(table: Table, seat: str, last: int | None = LOG_TAIL) -> dict[str, Any]:
    """Everything `seat` may see, as JSON data (never half-way through a command), with the
    last `last` log entries it sees (None: the whole log)."""
    with table.lock:
        return _seat_view(table, seat, last)


def ack(table: Table) -> dict[str, Any]:
    """The short answer to an accepted command: where the table is now."""
    with table.lock:
        result = table.enc.result()
        return {
            "seq": table.seq,
            "status": table.status,
            "waiting_on": table.enc.pending_seats(),
            "result": result.to_json() if result else None,
        }


def _seat_view(table: Table, seat: str, last: int | None) -> dict[str, Any]:
    enc = table.enc
    view = enc.view(seat, last=last, memo=table.worded)
    legal = enc.legal(seat) if seat != GM else enc.legal(GM)
    if seat == GM:  # the GM's own decisions (a ruleset's GM turns), besides the overrides
        view["legal"] = [c.text() for c in legal]
        view["choices"] = [describe_choice(c, enc.param_kinds(c)) for c in legal]
    for shown, choice in zip(view["choices"], legal, strict=True):
        shown["odds"] = choice_odds(table, seat, choice)
    view["table"] = table.id
    view["status"] = table.status
    view["seq"] = table.seq
    # Who sits where; what another seat controls is left out (an undetected craft is a name).
    view["seats"] = [
        {"id": s.id, "side": s.side, "bot": s.id in table.bots}
        | ({"controls": list(s.controls)} if seat in (GM, s.id) else {})
        for s in table.seating()
    ]
    view["dice"] = "manual" if enc.table else "seeded"
    view["dice_for"] = _dice_for(table, seat)
    view["hexes"] = _hexes(table)
    if seat == GM:
        view["overrides"] = dict(OVERRIDES)
    return view


def _dice_for(table: Table, seat: str) -> dict[str, Any] | None:
    """The dice the table must type in now, shown to the seat that rolls them and to the GM:
    a bot cannot roll physical dice, so at a table with bots the GM types the bots' dice."""
    waiting = table.enc.awaiting
    if waiting is None or seat not in (GM, waiting.roller):
        return None
    return {
        "seat": waiting.roller,
        "bot": waiting.roller in table.bots,
        "prompt": waiting.decision().prompt,
    }


def _hexes(table: Table) -> list[str] | None:
    """The hexes of the scenario's hex map, when it has one ('q,r'): the board's shape is
    public; what stands on it comes from the seat's view."""
    data = table.enc.scenario_data.get("map")
    if not isinstance(data, dict):
        return None
    try:
        return [str(h) for h in HexMap.from_dict(data)]
    except (MapError, TypeError, ValueError):
        return None


__all__ = ["LOG_TAIL", "ack", "choice_odds", "seat_view"]
