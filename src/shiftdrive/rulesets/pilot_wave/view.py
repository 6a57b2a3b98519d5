"""What each seat may see of a Pilot Wave conflict: fate points and side-order bids only for
one's own side (bids until the side-order roll shows them), hidden aspects only for their
owner's side, the GM's notes only for the GM; a side that has noticed no enemy yet (P8: all
its characters Surprised) sees no enemy's hex nor enemy moves; everything else is on the
table."""

from __future__ import annotations

from typing import Any

from shiftdrive.conflict import view as shared
from shiftdrive.core.aspects import Aspect
from shiftdrive.engine.events import GM
from shiftdrive.rulesets.pilot_wave.board import hex_map, weapon_of, where
from shiftdrive.rulesets.pilot_wave.catalog import EXCHANGE, HEX_SIZE
from shiftdrive.rulesets.pilot_wave.host import HOST
from shiftdrive.rulesets.pilot_wave.state import Fighter, PilotWaveState


def secrets(state: PilotWaveState, seat: str) -> list[str]:
    return shared.secrets(HOST, state, seat, state.gm_notes)


def _aspect_json(a: Aspect) -> dict[str, Any]:
    return shared.aspect_json(a, hidden=False)


def unaware_sides(state: PilotWaveState) -> frozenset[str]:
    """P8: the sides that have noticed no enemy yet: every character of theirs still in the
    fight is Surprised (a side's seat sees what any of its characters has noticed)."""
    out = []
    for side in state.sides:
        present = state.active(side)
        if present and all(f.surprised for f in present):
            out.append(side)
    return frozenset(out)


def blind_to(state: PilotWaveState, f: Fighter) -> frozenset[str]:
    """The seats that may not see where `f` stands: the enemy sides that have not noticed
    it (P8; none on an `open_map`)."""
    if state.settings.get("open_map") or not any(e.surprised for e in state.fighters.values()):
        return frozenset()
    return unaware_sides(state) - {f.side}


def move_seen_by(state: PilotWaveState, f: Fighter) -> frozenset[str] | None:
    """Who sees `f` move (its event and its choice in the log): everyone (None) but the
    enemy sides that have not noticed it."""
    blind = blind_to(state, f)
    if not blind:
        return None
    return frozenset(s for s in state.sides if s not in blind)


def view(state: PilotWaveState, seat: str) -> dict[str, Any]:
    shown = shared.shown(HOST, state, seat)
    fighters = []
    unseen = {f.name for f in state.fighters.values() if seat in blind_to(state, f)}
    for f in state.fighters.values():
        hidden = f.name in unseen
        fighters.append({
            "name": f.name, "side": f.side, "hex": None if hidden else f.zone,
            "status": f.status,
            "aware": not f.surprised, "skills": {k: v for k, v in f.skills.items() if v != -2},
            "physique": f.physique, "psyche": f.psyche,
            "fate_points": shared.fate_points(f, seat),
            **shared.harm(f),
            "weapon": weapon_of(state, f).name, "rounds": f.rounds,
            "fire_mode": f.fire_mode, "armor": f.armor,
            "moved": None if hidden else f.moved, "acted": f.name in state.acted,
            "power": f.power,
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
        "map": hex_map(state).to_text(
            {where(f): f.name[0] for f in state.active() if f.name not in unseen}
        ),
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
