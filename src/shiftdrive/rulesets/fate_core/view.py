"""What each seat may see of a fate_core conflict: hidden aspects only for their owner's side
(and the GM), fate points only for one's own side, the GM's notes only for the GM."""

from __future__ import annotations

from typing import Any

from shiftdrive.conflict import view as shared
from shiftdrive.engine.events import GM
from shiftdrive.rulesets.fate_core.fighters import HOST
from shiftdrive.rulesets.fate_core.state import FateCoreState


def secrets(state: FateCoreState, seat: str) -> list[str]:
    return shared.secrets(HOST, state, seat, state.gm_notes)


def view(state: FateCoreState, seat: str) -> dict[str, Any]:
    shown = shared.shown(HOST, state, seat)
    fighters = [
        shared.fighter_json(
            f, seat, shown, f.skills,
            weapon=f.weapon, armor=f.armor_rating, full_defense=f.full_defense,
        )
        for f in state.fighters.values()
    ]  # fmt: skip
    cur = state.current()
    out: dict[str, Any] = {
        "title": state.title,
        "exchange": state.exchange,
        "max_exchanges": state.max_exchanges,
        "turn": cur.name if cur else None,
        "order": list(state.order),
        "zones": shared.zones_json(state.zones, shown),
        "scene_aspects": shared.scene_aspects(shown),
        "fighters": fighters,
        "roll": roll_view(state),
        "result": {"winner": state.winner, "reason": state.ended} if state.ended else None,
    }
    if seat == GM:
        out["gm_notes"] = state.gm_notes
    return out


def roll_view(state: FateCoreState) -> dict[str, Any] | None:
    return shared.roll_view(state)
