"""A ship fight's events and prompts in words: the one place they are worded. `describe`
reads the event's data only (the log is read long after the fight)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from shiftdrive.core.dice import fudge_symbols
from shiftdrive.core.ladder import describe as ladder
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import Turn, describe_engine_event
from shiftdrive.rulesets.pilot_wave.ships.state import ShipState
from shiftdrive.rulesets.pilot_wave.ships.tables import EXCHANGE, HEX_SIZE, WEAPON_NAMES

#: a crew roll's words
ROLL_WORDS: Final[dict[str, str]] = {
    "attack": "attack",
    "sensors": "sensor sweep",
    "countermeasures": "countermeasures",
    "repair": "repair",
    "high_g": "high-G roll (Space Ops)",
    "jump": "jump calculation (Space Ops)",
    "side_order": "side-order roll (Tactics + drive + bid)",
}
ACTION_NAMES: Final[dict[str, str]] = {
    "first_side": "Choose the side that acts first",
    "sense": "Sweep with sensors",
    "maneuver": "Maneuver",
    "drift_off": "Drift off the map",
    "aim": "Aim a weapon",
    "hold_fire": "Hold fire",
    "countermeasures": "Countermeasures",
    "no_countermeasures": "No countermeasures",
    "absorb_hit": "Absorb the hit",
    "board": "Board",
    "repair": "Repair a system (EVA)",
    "jump": "Calculate a jump",
    "stand_by": "Stand by",
    "concede": "Concede the fight",
}
PHASE_WORDS: Final[dict[str, str]] = {
    "sensors": "sensors phase: active or passive sensors?",
    "movement": "movement phase: where to?",
    "targeting": "targeting phase: what to aim at?",
    "countermeasures": "countermeasures phase: targeted; counter?",
    "boarding": "boarding/EVA phase: board, repair, jump or stand by?",
}


def prompt(state: ShipState, turn: Turn) -> str:
    if turn.kind == "first_side":
        return f"{turn.seat} won the side order: which side acts first?"
    if turn.kind == "absorb_hit":
        pending = state.absorb or {}
        return f"{turn.actor} takes a hit of {pending.get('hit')}: how does it absorb it?"
    if turn.kind == "bid":
        return f"{turn.seat}: bid Tactics points for side order (secret; gone for the fight)"
    if turn.kind == "invoke" and state.roll is not None:
        r = state.roll
        ship = state.ships[r["ship"]]
        points = ship.fate_points.current
        pool = state.pools.get(ship.side, 0)
        shifts = r["skill"] + sum(r["dice"]) + r["bonus"] - r["difficulty"]
        return (
            _roll({**r, "shifts": shifts, "crew": r["ctx"].get("crew")}, tail=False)
            + (f", +{r['bonus']} added" if r["bonus"] else "")
            + f" ({shifts:+d}; {points} fate point(s), {pool} Tactics point(s) left)."
            " Invoke an aspect, add Tactics points, or pass?"
        )
    ship = state.ships[turn.actor or ""]
    extra = ""
    if turn.kind == "movement":
        change = ship.drive if ship.works("drives") else 0
        extra = f" (moved {ship.last_moved} last exchange: {max(0, ship.last_moved - change)}"
        extra += f" to {ship.last_moved + change} hexes now)"
    return f"Exchange {state.exchange}, {turn.actor}: {PHASE_WORDS.get(turn.kind, turn.kind)}" + (
        extra
    )


def _roll(d: dict[str, Any], tail: bool = True) -> str:
    """A crew roll waiting for invokes: who rolls what against what."""
    who = d["ship"] + (f" ({d['crew']})" if d.get("crew") else "")
    what = ROLL_WORDS[d["kind"]] + (f" at {d['target']}" if d.get("target") else "")
    against = f" against {ladder(d['difficulty'], difficulty=True)}" if d["difficulty"] else ""
    if d["kind"] == "side_order":  # (against the best total of the other sides)
        against = f" against the others' best total {d['difficulty']}"
    head = f"{who}'s {what}: {d['skill']:+d} {_dice(d)}{against}"
    return head + (f" ({d['shifts']:+d}): invokes may follow" if tail else "")


def _dice(d: dict[str, Any]) -> str:
    return f"[{fudge_symbols(d['dice'])}]"


def _setup(d: dict[str, Any]) -> str:
    s = d["scale"]
    return (
        f"{d['title']}: {' vs '.join(d['sides'])} — {s} scale ({HEX_SIZE[s]} hexes, "
        f"{EXCHANGE[s]} exchanges)"
    )


def _fleet(d: dict[str, Any]) -> str:
    ships = ", ".join(f"{n} ({t}) at {h}" for n, t, h in d["ships"])
    return f"{d['side']} fields {ships}"


def _order_totals(d: dict[str, Any]) -> str:
    parts = [
        f"{r['side']} Tactics {r['tactics']:+d} + drive {r['drive']}"
        + (f" + bid {r['bid']}" if r.get("bid") else "")
        + f" [{fudge_symbols(r['dice'])}] = {r['total']}"
        for r in d["rolls"]
    ]
    return f"Side order: {'; '.join(parts)}"


def _order(d: dict[str, Any]) -> str:
    return f"{_order_totals(d)}. {d['winner']} picks who acts first"


def _sensors(d: dict[str, Any]) -> str:
    who = d["crew"] or "its group's roll"
    return (
        f"{d['ship']} sweeps with {d['mode']} sensors ({who}: Space Combat "
        f"{d['skill']:+d} {_dice(d)} = {ladder(d['total'])})"
    )


def _moved(d: dict[str, Any]) -> str:
    change = f", changing speed by {d['change']}" if d["change"] else " (drifting)"
    return f"{d['ship']} moves {d['hexes']} hexes to {d['to']}{change}"


def _aims(d: dict[str, Any]) -> str:
    how = " (it strikes next exchange)" if d["travels"] else ""
    risk = " — hazardous at an adjacent hex" if d["hazardous"] else ""
    return (
        f"{d['ship']} aims {WEAPON_NAMES[d['weapon']]} at {d['target']}'s {d['system']}{how}{risk}"
    )


def _attack(d: dict[str, Any]) -> str:
    who = d["ship"] or "An unseen ship"
    head = (
        f"{who}'s {WEAPON_NAMES[d['weapon']]} at {d['target']}'s {d['system']}: Space Combat "
        f"{d['skill']:+d} {_dice(d)} against {ladder(d['difficulty'], difficulty=True)}"
    )
    if d["invoked"]:
        head += f", invoking {', '.join(d['invoked'])}"
    if d.get("tactics"):
        head += f", +{d['tactics']} Tactics"
    outcome = d["outcome"]
    if outcome == "mishap":
        return head + ": a mishap"
    if outcome == "miss":
        return head + f": misses by {-d['shifts']}"
    if outcome == "boost":
        return head + ": the armor holds (a boost against it)"
    return head + f": hits for {d['hit']}"


def _absorbs(d: dict[str, Any]) -> str:
    parts = []
    if d["box"] is not None:
        parts.append(f"hull box [{d['box']}]")
    parts += [f"'{c}'" for c in d["consequences"]]
    out = f"{d['ship']} absorbs the hit of {d['hit']} with {' and '.join(parts)}"
    if d["disabled"]:
        out += f" (disabled: {', '.join(d['disabled'])})"
    return out


def _repair(d: dict[str, Any]) -> str:
    verdict = "repaired" if d["fixed"] else "still down"
    return (
        f"{d['crew']} goes EVA to repair {d['ship']}'s {d['system']}: Engineering "
        f"{d['skill']:+d} {_dice(d)} against {d['difficulty']}: {verdict}"
    )


def _astrogation(d: dict[str, Any]) -> str:
    added = "".join(f", invoking {a}" for a in d.get("invoked", ()))
    if d.get("tactics"):
        added += f", +{d['tactics']} Tactics"
    return (
        f"{d['crew']} calculates {d['ship']}'s {d['parsecs']}-parsec jump: Space Ops "
        f"{d['skill']:+d} {_dice(d)} against {ladder(d['difficulty'], difficulty=True)}"
        f"{added}, margin {d['margin']:+d}: {d['words']}"
    )


def _jumped(d: dict[str, Any]) -> str:
    return (
        f"{d['ship']} jumps {d['parsecs']} parsecs and leaves the fight ({'; '.join(d['notes'])})"
    )


def _high_g(d: dict[str, Any]) -> str:
    return (
        f"Beyond 6G aboard {d['ship']}: {d['crew']} rolls Space Ops {_dice(d)} = {d['total']} "
        f"against Difficult (+3): {d['outcome']}"
    )


WORDS: Final[dict[str, Callable[[dict[str, Any]], str]]] = {
    "ship_setup": _setup,
    "ship_fleet": _fleet,
    "ship_side_order": _order,
    "ship_order_dice": lambda d: _order_totals(d) + ": invokes may follow",
    "ship_order_tied": lambda d: _order_totals(d) + ": tied for the top, the sides roll again",
    "ship_first": lambda d: (
        f"Exchange {d['exchange']}: {d['picker']} lets {d['first']} act first in every phase"
    ),
    "ship_exchange": lambda d: f"Exchange {d['exchange']} begins",
    "ship_sensors": _sensors,
    "ship_detected": lambda d: (
        f"{d['side']} detects {d['ship']} ({d['type']}) at {d['hex']} (by {d['by']})"
    ),
    "ship_moved": _moved,
    "ship_matched": lambda d: f"{d['ship']} matches vectors with {d['with']}",
    "ship_departed": lambda d: f"{d['ship']} drifts off the map and out of the fight",
    "ship_high_g": _high_g,
    "ship_adrift": lambda d: (
        f"{d['ship']}'s crew is down after {d['seconds']} s beyond 6G: the ship is adrift"
    ),
    "ship_aims": _aims,
    "ship_incoming": lambda d: (
        f"Incoming: {WEAPON_NAMES[d['weapon']]} locked on {d['target']} from an unseen ship"
    ),
    "ship_holds_fire": lambda d: f"{d['ship']} holds fire",
    "ship_countermeasures": lambda d: (
        f"{d['ship']} counters ({d['by']}: {d['skill']:+d} "
        f"{_dice(d)}): +{d['shifts']} to hit it this exchange"
    ),
    "ship_no_countermeasures": lambda d: f"{d['ship']} uses no countermeasures",
    "ship_attack": _attack,
    "ship_absorbs": _absorbs,
    "ship_destroyed": lambda d: f"{d['ship']} is taken out",
    "ship_mishap": lambda d: (
        f"Mishap aboard {d['ship']}: {d['severity']} consequence '{d['aspect']}'"
    ),
    "ship_boarded": lambda d: (
        f"{d['ship']} boards {d['target'] or 'an unseen ship'}"
        + (f": play on with {d['follow_up']}" if d["follow_up"] else "")
    ),
    "ship_repair": _repair,
    "ship_astrogation": _astrogation,
    "ship_jumped": _jumped,
    "ship_roll": _roll,
    "ship_bid": lambda d: f"{d['side']} bids {d['points']} Tactics point(s) for side order",
    "ship_tactics": lambda d: (
        f"{d['ship']} adds {d['points']} Tactics point(s) from the pool ({d['left']} left)"
    ),
    "ship_invoke": lambda d: (
        f"{d['ship']} invokes '{d['aspect']}' for +2 ("
        + ("a free invoke" if d["payment"] == "free" else f"a fate point; {d['fate_points']} left")
        + ")"
    ),
    "ship_concedes": lambda d: f"{d['side']} concedes the fight",
    "ship_conceded": lambda d: (
        f"{d['ship']} leaves the fight; its crew earns {d['fate_points']} fate point(s)"
    ),
    "ship_over": lambda d: f"The ship fight is over: {d['reason']}",
}


def describe(event: Event, seat: str) -> str:
    """A seat that may not see the event learns nothing from it."""
    if not event.visible(seat):
        return "Something happens out of sight."
    words = WORDS.get(event.kind)
    if words is not None:
        return words(event.data)
    return describe_engine_event(event)
