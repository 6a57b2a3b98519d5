"""Counters (seed "Counter", P6): a declared action waits while each other side, once, may
counter it with an Aware character who has not acted: a Tactics vs Tactics contest (roving
pool points may be added) that costs the counterer's action. A counter that wins acts first:
its own action is declared and may be countered in turn, and so on; the stack resolves from
the top, the countered action last (if its actor is still able). A tie is no victory (C11)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar, Final

from shiftdrive.conflict.concede import Concede, concede
from shiftdrive.conflict.exchange import RollAction
from shiftdrive.conflict.invokes import Pass, roll_and_open
from shiftdrive.conflict.roll import Roll, action_odds
from shiftdrive.core.outcomes import Outcome
from shiftdrive.engine.actions import Action, ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import Turn
from shiftdrive.rulesets.pilot_wave.board import movement_shift
from shiftdrive.rulesets.pilot_wave.order import COUNTER_WINDOW, TACTICS, end_turn, entry_for
from shiftdrive.rulesets.pilot_wave.state import Declared, PilotWaveState

if TYPE_CHECKING:
    from shiftdrive.core.dice import DiceSource
    from shiftdrive.core.odds import Odds

#: the substantial actions a counter can answer (moving and holding cannot be countered)
COUNTERABLE: Final = frozenset({"attack", "advantage", "discover", "overcome"})
WHO_PARAMS: Final = {"who": ParamKind.UNIT}


@lru_cache(maxsize=1024)
def declared(text: str) -> Choice:
    """A declared action, read back from its text on the stack: the same few texts come back
    all battle long, and a choice never changes once made, so each is read once."""
    return Choice.parse(text)


def next_asker(state: PilotWaveState, entry: Declared) -> str:
    """The next side that may still counter `entry`: not the actor's, not asked yet, with an
    Aware character who has not acted ("" when none)."""
    own = state.side_of(entry.actor)
    for side in state.sides:
        if side != own and side not in entry.sides and state.ready(side):
            return side
    return ""


def declare(
    state: PilotWaveState,
    actions: Mapping[str, Action[Any]],
    turn: Turn,
    choice: Choice,
    dice: DiceSource,
) -> list[Event]:
    """A character's action for its turn: open the counter windows, or carry it out now."""
    entry = entry_for(state, turn.actor or "")
    entry.choice = choice.text()
    if choice.action in COUNTERABLE:
        entry.asking = next_asker(state, entry)
        if entry.asking:
            data = {"who": entry.actor, "action": choice.action, "params": dict(choice.params)}
            return [Event("declares", data=data, visible_to=None)]
    return carry(state, actions, dice)


def carry(
    state: PilotWaveState, actions: Mapping[str, Action[Any]], dice: DiceSource
) -> list[Event]:
    """Carry out the action on top of the stack, or lose it when it can no longer be made
    (its actor or its target is out, or out of reach, after the counters)."""
    entry = state.stack[-1]
    entry.asking = ""
    entry.resolving = True
    f = state.fighters[entry.actor]
    choice = declared(entry.choice)
    turn = Turn(f.side, entry.kind, f.name)
    spec = actions[choice.action]
    why = None if f.active else f"{f.name} is out of the fight"
    if why is None:
        why = spec.check(state, turn, choice)
    if why is not None:
        return [Event("lost", data={"who": f.name, "why": why}, visible_to=None), *end_turn(state)]
    return spec.apply(state, turn, choice, dice)


class Counter(RollAction[PilotWaveState]):
    """Counter the declared action with one of the side's Aware characters who has not acted."""

    name = "counter"
    params: ClassVar[Mapping[str, ParamKind]] = WHO_PARAMS

    def options(self, state: PilotWaveState, turn: Turn) -> list[Choice]:
        top = state.stack[-1]
        return [
            Choice.of(
                "counter",
                who=f.name,
                label=f"{f.name} counters {top.actor} (Tactics vs Tactics; uses {f.name}'s action)",
            )
            for f in state.ready(turn.seat)
        ]

    def apply(
        self, state: PilotWaveState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        top = state.stack[-1]
        top.sides.append(turn.seat)
        top.asking = ""
        who = choice.str_param("who")
        roll = Roll(
            action="counter", actor=who, skill=TACTICS, target=top.actor, defend_skill=TACTICS
        )
        state.roll = roll
        data = {"action": "counter", "who": who, "target": top.actor, "skill": TACTICS}
        return [
            Event("declare", data=data, visible_to=None),
            *roll_and_open(self.host, state, roll, dice),
        ]

    def odds(self, state: PilotWaveState, turn: Turn, choice: Choice) -> Odds | None:
        f = state.fighters[choice.str_param("who")]
        other = state.fighters[state.stack[-1].actor]
        shift = movement_shift(state, f, other)
        return action_odds(state, f, TACTICS, opposed=other.skill(TACTICS), bonus=shift)

    def resolve(
        self, state: PilotWaveState, roll: Roll, shifts: int, outcome: Outcome
    ) -> list[Event]:
        """A win puts the counterer's own action on the stack, to be declared now; a tie or a
        loss spends its action, and the countered action goes on."""
        won = outcome.succeeded
        events = [
            Event(
                "countered",
                data={"who": roll.actor, "target": roll.target, "won": won},
                visible_to=None,
            )
        ]
        if won:
            state.stack.append(Declared(roll.actor))
            return events
        state.acted.append(roll.actor)
        top = state.stack[-1]
        top.asking = next_asker(state, top)
        return events


class PassOrLet(Pass[PilotWaveState]):
    """'pass': in the invoke window, the library's pass; in a counter window, let the
    declared action go on (the next side may still counter it; else it is carried out)."""

    def __init__(self, host: Any, actions: Mapping[str, Action[Any]]) -> None:
        super().__init__(host)
        self.all_actions = actions

    def options(self, state: PilotWaveState, turn: Turn) -> list[Choice]:
        if turn.kind == "counter":
            return [Choice.of("pass", label=f"Let {turn.actor}'s action go on")]
        return super().options(state, turn)

    def apply(
        self, state: PilotWaveState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        if turn.kind != "counter":
            return super().apply(state, turn, choice, dice)
        top = state.stack[-1]
        top.sides.append(turn.seat)
        top.asking = next_asker(state, top)
        if top.asking:
            return []
        return carry(state, self.all_actions, dice)


def conceding(state: PilotWaveState, seat: str) -> str | None:
    """C10: the character of `seat` the declared action on top of the stack is aimed at, who
    may still concede before its roll is made (None: it aims at nobody of `seat`'s)."""
    name = declared(state.stack[-1].choice).get("target")
    f = state.fighters.get(name) if isinstance(name, str) else None
    return f.name if f is not None and f.side == seat and f.active else None


class Concession(Concede[PilotWaveState]):
    """'concede': the library's (on a character's own turn, and before an opposed roll made
    against it); besides, in a counter window, the declared action's target concedes before
    its roll is made (C10: a shot's target is never asked to defend, so this is its moment),
    and the action it aimed at is lost."""

    def __init__(self, host: Any, actions: Mapping[str, Action[Any]]) -> None:
        super().__init__(host)
        self.all_actions = actions

    def options(self, state: PilotWaveState, turn: Turn) -> list[Choice]:
        if turn.kind != COUNTER_WINDOW:
            return super().options(state, turn)
        who = conceding(state, turn.seat)
        if who is None:
            return []
        label = f"{who} concedes the conflict before {turn.actor}'s roll against them"
        return [Choice.of("concede", label=label)]

    def apply(
        self, state: PilotWaveState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        if turn.kind != COUNTER_WINDOW:
            return super().apply(state, turn, choice, dice)
        who = conceding(state, turn.seat)
        assert who is not None
        state.stack[-1].sides.append(turn.seat)
        return concede(state, who) + carry(state, self.all_actions, dice)


def menu_entry(
    spec: Action[Any], state: PilotWaveState, turn: Turn, action: Choice
) -> Choice | None:
    """The entry of `spec`'s menu in `turn` that `action` matches: built alone when the spec
    can (`offered`: the attack menu), else found in the whole menu."""
    one = getattr(spec, "offered", None)
    if one is not None:
        found: Choice | None = one(state, turn, action)
        return found
    return next((c for c in spec.options(state, turn) if c.matches(action)), None)


class CarryOut(Action[PilotWaveState]):
    """A countered action's turn comes after the counters resolved: it is carried out as
    declared (or lost when it no longer can be)."""

    name = "carry_out"

    def __init__(self, actions: Mapping[str, Action[Any]]) -> None:
        self.all_actions = actions

    def options(self, state: PilotWaveState, turn: Turn) -> list[Choice]:
        top = state.stack[-1]
        action = declared(top.choice)
        entry = menu_entry(
            self.all_actions[action.action], state, Turn(turn.seat, "turn", top.actor), action
        )
        words = entry.label if entry is not None and entry.label else top.choice
        return [Choice.of("carry_out", label=f"{top.actor} carries out: {words}")]

    def apply(
        self, state: PilotWaveState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        return carry(state, self.all_actions, dice)
