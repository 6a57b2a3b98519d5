"""What the weapon and repair phases share: ships declare one at a time in the D15 order (the
position winner first, then by position rank), each declaration resolved as it is made, so a
ship taken out mid-phase declares nothing more; ranges are band differences (D10)."""

from __future__ import annotations

from collections.abc import Callable

from shiftdrive.core.dice import DiceSource, roll_fudge
from shiftdrive.core.odds import Odds, OddsQuery, odds
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import Turn
from shiftdrive.rulesets.diaspora.choices import made_turn
from shiftdrive.rulesets.diaspora.state import DiasporaState, Ship


def line_up(state: DiasporaState, can_act: Callable[[DiasporaState, Ship], bool]) -> None:
    """The ships that may act this phase, in D15 order."""
    order = []  # plain loops: every phase of every turn lines up
    for name in state.rank:
        if name in state.ships:
            order.append(name)
    for name in state.ships:
        if name not in order:
            order.append(name)
    queue = []
    for name in order:
        ship = state.ships[name]
        if ship.fighting and can_act(state, ship):
            queue.append(name)
    state.queue = queue
    state.defence = {}
    state.defence_dice = {}
    state.concede_passed = []


def turn(
    state: DiasporaState,
    kind: str,
    still: Callable[[DiasporaState, Ship], bool] | None = None,
) -> list[Turn]:
    """The declaring turn of `first_in_line`, if any."""
    ship = first_in_line(state, still)
    return [] if ship is None else [made_turn(ship.side, kind, ship.name)]


def first_in_line(
    state: DiasporaState, still: Callable[[DiasporaState, Ship], bool] | None = None
) -> Ship | None:
    """The first ship in line still fighting (a ship that left mid-phase declares no more,
    D15) and, when `still` is given, still able to act."""
    for name in state.queue:
        ship = state.ships[name]
        if ship.fighting and (still is None or still(state, ship)):
            return ship
    return None


def done(state: DiasporaState, ship: Ship) -> None:
    """`ship` has declared (or held): the next ship's turn."""
    if ship.name in state.queue:
        state.queue.remove(ship.name)


def enemies(state: DiasporaState, ship: Ship) -> list[Ship]:
    side = ship.side
    out = []  # a plain loop: the bot asks this for every attack it weighs
    for other in state.ships.values():
        if other.fighting and other.side != side:
            out.append(other)
    return out


def distance(a: Ship, b: Ship) -> int:
    """D10: the band difference."""
    assert a.band is not None and b.band is not None
    return abs(a.band - b.band)


def spin(state: DiasporaState, ship: Ship) -> int:
    """D13: spin earned earlier this turn adds +1 to the ship's next roll (and is used up)."""
    return state.spin.pop(ship.name, 0)


def stand_defence(
    state: DiasporaState, ship: Ship, rating: int, dice: DiceSource, what: str, **extra: int
) -> tuple[int, Event]:
    """D4: a ship's one defensive roll of the phase (EW, beam or point defence): its rating
    + 4dF + spin (D13), kept for every attack on it this phase."""
    roll = roll_fudge(dice, why=f"{ship.name}'s {what}", who=ship.name)
    earned = spin(state, ship)
    result = rating + roll.total + earned
    state.defence[ship.name] = result
    state.defence_dice[ship.name] = roll.total
    data = {
        "ship": ship.name, "phase": state.phase, "rating": rating, **extra,
        "dice": list(roll.faces), "spin": earned, "result": result,
    }  # fmt: skip
    return result, Event("defence", data)


def earn_spin(state: DiasporaState, defender: Ship, margin: int) -> bool:
    """D13: a defence that wins by 3 or more shifts gives spin."""
    if margin >= 3:
        state.spin[defender.name] = 1
        return True
    return False


def attack_odds(state: DiasporaState, attack: int, target: Ship, base: int) -> Odds:
    """Exact odds that an attack of `attack` (before its dice) hits `target` (C3): against its
    defence when already rolled this phase (D4), else against `base` + the defender's 4dF."""
    if target.name in state.defence:
        return odds(OddsQuery(attack, difficulty=state.defence[target.name]))
    return odds(OddsQuery(attack, opposed=base + state.spin.get(target.name, 0)))
