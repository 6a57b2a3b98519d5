"""Steps and moves: Defend's one hex (F4, phase 2 of the round), the attack's movement left
after the strike (withdraw), and phase 3's Move (F2, F7): lowest initiative first, a higher
mover may interject, an aimed move goes 6 hexes, a body may be dragged (-2).

Where each may end is `walks.py`'s; these are the decisions.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import ClassVar, Final

from shiftdrive.core.dice import DiceSource
from shiftdrive.engine.actions import Action, ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import Turn
from shiftdrive.maps.hexgrid import Hex
from shiftdrive.rulesets.fully_automated.attacks import after_step, finish_attack
from shiftdrive.rulesets.fully_automated.rounds import advance
from shiftdrive.rulesets.fully_automated.state import ACTIVE, FAState
from shiftdrive.rulesets.fully_automated.table import pos
from shiftdrive.rulesets.fully_automated.walks import (
    bodies,
    body_moves,
    free_steps,
    move_options,
    step_options,
)

STAY: Final = Choice.of("stay")  # a withdraw's or a step's staying put (choices are immutable)


@lru_cache(maxsize=4096)
def to_hex(action: str, h: Hex) -> Choice:
    """`move`, `step` or `withdraw` to hex `h`. Choices are immutable and the same few hexes
    come up in every battle, so each is made once."""
    return Choice.of(action, to=str(h))


def step_stands(state: FAState, seat: str) -> list[tuple[Hex, Choice]]:
    """Defend's one hex or staying put, each hex with its choice (stay first)."""
    here = pos(state.fighters[seat])
    return [(here, STAY), *((h, to_hex("step", h)) for h in step_options(state, seat))]


@lru_cache(maxsize=1024)
def _move_here(h: Hex) -> Choice:
    return Choice.of("move", label=f"stay at {h} (move nowhere)", to=str(h))


def plain_moves(state: FAState, seat: str) -> list[tuple[Hex, Choice]]:
    """Each hex a Move can end on, neither aimed nor dragging a body, with its choice (the
    hex it stands on among them, worded as staying)."""
    here = pos(state.fighters[seat])
    return [
        (h, _move_here(h) if h == here else to_hex("move", h))
        for h in move_options(state, seat, False)
    ]


class Stay(Action[FAState]):
    """`stay`: a defender keeps its hex, or an attacker leaves its movement left unused."""

    name = "stay"

    def options(self, state: FAState, turn: Turn) -> list[Choice]:
        return [STAY]

    def apply(self, state: FAState, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        if turn.kind == "withdraw":
            return withdraw(state, None, dice)
        return stepped(state, turn, dice)


class Step(Action[FAState]):
    """`step to=q,r`: Defend's one hex (F4), once a round, attacked (phase 1) or not (phase 2)."""

    name = "step"
    params: ClassVar[Mapping[str, ParamKind]] = MappingProxyType({"to": ParamKind.HEX})

    def options(self, state: FAState, turn: Turn) -> list[Choice]:
        return [to_hex("step", h) for h in step_options(state, turn.seat)]

    def apply(self, state: FAState, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        f = state.fighters[turn.seat]
        f.pos = Hex.parse(choice.str_param("to"))
        moved = Event("step", data={"character": f.name, "to": str(f.pos), "why": "defend"})
        return [moved, *stepped(state, turn, dice)]


def stepped(state: FAState, turn: Turn, dice: DiceSource) -> list[Event]:
    """Defend's hex is used (or kept) for the round; the attack or the round goes on."""
    state.fighters[turn.seat].stepped = True
    if turn.kind == "defend_step":
        return after_step(state, dice)
    state.queue.pop(0)
    return advance(state, dice)


class Withdraw(Action[FAState]):
    """`withdraw to=q,r`: the attack's movement left, after the strike (seed "step out of
    range after the attack")."""

    name = "withdraw"
    params: ClassVar[Mapping[str, ParamKind]] = MappingProxyType({"to": ParamKind.HEX})

    def options(self, state: FAState, turn: Turn) -> list[Choice]:
        atk = state.attack
        assert atk is not None
        return [to_hex("withdraw", h) for h in free_steps(state, turn.seat, atk.movement_left)]

    def apply(self, state: FAState, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        return withdraw(state, Hex.parse(choice.str_param("to")), dice)


def withdraw(state: FAState, to: Hex | None, dice: DiceSource) -> list[Event]:
    """The movement left is used (`to`) or given up (None); the next attacker."""
    atk = state.attack
    assert atk is not None
    events: list[Event] = []
    if to is not None:
        fa = state.fighters[atk.attacker]
        fa.pos = to
        events.append(Event("step", data={"character": fa.name, "to": str(to), "why": "withdraw"}))
    atk.movement_left = 0
    state.phase = "attacks"
    return events + finish_attack(state, dice)


class Move(Action[FAState]):
    """`move to=q,r` (`aim=true` spends the aim for 6 hexes; `body=NAME` drags an adjacent
    incapacitated character, -2): phase 3, lowest initiative first, or interjecting."""

    name = "move"
    params: ClassVar[Mapping[str, ParamKind]] = MappingProxyType(
        {"to": ParamKind.HEX, "aim": ParamKind.FLAG, "body": ParamKind.UNIT}
    )

    def options(self, state: FAState, turn: Turn) -> list[Choice]:
        seat = turn.seat
        f = state.fighters[seat]
        out = [c for _, c in plain_moves(state, seat)]
        if f.aim > 0 and f.status == ACTIVE:
            normal = {c.str_param("to") for c in out}
            out += [
                Choice.of("move", label=f"use aim: move to {h}", to=str(h), aim=True)
                for h in move_options(state, seat, True)
                if str(h) not in normal
            ]
        if f.status == ACTIVE:
            for body in bodies(state, seat):
                out += [
                    Choice.of("move", label=f"move to {h} dragging {body}", to=str(h), body=body)
                    for h in sorted(body_moves(state, seat, body))
                ]
        return out

    def apply(self, state: FAState, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        """Phase 3 (F2, F7): a Move, maybe out of turn (interjecting), maybe dragging a body."""
        seat = turn.seat
        f = state.fighters[seat]
        aimed = choice.get("aim") is True
        to = Hex.parse(choice.str_param("to"))
        body = choice.str_param("body")
        interject = state.queue[0] != seat
        body_to = None
        if body:
            body_to = body_moves(state, seat, body)[to]
            state.fighters[body].pos = body_to
        f.pos = to
        f.moved_this_round = True
        if aimed:
            f.aim = 0
        state.queue.remove(seat)
        state.waited = []  # everyone may reconsider once someone has moved
        moved = Event(
            "move",
            data={
                "character": seat,
                "to": str(to),
                "aim": aimed,
                "body": body or None,
                "body_to": None if body_to is None else str(body_to),
                "interject": interject,
            },
        )
        return [moved, *advance(state, dice)]


class Wait(Action[FAState]):
    """`wait`: a higher mover lets the lowest go first (asked again after each move)."""

    name = "wait"

    def options(self, state: FAState, turn: Turn) -> list[Choice]:
        return [Choice.of("wait", label=f"wait for {state.queue[0]} to move first")]

    def apply(self, state: FAState, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        state.waited.append(turn.seat)
        return [Event("wait", data={"character": turn.seat, "first": state.queue[0]})]
