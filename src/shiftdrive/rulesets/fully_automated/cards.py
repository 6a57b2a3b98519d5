"""Choosing an action card in secret (F2, seed "Running Combat"): every able seat plays one
card at the same time (`engine.turns.SecretChoices`); all reveal together once everyone has
chosen (`rounds.reveal`, or the GM's `reveal`). Unarmed cards may be played as a tackle
(`tackle=true`: move first, take a stun); Aim may re-roll initiative (`reroll=true`).

The choice is visible only to its seat until the reveal (`FullyAutomated.choice_visibility`);
the event that a seat has chosen names no card.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import ClassVar

from shiftdrive.core.dice import DiceSource
from shiftdrive.engine.actions import Action, ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import Turn
from shiftdrive.rulesets.fully_automated.rounds import reveal
from shiftdrive.rulesets.fully_automated.state import FAState, Fighter
from shiftdrive.rulesets.fully_automated.table import card, proficient
from shiftdrive.rulesets.fully_automated.walks import move_allowance
from shiftdrive.rulesets.fully_automated.words import card_text


def play_choices(state: FAState, f: Fighter) -> tuple[Choice, ...]:
    """`play card=X` for each of the fighter's cards, with the tackle and re-roll variants.

    A fighter's cards and the catalog are fixed for the fight, so the list is made once
    per hand (keyed by the cards) instead of at every round's choice."""
    hand = tuple(f.cards)
    got = state.play_memo.get(hand)
    if got is not None:
        return got
    out = []
    for cid in hand:
        c = card(state, cid)
        out.append(Choice.of("play", label=f"play {c.name}", card=cid))
        if c.tackle:
            out.append(
                Choice.of(
                    "play",
                    label=f"tackle: Move, then {c.name} (and take a stun)",
                    card=cid,
                    tackle=True,
                )
            )
        if cid == "aim":
            out.append(Choice.of("play", label="Aim and re-roll initiative", card=cid, reroll=True))
    got = state.play_memo[hand] = tuple(out)
    return got


class Play(Action[FAState]):
    """`play card=ID` (`tackle=true`, `reroll=true`): this round's card, in secret."""

    name = "play"
    params: ClassVar[Mapping[str, ParamKind]] = MappingProxyType(
        {"card": ParamKind.OPTION, "tackle": ParamKind.FLAG, "reroll": ParamKind.FLAG}
    )

    def options(self, state: FAState, turn: Turn) -> list[Choice]:
        return list(play_choices(state, state.fighters[turn.seat]))

    def odds_words(self, state: FAState, turn: Turn, choice: Choice) -> str | None:
        """The card's damage and reach (a Move's or tackle's hexes this round)."""
        f = state.fighters[turn.seat]
        cid = choice.str_param("card")
        return card_text(
            card(state, cid),
            move=move_allowance(state, f),
            proficient=proficient(state, f, cid),
            tackle=choice.get("tackle") is True,
        )

    def apply(self, state: FAState, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        seat = turn.seat
        state.secret.choose(
            seat,
            {
                "card": choice.str_param("card"),
                "tackle": choice.get("tackle") is True,
                "reroll": choice.get("reroll") is True,
            },
        )
        events = [Event("chosen", data={"seat": seat, "what": "card"})]
        if state.secret.complete:
            events += reveal(state, dice)
        return events
