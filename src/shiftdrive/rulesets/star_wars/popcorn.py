"""Popcorn initiative (S1): whose turn it is, who may interrupt it, and how a turn ends.

The scenario names who opens; each actor, once done, names the next among those who have not
acted this round; the last names who opens the next round, themself included. Before the actor
announces anything, each seat with a character who has not acted yet may pay a fate point to
have that character act at once; the actor whose turn it was may refuse by paying one. The
interrupted actor acts right after the interrupter (its turn was only put off).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar, Final

from shiftdrive.conflict.concede import Concede, concede
from shiftdrive.conflict.exchange import STAGE_MENUS, shared_turn, stage_turn
from shiftdrive.conflict.host import ACTIVE, CONCEDED, TAKEN_OUT
from shiftdrive.conflict.invokes import Pass
from shiftdrive.conflict.roll import decided_by, expire_boosts, finish
from shiftdrive.core.fate_points import EarnReason, FatePoints, SpendReason
from shiftdrive.engine.actions import Action, ParamKind
from shiftdrive.engine.choices import Choice, Kept
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import Ending, Turn
from shiftdrive.rulesets.star_wars.dogfight import split_up
from shiftdrive.rulesets.star_wars.duel import CUT, STYLE
from shiftdrive.rulesets.star_wars.setup import vehicle_skills
from shiftdrive.rulesets.star_wars.state import ESCAPED, Character, StarWarsState, made
from shiftdrive.rulesets.star_wars.vehicles import spent, vehicle_of

if TYPE_CHECKING:
    from shiftdrive.core.dice import DiceSource

INTERRUPT_WINDOW: Final = "interrupt"
#: what a character may do on their turn, in the order offered
TURN_MENU: Final = (
    "move",
    "attack",
    "advantage",
    "discover",
    "overcome",
    "sprint",
    "help",
    "hold",
    "concede",
)
#: S9: what a crew does on its turn, by station
STATION_MENUS: Final[dict[str, tuple[str, ...]]] = {
    "pilot": (
        "move",
        "sprint",
        "attack",
        "tail",
        "advantage",
        "discover",
        "communicate",
        "sensors",
        "jump",
        "repair",
        "help",
        "hold",
        "concede",
    ),
    "gunner": (
        "attack",
        "advantage",
        "discover",
        "communicate",
        "sensors",
        "jump",
        "repair",
        "help",
        "hold",
        "concede",
    ),
}
MENUS: Final[dict[str, tuple[str, ...]]] = {
    "next": ("next",),
    "interrupt": ("interrupt", "pass"),
    "interrupted": ("allow", "refuse"),
    STYLE: ("two_points", "point_and_boost"),
    CUT: ("cut", "accept"),
}
DUEL_STAGES: Final = (STYLE, CUT)
#: S8: a duellist's turn is a duel round
DUEL_MENU: Final = ("duel", "concede")
WHO_PARAMS: Final = {"who": ParamKind.UNIT}


def interrupters(state: StarWarsState, seat: str, first: bool = False) -> list[str]:
    """S1: `seat`'s characters (and crews; vehicles never act) who may interrupt now: in the
    fight, not the actor, not yet acted this round nor waiting to resume an interrupted turn,
    with a fate point to pay. `first`: stop at the first (whether the seat is asked at all)."""
    order = state.order
    out: list[str] = []
    for f in state.payers(seat):  # the seat's own with a fate point, in the sheet's order
        name = f.name
        if (
            f.fate_points.current >= 1
            and not f.is_vehicle
            and name != order.current
            and name not in order.acted
            and name not in state.resume
            and name in order.actors
        ):
            out.append(name)
            if first:
                break
    return out


def window_seat(state: StarWarsState) -> str | None:
    """The next seat to ask in the interrupt window before the actor announces, if any."""
    if not state.interrupts or state.announced:
        return None
    for seat in state.sides:
        if seat not in state.asked and interrupters(state, seat, first=True):
            return seat
    return None


def open_turn(state: StarWarsState) -> Turn | None:
    """The one decision the conflict waits on: a roll's stage, an interrupt's answer, the next
    actor's name, the interrupt window, or the actor's turn."""
    if state.ended:
        return None
    roll = state.roll
    if roll is not None:
        if roll.stage in DUEL_STAGES:
            who = state.duel_winner or ""
            if roll.stage == CUT:
                duel = state.duel_of(who)
                who = duel.other(who) if duel is not None else who
            return shared_turn(state.side_of(who), roll.stage, who)
        return stage_turn(state, roll)
    f = state.current()
    if f is None:
        return None
    if state.interrupter is not None:
        return shared_turn(f.side, "interrupted", f.name)
    if state.picking:
        return shared_turn(f.side, "next", f.name)
    seat = window_seat(state)
    if seat is not None:
        return shared_turn(seat, "interrupt", None, INTERRUPT_WINDOW)
    return shared_turn(f.side, "turn", f.name)


def menu(state: StarWarsState, turn: Turn) -> tuple[str, ...]:
    """The actions offered in `turn`: a character's, by station for a crew (S9), a roll's
    stage while one is in hand."""
    if turn.kind == "turn":
        f = state.fighters[turn.actor or ""]
        if f.vehicle:
            return STATION_MENUS[f.station]
        return DUEL_MENU if state.duel_of(f.name) is not None else TURN_MENU
    stage = state.roll.stage if state.roll is not None else None
    own = MENUS.get(turn.kind)
    if own is not None:
        return own
    return STAGE_MENUS[stage] if stage is not None else ()


def _act(state: StarWarsState, name: str) -> None:
    """`name` takes the turn now: a fresh window before it announces anything."""
    state.order.current = name
    state.picking = False
    state.announced = False
    state.asked = []
    state.moved = False
    state.switched = False


def end_turn(state: StarWarsState) -> list[Event]:
    """Close the actor's turn: its boosts fade (C6) and unused help for it (or for anyone out
    of the fight) lapses (S13); the fight may be over; an interrupted actor resumes, else the
    actor names the next (S1)."""
    f = state.current()
    events: list[Event] = []
    if f is not None:
        events += expire_boosts(state, f.name)
        if f.vehicle and f.station == "pilot":
            events += expire_boosts(state, f.vehicle)  # the boosts its flying earned
    state.turn_count += 1
    # (who is out changes only with a status or a hit on a hull: most turns settle nothing)
    if state.unsettled:
        events += _crews_and_vehicles(state)
    # S6: the actor's ship jumped away on this turn, and with it its side's last units
    if f is not None and f.status == ESCAPED and not state.in_fight(f.side):
        state.escaped_sides.append(f.side)
    events += split_up(state)
    if state.helps:
        state.help_lapses(f.name if f is not None else None)
    if state.unsettled:
        sides_left = [s for s in state.sides if state.in_fight(s)]
        if len(sides_left) <= 1:
            return events + _over(state, sides_left)
        fighters = state.fighters
        for name in [a for a in state.order.actors if fighters[a].status != ACTIVE]:
            state.order.remove(name)
        state.unsettled = False
    while state.resume:
        name = state.resume.pop()
        if state.fighters[name].active:
            state.order.hand_to(name)
            _act(state, name)
            return [*events, Event("resume", data={"who": name}, visible_to=None)]
    state.picking = True
    options = state.order.next_options()
    if len(options) == 1:
        return events + hand_to(state, options[0])
    return events


def _over(state: StarWarsState, sides_left: list[str]) -> list[Event]:
    """At most one side is left: it wins if it beat somebody. A side whose last units jumped
    away (S6) escaped: neither won nor beaten, so when nobody else was beaten the fight ends
    with no winner (a bug out); a side whose ship jumped but whose last units were taken out
    (or conceded) after it is beaten."""
    gone = [s for s in state.sides if s not in sides_left]
    escaped = [s for s in gone if s in state.escaped_sides]
    fled = f"{', '.join(escaped)} escaped to hyperspace"
    if escaped and (not sides_left or len(escaped) == len(gone)):
        return finish(state, None, fled)
    winner = sides_left[0] if sides_left else None
    why = "the other side is out of the fight"
    return finish(state, winner, f"{why}; {fled}" if escaped else why)


def _crews_and_vehicles(state: StarWarsState) -> list[Event]:
    """S10: an unnamed vehicle that can absorb no more stress is out (as the turn that filled
    its hull ends); a vehicle taken out takes its crew out of the vehicle fight (a vehicle
    conceded takes them with it: each named crew member concedes and is paid, C7, but its
    pilot, paid through the vehicle's purse); a vehicle whose crew have all left (conceded)
    leaves with them. A vehicle whose pilot left (and whose crew fight on) no longer spends
    the pilot's fate points: they left the fight with the pilot (C10; a nameless pilot has
    none); what the ship was owed for invokes against it until then is still the pilot's
    (C7)."""
    events: list[Event] = []
    settled = False
    for v, crew in state.crewed:
        if v.status == ACTIVE and spent(v):
            state.set_status(v, TAKEN_OUT)
            events.append(Event("wrecked", data={"vehicle": v.name}, visible_to=None))
        if v.status == ACTIVE:
            aboard = left = False
            for f in crew:
                if f.status == ACTIVE:
                    aboard = True
                    continue
                left = True
                if f.fate_points is v.fate_points:  # its pilot, out of the fight
                    v.fate_points = FatePoints(0, 0)
                    f.owed_points += v.owed_points  # (C7: paid to the pilot at the end)
                    v.owed_points = 0
            if not aboard:
                state.set_status(v, CONCEDED)
                events.append(Event("abandoned", data={"vehicle": v.name}, visible_to=None))
            elif left:  # (seldom: someone aboard left, the rest fight on)
                _crew_left(v, crew)
            continue
        for f in crew:
            if f.status == ACTIVE:
                if v.status == CONCEDED and f.stress and f.fate_points is not v.fate_points:
                    events += concede(state, f.name)  # a named crew member concedes with it (C7)
                    continue
                state.set_status(f, v.status)
                data = {"who": f.name, "vehicle": v.name, "status": v.status}
                events.append(Event("crew_out", data=data, visible_to=None))
        settled = True
    if settled:  # a vehicle out with its crew is not read again (no status comes back)
        state.crewed = [(v, crew) for v, crew in state.crewed if v.status == ACTIVE]
    return events


def _crew_left(v: Character, crew: list[Character]) -> None:
    """What the vehicle takes from those aboard, from those still in the fight: with its pilot
    gone nobody flies it, so it defends (S10) and hides (S9) at Mediocre (+0) (default)."""
    aboard = [f for f in crew if f.status == ACTIVE]
    pilot = next((f for f in aboard if f.station == "pilot"), None)
    v.skills.update(vehicle_skills(pilot.skills if pilot else None, [f.skills for f in aboard]))


def hand_to(state: StarWarsState, name: str) -> list[Event]:
    """The actor names `name` to act next; the last of a round opens the next one."""
    by = state.order.current
    new_round = state.order.hand_to(name)
    _act(state, name)
    events = [Event("next", data={"by": by, "who": name}, visible_to=None)]
    if new_round:
        if state.order.round > state.max_rounds:
            why = f"the fight is broken off after {state.max_rounds} rounds"
            return events + finish(state, None, why)
        events.append(Event("round", data={"round": state.order.round}, visible_to=None))
    return events


def ending(state: StarWarsState) -> Ending:
    """Round limit when the rounds ran out; an escape to hyperspace (S6); else as the
    library reads it (C7)."""
    if state.order.round > state.max_rounds:
        return Ending.ROUND_LIMIT
    if state.winner is None and state.escaped_sides:
        return Ending.BUG_OUT
    return decided_by(state)


class Next(Action[StarWarsState]):
    """S1: the actor who is done names who acts next (anyone, to open a new round)."""

    name = "next"
    params: ClassVar[Mapping[str, ParamKind]] = WHO_PARAMS

    def options(self, state: StarWarsState, turn: Turn) -> list[Choice]:
        names, opening = self.named(state)
        return [self.choice(state, n, opening) for n in names]

    @staticmethod
    def named(state: StarWarsState) -> tuple[list[str], bool]:
        """Whom the actor may name, in the order `options` lists them, and whether the name
        opens the next round (nobody is left to act in this one): a bot weighs the names and
        builds only the choice it takes (`choice`)."""
        order = state.order
        waiting = order.waiting()  # (`next_options` while anyone is yet to act)
        return (waiting, False) if waiting else (order.next_options(), True)

    @staticmethod
    def choice(state: StarWarsState, name: str, opening: bool) -> Choice:
        """The choice naming `name` (`opening`: to open the next round, named with it). Made
        from the scenario's own names (not `made`'s, equal strings of another), so that the
        order compares names by identity; the same few in every battle, made once each."""
        if opening:
            nxt = state.order.round + 1
            found = state.opening_memo.get((name, nxt))
            if found is None:
                label = f"{name} to open round {nxt}"
                found = state.opening_memo[(name, nxt)] = Choice.of("next", label, who=name)
            return found
        found = state.next_memo.get(name)
        if found is None:
            found = state.next_memo[name] = Choice.of("next", f"{name} to act next", who=name)
        return found

    def apply(
        self, state: StarWarsState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        return hand_to(state, choice.str_param("who"))


@lru_cache(maxsize=1024)
def _hold(actor: str) -> Choice:
    """`actor`'s "no action" (made once per name: a choice is a value)."""
    return made("hold", f"{actor} takes no action")


@lru_cache(maxsize=4096)
def _interrupt_choice(who: str, actor: str) -> Choice:
    """`who` interrupting `actor` (made once per pair)."""
    return made("interrupt", f"{who} interrupts {actor} (a fate point)", who=who)


class Hold(Action[StarWarsState]):
    """No action this turn (after a move, or with nothing in reach): the turn ends."""

    name = "hold"

    def options(self, state: StarWarsState, turn: Turn) -> list[Choice]:
        return [_hold(turn.actor or "")]

    def apply(
        self, state: StarWarsState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        return [Event("hold", data={"who": turn.actor}, visible_to=None), *end_turn(state)]


class Interrupt(Action[StarWarsState]):
    """S1: pay a fate point to have one of your characters act now, before the actor
    announces; an actor with a fate point may refuse."""

    name = "interrupt"
    params: ClassVar[Mapping[str, ParamKind]] = WHO_PARAMS

    def options(self, state: StarWarsState, turn: Turn) -> list[Choice]:
        actor = state.order.current or ""
        return [_interrupt_choice(n, actor) for n in interrupters(state, turn.seat)]

    def apply(
        self, state: StarWarsState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        who = state.fighters[choice.str_param("who")]
        who.fate_points.spend(SpendReason.INTERRUPT, who=who.name)
        state.asked.append(turn.seat)
        actor = state.current()
        assert actor is not None
        events = [Event("interrupt", data={"who": who.name, "actor": actor.name}, visible_to=None)]
        if actor.fate_points.current >= 1:
            state.interrupter = who.name
            return events
        return events + _give_way(state, actor.name, who.name)


def _give_way(state: StarWarsState, actor: str, interrupter: str) -> list[Event]:
    """The interrupt stands: the interrupter acts now, the actor right after."""
    state.resume.append(actor)
    _act(state, interrupter)
    return [Event("interrupted", data={"who": interrupter, "actor": actor}, visible_to=None)]


class Answer(Action[StarWarsState]):
    """The interrupted actor allows it (and gains the fate point, as for a compel: C7) or
    refuses it by paying a fate point of its own."""

    params: ClassVar[Mapping[str, ParamKind]] = {}

    def __init__(self, allow: bool) -> None:
        self.allow = allow
        self.name = "allow" if allow else "refuse"

    def options(self, state: StarWarsState, turn: Turn) -> list[Choice]:
        who = state.interrupter
        if self.allow:
            return [made("allow", f"Let {who} act first (gain a fate point)")]
        return [made("refuse", f"Refuse {who}'s interrupt (pay a fate point)")]

    def apply(
        self, state: StarWarsState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        actor = state.fighters[turn.actor or ""]
        who = state.interrupter or ""
        state.interrupter = None
        if self.allow:
            state.earn(actor, EarnReason.COMPEL)
            return _give_way(state, actor.name, who)
        actor.fate_points.spend(SpendReason.REFUSE_COMPEL, who=actor.name)
        return [Event("refused", data={"who": who, "actor": actor.name}, visible_to=None)]


#: each interrupt window's "pass" by the actor it lets act, all it is made of
_LET_ACT: Kept[str] = Kept()


def _let_act(actor: str) -> Choice:
    """The interrupt window's "pass": let `actor` act (made once per name)."""
    found = _LET_ACT.get(actor)
    if found is None:
        found = _LET_ACT.keep(actor, made("pass", f"Let {actor} act (no interrupt)"))
    return found


class WindowPass(Pass[StarWarsState]):
    """`pass` closes a seat's part of either window: the invoke window after the dice (the
    library's), or the interrupt window before the actor announces (S1)."""

    def options(self, state: StarWarsState, turn: Turn) -> list[Choice]:
        if turn.window == INTERRUPT_WINDOW:
            return [_let_act(state.order.current or "")]
        return super().options(state, turn)

    def apply(
        self, state: StarWarsState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        if turn.window == INTERRUPT_WINDOW:
            state.asked.append(turn.seat)
            return []
        return super().apply(state, turn, choice, dice)


def stake(state: StarWarsState, name: str) -> int:
    """C7 aboard a vehicle: the consequences taken in this conflict by the vehicle whose fate
    points are `name`'s (its pilot's, while it flies it: the ship's consequences are the
    pilot's stake, default); 0 for anyone else."""
    f = state.fighters[name]
    ship = vehicle_of(state, f)
    if ship is None or ship.fate_points is not f.fate_points:
        return 0
    return ship.consequences.count_taken_in_conflict()


def concede_unit(state: StarWarsState, name: str) -> list[Event]:
    """`name` concedes (C10) and is paid (C7, the library's `concede`); a pilot also for its
    vehicle's consequences (`stake`). The named crew who concede with their vehicle are paid
    their own as the turn ends (`_crews_and_vehicles`)."""
    extra = stake(state, name)  # (read first: conceding changes no slot)
    events = concede(state, name)
    if extra:
        f = state.fighters[name]
        state.earn(f, EarnReason.CONCESSION, extra)
        data = {"who": name, "vehicle": f.vehicle, "fate_points": extra}
        events.append(Event("concession_stake", data=data, visible_to=None))
    return events


class StarWarsConcede(Concede[StarWarsState]):
    """C10: offered on a character's own turn and when a roll is declared against it; for a
    vehicle, its side concedes the vehicle before the roll, and its crew with it."""

    def apply(
        self, state: StarWarsState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        if turn.kind == "defend":
            state.roll = None  # before the roll: nobody rolls
        return concede_unit(state, turn.actor or "") + end_turn(state)
