"""The GM overrides' events in words (`engine/overrides.py` makes them as data)."""

from __future__ import annotations

from shiftdrive.engine.events import Event


def describe_override(event: Event) -> str | None:
    """A GM override's event in words (None for an event that is not one)."""
    d = event.data
    if event.kind == "gm_note":
        return f"GM note: {d.get('text', '')}"
    if event.kind != "gm":
        return None
    what = d.get("override")
    if what == "add_aspect":
        where = f" on {d['owner']}" if d.get("owner") else ""
        free = f" with {d['free']} free invoke(s) for {d['holder']}" if d.get("free") else ""
        return f"GM adds {d['kind']} aspect '{d['name']}'{where}{free}"
    if what == "remove_aspect":
        return f"GM removes aspect '{d['name']}'"
    if what == "free_invoke":
        return f"GM gives {d['holder']} {d['delta']:+d} free invoke(s) on '{d['name']}'"
    if what == "fate_points":
        return f"GM adjusts {d['character']}'s fate points by {d['delta']:+d} (now {d['now']})"
    if what == "stress":
        verb = "marks" if d["marked"] else "clears"
        return f"GM {verb} {d['character']}'s {d['track']} box {d['box']}: {d['boxes']}"
    if what == "consequence":
        return f"GM gives {d['character']} a {d['severity']} consequence '{d['aspect']}'"
    if what == "clear_consequence":
        return f"GM clears {d['character']}'s {d['severity']} consequence '{d['aspect']}'"
    return None
