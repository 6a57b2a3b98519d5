"""What a seat sees: the table is open (the map, every ship, its tracks and consequences), but
burn declarations stay with their own side until all are in and revealed (D15), a ship's
fate points with its own side and the GM (the project's rule for every ruleset: a view
strips other sides' fate points), and a hidden aspect (a GM's, `gm_add_aspect hidden=true`)
with its ship's side and the GM."""

from __future__ import annotations

from typing import Any

from shiftdrive.core.aspects import Aspect
from shiftdrive.engine.events import GM
from shiftdrive.engine.ruleset import Turn
from shiftdrive.rulesets.diaspora import damage
from shiftdrive.rulesets.diaspora.damage import CONCEDE
from shiftdrive.rulesets.diaspora.state import DiasporaState, Ship


def burns_revealed(state: DiasporaState) -> bool:
    return all(s.name in state.burns or s.name in state.compelled for s in state.fighting())


def sees(state: DiasporaState, aspect: Aspect, seat: str) -> bool:
    """Whether `seat` may see `aspect`: a hidden one only the GM, its ship's side, and a side
    one of whose ships holds a free invoke on it (its to spend: it knows of it)."""
    if not aspect.hidden or seat == GM:
        return True
    owner = state.ships.get(aspect.owner or "")
    if owner is not None and owner.side == seat:
        return True
    for holder, free in aspect.free_invokes.items():
        ship = state.ships.get(holder)
        if free > 0 and ship is not None and ship.side == seat:
            return True
    return False


def secrets(state: DiasporaState, seat: str) -> list[str]:
    """What `seat` must never be shown: the aspects hidden from it."""
    return [a.name for a in state.aspects if not sees(state, a, seat)]


def _ship(ship: Ship, seat: str) -> dict[str, Any]:
    shown: dict[str, Any] = {
        "name": ship.name,
        "side": ship.side,
        "band": ship.band,
        "out": ship.out,
        "ratings": dict(ship.ratings),
        "tracks": {k: t.render() for k, t in ship.tracks.items()},
        "consequences": [c.aspect for c in ship.consequences.taken()],
        "stunts": list(ship.stunts),
        "crew": {c.name: dict(c.skills) for c in ship.crew.values()},
        "stations": dict(ship.stations),
    }
    if seat == GM or ship.side == seat:  # its own side's to see
        shown["fate_points"] = ship.fate_points.current
    return shown


def view(state: DiasporaState, seat: str) -> dict[str, Any]:
    open_burns = burns_revealed(state)
    burns = {
        name: burn
        for name, burn in state.burns.items()
        if open_burns or seat == GM or state.ships[name].side == seat
    }
    return {
        "title": state.title,
        "turn": state.round,
        "phase": state.phase,
        "map": map_picture(state),
        "ships": [_ship(s, seat) for s in state.ships.values()],
        "aspects": [a.to_json() for a in state.aspects if sees(state, a, seat)],
        "burns": burns,
        "position_rolls": dict(state.rolls),
        "defence": dict(state.defence),
        "hits": [h.to_json() for h in state.hits],
        "compel_offer": list(state.compel_offer) if state.compel_offer else None,
        "compelled": list(state.compelled),
    }


def map_picture(state: DiasporaState) -> str:
    """The band strip with the ships still fighting under their bands."""
    marks: dict[int, list[str]] = {}
    for ship in state.fighting():
        if ship.band is not None:
            marks.setdefault(ship.band, []).append(ship.name)
    return state.map.to_text({band: "/".join(names) for band, names in marks.items()})


def prompt_data(state: DiasporaState, turn: Turn) -> dict[str, Any]:
    """What a prompt needs, as data (the words are `words.prompt`)."""
    data: dict[str, Any] = {
        "kind": turn.kind, "actor": turn.actor, "seat": turn.seat, "turn": state.round,
        "phase": state.phase,
    }  # fmt: skip
    if state.hits:
        data["hit"] = state.hits[0].to_json()
    if state.placers:
        data["places"] = state.placers[0][1]
    if turn.kind == CONCEDE:
        data["by"] = damage.declaring(state)
    return data
