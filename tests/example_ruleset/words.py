"""The duel's events in words: the one place they are worded, from the event's data alone
(the log is described long after the state has moved on)."""

from __future__ import annotations

from shiftdrive.engine.events import Event


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def describe(event: Event, seat: str) -> str | None:
    """`event` as `seat` reads it; None for events the engine words (GM overrides)."""
    d = event.data
    kind = event.kind
    if kind == "duel":
        crafts = ", ".join(f"{name} ({side}) at {zone}" for name, side, zone in d["crafts"])
        return f"{d['title']}: {crafts}"
    if kind == "reserve":
        if not event.visible(seat):  # never reached through the log: a seat sees only its own
            return f"{d['craft']} holds something in reserve"
        return (
            f"{d['craft']} holds a hidden reserve: '{d['aspect']}' "
            f"({_plural(d['invokes'], 'free invoke')})"
        )
    if kind == "round":
        return f"Round {d['round']}"
    if kind == "moved":
        return f"{d['craft']} moves from {d['from']} to {d['to']}"
    if kind == "shot":
        return (
            f"{d['shooter']} shoots at {d['target']}: "
            f"{d['dice']} with guns {d['guns']} against pilot {d['pilot']}: "
            f"{_plural(d['shifts'], 'shift')}"
        )
    if kind == "invoked":
        return f"{d['craft']} invokes '{d['aspect']}': the shot stands at {d['shifts']}"
    if kind == "passed":
        return f"{d['craft']} lets the shot stand"
    if kind == "missed":
        return f"{d['shooter']} misses {d['target']}"
    if kind == "hit":
        parts = [f"{d['shooter']} hits {d['target']} for {_plural(d['shifts'], 'shift')}"]
        parts.append(f"hull {d['hull']} marked")
        if d["consequence"]:
            parts.append(f"mild consequence '{d['consequence']}'")
        if d["taken_out"]:
            parts.append("taken out")
        return ", ".join(parts)
    if kind == "conceded":
        return f"{d['craft']} concedes: {d['side']} leaves the fight"
    return None
