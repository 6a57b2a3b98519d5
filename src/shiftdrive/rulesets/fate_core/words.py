"""fate_core's events and prompts in words: the one place they are worded. `describe` reads
the event's data only (the log is read long after the fight)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from shiftdrive.conflict.words import describe_in, stage_prompt
from shiftdrive.core.ladder import describe as ladder
from shiftdrive.engine.events import Event, ending_words
from shiftdrive.engine.ruleset import Turn
from shiftdrive.rulesets.fate_core.state import FateCoreState


def _turn_order(d: dict[str, Any]) -> str:
    skill = d["skill"]
    listed = ", ".join(
        f"{n} ({skill} {r:+d})" for n, r in zip(d["order"], d["ratings"], strict=True)
    )
    return f"Turn order by {skill}: {listed}"


def _declare(d: dict[str, Any]) -> str | None:
    if d.get("action") != "sprint":
        return None
    against = ladder(d["difficulty"], difficulty=True)
    return f"{d['who']} sprints for {d['to']} ({d['skill']} against {against})"


def _compel_answer(d: dict[str, Any]) -> str:
    if d["accepted"]:
        return f"{d['character']} accepts the compel on '{d['aspect']}' and gains a fate point"
    return f"{d['character']} refuses the compel on '{d['aspect']}', paying a fate point"


WORDS: Final[dict[str, Callable[[dict[str, Any]], str]]] = {
    "setup": lambda d: f"{d['title']}: {' vs '.join(d['sides'])}",
    "turn_order": _turn_order,
    "move": lambda d: f"{d['who']} moves to {d['to']}",
    "full_defense": lambda d: f"{d['who']} goes on full defense (+2 to defend)",
    "exchange": lambda d: f"Exchange {d['exchange']} begins",
    "end": ending_words,
    "compel": lambda d: f"The GM compels {d['character']}'s aspect '{d['aspect']}'",
    "compel_answer": _compel_answer,
}


def describe(event: Event, seat: str) -> str:
    """An event in words for `seat` (see `conflict.words.describe_in`)."""
    return describe_in(event, WORDS, _declare)


def prompt(state: FateCoreState, turn: Turn) -> str:
    """The decision in words, for the person deciding."""
    if turn.kind == "compel":
        c = state.compels[0]
        return (
            f"The GM compels {c.character}'s aspect '{c.aspect}': accept and gain a fate "
            "point, or refuse and pay one"
        )
    if state.roll is not None:
        return stage_prompt(state, state.roll, turn)
    return f"{turn.actor}'s turn (exchange {state.exchange})"
