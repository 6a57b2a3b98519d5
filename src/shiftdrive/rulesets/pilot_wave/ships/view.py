"""What each seat may see of a ship fight: its own ships whole, the enemies its side has
detected (where they are, how hurt, what is disabled), never a ship it has not detected
(nor its crew, its attacks' source or its marker on the map); the GM sees everything."""

from __future__ import annotations

from typing import Any

from shiftdrive.engine.events import GM
from shiftdrive.maps.hexgrid import Hex
from shiftdrive.rulesets.pilot_wave.ships import rolls
from shiftdrive.rulesets.pilot_wave.ships.state import Ship, ShipState
from shiftdrive.rulesets.pilot_wave.ships.tables import EXCHANGE, HEX_SIZE


def _sees(state: ShipState, seat: str, ship: Ship) -> bool:
    return seat == GM or state.sees(seat, ship)


def secrets(state: ShipState, seat: str) -> list[str]:
    if seat == GM:
        return []
    out: list[str] = []
    for ship in state.ships.values():
        if not state.sees(seat, ship):
            out.append(ship.name)
            out += [c.name for c in ship.crew]
    if state.gm_notes.strip():
        out.append(state.gm_notes)
    return out


def _ship(state: ShipState, seat: str, s: Ship) -> dict[str, Any]:
    own = seat in (GM, s.side)
    out: dict[str, Any] = {
        "name": s.name, "side": s.side, "type": s.type, "hex": s.hex, "status": s.status,
        "drive": s.drive, "armor": s.armor, "weapons": list(s.weapons),
        "moved": s.moved, "last_moved": s.last_moved, "signal": s.signal or s.signal_last,
        "hull": s.hull.render(),
        "consequences": [c.aspect for c in s.consequences.taken()],
        "disabled": s.disabled(),
    }  # fmt: skip
    if own:
        out["crew"] = [
            {"name": c.name, "station": c.station, "status": c.status,
             "stress": c.stress.render()}
            for c in s.crew
        ]  # fmt: skip
        out["jump"] = s.jump
        out["high_g_seconds"] = s.high_g_seconds
        out["countermeasures"] = s.countermeasures
        out["fate_points"] = s.fate_points.current
    return out


def view(state: ShipState, seat: str) -> dict[str, Any]:
    seen = [s for s in state.ships.values() if _sees(state, seat, s)]
    names = {s.name for s in seen}
    roll = None
    # the crew roll in hand, to the sides that read about it (`rolls.witnesses`: its ship
    # and, an attack's, its target seen)
    r = state.roll
    if r is not None and (seat == GM or seat in rolls.witnesses(state)):
        roll = {k: r[k] for k in ("kind", "ship", "target", "skill", "dice", "difficulty",
                                  "bonus", "invoked")}  # fmt: skip
        if seat != GM:  # an aspect of a ship the side does not see reads unnamed
            roll["invoked"] = rolls.invoked_for(r, seat)
    attacks = []
    for a in state.attacks:
        if a.attacker in names and a.target in names:
            attacks.append(a.to_json())
        elif a.target in names and seat in (GM, state.ships[a.target].side):
            attacks.append({"attacker": None, "target": a.target, "weapon": a.weapon,
                            "strikes": a.strikes})  # fmt: skip
    crews = {c.name for s in seen for c in s.crew}
    aspects = [
        {"name": a.name, "kind": a.kind.value, "owner": a.owner,
         "free": {h: n for h, n in a.free_invokes.items() if h in names}}
        for a in state.aspects
        if a.owner is None or a.owner in names or a.owner in crews
    ]  # fmt: skip
    markers = {Hex.parse(s.hex): s.name[0] for s in seen if s.active}
    out: dict[str, Any] = {
        "title": state.title,
        "scale": {"name": state.scale, "hex": HEX_SIZE[state.scale],
                  "exchange": EXCHANGE[state.scale]},
        "exchange": state.exchange, "max_exchanges": state.max_exchanges,
        "phase": state.phase, "side_order": list(state.order),
        "ships": [_ship(state, seat, s) for s in seen],
        "detected": list(state.detected.get(seat, [])) if seat != GM else dict(state.detected),
        "attacks": attacks,
        "aspects": aspects,
        "map": state.hexes.to_text(markers),
        "result": {"winner": state.winner, "reason": state.ended} if state.ended else None,
        # P6: one's own pool and bid only (the GM sees all); the crew roll in hand (above)
        "tactics_pool": dict(state.pools) if seat == GM else state.pools.get(seat, 0),
        "bids": {k: b for k, b in state.bids.items() if seat in (GM, k)},
        "roll": roll,
    }  # fmt: skip
    if state.absorb is not None and state.absorb["target"] in names:
        out["absorb"] = {k: v for k, v in state.absorb.items()
                         if k != "attacker" or v in names}  # fmt: skip
    if seat == GM:
        out["gm_notes"] = state.gm_notes
    return out
