"""A character's turn besides attacks (seed "Action", P10): moving up to its running speed on
the hex map (walk / trot / run), after which only an attack may follow; reloading, an
insignificant action that leaves the turn open; holding (ending the turn)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar, Final

from shiftdrive.conflict.exchange import HostedAction
from shiftdrive.core.errors import RuleError
from shiftdrive.engine.actions import Action, ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.maps.errors import MapError
from shiftdrive.maps.hexgrid import Hex
from shiftdrive.maps.paths import cheapest
from shiftdrive.rulesets.pilot_wave.board import occupied, walks, weapon_of, where
from shiftdrive.rulesets.pilot_wave.catalog import gait, move_shift, run_speed, vehicle_speed
from shiftdrive.rulesets.pilot_wave.order import end_turn, entry_for
from shiftdrive.rulesets.pilot_wave.state import Fighter, PilotWaveState
from shiftdrive.rulesets.pilot_wave.view import move_seen_by

if TYPE_CHECKING:
    from shiftdrive.core.dice import DiceSource
    from shiftdrive.engine.ruleset import Turn

MOVE_PARAMS: Final = {"to": ParamKind.HEX}
#: `routes` weighs a step's movement cost this many times over the hex it enters, so one walk
#: finds the cheapest way and, of equally cheap ones, the one through the fewest hexes (far
#: more hexes than any speed reaches)
STEP_WEIGHT: Final = 1 << 20


def speed(state: PilotWaveState, f: Fighter) -> int:
    """P10: running speed on foot; a vehicle's kph."""
    if f.kph:
        return vehicle_speed(f.kph, state.scale)
    return run_speed(f.physique, state.scale)


def gait_of(state: PilotWaveState, f: Fighter, hexes: int) -> str:
    return "drives" if f.kph else gait(hexes, f.physique, state.scale)


def reachable(state: PilotWaveState, f: Fighter) -> dict[Hex, int]:
    """P10: the hexes `f` can reach this turn (up to its speed, around walls and people)."""
    return dict(destinations(state, f))


def destinations(state: PilotWaveState, f: Fighter) -> Sequence[tuple[Hex, int]]:
    """`reachable` with what each hex costs, in the menu's order (cheapest first, then by
    hex): the map's walk from where `f` stands, less that hex."""
    start = where(f)
    walk = walks(state).reach_order(start, speed(state, f), occupied(state, f.name))
    return walk[1:] if walk and walk[0][0] == start else walk


def routes(state: PilotWaveState, f: Fighter) -> dict[Hex, tuple[int, int]]:
    """P10: each hex `f` can reach this turn, with what the way there costs of its speed and
    how many hexes it enters: the cheapest way, and of equally cheap ones the one through the
    fewest hexes. Rough ground costs 2 of the speed but is one hex moved (the movement shift
    counts hexes moved)."""
    start = where(f)
    blocked = occupied(state, f.name)
    table = walks(state).steps

    def steps(h: Hex) -> Iterator[tuple[Hex, int]]:
        for n, cost in table(h):
            if n not in blocked:
                yield n, cost * STEP_WEIGHT + 1

    budget = speed(state, f) * STEP_WEIGHT + STEP_WEIGHT - 1
    found = cheapest(start, steps, budget)[0]
    return {h: divmod(w, STEP_WEIGHT) for h, w in found.items() if h != start}


def hexes_to(state: PilotWaveState, f: Fighter, h: Hex) -> int:
    """The hexes `f` moves to reach `h` (one of `destinations`), by `routes`."""
    return routes(state, f)[h][1]


def cost_to(state: PilotWaveState, f: Fighter, h: Hex) -> int | None:
    """What moving to `h` costs `f` this turn (None: out of reach), read off the walk."""
    for to, cost in destinations(state, f):
        if to == h:
            return cost
    return None


def move_choice(state: PilotWaveState, f: Fighter, h: Hex, cost: int, hexes: int) -> Choice:
    """A move to `h` (`hexes` hexes, `cost` of the speed) as the menu lists it."""
    dear = f", {cost} of its speed" if cost != hexes else ""
    label = f"Move to {h} ({hexes} hex(es), {gait_of(state, f, hexes)}{dear})"
    return Choice.of("move", to=str(h), label=label)


class Move(Action[PilotWaveState]):
    """Move any number of hexes up to speed; an attack may follow in the same turn."""

    name = "move"
    params: ClassVar[Mapping[str, ParamKind]] = MOVE_PARAMS

    def options(self, state: PilotWaveState, turn: Turn) -> list[Choice]:
        f = state.fighters[turn.actor or ""]
        ways = routes(state, f)
        return [move_choice(state, f, h, cost, ways[h][1]) for h, cost in destinations(state, f)]

    def check(self, state: PilotWaveState, turn: Turn, choice: Choice) -> str | None:
        f = state.fighters[turn.actor or ""]
        try:
            h = Hex.parse(choice.str_param("to"))
        except MapError as exc:
            return str(exc)
        if cost_to(state, f, h) is not None:
            return None
        return (
            f"{f.name} cannot reach {h} this turn "
            f"(speed {speed(state, f)} hexes, around walls and people)"
        )

    def apply(
        self, state: PilotWaveState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        f = state.fighters[turn.actor or ""]
        entry = entry_for(state, f.name)
        h = Hex.parse(choice.str_param("to"))
        way = routes(state, f).get(h)
        if way is None:
            raise RuleError(f"{f.name} cannot reach {h} this turn")
        cost, hexes = way
        f.zone = str(h)
        f.moved += hexes  # P10: the shift counts hexes moved, not what they cost
        entry.moved = True
        data = {
            "who": f.name,
            "to": f.zone,
            "hexes": hexes,
            "cost": cost,
            "gait": gait_of(state, f, hexes),
            "shift": move_shift(f.moved),
        }
        return [Event("move", data=data, visible_to=move_seen_by(state, f))]


class Reload(Action[PilotWaveState]):
    """Reloading is insignificant: the magazine is full again and the turn goes on."""

    name = "reload"

    def options(self, state: PilotWaveState, turn: Turn) -> list[Choice]:
        f = state.fighters[turn.actor or ""]
        weapon = weapon_of(state, f)
        if not weapon.ranged or f.rounds >= weapon.rounds:
            return []
        return [
            Choice.of(
                "reload",
                label=f"Reload the {weapon.name} ({f.rounds}/{weapon.rounds} rounds; free)",
            )
        ]

    def apply(
        self, state: PilotWaveState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        f = state.fighters[turn.actor or ""]
        entry_for(state, f.name)
        f.rounds = weapon_of(state, f).rounds
        return [Event("reload", data={"who": f.name, "rounds": f.rounds}, visible_to=None)]


class Hold(HostedAction[PilotWaveState]):
    """End the turn with no (further) action."""

    name = "hold"

    def options(self, state: PilotWaveState, turn: Turn) -> list[Choice]:
        label = "End the turn" if state.moved_now else "Hold (no action this turn)"
        return [Choice.of("hold", label=label)]

    def apply(
        self, state: PilotWaveState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        return [Event("hold", data={"who": turn.actor}, visible_to=None), *end_turn(state)]
