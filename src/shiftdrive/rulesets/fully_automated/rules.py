"""Fully Automated! combat: secret simultaneous action cards on a hex map, plus light combat.

Seed 003 sections "Standard Combat", "Starting Combat", "Running Combat", "A review of how to
resolve a round of combat" (and its cheat sheet), the action cards, "Additional Combat Rules",
"Discerning Cover and Line of Sight", "Light Combat". Rulings C12 and F1-F10 apply.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator, Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Final, TypeVar

from shiftdrive.core.aspects import AspectSet
from shiftdrive.core.dice import DiceSource, die_faces, roll_fudge
from shiftdrive.core.errors import RuleError
from shiftdrive.core.odds import Odds, OddsQuery, odds
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import GM, Event
from shiftdrive.engine.ruleset import Decision, Ending, Result, Ruleset, Seat, Sheet, Tally
from shiftdrive.engine.turns import SecretChoices
from shiftdrive.maps.hexgrid import Hex, HexMap
from shiftdrive.rulesets.fully_automated.geometry import Board, Sight, sight
from shiftdrive.rulesets.fully_automated.scenario import (
    ALWAYS,
    ARMOR,
    COLUMNS,
    CardSpec,
    Catalog,
    FAScenario,
    Rules,
    expand_proficiencies,
    load,
    parse_outcome,
)
from shiftdrive.rulesets.fully_automated.state import (
    ACTIVE,
    DEAD,
    DYING,
    INCAPACITATED,
    Attack,
    FAState,
    Fighter,
)

DEFEND_TEXT: Final = {
    -2: "the defense fails and the attack proceeds",
    -1: "the attack proceeds with disadvantage",
    0: "the attack fails",
    1: "the attack fails; counter-attack with disadvantage",
    2: "the attack fails; counter-attack",
}
LIGHT_ATTACK: Final = "Punch the nearest enemy"
LIGHT_SENTENCES: Final = ("Defend", LIGHT_ATTACK, "Move into cover", "Aim carefully")
HP_LIMIT: Final = 100
HOLD: Final = Choice.of("hold", label="hold")  # an attacker's holding its card (immutable)
# A target choice with what it settles: (target, hex attacked from, range 0 normal/1 disadvantaged).
TargetOption = tuple[str, Hex, int, Choice]
STAY: Final = Choice.of("stay")  # a withdraw's or a step's staying put (choices are immutable)
REACH_MEMO_LIMIT: Final = 20_000  # remembered attack options per fight (see `attack_options`)
SENTENCE_LIMIT: Final = 200
_SENTENCE_BREAK: Final = re.compile(r"[.!?;]\s+\S")


def _sym(faces: tuple[int, ...]) -> str:
    return " ".join({1: "+", 0: "0", -1: "-"}[f] for f in faces)


def _net(adv: bool, dis: bool) -> int:
    """F1: several of one kind count once; advantage and disadvantage cancel one for one."""
    return int(adv) - int(dis)


@lru_cache(maxsize=32)
def _board(map_json: str) -> Board:
    """One Board per distinct map, shared by every battle on it (the simulator starts thousands;
    the board is immutable apart from its cache of lines)."""
    return Board(HexMap.from_dict(json.loads(map_json)))


def range_status(card: CardSpec, d: int) -> int | None:
    """0 in range, 1 in the disadvantaged range (ranged cards, seed: 1-2 beyond), None out."""
    return _range_status(card.range, card.disadvantaged_range, d)


def _range_status(span: tuple[int, int], far: tuple[int, int] | None, d: int) -> int | None:
    lo, hi = span
    if lo <= d <= hi:
        return 0
    if far is not None:
        dlo, dhi = far
        if dlo <= d <= dhi:
            return 1
    return None


NOWHERE: Final[Mapping[Hex, tuple[int, int]]] = MappingProxyType({})  # no hex to attack from


def farthest(card: CardSpec) -> int:
    """The farthest a card reaches without moving (its disadvantaged range included)."""
    far = card.disadvantaged_range
    return far[1] if far is not None and far[1] > card.range[1] else card.range[1]


@lru_cache(maxsize=4096)
def _to_hex(action: str, h: Hex) -> Choice:
    """`move`, `step`, `withdraw` or `follow` to hex `h`. Choices are immutable and the same
    few hexes come up in every battle, so each is made once."""
    return Choice.of(action, to=str(h))


@lru_cache(maxsize=4096)
def _target_from(name: str, h: Hex, disadvantaged: int, here: bool) -> Choice:
    """`target name=X from=q,r` with its label. Choices are immutable and the same targets and
    hexes come up in every battle, so each is made once."""
    where = "from here" if here else f"from {h}"
    note = " (disadvantaged range)" if disadvantaged else ""
    params = (("from", str(h)), ("name", name))  # sorted, as Choice.of would
    return Choice("target", params, f"attack {name} {where}{note}")


@lru_cache(maxsize=4096)
def _in_range(
    board: Board, target: Hex, span: tuple[int, int], far: tuple[int, int] | None
) -> Mapping[Hex, int]:
    """Every hex of the map within a card's ranges of `target`: hex -> `range_status`. The map
    and the ranges never change, so this is made once per target hex and card reach and shared
    by every battle on the map (do not change it)."""
    out: dict[Hex, int] = {}
    for h in board.nbrs:
        rs = _range_status(span, far, h.distance(target))
        if rs is not None:
            out[h] = rs
    return out


class FullyAutomated(Ruleset[FAState, FAScenario]):
    """Fully Automated! standard combat (hex map, secret cards) and light combat (no map)."""

    id = "fully_automated"
    title = "Fully Automated! combat"

    # --- set-up -------------------------------------------------------------------------------
    def load_scenario(self, data: Mapping[str, Any]) -> FAScenario:
        sc = load(data)
        try:
            die_faces(sc.rules.light_die)
        except ValueError as exc:
            from shiftdrive.engine.scenario import ScenarioError

            raise ScenarioError([("rules.light_die", str(exc))]) from None
        return sc

    def setup(self, scenario: FAScenario, dice: DiceSource) -> tuple[FAState, list[Event]]:
        sc: FAScenario = scenario
        cat = sc.merged_catalog()
        rules = sc.rules
        board = _board(json.dumps(sc.map, sort_keys=True)) if sc.mode == "standard" else None
        hmap = board.hmap if board is not None else None
        weapon_cards = {c for cards in cat.weapons.values() for c in cards}
        fighters: dict[str, Fighter] = {}
        for side in sc.sides:
            for c in side.characters:
                profs = expand_proficiencies(cat, c.proficiencies)
                cards: list[str] = []
                for w in c.weapons:
                    cards += cat.weapons[w]
                for p in profs:  # unarmed skills: Trained Strike, Claw (no weapon needed)
                    cards += [x for x in cat.proficiencies[p].cards if x not in weapon_cards]
                cards.append("punch")
                if c.restraints:
                    cards.append("restrain")
                cards += ["move", "defend", "aim"]
                hp = c.hp if c.hp is not None else rules.hp
                fighters[c.name] = Fighter(
                    name=c.name, side=side.name, hp=hp, max_hp=hp,
                    speed=c.speed if c.speed is not None else rules.speed,
                    move=c.move if c.move is not None else rules.move,
                    armor=ARMOR[c.armor], armor_name=c.armor, proficiencies=profs,
                    weapons=list(c.weapons), restraints=c.restraints,
                    cards=list(dict.fromkeys(cards)),
                    pos=Hex.parse(c.at) if hmap is not None and c.at else None,
                )  # fmt: skip
        state = FAState(
            title=sc.title, mode=sc.mode, sides=[s.name for s in sc.sides], fighters=fighters,
            secret=SecretChoices([]), gm_notes=sc.gm_notes, aspects=AspectSet(),
            settings={
                "catalog": cat, "map": hmap, "rules": rules,
                "board": board,
            },
        )  # fmt: skip
        events = [Event("setup", f"{sc.title}: {' vs '.join(state.sides)} ({sc.mode} combat)")]
        if sc.mode == "standard":
            # F3: initiative = speed + 2d10; ties: higher speed, then a roll-off.
            for f in fighters.values():
                roll = dice.draw("d10", 2, f"initiative {f.name} (speed {f.speed} + 2d10)")
                f.initiative = f.speed + sum(roll)
            events += self._sort(state, dice)
        else:
            state.order = list(fighters)  # F10: "clockwise": the scenario's order
            events.append(
                Event(
                    "turn_order",
                    "Light combat: actions resolve in table order: " + ", ".join(state.order),
                    {"order": state.order},
                )
            )
        events += self._start_round(state, dice)
        return state, events

    def _sort(self, state: FAState, dice: DiceSource) -> list[Event]:
        fs = state.fighters

        def key(n: str) -> tuple[int, int]:
            return (fs[n].initiative, fs[n].speed)

        for _ in range(20):
            groups: dict[tuple[int, int, int], list[str]] = {}
            for n in fs:
                groups.setdefault((*key(n), fs[n].rolloff), []).append(n)
            tied = [g for g in groups.values() if len(g) > 1]
            if not tied:
                break
            for g in tied:
                for n in g:
                    fs[n].rolloff = dice.draw("d10", 1, f"initiative roll-off {n}")[0]
        state.order = sorted(fs, key=lambda n: (-fs[n].initiative, -fs[n].speed, -fs[n].rolloff, n))
        text = ", ".join(f"{n} {fs[n].initiative}" for n in state.order)
        return [
            Event(
                "turn_order",
                f"Turn order (speed + 2d10): {text}",
                {
                    "order": list(state.order),
                    "initiative": {n: fs[n].initiative for n in state.order},
                },
            )
        ]

    # --- helpers ------------------------------------------------------------------------------
    def _cat(self, state: FAState) -> Catalog:
        return _setting(state, "catalog", Catalog)

    def _rules(self, state: FAState) -> Rules:
        return _setting(state, "rules", Rules)

    def _map(self, state: FAState) -> HexMap:
        return _setting(state, "map", HexMap)

    def board(self, state: FAState) -> Board:
        """The map's precomputed board (standard combat). Asked on every reach and sight
        question, so read straight from the settings, without `_setting`'s type check."""
        board: Board = state.settings["board"]
        return board

    def card(self, state: FAState, cid: str) -> CardSpec:
        """The catalog's card `cid`. Asked several hundred thousand times a simulated run, so
        read straight from the settings, without `_setting`'s type check."""
        card: CardSpec = state.settings["catalog"].cards[cid]
        return card

    def _pos(self, f: Fighter) -> Hex:
        assert f.pos is not None
        return f.pos

    def occupants(self, state: FAState, *exclude: str) -> dict[Hex, str]:
        """Who stands where (the dead are left out: their tokens come off the map)."""
        return {
            f.pos: f.name
            for f in state.fighters.values()
            if f.pos is not None and f.name not in exclude and f.status != DEAD
        }

    def proficient(self, state: FAState, f: Fighter, cid: str) -> bool:
        cat = self._cat(state)
        return (
            cid in ALWAYS
            or cid == "restrain"
            or any(cid in cat.proficiencies[p].cards for p in f.proficiencies)
        )

    def move_allowance(self, state: FAState, f: Fighter, aimed: bool = False) -> int:
        """F7: the character's move (default 4), -1 if Move was played last round; 6 if aimed.

        Incapacitated characters move one hex a round (F8)."""
        if f.status == INCAPACITATED:
            return 1
        if aimed:
            return self._rules(state).aimed_move
        return max(0, f.move - (1 if f.moved_last_round else 0))

    def _enemy_hexes(self, state: FAState, f: Fighter) -> set[Hex]:
        return {
            e.pos
            for e in state.fighters.values()
            if e.side != f.side and e.pos is not None and e.status != DEAD
        }

    def sight_between(self, state: FAState, a: str, t: str, from_hex: Hex | None = None) -> Sight:
        fa, ft = state.fighters[a], state.fighters[t]
        return sight(
            self.board(state), self.occupants(state, a, t), from_hex or self._pos(fa),
            self._pos(ft),
        )  # fmt: skip

    def layout(self, state: FAState) -> tuple[Hex | None, ...]:
        """Where every character stands (None when off the map or dead), in roster order: with
        the fixed sides, map and cards it settles every reach and line-of-attack question."""
        return tuple([None if f.status == DEAD else f.pos for f in state.fighters.values()])

    def attack_options(
        self,
        state: FAState,
        a: str,
        t: str,
        cid: str,
        budget: int,
        layout: tuple[Hex | None, ...] | None = None,
    ) -> Mapping[Hex, tuple[int, int]]:
        """Hexes within `budget` movement from which `a` can attack `t` with card `cid`:
        hex -> (disadvantaged range 0/1, movement cost). The seed: a close attack's hex of
        movement may be used "to come into range" (moving through an adversary costs +1, F7).

        Remembered per layout and card reach (most close cards share one): the rules and the
        bot ask the same question many times between two moves. A caller asking about several
        targets or cards without moving anyone may pass `layout(state)`, taken once."""
        card = self.card(state, cid)
        start, tpos = state.fighters[a].pos, state.fighters[t].pos
        if start is None or tpos is None or start.distance(tpos) > max(budget, 0) + farthest(card):
            # Every hex a walk of `budget` reaches is within `budget` hexes of the start (a
            # step costs at least 1), so none is within the card's range of the target.
            return NOWHERE
        if layout is None:
            layout = self.layout(state)
        key = (a, t, card.range, card.disadvantaged_range, budget, layout)
        memo = state.reach_memo
        got = memo.get(key)
        if got is None:
            if len(memo) >= REACH_MEMO_LIMIT:
                memo.clear()
            got = memo[key] = self._attack_options(state, a, t, cid, budget, layout)
        return got

    def _attack_options(
        self,
        state: FAState,
        a: str,
        t: str,
        cid: str,
        budget: int,
        layout: tuple[Hex | None, ...],
    ) -> Mapping[Hex, tuple[int, int]]:
        """`attack_options` worked out for `layout` (where everyone stands: `layout(state)`),
        both on the map (`attack_options` answers the rest)."""
        fa = state.fighters[a]
        start, tpos = fa.pos, state.fighters[t].pos
        assert start is not None and tpos is not None
        card = self.card(state, cid)
        board = self.board(state)
        # Who stands where, and the adversaries' hexes, read off the layout (the dead are None).
        others: dict[Hex, str] = {}
        enemies: set[Hex] = set()
        for f, p in zip(state.fighters.values(), layout, strict=True):
            if p is not None:
                if f.name != a and f.name != t:
                    others[p] = f.name
                if f.side != fa.side:
                    enemies.add(p)
        in_range = _in_range(board, tpos, card.range, card.disadvantaged_range)
        out: dict[Hex, tuple[int, int]] = {}
        if budget <= 0:
            rs = in_range.get(start)
            if rs is not None and sight(board, others, start, tpos).attackable:
                out[start] = (rs, 0)
            return out
        reach = board.walk(start, budget, enemies)
        # The smaller of the two is gone through (a tackle walks far, a close card's range is
        # six hexes); no caller depends on the order of the hexes.
        if len(in_range) < len(reach):
            found = [(h, reach[h][0], rs) for h, rs in in_range.items() if h in reach]
        else:
            found = [(h, c, in_range[h]) for h, (c, _) in reach.items() if h in in_range]
        for h, cost, rs in found:
            if h != start and (h in others or h == tpos):
                continue
            if not sight(board, others, h, tpos).attackable:
                continue
            out[h] = (rs, cost)
        return out

    def attack_from(
        self, state: FAState, a: str, t: str, cid: str, budget: int
    ) -> tuple[Hex, int, int] | None:
        """The nearest hex to attack `t` from: (hex, cost, disadvantaged), normal range first.

        Used when a seat leaves the hex to the rules (`target name=X` without `from=`) and for
        counter-attacks."""
        opts = self.attack_options(state, a, t, cid, budget)
        if not opts:
            return None
        h, (rs, cost) = min(opts.items(), key=lambda kv: (kv[1][0], kv[1][1], kv[0]))
        return h, cost, rs

    def _target_allowed(self, state: FAState, fa: Fighter, ft: Fighter, cid: str) -> bool:
        if ft.name == fa.name or ft.status == DEAD or ft.pos is None:
            return False
        if self.card(state, cid).kind == "restrain":
            if ft.side == fa.side:
                return ft.restrained  # F6: restrain may release an ally
            # F6: HP at least 7 above the target ("more than 6 HP greater")
            return not ft.restrained and fa.hp >= ft.hp + 7
        return ft.side != fa.side

    def targets(self, state: FAState, a: str) -> list[str]:
        """Whom the current attacker's card can reach this round."""
        return list(self._reachable(state, a))

    def _reachable(self, state: FAState, a: str) -> Iterator[str]:
        """`targets`, one at a time: whether anyone is in reach is settled at the first."""
        atk = state.attack
        assert atk is not None
        fa = state.fighters[a]
        layout = self.layout(state)
        return (
            t
            for t in state.order
            if self._target_allowed(state, fa, state.fighters[t], atk.card)
            and self.attack_options(state, a, t, atk.card, atk.movement_left, layout)
        )

    def _free_walk(self, state: FAState, name: str, budget: int) -> Iterator[Hex]:
        """Free hexes `name` can walk to within `budget` (its own hex excluded), unordered."""
        f = state.fighters[name]
        start = f.pos
        if start is None or budget <= 0:
            return iter(())
        occ = self.occupants(state, name)
        reach = self.board(state).walk(start, budget, self._enemy_hexes(state, f))
        return (h for h in reach if h != start and h not in occ)

    def _free_steps(self, state: FAState, name: str, budget: int) -> list[Hex]:
        """`_free_walk`'s hexes, in order."""
        return sorted(self._free_walk(state, name, budget))

    def _has_free_step(self, state: FAState, name: str, budget: int) -> bool:
        """Whether `_free_walk` has any hex (asked after every attack: no list, no sort)."""
        return any(self._free_walk(state, name, budget))

    def _free_neighbours(self, state: FAState, name: str) -> Iterator[Hex]:
        """Defend's one hex (F4): a free neighbour, rough ground included; unordered."""
        f = state.fighters[name]
        if f.pos is None:
            return iter(())
        occ = self.occupants(state, name)
        return (h for h in self.board(state).nbrs[f.pos] if h not in occ)

    def _step_options(self, state: FAState, name: str) -> list[Hex]:
        """`_free_neighbours`, in order."""
        return sorted(self._free_neighbours(state, name))

    def _can_step(self, state: FAState, name: str) -> bool:
        """Whether `_free_neighbours` has any hex (asked before each step: no list, no sort)."""
        return any(self._free_neighbours(state, name))

    def move_options(self, state: FAState, name: str, aimed: bool) -> list[Hex]:
        """Where a Move can end (F7): the allowance, rough +1, through an adversary +1."""
        f = state.fighters[name]
        start = self._pos(f)
        occ = self.occupants(state, name)
        budget = self.move_allowance(state, f, aimed)
        reach = self.board(state).walk(start, budget, self._enemy_hexes(state, f))
        return sorted(h for h in reach if h == start or h not in occ)

    def bodies(self, state: FAState, name: str) -> list[str]:
        """Adjacent characters who cannot resist being moved: incapacitated, restrained, dying."""
        f = state.fighters[name]
        if f.pos is None:
            return []
        return [
            b.name
            for b in state.fighters.values()
            if b.name != name
            and b.pos is not None
            and b.status in (INCAPACITATED, DYING)
            and b.pos.is_adjacent(f.pos)
        ]

    def body_moves(self, state: FAState, name: str, body: str) -> dict[Hex, Hex]:
        """Move card "-2 for moving another body" (F7): destination -> where the body ends up
        (the last hex walked through before the destination, which must be free)."""
        f = state.fighters[name]
        start = self._pos(f)
        occ = self.occupants(state, name, body)
        budget = self.move_allowance(state, f) - 2
        reach = self.board(state).walk(start, budget, self._enemy_hexes(state, f))
        out: dict[Hex, Hex] = {}
        for h, (_, prev) in reach.items():
            if h == start or h in occ or prev is None:
                continue
            if prev == start or prev not in occ:
                out[h] = prev
        return out

    def _damage(self, state: FAState, name: str, amount: int, why: str) -> list[Event]:
        """Take HP off and announce the F8 thresholds crossed."""
        if amount <= 0:
            return []
        f = state.fighters[name]
        before = f.status
        f.hp -= amount
        f.hp_lost += amount
        f.damaged = True
        events = (
            []
            if state.quiet
            else [
                Event(
                    "damage",
                    f"{name} takes {amount} damage ({why}): {f.hp} HP",
                    {"character": name, "damage": amount, "hp": f.hp},
                )
            ]
        )
        if f.status != before:
            events.append(self._status_event(f))
        return events

    def _status_event(self, f: Fighter) -> Event:
        text = {
            ACTIVE: f"{f.name} is back on their feet",
            INCAPACITATED: f"{f.name} is incapacitated: may only defend, at disadvantage, "
                           "and move one hex",
            DYING: f"{f.name} is dying: cannot act, loses 1 HP each round",
            DEAD: f"{f.name} is dead",
        }[f.status]  # fmt: skip
        return Event("status", text, {"character": f.name, "status": f.status})

    def _over(self, state: FAState, winner: str | None, why: str, ending: Ending) -> list[Event]:
        state.winner, state.ended, state.ending = winner, why, str(ending)
        state.phase = "over"
        state.attack = None
        state.queue = []
        return [
            Event(
                "end",
                f"The fight is over: {why}",
                {"winner": winner, "ending": str(ending)},
            )
        ]

    def _standing(self, state: FAState) -> list[str]:
        """Sides with someone still able to fight (not incapacitated, restrained or worse)."""
        # One pass, asked after every choice; a side already found standing is not asked again,
        # and the pass stops once every side is found (most of the fight, after a few fighters).
        able: set[str] = set()
        every = len(state.sides)
        for f in state.fighters.values():
            if f.side not in able and f.able:
                able.add(f.side)
                if len(able) == every:
                    return list(state.sides)
        return [s for s in state.sides if s in able]

    def _sides_standing(self, state: FAState) -> int:
        return len(self._standing(state))

    def _check_end(self, state: FAState) -> list[Event]:
        if state.ended:
            return []
        sides = self._standing(state)
        if len(sides) > 1:
            return []
        winner = sides[0] if sides else None
        why = f"{winner} is the last side standing" if winner else "no side is left standing"
        return self._over(state, winner, why, Ending.TAKEN_OUT)

    # --- the turn structure ---------------------------------------------------------------------
    def unrecorded(self, state: FAState) -> None:
        """A battle nobody will read: the most frequent events (choices made, steps, attacks,
        hits, damage, stuns, rounds, reveals, ends of rounds) are left unworded."""
        state.quiet = True

    def seats(self, state: FAState) -> list[Seat]:
        return [Seat(f.name, f.side, (f.name,)) for f in state.fighters.values()]

    def turn(self, state: FAState) -> list[tuple[str, str, str | None]]:
        """The decisions open now as (seat, kind, actor), in turn order, without their prompts:
        all that `waiting` needs (bot loops ask it after every choice); `pending` words them."""
        if state.ended:
            return []
        phase, atk = state.phase, state.attack
        if phase in ("choose", "declare"):
            kind = "card" if phase == "choose" else "declare"
            return [(s, kind, s) for s in state.secret.waiting()]
        if atk is not None and phase == "attacks":
            return [(atk.attacker, "target", atk.attacker)]
        if atk is not None and atk.target and phase == "defend_step":
            return [(atk.target, "defend_step", atk.target)]
        if atk is not None and atk.target and phase == "follow":
            return [(atk.attacker, "follow", atk.attacker)]
        if atk is not None and phase == "withdraw":
            return [(atk.attacker, "withdraw", atk.attacker)]
        if phase == "steps" and state.queue:
            n = state.queue[0]
            return [(n, "step", n)]
        if phase == "moves" and state.queue:
            first = state.queue[0]
            out: list[tuple[str, str, str | None]] = [(first, "move", first)]
            out += [(n, "interject", n) for n in state.queue[1:] if n not in state.waited]
            return out
        if phase == "resolve" and state.light_actor:
            return [(GM, "resolve", state.light_actor)]
        return []

    def waiting(self, state: FAState) -> list[str]:
        turn = self.turn(state)
        if len(turn) == 1:  # most decisions: one seat
            return [turn[0][0]]
        seats = [seat for seat, _, _ in turn]
        return seats if len(seats) < 2 else list(dict.fromkeys(seats))

    def pending(self, state: FAState) -> list[Decision]:
        return [self._decision(state, seat, kind, actor) for seat, kind, actor in self.turn(state)]

    def _decision(self, state: FAState, seat: str, kind: str, actor: str | None) -> Decision:
        """One open decision of `turn`, worded for the seat (secret cards stay secret)."""
        atk = state.attack
        if kind == "card":
            return Decision(seat, kind, f"{seat}: choose an action card in secret", actor, True)
        if kind == "declare":
            prompt = f"{seat}: choose a one-sentence action in secret"
            return Decision(seat, kind, prompt, actor, True)
        if kind == "target":
            assert atk is not None
            prompt = f"{seat}: pick the target of {self.card(state, atk.card).name}"
        elif kind == "defend_step":
            assert atk is not None
            prompt = f"{seat}: defending against {atk.attacker}, move one hex or stay"
        elif kind == "follow":
            assert atk is not None
            prompt = f"{seat}: {atk.target} stepped out of reach; move back into range or let it go"
        elif kind == "withdraw":
            prompt = f"{seat}: use the attack's movement left, or stay"
        elif kind == "step":
            prompt = f"{seat}: unattacked defender, move one hex or stay"
        elif kind == "move":
            prompt = f"{seat}: move (lowest initiative first)"
        elif kind == "interject":
            prompt = f"{seat}: move now, before {state.queue[0]}, or wait"
        else:  # resolve
            prompt = f"GM: resolve {actor}'s action (skill check, HP changes, then next)"
        return Decision(seat, kind, prompt, actor)

    def stand_options(self, state: FAState, seat: str) -> list[tuple[Hex, Choice]] | None:
        """Where `seat` may end up standing, each hex with its choice, when its decision now is
        only that: a stepping defender's (attacked or not) stay and steps, which are all its
        `legal` choices, or the first mover's plain moves (neither aimed nor dragging a body),
        which `legal`'s list starts with; in `legal`'s order. None for any other decision.

        A bot weighing hexes asks this instead of `legal`: no aimed moves or bodies to list
        and filter, no hex to read back out of each choice."""
        f = state.fighters.get(seat)
        if f is None or f.pos is None or state.ended:
            return None
        phase, atk = state.phase, state.attack
        if (phase == "steps" and state.queue and state.queue[0] == seat) or (
            phase == "defend_step" and atk is not None and atk.target == seat
        ):
            return self._step_stands(state, seat)
        if phase == "moves" and state.queue and state.queue[0] == seat:
            return self._plain_moves(state, seat)
        return None

    def withdraw_stay(self, state: FAState, seat: str) -> Choice | None:
        """`stay`, when `seat` is the attacker deciding whether to withdraw (always one of its
        legal choices then), asked alone: a bot that stays needs no list of steps."""
        atk = state.attack
        if state.phase == "withdraw" and atk is not None and atk.attacker == seat:
            return STAY
        return None

    def legal(self, state: FAState, seat: str) -> list[Choice]:
        if state.ended:
            return []
        if seat == GM:
            return self._gm_choices(state)
        f = state.fighters.get(seat)
        if f is None:
            return []
        phase, atk = state.phase, state.attack
        if phase == "choose" and seat in state.secret.waiting():
            return list(self._play_choices(state, f))
        if phase == "declare" and seat in state.secret.waiting():
            return [Choice.of("declare", label=s, free=("text",), text=s) for s in LIGHT_SENTENCES]
        if atk is not None and atk.attacker == seat and phase == "attacks":
            return [*self._target_choices(state, seat, atk), HOLD]
        if atk is not None and atk.target == seat and phase == "defend_step":
            return self._step_choices(state, seat)
        if atk is not None and atk.attacker == seat and phase == "follow":
            assert atk.target is not None
            opts = self.attack_options(state, seat, atk.target, atk.card, atk.movement_left)
            return [
                *(_to_hex("follow", h) for h in sorted(opts)),
                Choice.of("hold", label=f"let {atk.target} go: the attack fails"),
            ]
        if atk is not None and atk.attacker == seat and phase == "withdraw":
            return [
                STAY,
                *(_to_hex("withdraw", h) for h in self._free_steps(state, seat, atk.movement_left)),
            ]
        if phase == "steps" and state.queue and state.queue[0] == seat:
            return self._step_choices(state, seat)
        if phase == "moves" and seat in state.queue:
            first = state.queue[0] == seat
            if not first and seat in state.waited:
                return []
            out = self._move_choices(state, seat)
            if not first:
                out.append(Choice.of("wait", label=f"wait for {state.queue[0]} to move first"))
            return out
        return []

    def _play_choices(self, state: FAState, f: Fighter) -> tuple[Choice, ...]:
        """`play card=X` for each of the fighter's cards, with the tackle and re-roll variants.

        A fighter's cards and the catalog are fixed for the fight, so the list is made once
        per hand (keyed by the cards) instead of at every round's choice."""
        hand = tuple(f.cards)
        got = state.play_memo.get(hand)
        if got is not None:
            return got
        out = []
        for cid in hand:
            card = self.card(state, cid)
            out.append(Choice.of("play", label=f"play {card.name}", card=cid))
            if card.tackle:
                out.append(
                    Choice.of(
                        "play",
                        label=f"tackle: Move, then {card.name} (and take a stun)",
                        card=cid,
                        tackle=True,
                    )
                )
            if cid == "aim":
                out.append(
                    Choice.of("play", label="Aim and re-roll initiative", card=cid, reroll=True)
                )
        got = state.play_memo[hand] = tuple(out)
        return got

    def _target_choices(self, state: FAState, seat: str, atk: Attack) -> list[Choice]:
        return [c for *_, c in self._targets(state, seat, atk)]

    def target_options(self, state: FAState, seat: str) -> list[TargetOption] | None:
        """The attacker's `target` choices (`legal`'s, in its order, before `hold`), each with
        the target, the hex it attacks from and its range (0 normal, 1 disadvantaged): for a
        bot weighing them without reading each choice back. None unless `seat` is picking the
        target of its attack now."""
        atk = state.attack
        if state.ended or state.phase != "attacks" or atk is None or atk.attacker != seat:
            return None
        return self._targets(state, seat, atk)

    def _targets(self, state: FAState, seat: str, atk: Attack) -> list[TargetOption]:
        """`target name=X`, with `from=q,r` for each hex the card's movement can attack from
        (seed: "they can use it to come into range"), each with what it settles."""
        fa = state.fighters[seat]
        layout = self.layout(state)
        out: list[TargetOption] = []
        for t in state.order:
            if not self._target_allowed(state, fa, state.fighters[t], atk.card):
                continue
            opts = self.attack_options(state, seat, t, atk.card, atk.movement_left, layout)
            if not opts:
                continue
            if atk.movement_left <= 0:
                # No movement: the one hex is where the attacker stands.
                ((h, (rs, _)),) = opts.items()
                out.append((t, h, rs, Choice.of("target", label=f"attack {t}", name=t)))
                continue
            for h, (rs, cost) in sorted(opts.items(), key=lambda kv: (kv[1], kv[0])):
                out.append((t, h, rs, _target_from(t, h, rs, cost == 0)))
        return out

    def _plain_moves(self, state: FAState, seat: str) -> list[tuple[Hex, Choice]]:
        """Each hex a Move can end on, neither aimed nor dragging a body, with its choice."""
        return [(h, _to_hex("move", h)) for h in self.move_options(state, seat, False)]

    def _move_choices(self, state: FAState, seat: str) -> list[Choice]:
        f = state.fighters[seat]
        out = [c for _, c in self._plain_moves(state, seat)]
        if f.aim > 0 and f.status == ACTIVE:
            normal = {c.str_param("to") for c in out}
            out += [
                Choice.of("move", label=f"use aim: move to {h}", to=str(h), aim=True)
                for h in self.move_options(state, seat, True)
                if str(h) not in normal
            ]
        if f.status == ACTIVE:
            for body in self.bodies(state, seat):
                out += [
                    Choice.of("move", label=f"move to {h} dragging {body}", to=str(h), body=body)
                    for h in sorted(self.body_moves(state, seat, body))
                ]
        return out

    def _step_stands(self, state: FAState, seat: str) -> list[tuple[Hex, Choice]]:
        """Defend's one hex or staying put, each hex with its choice (stay first)."""
        here = self._pos(state.fighters[seat])
        return [(here, STAY), *((h, _to_hex("step", h)) for h in self._step_options(state, seat))]

    def _step_choices(self, state: FAState, seat: str) -> list[Choice]:
        return [c for _, c in self._step_stands(state, seat)]

    def _gm_choices(self, state: FAState) -> list[Choice]:
        out: list[Choice] = []
        if state.phase in ("choose", "declare") and state.secret.seats:
            out.append(Choice.of("reveal", label="reveal now (undecided seats Defend)"))
        if state.phase == "resolve":
            out += [Choice.of("check", bonus=b, difficulty=d) for b in (0, 2) for d in (4, 6, 8)]
            out.append(Choice.of("next", label=f"done with {state.light_actor}"))
        out += [Choice.of("end", winner=s) for s in state.sides]
        out.append(Choice.of("end", label="end as a draw", winner="none"))
        out += [Choice.of("hp", name=n, delta=d) for n in state.fighters for d in (-3, 1)]
        return out

    def why_illegal(self, state: FAState, seat: str, choice: Choice) -> str | None:
        # GM numbers (skill checks, HP changes) take any value in range, not just the listed ones.
        if seat == GM and choice.action in ("check", "hp") and not state.ended:
            if choice.action == "hp":
                if choice.str_param("name") not in state.fighters:
                    return f"no character named {choice.get('name')!r}"
                delta = choice.get("delta")
                if (
                    not isinstance(delta, int)
                    or isinstance(delta, bool)
                    or abs(delta) > HP_LIMIT
                    or set(dict(choice.params)) != {"name", "delta"}
                ):
                    return f"hp needs name=CHARACTER delta=N with |N| <= {HP_LIMIT}"
                return None
            if state.phase != "resolve":
                return "skill checks are for light combat, while the GM resolves an action"
            vals = [choice.get("bonus"), choice.get("difficulty")]
            if set(dict(choice.params)) != {"bonus", "difficulty"} or not all(
                isinstance(v, int) and not isinstance(v, bool) and abs(v) <= 50 for v in vals
            ):
                return "check needs bonus=N difficulty=N (whole numbers, at most 50)"
            return None
        if choice.action == "declare" and state.phase == "declare" and seat in state.fighters:
            # F10 / seed "Light Combat": "anything so long as it's a single non-run-on sentence"
            text = choice.str_param("text").strip()
            if not text:
                return "declare needs text='one sentence'"
            if len(text) > SENTENCE_LIMIT or _SENTENCE_BREAK.search(text):
                return f"declare one sentence (at most {SENTENCE_LIMIT} characters), not several"
        atk = state.attack
        if (
            choice.action == "target"
            and choice.get("from") is None
            and atk is not None
            and atk.attacker == seat
            and state.phase == "attacks"
        ):
            # Leaving out `from=` lets the rules pick the nearest hex (handy at the table).
            t = choice.str_param("name")
            if set(dict(choice.params)) != {"name"}:
                return f"'{choice.text()}' is not one of {seat}'s choices now"
            if t in state.fighters and t in self.targets(state, seat):
                return None
            card = self.card(state, atk.card).name
            return f"{seat} cannot attack {t!r} with {card} this round: out of reach or no line"
        options = self.legal(state, seat)
        if choice in set(options):
            return None
        return super().why_illegal(state, seat, choice)

    def choice_visibility(self, state: FAState, seat: str, choice: Choice) -> frozenset[str] | None:
        if choice.action in ("play", "declare"):
            return frozenset({seat})  # F2: secret until the reveal event
        return None

    # --- doing ----------------------------------------------------------------------------------
    def apply(self, state: FAState, seat: str, choice: Choice, dice: DiceSource) -> list[Event]:
        a = choice.action
        if seat == GM:
            return self._apply_gm(state, choice, dice)
        if a == "play":
            card = choice.str_param("card")
            state.secret.choose(
                seat,
                {
                    "card": card,
                    "tackle": choice.get("tackle") is True,
                    "reroll": choice.get("reroll") is True,
                },
            )
            events = (
                []
                if state.quiet
                else [Event("chosen", f"{seat} has chosen a card", {"seat": seat})]
            )
            if state.secret.complete:
                events += self._reveal(state, dice)
            return events
        if a == "declare":
            state.secret.choose(seat, {"text": choice.str_param("text").strip()})
            events = [Event("chosen", f"{seat} has declared an action", {"seat": seat})]
            if state.secret.complete:
                events += self._reveal(state, dice)
            return events
        if a == "target":
            where = choice.get("from")
            return self._choose_target(
                state,
                choice.str_param("name"),
                Hex.parse(where) if isinstance(where, str) else None,
                dice,
            )
        if a == "hold":
            if state.phase == "follow":
                return self._let_go(state, dice)
            return self._choose_target(state, None, None, dice)
        if a == "follow":
            return self._follow(state, Hex.parse(choice.str_param("to")), dice)
        if a in ("withdraw", "stay") and state.phase == "withdraw":
            return self._withdraw(state, choice, dice)
        if a in ("step", "stay"):
            events = []
            f = state.fighters[seat]
            if a == "step":
                f.pos = Hex.parse(choice.str_param("to"))
                if not state.quiet:
                    events.append(
                        Event(
                            "step",
                            f"{seat} moves one hex to {f.pos}",
                            {"character": seat, "to": str(f.pos)},
                        )
                    )
            f.stepped = True
            if state.phase == "defend_step":
                return events + self._after_step(state, dice)
            state.queue.pop(0)
            return events + self._advance(state, dice)
        if a == "wait":
            state.waited.append(seat)
            first = state.queue[0]
            return [Event("wait", f"{seat} waits for {first} to move", {"character": seat})]
        if a == "move":
            return self._move(state, seat, choice, dice)
        raise RuleError(f"unknown choice {a!r}")

    def _apply_gm(self, state: FAState, choice: Choice, dice: DiceSource) -> list[Event]:
        a = choice.action
        if a == "reveal":
            return self._reveal(state, dice)
        if a == "hp":
            name, delta = choice.str_param("name"), choice.int_param("delta")
            f = state.fighters[name]
            if state.phase == "resolve":
                state.light_stage = "done"
            if delta < 0:
                events = self._damage(state, name, -delta, "GM")
            else:
                before = f.status
                f.hp += delta
                events = [
                    Event(
                        "heal",
                        f"{name} regains {delta} HP (GM): {f.hp} HP",
                        {"character": name, "hp": f.hp},
                    )
                ]
                if f.status != before:
                    events.append(self._status_event(f))
            return events + self._check_end(state)
        if a == "check":
            return self._light_check(state, choice, dice)
        if a == "next":
            return self._light_next(state, dice)
        if a == "end":
            w = choice.str_param("winner")
            winner = None if w == "none" else w
            why = f"the GM ends the fight ({'draw' if winner is None else w + ' wins'})"
            return self._over(state, winner, why, Ending.GM)
        raise RuleError(f"unknown GM choice {a!r}")

    def _move(self, state: FAState, seat: str, choice: Choice, dice: DiceSource) -> list[Event]:
        """Phase 3 (F2, F7): a Move, maybe out of turn (interjecting), maybe dragging a body."""
        f = state.fighters[seat]
        aimed = choice.get("aim") is True
        to = Hex.parse(choice.str_param("to"))
        body = choice.str_param("body")
        interject = state.queue[0] != seat
        events: list[Event] = []
        if body:
            b = state.fighters[body]
            b.pos = self.body_moves(state, seat, body)[to]
        f.pos = to
        f.moved_this_round = True
        if aimed:
            f.aim = 0
        state.queue.remove(seat)
        state.waited = []  # everyone may reconsider once someone has moved
        text = f"{seat} moves to {to}"
        if aimed:
            text += " (using aim: 6 hexes)"
        if body:
            text += f", dragging {body} to {state.fighters[body].pos}"
        if interject:
            text += " (interjecting)"
        events.append(
            Event(
                "move",
                text,
                {"character": seat, "to": str(to), "aim": aimed, "body": body or None},
            )
        )
        return events + self._advance(state, dice)

    # --- the round (F2) -------------------------------------------------------------------------
    def _start_round(self, state: FAState, dice: DiceSource) -> list[Event]:
        for f in state.fighters.values():
            f.stunned_now = f.stun > 0
            f.damaged = f.stepped = f.moved_this_round = False
        state.played = {}
        state.attacked = []
        state.attack = None
        state.queue = []
        events: list[Event] = []
        if state.mode == "light":
            seats = [n for n in state.order if state.fighters[n].status in (ACTIVE, INCAPACITATED)]
            state.phase = "declare"
            if not state.quiet:
                events.append(
                    Event(
                        "round",
                        f"Round {state.round}: declare your actions in secret",
                        {"round": state.round},
                    )
                )
        else:
            seats = [
                n
                for n in state.order
                if state.fighters[n].status == ACTIVE and not state.fighters[n].limited
            ]
            state.phase = "choose"
            limited = [
                n
                for n in state.order
                if state.fighters[n].limited and state.fighters[n].status != DEAD
            ]
            if not state.quiet:
                text = f"Round {state.round}: choose your action cards in secret"
                if limited:
                    text += f" ({', '.join(limited)} may only defend)"
                events.append(Event("round", text, {"round": state.round, "limited": limited}))
        state.secret = SecretChoices(seats)
        if not seats:
            events += self._reveal(state, dice)
        return events

    def _reveal(self, state: FAState, dice: DiceSource) -> list[Event]:
        default = {"text": "Defend"} if state.mode == "light" else {"card": "defend"}
        waiting = state.secret.waiting()
        chosen = state.secret.reveal(default=default)
        state.secret = SecretChoices([])
        if state.mode == "light":
            state.played = {n: {**v, "undecided": n in waiting} for n, v in chosen.items()}
            parts = [f"{n}: {v['text']!r}" for n, v in state.played.items()]
            state.queue = list(state.played)
            state.phase = "resolve"
            state.light_actor = state.queue[0] if state.queue else None
            state.light_stage, state.light_success = "check", False
            events = [
                Event("reveal", "Actions revealed: " + "; ".join(parts), {"played": state.played})
            ]
            if not state.queue:
                events += self._light_next(state, dice)
            return events
        parts = []
        for n in state.order:
            f = state.fighters[n]
            if f.status in (DYING, DEAD):
                continue
            if n in chosen:
                state.played[n] = {**chosen[n], "undecided": n in waiting}
            else:
                state.played[n] = {
                    "card": "defend",
                    "tackle": False,
                    "reroll": False,
                    "forced": True,
                }
            if not state.quiet:
                parts.append(f"{n}: {self._played_text(state, state.played[n])}")
        events = (
            []
            if state.quiet
            else [
                Event(
                    "reveal",
                    "Cards revealed: " + "; ".join(parts),
                    {"played": {k: dict(v) for k, v in state.played.items()}},
                )
            ]
        )
        # 1: attacks, from highest initiative down (F2)
        state.queue = [
            n
            for n in state.order
            if n in state.played
            and self.card(state, state.played[n]["card"]).kind in ("attack", "restrain")
        ]
        state.phase = "attacks"
        return events + self._advance(state, dice)

    def _advance(self, state: FAState, dice: DiceSource) -> list[Event]:
        """Run the round on until a seat must decide (or the fight ends)."""
        events: list[Event] = []
        for _ in range(10_000):
            events += self._check_end(state)
            if state.ended:
                return events
            if state.phase == "attacks":
                if state.attack is not None:
                    return events
                if not state.queue:
                    # 2: unattacked defenders may move 1 hex (F2)
                    state.phase = "steps"
                    state.queue = [
                        n
                        for n in state.order
                        if n in state.played
                        and state.played[n]["card"] == "defend"
                        and n not in state.attacked
                        and state.fighters[n].status in (ACTIVE, INCAPACITATED)
                    ]
                    continue
                name = state.queue[0]
                f = state.fighters[name]
                p = state.played[name]
                card = self.card(state, p["card"])
                if not f.able:
                    state.queue.pop(0)
                    events.append(Event("no_attack", f"{name} cannot attack: {f.status}"))
                    continue
                tackle = bool(p.get("tackle"))
                budget = self.move_allowance(state, f) if tackle else card.movement
                state.attack = Attack(name, p["card"], movement_left=budget, tackle=tackle)
                if next(self._reachable(state, name), None) is None:
                    state.attack = None
                    state.queue.pop(0)
                    events.append(
                        Event(
                            "no_attack",
                            f"{name} has no target in reach for {card.name}",
                            {"character": name},
                        )
                    )
                    continue
                return events
            if state.phase == "steps":
                if state.queue and not self._can_step(state, state.queue[0]):
                    state.queue.pop(0)
                    continue
                if state.queue:
                    return events
                # 3: moves, from lowest initiative up; a higher one may interject (F2, F7)
                state.phase = "moves"
                state.waited = []
                state.queue = [
                    n
                    for n in reversed(state.order)
                    if n in state.played and state.played[n]["card"] == "move"
                ]
                continue
            if state.phase == "moves":
                for n in list(state.queue):
                    f = state.fighters[n]
                    if f.status not in (ACTIVE, INCAPACITATED):
                        events.append(Event("no_move", f"{n} cannot move: {f.status}"))
                        state.queue.remove(n)
                if state.queue:
                    return events
                events += self._end_round(state, dice)
                continue
            return events
        raise RuleError("the round did not settle")  # pragma: no cover

    def _choose_target(
        self, state: FAState, target: str | None, where: Hex | None, dice: DiceSource
    ) -> list[Event]:
        atk = state.attack
        assert atk is not None
        fa = state.fighters[atk.attacker]
        card = self.card(state, atk.card)
        if target is None:
            state.attack = None
            state.queue.pop(0)
            return [Event("hold", f"{fa.name} holds the {card.name}"), *self._advance(state, dice)]
        events: list[Event] = []
        if atk.tackle:
            fa.moved_this_round = True
        opts = self.attack_options(state, fa.name, target, atk.card, atk.movement_left)
        if where is None:
            best = self.attack_from(state, fa.name, target, atk.card, atk.movement_left)
            if best is None:
                raise RuleError(f"{target} is not in reach of {fa.name}'s {card.name}")
            where = best[0]
        if where not in opts:
            raise RuleError(f"{fa.name} cannot attack {target} from {where} with {card.name}")
        events += self._approach(state, atk, where, opts[where][1])
        atk.target = target
        ft = state.fighters[target]
        if card.kind == "restrain" and ft.side == fa.side:
            ft.restrained = False
            ft.stun = 0
            events.append(
                Event(
                    "release",
                    f"{fa.name} releases {target} from restraint (F6)",
                    {"character": target},
                )
            )
            events.append(self._status_event(ft))
            return events + self._finish_attack(state, dice)
        if fa.aim > 0:
            atk.aimed = True  # "Attacks made directly after aiming" use the condition
            fa.aim = 0
        if not state.quiet:
            events.append(
                Event(
                    "attack",
                    f"{fa.name} attacks {target} with {card.name}"
                    + (" (aimed)" if atk.aimed else "")
                    + (" (tackle)" if atk.tackle else ""),
                    {"attacker": fa.name, "target": target, "card": atk.card, "aimed": atk.aimed},
                )
            )
        if target not in state.attacked:
            state.attacked.append(target)
        if self._defending(state, target) and not ft.stepped and self._can_step(state, target):
            state.phase = "defend_step"
            return events
        return events + self._after_step(state, dice)

    def _defending(self, state: FAState, name: str) -> bool:
        f = state.fighters[name]
        p = state.played.get(name)
        return p is not None and p["card"] == "defend" and f.status in (ACTIVE, INCAPACITATED)

    def _approach(self, state: FAState, atk: Attack, to: Hex, cost: int) -> list[Event]:
        fa = state.fighters[atk.attacker]
        if to == fa.pos:
            return []
        fa.pos = to
        atk.movement_left -= cost
        if state.quiet:
            return []
        text = f"{fa.name} moves to {to} to attack"
        return [Event("step", text, {"character": fa.name, "to": str(to)})]

    def _after_step(self, state: FAState, dice: DiceSource) -> list[Event]:
        """The cheat sheet: still in range? If not, can the attacker move back into range?"""
        atk = state.attack
        assert atk is not None and atk.target is not None
        state.phase = "attacks"
        if self._defending(state, atk.target):
            opts = self.attack_options(state, atk.attacker, atk.target, atk.card, atk.movement_left)
            fa = state.fighters[atk.attacker]
            if fa.pos not in opts:
                if not opts:
                    return [
                        Event(
                            "out_of_range",
                            f"{atk.target} is out of reach: the attack fails",
                            {"attacker": atk.attacker, "target": atk.target},
                        ),
                        *self._finish_attack(state, dice),
                    ]
                if len(opts) == 1:
                    ((h, (_, cost)),) = opts.items()
                    return self._approach(state, atk, h, cost) + self._defense(state, dice)
                state.phase = "follow"
                return []
        return self._defense(state, dice)

    def _follow(self, state: FAState, to: Hex, dice: DiceSource) -> list[Event]:
        atk = state.attack
        assert atk is not None and atk.target is not None
        opts = self.attack_options(state, atk.attacker, atk.target, atk.card, atk.movement_left)
        state.phase = "attacks"
        return self._approach(state, atk, to, opts[to][1]) + self._defense(state, dice)

    def _let_go(self, state: FAState, dice: DiceSource) -> list[Event]:
        atk = state.attack
        assert atk is not None
        state.phase = "attacks"
        return [
            Event(
                "out_of_range",
                f"{atk.attacker} lets {atk.target} go: the attack fails",
                {"attacker": atk.attacker, "target": atk.target},
            ),
            *self._finish_attack(state, dice),
        ]

    def _defense(self, state: FAState, dice: DiceSource) -> list[Event]:
        """F4: the defender rolls 2dF; -2 proceeds, -1 proceeds at disadvantage, 0 fails,
        +1 fails with a counter-attack at disadvantage, +2 fails with a counter-attack."""
        atk = state.attack
        assert atk is not None and atk.target is not None
        fa, ft = state.fighters[atk.attacker], state.fighters[atk.target]
        events: list[Event] = []
        extra_dis = False
        if self._defending(state, ft.name):
            # F4: disadvantaged unless adjacent to the attacker or to cover, and vs an aimed
            # attack; stunned/incapacitated defend at disadvantage (F8); aim gives advantage.
            s = self.sight_between(state, fa.name, ft.name)
            exposed = not self._pos(fa).is_adjacent(self._pos(ft)) and not s.cover
            stunned = ft.limited or ft.stun > 0
            dis = exposed or atk.aimed or stunned
            adv = ft.aim > 0
            if adv:
                ft.aim = 0
            roll = roll_fudge(
                dice, 2, advantage=_net(adv, dis), why=f"{ft.name} defends against {fa.name}"
            )
            total = roll.total
            why = [
                w
                for w, on in (
                    ("exposed", exposed),
                    ("aimed attack", atk.aimed),
                    ("stunned", stunned),
                )
                if on
            ]
            events.append(
                Event(
                    "defend",
                    f"{ft.name} defends: {_sym(roll.faces)} = {total:+d}"
                    f" ({DEFEND_TEXT[total]})"
                    + (f" [disadvantage: {', '.join(why)}]" if dis else "")
                    + (" [advantage: aimed]" if adv else ""),
                    {
                        "character": ft.name,
                        "faces": list(roll.faces),
                        "total": total,
                        "advantage": _net(adv, dis),
                    },
                )
            )
            if total >= 0:
                if total >= 1:
                    events += self._counter(state, ft.name, fa.name, total == 1, dice)
                return events + self._finish_attack(state, dice)
            extra_dis = total == -1
        events += self._strike(state, atk, extra_dis, dice)
        return events + self._finish_attack(state, dice)

    def _finish_attack(self, state: FAState, dice: DiceSource) -> list[Event]:
        """After the strike: the tackle's stun, then any movement left ("step out of range
        after the attack"), then the next attacker."""
        atk = state.attack
        assert atk is not None
        events: list[Event] = []
        fa = state.fighters[atk.attacker]
        if atk.tackle and not atk.rolled:
            fa.stun += 1
            if not state.quiet:
                events.append(
                    Event(
                        "stun",
                        f"{fa.name} is stunned by the tackle",
                        {"character": fa.name, "stun": fa.stun},
                    )
                )
        atk.rolled = True
        if (
            not state.ended
            and self._sides_standing(state) > 1
            and fa.able
            and atk.movement_left > 0
            and self._has_free_step(state, fa.name, atk.movement_left)
        ):
            state.phase = "withdraw"
            return events
        state.attack = None
        state.phase = "attacks"
        if state.queue:
            state.queue.pop(0)
        return events + self._advance(state, dice)

    def _withdraw(self, state: FAState, choice: Choice, dice: DiceSource) -> list[Event]:
        atk = state.attack
        assert atk is not None
        events: list[Event] = []
        if choice.action == "withdraw":
            fa = state.fighters[atk.attacker]
            fa.pos = Hex.parse(choice.str_param("to"))
            events.append(
                Event(
                    "step",
                    f"{fa.name} moves to {fa.pos} after the attack",
                    {"character": fa.name, "to": str(fa.pos)},
                )
            )
        atk.movement_left = 0
        state.phase = "attacks"
        return events + self._finish_attack(state, dice)

    def _counter(
        self, state: FAState, defender: str, attacker: str, dis: bool, dice: DiceSource
    ) -> list[Event]:
        """F4: the defender counter-attacks with its first listed attack card."""
        fd = state.fighters[defender]
        if not fd.able:
            return [Event("no_counter", f"{defender} is in no state to counter-attack")]
        cid = next(c for c in fd.cards if self.card(state, c).kind == "attack")
        card = self.card(state, cid)
        best = self.attack_from(state, defender, attacker, cid, card.movement)
        if best is None:
            return [Event("no_counter", f"{defender} has no counter-attack in reach ({card.name})")]
        atk = Attack(
            defender,
            cid,
            target=attacker,
            movement_left=card.movement,
            counter=True,
            disadvantage=dis,
        )
        events = self._approach(state, atk, best[0], best[1])
        events.append(
            Event(
                "counter",
                f"{defender} counter-attacks {attacker} with {card.name}"
                + (" at disadvantage" if dis else ""),
                {"attacker": defender, "target": attacker, "card": cid},
            )
        )
        return events + self._strike(state, atk, False, dice)

    def _strike(
        self, state: FAState, atk: Attack, extra_dis: bool, dice: DiceSource
    ) -> list[Event]:
        """Roll 2dF on the card's outcome table and deal the effect."""
        assert atk.target is not None
        fa, ft = state.fighters[atk.attacker], state.fighters[atk.target]
        card = self.card(state, atk.card)
        d = self._pos(fa).distance(self._pos(ft))
        rs = range_status(card, d) or 0
        reasons = []
        if extra_dis:
            reasons.append("defense")
        if atk.disadvantage:
            reasons.append("counter-attack")
        if rs:
            reasons.append("beyond range")
        if not self.proficient(state, fa, atk.card):
            reasons.append("unproficient")
        if self._rules(state).stunned_attack_disadvantage and fa.stun > 0:
            reasons.append("stunned")
        net = _net(atk.aimed, bool(reasons))
        if atk.aimed and card.aimed.advantage_always:
            net = 1
        roll = roll_fudge(dice, 2, advantage=net, why=f"{fa.name} {card.name} against {ft.name}")
        total = roll.total
        head = f"{fa.name} rolls {_sym(roll.faces)} = {total:+d} ({COLUMNS[total + 2]})"
        if net:
            head += " with " + ("advantage" if net > 0 else "disadvantage")
            if reasons and net < 0:
                head += f" ({', '.join(reasons)})"
        data: dict[str, Any] = {
            "attacker": fa.name,
            "target": ft.name,
            "card": atk.card,
            "faces": list(roll.faces),
            "total": total,
            "advantage": net,
        }
        if card.kind == "restrain":
            # F6: -2 fails and the target counter-attacks at disadvantage; -1 fails and deals 3
            # damage; 0 or better restrains (stunned indefinitely).
            if total <= -2:
                return [
                    Event("restrain", f"{head}: the restraint fails", data),
                    *self._counter(state, ft.name, fa.name, True, dice),
                ]
            if total == -1:
                return [
                    Event("restrain", f"{head}: the restraint fails, but deals 3 damage", data),
                    *self._damage(state, ft.name, 3, "Restrain"),
                ]
            ft.restrained = True
            return [
                Event("restrain", f"{head}: {ft.name} is restrained", data),
                self._status_event(ft),
            ]
        oc = parse_outcome(card.outcomes[total + 2])
        assert oc is not None
        base = card.damage
        if atk.aimed:
            if card.aimed.damage is not None:
                base = card.aimed.damage
            else:
                bonus = card.aimed.bonus
                if card.aimed.near_bonus is not None and d == card.aimed.near_distance:
                    bonus = card.aimed.near_bonus
                base += bonus
        dmg = max(0, base + oc.damage)
        stun = max(oc.stun, card.aimed.stun) if atk.aimed else oc.stun
        notes = [f"{base}{oc.damage:+d}" if oc.damage else f"{base}"]
        events: list[Event] = []
        cover_by = None
        if card.ranged and dmg > 0:
            s = self.sight_between(state, fa.name, ft.name)
            if s.cover:  # F9: cover takes 1 off ranged damage; a character as cover takes it
                dmg -= 1
                cover_by = s.cover_by
                notes.append("-1 cover" + (f" ({cover_by})" if cover_by else ""))
        if ft.armor and dmg > 0:
            notes.append(f"-{min(dmg, ft.armor)} {ft.armor_name} armor")
            dmg = max(0, dmg - ft.armor)
        if not state.quiet:
            data.update(damage=dmg, stun=stun)
            effect = f"{dmg} damage" + (f" and {stun} stun" if stun else "")
            events.append(Event("hit", f"{head}: {effect} [{', '.join(notes)}]", data))
        events += self._damage(state, ft.name, dmg, card.name)
        if cover_by is not None:
            events += self._damage(state, cover_by, 1, f"cover for {ft.name}")
        if stun:
            ft.stun += stun
            if not state.quiet:
                events.append(
                    Event(
                        "stun",
                        f"{ft.name} is stunned ({ft.stun} round(s))",
                        {"character": ft.name, "stun": ft.stun},
                    )
                )
        return events

    def _end_round(self, state: FAState, dice: DiceSource) -> list[Event]:
        events: list[Event] = []
        resort = False
        # 4: aim and special actions (seed "Aim"; the condition lasts one extra round unused)
        for n in state.order:
            f = state.fighters[n]
            p = state.played.get(n, {})
            if p.get("card") == "aim":
                if p.get("reroll"):  # "whenever they play the aim action, but must use the result"
                    roll = dice.draw("d10", 2, f"initiative re-roll {n} (speed {f.speed} + 2d10)")
                    f.initiative = f.speed + sum(roll)
                    resort = True
                if f.damaged or not f.able:
                    f.aim = 0
                    events.append(Event("aim", f"{n} took damage: the aim is spoiled"))
                    continue
                f.aim = 2
                events.append(Event("aim", f"{n} has aimed", {"character": n}))
            elif f.aim > 0:
                f.aim = 0 if f.damaged else f.aim - 1
        if resort:
            for f in state.fighters.values():
                f.rolloff = 0
            events += self._sort(state, dice)
        for n in state.order:
            f = state.fighters[n]
            if f.status == DYING:  # F8: dying loses 1 HP a round until stabilised
                events += self._damage(state, n, 1, "dying")
            if f.stunned_now and f.stun > 0:
                f.stun -= 1
            f.moved_last_round = f.moved_this_round
        if not state.quiet:
            events.append(self._round_summary(state))
        return events + self._next_round(state, dice)

    def _round_summary(self, state: FAState) -> Event:
        """The end-of-round event: who is stunned, aimed and behind cover."""
        board = self.board(state)
        stunned = [
            n
            for n in state.order
            if state.fighters[n].stun > 0 or state.fighters[n].status == INCAPACITATED
        ]
        aimed = [n for n in state.order if state.fighters[n].aim > 0]
        cover = [
            n
            for n in state.order
            if state.fighters[n].pos is not None
            and state.fighters[n].status != DEAD
            and board.next_to_cover(self._pos(state.fighters[n]))
        ]
        return Event(
            "end_round",
            f"End of round {state.round}. Stunned: "
            f"{', '.join(stunned) or 'none'}; aimed: {', '.join(aimed) or 'none'}"
            f"; behind cover: {', '.join(cover) or 'none'}",
            {"stunned": stunned, "aimed": aimed, "cover": cover},
        )

    def _next_round(self, state: FAState, dice: DiceSource) -> list[Event]:
        events = self._check_end(state)
        if state.ended:
            return events
        limit = self._rules(state).max_rounds
        if state.round >= limit:
            why = f"the round limit ({limit}) is reached: a draw"
            return self._over(state, None, why, Ending.ROUND_LIMIT)
        state.round += 1
        return self._start_round(state, dice)

    # --- light combat (F10) ---------------------------------------------------------------------
    def _light_check(self, state: FAState, choice: Choice, dice: DiceSource) -> list[Event]:
        bonus, difficulty = choice.int_param("bonus"), choice.int_param("difficulty")
        die = self._rules(state).light_die
        value = dice.draw(die, 1, f"skill check for {state.light_actor}")[0]
        total = value + bonus
        state.light_success = total >= difficulty
        state.light_stage = "after"
        verdict = "success" if state.light_success else "failure"
        return [
            Event(
                "check",
                f"{state.light_actor}'s skill check: 1{die} {value} {bonus:+d} = "
                f"{total} vs {difficulty}: {verdict}",
                {
                    "character": state.light_actor,
                    "roll": value,
                    "bonus": bonus,
                    "total": total,
                    "difficulty": difficulty,
                    "success": state.light_success,
                },
            )
        ]

    def _light_next(self, state: FAState, dice: DiceSource) -> list[Event]:
        if state.queue:
            state.queue.pop(0)
        state.light_stage, state.light_success = "check", False
        while state.queue and state.fighters[state.queue[0]].status not in (ACTIVE, INCAPACITATED):
            state.queue.pop(0)
        if state.queue:
            state.light_actor = state.queue[0]
            return []
        state.light_actor = None
        return self._next_round(state, dice)

    # --- results and views ----------------------------------------------------------------------
    def result(self, state: FAState) -> Result | None:
        if state.ended:
            return Result(state.winner, state.ended, Ending(state.ending or Ending.TAKEN_OUT))
        return None

    def tally(self, state: FAState) -> list[Tally]:
        """Per character: HP lost (every point, healing not netted), taken out by the F8
        thresholds (0 HP or below) or by restraint (F6). No consequences or fate points here."""
        return [
            Tally(
                name=f.name,
                side=f.side,
                taken_out=f.hp <= 0 or f.restrained,
                damage=f.hp_lost,
            )
            for f in state.fighters.values()
        ]

    def snapshot(self, state: FAState) -> dict[str, Any]:
        return state.to_json()

    def view(self, state: FAState, seat: str) -> dict[str, Any]:
        fighters = []
        for n in state.order:
            f = state.fighters[n]
            fighters.append({
                "name": n, "side": f.side, "hp": f.hp, "max_hp": f.max_hp, "status": f.status,
                "pos": None if f.pos is None else str(f.pos), "speed": f.speed, "move": f.move,
                "initiative": f.initiative,
                "stun": f.stun, "restrained": f.restrained, "aimed": f.aim > 0,
                "armor": f.armor_name, "weapons": list(f.weapons), "cards": list(f.cards),
                "moved_last_round": f.moved_last_round,
            })  # fmt: skip
        out: dict[str, Any] = {
            "title": state.title, "mode": state.mode, "round": state.round,
            "max_rounds": self._rules(state).max_rounds, "phase": state.phase,
            "order": list(state.order), "fighters": fighters,
            "chosen": sorted(state.secret.chosen),
            "played": {k: self._played_text(state, v) for k, v in state.played.items()},
            "attack": state.attack.to_json() if state.attack else None,
            "light_actor": state.light_actor,
            "result": (
                {"winner": state.winner, "reason": state.ended, "ending": state.ending}
                if state.ended else None
            ),
        }  # fmt: skip
        # F2: a seat sees only its own unrevealed card; the GM sees all of them.
        if seat == GM:
            out["secret"] = {k: dict(v) for k, v in state.secret.chosen.items()}
            out["gm_notes"] = state.gm_notes
        elif seat in state.secret.chosen:
            out["secret"] = {seat: dict(state.secret.chosen[seat])}
        else:
            out["secret"] = {}
        if state.mode == "standard":
            hmap = self._map(state)
            marks = {
                f.pos: f.name[:2]
                for f in state.fighters.values()
                if f.pos is not None and f.status != DEAD
            }
            # The scenario holds the map's hexes; the view carries terrain and a picture.
            out["map"] = {"terrain": hmap.to_dict()["terrain"], "picture": hmap.to_text(marks)}
        return out

    def _played_text(self, state: FAState, p: Mapping[str, Any]) -> str:
        if "text" in p:
            return str(p["text"])
        text = self.card(state, str(p["card"])).name
        if p.get("tackle"):
            text += " (tackle)"
        if p.get("reroll"):
            text += " (re-roll initiative)"
        if p.get("undecided"):
            text += " (undecided)"
        if p.get("forced"):
            text += " (stunned: defend only)"
        return text

    def secrets(self, state: FAState, seat: str) -> list[str]:
        """Other seats' unrevealed free-text declarations (light combat); cards are checked by
        structure in the tests, since card ids also appear in every seat's own choices."""
        if seat == GM:
            return []
        return [
            str(v["text"])
            for s, v in state.secret.chosen.items()
            if s != seat and "text" in v and v["text"] not in LIGHT_SENTENCES
        ]

    def odds(self, state: FAState, seat: str, choice: Choice) -> Odds | None:
        """The 2dF roll of an attack on an undefended target (F1 advantage applied)."""
        atk = state.attack
        if choice.action != "target" or atk is None or atk.attacker != seat:
            return None
        t = choice.str_param("name")
        best = self.attack_from(state, seat, t, atk.card, atk.movement_left)
        if best is None:
            return None
        fa = state.fighters[seat]
        dis = bool(best[2]) or not self.proficient(state, fa, atk.card)
        return odds(OddsQuery(skill=0, difficulty=0, dice=2, advantage=_net(fa.aim > 0, dis)))

    # --- GM control -----------------------------------------------------------------------------
    def sheets(self, state: FAState) -> dict[str, Sheet]:
        return {n: Sheet(n, f.side) for n, f in state.fighters.items()}

    def aspects(self, state: FAState) -> AspectSet:
        return state.aspects

    # --- bot ------------------------------------------------------------------------------------
    def bot(self, state: FAState, seat: str, rng: random.Random) -> Choice:
        from shiftdrive.rulesets.fully_automated.bot import choose

        return choose(self, state, seat, rng)


_T = TypeVar("_T")


def _setting(state: FAState, key: str, kind: type[_T]) -> _T:
    """A scenario-wide object kept beside the state (not part of its JSON)."""
    value = state.settings[key]
    assert isinstance(value, kind)
    return value
