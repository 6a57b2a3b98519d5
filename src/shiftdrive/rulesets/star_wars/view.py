"""What each seat may see of a star_wars conflict: hidden aspects only for their owner's side
(and the GM), fate points only for one's own side, the GM's notes only for the GM."""

from __future__ import annotations

from typing import Any

from shiftdrive.conflict import view as shared
from shiftdrive.engine.events import GM
from shiftdrive.rulesets.star_wars.characters import HOST
from shiftdrive.rulesets.star_wars.state import StarWarsState


def secrets(state: StarWarsState, seat: str) -> list[str]:
    return shared.secrets(HOST, state, seat, state.gm_notes)


def view(state: StarWarsState, seat: str) -> dict[str, Any]:
    shown = shared.shown(HOST, state, seat)
    fighters = [
        shared.fighter_json(
            f, seat, shown, f.skills,
            acted=f.name in state.order.acted,
            size=f.size or None, vehicle=f.vehicle, station=f.station or None,
            sensors=("passive" if f.passive_sensors else "active") if f.is_vehicle else None,
        )
        for f in state.fighters.values()
    ]  # fmt: skip
    out: dict[str, Any] = {
        "title": state.title,
        "round": state.round,
        "max_rounds": state.max_rounds,
        "turn": state.order.current,
        "help": [h.to_json() for h in state.helps],
        "duels": [d.to_json() for d in state.duels],
        "tails": [t.to_json() for t in state.tails],
        "zones": shared.zones_json(state.zones, shown),
        "scene_aspects": shared.scene_aspects(shown),
        "fighters": fighters,
        "roll": roll_view(state),
        "result": {"winner": state.winner, "reason": state.ended} if state.ended else None,
    }
    if seat == GM:
        out["gm_notes"] = state.gm_notes
    return out


def roll_view(state: StarWarsState) -> dict[str, Any] | None:
    return shared.roll_view(state)
