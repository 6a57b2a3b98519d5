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


#: what the bot weighs on its own turn (the rest of the menu is not built)
TURN_ACTIONS: Final = ("move", "attack", "reload", "hold")


def _grouped(choices: list[Choice]) -> dict[str, list[Choice]]:
    by_action: dict[str, list[Choice]] = {}
    for c in choices:
        by_action.setdefault(c.action, []).append(c)
    return by_action


def choose(rs: Any, state: PilotWaveState, seat: str, rng: random.Random) -> Choice:
    turn = rs.turn_of(state, seat)
    assert turn is not None
    kind = turn.kind
    if kind == "invoke":
        return _invoke(rs, state, turn)
    if kind == "turn":
        return _turn(rs, state, turn, _grouped(rs.legal(state, seat, only=TURN_ACTIONS)), rng)
    legal: list[Choice] = rs.legal(state, seat)
    by_action = _grouped(legal)
    if kind == "bid":
        most = max(c.int_param("points") for c in legal)
        return next(c for c in legal if c.int_param("points") == most // BID_SHARE)
    if kind == "first":
        return next((c for c in legal if c.str_param("side") == seat), legal[0])
    if kind == "counter":
        return _counter(state, turn, by_action)
    if kind == "pick":
        return max(legal, key=lambda c: (_threat(state, c.str_param("who")), rng.random()))
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


def _invoke(rs: Any, state: PilotWaveState, turn: Turn) -> Choice:
    """Tactics points that turn the roll, else a free +2 where it may, else pass; each kind
    is listed only when the bot would spend it (most windows are passed)."""
    seat = turn.seat
    roll = query.roll_in_hand(state)
    assert roll is not None
    need = query.points_to_turn(state, seat)
    total, opp = query.standing(state)
    shifts = total - opp
    mine = seat == state.side_of(roll.actor)
    if need is not None and (shifts < 1 if mine else shifts >= 0):
        points: list[Choice] = rs.legal(state, seat, only=("tactics",))
        for c in points:
            if c.int_param("points") == need:
                return c
    if (mine and -2 <= shifts < 1) or (not mine and shifts >= 1):
        for invoke in query.open_invokes(state, turn):
            _, effect, payment, _ = invoke
            if payment == "free" and effect in ("bonus", "obstacle"):
                return query.as_choice(invoke)
    passes: list[Choice] = rs.legal(state, seat, only=("pass",))
    return passes[0]


def _p_hit(rs: Any, state: PilotWaveState, turn: Turn, c: Choice) -> float:
    o = rs.actions["attack"].odds(state, turn, c)
    return float(o.tie + o.success + o.style) if o else 0.0


def _threat(state: PilotWaveState, name: str) -> tuple[int, int]:
    """Who acts first: the one with an enemy nearest in range bands, then the best shot."""
    f = state.fighters[name]
    here = Hex.parse(f.zone)
    bands = [query.band_from(state, f, here, e) for e in query.enemies(state, name)]
    best = min((b for b in bands if b is not None), default=9)
    return (-best, f.skill(query.attack_skill(state, f)))


def _turn(
    rs: Any,
    state: PilotWaveState,
    turn: Turn,
    by_action: dict[str, list[Choice]],
    rng: random.Random,
) -> Choice:
    """Move first where a better range band is worth the movement shift (among the best
    hexes, one beside cover, then the shortest move), then attack the likeliest target;
    reload an empty weapon; else hold."""
    f = state.fighters[turn.actor or ""]
    enemies = query.enemies(state, f.name)
    if "move" in by_action and enemies:
        scored = [(_place(state, f, c, enemies), c) for c in by_action["move"]]
        best = min(score for score, _ in scored)
        if best < _place(state, f, None, enemies):
            ties = [c for score, c in scored if score == best]
            return min(ties, key=lambda c: (not query.cover(state, _to(c)), _hexes(f, c)))
    attacks = by_action.get("attack", [])
    shot = max(
        attacks,
        key=lambda c: (_p_hit(rs, state, turn, c), c.get("fire") == "auto", rng.random()),
        default=None,
    )
    if shot is not None and _p_hit(rs, state, turn, shot) > 0:
        return shot
    if "reload" in by_action:
        return by_action["reload"][0]
    return by_action["hold"][0]


def _to(c: Choice) -> Hex:
    return Hex.parse(c.str_param("to"))


def _hexes(f: Any, c: Choice) -> int:
    return int(Hex.parse(f.zone).distance(_to(c)))


def _place(state: PilotWaveState, f: Any, move: Choice | None, enemies: list[Any]) -> int:
    """Lower is better: twice the nearest range band to an enemy from where the move ends
    (hand-to-hand: adjacent; each band costs difficulty and damage) plus the movement shift
    the move would bring."""
    at = _to(move) if move is not None else Hex.parse(f.zone)
    hexes = _hexes(f, move) if move is not None else 0
    near = min(at.distance(Hex.parse(e.zone)) for e in enemies)
    if near == 1:
        reach: int | None = 0  # hand-to-hand
    else:
        bands = [query.band_from(state, f, at, e) for e in enemies]
        reach = min((b for b in bands if b is not None), default=None)
    score = 2 * reach if reach is not None else 10 + near
    return score - query.move_penalty(f.moved + hexes)
