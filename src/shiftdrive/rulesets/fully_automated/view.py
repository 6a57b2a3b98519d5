"""What each seat may see of a fight (F2: a seat sees only its own unrevealed card; the GM
sees every one), and the secrets the conformance harness looks for in other seats' views."""

from __future__ import annotations

from typing import Any

from shiftdrive.engine.events import GM
from shiftdrive.rulesets.fully_automated.light import LIGHT_SENTENCES
from shiftdrive.rulesets.fully_automated.state import DEAD, FAState
from shiftdrive.rulesets.fully_automated.table import card, hex_map, rules
from shiftdrive.rulesets.fully_automated.words import played_text


def view(state: FAState, seat: str) -> dict[str, Any]:
    fighters = []
    for n in state.order:
        f = state.fighters[n]
        fighters.append({
            "name": n, "side": f.side, "hp": f.hp, "max_hp": f.max_hp, "status": f.status,
            "pos": None if f.pos is None else str(f.pos), "speed": f.speed, "move": f.move,
            "initiative": f.initiative,
            "stun": f.stun, "restrained": f.restrained, "aimed": f.aim > 0,
            "armor": f.armor_name, "weapons": list(f.weapons), "cards": list(f.cards),
            "moved_last_round": f.moved_last_round,
        })  # fmt: skip
    played = {
        k: played_text(v, card(state, str(v["card"])).name if "card" in v else "")
        for k, v in state.played.items()
    }
    out: dict[str, Any] = {
        "title": state.title, "mode": state.mode, "round": state.round,
        "max_rounds": rules(state).max_rounds, "phase": state.phase,
        "order": list(state.order), "fighters": fighters,
        "chosen": sorted(state.secret.chosen),
        "played": played,
        "attack": state.attack.to_json() if state.attack else None,
        "light_actor": state.light_actor,
        "result": (
            {"winner": state.winner, "reason": state.ended, "ending": state.ending}
            if state.ended else None
        ),
    }  # fmt: skip
    # F2: a seat sees only its own unrevealed card; the GM sees all of them.
    if seat == GM:
        out["secret"] = {k: dict(v) for k, v in state.secret.chosen.items()}
        out["gm_notes"] = state.gm_notes
    elif seat in state.secret.chosen:
        out["secret"] = {seat: dict(state.secret.chosen[seat])}
    else:
        out["secret"] = {}
    if state.mode == "standard":
        hmap = hex_map(state)
        marks = {
            f.pos: f.name[:2]
            for f in state.fighters.values()
            if f.pos is not None and f.status != DEAD
        }
        # The scenario holds the map's hexes; the view carries terrain and a picture.
        out["map"] = {"terrain": hmap.to_dict()["terrain"], "picture": hmap.to_text(marks)}
    return out


def secrets(state: FAState, seat: str) -> list[str]:
    """Other seats' unrevealed free-text declarations (light combat); cards are checked by
    structure in the tests, since card ids also appear in every seat's own choices."""
    if seat == GM:
        return []
    return [
        str(v["text"])
        for s, v in state.secret.chosen.items()
        if s != seat and "text" in v and v["text"] not in LIGHT_SENTENCES
    ]
