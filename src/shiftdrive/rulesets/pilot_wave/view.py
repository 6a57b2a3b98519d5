"""What each seat may see of a Pilot Wave conflict: fate points and side-order bids only for
one's own side (bids until the side-order roll shows them), hidden aspects only for their
owner's side, the GM's notes only for the GM; everything else is on the table."""

from __future__ import annotations

from typing import Any

from shiftdrive.conflict import view as shared
from shiftdrive.core.aspects import Aspect
from shiftdrive.engine.events import GM
from shiftdrive.rulesets.pilot_wave.board import hex_map, weapon_of, where
from shiftdrive.rulesets.pilot_wave.catalog import EXCHANGE, HEX_SIZE
from shiftdrive.rulesets.pilot_wave.host import HOST
from shiftdrive.rulesets.pilot_wave.state import PilotWaveState


def secrets(state: PilotWaveState, seat: str) -> list[str]:
    return shared.secrets(HOST, state, seat, state.gm_notes)


def _aspect_json(a: Aspect) -> dict[str, Any]:
    return shared.aspect_json(a, hidden=False)


def view(state: PilotWaveState, seat: str) -> dict[str, Any]:
    shown = shared.shown(HOST, state, seat)
    fighters = []
    for f in state.fighters.values():
        fighters.append({
            "name": f.name, "side": f.side, "hex": f.zone, "status": f.status,
            "aware": not f.surprised, "skills": {k: v for k, v in f.skills.items() if v != -2},
            "physique": f.physique, "psyche": f.psyche,
            "fate_points": shared.fate_points(f, seat),
            **shared.harm(f),
            "weapon": weapon_of(state, f).name, "rounds": f.rounds, "armor": f.armor,
            "moved": f.moved, "acted": f.name in state.acted, "power": f.power,
            "aspects": [_aspect_json(a) for a in shown if a.owner == f.name],
        })  # fmt: skip
    out: dict[str, Any] = {
        "title": state.title,
        "scale": {
            "name": state.scale,
            "hex": HEX_SIZE[state.scale],
            "exchange": EXCHANGE[state.scale],
        },
        "exchange": state.exchange,
        "max_exchanges": state.max_exchanges,
        "side_order": {"winner": state.picker, "this_exchange": list(state.order)},
        "tactics_pools": dict(state.pools),
        "bids": {s: b for s, b in state.bids.items() if seat in (GM, s)},
        "declared": [{"who": d.actor, "action": d.choice} for d in state.stack if d.choice],
        "scene_aspects": [_aspect_json(a) for a in shown if a.owner is None],
        "fighters": fighters,
        "map": hex_map(state).to_text({where(f): f.name[0] for f in state.active()}),
        "roll": roll_view(state),
        "result": {"winner": state.winner, "reason": state.ended} if state.ended else None,
    }
    if seat == GM:
        out["gm_notes"] = state.gm_notes
    return out


def roll_view(state: PilotWaveState) -> dict[str, Any] | None:
    out = shared.roll_view(state)
    if out is not None and state.roll is not None:
        out["hazardous"] = state.roll.hazardous
    return out
