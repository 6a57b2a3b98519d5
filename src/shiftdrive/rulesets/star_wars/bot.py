"""star_wars's bot: names its strongest ready character next when it needs damage, otherwise
hands the turn to the enemy's strongest so it cannot have the last slot (S1); interrupts
seldom; attacks the likeliest target, closes distance and invokes to win. It uses only the
ruleset's public contract and `query`."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import TYPE_CHECKING, Final

from shiftdrive.conflict.absorb import Absorb
from shiftdrive.conflict.advantage import CreateAdvantage
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.ruleset import Turn
from shiftdrive.rulesets.star_wars import query
from shiftdrive.rulesets.star_wars.maneuvers import StarWarsAdvantage
from shiftdrive.rulesets.star_wars.popcorn import Next
from shiftdrive.rulesets.star_wars.state import Character, StarWarsState
from shiftdrive.rulesets.star_wars.teamwork import HelpAlly
from shiftdrive.rulesets.star_wars.weapons import StarWarsAttack

if TYPE_CHECKING:
    from shiftdrive.core.odds import Odds
    from shiftdrive.maps.zones import ZoneMap
    from shiftdrive.rulesets.star_wars.rules import StarWars

#: below this chance to hit, the bot may help a stronger ally or create an advantage instead
POOR_ODDS: Final = 0.25
#: below this chance to hit an enemy fighter in its zone, a fighter pilot first tails it
EVEN_ODDS: Final = 0.5
#: a character with this many consequences, outnumbered, concedes
CONCEDE_AT: Final = 2
#: fate points a character keeps before it spends one to interrupt or refuse an interrupt
INTERRUPT_RESERVE: Final = 3
#: the invoke effects that add +2 to our roll
PLUS_TWO: Final = ("bonus", "teamwork")
#: the distance the bot gives an enemy no path reaches
UNREACHABLE: Final = 99


#: each odds' chance of a success or better, by the odds object: the rules share one Odds per
#: roll they price (a handful all battle long), so each is read once (kept, so its id stays its)
#: how many odds `hit_chance` remembers before forgetting them all
HITS_KEPT: Final = 4096
_HIT: dict[int, tuple[Odds, float]] = {}


#: no choices (an action not on the menu): read, never changed
NONE: Final[list[Choice]] = []


def hit_chance(odds: Odds | None) -> float:
    """The chance of a success or better (0 for a choice that rolls nothing)."""
    if odds is None:
        return 0.0
    found = _HIT.get(id(odds))
    if found is None:
        if len(_HIT) >= HITS_KEPT:  # a server plays battle after battle: forget, never grow
            _HIT.clear()
        found = _HIT[id(odds)] = (odds, float(odds.at_least_success))
    return found[1]


class Menu:
    """The legal choices of the seat's turn by action, each action's built only when the bot
    first weighs it, straight from the action that offers it: an action with no choice has
    no `one`. A star_wars conflict waits on one decision at a time (`popcorn.open_turn`) and
    has no standing actions, so the turn's menu is all of `Ruleset.legal`."""

    __slots__ = ("built", "firsts", "names", "rs", "seat", "state", "turn")  # (one a decision)

    def __init__(self, rs: StarWars, state: StarWarsState, turn: Turn) -> None:
        self.rs, self.state, self.seat, self.turn = rs, state, turn.seat, turn
        #: the actions the turn offers, in menu order
        self.names = rs.menu(state, turn)
        self.built: dict[str, list[Choice]] = {}
        #: the first choice of an action listed one by one, once `one` has built it (weighed,
        #: then taken: built once)
        self.firsts: dict[str, Choice] = {}

    def offers(self, action: str) -> bool:
        """Whether the turn's menu names `action` (it may still have no choice)."""
        return action in self.names

    def get(self, action: str) -> list[Choice]:
        """`action`'s choices, built the first time; the list is kept as the action made it
        (the bot only reads it)."""
        if action not in self.names:
            return NONE
        found = self.built.get(action)
        if found is None:
            found = self.built[action] = self.rs.actions[action].options(self.state, self.turn)
        return found

    def one(self, action: str) -> Choice | None:
        """The first choice of `action`, or None: an action that lists its choices one by one
        (`each_option`: creating an advantage, absorbing a hit) builds only that one, unless
        all of them are built already."""
        if action not in self.names:
            return None  # not on the menu (a crew's turn offers no duel)
        found = self.built.get(action)
        if found is not None:
            return found[0] if found else None
        first = self.firsts.get(action)
        if first is not None:
            return first
        spec = self.rs.actions[action]
        if not isinstance(spec, (CreateAdvantage, Absorb)):  # (typed: none looked up by name)
            listed = self.get(action)
            return listed[0] if listed else None
        first = next(spec.each_option(self.state, self.turn), None)
        if first is None:
            self.built[action] = []
        else:
            self.firsts[action] = first
        return first

    def take(self, action: str) -> Choice:
        """The first choice of `action`, which the bot knows is offered."""
        found = self.one(action)
        if found is None:
            raise LookupError(f"{self.seat} may not {action} now")
        return found

    def first(self) -> Choice:
        """The first legal choice (`Ruleset.legal(...)[0]`), building no more than it needs."""
        for action in self.names:
            found = self.one(action)
            if found is not None:
                return found
        raise LookupError(f"{self.seat} has no legal choice")


def choose(rs: StarWars, state: StarWarsState, seat: str, rng: random.Random) -> Choice:
    turn = rs.turn(state)  # (the one decision waited on: `OneAtATime`)
    assert turn is not None and turn.seat == seat, f"{seat} has no decision to make"
    kind = turn.kind  # (the commonest first; a window or a stage is answered without a menu)
    if kind == "turn":
        return _turn(rs, state, turn, Menu(rs, state, turn), rng)
    if kind == "next":
        return _next(state, seat)
    if kind == "invoke":
        return _invoke(state, seat, turn)
    if kind == "defend":
        return _defend(state.fighters[turn.actor or ""], rs.actions["defend"].options(state, turn))
    if kind == "interrupt":
        return _interrupt(rs, state, turn)
    by_action = Menu(rs, state, turn)
    if kind == "absorb":
        return by_action.first()
    if kind == "style":
        return by_action.take("full")
    if kind == "interrupted":
        f = state.fighters[turn.actor or ""]
        return by_action.take("refuse" if f.fate_points.current >= INTERRUPT_RESERVE else "allow")
    if kind == "duel_style":
        return by_action.take("two_points")
    if kind == "duel_cut":
        return _cut(state, turn, by_action)
    return _turn(rs, state, turn, by_action, rng)


def _next(state: StarWarsState, seat: str) -> Choice:
    """Our character with help waiting, else our strongest ready one; else the enemy's
    strongest, so that it does not have the last slot (and two turns in a row). The strongest
    is the most threatening (`query.strongest_first`: of equals, the name that sorts last).
    Weighed by name: only the choice taken is built."""
    names, opening = Next.named(state)
    ready = set(names)
    fighters = state.fighters
    best: str | None = None
    helped = query.helped_allies(state)  # (most often nobody)
    if helped:  # S13: cash in the help before it lapses
        threats = query.threats(state)
        for who in helped:
            if (
                who in ready
                and fighters[who].side == seat
                and (best is None or (threats[who], who) > (threats[best], best))
            ):
                best = who
    if best is None:
        ranked = query.strongest_first(state)
        for who in ranked:
            if who in ready and fighters[who].side == seat:
                best = who
                break
        else:
            for who in ranked:
                if who in ready:
                    best = who
                    break
    return Next.choice(state, best if best is not None else names[0], opening)


def _defend(defender: Character, defenses: list[Choice]) -> Choice:
    """The defense with the defender's best skill (the first of the best)."""
    best, rating = defenses[0], defender.skill(defenses[0].str_param("skill"))
    for c in defenses[1:]:
        skill = defender.skill(c.str_param("skill"))
        if skill > rating:
            best, rating = c, skill
    return best


def _cut(state: StarWarsState, turn: Turn, by_action: Menu) -> Choice:
    """Take the mildest consequence that keeps the duel going, if the gain would end it."""
    left = query.points_to_lose(state, turn.actor or "")
    gain = query.duel_gain(state)
    if gain >= left:
        for cut in by_action.get("cut"):  # mildest first
            if gain - query.cut_of(cut.str_param("severity")) < left:
                return cut
    return by_action.take("accept")


def _interrupt(rs: StarWars, state: StarWarsState, turn: Turn) -> Choice:
    """Interrupt an enemy only with a clearly stronger character rich in fate points. Who
    may interrupt is weighed by name; the interrupt's choices are built only to take one
    (and none when our own character acts: nobody of ours cuts in)."""
    actor = state.order.current or ""
    if state.side_of(actor) != turn.seat:
        by_action = Menu(rs, state, turn)
        if by_action.offers("interrupt"):
            for name in query.interrupters(state, turn.seat):
                who = state.fighters[name]
                if (
                    who.fate_points.current >= INTERRUPT_RESERVE
                    and query.threat(state, name) > query.threat(state, actor) + 1
                ):
                    return next(c for c in by_action.get("interrupt") if c.str_param("who") == name)
    return rs.actions["pass"].options(state, turn)[0]


def _invoke(state: StarWarsState, seat: str, turn: Turn) -> Choice:
    """Invoke for +2 while it can lift our roll to a tie or better (a free invoke first; a
    fate point on an attack, or to turn a failure), or to add shifts to a hit. The open
    invokes are read raw and only as far as the choice needs: the free ones first (most
    aspects hold none), the paid ones only when no free one will do."""
    roll = query.roll_in_hand(state)
    assert roll is not None
    ours = seat == state.side_of(roll.actor)
    hit = bool(roll.target) and roll.action == "attack"
    if not ours and not hit:
        return query.PASS  # (whatever it stands at: not summed)
    total, opp = query.standing(state)
    shifts = total - opp
    lift = ours and shifts < 1
    if not lift and not (hit and shifts >= 1):
        return query.PASS
    # +2s needed to lift the roll to a tie (none to add shifts to a hit)
    need = (1 - shifts) // 2 if lift else 0
    free: tuple[str, str, str, str] | None = None
    for invoke in query.open_invokes(state, turn, fate_points=False):
        if invoke[1] in PLUS_TWO:
            free = invoke
            break
    paid: tuple[str, str, str, str] | None = None
    plus_twos = 0
    last = ""  # (a roll takes one paid invoke of an aspect, whoever of its payers pays: C4)
    if free is None or need > 1:
        for invoke in query.open_invokes(state, turn):
            if invoke[1] not in PLUS_TWO or (invoke[2] != "free" and invoke[0] == last):
                continue
            if invoke[2] != "free":
                last = invoke[0]
            plus_twos += 1
            if paid is None and invoke[2] != "free":
                paid = invoke
            if plus_twos >= need and (free is not None or paid is not None):
                break  # the rest cannot change the choice
    else:
        plus_twos = need
    if plus_twos < need:
        return query.PASS  # even every +2 would not lift it to a tie
    if free is not None:
        return query.as_choice(free)
    if paid is not None and (roll.action == "attack" or shifts < 0 if lift else shifts <= 2):
        return query.as_choice(paid)
    return query.PASS


def _turn(
    rs: StarWars,
    state: StarWarsState,
    turn: Turn,
    by_action: Menu,
    rng: random.Random,
) -> Choice:
    f = state.fighters[turn.actor or ""]
    duel = by_action.one("duel")
    if duel is not None:  # S8: a duellist's turn is a duel round, with its best skill
        return duel
    if query.has_hyperdrive(state, f.name):  # (most ships have none: nothing to weigh)
        jumps = by_action.get("jump")  # (the jump lists its one choice whole)
        if jumps:
            return jumps[0]  # S6: a ship that can jump away tries every turn
        broken = query.hyperdrive_damage(state, f.name)
        if broken is not None:  # S9: mend what keeps the hyperdrive out (unless mended already)
            for c in by_action.get("repair"):
                if c.str_param("consequence") == broken:
                    return c
    attack = rs.actions["attack"]
    assert isinstance(attack, StarWarsAttack)  # (typed, so the compiled build calls it directly)
    shots = attack.shots(state, turn) if by_action.offers("attack") else None
    if shots:
        return _shoot(rs, state, f, by_action, shots, rng)
    if by_action.get("tail") and rng.random() < 0.5:
        return by_action.take("tail")  # S5: tailed, or nothing to shoot: fight for the six
    if f.consequences.count_taken_in_conflict() >= CONCEDE_AT and len(
        query.enemies(state, f.name)
    ) > len(query.allies(state, f.name)):
        return by_action.take("concede")
    step = _step(state, f, by_action)
    if step is not None:
        return step
    if by_action.one("advantage") is not None and rng.random() < 0.5:
        return by_action.take("advantage")
    return by_action.take("hold")


def _shoot(
    rs: StarWars,
    state: StarWarsState,
    f: Character,
    by_action: Menu,
    shots: list[tuple[Choice, Odds | None]],
    rng: random.Random,
) -> Choice:
    """The likeliest shot (a tie drawn at random); below even odds a fighter first gets on
    its target's six, below poor odds the shooter helps a stronger ally or sets the shot up.
    Each shot comes priced; the rest is built only when the odds call for it."""
    # the likeliest, a tie to the higher draw (a draw per shot, in menu order)
    odds, best, draw = -1.0, shots[0][0], 0.0
    for c, priced in shots:
        chance, luck = hit_chance(priced), rng.random()
        if chance > odds or (chance == odds and luck > draw):
            odds, best, draw = chance, c, luck
    if odds >= EVEN_ODDS:
        return best
    target = best.str_param("target")
    tail: Choice | None = None  # the first tail on the menu aimed at the target
    for c in by_action.get("tail"):
        if c.str_param("target") == target:
            tail = c
            break
    if tail is not None and not query.on_six(state, f.vehicle or "", target):
        return tail  # S5: get on its six first (its shots at us stop, +2 for ours)
    if odds >= POOR_ODDS:
        return best
    # S13: give up a poor shot to add +1 to an ally who shoots later this round (the most
    # threatening such ally, the first of equals); the help on the menu is read only when
    # one of ours yet to act is as threatening
    threats = query.threats(state)
    mine = threats[f.name]
    fighters = state.fighters
    ready: list[str] = []
    for name in query.yet_to_act(state):
        if fighters[name].side == f.side and threats[name] >= mine:
            ready.append(name)
    if ready:
        skill = best.str_param("skill")
        helped: str | None = None
        most = 0
        for ally in _allies(rs, state, by_action, skill):
            if ally in ready:
                threat = threats[ally]
                if helped is None or threat > most:
                    helped, most = ally, threat
        if helped is not None:
            return HelpAlly.choice(helped, skill)
    if query.free_invokes(state, f.name) < 2:  # set up the shot (a maneuver, S9) first
        if tail is not None:
            return tail
        for setup in _setups(rs, state, by_action, target):
            return setup
    return best


def _allies(rs: StarWars, state: StarWarsState, by_action: Menu, skill: str) -> list[str]:
    """Whom the help on the menu helps with `skill`, in menu order (no choice built)."""
    spec = rs.actions["help"]
    assert isinstance(spec, HelpAlly)  # (typed, so the compiled build calls it directly)
    return spec.allies(state, by_action.turn, skill) if by_action.offers("help") else []


def _setups(rs: StarWars, state: StarWarsState, by_action: Menu, target: str) -> Iterator[Choice]:
    """The advantages to create aimed at `target`, in menu order, built one by one."""
    spec = rs.actions["advantage"]
    assert isinstance(spec, StarWarsAdvantage)  # (typed, so the compiled build calls it directly)
    if by_action.offers("advantage"):
        for c in spec.each_option(state, by_action.turn):
            if c.str_param("target") == target:
                yield c


def _step(state: StarWarsState, f: Character, by_action: Menu) -> Choice | None:
    """The move nearer the enemy (away from it while the jump is plotted, S6), if one is;
    ties go by the choice's text. Each zone's distance to the enemy is worked out once,
    against the enemies' zones (not each enemy); the moves are built only when one may do
    (none is nearer than the enemy's own zone)."""
    fronts = query.enemy_zones(state, f.name)
    if not fronts:
        return None
    zmap = query.zones(state)
    gaps: dict[str, int] = {}
    here = _closeness(zmap, fronts, gaps, f.zone)
    if not here and not query.runs_for_hyperspace(state, f.name):
        return None  # with the enemy: no move is nearer, and none is wanted farther
    moves = by_action.get("move")
    by_gap: list[tuple[int, Choice]] = []
    nearest = farthest = here
    for i, c in enumerate(moves):
        gap = _closeness(zmap, fronts, gaps, c.str_param("to"))
        by_gap.append((gap, c))
        if not i or gap < nearest:
            nearest = gap
        if not i or gap > farthest:
            farthest = gap
    if farthest > here and (not here or query.runs_for_hyperspace(state, f.name)):
        return _at_gap(by_gap, farthest, highest=True)  # keep away while the jump is plotted
    if nearest < here:
        return _at_gap(by_gap, nearest, highest=False)
    return None


def _at_gap(by_gap: list[tuple[int, Choice]], gap: int, *, highest: bool) -> Choice:
    """The move to a zone `gap` away whose text sorts highest (or lowest), the first of
    equals; a lone one is not worded."""
    found: list[Choice] = []
    for at, c in by_gap:
        if at == gap:
            found.append(c)
    if len(found) == 1:
        return found[0]
    return max(found, key=Choice.text) if highest else min(found, key=Choice.text)


def _closeness(zmap: ZoneMap, fronts: set[str], gaps: dict[str, int], zone: str) -> int:
    """`zone`'s distance to the nearest of the enemies' zones, kept in `gaps`."""
    found = gaps.get(zone)
    if found is None:
        for front in fronts:
            d = zmap.distance(zone, front)
            gap = d if d is not None else UNREACHABLE
            if found is None or gap < found:
                found = gap
        assert found is not None  # (`fronts` is never empty)
        gaps[zone] = found
    return found
