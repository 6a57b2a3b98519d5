"""Duels (S2, S8): two characters in a formal 1:1 fight run a contest inside the popcorn round.

One duel round is the turn of the duellist who is picked to act, and it counts as both
duellists' actions this round. The actor picks the skill it contests with, the opponent its
own; both roll, the invoke window follows (C4); the higher total wins the round: 1 victory
point, or with style (by 3+) the winner's choice of 2 points or 1 point and a boost. A tie
scores nothing (C11's twist is the GM's to narrate). After the dice and invokes the loser may
cut the gain by 1 with a mild consequence, by 2 with a moderate or severe one. Three points
take the opponent out.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar, Final

from shiftdrive.conflict.exchange import HostedAction, RollAction
from shiftdrive.conflict.host import TAKEN_OUT, Host
from shiftdrive.conflict.roll import Roll, add_boost, boost_event, close, expire_boosts, priced
from shiftdrive.core.aspects import Aspect, AspectKind
from shiftdrive.core.consequences import Severity
from shiftdrive.core.outcomes import Outcome, outcome_of
from shiftdrive.engine.actions import ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.rulesets.star_wars.skills import ATTACKS, UNARMED
from shiftdrive.rulesets.star_wars.state import StarWarsState, made

if TYPE_CHECKING:
    from shiftdrive.core.dice import DiceSource
    from shiftdrive.core.odds import Odds
    from shiftdrive.engine.ruleset import Turn

DUEL: Final = "duel"
#: S2: victory points that take the opponent out
VICTORY: Final = 3
#: S2: what a consequence the loser takes cuts from the winner's gain
CUTS: Final = {Severity.MILD: 1, Severity.MODERATE: 2, Severity.SEVERE: 2}
STYLE: Final = "duel_style"
CUT: Final = "duel_cut"
SKILL_PARAMS: Final = {"skill": ParamKind.SKILL}
CUT_PARAMS: Final = {"severity": ParamKind.OPTION, "name": ParamKind.TEXT}


def duel_skills(state: StarWarsState, name: str) -> list[str]:
    """S8: the skills a duellist may contest with: its fighting skills and any rated Average
    or better (best first)."""
    f = state.fighters[name]
    rated = [s for s, v in f.skills.items() if v >= 1]
    skills = list(dict.fromkeys([*rated, *(s for s in ATTACKS if f.skill(s) >= 1), UNARMED]))
    return sorted(skills, key=lambda s: (-f.skill(s), s))


def _award(host: Host[Any], state: StarWarsState) -> list[Event]:
    """The round's gain goes to the winner; three points take the opponent out (S2); the
    round was both duellists' action (S8)."""
    roll = state.roll
    winner = state.duel_winner or ""
    duel = state.duel_of(winner)
    assert duel is not None and roll is not None
    loser = duel.other(winner)
    duel.points[winner] += state.duel_gain
    points = duel.points[winner]
    data = {"who": winner, "gain": state.duel_gain, "points": points, "against": loser}
    events = [Event("victory_points", data=data, visible_to=None)]
    state.duel_winner = None
    state.duel_gain = 0
    if points >= VICTORY:
        state.set_status(state.fighters[loser], TAKEN_OUT)
        events.append(Event("taken_out", data={"who": loser, "by": winner}, visible_to=None))
    return events + _done(host, state)


def _done(host: Host[Any], state: StarWarsState) -> list[Event]:
    """The duel round is both duellists' action this round (S8): it ends the actor's turn,
    and it was the other duellist's turn too, so the other's older boosts fade with it (C6:
    at the end of the holder's next turn; else a duellist never picked to act keeps them),
    and so does the help promised to it (S13: it lapses as the ally's next turn ends)."""
    roll = state.roll
    assert roll is not None
    other = roll.target or ""
    state.order.mark_acted(other)
    if other in state.resume:  # an interrupted duellist's turn was this round
        state.resume.remove(other)
    if state.helps:
        state.help_lapses(other)
    return expire_boosts(state, other) + close(host, state)


def _to_cut_or_award(host: Host[Any], state: StarWarsState) -> list[Event]:
    """Offer the loser the cut (S2) when it has a slot that could pay for it."""
    winner = state.duel_winner or ""
    duel = state.duel_of(winner)
    assert duel is not None and state.roll is not None
    loser = state.fighters[duel.other(winner)]
    if any(s in CUTS for s in loser.consequences.free()):
        state.roll.stage = CUT
        return []
    return _award(host, state)


@lru_cache(maxsize=1024)
def _duel_with(other: str, skill: str) -> Choice:
    """A duel round against `other` with `skill` (made once per pair: a choice is a value)."""
    return made("duel", f"Duel {other} with {skill}", skill=skill)


class DuelRound(RollAction[StarWarsState]):
    """A duellist's turn: a contest round with the other duellist (S8)."""

    name = DUEL
    params: ClassVar[Mapping[str, ParamKind]] = SKILL_PARAMS

    def options(self, state: StarWarsState, turn: Turn) -> list[Choice]:
        actor = turn.actor or ""
        duel = state.duel_of(actor)
        if duel is None:
            return []
        other = duel.other(actor)
        return [_duel_with(other, s) for s in duel_skills(state, actor)]

    def apply(
        self, state: StarWarsState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        actor = turn.actor or ""
        duel = state.duel_of(actor)
        assert duel is not None
        other = duel.other(actor)
        skill = choice.str_param("skill")
        state.roll = Roll(action=DUEL, actor=actor, skill=skill, target=other, stage="defend")
        data = {"action": DUEL, "who": actor, "target": other, "skill": skill}
        return [Event("declare", data=data, visible_to=None)]

    def odds(self, state: StarWarsState, turn: Turn, choice: Choice) -> Odds | None:
        actor = state.fighters[turn.actor or ""]
        duel = state.duel_of(actor.name)
        assert duel is not None
        other = state.fighters[duel.other(actor.name)]
        best = max(other.skill(s) for s in duel_skills(state, other.name))
        skill = choice.str_param("skill")
        return priced(self.host, state, DUEL, actor, skill, other.name, opposed=best)

    def resolve(
        self, state: StarWarsState, roll: Roll, shifts: int, outcome: Outcome
    ) -> list[Event]:
        """C11 read from the actor's side: the higher total wins the round."""
        if shifts == 0:
            data = {"who": roll.actor, "against": roll.target}
            return [Event("duel_tie", data=data, visible_to=None), *_done(self.host, state)]
        winner = roll.actor if shifts > 0 else roll.target or ""
        state.duel_winner = winner
        state.duel_gain = 1
        if outcome_of(abs(shifts)) is Outcome.STYLE:
            roll.stage = STYLE
            return []
        return _to_cut_or_award(self.host, state)


class StyleChoice(HostedAction[StarWarsState]):
    """S2: a round won with style is worth two points, or one point and a boost."""

    params: ClassVar[Mapping[str, ParamKind]] = {}

    def __init__(self, host: Host[Any], boost: bool) -> None:
        super().__init__(host)
        self.boost = boost
        self.name = "point_and_boost" if boost else "two_points"

    def options(self, state: StarWarsState, turn: Turn) -> list[Choice]:
        label = "One victory point and a boost" if self.boost else "Two victory points"
        return [Choice.of(self.name, label=label)]

    def apply(
        self, state: StarWarsState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        winner = state.duel_winner or ""
        events: list[Event] = []
        if self.boost:
            boost = add_boost(state, f"{winner}'s Flourish", winner)
            events.append(boost_event(winner, boost, "duel style"))
        else:
            state.duel_gain = 2
        return events + _to_cut_or_award(self.host, state)


class CutGain(HostedAction[StarWarsState]):
    """S2: the loser takes a consequence to cut the winner's gain (mild 1, moderate or
    severe 2), after the dice and invokes (S8)."""

    name = "cut"
    params: ClassVar[Mapping[str, ParamKind]] = CUT_PARAMS

    def options(self, state: StarWarsState, turn: Turn) -> list[Choice]:
        loser = state.fighters[turn.actor or ""]
        out: list[Choice] = []
        for sev in loser.consequences.free():
            cut = CUTS.get(sev)
            if cut is None:
                continue
            name = state.aspects.unique_name(f"{loser.name} Outmatched")
            after = max(0, state.duel_gain - cut)
            out.append(
                Choice.of(
                    "cut", severity=sev.value, name=name, free=("name",),
                    label=f"Take a {sev.value} consequence: {state.duel_winner} gains {after}",
                )
            )  # fmt: skip
        return out

    def check(self, state: StarWarsState, turn: Turn, choice: Choice) -> str | None:
        name = choice.str_param("name").strip()
        if name in state.aspects:
            return f"there is already an aspect named {name!r}: name the consequence differently"
        return super().check(state, turn, choice)

    def apply(
        self, state: StarWarsState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        loser = state.fighters[turn.actor or ""]
        sev = Severity(choice.str_param("severity"))
        name = choice.str_param("name").strip()
        winner = state.duel_winner or ""
        loser.consequences.take(sev, name)
        aspect = Aspect(name, AspectKind.CONSEQUENCE, owner=loser.name)
        aspect.add_free(winner, 1)
        state.aspects.add(aspect)
        state.duel_gain = max(0, state.duel_gain - CUTS[sev])
        data = {"who": loser.name, "severity": sev.value, "aspect": name, "by": winner}
        return [Event("consequence", data=data, visible_to=None), *_award(self.host, state)]


class AcceptLoss(HostedAction[StarWarsState]):
    """The loser lets the winner's gain stand."""

    name = "accept"
    params: ClassVar[Mapping[str, ParamKind]] = {}

    def options(self, state: StarWarsState, turn: Turn) -> list[Choice]:
        return [made("accept", f"Let {state.duel_winner} gain {state.duel_gain}")]

    def apply(
        self, state: StarWarsState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        return _award(self.host, state)
