"""What each seat may see of a fate_core conflict: hidden aspects only for their owner's side
(and the GM), fate points only for one's own side, the GM's notes only for the GM."""

from __future__ import annotations

from typing import Any

from shiftdrive.conflict import view as shared
from shiftdrive.conflict.view import aspect_json
from shiftdrive.engine.events import GM
from shiftdrive.rulesets.fate_core.fighters import HOST
from shiftdrive.rulesets.fate_core.state import FateCoreState


def secrets(state: FateCoreState, seat: str) -> list[str]:
    return shared.secrets(HOST, state, seat, state.gm_notes)


def view(state: FateCoreState, seat: str) -> dict[str, Any]:
    shown = shared.shown(HOST, state, seat)
    fighters = []
    for f in state.fighters.values():
        fighters.append({
            "name": f.name, "side": f.side, "zone": f.zone, "status": f.status,
            "skills": dict(f.skills),
            "fate_points": shared.fate_points(f, seat),
            "refresh": f.fate_points.refresh,
            **shared.harm(f),
            "weapon": f.weapon, "armor": f.armor_rating, "full_defense": f.full_defense,
            "aspects": [aspect_json(a) for a in shown if a.owner == f.name],
        })  # fmt: skip
    cur = state.current()
    out: dict[str, Any] = {
        "title": state.title,
        "exchange": state.exchange,
        "max_exchanges": state.max_exchanges,
        "turn": cur.name if cur else None,
        "order": list(state.order),
        "zones": [
            {
                "name": z,
                "adjacent": adj,
                "aspects": [aspect_json(a) for a in shown if a.zone == z and a.owner is None],
            }
            for z, adj in state.zones.items()
        ],
        "scene_aspects": [aspect_json(a) for a in shown if a.owner is None and a.zone is None],
        "fighters": fighters,
        "roll": roll_view(state),
        "result": {"winner": state.winner, "reason": state.ended} if state.ended else None,
    }
    if seat == GM:
        out["gm_notes"] = state.gm_notes
    return out


def roll_view(state: FateCoreState) -> dict[str, Any] | None:
    return shared.roll_view(state)
