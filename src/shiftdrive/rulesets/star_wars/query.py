"""What a bot or a user interface may ask of a star_wars conflict beyond the ruleset's
contract: the roll's standing, enemies and allies, distances, who has yet to act, and how
dangerous a character is (for picking the next actor, S1)."""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping

from shiftdrive.conflict.invokes import PASS as PASS
from shiftdrive.conflict.invokes import InvokeAspect, invoke_choice
from shiftdrive.conflict.roll import Roll, totals
from shiftdrive.core.consequences import Severity
from shiftdrive.engine.choices import Choice, Kept
from shiftdrive.engine.ruleset import Turn
from shiftdrive.maps.zones import ZoneMap
from shiftdrive.rulesets.star_wars import popcorn
from shiftdrive.rulesets.star_wars.characters import HOST, zone_map
from shiftdrive.rulesets.star_wars.dogfight import tailed_by
from shiftdrive.rulesets.star_wars.duel import CUTS, VICTORY
from shiftdrive.rulesets.star_wars.hyperspace import disabling, fitted, hyperdrive_trouble
from shiftdrive.rulesets.star_wars.state import ACTIVE, Character, StarWarsState

#: the library's invoke spec on this ruleset's host (what the invoke menu lists)
INVOKES: InvokeAspect[StarWarsState] = InvokeAspect(HOST)


def roll_in_hand(state: StarWarsState) -> Roll | None:
    return state.roll


def standing(state: StarWarsState) -> tuple[int, int]:
    """The roll in hand's total and opposition so far (invokes included)."""
    assert state.roll is not None
    return totals(state, state.roll)


def open_invokes(
    state: StarWarsState, turn: Turn, *, fate_points: bool = True
) -> Iterator[tuple[str, str, str, str]]:
    """The invokes open in `turn` (the invoke window) as (aspect, effect, payment, by), in
    the order the menu lists them, without building the menu (`fate_points=False`: the free
    ones only, in the same order)."""
    return INVOKES.open_invokes(state, turn, fate_points=fate_points)


#: each invoke's choice by the invoke, all it is made of
_INVOKES: Kept[tuple[str, str, str, str]] = Kept()


def as_choice(invoke: tuple[str, str, str, str]) -> Choice:
    """One of `open_invokes` as the choice the menu lists."""
    found = _INVOKES.get(invoke)
    if found is None:
        found = _INVOKES.keep(invoke, invoke_choice(*invoke))
    return found


def enemies(state: StarWarsState, name: str) -> list[Character]:
    side = state.fighters[name].side
    found: list[Character] = []
    for e in state.units:  # (`state.active()`, read in the same pass)
        if e.side != side and e.status == ACTIVE:
            found.append(e)
    return found


def enemy_zones(state: StarWarsState, name: str) -> set[str]:
    """The zones where `name`'s enemies in the fight are (read from the units anyone may act
    on, `StarWarsState.foes`: a crew is where its vehicle is)."""
    found: set[str] = set()
    for e in state.foes[state.fighters[name].side]:
        if e.status == ACTIVE:
            found.add(e.zone)
    return found


def allies(state: StarWarsState, name: str) -> list[Character]:
    """`name`'s side still in the fight, `name` included (a list of the caller's own)."""
    return list(state.active(state.fighters[name].side))


def distance(state: StarWarsState, a: str, b: str) -> int | None:
    return zone_map(state).distance(a, b)


def zones(state: StarWarsState) -> ZoneMap:
    """The battle's zone map (for many distances in a row: it keeps each one)."""
    return zone_map(state)


def interrupters(state: StarWarsState, seat: str) -> list[str]:
    """Who of `seat` may interrupt the actor now (S1), in the order the menu offers them."""
    return popcorn.interrupters(state, seat)


def yet_to_act(state: StarWarsState) -> list[str]:
    """Who has not acted this round (the current actor aside)."""
    return state.order.waiting()


def threat(state: StarWarsState, name: str) -> int:
    """How hard `name` hits: its best attack skill's rating (remembered for the scenario)."""
    found = threats(state).get(name)
    if found is None:  # (one who takes no turns)
        found = state.threat_memo[name] = _rating(state, name)
    return found


def threats(state: StarWarsState) -> Mapping[str, int]:
    """`threat` of everyone who takes turns (every person: vehicles never act), by name:
    worked out for all of them at the first ask, out of the fight or not (the memo serves
    every battle of the scenario), so a bot weighing every name reads them without a call
    each."""
    memo = state.threat_memo
    if not memo:
        for f in state.units:
            if not f.is_vehicle:
                memo[f.name] = _rating(state, f.name)
    return memo


def strongest_first(state: StarWarsState) -> list[str]:
    """Everyone who takes turns, the most threatening first (`threat`; of equals, the name
    that sorts last first), worked out at the first ask for the scenario: a bot picking the
    strongest of some reads down it to the first of them. Read it, never change it."""
    memo = state.ranked_memo
    if not memo:
        threat = threats(state)
        memo.extend(sorted(threat, key=lambda name: (threat[name], name), reverse=True))
    return memo


def _rating(state: StarWarsState, name: str) -> int:
    f = state.fighters[name]
    return max([f.skill(s) for s in HOST.attack_skills(state, f)])


def free_invokes(state: StarWarsState, name: str) -> int:
    """The free invokes `name` holds, all told."""
    held = 0
    for a in state.aspects.holding_free():
        held += a.free_for(name)
    return held


def helped_allies(state: StarWarsState) -> Collection[str]:
    """Whom allies have promised help (S13) not yet spent (most often nobody: no list made)."""
    helps = state.helps
    return [h.ally for h in helps] if helps else ()


def points_to_lose(state: StarWarsState, loser: str) -> int:
    """How many more victory points the duellist's opponent needs to take it out (S2)."""
    duel = state.duel_of(loser)
    assert duel is not None
    return VICTORY - duel.points[duel.other(loser)]


def duel_gain(state: StarWarsState) -> int:
    """The victory points the duel round in hand would give its winner."""
    return state.duel_gain


def cut_of(severity: str) -> int:
    """What a consequence of `severity` cuts from a duel round's gain (S2)."""
    return CUTS[Severity(severity)]


def has_hyperdrive(state: StarWarsState, name: str) -> bool:
    """Whether `name` is aboard a ship the scenario gives a hyperdrive (S6), working or not."""
    ship = state.fighters[name].vehicle
    return ship is not None and fitted(state, ship)


def hyperdrive_damage(state: StarWarsState, name: str) -> str | None:
    """The consequence that puts the hyperdrive of `name`'s ship out (S6), if the ship has a
    hyperdrive and has taken one: what a repair would mend so that it may jump (S9)."""
    if not has_hyperdrive(state, name):
        return None
    taken = disabling(state.fighters[state.fighters[name].vehicle or ""])
    return taken.aspect if taken is not None else None


def runs_for_hyperspace(state: StarWarsState, name: str) -> bool:
    """Whether `name` pilots a ship whose hyperdrive works (it may want distance, S6)."""
    f = state.fighters[name]
    ship = state.fighters[f.vehicle] if f.vehicle and f.station == "pilot" else None
    return ship is not None and hyperdrive_trouble(state, ship) is None


def on_six(state: StarWarsState, pursuer: str, tailed: str) -> bool:
    """Whether the fighter `pursuer` is on `tailed`'s six (S5)."""
    return tailed_by(state, tailed, pursuer)
