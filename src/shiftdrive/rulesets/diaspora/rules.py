"""diaspora on the ruleset contract: set-up, seats and turns, menus, the end, and what leaves
the engine. The rules live in the modules named for them (crew, damage, flow, phases/*); the
words in `words`, the views in `view`."""

from __future__ import annotations

from collections.abc import Container, Mapping, Sequence
from typing import Any, ClassVar, Final

from shiftdrive.core.aspects import Aspect, AspectKind, AspectSet
from shiftdrive.core.consequences import DIASPORA_VALUES, ConsequenceSlots
from shiftdrive.core.dice import DiceSource, ScriptedDice
from shiftdrive.core.errors import RuleError
from shiftdrive.core.fate_points import FatePoints
from shiftdrive.core.stress import StressTrack
from shiftdrive.engine.actions import Action
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import GM, Event
from shiftdrive.engine.ruleset import Result, Ruleset, Seat, Sheet, Tally, Turn
from shiftdrive.maps.bands import DIASPORA
from shiftdrive.rulesets.diaspora import (
    boosts,
    compels,
    contest,
    damage,
    flow,
    scenario,
    view,
    words,
)
from shiftdrive.rulesets.diaspora.phases import (
    beam,
    damage_control,
    detection,
    ew,
    position,
    torpedo,
)
from shiftdrive.rulesets.diaspora.scenario import DiasporaScenario
from shiftdrive.rulesets.diaspora.state import Crew, DiasporaState, Ship

CONCEDE: Final = damage.CONCEDE
MENUS: Final[dict[str, tuple[str, ...]]] = {
    detection.PLACE: (detection.PLACE, CONCEDE),
    detection.OPENING: (detection.OPENING,),
    detection.TIE: (detection.BREAK_TIE, contest.PASS),
    position.DRIVE: (position.BURN, position.DRIFT, CONCEDE),
    position.MOVE: (position.MOVE, position.HOLD),
    ew.HACK: (ew.HACK, position.HOLD, CONCEDE),
    beam.FIRE: (beam.FIRE, position.HOLD, CONCEDE),
    torpedo.LAUNCH: (torpedo.LAUNCH, position.HOLD, CONCEDE),
    torpedo.POINT_DEFENSE: (torpedo.POINT_DEFENSE, CONCEDE),  # C10: before the torpedo's roll
    damage_control.REPAIR: (damage_control.REPAIR, position.HOLD),
    damage.ABSORB: (damage.ABSORB, CONCEDE),
    CONCEDE: (CONCEDE, contest.PASS),  # C10: the window before another side's attack
    contest.INVOKE: (contest.INVOKE, contest.PASS),
    compels.COMPEL: (compels.COMPEL, contest.PASS),
    compels.ANSWER: (compels.ANSWER,),
}
NAMES: Final = {
    detection.PLACE: "Place a ship",
    detection.OPENING: "Choose turn 1's opening",
    detection.BREAK_TIE: "Spend a fate point to win the tie",
    position.BURN: "Declare burn",
    position.DRIFT: "Drives off (bleed Heat)",
    position.MOVE: "Move a ship",
    position.HOLD: "Hold",
    ew.HACK: "Electronic attack",
    beam.FIRE: "Fire beams",
    torpedo.LAUNCH: "Launch a torpedo",
    torpedo.POINT_DEFENSE: "Point defence",
    damage_control.REPAIR: "Damage control",
    damage.ABSORB: "Take consequences",
    contest.INVOKE: "Invoke an aspect",
    contest.PASS: "Pass",
    compels.COMPEL: "Compel an aspect",
    compels.ANSWER: "Answer the compel",
    CONCEDE: "Concede",
}
SECRET: Final = frozenset({position.BURN, position.DRIFT})


class Diaspora(Ruleset[DiasporaState, DiasporaScenario]):
    id = "diaspora"
    title = "Diaspora space combat"
    actions: ClassVar[Mapping[str, Action[Any]]] = {
        detection.PLACE: detection.Place(),
        detection.OPENING: detection.Opening(),
        detection.BREAK_TIE: detection.BreakTie(),
        position.BURN: position.Burn(),
        position.DRIFT: position.Drift(),
        position.MOVE: position.Move(),
        position.HOLD: position.Hold(),
        ew.HACK: ew.Hack(),
        beam.FIRE: beam.Fire(),
        torpedo.LAUNCH: torpedo.Launch(),
        torpedo.POINT_DEFENSE: torpedo.PointDefense(),
        damage_control.REPAIR: damage_control.Repair(),
        damage.ABSORB: damage.Absorb(),
        CONCEDE: damage.Concede(),
        contest.INVOKE: contest.Invoke(),
        contest.PASS: contest.Pass(),
        compels.COMPEL: compels.Compel(),
        compels.ANSWER: compels.Answer(),
    }

    # --- set-up -------------------------------------------------------------------------------
    def load_scenario(self, data: Mapping[str, Any]) -> DiasporaScenario:
        return scenario.load(data)

    def setup(
        self, scenario: DiasporaScenario, dice: DiceSource
    ) -> tuple[DiasporaState, list[Event]]:
        ships: dict[str, Ship] = {}
        aspects = AspectSet()
        for side in scenario.sides:
            for m in side.ships:
                ships[m.name] = Ship(
                    m.name, side.name,
                    {"v_shift": m.v_shift, "beam": m.beam, "torpedo": m.torpedo, "ew": m.ew},
                    {
                        "frame": StressTrack.cascading("frame", m.frame),
                        "data": StressTrack.cascading("data", m.data),
                        "heat": StressTrack.cascading("heat", m.heat),
                    },
                    ConsequenceSlots.of(DIASPORA_VALUES), list(m.stunts),
                    {c.name: Crew(c.name, dict(c.skills), list(c.stunts)) for c in m.crew},
                    dict(m.stations), FatePoints(m.fate_points, m.fate_points),
                )  # fmt: skip
                for name in m.aspects:
                    aspects.add(Aspect(name, AspectKind.CHARACTER, owner=m.name))
        state = DiasporaState(scenario.title, DIASPORA, ships, aspects, scenario.turns)
        state.reach = position.reaches(DIASPORA)
        data = {"title": scenario.title, "ships": [[s.name, s.side] for s in ships.values()]}
        events = [Event("fight", data)]
        compels.begin(state)  # D12: compels before the detection rolls
        events += flow.advance(state, dice)
        return state, events

    # --- the turn structure ---------------------------------------------------------------------
    def seats(self, state: DiasporaState) -> list[Seat]:
        return [
            Seat(side, side, tuple(s.name for s in state.ships.values() if s.side == side))
            for side in state.sides()
        ]

    def turns(self, state: DiasporaState) -> list[Turn]:
        memo = state.turns_memo  # asked several times per decision (see `flow.turns`)
        return memo if memo is not None else flow.turns(state)

    def waiting(self, state: DiasporaState) -> list[str]:
        """The base class's, on the remembered turns (asked after every choice)."""
        memo = state.turns_memo
        turns = memo if memo is not None else flow.turns(state)
        if len(turns) == 1:
            return [turns[0].seat]
        seats: list[str] = []
        for turn in turns:
            if turn.seat not in seats:
                seats.append(turn.seat)
        return seats

    def turn_of(self, state: DiasporaState, seat: str) -> Turn | None:
        """The base class's, on the remembered turns (the bot asks it every decision)."""
        memo = state.turns_memo
        for turn in memo if memo is not None else flow.turns(state):
            if turn.seat == seat:
                return turn
        return None

    def prompt(self, state: DiasporaState, turn: Turn) -> str:
        return words.prompt(view.prompt_data(state, turn))

    def standing(self, state: DiasporaState, seat: str) -> Sequence[str]:
        """The GM may compel any ship while a phase's compel window is open (D12)."""
        if seat == GM and compels.gm_may_compel(state):
            return (compels.COMPEL,)
        return ()

    def menu(self, state: DiasporaState, turn: Turn) -> Sequence[str]:
        return MENUS.get(turn.kind, ())

    def apply(
        self, state: DiasporaState, seat: str, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        """Every choice, then on through phases nobody has anything left to decide in. The
        phase's first choice that is not a compel closes its compel window (D12)."""
        if choice.action not in compels.WINDOW and state.compel_phase:
            # The remembered turns stay right: a choice outside the window is offered only in
            # a phase's own turns, which come after the window's and do not change with it.
            state.compel_phase = ""
        state.window_memo = None
        try:
            events = self._carry_out(state, seat, choice, dice)
            state.turns_memo = None  # the state has changed: `advance` works out whose turn it is
            return events + flow.advance(state, dice)
        except BaseException:
            state.turns_memo = state.window_memo = None
            raise

    def legal(
        self, state: DiasporaState, seat: str, only: Container[str] | None = None
    ) -> list[Choice]:
        """The base class's, on the remembered turns and the menus' table (the bot asks it
        every decision)."""
        out: list[Choice] = []
        if seat == GM:  # only the GM has standing choices (`standing`)
            for name in self.standing(state, seat):
                if only is None or name in only:
                    out.extend(self.actions[name].options(state, Turn(seat, name)))
        memo = state.turns_memo
        for turn in memo if memo is not None else flow.turns(state):
            if turn.seat == seat:
                for name, action in MENU_ACTIONS.get(turn.kind, ()):
                    if only is None or name in only:
                        out.extend(action.options(state, turn))
        return out

    def _carry_out(
        self, state: DiasporaState, seat: str, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        """The base class's `apply` (the action in `seat`'s open turn), on the remembered
        turns and the menus' table (every decision passes here)."""
        action = choice.action
        if seat == GM and action in self.standing(state, seat):  # (only the GM has any)
            return self.actions[action].apply(state, Turn(seat, action), choice, dice)
        memo = state.turns_memo
        for turn in memo if memo is not None else flow.turns(state):
            if turn.seat == seat and action in MENUS.get(turn.kind, ()):
                return self.actions[action].apply(state, turn, choice, dice)
        raise RuleError(f"{seat} cannot {action} now")

    def overridden(self, state: DiasporaState) -> list[Event]:
        """Whose turn it is is worked out again, and a boost the GM added is noted to expire
        like any other (C6, `boosts`). An override can take away the last means
        anyone had to invoke on an open attack (a fate point, a free invoke, an aspect): its
        window then has nobody in it, so the attack lands now (C4: the invokes come before the
        outcome; nobody is left to make one) and the fight goes on from there."""
        state.turns_memo = state.window_memo = None
        boosts.note(state)
        if state.contest is None:
            return []
        events = contest.settle(state)
        if contest.is_open(state):  # somebody may still invoke: the window stays open
            return events
        # No dice: an attack lands in EW, beam or torpedo, and moving on from there rolls none.
        return events + flow.advance(state, ScriptedDice())

    def result(self, state: DiasporaState) -> Result | None:
        """`flow.result`, remembered with whose turn it is (worked out in the same pass,
        forgotten with it; asked after every choice)."""
        if state.turns_memo is None:
            flow.turns(state)
        return state.result_memo

    def action_name(self, action: str) -> str:
        return NAMES.get(action, action.replace("_", " "))

    # --- words and what leaves the engine -------------------------------------------------------
    def describe(self, event: Event, seat: str) -> str:
        return words.describe(event, seat) or super().describe(event, seat)

    def snapshot(self, state: DiasporaState) -> dict[str, Any]:
        return state.to_json()

    def view(self, state: DiasporaState, seat: str) -> dict[str, Any]:
        return view.view(state, seat)

    def secrets(self, state: DiasporaState, seat: str) -> list[str]:
        return view.secrets(state, seat)

    def choice_visibility(
        self, state: DiasporaState, seat: str, choice: Choice
    ) -> frozenset[str] | None:
        """Burn declarations are secret until all are in (D15)."""
        return frozenset({seat}) if choice.action in SECRET else None

    # --- GM control -------------------------------------------------------------------------------
    def sheets(self, state: DiasporaState) -> dict[str, Sheet]:
        return {
            s.name: Sheet(s.name, s.side, s.fate_points, dict(s.tracks), s.consequences)
            for s in state.ships.values()
        }

    def aspects(self, state: DiasporaState) -> AspectSet:
        return state.aspects

    # --- balancing ------------------------------------------------------------------------------
    def tally(self, state: DiasporaState) -> list[Tally]:
        """How each ship left the fight (D14: destroyed, conceded, off the map), its marked
        boxes, consequences and fate points spent."""
        return [
            Tally(
                name=s.name,
                side=s.side,
                taken_out=s.out == "destroyed",
                conceded=s.out == "conceded",
                bugged_out=s.out == "off the map",
                damage=sum(t.marked_count for t in s.tracks.values()),
                consequences=len(s.consequences.taken()),
                fate_points_spent=s.fate_points.spent,
            )
            for s in state.ships.values()
        ]


#: `MENUS` with each name's action, looked up once (`legal` walks a menu every decision).
MENU_ACTIONS: Final = {
    kind: tuple([(name, Diaspora.actions[name]) for name in names]) for kind, names in MENUS.items()
}
