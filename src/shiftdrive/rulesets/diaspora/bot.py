"""diaspora's bot: plays each station sensibly. It burns a little while the drives run cool
and leaves them off to bleed Heat when hot (away from the edges); pushes enemies off the map
when it can, else toward an edge, and slips off the map itself when outnumbered; fires full
beams unless torpedo-armed enemies are about (then holds some back for point defence); takes
consequences only to stay in the fight. It asks only the contract, `query` and the state."""

from __future__ import annotations

import random
from typing import Any, Final

from shiftdrive.engine.choices import Choice
from shiftdrive.engine.ruleset import Ruleset
from shiftdrive.rulesets.diaspora import query
from shiftdrive.rulesets.diaspora.state import DiasporaState

PLUS_TWO: Final = ("bonus", "teamwork")  # the invokes that put +2 on the roll


def choose(
    ruleset: Ruleset[DiasporaState, Any], state: DiasporaState, seat: str, rng: random.Random
) -> Choice:
    turn = ruleset.turn_of(state, seat)
    assert turn is not None
    me = turn.actor or ""
    kind = turn.kind

    if kind == "absorb":
        return _absorb(state, ruleset.legal(state, seat, only=("absorb",)))
    if kind == "invoke":
        return _invoke(ruleset, state, seat, me)
    if kind == "tie":  # winning detection is worth a fate point
        return ruleset.legal(state, seat, only=("break_tie",))[0]
    if kind == "compel":
        return ruleset.legal(state, seat, only=("pass",))[0]
    if kind == "answer":  # keep a fate point or two for invokes; else take the point
        answers = ruleset.legal(state, seat, only=("answer",))
        refuse = [c for c in answers if c.str_param("compel") == "refuse"]
        if refuse and state.ships[me].fate_points.current >= 2:
            return refuse[0]
        return _first(answers, "answer", "compel", "accept")
    if kind == "drive":
        return _drive(state, me, ruleset.legal(state, seat, only=("drift", "burn")))
    if kind == "move":
        return _move(state, me, ruleset.legal(state, seat, only=("move", "hold")))
    if kind == "place":
        return _place(state, me, ruleset.legal(state, seat, only=("place",)))
    if kind in ("hack", "fire", "launch"):
        return _attack(
            state, me, ruleset.legal(state, seat, only=("hack", "fire", "launch", "hold"))
        )
    if kind == "point_defense":
        return max(
            ruleset.legal(state, seat, only=("point_defense",)), key=lambda c: c.int_param("beam")
        )
    if kind == "concede":  # another side's attack comes: fight on (the bot never concedes)
        return ruleset.legal(state, seat, only=("pass",))[0]
    rest = [c for c in ruleset.legal(state, seat) if c.action != "concede"]
    if kind == "repair":
        tracks = [c for c in rest if c.action == "repair"]
        if tracks:
            ship = state.ships[me]
            return max(tracks, key=lambda c: ship.tracks[c.str_param("track")].marked_count)
    return rest[0] if rest else rng.choice(ruleset.legal(state, seat))


def _absorb(state: DiasporaState, legal: list[Choice]) -> Choice:
    hit = query.waiting_hit(state)
    assert hit is not None
    taking = "none"
    for combo in query.absorb_ways(state, hit):  # fewest and mildest first
        if not query.would_destroy(state, hit, combo):
            taking = query.way_text(combo)
            break
    return _first(legal, "absorb", "taking", taking)


def _first(legal: list[Choice], action: str, param: str, value: str | int) -> Choice:
    """The first of `legal` that is `action` with `param` at `value` (a plain loop: the bot
    picks this way several times a turn)."""
    for c in legal:
        if c.action == action and c.get(param) == value:
            return c
    raise LookupError(f"no {action} with {param}={value!r} among the legal choices")


def _drive(state: DiasporaState, me: str, legal: list[Choice]) -> Choice:
    cool = query.heat_open(state, me)
    band = state.ships[me].band or 0
    if cool <= 2 and abs(band) <= 1:  # drives off only away from the edges: -4 invites a push
        return _first_of(legal, "drift")
    if cool <= 2:
        return _first(legal, "burn", "value", 0)
    return _first(legal, "burn", "value", 2 if cool >= 5 else 1)


def _move(state: DiasporaState, me: str, legal: list[Choice]) -> Choice:
    """The outnumbered slip away by the edge when they can; else push an enemy off the map,
    or as far toward an edge as it goes; else hold. One pass over the moves (a winner lists
    every band each ship can reach)."""
    foes = {s.name for s in query.enemies(state, me)}
    high = state.map.high
    slip = query.outnumbered(state, me)
    hold: Choice | None = None
    push: Choice | None = None  # the first push that goes furthest
    furthest = -1
    for c in legal:
        if c.action != "move":
            if hold is None and c.action == "hold":
                hold = c
            continue
        ship = c.str_param("ship")
        if ship == me and slip and abs(c.int_param("to")) > high:
            return c
        if ship in foes:
            reach = abs(c.int_param("to"))
            if reach > furthest:
                push, furthest = c, reach
    if push is None:
        assert hold is not None
        return hold
    if furthest > high:  # the first push off the map
        return next(
            c
            for c in legal
            if c.action == "move" and c.str_param("ship") in foes and abs(c.int_param("to")) > high
        )
    return push


def _place(state: DiasporaState, me: str, legal: list[Choice]) -> Choice:
    """Own ships first, at the centre; then enemies two bands from the nearest own ship (no
    range penalty for beams or torpedoes)."""
    side = state.ships[me].side
    own = [c for c in legal if state.ships[c.str_param("ship")].side == side]
    if own:
        return min(own, key=lambda c: abs(c.int_param("band")))
    placed = [s.band for s in state.ships.values() if s.side == side and s.band is not None]
    anchor = placed[0] if placed else 0
    want = anchor + 2 if anchor <= 0 else anchor - 2
    return min(legal, key=lambda c: abs(c.int_param("band") - want))


def _attack(state: DiasporaState, me: str, legal: list[Choice]) -> Choice:
    """The nearest target, with the beams closest to what it wants to spend (the first such
    shot listed); else hold."""
    beams = state.ships[me].ratings["beam"]
    want = beams
    for enemy in query.enemies(state, me):
        if enemy.ratings["torpedo"] > 0:  # keep some beams back for point defence
            want = max(1, beams // 2)
            break
    best: Choice | None = None
    best_score = (0, 0)
    for c in legal:  # a plain loop, not `max(key=...)`: every attack of every turn passes here
        if c.action in ("hack", "fire", "launch"):
            score = (
                -query.distance(state, me, c.str_param("target")),
                -abs(c.int_param("beam") - want),
            )
            if best is None or score > best_score:
                best, best_score = c, score
    if best is None:
        return _first_of(legal, "hold")
    return best


def _invoke(
    ruleset: Ruleset[DiasporaState, Any], state: DiasporaState, seat: str, me: str
) -> Choice:
    """+2 when it turns the attack: the attacker's miss into a hit, the defender's small hit
    into a miss; free invokes first, the ship's own before an ally's (teamwork). Whether to
    invoke is decided before the invokes are listed (most windows are passed)."""
    if _wants_bonus(state, me):
        invokes = ruleset.legal(state, seat, only=("invoke",))
        bonus = [c for c in invokes if c.str_param("effect") in PLUS_TWO]
        bonus.sort(key=lambda c: (c.str_param("payment") != "free", c.get("by") is not None))
        if bonus:
            return bonus[0]
    return ruleset.legal(state, seat, only=("pass",))[0]


def _wants_bonus(state: DiasporaState, me: str) -> bool:
    repair = query.repair_shifts(state)
    if repair is not None:  # a repair roll: +2 when it turns a failure into a repair
        return repair in (-1, 0)
    if state.detection_window:  # a detection roll: let it stand
        return False
    shifts = query.open_shifts(state)
    if shifts is None:  # a position roll: +2 when it takes the lead
        return query.position_gap(state, me) in (0, 1)
    attacking = query.attacking(state, me)
    return (attacking and shifts in (-1, 0)) or (not attacking and shifts in (1, 2))


def _first_of(legal: list[Choice], action: str) -> Choice:
    """The first of `legal` that is `action`."""
    for c in legal:
        if c.action == action:
            return c
    raise LookupError(f"no {action} among the legal choices")
