"""Fully Automated! combat: secret simultaneous action cards on a hex map, plus light combat.

Seed 003 sections "Standard Combat", "Starting Combat", "Running Combat", "A review of how to
resolve a round of combat" (and its cheat sheet), the action cards, "Additional Combat Rules",
"Discerning Cover and Line of Sight", "Light Combat". Rulings C12 and F1-F10 apply.

This module only wires the ruleset together; each rule lives in the module named for it:
`starting` (set-up, initiative F3), `cards` (the secret card, F2), `rounds` (whose turn, the
round, the reveal, the end), `attacks` (targets, the defense roll F4), `hits` (the strike,
damage, stuns, Restrain F6, counter-attacks), `reach` (ranges and hexes to attack from),
`walks` and `movement` (steps, moves, withdrawals, F7), `light` (F10), `gm`, `words`, `view`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final

from shiftdrive.core.aspects import AspectSet
from shiftdrive.core.dice import DiceSource, die_faces
from shiftdrive.engine.actions import Action
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import GM, Event
from shiftdrive.engine.ruleset import (
    ChoiceMap,
    Ending,
    Result,
    Ruleset,
    Seat,
    Sheet,
    Tally,
    Turn,
)
from shiftdrive.rulesets.fully_automated import rounds, words
from shiftdrive.rulesets.fully_automated.attacks import Follow, Hold, Target
from shiftdrive.rulesets.fully_automated.cards import Play
from shiftdrive.rulesets.fully_automated.gm import BreakFree, End, Hp, Reveal, Stabilise
from shiftdrive.rulesets.fully_automated.light import Check, Declare, Next
from shiftdrive.rulesets.fully_automated.movement import Move, Stay, Step, Wait, Withdraw
from shiftdrive.rulesets.fully_automated.picture import choice_picture
from shiftdrive.rulesets.fully_automated.scenario import FAScenario, load
from shiftdrive.rulesets.fully_automated.starting import fighters_of, initiative
from shiftdrive.rulesets.fully_automated.state import FAState
from shiftdrive.rulesets.fully_automated.table import card
from shiftdrive.rulesets.fully_automated.view import secrets as seat_secrets
from shiftdrive.rulesets.fully_automated.view import view as seat_view

#: the actions offered in each kind of turn, in the order their choices are listed
MENUS: Final[Mapping[str, tuple[str, ...]]] = {
    "card": ("play",),
    "declare": ("declare",),
    "target": ("target", "hold"),
    "defend_step": ("stay", "step"),
    "follow": ("follow", "hold"),
    "withdraw": ("stay", "withdraw"),
    "step": ("stay", "step"),
    "move": ("move",),
    "interject": ("move", "wait"),
    "resolve": ("check", "next", "end", "hp", "stabilise"),  # the GM, in light combat
    "gm": ("reveal", "end", "hp", "break_free", "stabilise"),  # the GM, at any other time
}
#: the GM may force the reveal, change HP or end the fight at any time, not only in its turns


class FullyAutomated(Ruleset[FAState, FAScenario]):
    """Fully Automated! standard combat (hex map, secret cards) and light combat (no map)."""

    id = "fully_automated"
    title = "Fully Automated! combat"
    actions: ClassVar[Mapping[str, Action[Any]]] = {
        a.name: a
        for a in (
            Play(),
            Declare(),
            Target(),
            Hold(),
            Follow(),
            Stay(),
            Step(),
            Withdraw(),
            Move(),
            Wait(),
            Reveal(),
            Check(),
            Next(),
            End(),
            Hp(),
            BreakFree(),
            Stabilise(),
        )
    }

    # --- set-up -------------------------------------------------------------------------------
    def load_scenario(self, data: Mapping[str, Any]) -> FAScenario:
        sc = load(data)
        try:
            die_faces(sc.rules.light_die)
        except ValueError as exc:
            from shiftdrive.engine.scenario import ScenarioError

            raise ScenarioError([("rules.light_die", str(exc))]) from None
        return sc

    def setup(self, scenario: FAScenario, dice: DiceSource) -> tuple[FAState, list[Event]]:
        state, events = fighters_of(scenario)
        events += initiative(state, dice)
        events += rounds.start_round(state, dice)
        return state, events

    # --- the turn structure ---------------------------------------------------------------------
    def seats(self, state: FAState) -> list[Seat]:
        return [Seat(f.name, f.side, (f.name,)) for f in state.fighters.values()]

    def turns(self, state: FAState) -> list[Turn]:
        return rounds.turns(state)

    def menu(self, state: FAState, turn: Turn) -> Sequence[str]:
        return MENUS.get(turn.kind, ())

    def prompt(self, state: FAState, turn: Turn) -> str:
        seat, kind, atk = turn.seat, turn.kind, state.attack
        if kind == "card":
            return f"{seat}: choose an action card in secret"
        if kind == "declare":
            return f"{seat}: choose a one-sentence action in secret"
        if kind == "target":
            assert atk is not None
            return f"{seat}: pick the target of {card(state, atk.card).name}"
        if kind == "defend_step":
            assert atk is not None
            return f"{seat}: defending against {atk.attacker}, move one hex or stay"
        if kind == "follow":
            assert atk is not None
            return f"{seat}: {atk.target} stepped out of reach; move back into range or let it go"
        if kind == "withdraw":
            return f"{seat}: use the attack's movement left, or stay"
        if kind == "step":
            return f"{seat}: unattacked defender, move one hex or stay"
        if kind == "move":
            return f"{seat}: move (lowest initiative first)"
        if kind == "interject":
            return f"{seat}: move now, before {state.queue[0]}, or wait"
        return f"GM: resolve {turn.actor}'s action (skill check, HP changes, then next)"

    def standing(self, state: FAState, seat: str) -> Sequence[str]:
        """The GM's reveal, hp and end are open at any time the GM has no turn of its own
        (`turns` lists the GM's turns only when the GM must decide)."""
        if seat != GM or state.ended or any(t.seat == GM for t in rounds.turns(state)):
            return ()
        return MENUS["gm"]

    def choice_visibility(self, state: FAState, seat: str, choice: Choice) -> frozenset[str] | None:
        if choice.action in ("play", "declare"):
            return frozenset({seat})  # F2: secret until the reveal event
        return None

    def result(self, state: FAState) -> Result | None:
        if state.ended:
            return Result(state.winner, state.ended, Ending(state.ending or Ending.TAKEN_OUT))
        return None

    # --- words and views ------------------------------------------------------------------------
    def describe(self, event: Event, seat: str) -> str:
        return words.describe(event, seat)

    def snapshot(self, state: FAState) -> dict[str, Any]:
        return state.to_json()

    def view(self, state: FAState, seat: str) -> dict[str, Any]:
        return seat_view(state, seat)

    def secrets(self, state: FAState, seat: str) -> list[str]:
        return seat_secrets(state, seat)

    def choice_map(self, state: FAState, seat: str, choices: Sequence[Choice]) -> ChoiceMap | None:
        """The map with each hex a move, step, withdrawal or follow goes to numbered as its
        choice, so the table picks a hex off the picture."""
        got = choice_picture(state, choices)
        return None if got is None else ChoiceMap(*got)

    # --- balancing and GM control ---------------------------------------------------------------
    def tally(self, state: FAState) -> list[Tally]:
        """Per character: HP lost (every point, healing not netted), taken out by the F8
        thresholds (0 HP or below) or by restraint (F6). No consequences or fate points here."""
        return [
            Tally(
                name=f.name,
                side=f.side,
                taken_out=f.hp <= 0 or f.restrained,
                damage=f.hp_lost,
            )
            for f in state.fighters.values()
        ]

    def sheets(self, state: FAState) -> dict[str, Sheet]:
        return {n: Sheet(n, f.side) for n, f in state.fighters.items()}

    def aspects(self, state: FAState) -> AspectSet:
        return state.aspects
