"""Damage on the cascading tracks (C8b): a hit waits for the ship's player to choose
consequences (D5: mild 1, moderate 2, severe 4, one of each, shared by all three tracks), then
marks the track; a hit past the last box of any track takes the ship out (D14). Conceding is
here too: a side gives up its ships (C10, D14), in its own decisions or, C10's "at any time
before a roll is made against you", in a window of its own while another side's ship is about
to declare an attack (`before_the_roll`)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from itertools import combinations
from typing import ClassVar, Final

from shiftdrive.core.aspects import Aspect, AspectKind
from shiftdrive.core.consequences import Severity
from shiftdrive.core.dice import DiceSource
from shiftdrive.core.fate_points import EarnReason, concession_award
from shiftdrive.engine.actions import Action, ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import Turn
from shiftdrive.rulesets.diaspora.choices import made, made_window
from shiftdrive.rulesets.diaspora.phases import sequence
from shiftdrive.rulesets.diaspora.state import DiasporaState, Hit, Ship

ABSORB: Final = "absorb"
NONE: Final = "none"
CONCEDE: Final = "concede"
CONCEDING: Final = made(CONCEDE)  # made once: listed in most menus
#: What a consequence on each track is called (the aspect the ship carries).
_NAMES: Final = {"frame": "Buckled Frame", "data": "Corrupted Data", "heat": "Overheated Drives"}


def ways(ship: Ship, shifts: int) -> tuple[tuple[Severity, ...], ...]:
    """The sets of free consequences the ship may take against a hit of `shifts` (D5): none,
    or any set in which every consequence is needed (dropping the smallest would reduce less
    than the set does, so no consequence is wasted)."""
    return _ways(_free(ship), shifts)


def _free(ship: Ship) -> tuple[tuple[Severity, int], ...]:
    """The ship's free consequences and their values."""
    slots = ship.consequences.slots
    out = []  # a plain loop: asked twice for every hit
    for severity, value in ship.consequences.values.items():
        if slots[severity] is None:
            out.append((severity, value))
    return tuple(out)


@lru_cache(maxsize=1024)
def _ways(free: tuple[tuple[Severity, int], ...], shifts: int) -> tuple[tuple[Severity, ...], ...]:
    """`ways` for free consequences of these values, worked out once per set and hit."""
    out: list[tuple[Severity, ...]] = [()]
    for size in range(1, len(free) + 1):
        for combo in combinations(free, size):
            parts = [value for _, value in combo]
            if sum(parts) - min(parts) < shifts:
                out.append(tuple(severity for severity, _ in combo))
    return tuple(out)


@lru_cache(maxsize=1024)
def _choices(free: tuple[tuple[Severity, int], ...], shifts: int) -> tuple[Choice, ...]:
    """The choices of `ways`, made once per set of free consequences and hit."""
    return tuple([made(ABSORB, taking=way_text(c)) for c in _ways(free, shifts)])


def way_text(combo: tuple[Severity, ...]) -> str:
    return "+".join(combo) or NONE  # a severity is the string of its value


@lru_cache(maxsize=64)
def way_of(text: str) -> tuple[Severity, ...]:
    """The consequences a `taking` names (`way_text` read back; the check has vouched for it)."""
    return () if text == NONE else tuple(Severity(v) for v in text.split("+"))


def absorbable(ship: Ship) -> int:
    """The most shifts the ship's free consequences could take off one hit (D5: all of them
    at once)."""
    return sum(value for _, value in _free(ship))


def reduction(ship: Ship, combo: tuple[Severity, ...]) -> int:
    values = ship.consequences.values
    total = 0  # a plain loop: the bot asks this for every way it weighs
    for severity in combo:
        total += values[severity]
    return total


def deal(
    state: DiasporaState, ship: Ship, track: str, shifts: int, cause: str, by: str = ""
) -> list[Event]:
    """A hit of `shifts` on `track` (dealt by ship `by`, if any): it waits for the ship's
    player's consequences when the ship has any to take, else it is marked at once."""
    if shifts <= 0 or not ship.fighting:
        return []
    hit = Hit(ship.name, track, shifts, cause, by)
    if ship.consequences.free():
        state.hits.append(hit)
        return []
    return mark(state, hit, ())


def mark(state: DiasporaState, hit: Hit, combo: tuple[Severity, ...]) -> list[Event]:
    """Take the chosen consequences, mark what is left (C8b); past the last box the ship is
    out (D14)."""
    ship = state.ships[hit.ship]
    names = []
    for severity in combo:
        name = state.aspects.unique_name(_NAMES[hit.track])
        ship.consequences.take(severity, name)
        aspect = state.aspects.add(Aspect(name, AspectKind.CONSEQUENCE, owner=ship.name))
        if hit.by:
            aspect.add_free(hit.by)  # C9: whoever inflicted it gets a free invoke
        names.append(name)
    left = max(0, hit.shifts - reduction(ship, combo))
    track = ship.tracks[hit.track]
    destroyed = track.take_hit(left) if left else False
    if destroyed:
        ship.out = "destroyed"
    data = {
        "ship": ship.name, "track": hit.track, "shifts": hit.shifts, "cause": hit.cause,
        "consequences": names, "marked": left, "destroyed": destroyed,
        "boxes": list(track.boxes), "checked": list(track.marked),
    }  # fmt: skip
    return [Event("damage", data)]


class Absorb(Action[DiasporaState]):
    """Choose consequences against the hit waiting on your ship (D5), or none."""

    name = ABSORB
    params: ClassVar[Mapping[str, ParamKind]] = {"taking": ParamKind.OPTION}

    def options(self, state: DiasporaState, turn: Turn) -> list[Choice]:
        hit = state.hits[0]
        return list(_choices(_free(state.ships[hit.ship]), hit.shifts))

    def apply(
        self, state: DiasporaState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        hit = state.hits.pop(0)
        return mark(state, hit, way_of(choice.str_param("taking")))


def before_the_roll(state: DiasporaState, turns: list[Turn]) -> list[Turn]:
    """A weapon phase's declaring turn (`turns`: it or none), and after it a concede window
    (C10) for each other side still in the fight that has not let this declaration come: its
    attack is the roll about to be made against them. Optional: nobody waits on it, and the
    declaration made closes it (the roll is on the table)."""
    if not turns:
        return turns
    turn = turns[0]
    out = [turn]
    asked = [turn.seat]  # sides listed (a plain loop: every declaration of every phase)
    passed = state.concede_passed
    for ship in state.ships.values():
        side = ship.side
        if ship.fighting and side not in asked:
            asked.append(side)
            if not passed or f"{side}/{turn.actor}" not in passed:
                out.append(made_window(side, CONCEDE, None))
    return out


def declaring(state: DiasporaState) -> str:
    """The ship whose declaration a concede window is open before (the weapon phases'
    declaring turn: `sequence.first_in_line`)."""
    ship = sequence.first_in_line(state)
    return "" if ship is None else ship.name


def fight_on(state: DiasporaState, turn: Turn) -> list[Event]:
    """`turn`'s side passes its concede window: it lets this declaration come."""
    ship = declaring(state)
    state.concede_passed.append(f"{turn.seat}/{ship}")
    return [Event("fights_on", {"side": turn.seat, "ship": ship})]


class Concede(Action[DiasporaState]):
    """Your side gives up the fight: its ships leave (C10, D14), each earning a fate point and
    one more per consequence it took in this conflict (C7)."""

    name = CONCEDE

    def options(self, state: DiasporaState, turn: Turn) -> list[Choice]:
        return [CONCEDING]

    def apply(
        self, state: DiasporaState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        ships = [s for s in state.fighting() if s.side == turn.seat]
        earned: dict[str, int] = {}
        for ship in ships:
            ship.out = "conceded"
            n = concession_award(ship.consequences.count_taken_in_conflict())
            ship.fate_points.earn(EarnReason.CONCESSION, n)
            earned[ship.name] = n
        state.hits = [h for h in state.hits if state.ships[h.ship].fighting]
        data = {"side": turn.seat, "ships": [s.name for s in ships], "fate_points": earned}
        return [Event("conceded", data)]
