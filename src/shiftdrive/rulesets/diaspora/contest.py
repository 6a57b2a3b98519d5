"""An attack rolled against a defence, open to invokes after the dice (C4) before it lands.

EW, beam and torpedo attacks open a contest once both rolls are on the table. The attacking
side and the defending side may each invoke an aspect: +2 to their own roll (the attacker's
total, or the defender's persistent defence, which keeps the raise for the rest of the phase:
D4), or a reroll of their own dice (C4, seed: "As with any roll ... +2 or re-roll"; the
defender's new dice stand for the rest of the phase too; a hacker's roll is also its standing
defence, so both change together: `one_roll`); or an allied ship of either side
gives +2 to its ally's roll (C4 teamwork, `invoking`). An invoke is paid with a fate
point (once per aspect per roll) or a free invoke (they stack; C4). Aspects a side may invoke:
its own ship's, any other it knows of with a fate point (a tag; `invoking.payable`), and any
with a free invoke it holds (the free invoke on a consequence it inflicted, C9). After an
invoke the other side may answer; the contest lands when both sides have passed. A fixed
defence (Firewall) cannot be raised (D11)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Final

from shiftdrive.core.dice import DiceSource, FudgeRoll, roll_fudge
from shiftdrive.engine.actions import Action, ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import Turn
from shiftdrive.rulesets.diaspora import compels, damage, invoking
from shiftdrive.rulesets.diaspora.choices import made, made_window
from shiftdrive.rulesets.diaspora.phases import damage_control, detection, position, sequence
from shiftdrive.rulesets.diaspora.state import Contest, DiasporaState, Ship

INVOKE: Final[str] = invoking.INVOKE
PASS: Final = "pass"
CONCEDE: Final = damage.CONCEDE
PASSING: Final = made(PASS)  # the one pass: made once, listed in every window


def fixed(state: DiasporaState, contest: Contest) -> bool:
    """Firewall's defence of 2 may not be modified (D11)."""
    return contest.kind == "hack" and "firewall" in state.ships[contest.target].stunts


def options(state: DiasporaState, ship: Ship) -> list[Choice]:
    """The invokes `ship`'s side may make now: on the open attack, or on its position roll."""
    contest = state.contest
    if contest is None and state.repair is not None:
        return damage_control.invokes(state, ship)
    if contest is None and state.detection_window:
        return detection.invokes(state, ship)
    if contest is None:
        return position.invokes(state, ship)
    if ship.name != contest.attacker and fixed(state, contest):
        return []
    return invoking.invokable(state, ship, contest.paid, ["bonus", "reroll"])


def one_roll(state: DiasporaState, contest: Contest) -> bool:
    """Whether the attack is the attacker's one EW roll of the phase, which is also its
    standing defence (seed: "only one roll is made for each ship ... a single roll may defend
    against multiple attacking rolls as well as conceivably acting as the attacking roll"):
    an invoke on it raises or rerolls both (a Firewall ship's attack is a roll of its own)."""
    return contest.kind == "hack" and contest.attacker in state.ew_rolls


def reroll_defence(state: DiasporaState, ship: Ship, roll: FudgeRoll) -> None:
    """New dice for `ship`'s standing defence (C4: a reroll replaces all your dice): the
    defence keeps its raises, with the new dice, for the rest of the phase (D4); in EW they
    are the ship's one roll, so they are its attack afterwards too."""
    state.defence[ship.name] += roll.total - state.defence_dice[ship.name]
    state.defence_dice[ship.name] = roll.total
    made = state.ew_rolls.get(ship.name)
    if made is not None:
        state.ew_rolls[ship.name] = (made[0], made[1], roll.faces)


def _may(state: DiasporaState, contest: Contest, ship: Ship) -> bool:
    """Whether `options` would list anything (the window asks this after every roll)."""
    if ship.name != contest.attacker and fixed(state, contest):
        return False
    return invoking.may_invoke(state, ship, contest.paid)


def window(state: DiasporaState) -> list[Turn]:
    """The attacker's side first, then the defender's, each while it has not passed and has
    something it could invoke."""
    contest = state.contest
    if contest is None:
        return []
    for name in (contest.attacker, contest.target):
        ship = state.ships[name]
        if ship.side not in contest.passed and ship.fighting and _may(state, contest, ship):
            return [made_window(ship.side, INVOKE, name)]
    return []


def open_contest(state: DiasporaState, contest: Contest) -> list[Event]:
    """Both rolls are on the table: invokes, then the outcome (at once if nobody may)."""
    state.contest = contest
    return settle(state)


def is_open(state: DiasporaState) -> bool:
    """Whether an attack is still open to invokes (read afresh after `settle`: the compiled
    build would otherwise keep a narrowing from before the call)."""
    return state.contest is not None


def settle(state: DiasporaState) -> list[Event]:
    """The attack lands once nobody may (or will) invoke on it. Every choice that opens or
    answers an attack ends here, so who may invoke is kept for `flow.deciding`, asked next."""
    contest = state.contest
    if contest is None:
        return []
    if state.hits:
        # the hits already dealt (a point defence's Heat) are marked first (`flow.deciding`),
        # and the attack's window opens after them, whoever may invoke: its timing tells no
        # side whether another holds something to invoke (a hidden aspect's free invoke)
        return []
    waiting = window(state)
    if waiting:
        state.window_memo = waiting
        return []
    state.contest = None
    attacker = state.ships[contest.attacker]
    target = state.ships[contest.target]
    defence = state.defence[target.name]
    attack = contest.attack
    shifts = attack - defence
    data = {
        "kind": contest.kind, "ship": attacker.name, "target": target.name,
        "result": attack, "defence": defence, "shifts": shifts,
    }  # fmt: skip
    events = [Event("outcome", data)]
    cause = {"hack": "hack", "fire": "beams", "torpedo": "torpedo"}[contest.kind]
    if shifts > 0:
        return events + damage.deal(
            state, target, contest.track, shifts, f"{attacker.name}'s {cause}", attacker.name
        )
    if sequence.earn_spin(state, target, -shifts):
        events.append(Event("spin", {"ship": target.name}))
    if shifts < 0 and contest.kind == "hack":  # D4: a better defence hits the attacker's Data
        events += damage.deal(
            state, attacker, "data", -shifts, f"{target.name}'s counter-hack", target.name
        )
    return events


class Invoke(Action[DiasporaState]):
    """Invoke an aspect on the open roll: +2 to your roll, or reroll your own dice; or, with
    `by=` an allied ship, that ship's invoke for +2 on its ally's roll (teamwork, C4)."""

    name = INVOKE
    params: ClassVar[Mapping[str, ParamKind]] = {
        "aspect": ParamKind.ASPECT,
        "effect": ParamKind.OPTION,
        "payment": ParamKind.OPTION,
        "by": ParamKind.UNIT,
    }

    def options(self, state: DiasporaState, turn: Turn) -> list[Choice]:
        return options(state, state.ships[turn.actor or ""])

    def apply(
        self, state: DiasporaState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        ship = state.ships[turn.actor or ""]
        contest = state.contest
        if contest is None and state.repair is not None:
            return damage_control.invoke(state, ship, choice, dice)
        if contest is None and state.detection_window:
            return detection.invoke(state, ship, choice, dice)
        if contest is None:
            return position.invoke(state, ship, choice, dice)
        effect = invoking.pay(state, ship, choice, contest.paid)
        data = invoking.invoked(ship, choice, effect)
        attacking = ship.name == contest.attacker
        standing = not attacking or one_roll(state, contest)  # it changes a standing defence
        if effect == "reroll":
            roll = roll_fudge(dice, why=f"{ship.name} rerolls", who=ship.name)
            if attacking:
                contest.rolled = roll.total
            if standing:
                reroll_defence(state, ship, roll)
            data["dice"] = list(roll.faces)
        else:
            if attacking:
                contest.bonus += 2
            if standing:
                state.defence[ship.name] += 2  # the persistent defence keeps it (D4)
        data["attack"] = contest.attack
        data["defence"] = state.defence[contest.target]
        other = state.ships[contest.target if ship.name == contest.attacker else contest.attacker]
        contest.passed = [s for s in contest.passed if s != other.side]  # it may answer
        return [Event("invoked", data), *settle(state)]


class Pass(Action[DiasporaState]):
    """Let the attack stand as it is, as far as your side goes (or, before a phase's rolls,
    make no compel)."""

    name = PASS

    def options(self, state: DiasporaState, turn: Turn) -> list[Choice]:
        return [PASSING]

    def apply(
        self, state: DiasporaState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        if state.contest is None and state.repair is not None:
            return damage_control.pass_invoke(state)
        if state.contest is None and state.detection_window:
            return detection.pass_invoke(state, turn, dice)
        if state.contest is None and state.tie_window:
            return detection.pass_tie(state, turn, dice)
        if state.contest is None and state.position_window:
            return position.pass_invoke(state, turn, dice)
        if state.contest is None and turn.kind == CONCEDE:  # C10: no concession yet
            return damage.fight_on(state, turn)
        if state.contest is None:  # the compel window's pass (D12)
            return compels.pass_compel(state, turn)
        state.contest.passed.append(turn.seat)
        return [Event("passed", {"ship": turn.actor}), *settle(state)]
