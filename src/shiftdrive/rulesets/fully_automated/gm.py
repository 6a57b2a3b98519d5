"""What the GM may always do in this ruleset: force the reveal (undecided seats Defend),
change HP (`hp name=X delta=N`, |N| <= 100, with F8's thresholds), end the fight
(`end winner=SIDE|none`), roll a restrained character's attempt to break free (`break_free
name=X bonus=N difficulty=N`, seed "Restrain") and stabilise the dying (`stabilise name=X`,
F8). The seed leaves both of those to the GM: it gives the check's example and no way to
stabilise, so the GM decides when they happen and what the check is.

`hp` is the only one that can take a character out of action (F8); wherever the round is,
the fallen are asked no more: choosing cards (`rounds.stop_choosing`), attacking or
defending (`attacks.attacker_fallen`), stepping or moving (`rounds.advance`)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import ClassVar, Final

from shiftdrive.core.dice import DiceSource
from shiftdrive.engine.actions import Action, ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import Ending, Turn
from shiftdrive.rulesets.fully_automated.attacks import attacker_fallen
from shiftdrive.rulesets.fully_automated.checks import check_chance, check_fault, skill_check
from shiftdrive.rulesets.fully_automated.hits import damage, release, status_event
from shiftdrive.rulesets.fully_automated.rounds import (
    advance,
    check_end,
    over,
    reveal,
    stop_choosing,
)
from shiftdrive.rulesets.fully_automated.state import DEAD, DYING, FAState
from shiftdrive.rulesets.fully_automated.table import rules
from shiftdrive.rulesets.fully_automated.words import check_text

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
        return [
            Choice.of("hp", name=n, delta=d)
            for n, f in state.fighters.items()
            if f.status != DEAD
            for d in (-3, 1)
        ]

    def check(self, state: FAState, turn: Turn, choice: Choice) -> str | None:
        # Any change in range, not just the listed ones.
        name = choice.str_param("name")
        if name not in state.fighters:
            return f"no character named {choice.get('name')!r}"
        if state.fighters[name].status == DEAD:  # F8: dead is final; its token is off the map
            return f"{name} is dead (-20 HP or below, F8): HP no longer changes"
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
        events += check_end(state)
        if state.phase in ("choose", "declare"):  # F8: the fallen choose no card
            return events + stop_choosing(state, dice)
        if state.phase in ("steps", "moves"):  # F8: the fallen take no step and no move
            return events + advance(state, dice)
        return events + attacker_fallen(state, dice)  # F8: no attack from the fallen


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


class BreakFree(Action[FAState]):
    """`break_free name=X bonus=N difficulty=N`: restrained X tries to break free, a skill
    check the GM sets (seed: "such as [Dexterity + Athletics] disadvantaged by 4": the
    check die + bonus - `rules.break_free_penalty` against the difficulty). On a success X
    is free (and acts again from the next round's cards); restraint lasts until then."""

    name = "break_free"
    params: ClassVar[Mapping[str, ParamKind]] = MappingProxyType(
        {"name": ParamKind.UNIT, "bonus": ParamKind.NUMBER, "difficulty": ParamKind.NUMBER}
    )

    def options(self, state: FAState, turn: Turn) -> list[Choice]:
        return [
            Choice.of("break_free", name=n, bonus=0, difficulty=6)
            for n, f in state.fighters.items()
            if f.restrained
        ]

    def check(self, state: FAState, turn: Turn, choice: Choice) -> str | None:
        f = state.fighters.get(choice.str_param("name"))
        if f is None or not f.restrained:
            return f"{choice.get('name')!r} is not restrained: nothing to break free of"
        return check_fault(choice, "name")

    def odds_words(self, state: FAState, turn: Turn, choice: Choice) -> str | None:
        """The exact chance of breaking free (`checks.check_chance`, the penalty counted)."""
        if check_fault(choice, "name") is not None:
            return None
        bonus, difficulty = choice.int_param("bonus"), choice.int_param("difficulty")
        penalty = rules(state).break_free_penalty
        return check_text(check_chance(state, bonus, difficulty, penalty))

    def apply(self, state: FAState, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        f = state.fighters[choice.str_param("name")]
        data = skill_check(
            state,
            dice,
            f.name,
            choice.int_param("bonus"),
            choice.int_param("difficulty"),
            rules(state).break_free_penalty,
            "break free",
        )
        events = [Event("check", data=data)]
        if data["success"]:
            events += [Event("freed", data={"character": f.name}), release(f)]
        return events + check_end(state)


class Stabilise(Action[FAState]):
    """`stabilise name=X`: dying X no longer loses 1 HP a round (F8: "until stabilized"). The
    seed gives no way to stabilise (no first aid, no check): the GM says when it happens."""

    name = "stabilise"
    params: ClassVar[Mapping[str, ParamKind]] = MappingProxyType({"name": ParamKind.UNIT})

    def options(self, state: FAState, turn: Turn) -> list[Choice]:
        return [
            Choice.of("stabilise", name=n)
            for n, f in state.fighters.items()
            if f.status == DYING and not f.stabilised
        ]

    def apply(self, state: FAState, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        f = state.fighters[choice.str_param("name")]
        f.stabilised = True
        return [Event("stabilised", data={"character": f.name})]
