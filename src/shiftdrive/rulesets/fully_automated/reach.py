"""Who an attack card can reach, and from which hexes (cheat sheet "An attack", F5, F6, F7).

A card's range and disadvantaged range (F5), the hexes of movement it may use "to come into
range" (moving through an adversary costs +1, F7), a line of attack that is not obstructed
(F9), and whom a card may target at all (enemies; Restrain's HP rule and its release of a
restrained ally, F6).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import Final

from shiftdrive.maps.hexgrid import Hex
from shiftdrive.rulesets.fully_automated.geometry import Board, sight
from shiftdrive.rulesets.fully_automated.scenario import CardSpec
from shiftdrive.rulesets.fully_automated.state import DEAD, FAState, Fighter
from shiftdrive.rulesets.fully_automated.table import board, card, layout

REACH_MEMO_LIMIT: Final = 20_000  # remembered attack options per fight (see `attack_options`)
NOWHERE: Final[Mapping[Hex, tuple[int, int]]] = MappingProxyType({})  # no hex to attack from


def range_status(c: CardSpec, d: int) -> int | None:
    """0 in range, 1 in the disadvantaged range (ranged cards, seed: 1-2 beyond), None out."""
    return _range_status(c.range, c.disadvantaged_range, d)


def _range_status(span: tuple[int, int], far: tuple[int, int] | None, d: int) -> int | None:
    lo, hi = span
    if lo <= d <= hi:
        return 0
    if far is not None:
        dlo, dhi = far
        if dlo <= d <= dhi:
            return 1
    return None


def farthest(c: CardSpec) -> int:
    """The farthest a card reaches without moving (its disadvantaged range included)."""
    far = c.disadvantaged_range
    return far[1] if far is not None and far[1] > c.range[1] else c.range[1]


@lru_cache(maxsize=4096)
def _in_range(
    b: Board, target: Hex, span: tuple[int, int], far: tuple[int, int] | None
) -> Mapping[Hex, int]:
    """Every hex of the map within a card's ranges of `target`: hex -> `range_status`. The map
    and the ranges never change, so this is made once per target hex and card reach and shared
    by every battle on the map (do not change it)."""
    out: dict[Hex, int] = {}
    for h in b.nbrs:
        rs = _range_status(span, far, h.distance(target))
        if rs is not None:
            out[h] = rs
    return out


def attack_options(
    state: FAState,
    a: str,
    t: str,
    cid: str,
    budget: int,
    where: tuple[Hex | None, ...] | None = None,
) -> Mapping[Hex, tuple[int, int]]:
    """Hexes within `budget` movement from which `a` can attack `t` with card `cid`:
    hex -> (disadvantaged range 0/1, movement cost). The seed: a close attack's hex of
    movement may be used "to come into range" (moving through an adversary costs +1, F7).

    Remembered per layout and card reach (most close cards share one): the rules and the
    bot ask the same question many times between two moves. A caller asking about several
    targets or cards without moving anyone may pass `layout(state)`, taken once."""
    c = card(state, cid)
    start, tpos = state.fighters[a].pos, state.fighters[t].pos
    if start is None or tpos is None or start.distance(tpos) > max(budget, 0) + farthest(c):
        # Every hex a walk of `budget` reaches is within `budget` hexes of the start (a
        # step costs at least 1), so none is within the card's range of the target.
        return NOWHERE
    if where is None:
        where = layout(state)
    key = (a, t, c.range, c.disadvantaged_range, budget, where)
    memo = state.reach_memo
    got = memo.get(key)
    if got is None:
        if len(memo) >= REACH_MEMO_LIMIT:
            memo.clear()
        got = memo[key] = _attack_options(state, a, t, cid, budget, where)
    return got


def _attack_options(
    state: FAState,
    a: str,
    t: str,
    cid: str,
    budget: int,
    where: tuple[Hex | None, ...],
) -> Mapping[Hex, tuple[int, int]]:
    """`attack_options` worked out for `where` (everyone's hex: `layout(state)`), both on
    the map (`attack_options` answers the rest)."""
    fa = state.fighters[a]
    start, tpos = fa.pos, state.fighters[t].pos
    assert start is not None and tpos is not None
    c = card(state, cid)
    b = board(state)
    # Who stands where, and the adversaries' hexes, read off the layout (the dead are None).
    others: dict[Hex, str] = {}
    enemies: set[Hex] = set()
    for f, p in zip(state.fighters.values(), where, strict=True):
        if p is not None:
            if f.name != a and f.name != t:
                others[p] = f.name
            if f.side != fa.side:
                enemies.add(p)
    in_range = _in_range(b, tpos, c.range, c.disadvantaged_range)
    out: dict[Hex, tuple[int, int]] = {}
    if budget <= 0:
        rs = in_range.get(start)
        if rs is not None and sight(b, others, start, tpos).attackable:
            out[start] = (rs, 0)
        return out
    walked = b.walk(start, budget, enemies)
    # The smaller of the two is gone through (a tackle walks far, a close card's range is
    # six hexes); no caller depends on the order of the hexes.
    if len(in_range) < len(walked):
        found = [(h, walked[h][0], rs) for h, rs in in_range.items() if h in walked]
    else:
        found = [(h, cost, in_range[h]) for h, (cost, _) in walked.items() if h in in_range]
    for h, cost, rs in found:
        if h != start and (h in others or h == tpos):
            continue
        if not sight(b, others, h, tpos).attackable:
            continue
        out[h] = (rs, cost)
    return out


def attack_from(
    state: FAState, a: str, t: str, cid: str, budget: int
) -> tuple[Hex, int, int] | None:
    """The nearest hex to attack `t` from: (hex, cost, disadvantaged), normal range first.

    Used when a seat leaves the hex to the rules (`target name=X` without `from=`) and for
    counter-attacks."""
    opts = attack_options(state, a, t, cid, budget)
    if not opts:
        return None
    h, (rs, cost) = min(opts.items(), key=lambda kv: (kv[1][0], kv[1][1], kv[0]))
    return h, cost, rs


def target_allowed(state: FAState, fa: Fighter, ft: Fighter, cid: str) -> bool:
    """Whom card `cid` may target at all: an enemy on the map; Restrain (F6) an enemy it
    outweighs by 7 HP, or a restrained ally to release."""
    if ft.name == fa.name or ft.status == DEAD or ft.pos is None:
        return False
    if card(state, cid).kind == "restrain":
        if ft.side == fa.side:
            return ft.restrained  # F6: restrain may release an ally
        # F6: HP at least 7 above the target ("more than 6 HP greater")
        return not ft.restrained and fa.hp >= ft.hp + 7
    return ft.side != fa.side


def reachable(state: FAState, a: str, cid: str, budget: int) -> Iterator[str]:
    """Whom `a`'s card can reach with `budget` movement, in turn order, one at a time (whether
    anyone is in reach is settled at the first)."""
    fa = state.fighters[a]
    where = layout(state)
    return (
        t
        for t in state.order
        if target_allowed(state, fa, state.fighters[t], cid)
        and attack_options(state, a, t, cid, budget, where)
    )
