"""pilot_wave's bot: bids a little of its Tactics pool, lets its own side act first, shoots
the likeliest target (closing to a better range band, preferring hexes beside cover), counters
attacks when its tactician is at least as good, and spends Tactics points or invokes where
they turn a roll. It uses only the ruleset's public contract and `query`."""

from __future__ import annotations

import random
from typing import Any, Final

from shiftdrive.engine.choices import Choice
from shiftdrive.engine.ruleset import Turn
from shiftdrive.maps.hexgrid import Hex
from shiftdrive.rulesets.pilot_wave import query
from shiftdrive.rulesets.pilot_wave.state import PilotWaveState

#: the share of its Tactics pool a side bids for side order
BID_SHARE: Final = 3
#: below this chance to hit, a character would rather move to a better band
POOR_ODDS: Final = 0.3


def choose(rs: Any, state: PilotWaveState, seat: str, rng: random.Random) -> Choice:
    legal: list[Choice] = rs.legal(state, seat)
    turn = rs.turn_of(state, seat)
    assert turn is not None
    by_action: dict[str, list[Choice]] = {}
    for c in legal:
        by_action.setdefault(c.action, []).append(c)
    kind = turn.kind
    if kind == "bid":
        most = max(c.int_param("points") for c in legal)
        return next(c for c in legal if c.int_param("points") == most // BID_SHARE)
    if kind == "first":
        return next((c for c in legal if c.str_param("side") == seat), legal[0])
    if kind == "counter":
        return _counter(state, turn, by_action)
    if kind == "invoke":
        return _invoke(state, seat, by_action)
    if kind == "pick":
        return max(legal, key=lambda c: (_threat(rs, state, c.str_param("who")), rng.random()))
    if kind == "turn":
        return _turn(rs, state, turn, by_action, rng)
    if kind == "style":
        return by_action["full"][0]
    return legal[0]  # defend (one skill), absorb (the first minimal way), carry out


def _counter(state: PilotWaveState, turn: Turn, by_action: dict[str, list[Choice]]) -> Choice:
    top = state.stack[-1]
    declared = Choice.parse(top.choice)
    target = declared.get("target")
    against_us = (
        declared.action == "attack"
        and target is not None
        and state.fighters[str(target)].side == turn.seat
    )
    theirs = state.fighters[top.actor].skill("Tactics")
    best = max(
        by_action.get("counter", []),
        key=lambda c: state.fighters[c.str_param("who")].skill("Tactics"),
        default=None,
    )
    if (
        against_us
        and best is not None
        and state.fighters[best.str_param("who")].skill("Tactics") >= theirs
    ):
        return best
    return by_action["pass"][0]


def _invoke(state: PilotWaveState, seat: str, by_action: dict[str, list[Choice]]) -> Choice:
    roll = query.roll_in_hand(state)
    assert roll is not None
    need = query.points_to_turn(state, seat)
    total, opp = query.standing(state)
    shifts = total - opp
    mine = seat == state.side_of(roll.actor)
    if need is not None and (shifts < 1 if mine else shifts >= 0):
        for c in by_action.get("tactics", []):
            if c.int_param("points") == need:
                return c
    free = [
        c
        for c in by_action.get("invoke", [])
        if c.str_param("payment") == "free" and c.str_param("effect") in ("bonus", "obstacle")
    ]
    if free and ((mine and -2 <= shifts < 1) or (not mine and shifts >= 1)):
        return free[0]
    return by_action["pass"][0]


def _p_hit(rs: Any, state: PilotWaveState, turn: Turn, c: Choice) -> float:
    o = rs.actions["attack"].odds(state, turn, c)
    return float(o.tie + o.success + o.style) if o else 0.0


def _threat(rs: Any, state: PilotWaveState, name: str) -> float:
    turn = Turn(state.side_of(name), "turn", name)
    attacks = rs.actions["attack"].options(state, turn)
    return max((_p_hit(rs, state, turn, c) for c in attacks), default=0.0)


def _turn(
    rs: Any,
    state: PilotWaveState,
    turn: Turn,
    by_action: dict[str, list[Choice]],
    rng: random.Random,
) -> Choice:
    f = state.fighters[turn.actor or ""]
    attacks = by_action.get("attack", [])
    best = max(
        attacks,
        key=lambda c: (_p_hit(rs, state, turn, c), c.get("fire") == "auto", rng.random()),
        default=None,
    )
    if best is not None and (_p_hit(rs, state, turn, best) >= POOR_ODDS or "move" not in by_action):
        return best
    if "reload" in by_action and f.rounds == 0:
        return by_action["reload"][0]
    enemies = query.enemies(state, f.name)
    if "move" in by_action and enemies:
        return min(
            by_action["move"], key=lambda c: _place(state, f, Hex.parse(c.str_param("to")), enemies)
        )
    if best is not None:
        return best
    if "reload" in by_action:
        return by_action["reload"][0]
    return by_action["hold"][0]


def _place(state: PilotWaveState, f: Any, at: Hex, enemies: list[Any]) -> tuple[int, int, int, str]:
    """Lower is better: the nearest range band to an enemy (hand-to-hand: adjacent), cover
    beside the hex, then the fewest hexes (moving far makes everyone miss more)."""
    bands = [query.band_from(state, f, at, e) for e in enemies]
    reach = min((b for b in bands if b is not None), default=None)
    near = min(at.distance(Hex.parse(e.zone)) for e in enemies)
    score = reach if reach is not None else 10 + near
    return (score, 0 if query.cover(state, at) else 1, at.distance(Hex.parse(f.zone)), str(at))
