"""What each seat may see of a fight, in the game's words (F2: a seat sees only its own
unrevealed card; the GM sees every one), and the secrets the conformance harness looks for in
other seats' views."""

from __future__ import annotations

from typing import Any

from shiftdrive.engine.events import GM
from shiftdrive.rulesets.fully_automated.light import LIGHT_SENTENCES
from shiftdrive.rulesets.fully_automated.picture import picture
from shiftdrive.rulesets.fully_automated.state import FAState
from shiftdrive.rulesets.fully_automated.table import card, hex_map, rules
from shiftdrive.rulesets.fully_automated.words import now_text, played_text


def view(state: FAState, seat: str) -> dict[str, Any]:
    """The fight as `seat` sees it, in the game's words: the round and what is happening in
    it, each character's HP, hex, stun, aim and cards, the cards revealed, and the map."""
    out: dict[str, Any] = {
        "title": state.title,
        "combat": "light (no map)" if state.mode == "light" else "standard",
        "round": f"{state.round} of at most {rules(state).max_rounds}",
        "now": now_text(state.phase, _attack_data(state), state.light_actor),
    }
    if state.mode == "standard":
        out["turn_order"] = [f"{n} {state.fighters[n].initiative}" for n in state.order]
    out["fighters"] = [_fighter(state, n) for n in state.order]
    out["chosen"] = sorted(state.secret.chosen)
    out["played"] = {
        k: played_text(v, card(state, str(v["card"])).name if "card" in v else "")
        for k, v in state.played.items()
    }
    # F2: a seat sees only its own unrevealed card; the GM sees all of them.
    hidden = state.secret.chosen
    shown = hidden if seat == GM else {seat: hidden[seat]} if seat in hidden else {}
    out["secret"] = {
        k: played_text(v, card(state, str(v["card"])).name if "card" in v else "")
        for k, v in shown.items()
    }
    if seat == GM:
        out["gm_notes"] = state.gm_notes
    if state.ended:
        out["result"] = state.ended
    if state.mode == "standard":
        # The scenario holds the map's hexes; the view carries terrain and a picture.
        out["map"] = {"terrain": hex_map(state).to_dict()["terrain"], "picture": picture(state)}
    return out


def _attack_data(state: FAState) -> dict[str, Any] | None:
    atk = state.attack
    if atk is None:
        return None
    return {**atk.to_json(), "card_name": card(state, atk.card).name}


def _fighter(state: FAState, n: str) -> dict[str, Any]:
    """One character's sheet in the game's words (None and False are left unsaid)."""
    f = state.fighters[n]
    return {
        "name": n,
        "side": f.side,
        "status": f.status,
        "position": None if f.pos is None else f"at {f.pos}",
        "hp": f"{f.hp}/{f.max_hp} HP",
        "stunned": f"{f.stun} round{'s' if f.stun > 1 else ''}" if f.stun else None,
        "restrained": f.restrained,
        "aimed": f.aim > 0,
        "armor": None if f.armor_name == "none" else f.armor_name,
        "weapons": ", ".join(w.replace("_", " ") for w in f.weapons) or None,
        "cards": (
            ", ".join(card(state, c).name for c in f.cards) if state.mode == "standard" else None
        ),
        "moved_last_round": f.moved_last_round,
    }


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
