"""What the GM may always do in this ruleset: force the reveal (undecided seats Defend),
change HP (`hp name=X delta=N`, |N| <= 100, with F8's thresholds) and end the fight
(`end winner=SIDE|none`)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import ClassVar, Final

from shiftdrive.core.dice import DiceSource
from shiftdrive.engine.actions import Action, ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import Ending, Turn
from shiftdrive.rulesets.fully_automated.hits import damage, status_event
from shiftdrive.rulesets.fully_automated.rounds import check_end, over, reveal
from shiftdrive.rulesets.fully_automated.state import FAState

HP_LIMIT: Final = 100


class Reveal(Action[FAState]):
    """`reveal`: every secret choice is revealed now; undecided seats Defend."""

    name = "reveal"

    def options(self, state: FAState, turn: Turn) -> list[Choice]:
        if state.phase in ("choose", "declare") and state.secret.seats:
            return [Choice.of("reveal", label="reveal now (undecided seats Defend)")]
        return []

    def apply(self, state: FAState, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        return reveal(state, dice)


class Hp(Action[FAState]):
    """`hp name=X delta=N`: damage (N < 0) or healing, announcing F8's thresholds crossed."""

    name = "hp"
    params: ClassVar[Mapping[str, ParamKind]] = MappingProxyType(
        {"name": ParamKind.UNIT, "delta": ParamKind.NUMBER}
    )

    def options(self, state: FAState, turn: Turn) -> list[Choice]:
        return [Choice.of("hp", name=n, delta=d) for n in state.fighters for d in (-3, 1)]

    def check(self, state: FAState, turn: Turn, choice: Choice) -> str | None:
        # Any change in range, not just the listed ones.
        if choice.str_param("name") not in state.fighters:
            return f"no character named {choice.get('name')!r}"
        delta = choice.get("delta")
        if (
            not isinstance(delta, int)
            or isinstance(delta, bool)
            or abs(delta) > HP_LIMIT
            or set(dict(choice.params)) != {"name", "delta"}
        ):
            return f"hp needs name=CHARACTER delta=N with |N| <= {HP_LIMIT}"
        return None

    def apply(self, state: FAState, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        name, delta = choice.str_param("name"), choice.int_param("delta")
        f = state.fighters[name]
        if state.phase == "resolve":
            state.light_stage = "done"
        if delta < 0:
            events = damage(state, name, -delta, "GM")
        else:
            before = f.status
            f.hp += delta
            events = [Event("heal", data={"character": name, "amount": delta, "hp": f.hp})]
            if f.status != before:
                events.append(status_event(f))
        return events + check_end(state)


class End(Action[FAState]):
    """`end winner=SIDE|none`: the GM ends the fight."""

    name = "end"
    params: ClassVar[Mapping[str, ParamKind]] = MappingProxyType({"winner": ParamKind.OPTION})

    def options(self, state: FAState, turn: Turn) -> list[Choice]:
        out = [Choice.of("end", winner=s) for s in state.sides]
        out.append(Choice.of("end", label="end as a draw", winner="none"))
        return out

    def apply(self, state: FAState, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        w = choice.str_param("winner")
        return over(state, None if w == "none" else w, "gm", Ending.GM)
