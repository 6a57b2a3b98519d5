"""pilot_wave's events and prompts in words: the one place they are worded. `describe` reads
the event's data only (the log is read long after the fight)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from shiftdrive.conflict.words import describe_in, outcome_words, stage_prompt
from shiftdrive.core.dice import fudge_symbols
from shiftdrive.core.ladder import describe as ladder
from shiftdrive.engine.events import Event, ending_words
from shiftdrive.engine.ruleset import Turn
from shiftdrive.rulesets.pilot_wave.catalog import EXCHANGE, HEX_SIZE
from shiftdrive.rulesets.pilot_wave.counters import conceding
from shiftdrive.rulesets.pilot_wave.host import HOST
from shiftdrive.rulesets.pilot_wave.state import PilotWaveState


def _setup(d: dict[str, Any]) -> str:
    scale = d["scale"]
    return (
        f"{d['title']}: {' vs '.join(d['sides'])} — {scale} scale "
        f"({HEX_SIZE[scale]} hexes, {EXCHANGE[scale]} exchanges)"
    )


def _notice(d: dict[str, Any]) -> str:
    verdict = "spots the enemy" if d["noticed"] else "is caught unaware"
    return (
        f"{d['who']} rolls Notice [{fudge_symbols(d['dice'])}] {d['notice']} against "
        f"{d['hider']}'s Stealth [{fudge_symbols(d['hider_dice'])}] {d['stealth']}: {verdict}"
    )


def _side_order(d: dict[str, Any]) -> str:
    parts = [
        f"{r['side']} ({r['who']}: Tactics [{fudge_symbols(r['dice'])}] "
        f"+ {r['bid']} bid = {r['total']})"
        for r in d["rolls"]
    ]
    aware = d.get("aware", [])
    alone = f"only {aware[0]} has anyone Aware, so nobody rolls" if len(aware) == 1 else ""
    rolled = "; ".join(parts) or alone or "nobody is Aware to roll"
    return f"Side order: {rolled}. {d['winner']} chooses who acts first each exchange"


FIRE_WORDS: Final = {
    "auto": " on automatic",
    "concentrated": " on automatic, concentrated",
    "spray": " on automatic, spraying",
    "follow": " again on automatic",
}


def _declare(d: dict[str, Any]) -> str | None:
    if d.get("action") == "counter":
        return f"{d['who']} tries to counter {d['target']} (Tactics against Tactics)"
    if d.get("action") == "high_g":
        against = ladder(d["difficulty"], difficulty=True)
        return f"{d['who']} fights the G-load beyond 6G: {d['skill']} against {against}"
    if d.get("action") != "attack":
        return None
    if d["skill"] == "Psyche":
        far = " (beyond its reach: hazardous)" if d.get("hazardous") else ""
        return f"{d['who']} pushes at {d['target']}'s mind with Psyche{far}"
    if "weapon" not in d:
        if "difficulty" in d:
            against = ladder(d["difficulty"], difficulty=True)
            return (
                f"{d['who']} strikes the undefended {d['target']} hand-to-hand (against {against})"
            )
        return f"{d['who']} attacks {d['target']} hand-to-hand ({d['skill']})"
    auto = FIRE_WORDS.get(d["fire"], "")
    hazard = ", hazardous" if d.get("hazardous") else ""
    return (
        f"{d['who']} fires the {d['weapon']}{auto} at {d['target']} ({d['band']} range: "
        f"{d['skill']} against {ladder(d['difficulty'], difficulty=True)}{hazard}; "
        f"{d['rounds']} round(s) left)"
    )


def _declares(d: dict[str, Any]) -> str:
    p = d["params"]
    if d["action"] == "attack":
        how = "hand-to-hand" if p.get("skill") == "Close Combat" else f"with {p.get('skill')}"
        what = f"an attack on {p.get('target')} {how}" + (
            " on automatic" if p.get("fire") == "auto" else ""
        )
    elif d["action"] == "advantage":
        what = f"to create '{p.get('name')}' with {p.get('skill')}"
    else:
        what = f"to {d['action']}" + (f" '{p['aspect']}'" if p.get("aspect") else "")
    return f"{d['who']} declares {what} — the other side may counter"


def _mishap(d: dict[str, Any]) -> str:
    if d.get("out"):
        return f"Mishap! {d['who']} has no consequence left to take and is taken out"
    return f"Mishap! {d['who']} takes a {d['severity']} consequence '{d['aspect']}'"


#: the conflict's own rolls named as the table says them
ROLL_NAMES: Final = {
    "high_g": "roll against high G",
    "notice": "Notice against Stealth",
    "side_order": "Tactics roll for side order",
}


def _outcome(d: dict[str, Any]) -> str:
    """The library's words, with the conflict's own rolls named as the table says them."""
    return outcome_words(d, ROLL_NAMES.get(d["action"]))


def _high_g(d: dict[str, Any]) -> str:
    if d.get("out"):
        return f"{d['who']} blacks out: a minute beyond 6G"
    took = f"takes a physical hit of {d['hit']}" if d["hit"] else "holds on"
    dice = fudge_symbols(d["dice"])
    return f"{d['who']} {took} against high G (Space Ops [{dice}], {d['total']} in all)"


def _move(d: dict[str, Any]) -> str:
    shift = f"; {d['shift']:+d} to actions by and against them this exchange" if d["shift"] else ""
    cost = d.get("cost", d["hexes"])
    dear = f" ({cost} of its speed: rough ground)" if cost != d["hexes"] else ""
    return f"{d['who']} {d['gait']} {d['hexes']} hex(es) to {d['to']}{dear}{shift}"


def _moving(d: dict[str, Any]) -> str:
    against = f" against {d['target']}" if d.get("target") else ""
    return f"{d['who']}'s roll{against} is at {d['shift']:+d} for movement this exchange"


def _countered(d: dict[str, Any]) -> str:
    if d["won"]:
        return f"{d['who']} wins the counter and acts before {d['target']}"
    return f"{d['who']}'s counter fails; {d['target']}'s action goes on"


WORDS: Final[dict[str, Callable[[dict[str, Any]], str]]] = {
    "setup": _setup,
    "surprised": lambda d: f"{d['who']} is Surprised",
    "aware": lambda d: f"{d['who']} is no longer Surprised",
    "notice": _notice,
    "bid": lambda d: f"{d['side']} bids {d['points']} Tactics point(s) for side order",
    "side_order": _side_order,
    "first": lambda d: f"{d['by']} chooses: {d['side']} act(s) first this exchange",
    "exchange": lambda d: f"Exchange {d['exchange']} begins",
    "declares": _declares,
    "countered": _countered,
    "lost": lambda d: f"{d['who']}'s action is lost: {d['why']}",
    "move": _move,
    "moving": _moving,
    "reload": lambda d: f"{d['who']} reloads ({d['rounds']} rounds)",
    "switch_fire": lambda d: f"{d['who']} sets the {d['weapon']} to {d['mode']} fire",
    "hold": lambda d: f"{d['who']} ends the turn",
    "tactics": lambda d: (
        f"{d['side']} adds {d['points']} Tactics point(s) ({d['left']} left this exchange)"
    ),
    "mishap": _mishap,
    "high_g": _high_g,
    "outcome": _outcome,
    "boost_expires": lambda d: f"Boost '{d['aspect']}' fades",
    "end": ending_words,
    "fate_points": lambda d: (
        f"{d['who']} gains {d['fate_points']} fate point(s) for aspects invoked against them"
    ),
}


def describe(event: Event, seat: str) -> str:
    """An event in words for `seat` (see `conflict.words.describe_in`)."""
    return describe_in(event, WORDS, _declare)


def prompt(state: PilotWaveState, turn: Turn) -> str:
    """The decision in words, for the person deciding."""
    if turn.kind == "bid":
        return (
            f"{turn.seat}: bid points from your Tactics pool for side order "
            "(secret; they are gone for the conflict)"
        )
    if turn.kind == "first":
        return f"{turn.seat}: choose which side acts first in exchange {state.exchange}"
    if turn.kind == "pick":
        return f"{turn.seat}: choose which of your characters acts now (exchange {state.exchange})"
    if turn.kind == "counter":
        top = state.stack[-1]
        target = conceding(state, turn.seat)
        concede = f"; {target} may concede before the roll" if target else ""
        return (
            f"{top.actor} declares {top.choice}: counter it "
            f"(Tactics vs Tactics, uses the counterer's action) or pass{concede}"
        )
    if turn.kind == "carry_out":
        return f"{turn.actor}'s countered action comes now"
    roll = state.roll
    if roll is not None:
        text = stage_prompt(state, roll, turn)
        named = ROLL_NAMES.get(roll.action)
        if named is not None:  # (the conflict's own rolls, named as the table says them)
            text = text.replace(f"'s {roll.action}:", f"'s {named}:", 1)
        left = HOST.roving(state, turn.seat) if roll.stage == "invoke" else 0
        if left:
            text += f" You may also add Tactics points ({left} left)."
        return text
    moved = ": an attack may follow the move" if state.moved_now else ""
    return f"{turn.actor}'s turn (exchange {state.exchange}){moved}"
