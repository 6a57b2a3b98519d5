"""The duel's bot: shoot when the odds are fair, close in otherwise; invoke when it turns the
shot. It asks only the contract and `query`."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from example_ruleset import query
from example_ruleset.state import DuelState
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.ruleset import Ruleset

FAIR = Fraction(1, 3)


def choose(
    ruleset: Ruleset[DuelState, Any], state: DuelState, seat: str, rng: random.Random
) -> Choice:
    turn = ruleset.turn_of(state, seat)
    assert turn is not None and turn.actor is not None
    me = turn.actor
    if turn.window:
        shifts = query.shifts(state) or 0
        shooting = state.shot is not None and state.shot.shooter == me
        # the shooter turns a miss into a hit; the target turns a small hit into a miss
        if (shooting and shifts in (-1, 0)) or (not shooting and shifts in (1, 2)):
            return Choice.of("invoke", aspect=query.open_invokes(state, me)[0])
        return Choice.of("pass")
    best = None
    for target in query.targets(state, me):
        chance = query.shot_odds(ruleset, state, seat, target)
        if chance is not None and (best is None or chance.at_least_success > best[0]):
            best = (chance.at_least_success, target)
    if best is not None and best[0] >= FAIR:
        return Choice.of("shoot", target=best[1])
    enemy = query.enemy(state, me)
    step = query.step_toward(state, me, enemy.zone)
    if step != state.crafts[me].zone:
        return Choice.of("move", zone=step)
    return rng.choice(ruleset.legal(state, seat))
