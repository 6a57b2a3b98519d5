"""fate_core's bot: a sensible fighter that attacks the likeliest target, closes distance and
invokes to win. It uses only the ruleset's public contract and `query`."""

from __future__ import annotations

import random
from typing import Any, Final

from shiftdrive.engine.choices import Choice
from shiftdrive.engine.ruleset import Turn
from shiftdrive.rulesets.fate_core import query
from shiftdrive.rulesets.fate_core.state import FateCoreState

#: below this chance to hit, the bot may try for an advantage instead (half the time)
POOR_ODDS: Final = 0.25
#: a fighter with this many consequences, outnumbered, concedes
CONCEDE_AT: Final = 2
#: the bot keeps fate points for refusing compels while it has this many
COMPEL_RESERVE: Final = 3


def choose(rs: Any, state: FateCoreState, seat: str, rng: random.Random) -> Choice:
    legal: list[Choice] = rs.legal(state, seat)
    turn = rs.turn_of(state, seat)
    assert turn is not None
    by_action: dict[str, list[Choice]] = {}
    for c in legal:
        by_action.setdefault(c.action, []).append(c)
    if turn.kind == "compel":
        f = state.fighters[turn.actor or ""]
        return legal[0] if f.fate_points.current < COMPEL_RESERVE or len(legal) == 1 else legal[1]
    if turn.kind == "defend":
        target = state.fighters[turn.actor or ""]
        return max(by_action["defend"], key=lambda c: target.skill(c.str_param("skill")))
    if turn.kind == "style":
        return by_action["full"][0]
    if turn.kind == "absorb":
        return legal[0]
    if turn.kind == "invoke":
        return _invoke(state, seat, by_action)
    return _turn(rs, state, turn, by_action, rng)


def _invoke(state: FateCoreState, seat: str, by_action: dict[str, list[Choice]]) -> Choice:
    roll = query.roll_in_hand(state)
    assert roll is not None
    total, opp = query.standing(state)
    shifts = total - opp
    mine = seat == state.side_of(roll.actor)
    bonus = [
        c for c in by_action.get("invoke", []) if c.str_param("effect") in ("bonus", "teamwork")
    ]
    free = [c for c in bonus if c.str_param("payment") == "free"]
    paid = [c for c in bonus if c.str_param("payment") == "fate_point"]
    if mine:
        if -2 <= shifts < 1:
            if free:
                return free[0]
            if paid and (roll.action == "attack" or shifts < 0):
                return paid[0]
    elif roll.target and roll.action == "attack" and shifts >= 1:
        if free:
            return free[0]
        if paid and shifts <= 2:
            return paid[0]
    return by_action["pass"][0]


def _turn(
    rs: Any,
    state: FateCoreState,
    turn: Turn,
    by_action: dict[str, list[Choice]],
    rng: random.Random,
) -> Choice:
    f = query.acting(state)
    assert f is not None
    attacks = by_action.get("attack", [])
    if attacks:
        attack = rs.actions["attack"]

        def p_hit(c: Choice) -> float:
            o = attack.odds(state, turn, c)
            return float(o.success + o.style) if o else 0.0

        best = max(attacks, key=lambda c: (p_hit(c), rng.random()))
        if p_hit(best) < POOR_ODDS and "advantage" in by_action and rng.random() < 0.5:
            return by_action["advantage"][0]
        return best
    taken = f.consequences.count_taken_in_conflict()
    enemies = query.enemies(state, f.name)
    if taken >= CONCEDE_AT and len(enemies) > len(query.allies(state, f.name)):
        return by_action["concede"][0]
    if "move" in by_action and enemies:

        def closeness(c: Choice) -> int:
            z = c.str_param("to")
            return min(query.distance(state, z, e.zone) or 99 for e in enemies)

        return min(by_action["move"], key=lambda c: (closeness(c), c.str_param("to")))
    if "advantage" in by_action:
        return by_action["advantage"][0]
    return by_action["full_defense"][0]
