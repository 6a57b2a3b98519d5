"""What each seat may see of a star_wars conflict: hidden aspects only for their owner's side
(and the GM), fate points only for one's own side, the GM's notes only for the GM."""

from __future__ import annotations

from typing import Any

from shiftdrive.conflict import view as shared
from shiftdrive.conflict.view import aspect_json
from shiftdrive.engine.events import GM
from shiftdrive.rulesets.star_wars.characters import HOST
from shiftdrive.rulesets.star_wars.state import StarWarsState


def secrets(state: StarWarsState, seat: str) -> list[str]:
    return shared.secrets(HOST, state, seat, state.gm_notes)


def view(state: StarWarsState, seat: str) -> dict[str, Any]:
    shown = shared.shown(HOST, state, seat)
    fighters = []
    for f in state.fighters.values():
        fighters.append({
            "name": f.name, "side": f.side, "zone": f.zone, "status": f.status,
            "skills": dict(f.skills),
            "fate_points": shared.fate_points(f, seat),
            "refresh": f.fate_points.refresh,
            **shared.harm(f),
            "acted": f.name in state.order.acted,
            "size": f.size or None, "vehicle": f.vehicle, "station": f.station or None,
            "sensors": ("passive" if f.passive_sensors else "active") if f.is_vehicle else None,
            "aspects": [aspect_json(a) for a in shown if a.owner == f.name],
        })  # fmt: skip
    out: dict[str, Any] = {
        "title": state.title,
        "round": state.round,
        "max_rounds": state.max_rounds,
        "turn": state.order.current,
        "help": [h.to_json() for h in state.helps],
        "duels": [d.to_json() for d in state.duels],
        "tails": [t.to_json() for t in state.tails],
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


def roll_view(state: StarWarsState) -> dict[str, Any] | None:
    return shared.roll_view(state)
