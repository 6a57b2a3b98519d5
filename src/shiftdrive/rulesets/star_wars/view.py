"""What each seat may see of a star_wars conflict: hidden aspects only for their owner's side
(and the GM), fate points only for one's own side, the GM's notes only for the GM."""

from __future__ import annotations

from typing import Any

from shiftdrive.conflict.roll import totals
from shiftdrive.core.aspects import Aspect
from shiftdrive.engine.events import GM
from shiftdrive.rulesets.star_wars.characters import HOST
from shiftdrive.rulesets.star_wars.state import StarWarsState


def secrets(state: StarWarsState, seat: str) -> list[str]:
    if seat == GM:
        return []
    out = [a.name for a in state.aspects if not HOST.visible(state, a, seat)]
    if state.gm_notes:
        out.append(state.gm_notes)
    return out


def _aspect_json(a: Aspect) -> dict[str, Any]:
    d: dict[str, Any] = {"name": a.name, "kind": a.kind.value}
    if a.free_invokes:
        d["free_invokes"] = dict(a.free_invokes)
    if a.hidden:
        d["hidden"] = True
    return d


def view(state: StarWarsState, seat: str) -> dict[str, Any]:
    shown = [a for a in state.aspects if HOST.visible(state, a, seat)]
    fighters = []
    for f in state.fighters.values():
        own = seat in (GM, f.side)
        fighters.append({
            "name": f.name, "side": f.side, "zone": f.zone, "status": f.status,
            "skills": dict(f.skills),
            "fate_points": f.fate_points.current if own else None,
            "refresh": f.fate_points.refresh,
            "stress": {k: t.render() for k, t in f.stress.items()},
            "consequences": [c.aspect for c in f.consequences.taken()],
            "acted": f.name in state.order.acted,
            "size": f.size or None, "vehicle": f.vehicle, "station": f.station or None,
            "aspects": [_aspect_json(a) for a in shown if a.owner == f.name],
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
                "aspects": [_aspect_json(a) for a in shown if a.zone == z and a.owner is None],
            }
            for z, adj in state.zones.items()
        ],
        "scene_aspects": [_aspect_json(a) for a in shown if a.owner is None and a.zone is None],
        "fighters": fighters,
        "roll": roll_view(state),
        "result": {"winner": state.winner, "reason": state.ended} if state.ended else None,
    }
    if seat == GM:
        out["gm_notes"] = state.gm_notes
    return out


def roll_view(state: StarWarsState) -> dict[str, Any] | None:
    roll = state.roll
    if roll is None:
        return None
    total, opp = totals(state, roll) if roll.stage != "defend" else (None, None)
    return {
        "action": roll.action, "actor": roll.actor, "skill": roll.skill, "target": roll.target,
        "stage": roll.stage, "actor_dice": roll.actor_faces, "opposition_dice": roll.opp_faces,
        "total": total, "opposition": opp, "difficulty": roll.difficulty,
    }  # fmt: skip
