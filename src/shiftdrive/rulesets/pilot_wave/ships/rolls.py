"""A crew roll in hand (attack, sensors, countermeasures, repair, high G): the dice are rolled,
then the rolling side may invoke aspects (C4) and add roving Tactics points (P6) while that
could still change the outcome, and
only then does the roll's own rule read it. Each phase module registers how its roll is read
(`Reading`): the fewest shifts that would change its outcome, and the outcome itself."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from shiftdrive.core.invokes import INVOKE_BONUS, Payment, refused
from shiftdrive.engine.events import Event
from shiftdrive.rulesets.pilot_wave.ships.state import ShipState


@dataclass(frozen=True, slots=True)
class Reading:
    """How a kind of roll is read: `need(state, roll, shifts)` the fewest shifts that change its
    outcome (None: nothing can), `finish(state, roll)` its outcome's events."""

    need: Callable[[ShipState, dict[str, Any], int], int | None]
    finish: Callable[[ShipState, dict[str, Any]], list[Event]]


READINGS: dict[str, Reading] = {}


def register(kind: str, reading: Reading) -> None:
    READINGS[kind] = reading


def start(
    state: ShipState, kind: str, ship: str, skill: int, dice: list[int], difficulty: int,
    *, target: str | None = None, hazardous: bool = False, ctx: dict[str, Any] | None = None,
    paid: list[str] | None = None,
) -> list[Event]:  # fmt: skip
    """Put a rolled crew roll in hand: it waits for invokes, or is read at once. (`paid`: the
    aspects already paid for on this roll, when it comes back to its side: the side-order
    roll.)"""
    state.roll = {
        "kind": kind, "ship": ship, "target": target, "skill": skill, "dice": list(dice),
        "difficulty": difficulty, "hazardous": hazardous, "bonus": 0, "invoked": [],
        "paid": list(paid or ()), "ctx": ctx or {},
    }  # fmt: skip
    return settle(state, rolled=True)


def shifts_of(roll: dict[str, Any]) -> int:
    dice = sum(int(d) for d in roll["dice"])
    return int(roll["skill"]) + dice + int(roll["bonus"]) - int(roll["difficulty"])


def open_invokes(state: ShipState) -> list[tuple[str, str]]:
    """The invokes the rolling ship may make on the roll in hand, as (aspect, payment): the one
    rule of what may be invoked aboard. Its own, its crew's, the scene's and (an attack) its
    target's aspects it can see (C4), with a free invoke it holds or a fate point of its crew
    (once per aspect per roll; a boost only with its free invoke: `core.invokes.refused`)."""
    roll = state.roll
    assert roll is not None
    ship = state.ships[roll["ship"]]
    owners = {None, ship.name, roll["target"], *(c.name for c in ship.crew)}
    points = ship.fate_points.current
    out: list[tuple[str, str]] = []
    for a in state.aspects:
        if a.free_for(ship.name) < 1 and (a.hidden or a.owner not in owners):
            continue
        for payment, word in ((Payment.FREE, "free"), (Payment.FATE_POINT, "fate_point")):
            if refused(a, ship.name, payment, points):
                continue
            if payment is Payment.FATE_POINT and a.name in roll["paid"]:
                continue
            out.append((a.name, word))
    return out


def free_held(state: ShipState, ship: str) -> int:
    """The free invokes `ship` could spend on a roll of its own: every one it holds, on any
    aspect (`open_invokes` offers an aspect whoever owns it once the ship holds a free invoke
    on it, C4). The odds shown before each of its rolls count these as spent while the roll
    fails (`core.odds`'s policy), as a character's odds count its own (`action_odds`)."""
    return sum(a.free_for(ship) for a in state.aspects.with_free_for(ship))


def invoke_need(state: ShipState) -> int | None:
    """The fewest shifts that change the roll's outcome, or None when none can."""
    roll = state.roll
    assert roll is not None
    return READINGS[roll["kind"]].need(state, roll, shifts_of(roll))


def invoke_gain(state: ShipState) -> int:
    """The most the ship's open invokes could add, spent together (free invokes +2 each, a fate
    point +2 per aspect while its crew's points last)."""
    roll = state.roll
    assert roll is not None
    ship = state.ships[roll["ship"]]
    points = ship.fate_points.current
    gain = 0
    for name, payment in open_invokes(state):
        if payment == "free":
            gain += INVOKE_BONUS * state.aspects.get(name).free_for(ship.name)
        elif points > 0:
            points -= 1
            gain += INVOKE_BONUS
    return gain


#: the side-order roll (`setup.side_order`): no roving points go on it (P6: the bid made
#: before the dice is the pool's part in it)
SIDE_ORDER: Final = "side_order"


def roving(state: ShipState) -> int:
    """P6: what is left of the rolling side's Tactics pool this exchange (none on the
    side-order roll)."""
    roll = state.roll
    assert roll is not None
    if roll["kind"] == SIDE_ORDER:
        return 0
    return state.pools.get(state.ships[roll["ship"]].side, 0)


def may_change(state: ShipState) -> bool:
    """Whether the ship's invokes and its side's roving Tactics points, spent together, could
    change the outcome: only then is its side asked (C4, P6)."""
    need = invoke_need(state)
    return need is not None and invoke_gain(state) + roving(state) >= need


def settle(state: ShipState, *, rolled: bool = False) -> list[Event]:
    """The roll in hand waits for its side while invokes could change the outcome (just
    `rolled`: the dice are told first to the sides that see the ship); otherwise it is read."""
    roll = state.roll
    if roll is not None and may_change(state):
        if not rolled:
            return []
        data = {"kind": roll["kind"], "ship": roll["ship"], "target": roll["target"],
                "skill": roll["skill"], "dice": list(roll["dice"]),
                "difficulty": roll["difficulty"], "shifts": shifts_of(roll),
                "crew": roll["ctx"].get("crew")}  # fmt: skip
        return [Event("ship_roll", data=data, visible_to=witnesses(state))]
    return finish(state)


def witnesses(state: ShipState) -> frozenset[str]:
    """The sides that read about the roll in hand (its dice, invokes, points): those that see
    the rolling ship and, for an attack, its target too (a side that has not detected the
    target learns nothing of it, P12)."""
    roll = state.roll
    assert roll is not None
    seen = state.seen_by(state.ships[roll["ship"]])
    target = state.ships.get(roll["target"] or "")
    return seen if target is None else seen & state.seen_by(target)


#: how an invoked aspect reads to a side that does not see whose it is
UNSEEN_ASPECT: Final = "an unseen aspect"


def seers(state: ShipState, name: str) -> frozenset[str]:
    """The sides that see whose aspect `name` is: the scene's, every side; a ship's or its
    crew's, the sides that see the ship (P12: a ship not detected is not named)."""
    owner = state.aspects.get(name).owner
    if owner is None:
        return frozenset(state.sides)
    ship = state.ships.get(owner) or next(
        (s for s in state.ships.values() if any(c.name == owner for c in s.crew)), None
    )
    return frozenset(state.sides) if ship is None else state.seen_by(ship)


def invoked_for(roll: dict[str, Any], side: str) -> list[str]:
    """The aspects invoked on `roll` as `side` reads them (`seers`, remembered as each was
    invoked: a boost is gone once invoked)."""
    seen = roll.get("seers") or {}
    return [a if side in seen.get(a, (side,)) else UNSEEN_ASPECT for a in roll["invoked"]]


def told(
    state: ShipState, roll: dict[str, Any], kind: str, data: dict[str, Any], seen: frozenset[str]
) -> list[Event]:
    """An event about `roll` for the sides in `seen`, each reading the invoked aspects by
    name only where it sees whose they are (`invoked_for`); one event when all read alike."""
    groups: dict[tuple[str, ...], set[str]] = {}
    for side in sorted(seen):
        groups.setdefault(tuple(invoked_for(roll, side)), set()).add(side)
    if len(groups) <= 1:
        return [Event(kind, data=data, visible_to=seen)]
    return [
        Event(kind, data={**data, "invoked": list(names)}, visible_to=frozenset(sides))
        for names, sides in groups.items()
    ]


def finish(state: ShipState) -> list[Event]:
    """The roll is read by its own rule (which may put the next roll in hand)."""
    roll = state.roll
    assert roll is not None
    state.roll = None
    return READINGS[roll["kind"]].finish(state, roll)
