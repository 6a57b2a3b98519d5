"""A sensible tachyon bot: tails before firing, shoots what is in range, launches ordnance at
large targets, evades when outmatched, repairs when hurt and bugs out when the fight is lost.

It reads only what its seat may see (detected enemies, its own craft).
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import TYPE_CHECKING, Final

from shiftdrive.core.odds import OddsQuery, odds
from shiftdrive.engine.choices import Choice
from shiftdrive.rulesets.tachyon import query
from shiftdrive.rulesets.tachyon import systems as sysmod
from shiftdrive.rulesets.tachyon.query import PASS, SAY_NOTHING
from shiftdrive.rulesets.tachyon.state import CRAFT, LARGE, TURRET, Roll, TachyonState, Unit

if TYPE_CHECKING:
    from shiftdrive.rulesets.tachyon.rules import Tachyon


# The actions the bot weighs in each phase; it never picks the others, so it need not list them.
# Piloting asks for one kind at a time, once it knows what it would do (`_pilot`), and gunnery
# for the shots in range before the rest; moves are listed (`MOVES`) only when it looks for a
# way toward somewhere.
MOVES: Final = ("move", "move2", "move3")  # cheaper moves first
_MOVE_RANK: Final = {action: rank for rank, action in enumerate(MOVES)}
SKIP: Final = frozenset({"skip"})
ATTACKS: Final = frozenset({"dive", "tail"})
EVADE: Final = frozenset({"evade"})
BUG_OUT: Final = frozenset({"bug_out"})
CONCEDE: Final = frozenset({"concede"})
AIMS: Final = frozenset({"fire", "launch_large", "fire_large"})  # gunnery, weighed first
OTHER_SHOTS: Final = frozenset({"skip", "fire_swarm", "launch_swarm", "launch"})  # then these
WEIGHS: Final[dict[str, frozenset[str]]] = {
    "piloting": SKIP | ATTACKS | EVADE | BUG_OUT | CONCEDE,
    "gunnery": AIMS | OTHER_SHOTS,
    "ew": frozenset({"skip", "scan"}),
    "damage": frozenset({"skip", "repair", "repair_shields"}),
}


def _strength(u: Unit) -> float:
    """What a unit is worth in a fight: never negative, and a multiple of 1/4 (so sums of a
    few are exact, whatever the order)."""
    if u.kind == LARGE:
        return 4.0
    if u.kind == TURRET:
        return 0.0
    shields = u.shields  # (no boxes: 0 either way)
    free = (len(shields.boxes) - shields.marked_count) if shields is not None else 0
    cons = len(u.consequences.free()) if u.consequences else 0
    return u.size * (1.0 + 0.25 * free + 0.25 * cons)


def _losing(rs: Tachyon, state: TachyonState, side: str) -> bool:
    """Whether the side's strength is under 1/2.5 of the enemy it can see. The enemy is
    weighed first, then the side's own craft until they are enough (strengths only add)."""
    theirs = sum(_strength(u) for u in query.fighting(state, state.enemy_of(side)) if u.detected)
    mine = 0.0
    for u in query.fighting(state, side):
        mine += _strength(u)
        if mine * 2.5 >= theirs:
            return False
    return mine * 2.5 < theirs


@lru_cache(maxsize=1024)
def _p_success(q: OddsQuery) -> float:
    """Chance of at least a success, as a float: bots compare thousands of these a run."""
    return float(odds(q).at_least_success)


def _hurt(u: Unit) -> bool:
    if u.shields is None:
        return True
    return u.shields.marked_count * 2 >= len(u.shields.boxes)


def choose(rs: Tachyon, state: TachyonState, seat: str, rng: random.Random) -> Choice:
    turn = query.turn(state)
    assert turn is not None and turn.seat == seat, f"{seat} has no decision to make"
    kind, actor = turn.kind, turn.actor
    if kind == "invoke":
        return _invoke(rs, state, seat)
    if kind == "chatter":
        if state.round == 1:
            return Choice.of("say", text="Stay in formation, check your six")
        return SAY_NOTHING
    if kind == "absorb":
        # The first way to absorb the hit (the ruleset lists the mildest first), else out.
        legal = rs.legal(state, seat)
        for c in legal:
            if c.action == "absorb":
                return c
        return next(c for c in legal if c.action == "taken_out")
    u = state.units[actor or ""]
    phase = state.phase
    if phase == "ew":
        # Only a ship or a technical crew scans: the rest skip without the scan being listed.
        if u.kind == LARGE or u.skills.get("technology", 0) >= 3:
            for c in query.unit_actions(state, u, only=WEIGHS["ew"]):
                if c.action == "scan":
                    return c
        return query.unit_actions(state, u, only=SKIP)[0]
    if phase == "piloting":
        return _pilot(rs, state, u, rng)
    if phase == "gunnery":
        return _gunnery(rs, state, u, rng)
    return _damage(rs, state, u, _grouped(query.unit_actions(state, u, only=WEIGHS[phase])))


def _grouped(choices: list[Choice]) -> dict[str, list[Choice]]:
    """Choices by action, each kind in the order listed."""
    by: dict[str, list[Choice]] = {}
    for c in choices:
        by.setdefault(c.action, []).append(c)
    return by


def _invoke(rs: Tachyon, state: TachyonState, seat: str) -> Choice:
    """Spend an invoke only where it likely turns the outcome: +2 when the roll is just short,
    a reroll when the dice came up badly; fate points only on the PC's own attacks.

    Decides what it would spend first, then takes the first such invoke the ruleset offers
    (`open_invokes`, the list `legal` labels), so most passes list nothing.
    """
    roll = state.roll
    assert roll is not None
    wanted = _wanted(roll)
    if not wanted:
        return PASS
    # The invokes are walked once: the first of the kind wanted most ends the walk (most
    # invokes spent are that kind); the rest are kept for the kinds wanted less, in turn.
    best_payment, best_effect = wanted[0]
    invokes: list[tuple[str, str, str, str]] = []
    # Fate points are listed only when the bot would spend one (few rolls): most invokes
    # listed for a side of PCs are paid ones.
    fate = reroll = False  # (most want a +2 only)
    for payment, effect in wanted:
        fate = fate or payment == "fate_point"
        reroll = reroll or effect == "reroll"
    for inv in query.open_invokes(state, roll, seat, fate_points=fate, rerolls=reroll):
        if inv[1] == best_payment and inv[3] == best_effect:
            return query.invoke_choice(state, roll, *inv)
        invokes.append(inv)
    for payment, effect in wanted[1:]:
        for inv in invokes:
            if inv[1] == payment and inv[3] == effect:
                return query.invoke_choice(state, roll, *inv)
    return PASS


def _wanted(roll: Roll) -> list[tuple[str, str]]:
    """The invokes worth spending on the roll at its stage, as (payment, effect), best first."""
    shifts = roll.total - roll.opp
    wanted: list[tuple[str, str]] = []  # (payment, effect), best first
    if roll.stage == "actor":
        if roll.hide_opp:
            return []
        if -2 <= shifts <= 0:
            wanted.append(("free", "bonus"))
        if shifts < -2 and roll.a_dice <= -2:
            wanted.append(("free", "reroll"))
        if -1 <= shifts <= 0 and roll.action.startswith("fire"):
            wanted.append(("fate_point", "bonus"))
    else:
        # Defending: +2 when the attack is barely through, a reroll when our dice failed us.
        if 0 <= shifts <= 1:
            wanted.append(("free", "bonus"))
        if shifts >= 2 and roll.o_dice is not None and roll.o_dice <= -2:
            wanted.append(("free", "reroll"))
    return wanted


def _toward(rs: Tachyon, state: TachyonState, u: Unit, goals: list[str]) -> Choice | None:
    """The move that ends closest to any goal zone (cheaper moves first on ties)."""
    goals = list(dict.fromkeys(goals))  # each zone once: craft often share one
    here = min((query.dist(state, u.zone, g) for g in goals), default=99)
    if here == 0:
        return None  # already there: no move ends closer
    best: tuple[int, int] | None = None
    pick: Choice | None = None
    # The moves in the order listed: on a tie of (distance, rank) the first listed wins, as
    # when looking through the cheaper moves first.
    for c in query.unit_actions(state, u, only=MOVES):
        to = c.str_param("to")
        d = min(query.dist(state, to, g) for g in goals)
        if d < here:
            key = (d, _MOVE_RANK[c.action])
            if best is None or key < best:
                best, pick = key, c
    return pick


def _pilot(rs: Tachyon, state: TachyonState, u: Unit, rng: random.Random) -> Choice:
    # The bot decides what it would do before it asks for that action alone (most piloting
    # decisions want only the dives and tails). The cheap tests first: weighing both sides'
    # strength is the dearer half, and it is weighed at most once (nothing changes while the
    # bot decides); the enemies are listed only when the bot is hurt or looks for somewhere
    # to go (most decisions tail unhurt).
    hurt = _hurt(u)
    losing: bool | None = None
    if u.kind != CRAFT or hurt:
        losing = _losing(rs, state, u.side)
        if losing:
            bug_out = query.unit_actions(state, u, only=BUG_OUT)
            if bug_out:
                return bug_out[0]
            if u.bug_out_round is None:
                move = _toward(rs, state, u, state.end_zones)
                if move is not None:
                    return move
    if (
        u.kind == CRAFT
        and u.pc
        and u.consequences
        and len(u.consequences.taken()) >= 2
        and (_losing(rs, state, u.side) if losing is None else losing)
    ):
        concede = query.unit_actions(state, u, only=CONCEDE)
        if concede:
            return concede[0]
    enemies: list[Unit] | None = None
    if hurt:
        enemies = query.enemies(state, u)
        here = [e for e in enemies if e.zone == u.zone]
        if here and max(e.skills.get("gunnery", 0) for e in here) > u.skills["pilot"]:
            return query.unit_actions(state, u, only=EVADE)[0]
    dives: list[Choice] = []
    tails: list[Choice] = []
    for c in query.unit_actions(state, u, only=ATTACKS):
        (dives if c.action == "dive" else tails).append(c)
    armed = any(n > 0 for n in u.ordnance.values())
    if dives and armed:
        return dives[0]  # T4: ordnance pays off only at short range
    if tails:
        return min(tails, key=lambda c: state.units[c.str_param("target")].skills["pilot"])
    if dives and rng.random() < 0.7:
        return dives[0]
    if enemies is None:
        enemies = query.enemies(state, u)
    large = query.enemies(state, u, small=False)
    targets = [e.zone for e in enemies] + [e.zone for e in large]
    if any(n > 0 for n in u.ordnance.values()) and large:
        targets = [e.zone for e in large]
    if targets:
        move = _toward(rs, state, u, targets)
        if move is not None:
            return move
    if u.evasion == 0 and rng.random() < 0.5:
        return query.unit_actions(state, u, only=EVADE)[0]
    return query.unit_actions(state, u, only=SKIP)[0]


def _gunnery(rs: Tachyon, state: TachyonState, u: Unit, rng: random.Random) -> Choice:
    # The shots at what is in range are weighed first: the rest (swarms, ordnance at craft,
    # a skip) are listed only when there is none (a few in a hundred).
    by = _grouped(query.unit_actions(state, u, only=AIMS))
    fires = by.get("fire", [])
    for c in fires:  # only the craft in its sights: cheaper than all it tails
        if query.on_tail(state, u, c.str_param("target")):
            return c
    launches = [
        c
        for c in by.get("launch_large", [])
        if query.large_short(state, u, state.units[c.str_param("target")])
        or state.round >= state.max_rounds - 2  # out of time: long range is better than none
    ]
    if launches:
        return max(
            launches,
            key=lambda c: (
                c.str_param("system") == "propulsion",
                c.str_param("ordnance") in ("torpedo", "bomb"),
            ),
        )
    fire_large = by.get("fire_large", [])
    short = [c for c in fire_large if c.str_param("system") not in sysmod.LONG_RANGE_SYSTEMS]
    if short or (fire_large and not fires):
        # A ship we must destroy: its propulsion (fuel fire, explosion, T5); otherwise
        # silence its guns first.
        goals = set(state.destroy.get(u.side) or [])

        def worth(c: Choice) -> tuple[bool, bool]:
            system = c.str_param("system")
            if c.str_param("target") in goals:
                return (True, system == "propulsion")
            return (False, system == "gun_emplacements")

        return max(fire_large, key=worth)
    if len(fires) == 1:
        return fires[0]  # nothing to weigh its odds against
    if fires:

        def p_hit(c: Choice) -> float:
            q = query.odds_query(state, c)
            return _p_success(q) if q else 0.0

        return max(fires, key=lambda c: (p_hit(c), c.str_param("target")))
    by = _grouped(query.unit_actions(state, u, only=OTHER_SHOTS))
    if by.get("fire_swarm"):
        return by["fire_swarm"][0]
    if by.get("launch_swarm") and rng.random() < 0.5:
        return by["launch_swarm"][0]
    if by.get("launch"):
        return by["launch"][0]
    return by["skip"][0]


def _damage(rs: Tachyon, state: TachyonState, u: Unit, by: dict[str, list[Choice]]) -> Choice:
    if query.t9_mod(u) >= 4:
        return by["skip"][0]  # T9: +4 would make the repair hopeless
    if u.kind == LARGE and by.get("repair"):
        eff = sysmod.effects(u.systems)
        if sysmod.FUEL_FIRE in eff.states:
            return next(c for c in by["repair"] if c.str_param("system") == "propulsion")
        return max(by["repair"], key=lambda c: u.systems[c.str_param("system")].marked_count)
    if "repair_shields" in by and _hurt(u):
        return by["repair_shields"][0]
    if "repair" in by:
        return by["repair"][0]
    return by["skip"][0]
