"""Whose turn it is in a ship fight: the side-order pick (P8), then each exchange's phases in
order (P12) with each side's ships taking their turns together, in side order; a hit waiting
to be absorbed; resolution run by the rules; the end of the exchange and of the fight."""

from __future__ import annotations

from typing import Final

from shiftdrive.core.dice import DiceSource
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import Ending, Turn
from shiftdrive.rulesets.pilot_wave.astrogation import Jump, aftermath
from shiftdrive.rulesets.pilot_wave.ships.boarding import boardable, repairable
from shiftdrive.rulesets.pilot_wave.ships.countermeasures import stations
from shiftdrive.rulesets.pilot_wave.ships.resolution import resolve_next
from shiftdrive.rulesets.pilot_wave.ships.setup import reset_pools, side_order
from shiftdrive.rulesets.pilot_wave.ships.space import targets, tell
from shiftdrive.rulesets.pilot_wave.ships.state import (
    ACTIVE,
    CONCEDED,
    DEPARTED,
    JUMPED,
    Ship,
    ShipState,
)
from shiftdrive.rulesets.pilot_wave.ships.tables import (
    EXCHANGE_SECONDS,
    PHASES,
)

#: the actions offered in each kind of turn
MENUS: Final[dict[str, tuple[str, ...]]] = {
    "first_side": ("first_side",),
    # C10: a side may concede on its ships' turns from the movement phase on (every ship in
    # the fight has a movement turn each exchange), each before the exchange's rolls against
    # it (resolution); not once a roll is made (absorbing, invoking)
    "sensors": ("sense",),
    "movement": ("maneuver", "drift_off", "concede"),
    "targeting": ("aim", "hold_fire", "concede"),
    "countermeasures": ("countermeasures", "no_countermeasures", "concede"),
    "boarding": ("board", "repair", "jump", "stand_by", "concede"),
    "absorb_hit": ("absorb_hit",),
    "invoke": ("invoke", "tactics", "pass"),
    "bid": ("bid",),
}


def turns(state: ShipState) -> list[Turn]:
    if state.ended is not None:
        return []
    bidding = [side for side, bid in state.bids.items() if bid is None]
    if bidding:
        return [Turn(side, "bid", secret=True) for side in bidding]
    if state.absorb is not None:
        ship = state.ships[state.absorb["target"]]
        return [Turn(ship.side, "absorb_hit", ship.name)]
    if state.roll is not None:
        ship = state.ships[state.roll["ship"]]
        return [Turn(ship.side, "invoke", ship.name)]
    if state.picker is not None:
        return [Turn(state.picker, "first_side")]
    actor = next_actor(state)
    return [] if actor is None else [Turn(actor.side, state.phase, actor.name)]


def targeted(state: ShipState, ship: Ship) -> bool:
    return any(a.target == ship.name for a in state.attacks)


def can_counter(state: ShipState, ship: Ship) -> bool:
    return bool(stations(state, ship))


def has_boarding_turn(state: ShipState, ship: Ship) -> bool:
    """The boarding/EVA phase asks only a ship that could do something in it."""
    return bool(
        repairable(ship) or boardable(state, ship) or (ship.jump_drive and ship.jump is None)
    )


def eligible(state: ShipState, ship: Ship) -> bool:
    """Who has a turn in this phase (the others have nothing to decide in it)."""
    if not ship.active:
        return False
    phase = state.phase
    if phase in ("sensors", "movement"):
        return True
    if phase == "targeting":
        return bool(targets(state, ship))
    if phase == "countermeasures":
        return targeted(state, ship) and can_counter(state, ship)
    if phase == "boarding":
        return has_boarding_turn(state, ship)
    return False


def next_actor(state: ShipState) -> Ship | None:
    """The next ship to act in this phase: sides in side order, each side's ships together,
    in listing order (`PhasedRound.next_actor`, highest first)."""
    rank = {side: i for i, side in enumerate(state.order)}
    initiative: dict[str, int] = {}
    names: list[str] = []
    for i, ship in enumerate(state.ships.values()):
        if ship.name in state.round.acted or not eligible(state, ship):
            continue
        initiative[ship.name] = -(rank[ship.side] * 1000 + i)
        names.append(ship.name)
    name = state.round.next_actor(initiative, names)
    return None if name is None else state.ships[name]


def advance(state: ShipState, dice: DiceSource) -> list[Event]:
    """Play on until someone must decide: resolve the attacks, close phases and exchanges."""
    events: list[Event] = []
    if state.order_tied:  # (the side-order totals tied for the top once the invokes were in)
        events += side_order(state, dice)
    while (
        state.ended is None
        and state.absorb is None
        and state.picker is None
        and state.roll is None
        and state.order  # (empty while the sides still bid, P6)
    ):
        if next_actor(state) is not None:
            break
        if state.phase == "resolution" and state.queue:
            events += resolve_next(state, dice)
            events += settle(state)
            continue
        if state.round.index == len(PHASES) - 1:
            events += end_exchange(state)
            if state.ended is not None:
                break
        state.round.next_phase()
        if state.phase == "resolution":
            state.queue = [a for a in state.attacks if a.strikes == state.exchange]
            state.attacks = [a for a in state.attacks if a.strikes > state.exchange]
        if state.round.index == 0:
            state.picker = state.chooser
            events.append(Event("ship_exchange", data={"exchange": state.exchange}))
    return events


def end_exchange(state: ShipState) -> list[Event]:
    """Momentum and signal carry over, calculations run on (a done jump leaves the fight),
    boosts of the exchange before expire (C6), the fight may end."""
    events: list[Event] = []
    seconds = EXCHANGE_SECONDS[state.scale]
    for ship in state.ships.values():
        ship.last_moved = ship.moved or 0
        ship.moved = None
        ship.signal_last, ship.signal = ship.signal, False
        ship.active_sensors = False
        ship.countermeasures = 0
        if ship.active and ship.jump is not None:
            ship.jump["seconds_left"] -= seconds
            if ship.jump["seconds_left"] <= 0:
                if ship.jump["jumps"]:
                    ship.status = JUMPED
                    notes = aftermath(Jump(state.diameters, int(ship.jump["parsecs"])))
                    events.append(
                        tell(
                            "ship_jumped",
                            {
                                "ship": ship.name,
                                "side": ship.side,
                                "parsecs": ship.jump["parsecs"],
                                "notes": notes,
                            },
                            state,
                            ship,
                        )
                    )
                ship.jump = None
    for aspect in list(state.aspects):
        if aspect.expires_after is not None and int(aspect.expires_after) <= state.exchange:
            state.aspects.remove(aspect.name)
    state.matched = []
    reset_pools(state)
    events += settle(state)
    if state.ended is None and state.exchange >= state.max_exchanges:
        state.ended = f"the fight is broken off after {state.max_exchanges} exchanges"
        state.ending = Ending.ROUND_LIMIT.value
        events.append(Event("ship_over", data={"reason": state.ended, "winner": None}))
    return events


CONCEDED_WORDS: Final = "conceded"
LEFT_WORDS: Final = "left the fight (jumped away or drifted off)"
OUT_WORDS: Final = "taken out"


def _how_left(state: ShipState, side: str) -> str:
    """How a side with no ship in the fight left it: conceded, else jumped away or drifted
    off (any of its ships), else taken out."""
    statuses = {x.status for x in state.ships.values() if x.side == side}
    if CONCEDED in statuses:
        return CONCEDED_WORDS
    if statuses & {JUMPED, DEPARTED}:
        return LEFT_WORDS
    return OUT_WORDS


def settle(state: ShipState) -> list[Event]:
    """The fight ends when at most one side has ships in it: the side left wins; the reason
    says how each other side left (`_how_left`): with three sides, one may have conceded
    (C10) and another been taken out."""
    if state.ended is not None:
        return []
    left = [s for s in state.sides if any(x.side == s and x.status == ACTIVE
                                          for x in state.ships.values())]  # fmt: skip
    if len(left) > 1:
        return []
    winner = left[0] if left else None
    losers = [s for s in state.sides if s not in left]
    ways = {side: _how_left(state, side) for side in losers}
    # (the category: a concession if any side conceded, else a bug out, else taken out)
    found = set(ways.values())
    state.ending = (
        Ending.CONCESSION if CONCEDED_WORDS in found
        else Ending.BUG_OUT if LEFT_WORDS in found
        else Ending.TAKEN_OUT
    ).value  # fmt: skip
    groups: dict[str, list[str]] = {}
    for side, how in ways.items():
        groups.setdefault(how, []).append(side)
    state.ended = "; ".join(f"{', '.join(sides)} {how}" for how, sides in groups.items())
    state.winner = winner
    return [Event("ship_over", data={"reason": state.ended, "winner": winner})]
