"""pilot_wave's bot: bids a little of its Tactics pool, lets its own side act first, shoots
the likeliest target (closing to a better range band, preferring hexes beside cover; switching
its weapon's fire mode first when the other mode has the better shot), counters
attacks when its tactician is at least as good, and spends Tactics points or invokes where
they turn a roll. It uses only the ruleset's public contract and `query`."""

from __future__ import annotations

import random
from typing import Any, Final

from shiftdrive.conflict.exchange import first_legal
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.ruleset import Turn
from shiftdrive.maps.hexgrid import Hex
from shiftdrive.rulesets.pilot_wave import query
from shiftdrive.rulesets.pilot_wave.state import PilotWaveState

#: the share of its Tactics pool a side bids for side order
BID_SHARE: Final = 3


#: what the bot takes on its own turn when it neither moves nor shoots (the rest of the menu
#: is not built; moves and attacks it weighs through `query`, and builds only the one it makes)
TURN_ACTIONS: Final = ("reload", "hold")
#: the decisions the bot weighs over the whole menu; in any other it takes the first choice
LISTED: Final = ("bid", "first", "counter", "pick")
#: how many weighed moves are remembered before they are forgotten all at once
MOVES_KEPT: Final = 50_000

#: `_move`'s answers (the hex and its cost, or None: stay) by `query.move_situation` and the
#: enemies' hexes: the same positions come back battle after battle on one map
_MOVES: dict[tuple[object, ...], tuple[Hex, int] | None] = {}


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
        return _turn(rs, state, turn, rng)
    if kind == "style":  # (the other ways of taking the style are not built)
        full: list[Choice] = rs.legal(state, seat, only=("full",))
        return full[0]
    if kind not in LISTED:  # defend (one skill), absorb (the first minimal way), carry out
        first = first_legal(rs, state, seat)
        assert first is not None
        return first
    legal: list[Choice] = rs.legal(state, seat)
    by_action = _grouped(legal)
    if kind == "bid":
        most = max(c.int_param("points") for c in legal)
        return next(c for c in legal if c.int_param("points") == most // BID_SHARE)
    if kind == "first":
        return next((c for c in legal if c.str_param("side") == seat), legal[0])
    if kind == "counter":
        return _counter(state, turn, by_action)
    return max(legal, key=lambda c: (_threat(state, c.str_param("who")), rng.random()))


def _counter(state: PilotWaveState, turn: Turn, by_action: dict[str, list[Choice]]) -> Choice:
    top = state.stack[-1]
    declared = query.declared(state)
    assert declared is not None
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
    total, opp = query.standing(state)
    shifts = total - opp
    mine = seat == state.side_of(roll.actor)
    # (the points that would turn the roll are looked for only when the bot would spend them)
    need = query.points_to_turn(state, seat) if (shifts < 1 if mine else shifts >= 0) else None
    if need is not None:
        return query.points_choice(state, seat, need)
    if (mine and -2 <= shifts < 1) or (not mine and shifts >= 1):
        for invoke in query.open_invokes(state, turn, fate_points=False):
            if invoke[1] in ("bonus", "obstacle"):
                return query.as_choice(invoke)
    passes: list[Choice] = rs.actions["pass"].options(state, turn)  # (the window's pass alone)
    return passes[0]


def _threat(state: PilotWaveState, name: str) -> tuple[int, int]:
    """Who acts first: the one with an enemy nearest in range bands, then the best shot."""
    f = state.fighters[name]
    bands = [query.band_of(state, f, e) for e in query.enemies(state, name)]
    best = min((b for b in bands if b is not None), default=9)
    return (-best, f.skill(query.attack_skill(state, f)))


def _turn(rs: Any, state: PilotWaveState, turn: Turn, rng: random.Random) -> Choice:
    """Move first where a better range band is worth the movement shift (among the best
    hexes, one beside cover, then the shortest move), then attack the likeliest target;
    reload an empty weapon; else hold."""
    f = state.fighters[turn.actor or ""]
    enemies = query.enemies(state, f.name)
    menu = rs.menu(state, turn)
    if enemies and "move" in menu:
        key = (query.move_situation(state, f), *(e.zone for e in enemies))
        try:  # (one lookup: a server's other table may clear the memo between two)
            move = _MOVES[key]
        except KeyError:
            if len(_MOVES) >= MOVES_KEPT:
                _MOVES.clear()
            move = _MOVES[key] = _move(state, f, enemies)
        if move is not None:
            return query.move_choice(state, f, *move)
    if "attack" in menu:
        ways = query.attacks(state, f)
        shots = _shots(state, turn, ways)
        shot = max(shots, key=lambda s: (_rank(s), rng.random()), default=None)
        if shot is not None and shot[0] <= 0:
            shot = None
        if shot is None:
            rest = _reload_or_hold(rs, state, turn)
            if rest.action == "reload":  # (free: an empty weapon is reloaded, not switched)
                return rest
        if "switch_fire" in menu and _switch(state, turn, f, shot):
            return query.switch_choice(state, turn)
        if shot is not None:
            return query.attack_choice(state, f, *shot[1:])
    return _reload_or_hold(rs, state, turn)


def _reload_or_hold(rs: Any, state: PilotWaveState, turn: Turn) -> Choice:
    by_action = _grouped(rs.legal(state, turn.seat, only=TURN_ACTIONS))
    if "reload" in by_action:
        return by_action["reload"][0]
    return by_action["hold"][0]


#: an attack the bot weighs: (hit chance, target, skill, fire)
Shot = tuple[float, Any, str, str]


def _shots(state: PilotWaveState, turn: Turn, ways: list[tuple[Any, str, str]]) -> list[Shot]:
    """Each of `ways` with its hit chance first."""
    chances = query.hit_chances(state, turn, ways)
    return [
        (chance, e, skill, fire) for chance, (e, skill, fire) in zip(chances, ways, strict=True)
    ]


def _rank(shot: Shot) -> tuple[float, bool]:
    """How the bot ranks a shot: the likelier hit, then automatic fire (its +1 value)."""
    return shot[0], shot[3] == "auto"


def _switch(state: PilotWaveState, turn: Turn, f: Any, shot: Shot | None) -> bool:
    """Whether to spend the turn switching fire mode (seed "Automatic Weapon Fire"): the
    other mode's best shot beats `shot` (the best now, None: none) by the measure the bot
    picks a shot with, a likelier hit and then automatic fire."""
    to = query.fire_switch(state, f)
    if to is None:
        return False
    other = [_rank(s) for s in _shots(state, turn, query.attacks(state, f, to))]
    best = max((o for o in other if o[0] > 0), default=None)
    return best is not None and (shot is None or best > _rank(shot))


def _move(state: PilotWaveState, f: Any, enemies: list[Any]) -> tuple[Hex, int] | None:
    """The best move by `_place` (its hex and cost) when it beats standing still, among the
    best hexes one beside cover, then the shortest, then the first in the menu's order (None:
    stay). It reads only what `query.move_situation` holds and the enemies' hexes.

    A floor from how far a hex is from here (no enemy comes nearer than it was, less the
    hexes moved) passes most hexes over. The rest get a bound from distances alone:
    hand-to-hand next to an enemy, or no enemy in range, is the score itself; else the
    nearest enemy's band, were it in sight, is the best the hex can do. A hex whose floor or
    bound does not beat standing still is passed over; the rest are weighed in full (lines
    of sight) from the best bound up, until a bound is worse than the best score found: the
    hexes left cannot match it, so the choice is the one weighing every hex gives."""
    here = Hex.parse(f.zone)
    targets = [Hex.parse(e.zone) for e in enemies]
    away = [here.distance(t) for t in targets]
    stay = _place(state, f, here, 0, targets, away)
    moved = f.moved
    if -query.move_penalty(moved + 1) >= stay:
        return None  # no hex beats standing still, even hand-to-hand after one hex
    bands: dict[int, int | None] = {}  # the band were it in sight, by distance

    def in_sight(hexes_away: int) -> int | None:
        band = bands.get(hexes_away, -1)
        if band == -1:
            band = bands[hexes_away] = query.band_in_sight(state, f, hexes_away)
        return band

    # By moving `hexes` from here, the nearest enemy is at least min(away) - hexes off (and
    # a hex beside an enemy scores no better than hand-to-hand): a floor under every score
    # `hexes` away, with the move's shift. (`floors`: this decision's lookups by `hexes`.)
    floors: dict[int, tuple[int, int]] = {}
    near_here = min(away)
    bounded: list[tuple[int, int, list[int] | None, Hex, int, int]] = []
    for i, (h, cost) in enumerate(query.destinations(state, f)):
        hexes = here.distance(h)
        got = floors.get(hexes)
        if got is None:
            shift = query.move_penalty(moved + hexes)
            least = max(1, near_here - hexes)
            if least == 1:
                floor = -shift
            else:
                band = in_sight(least)
                floor = (10 + least if band is None else 2 * band) - shift
            got = floors[hexes] = (floor, shift)
        floor, shift = got
        if floor >= stay:
            continue
        dists = [h.distance(t) for t in targets]
        near = min(dists)
        if near == 1:
            bounded.append((-shift, i, None, h, cost, hexes))
            continue
        band = bands.get(near, -1)  # (`in_sight`, looked up here first: most hexes ask it)
        if band == -1:
            band = in_sight(near)
        if band is None:
            bound = 10 + near - shift
            if bound < stay:
                bounded.append((bound, i, None, h, cost, hexes))
        elif 2 * band - shift < stay:
            bounded.append((2 * band - shift, i, dists, h, cost, hexes))
    bounded.sort()  # by bound, then menu order (`i` is unique: nothing further is compared)
    best = stay
    ties: list[tuple[bool, int, int, Hex, int]] = []
    for bound, i, seen_at, h, cost, hexes in bounded:
        if bound > best:
            break
        score = bound if seen_at is None else _place(state, f, h, hexes, targets, seen_at)
        if score < best:
            best, ties = score, []
        elif score > best or not ties:  # (no tie with standing still: that is no move)
            continue
        ties.append((not query.cover(state, h), hexes, i, h, cost))
    if not ties:
        return None
    _, _, _, h, cost = min(ties, key=lambda t: t[:3])
    return h, cost


def _place(
    state: PilotWaveState, f: Any, at: Hex, hexes: int, targets: list[Hex], dists: list[int]
) -> int:
    """Lower is better: twice the nearest range band to an enemy (standing on `targets`, at
    `dists` hexes) from `at`, reached by moving `hexes` (hand-to-hand: adjacent; each band
    costs difficulty and damage) plus the movement shift the move would bring."""
    near = min(dists)
    if near == 1:
        reach: int | None = 0  # hand-to-hand
    else:
        reach = None
        for k in sorted(range(len(dists)), key=dists.__getitem__):
            # nearest first: a farther enemy is in no nearer band
            least = query.band_in_sight(state, f, dists[k])
            if least is None or (reach is not None and least >= reach):
                break
            found = query.band_to(state, f, at, targets[k])
            if found is not None and (reach is None or found < reach):
                reach = found
    score = 2 * reach if reach is not None else 10 + near
    return score - query.move_penalty(f.moved + hexes)
