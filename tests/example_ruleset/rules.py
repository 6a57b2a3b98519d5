"""The duel on the ruleset contract: set-up, seats and turns, the action specs, the end, and
what leaves the engine (snapshot, views, secrets). The rules themselves live in the modules
named for them (helm, gunnery, order); the words in `words`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from example_ruleset import gunnery, helm, words
from example_ruleset.order import HELM, helm_turn
from example_ruleset.scenario import DuelScenario
from example_ruleset.state import Craft, DuelState
from shiftdrive.core.aspects import Aspect, AspectKind, AspectSet
from shiftdrive.core.consequences import ConsequenceSlots, Severity
from shiftdrive.core.dice import DiceSource
from shiftdrive.core.stress import StressTrack
from shiftdrive.engine.actions import Action
from shiftdrive.engine.events import GM, Event
from shiftdrive.engine.ruleset import Ending, Result, Ruleset, Seat, Sheet, Turn
from shiftdrive.engine.scenario import validate_model

MENUS: dict[str, tuple[str, ...]] = {
    HELM: ("move", "shoot", "concede"),
    gunnery.INVOKE: (gunnery.INVOKE, "pass"),
}


class Duel(Ruleset[DuelState, DuelScenario]):
    id = "tiny"
    title = "Tiny duel (the example ruleset)"
    actions: ClassVar[Mapping[str, Action[Any]]] = {
        "move": helm.Move(),
        "concede": helm.Concede(),
        "shoot": gunnery.Shoot(),
        "invoke": gunnery.Invoke(),
        "pass": gunnery.Pass(),
    }

    # --- set-up -------------------------------------------------------------------------------
    def load_scenario(self, data: Mapping[str, Any]) -> DuelScenario:
        return validate_model(DuelScenario, data)

    def setup(self, scenario: DuelScenario, dice: DiceSource) -> tuple[DuelState, list[Event]]:
        crafts: dict[str, Craft] = {}
        aspects = AspectSet()
        events = []
        for side in scenario.sides:
            m = side.craft
            crafts[m.name] = Craft(
                m.name, side.name, m.zone, m.guns, m.pilot,
                StressTrack.counting("hull", m.hull), ConsequenceSlots.of({Severity.MILD: 2}),
            )  # fmt: skip
            for name in m.aspects:
                aspects.add(Aspect(name, AspectKind.CHARACTER, owner=m.name))
            if m.reserve is not None:
                r = m.reserve
                reserve = Aspect(r.aspect, AspectKind.CHARACTER, owner=m.name, hidden=True)
                reserve.add_free(m.name, r.invokes)
                aspects.add(reserve)
                data = {"craft": m.name, "aspect": r.aspect, "invokes": r.invokes}
                events.append(Event("reserve", data=data, visible_to=frozenset({side.name})))
        state = DuelState(
            scenario.title, list(scenario.track), scenario.reach, scenario.rounds, crafts, aspects
        )
        crafts_data = [[c.name, c.side, c.zone] for c in crafts.values()]
        opening = Event(
            "duel", data={"title": scenario.title, "crafts": crafts_data}, visible_to=None
        )
        return state, [opening, *events]

    # --- the turn structure ---------------------------------------------------------------------
    def seats(self, state: DuelState) -> list[Seat]:
        return [Seat(c.side, c.side, (c.name,)) for c in state.crafts.values()]

    def turns(self, state: DuelState) -> list[Turn]:
        if self.result(state) is not None:
            return []
        if state.shot is not None:
            return gunnery.window(state)
        return [helm_turn(state)]

    def prompt(self, state: DuelState, turn: Turn) -> str:
        if turn.kind == gunnery.INVOKE and state.shot is not None:
            return f"{turn.actor}: invoke on the shot at {state.shot.shifts} shifts, or pass"
        return f"{turn.actor}: move, shoot or concede (round {state.round})"

    def menu(self, state: DuelState, turn: Turn) -> Sequence[str]:
        return MENUS.get(turn.kind, ())

    def result(self, state: DuelState) -> Result | None:
        for craft in state.crafts.values():
            winner = next(c.side for c in state.crafts.values() if c is not craft)
            if craft.taken_out:
                return Result(winner, f"{craft.name} is taken out", Ending.TAKEN_OUT)
            if craft.conceded:
                return Result(winner, f"{craft.name} concedes", Ending.CONCESSION)
        if state.round > state.rounds:
            return Result(None, f"{state.rounds} rounds fought to a draw", Ending.ROUND_LIMIT)
        return None

    # --- events in words -------------------------------------------------------------------------
    def describe(self, event: Event, seat: str) -> str:
        return words.describe(event, seat) or super().describe(event, seat)

    # --- what leaves the engine -----------------------------------------------------------------
    def snapshot(self, state: DuelState) -> dict[str, Any]:
        return state.to_json()

    def _sees(self, state: DuelState, aspect: Aspect, seat: str) -> bool:
        """Hidden aspects are seen by the GM and by the side of the craft they are on."""
        if not aspect.hidden or seat == GM:
            return True
        return aspect.owner in state.crafts and state.crafts[aspect.owner].side == seat

    def view(self, state: DuelState, seat: str) -> dict[str, Any]:
        return {
            "title": state.title,
            "track": list(state.track),
            "round": state.round,
            "crafts": [
                {
                    "name": c.name,
                    "side": c.side,
                    "zone": c.zone,
                    "guns": c.guns,
                    "pilot": c.pilot,
                    "hull": c.hull.render(),
                    "consequences": [x.aspect for x in c.consequences.taken()],
                    "taken_out": c.taken_out,
                    "conceded": c.conceded,
                }
                for c in state.crafts.values()
            ],
            "aspects": [a.to_json() for a in state.aspects if self._sees(state, a, seat)],
            "shot": state.shot.to_json() if state.shot else None,
        }

    def secrets(self, state: DuelState, seat: str) -> list[str]:
        return [a.name for a in state.aspects if not self._sees(state, a, seat)]

    # --- GM control -------------------------------------------------------------------------------
    def sheets(self, state: DuelState) -> dict[str, Sheet]:
        return {
            c.name: Sheet(c.name, c.side, None, {"hull": c.hull}, c.consequences)
            for c in state.crafts.values()
        }

    def aspects(self, state: DuelState) -> AspectSet:
        return state.aspects
