"""A simple Fully Automated! bot: defends when an enemy can reach it, aims when safe, attacks when
in range, moves to cover within range of an enemy. Light combat: stock sentences; as the GM it
rolls one check per action and deals damage on a success."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import GM
from shiftdrive.maps.hexgrid import Hex
from shiftdrive.rulesets.fully_automated.geometry import sight
from shiftdrive.rulesets.fully_automated.state import FAState, Fighter

if TYPE_CHECKING:
    from shiftdrive.rulesets.fully_automated.rules import FullyAutomated


def _enemies(state: FAState, f: Fighter) -> list[Fighter]:
    return [e for e in state.fighters.values() if e.side != f.side and e.able and e.pos]


def _threat(rs: FullyAutomated, state: FAState, e: Fighter) -> int:
    """How far away `e` could hit someone this round (range + movement, tackle included)."""
    best = 0
    for cid in e.cards:
        card = rs.card(state, cid)
        if card.kind != "attack":
            continue
        hi = card.disadvantaged_range[1] if card.disadvantaged_range else card.range[1]
        move = rs.move_allowance(state, e) if card.tackle else card.movement
        best = max(best, hi + move)
    return best


def _attack_cards(rs: FullyAutomated, state: FAState, f: Fighter) -> list[str]:
    """Attack cards that reach an enemy now, best (proficient, in range, most damage) first."""
    scored: list[tuple[int, int, int, str]] = []
    for i, cid in enumerate(f.cards):
        card = rs.card(state, cid)
        if card.kind != "attack":
            continue
        reach = [
            rs.attack_from(state, f.name, e.name, cid, card.movement) for e in _enemies(state, f)
        ]
        found = [r for r in reach if r is not None]
        if not found:
            continue
        dis = min(r[2] for r in found) + (0 if rs.proficient(state, f, cid) else 1)
        scored.append((dis, -card.damage, i, cid))
    return [cid for *_, cid in sorted(scored)]


def _card(state: FAState, seat: str, legal: list[Choice], cid: str) -> Choice:
    for c in legal:
        if c.str_param("card") == cid and c.get("tackle") is None and c.get("reroll") is None:
            return c
    return legal[0]


def _choose_card(
    rs: FullyAutomated, state: FAState, seat: str, legal: list[Choice], rng: random.Random
) -> Choice:
    f = state.fighters[seat]
    if f.pos is None:
        return _card(state, seat, legal, "defend")
    me = Hex.parse(f.pos)
    attacks = _attack_cards(rs, state, f)
    threatened = any(
        me.distance(Hex.parse(e.pos or "0,0")) <= _threat(rs, state, e) for e in _enemies(state, f)
    )
    if attacks and f.aim > 0:
        return _card(state, seat, legal, attacks[0])
    if threatened:
        if attacks and rng.random() < 0.55:
            return _card(state, seat, legal, attacks[0])
        return _card(state, seat, legal, "defend")
    if attacks:
        if f.aim == 0 and rng.random() < 0.5:
            return _card(state, seat, legal, "aim")
        return _card(state, seat, legal, attacks[0])
    return _card(state, seat, legal, "move")


def _best_range(rs: FullyAutomated, state: FAState, f: Fighter) -> tuple[int, int]:
    ranges = [rs.card(state, c).range for c in f.cards if rs.card(state, c).kind == "attack"]
    proficient = [
        rs.card(state, c).range
        for c in f.cards
        if rs.card(state, c).kind == "attack" and rs.proficient(state, f, c)
    ]
    pool = proficient or ranges
    return max(pool, key=lambda r: (r[1], -r[0]))


def _score_hex(rs: FullyAutomated, state: FAState, f: Fighter, h: Hex) -> float:
    lo, hi = _best_range(rs, state, f)
    enemies = _enemies(state, f)
    if not enemies:
        return 0.0
    hmap = rs._map(state)
    occ = {
        Hex.parse(o.pos): o.name
        for o in state.fighters.values()
        if o.pos and o.name != f.name and o.status != "dead"
    }
    best = -1000.0
    for e in enemies:
        ep = Hex.parse(e.pos or "0,0")
        d = h.distance(ep)
        others = {k: v for k, v in occ.items() if v != e.name}
        s = sight(hmap, others, h, ep)
        score = -abs(d - hi) if d > hi else -(lo - d) if d < lo else 10.0
        if score == 10.0 and not s.attackable:
            score = 2.0
        back = sight(hmap, others, ep, h)
        if back.cover:
            score += 3
        best = max(best, score)
    return best


def _choose_hex(rs: FullyAutomated, state: FAState, seat: str, legal: list[Choice]) -> Choice:
    f = state.fighters[seat]
    plain = [c for c in legal if c.get("aim") is None] or legal
    scored = []
    for i, c in enumerate(plain):
        to = c.str_param("to")
        h = Hex.parse(to) if to else Hex.parse(f.pos or "0,0")
        scored.append((-_score_hex(rs, state, f, h), i, c))
    return min(scored, key=lambda t: (t[0], t[1]))[2]


def _defend_step(rs: FullyAutomated, state: FAState, seat: str, legal: list[Choice]) -> Choice:
    """Step out of the attacker's reach if possible, else into cover, else stay."""
    atk = state.attack
    f = state.fighters[seat]
    if atk is None or f.pos is None:
        return legal[0]
    start = f.pos
    best: tuple[int, int, Choice] | None = None
    for i, c in enumerate(legal):
        to = c.str_param("to") or start
        f.pos = to
        try:
            out = rs.attack_from(state, atk.attacker, seat, atk.card, atk.movement_left) is None
            a = state.fighters[atk.attacker]
            cover = rs.sight_between(state, atk.attacker, seat).cover if a.pos else False
        finally:
            f.pos = start
        rank = 0 if out else 1 if cover else 2
        if best is None or (rank, i) < best[:2]:
            best = (rank, i, c)
    assert best is not None
    return best[2]


def _gm(rs: FullyAutomated, state: FAState, legal: list[Choice], rng: random.Random) -> Choice:
    by = {c.action: c for c in legal}
    if state.phase in ("choose", "declare") and "reveal" in by:
        return by["reveal"]
    if state.phase == "resolve" and state.light_actor:
        actor = state.fighters[state.light_actor]
        if state.light_stage == "check":
            return Choice.of("check", bonus=2, difficulty=6)
        text = str(state.played.get(actor.name, {}).get("text", "")).lower()
        foes = _enemies(state, actor)
        attacking = not text.startswith(("defend", "aim", "move"))
        if state.light_stage == "after" and state.light_success and foes and attacking:
            target = max(foes, key=lambda e: e.hp)
            return Choice.of("hp", name=target.name, delta=-rng.randint(3, 6))
        return Choice.of("next")
    return rng.choice(legal)


def choose(rs: FullyAutomated, state: FAState, seat: str, rng: random.Random) -> Choice:
    legal = rs.legal(state, seat)
    if seat == GM:
        return _gm(rs, state, legal, rng)
    if len(legal) == 1:
        return legal[0]
    kind = legal[0].action
    if kind == "play":
        return _choose_card(rs, state, seat, legal, rng)
    if kind == "declare":
        return rng.choice(legal)
    if kind in ("target", "hold"):
        targets = [c for c in legal if c.action == "target"]
        if not targets:
            return legal[0]
        return min(
            targets,
            key=lambda c: (
                not state.fighters[c.str_param("name")].able,
                state.fighters[c.str_param("name")].hp,
            ),
        )
    if kind in ("stay", "step"):
        if state.phase == "defend_step":
            return _defend_step(rs, state, seat, legal)
        return _choose_hex(rs, state, seat, legal)
    if kind == "move":
        return _choose_hex(rs, state, seat, legal)
    return rng.choice(legal)
