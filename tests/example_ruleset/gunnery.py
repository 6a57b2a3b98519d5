"""Shooting: who is in reach, the roll and its odds, the invoke window after it, and the damage
a hit does (hull boxes, then a mild consequence, then taken out)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from example_ruleset.order import pass_helm
from example_ruleset.state import Craft, DuelState, Shot
from shiftdrive.core.aspects import Aspect, AspectKind
from shiftdrive.core.consequences import Severity
from shiftdrive.core.dice import DiceSource, fudge_symbols, roll_fudge
from shiftdrive.core.odds import Odds, OddsQuery, odds
from shiftdrive.engine.actions import Action, ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import Turn

INVOKE = "invoke"


def targets(state: DuelState, shooter: Craft) -> list[Craft]:
    """Enemy craft still fighting within the shooter's reach."""
    return [
        c
        for c in state.crafts.values()
        if c.side != shooter.side
        and not c.taken_out
        and state.distance(c.zone, shooter.zone) <= state.reach
    ]


def invokable(state: DuelState, craft: Craft) -> list[Aspect]:
    """Aspects `craft` may invoke on the open shot: its own, with a free invoke, once each."""
    used = state.shot.used if state.shot else []
    return [
        a for a in state.aspects.on(craft.name) if a.free_for(craft.name) and a.name not in used
    ]


def window(state: DuelState) -> list[Turn]:
    """The invoke window after a roll: each side in the shot that has something to invoke and
    has not passed may invoke (shooter first). Empty once nobody may."""
    shot = state.shot
    if shot is None:
        return []
    out = []
    for name in (shot.shooter, shot.target):
        craft = state.crafts[name]
        if craft.side not in shot.closed and invokable(state, craft):
            out.append(Turn(craft.side, INVOKE, name, window=INVOKE))
    return out


class Shoot(Action[DuelState]):
    """4dF + guns against the target's pilot rating; the shifts, after invokes, are the hit."""

    name = "shoot"
    params: ClassVar[Mapping[str, ParamKind]] = {"target": ParamKind.UNIT}

    def options(self, state: DuelState, turn: Turn) -> list[Choice]:
        shooter = state.crafts[turn.actor or ""]
        return [Choice.of("shoot", target=c.name) for c in targets(state, shooter)]

    def query(self, state: DuelState, turn: Turn, choice: Choice) -> OddsQuery:
        target = state.crafts[choice.str_param("target")]
        return OddsQuery(state.crafts[turn.actor or ""].guns, difficulty=target.pilot)

    def odds(self, state: DuelState, turn: Turn, choice: Choice) -> Odds | None:
        return odds(self.query(state, turn, choice))

    def apply(self, state: DuelState, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        shooter = state.crafts[turn.actor or ""]
        target = state.crafts[choice.str_param("target")]
        roll = roll_fudge(dice, why=f"{shooter.name} shoots at {target.name}", who=shooter.name)
        shifts = shooter.guns + roll.total - target.pilot
        state.shot = Shot(shooter.name, target.name, shifts)
        data = {
            "shooter": shooter.name, "target": target.name, "dice": fudge_symbols(roll.faces),
            "guns": shooter.guns, "pilot": target.pilot, "shifts": shifts,
        }  # fmt: skip
        return [Event("shot", data=data, visible_to=None), *settle(state)]


class Invoke(Action[DuelState]):
    """+2 to your side of the open shot (the shooter's shifts up, the target's down)."""

    name = INVOKE
    params: ClassVar[Mapping[str, ParamKind]] = {"aspect": ParamKind.ASPECT}

    def options(self, state: DuelState, turn: Turn) -> list[Choice]:
        craft = state.crafts[turn.actor or ""]
        return [Choice.of(INVOKE, aspect=a.name) for a in invokable(state, craft)]

    def apply(self, state: DuelState, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        shot = state.shot
        assert shot is not None
        name = turn.actor or ""
        aspect = state.aspects.get(choice.str_param("aspect"))
        aspect.use_free(name)
        aspect.hidden = False  # invoked: the other side knows it now
        shot.used.append(aspect.name)
        shot.shifts += 2 if name == shot.shooter else -2
        data = {"craft": name, "aspect": aspect.name, "shifts": shot.shifts}
        return [Event("invoked", data=data, visible_to=None), *settle(state)]


class Pass(Action[DuelState]):
    """Let the open shot stand as it is, as far as your side goes."""

    name = "pass"

    def options(self, state: DuelState, turn: Turn) -> list[Choice]:
        return [Choice.of("pass")]

    def apply(self, state: DuelState, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        assert state.shot is not None
        state.shot.closed.append(turn.seat)
        return [Event("passed", data={"craft": turn.actor}, visible_to=None), *settle(state)]


def settle(state: DuelState) -> list[Event]:
    """Once nobody may invoke any more, the shot lands (or not) and the helm passes on."""
    shot = state.shot
    if shot is None or window(state):
        return []
    state.shot = None
    target = state.crafts[shot.target]
    if shot.shifts < 1:
        data = {"shooter": shot.shooter, "target": target.name, "shifts": shot.shifts}
        return [Event("missed", data=data, visible_to=None), *pass_helm(state)]
    return [damage(state, shot.shooter, target, shot.shifts), *pass_helm(state)]


def damage(state: DuelState, shooter: str, target: Craft, shifts: int) -> Event:
    """A hit of N shifts fills N hull boxes; what does not fit takes the mild consequence
    (absorbs 2); anything left over takes the craft out."""
    left = target.hull.fill(shifts)
    consequence = None
    if left and Severity.MILD in target.consequences.free():
        consequence = state.aspects.unique_name("Scorched Hull")
        target.consequences.take(Severity.MILD, consequence)
        state.aspects.add(Aspect(consequence, AspectKind.CONSEQUENCE, owner=target.name))
        left = max(0, left - target.consequences.values[Severity.MILD])
    target.taken_out = left > 0
    data = {
        "shooter": shooter, "target": target.name, "shifts": shifts,
        "hull": target.hull.marked_count, "consequence": consequence,
        "taken_out": target.taken_out,
    }  # fmt: skip
    return Event("hit", data=data, visible_to=None)
