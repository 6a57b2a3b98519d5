"""star_wars's events and prompts in words: the one place they are worded. `describe` reads
the event's data only (the log is read long after the fight)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from shiftdrive.conflict.words import describe_in, stage_prompt
from shiftdrive.core.ladder import describe as ladder
from shiftdrive.engine.events import Event, ending_words
from shiftdrive.engine.ruleset import Turn
from shiftdrive.rulesets.star_wars.state import StarWarsState


def _declare(d: dict[str, Any]) -> str | None:
    if d.get("action") == "repair":
        against = ladder(d["difficulty"], difficulty=True)
        return f"{d['who']} repairs '{d['aspect']}' (Engineering against {against})"
    if d.get("action") == "tail":
        return f"{d['who']} tries to get on {d['target']}'s six with {d['skill']}"
    if d.get("action") == "jump":
        against = ladder(d["difficulty"], difficulty=True)
        skill = f"{d['skill']} against {against}"
        return f"{d['who']} calculates {d['ship']}'s jump to lightspeed ({skill})"
    if d.get("action") == "communicate":
        return f"{d['who']} works on {d['target']}'s crew with {d['skill']}: '{d['aspect']}'"
    if d.get("action") == "duel":
        return f"{d['who']} presses the duel against {d['target']} with {d['skill']}"
    if d.get("action") != "sprint":
        return None
    against = ladder(d["difficulty"], difficulty=True)
    verb = "dashes" if d["skill"] == "Pilot" else "sprints"
    return f"{d['who']} {verb} for {d['to']} ({d['skill']} against {against})"


def _teamwork(d: dict[str, Any]) -> str:
    helpers = ", ".join(d["helpers"])
    return f"{d['who']} gets +{len(d['helpers'])} on {d['skill']} from teamwork ({helpers})"


def _fire_bonus(d: dict[str, Any]) -> str:
    parts = [f"+{d['stations']} for grouped stations"] if d["stations"] else []
    defense = f"{d['target']} defends at +{d['size']} for size"
    if d["stunts"]:
        defense += f" and +{d['stunts']} for stunts"
    return "; ".join([*parts, defense])


def _tail(d: dict[str, Any]) -> str:
    if d.get("failed"):
        return f"{d['who']} cannot get on {d['target']}'s six"
    if d.get("again"):
        return f"{d['who']} stays on {d['target']}'s six: more free invokes on '{d['aspect']}'"
    how = "reverses the chase and is" if d.get("reversed") else "is"
    return f"{d['who']} {how} on {d['target']}'s six: '{d['aspect']}'"


WORDS: Final[dict[str, Callable[[dict[str, Any]], str]]] = {
    "fire_bonus": _fire_bonus,
    "crew_out": lambda d: (
        f"{d['who']} leaves for hyperspace with {d['vehicle']}"
        if d.get("status") == "escaped"
        else f"{d['who']} is out of the fight with {d['vehicle']}"
    ),
    "tail": _tail,
    "sensors": lambda d: f"{d['who']} sets {d['vehicle']}'s sensors to {d['mode']}",
    "repair": lambda d: (
        f"{d['who']} cannot fix '{d['aspect']}'"
        if d.get("failed")
        else f"{d['who']} fixes '{d['aspect']}': it is ignored for the rest of the scene"
    ),
    "tail_lost": lambda d: f"{d['pursuer']} is no longer on {d['tailed']}'s six ({d['why']})",
    "jump": lambda d: f"{d['ship']} jumps to lightspeed and is gone",
    "jump_failed": lambda d: (
        f"{d['ship']}'s hyperdrive is out: it cannot jump"
        if d.get("drive_out")
        else f"{d['ship']}'s jump calculations fail: try again next round"
    ),
    "abandoned": lambda d: f"{d['vehicle']} leaves the fight with its crew",
    "concession_stake": lambda d: (
        f"{d['who']} gains {d['fate_points']} more fate point(s) for the consequences "
        f"{d['vehicle']} took"
    ),
    "wrecked": lambda d: f"{d['vehicle']} can absorb no more stress: it is out of the fight",
    "setup": lambda d: f"{d['title']}: {' vs '.join(d['sides'])}",
    "opens": lambda d: f"{d['who']} acts first",
    "next": lambda d: f"{d['by']} hands the action to {d['who']}",
    "round": lambda d: f"Round {d['round']} begins",
    "resume": lambda d: f"{d['who']} takes the interrupted turn",
    "interrupt": lambda d: f"{d['who']} pays a fate point to interrupt {d['actor']}",
    "interrupted": lambda d: f"{d['who']} acts before {d['actor']}",
    "refused": lambda d: f"{d['actor']} pays a fate point and refuses {d['who']}'s interrupt",
    "move": lambda d: f"{d['who']} moves to {d['to']}",
    "victory_points": lambda d: (
        f"{d['who']} wins the round: +{d['gain']} victory point(s), {d['points']} of 3 "
        f"against {d['against']}"
    ),
    "duel_tie": lambda d: f"{d['who']} and {d['against']} tie the round: no points, a twist",
    "hold": lambda d: f"{d['who']} takes no action",
    "help": lambda d: f"{d['who']} helps {d['ally']} with {d['skill']} (+1 on the next roll)",
    "teamwork": _teamwork,
    "end": ending_words,
}


def describe(event: Event, seat: str) -> str:
    """An event in words for `seat` (see `conflict.words.describe_in`)."""
    return describe_in(event, WORDS, _declare)


def prompt(state: StarWarsState, turn: Turn) -> str:
    """The decision in words, for the person deciding."""
    if turn.kind == "duel_style":
        return f"{turn.actor} wins the duel round with style: two points, or one and a boost"
    if turn.kind == "duel_cut":
        return (
            f"{state.duel_winner} wins the duel round (+{state.duel_gain}): take a consequence "
            "to cut the gain (mild 1, moderate or severe 2), or accept"
        )
    if state.roll is not None:
        return stage_prompt(state, state.roll, turn)
    actor = state.order.current
    if turn.kind == "interrupted":
        return (
            f"{state.interrupter} interrupts {actor}: let them act first (gain a fate point) "
            "or refuse (pay a fate point)"
        )
    if turn.kind == "next":
        return f"{actor} is done: name who acts next (round {state.round})"
    if turn.kind == "interrupt":
        return f"{actor} is about to act: interrupt with a fate point, or pass"
    return f"{actor}'s turn (round {state.round})"
