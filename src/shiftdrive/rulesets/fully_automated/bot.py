"""The Fully Automated! bot: reads the rock-paper-scissors of the seed's "Standard Combat".

Cards: attack with an aim in hand; when it can hit and nobody can hit back, aim first; when
both can hit, mostly attack and sometimes defend; restrain an adjacent enemy it outweighs by
7 HP (F6); tackle a melee target out of a punch's reach; otherwise move. Targets: the able,
undefended, uncovered and weakest first (cards are face up once revealed). Moves: to a hex
from which its best card reaches an enemy next round, in cover from the enemy. As a defender
it steps out of reach, else into cover. Light combat: stock sentences; as the GM it rolls one
check per action and deals damage on a success.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import GM
from shiftdrive.engine.ruleset import Ruleset
from shiftdrive.maps.hexgrid import Hex
from shiftdrive.rulesets.fully_automated import query as q
from shiftdrive.rulesets.fully_automated.query import LIGHT_ATTACK, TargetOption, farthest, sight
from shiftdrive.rulesets.fully_automated.scenario import FAScenario
from shiftdrive.rulesets.fully_automated.state import DEAD, FAState, Fighter

# else Defend: the seed's "if you think they will attack, defend"
ATTACK_WHEN_THREATENED: Final = 0.7
MOVE_WHEN_OUTRANGED: Final = 0.7  # else Defend, when an enemy reaches us and we reach nobody
TACKLE: Final = 0.5


def _enemies(state: FAState, f: Fighter) -> list[Fighter]:
    return [e for e in state.fighters.values() if e.side != f.side and e.able and e.pos]


@dataclass(frozen=True, slots=True)
class _Hand:
    """What the bot reads off one fighter's cards. The cards, the catalog and the fighter's
    proficiencies are fixed at set-up, so this is read once per fight (`_hand`)."""

    # Attack cards in hand order: (index in hand, card, reach, movement, proficient, damage);
    # cards of one reach (ranges and movement) attack from the same hexes.
    attacks: tuple[tuple[int, str, tuple[object, ...], int, bool, int], ...]
    # Each attack card's threat as an enemy's: (farthest range, tackle, movement), no repeats.
    threats: tuple[tuple[int, bool, int], ...]
    tacklers: tuple[str, ...]
    restrains: bool
    best_range: tuple[int, int]  # see `_best_range`


def _hand(state: FAState, f: Fighter) -> _Hand:
    """`f`'s hand as the bot reads it, remembered on the state by name with the list of
    cards it was read from (a fighter's cards change only when Restrain disarms it, which
    gives it a new list; undo's fresh set-up starts anew)."""
    got: tuple[list[str], _Hand] | None = state.hand_memo.get(f.name)
    if got is None or got[0] is not f.cards:
        got = state.hand_memo[f.name] = (f.cards, _read_hand(state, f))
    return got[1]


def _read_hand(state: FAState, f: Fighter) -> _Hand:
    attacks = []
    threats = []
    for i, cid in enumerate(f.cards):
        card = q.card(state, cid)
        if card.kind != "attack":
            continue
        reach = (card.range, card.disadvantaged_range, card.movement)
        attacks.append((i, cid, reach, card.movement, q.proficient(state, f, cid), card.damage))
        threats.append((farthest(card), card.tackle, card.movement))
    return _Hand(
        attacks=tuple(attacks),
        threats=tuple(dict.fromkeys(threats)),
        tacklers=tuple(c for c in f.cards if q.card(state, c).tackle),
        restrains="restrain" in f.cards,
        best_range=_best_range(state, f),
    )


def _threatened(state: FAState, f: Fighter, enemies: list[Fighter]) -> bool:
    """Could an enemy attack `f` this round (its range plus its card's movement, a line)?"""
    assert f.pos is not None
    board = q.board(state)
    for e in enemies:
        assert e.pos is not None
        d = e.pos.distance(f.pos)
        for hi, tackle, movement in _hand(state, e).threats:
            if d <= hi + (q.move_allowance(state, e) if tackle else movement) and (
                movement or tackle or sight(board, {}, e.pos, f.pos).attackable
            ):
                return True
    return False


def _attack_cards(state: FAState, f: Fighter, enemies: list[Fighter]) -> list[str]:
    """Attack cards that reach an able enemy now, best first (normal range and proficient,
    then the most damage)."""
    scored: list[tuple[int, int, int, str]] = []
    hand = _hand(state, f)
    if not hand.attacks:
        return []
    layout = q.layout(state)  # nobody moves while the bot weighs its cards
    # Cards of one reach attack from the same hexes: asked once.
    nearest: dict[tuple[object, ...], int | None] = {}
    for i, cid, reach, movement, proficient, damage in hand.attacks:
        if reach in nearest:
            best = nearest[reach]
        else:
            best = None
            for e in enemies:
                opts = q.attack_options(state, f.name, e.name, cid, movement, layout)
                if opts:
                    rng_dis = min(opts.values())[0]  # (range 0/1, cost): normal range first
                    if best is None or rng_dis < best:
                        best = rng_dis
                    if best == 0:
                        break  # in normal range of someone: no enemy can do better
            nearest[reach] = best
        if best is None:
            continue
        dis = best + (0 if proficient else 1)
        scored.append((dis, -damage, i, cid))
    return [cid for *_, cid in sorted(scored)]


def _play(legal: list[Choice], cid: str, tackle: bool = False) -> Choice:
    for c in legal:
        if (
            c.str_param("card") == cid
            and (c.get("tackle") is True) == tackle
            and not c.get("reroll")
        ):
            return c
    return legal[0]


def _restrain_target(state: FAState, f: Fighter) -> bool:
    """An adjacent enemy we outweigh by 7 HP (F6), or a restrained ally to release."""
    if f.pos is None or not _hand(state, f).restrains:
        return False
    for o in state.fighters.values():
        if o.pos is None or o.status == DEAD or not o.pos.is_adjacent(f.pos):
            continue
        if o.side == f.side and o.restrained:
            return True
        if o.side != f.side and o.able and f.hp >= o.hp + 7:
            return True
    return False


def _choose_card(
    state: FAState,
    seat: str,
    legal: list[Choice],
    rng: random.Random,
) -> Choice:
    f = state.fighters[seat]
    if f.pos is None:
        return _play(legal, "defend")
    if _restrain_target(state, f):
        return _play(legal, "restrain")
    enemies = _enemies(state, f)
    attacks = _attack_cards(state, f, enemies)
    if attacks:
        if f.aim > 0:
            return _play(legal, attacks[0])
        if not _threatened(state, f, enemies):
            return _play(legal, "aim")
        if rng.random() < ATTACK_WHEN_THREATENED:
            return _play(legal, attacks[0])
        return _play(legal, "defend")
    # Nothing in reach: tackle a nearby enemy with an unarmed card, else close in.
    tacklers = _hand(state, f).tacklers
    if tacklers and rng.random() < TACKLE:
        for e in enemies:
            assert e.pos is not None
            if q.attack_options(state, seat, e.name, tacklers[0], q.move_allowance(state, f)):
                return _play(legal, tacklers[0], tackle=True)
    if _threatened(state, f, enemies) and rng.random() >= MOVE_WHEN_OUTRANGED:
        return _play(legal, "defend")
    return _play(legal, "move")


def _best_range(state: FAState, f: Fighter) -> tuple[int, int]:
    """The (closest, farthest) distance its best card attacks from next round (movement in)."""
    best: tuple[int, int] | None = None
    for cid in f.cards:
        card = q.card(state, cid)
        if card.kind != "attack" or not q.proficient(state, f, cid):
            continue
        r = (max(1, card.range[0] - card.movement), card.range[1] + card.movement)
        if best is None or (r[1], -r[0]) > (best[1], -best[0]):
            best = r
    return best or (1, 2)


def _hex_scorer(state: FAState, f: Fighter) -> tuple[Callable[[Hex, float], float], float]:
    """How good a hex is to stand on: best card in reach of an enemy, in cover from it.

    Everything that does not depend on the hex (ranges, enemies, who else stands where) is
    worked out once per decision, then each candidate hex is scored against it. Returns the
    scorer and the ceiling no hex can score above (in reach, with a line, in cover, from the
    weakest enemy).

    `score(h, beat)` is exact whenever the hex scores above `beat`; otherwise it only promises
    a value not above `beat`. The caller keeps the first best hex, so a hex that cannot beat the
    best so far needs no exact score: the sight lines that could not lift it are not drawn."""
    lo, hi = _hand(state, f).best_range
    enemies = _enemies(state, f)
    board = q.board(state)
    occ = {o.pos: o.name for o in state.fighters.values() if o.pos and o.name != f.name}
    foes: list[tuple[float, Hex, dict[Hex, str], float]] = []
    for e in enemies:
        assert e.pos is not None
        others = {k: v for k, v in occ.items() if v != e.name}
        weakness = e.hp / 40
        foes.append((10.0 + 3 - weakness, e.pos, others, weakness))
    # The highest ceiling first: once the best so far reaches a foe's ceiling, the rest cannot
    # lift the hex either (the order does not change the maximum).
    foes.sort(key=lambda foe: -foe[0])

    def score(h: Hex, beat: float) -> float:
        if not foes:
            return 0.0
        best = -1000.0
        for ceiling, ep, others, weakness in foes:
            floor = best if best > beat else beat
            if ceiling <= floor:
                break
            d = h.distance(ep)
            if lo <= d <= hi:
                value = 10.0 if sight(board, others, h, ep).attackable else 2.0
            else:
                value = -float(d - hi if d > hi else lo - d)
            if value + 3 - weakness <= floor:
                continue  # even in cover it would not count
            if sight(board, others, ep, h).cover:
                value += 3
            value -= weakness  # prefer closing on the weak
            if value > best:
                best = value
        return best

    return score, foes[0][0] if foes else 0.0


def _choose_hex(state: FAState, seat: str, options: list[tuple[Hex, Choice]]) -> Choice:
    """The first best of `options` (a mover's plain moves, or an unattacked defender's step)."""
    f = state.fighters[seat]
    assert f.pos is not None
    score, ceiling = _hex_scorer(state, f)
    best, best_score = options[0][1], -float("inf")  # the first of the best-scoring hexes
    for h, c in options:
        value = score(h, best_score)
        if value > best_score:
            best, best_score = c, value
            if best_score >= ceiling:
                break  # no later hex can score higher
    return best


def _defend_step(state: FAState, seat: str, options: list[tuple[Hex, Choice]]) -> Choice:
    """Step out of the attacker's reach if possible, else into cover, else stay (the first
    hex of the best of the three)."""
    atk = state.attack
    f = state.fighters[seat]
    assert atk is not None and f.pos is not None  # stand_options lists steps for the attacked
    start = f.pos
    apos = state.fighters[atk.attacker].pos
    assert apos is not None
    board = q.board(state)
    # `sight_between` the attacker and the defender, with the others taken once: who else
    # stands where does not depend on the defender's hex.
    others = q.occupants(state, atk.attacker, seat)
    best, best_rank = options[0][1], 3
    try:
        for h, c in options:
            f.pos = h
            if not q.attack_options(state, atk.attacker, seat, atk.card, atk.movement_left):
                return c  # out of reach: no later hex ranks higher
            if best_rank > 1:  # cover can only improve on a hex without it
                rank = 1 if sight(board, others, apos, f.pos).cover else 2
                if rank < best_rank:
                    best, best_rank = c, rank
    finally:
        f.pos = start
    return best


def _target(state: FAState, seat: str, targets: list[TargetOption]) -> Choice:
    """The able, undefended, uncovered, weakest target, from the nearest good hex."""
    here = state.fighters[seat].pos
    assert here is not None

    def key(option: TargetOption) -> tuple[bool, bool, int, int, int]:
        name, h, at, _ = option
        t = state.fighters[name]
        defending = state.played.get(name, {}).get("card") == "defend"
        # Listed targets are in reach; prefer those in normal range (0) over disadvantaged (1).
        return (not t.able, defending, at, t.hp, h.distance(here))

    return min(targets, key=key)[3]


def _gm(state: FAState, legal: list[Choice], rng: random.Random) -> Choice:
    by = {c.action: c for c in legal}
    if state.phase in ("choose", "declare") and "reveal" in by:
        return by["reveal"]
    if state.phase == "resolve" and state.light_actor:
        actor = state.fighters[state.light_actor]
        if state.light_stage == "check":
            return Choice.of("check", bonus=2, difficulty=6)
        text = str(state.played.get(actor.name, {}).get("text", "")).lower()
        foes = [e for e in state.fighters.values() if e.side != actor.side and e.able]
        attacking = not text.startswith(("defend", "aim", "move"))
        if state.light_stage == "after" and state.light_success and foes and attacking:
            target = min(foes, key=lambda e: e.hp)  # the weakest, as the map bots pick targets
            return Choice.of("hp", name=target.name, delta=-rng.randint(3, 6))
        return Choice.of("next")
    return rng.choice(legal)


def choose(
    rs: Ruleset[FAState, FAScenario], state: FAState, seat: str, rng: random.Random
) -> Choice:
    phase = state.phase
    if phase in ("steps", "defend_step", "moves"):
        stand = q.stand_options(state, seat)
        if stand is not None:
            # Only where to stand: the hexes with their choices, asked alone (the first mover's
            # aimed moves and bodies, which `legal` adds, are never chosen; it has no wait).
            if phase == "defend_step":
                return _defend_step(state, seat, stand)
            return _choose_hex(state, seat, stand)
    elif phase == "attacks":
        targets = q.target_options(state, seat)
        if targets:  # picking a target: legal's target choices asked alone (else only hold)
            return _target(state, seat, targets)
    elif phase == "withdraw":
        stay = q.withdraw_stay(state, seat)
        if stay is not None:
            return stay  # the attack's movement left stays unused: no steps listed
    legal = rs.legal(state, seat)
    if seat == GM:
        return _gm(state, legal, rng)
    if len(legal) == 1:
        return legal[0]
    if phase == "choose":  # a card in secret: legal holds only `play` choices
        return _choose_card(state, seat, legal, rng)
    actions = {c.action for c in legal}
    if "declare" in actions:
        # Light combat: mostly attack, as the map bots do when a foe is in reach (70%).
        attack = next((c for c in legal if c.str_param("text") == LIGHT_ATTACK), None)
        if attack is not None and rng.random() < 0.7:
            return attack
        return rng.choice(legal)
    if phase == "follow":
        return legal[0]  # the first hex back in range (the list ends with letting go)
    if "wait" in actions:
        return next(c for c in legal if c.action == "wait")  # moving later sees more
    return legal[0]  # not reached: every other decision is settled above
