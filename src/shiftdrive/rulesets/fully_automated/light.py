"""Light combat (F10, seed "Light Combat", `mode: light`): no map. Each round every seat
declares one sentence in secret (`declare text='...'`); all reveal at once; then the GM
resolves them in table order: `check bonus=N difficulty=N` rolls `rules.light_die` + bonus
against the difficulty (success on >=), `hp` applies damage or healing (`gm.py`), `next`
moves on.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import ClassVar, Final

from shiftdrive.core.dice import DiceSource
from shiftdrive.engine.actions import Action, ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import Turn
from shiftdrive.rulesets.fully_automated.checks import check_chance, check_fault, skill_check
from shiftdrive.rulesets.fully_automated.rounds import next_light_action, reveal
from shiftdrive.rulesets.fully_automated.state import FAState
from shiftdrive.rulesets.fully_automated.words import check_text

LIGHT_ATTACK: Final = "Punch the nearest enemy"
LIGHT_SENTENCES: Final = ("Defend", LIGHT_ATTACK, "Move into cover", "Aim carefully")
SENTENCE_LIMIT: Final = 200
_SENTENCE_BREAK: Final = re.compile(r"[.!?;]\s+\S")
# Words whose period ends no sentence ("I shoot Dr. Nyx"); a single letter (an initial) too.
_ABBREVIATIONS: Final = frozenset((
    "mr", "mrs", "ms", "dr", "st", "jr", "sr", "prof", "capt", "cpt", "lt", "sgt", "col",
    "gen", "mt", "vs", "etc", "e.g", "i.e", "no",
))  # fmt: skip
_LAST_WORD: Final = re.compile(r"(\w+(?:\.\w+)*)$")


def _ends_sentence(text: str, at: int) -> bool:
    """Whether the mark at `at` ends a sentence: not the period of an abbreviation."""
    if text[at] != ".":
        return True
    word = _LAST_WORD.search(text, 0, at)
    return word is None or not (len(word[1]) == 1 or word[1].lower() in _ABBREVIATIONS)


def sentence_fault(text: str) -> str | None:
    """F10 / seed "Light Combat": "anything so long as it's a single non-run-on sentence"."""
    text = text.strip()
    if not text:
        return "declare needs text='one sentence'"
    if len(text) > SENTENCE_LIMIT or any(
        _ends_sentence(text, m.start()) for m in _SENTENCE_BREAK.finditer(text)
    ):
        return f"declare one sentence (at most {SENTENCE_LIMIT} characters), not several"
    return None


class Declare(Action[FAState]):
    """`declare text='...'`: this round's one sentence, in secret (any sentence; the listed
    ones are suggestions)."""

    name = "declare"
    params: ClassVar[Mapping[str, ParamKind]] = MappingProxyType({"text": ParamKind.TEXT})

    def options(self, state: FAState, turn: Turn) -> list[Choice]:
        return [Choice.of("declare", label=s, free=("text",), text=s) for s in LIGHT_SENTENCES]

    def check(self, state: FAState, turn: Turn, choice: Choice) -> str | None:
        return sentence_fault(choice.str_param("text")) or super().check(state, turn, choice)

    def apply(self, state: FAState, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        state.secret.choose(turn.seat, {"text": choice.str_param("text").strip()})
        events = [Event("chosen", data={"seat": turn.seat, "what": "declare"})]
        if state.secret.complete:
            events += reveal(state, dice)
        return events


class Check(Action[FAState]):
    """The GM's `check bonus=N difficulty=N` for the action being resolved."""

    name = "check"
    params: ClassVar[Mapping[str, ParamKind]] = MappingProxyType(
        {"bonus": ParamKind.NUMBER, "difficulty": ParamKind.NUMBER}
    )

    def options(self, state: FAState, turn: Turn) -> list[Choice]:
        if state.phase != "resolve":
            return []
        return [Choice.of("check", bonus=b, difficulty=d) for b in (0, 2) for d in (4, 6, 8)]

    def check(self, state: FAState, turn: Turn, choice: Choice) -> str | None:
        # Any value in range, not just the listed ones.
        if state.phase != "resolve":
            return "skill checks are for light combat, while the GM resolves an action"
        return check_fault(choice)

    def odds_words(self, state: FAState, turn: Turn, choice: Choice) -> str | None:
        """The exact chance of success (`checks.check_chance`)."""
        if check_fault(choice) is not None:
            return None
        bonus, difficulty = choice.int_param("bonus"), choice.int_param("difficulty")
        return check_text(check_chance(state, bonus, difficulty))

    def apply(self, state: FAState, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        bonus, difficulty = choice.int_param("bonus"), choice.int_param("difficulty")
        data = skill_check(state, dice, state.light_actor or "", bonus, difficulty)
        state.light_success = data["success"]
        state.light_stage = "after"
        return [Event("check", data=data)]


class Next(Action[FAState]):
    """The GM's `next`: done with this action; the next in table order (or the next round)."""

    name = "next"

    def options(self, state: FAState, turn: Turn) -> list[Choice]:
        if state.phase != "resolve":
            return []
        return [Choice.of("next", label=f"done with {state.light_actor}")]

    def apply(self, state: FAState, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        return next_light_action(state, dice)
