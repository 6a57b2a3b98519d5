"""Position (seed "Position"; D3, D15): burn declarations are made together and secret until
all are in; then every pilot rolls min(V-shift, effective Pilot) + 4dF + burn (burn marks Heat,
with consequences offered first), or leaves the drives off (result -4, the highest Heat box
cleared, still open to invokes); a compelled ship's -4 is final (D12). The winner (a tie for
the top passes control down) moves itself up to (own - lowest) shifts, or one lower ship up to
(own - theirs), never more bands than its V-shift; the 3<->4 crossing costs 2 and leaving the
map 3 (the band map's costs). Off the map is out."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import ClassVar, Final

from shiftdrive.core.dice import DiceSource, roll_fudge
from shiftdrive.engine.actions import Action, ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import Turn
from shiftdrive.maps.bands import BandMap
from shiftdrive.rulesets.diaspora import crew, damage, invoking
from shiftdrive.rulesets.diaspora.choices import made, made_each, made_turn, made_window
from shiftdrive.rulesets.diaspora.state import DiasporaState, Ship

DRIVE: Final = "drive"
MOVE: Final = "move"
BURN: Final = "burn"
DRIFT: Final = "drift"
HOLD: Final = "hold"
DRIFTING: Final = made(DRIFT)  # choices with nothing to vary: made once
HOLDING: Final = made(HOLD)
DRIFT_RESULT: Final = -4  # D3: drives off, no dice, no skill
INVOKE: Final[str] = invoking.INVOKE


def begin(state: DiasporaState) -> None:
    state.burns = {}
    state.rolls = {}
    state.position_dice = {}
    state.position_window = []
    state.position_paid = []
    state.mover = None
    state.ranking = False


def turns(state: DiasporaState) -> list[Turn]:
    """Each side declares for its next undeclared ship, all sides at once and in secret; then
    the winner's move."""
    out = []
    seen: set[str] = set()
    for ship in state.ships.values():
        if ship.fighting and declaring(state, ship) and ship.side not in seen:
            seen.add(ship.side)
            secret = True  # (passed by position: a keyword makes the cache's key anew each call)
            out.append(made_turn(ship.side, DRIVE, ship.name, secret))
    if out:
        return out
    for name in state.position_window:  # C4: invokes on the rolls, ship by ship
        ship = state.ships[name]
        if ship.fighting:
            return [made_window(ship.side, INVOKE, name)]
    if state.mover is not None and state.ships[state.mover].fighting:
        mover = state.ships[state.mover]
        return [made_turn(mover.side, MOVE, mover.name)]
    return []


def declaring(state: DiasporaState, ship: Ship) -> bool:
    """A ship still to declare burn: not declared, not compelled (D12)."""
    return ship.name not in state.burns and ship.name not in state.compelled


def base(state: DiasporaState, ship: Ship) -> int:
    """D3: V-shift limited by the pilot's effective skill (no pilot: 0)."""
    skill = crew.effective(state, ship, "pilot")
    return min(ship.ratings["v_shift"], skill if skill is not None else 0)


def burn_limit(ship: Ship) -> int:
    """The most burn a ship may declare: the seed's burn is "any value", and "before marking
    the damage to the Heat stress track, the pilot may reduce the detrimental effects through
    Consequences exactly as mitigating combat damage" (D5). So the Heat track's length plus
    what the ship's free consequences could take off the hit: any more would destroy the ship
    whatever it took (D14)."""
    return len(ship.tracks["heat"]) + damage.absorbable(ship)


class Burn(Action[DiasporaState]):
    """Declare burn for your ship's positioning roll (0 for none), secret until all are in."""

    name = BURN
    params: ClassVar[Mapping[str, ParamKind]] = {"value": ParamKind.NUMBER}

    def options(self, state: DiasporaState, turn: Turn) -> list[Choice]:
        ship = state.ships[turn.actor or ""]
        return list(made_each(BURN, "value", range(burn_limit(ship) + 1)))

    def apply(
        self, state: DiasporaState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        return declare(state, turn, choice.int_param("value"), dice)


class Drift(Action[DiasporaState]):
    """Leave the drives off this turn to bleed Heat: result -4, clear the highest Heat box."""

    name = DRIFT

    def options(self, state: DiasporaState, turn: Turn) -> list[Choice]:
        return [DRIFTING]

    def apply(
        self, state: DiasporaState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        return declare(state, turn, None, dice)


def declare(state: DiasporaState, turn: Turn, burn: int | None, dice: DiceSource) -> list[Event]:
    ship = state.ships[turn.actor or ""]
    state.burns[ship.name] = burn
    data = {"ship": ship.name, "burn": burn}
    events = [Event("declared", data, frozenset({ship.side}))]
    for other in state.ships.values():
        if other.fighting and declaring(state, other):
            return events
    return events + resolve(state, dice)  # the last declaration: roll


def resolve(state: DiasporaState, dice: DiceSource) -> list[Event]:
    """Reveal the burns, roll, mark Heat, rank and name the winner (D3, D15)."""
    burns = {name: state.burns[name] for name in state.burns if state.ships[name].fighting}
    events = [Event("burns", {"burns": burns})]
    for ship in state.fighting():
        if ship.name in state.compelled:  # D12: an automatic -4, no dice, no skill
            state.rolls[ship.name] = DRIFT_RESULT
            data = {"ship": ship.name, "result": DRIFT_RESULT}
            events.append(Event("compelled_position", data))
            continue
        burn = burns[ship.name]
        if burn is None:
            cleared = ship.tracks["heat"].clear_last()
            state.rolls[ship.name] = DRIFT_RESULT
            data = {"ship": ship.name, "result": DRIFT_RESULT, "cleared": cleared}
            events.append(Event("drifted", data))
            continue
        rating = base(state, ship)
        roll = roll_fudge(dice, why=f"{ship.name}'s positioning roll", who=ship.name)
        crew.act(state, ship, "pilot")
        spin = state.spin.pop(ship.name, 0)
        result = rating + roll.total + burn + spin
        state.rolls[ship.name] = result
        state.position_dice[ship.name] = roll.total
        data = {
            "ship": ship.name, "rating": rating, "dice": list(roll.faces),
            "burn": burn, "spin": spin, "result": result,
        }  # fmt: skip
        events.append(Event("positioned", data))
        events += damage.deal(state, ship, "heat", burn, "burn")
    state.position_window = [n for n in state.rolls if open_to_invokes(state, state.ships[n])]
    state.ranking = True
    return events + settle(state)


def open_to_invokes(state: DiasporaState, ship: Ship) -> bool:
    """Whether invokes may change `ship`'s position result (C4). A compelled ship's -4 is its
    final result (seed: "dice are not rolled and Skills are not considered: your final result
    for your positioning check is -4"; D12); drives off gives a -4 "which might still be
    modified by Aspects"."""
    return ship.fighting and ship.name not in state.compelled


def invokes(state: DiasporaState, ship: Ship) -> list[Choice]:
    """What `ship` may invoke on its own position roll (a reroll only where dice were rolled:
    drives off can still be raised by an aspect; a compelled ship is not in the window)."""
    if ship.name not in state.position_window:
        return []
    effects = ["bonus", "reroll"] if ship.name in state.position_dice else ["bonus"]
    return invoking.invokable(state, ship, state.position_paid, effects)


def may_invoke(state: DiasporaState, ship: Ship) -> bool:
    """Whether `invokes` would list anything (without listing it)."""
    return ship.name in state.position_window and invoking.may_invoke(
        state, ship, state.position_paid
    )


def settle(state: DiasporaState) -> list[Event]:
    """Ships with nothing to invoke leave the window; when it is empty and every burn's Heat
    hit is marked, rank the rolls (else `flow.advance` ranks them once the hits are marked)."""
    window = []
    for name in state.position_window:  # a ship out of the fight invokes no more
        if state.ships[name].fighting and may_invoke(state, state.ships[name]):
            window.append(name)
    state.position_window = window
    return [] if window or state.hits else rank(state)


def invoke(state: DiasporaState, ship: Ship, choice: Choice, dice: DiceSource) -> list[Event]:
    """C4 on a position roll: +2, or reroll the dice (tie tactics: the seed's "use an Aspect
    to force a tie so that you lose control")."""
    effect = invoking.pay(state, ship, choice, state.position_paid)
    data = invoking.invoked(ship, choice, effect)
    if effect == "reroll":
        roll = roll_fudge(dice, why=f"{ship.name} rerolls its position", who=ship.name)
        state.rolls[ship.name] += roll.total - state.position_dice[ship.name]
        state.position_dice[ship.name] = roll.total
        data["dice"] = list(roll.faces)
    else:
        state.rolls[ship.name] += 2
    data["result"] = state.rolls[ship.name]
    return [Event("position_invoked", data), *settle(state)]


def pass_invoke(state: DiasporaState, turn: Turn, dice: DiceSource) -> list[Event]:
    if turn.actor in state.position_window:
        state.position_window.remove(turn.actor)
    return settle(state)


def rank(state: DiasporaState) -> list[Event]:
    """D3/D15: the rank of the rolls and the winner. Only ships still in the fight are
    ranked: a ship its own burn took out (seed: "They immediately take a hit to their Heat
    stress track"; D14) left combat before the ranking, so it neither wins nor is lowest."""
    state.ranking = False
    state.rolls = {n: r for n, r in state.rolls.items() if state.ships[n].fighting}
    order = sorted(state.rolls, key=lambda n: state.rolls[n], reverse=True)
    state.mover = winner(state.rolls)
    if state.mover is not None:
        order.remove(state.mover)
        order.insert(0, state.mover)
    state.rank = order
    return [Event("position_rank", {"rank": order, "winner": state.mover})]


def winner(rolls: Mapping[str, int]) -> str | None:
    """D3: the highest roll not tied with another; a tie passes control to the next roll."""
    results = list(rolls.values())
    for value in sorted(set(results), reverse=True):
        if results.count(value) == 1:
            return next(n for n, r in rolls.items() if r == value)
    return None


def budgets(state: DiasporaState, mover: Ship) -> dict[str, int]:
    """Shifts the winner may spend on each ship: itself (own - lowest), each lower ship
    (own - theirs)."""
    own = state.rolls[mover.name]
    out = {mover.name: own - min(state.rolls.values())}
    for name, result in state.rolls.items():
        if result < own and name != mover.name and state.ships[name].fighting:
            out[name] = own - result
    return {name: shifts for name, shifts in out.items() if shifts > 0}


def destinations(state: DiasporaState, ship: Ship, shifts: int, bands: int) -> list[int]:
    """Bands `ship` can be moved to with `shifts`, at most `bands` bands; one past an edge is
    off the map (leaving costs the map's leave cost and counts as a band)."""
    return list(_destinations(state, ship, shifts, bands))


def _destinations(state: DiasporaState, ship: Ship, shifts: int, bands: int) -> tuple[int, ...]:
    """`destinations`, from the map's table (`reaches`): worked out once for each band,
    shifts and bands, for every battle on the map."""
    band = ship.band
    assert band is not None
    key = (band, shifts, bands)
    found = state.reach.get(key)
    if found is None:
        found = state.reach[key] = reach(state.map, band, shifts, bands)
    return found


@lru_cache(maxsize=16)
def reaches(m: BandMap) -> dict[tuple[int, int, int], tuple[int, ...]]:
    """The table of `reach` on the map `m`, by (from, shifts, most bands), filled in as it is
    asked: the map is a frozen value that never changes in a fight, so every battle on it
    shares one table (a battle's state takes it at set-up)."""
    return {}


@lru_cache(maxsize=4096)
def reach(m: BandMap, band: int, shifts: int, bands: int) -> tuple[int, ...]:
    """`destinations` from `band` on the map `m` (a frozen value: each is worked out once for
    every battle on that map)."""
    out = []
    for to in m.bands:
        if to != band and abs(to - band) <= bands and m.crossing_cost(band, to) <= shifts:
            out.append(to)
    for direction, edge in ((-1, m.low), (1, m.high)):
        if abs(edge - band) + 1 <= bands and m.leave_cost(band, direction) <= shifts:
            out.append(edge + direction)
    return tuple(sorted(out))


class Move(Action[DiasporaState]):
    """The winner moves itself or one ship that rolled lower (D3)."""

    name = MOVE
    params: ClassVar[Mapping[str, ParamKind]] = {"ship": ParamKind.UNIT, "to": ParamKind.BAND}

    def options(self, state: DiasporaState, turn: Turn) -> list[Choice]:
        mover = state.ships[turn.actor or ""]
        limit = mover.ratings["v_shift"]
        out: list[Choice] = []
        for name, shifts in budgets(state, mover).items():
            to = _destinations(state, state.ships[name], shifts, limit)
            out.extend(made_each(MOVE, "to", to, ship=name))
        return out

    def apply(
        self, state: DiasporaState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        ship = state.ships[choice.str_param("ship")]
        to = choice.int_param("to")
        before = ship.band
        state.mover = None
        off = not state.map.in_range(to)
        if off:
            ship.out = "off the map"
        else:
            ship.band = to
        data = {"by": turn.actor, "ship": ship.name, "from": before, "to": to, "off": off}
        return [Event("moved", data)]


class Hold(Action[DiasporaState]):
    """Let the moment pass: no move, no target, no repair."""

    name = HOLD

    def options(self, state: DiasporaState, turn: Turn) -> list[Choice]:
        return [HOLDING]

    def apply(
        self, state: DiasporaState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        if state.mover == turn.actor:
            state.mover = None
        elif turn.actor in state.queue:
            state.queue.remove(turn.actor)
        return [Event("held", {"ship": turn.actor, "phase": state.phase})]
