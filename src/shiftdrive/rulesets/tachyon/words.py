"""Tachyon in words: the dice, the prompts."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from shiftdrive.core.dice import FudgeRoll
from shiftdrive.rulesets.tachyon.sight import pub
from shiftdrive.rulesets.tachyon.state import PHASE_NAMES, TachyonState

if TYPE_CHECKING:
    from shiftdrive.engine.ruleset import Turn

_FACES: Final[dict[tuple[tuple[int, ...], int, int], str]] = {}


def faces(r: FudgeRoll) -> str:
    """The dice as the log shows them. The wording depends only on the faces and the fixed
    dice, and a battle words a few dozen kinds of roll thousands of times: each is kept, by a
    key hashed without calling the roll's own (Python) hash."""
    key = (r.faces, r.minimized, r.maximized)
    text = _FACES.get(key)
    if text is None:
        text = r.symbols() or "-"
        if len(_FACES) < 4096:
            _FACES[key] = text
    return text


def prompt(state: TachyonState, turn: Turn) -> str:
    """A turn in words, for the person deciding."""
    kind, actor, seat = turn.kind, turn.actor, turn.seat
    if kind == "absorb":
        assert state.absorb is not None
        return (
            f"{actor} must absorb {state.absorb['hit']} more shift(s) past its shields: "
            "take consequences or be taken out (T2)"
        )
    if kind == "invoke":
        roll = state.roll
        assert roll is not None
        against = "" if roll.hide_opp else f" against {roll.opp} ({roll.total - roll.opp:+d})"
        what = "defend" if roll.stage == "target" and not roll.fixed else "invoke"
        return (
            f"{pub(state, roll.actor)}'s {roll.action}: {roll.total}{against}. "
            f"{seat} may {what} with an aspect, or pass."
        )
    if kind == "chatter":
        return f"Round {state.round}: start of round chatter (send a message to your wing, or skip)"
    u = state.units[actor or ""]
    return (
        f"Round {state.round}, {PHASE_NAMES[state.phase]}:"
        f" {u.name} (initiative {u.initiative}) acts or skips"
    )
