"""What every craft's action shares: who acts, showing itself (T7), rolling and counting (T9).

An action of a craft (`CraftAction`) lists its choices for the unit whose turn it is
(`choices`), declares itself (`declare`: usually a roll, see `rolls.start_roll`), and once the
roll's invoke window has closed (C4) says what it did (`resolve`). The rule that refuses a
choice is the spec's `refusal`; its menu lists the candidates that pass it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from shiftdrive.core.errors import RuleError
from shiftdrive.core.odds import Odds, OddsQuery, odds
from shiftdrive.engine.actions import Action, ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.rulesets.tachyon.choices import kinds
from shiftdrive.rulesets.tachyon.detection import reveal, reveals
from shiftdrive.rulesets.tachyon.outcomes import C2_BANDS, Reading, roll_tie_succeeds, success_floor
from shiftdrive.rulesets.tachyon.positions import dist
from shiftdrive.rulesets.tachyon.rolls import RollPlan, plan_query, start_roll
from shiftdrive.rulesets.tachyon.sight import seen, who_sees
from shiftdrive.rulesets.tachyon.state import Roll, TachyonState, Unit
from shiftdrive.rulesets.tachyon.words import doing

if TYPE_CHECKING:
    from shiftdrive.core.dice import DiceSource
    from shiftdrive.engine.ruleset import Turn

UNIT: ParamKind = ParamKind.UNIT


class CraftAction(Action[TachyonState]):
    """An action a craft, flight, ship or gun takes in its phase."""

    #: the verb a refusal uses ("fire at"), for actions aimed at a unit
    verb: str = ""

    def choices(self, state: TachyonState, u: Unit) -> list[Choice]:
        """What `u` may choose of this action now (the menu)."""
        return []

    def options(self, state: TachyonState, turn: Turn) -> list[Choice]:
        return self.choices(state, state.units[turn.actor or ""])

    def refusal(self, state: TachyonState, u: Unit, choice: Choice) -> str | None:
        """The rule: None when `u` may make `choice`, else why not. The default accepts what
        the menu lists."""
        if any(choice.matches(c) for c in self.choices(state, u)):
            return None
        return f"{u.name} cannot {doing(self.name)} now"

    def check(self, state: TachyonState, turn: Turn, choice: Choice) -> str | None:
        return self.refusal(state, state.units[turn.actor or ""], choice)

    def apply(
        self, state: TachyonState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        u = state.units[turn.actor or ""]
        events: list[Event] = []
        if not u.detected and reveals(choice):  # (most craft are detected: asked first)
            a = choice.action
            events += reveal(state, u, "fire" in a or "launch" in a)
        events += self.declare(state, u, choice, dice)
        u.actions += 1  # T9: counted after its own roll, which sees only earlier actions
        return events

    def plan(self, state: TachyonState, u: Unit, choice: Choice) -> RollPlan | None:
        """The roll `u` makes with `choice` (None: it makes none). `declare` rolls it and
        `odds` prices it: one rule for both."""
        return None

    def declare(
        self, state: TachyonState, u: Unit, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        """Take the action: roll its plan (its window opens, `resolve` follows), or an action
        without a roll just does it (it overrides this)."""
        plan = self.plan(state, u, choice)
        if plan is None:
            raise RuleError(f"{self.name} has no declaration")
        return start_roll(state, dice, self.name, u, plan)

    def resolve(self, state: TachyonState, roll: Roll, dice: DiceSource) -> list[Event]:
        """What the roll did, once its invoke window has closed (C4)."""
        raise RuleError(f"cannot resolve {self.name!r}")

    def reads(self, state: TachyonState, roll: Roll) -> Reading:
        """What `resolve` reads from the roll's shifts (`outcomes.READS`): the invoke step asks
        a side only where an invoke could change it (C4). By default C2's four results."""
        return C2_BANDS[success_floor(state, roll)]

    def odds_query(self, state: TachyonState, u: Unit, choice: Choice) -> OddsQuery | None:
        """The roll `u` would make with `choice`, to price (None: it makes none): the chance
        of the outcome the action needs (`plan_query`)."""
        plan = self.plan(state, u, choice)
        return None if plan is None else plan_query(state, u, plan)

    def odds(self, state: TachyonState, turn: Turn, choice: Choice) -> Odds | None:
        u = state.units.get(turn.actor or "")  # no unit acts in the chatter (skip)
        query = None if u is None else self.odds_query(state, u, choice)
        return None if query is None else odds(query)


class AimedAction(CraftAction):
    """An action aimed at another unit (`target`): it must be seen, in the fight and an enemy
    (Wait and see waits for anyone), then the action's own rule (`refusal_at`)."""

    params: ClassVar[Mapping[str, ParamKind]] = kinds(target=UNIT)
    friendly: bool = False  # may aim at its own side

    def refusal(self, state: TachyonState, u: Unit, choice: Choice) -> str | None:
        name = choice.str_param("target")
        t = state.units.get(name)
        verb = self.verb
        if t is None or not seen(state, t, u.side):
            return f"{u.name} cannot {verb} {name}: not detected"
        if not t.active:
            return f"{u.name} cannot {verb} {t.name}: {t.name} is out of the fight"
        if t.side == u.side and not self.friendly:
            return f"{u.name} will not {verb} a friendly craft"
        reason = self.refusal_at(state, u, t, choice)
        if reason is not None:
            return reason
        return super().refusal(state, u, choice)

    def refusal_at(self, state: TachyonState, u: Unit, t: Unit, choice: Choice) -> str | None:
        """The action's own rule for this target (range, zone, system, ordnance)."""
        return None


def same_zone(u: Unit, t: Unit, verb: str) -> str | None:
    """Piloting against a craft happens in its zone."""
    if t.zone != u.zone:
        return f"{u.name} cannot {verb} {t.name}: {t.name} is in {t.zone}, not {u.zone}"
    return None


def in_range(state: TachyonState, u: Unit, t: Unit, reach: int) -> str | None:
    """Weapons reach `reach` zones."""
    d = dist(state, u.zone, t.zone)
    if d > reach:
        return (
            f"{u.name} cannot fire at {t.name}: {t.name} is {d} zone(s) away "
            f"and {u.name}'s weapons reach {reach}"
        )
    return None


def outcome(
    state: TachyonState, roll: Roll
) -> tuple[Unit, Unit | None, int, bool, frozenset[str] | None]:
    """A settled roll: the actor, its target (if a unit), the shifts, whether it succeeded
    (a tie succeeds against a fixed difficulty when the option says so) and who may see it."""
    u = state.units[roll.actor]
    s = roll.total - roll.opp
    ok = s > 0 or (s == 0 and roll_tie_succeeds(state, roll))
    t = state.units.get(roll.target or "")
    # `who_sees`, with the units in hand: open to all when both are detected.
    vis = None if u.detected and (t is None or t.detected) else who_sees(state, u.name, roll.target)
    return u, t, s, ok, vis


def event(kind: str, u: Unit, s: int, vis: frozenset[str] | None, **data: Any) -> Event:
    """An outcome's event: who acted, by how many shifts, and what came of it."""
    return Event(kind, data={"actor": u.name, "shifts": s, **data}, visible_to=vis)
