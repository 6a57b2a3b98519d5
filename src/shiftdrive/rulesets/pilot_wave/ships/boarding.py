"""The boarding/EVA phase (seed "Boarding/EVA Phase", P12, P2, P14): a ship beside an enemy
it matched vectors with may board it, which ends the ship fight and names the personal-scale
scenario that follows; an engineer on EVA may repair a disabled system (Engineering against
the consequence's value); a ship with a jump drive may calculate a jump (astrogation: Space
Ops against the difficulty for how far out the fight is; the margin sets the minutes, a
3-parsec jump is hazardous and its mishap destroys the ship). A calculation runs on while the
ship fights; when its minutes are up the ship jumps and leaves the fight."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any, ClassVar

from shiftdrive.core.dice import DiceSource, roll_fudge
from shiftdrive.core.odds import Odds, OddsQuery, odds
from shiftdrive.core.outcomes import Outcome, outcome_of
from shiftdrive.engine.actions import Action, ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import Ending, Turn
from shiftdrive.rulesets.pilot_wave import astrogation
from shiftdrive.rulesets.pilot_wave.ships import rolls
from shiftdrive.rulesets.pilot_wave.ships.damage import blowback
from shiftdrive.rulesets.pilot_wave.ships.space import distance, movement_shift, tell
from shiftdrive.rulesets.pilot_wave.ships.state import DESTROYED, Ship, ShipState

PARSECS = (1, 2, 3)


def boardable(state: ShipState, ship: Ship) -> list[Ship]:
    """Enemies beside the ship that it matched vectors with this exchange (P12) and that its
    side has detected."""
    return [
        s for s in state.ships.values()
        if s.active and s.side != ship.side and distance(ship, s) <= 1
        and state.is_matched(ship.name, s.name) and state.sees(ship.side, s)
    ]  # fmt: skip


def repairable(ship: Ship) -> list[str]:
    """Severities whose consequence disables a system not yet repaired."""
    return [sev for sev in ship.damage if sev not in ship.repaired]


def repair_difficulty(ship: Ship, severity: str) -> int:
    return ship.consequences.values[next(s for s in ship.consequences.values
                                         if s.value == severity)]  # fmt: skip


class Board(Action[ShipState]):
    name = "board"
    params: ClassVar[Mapping[str, ParamKind]] = {"target": ParamKind.UNIT}

    def options(self, state: ShipState, turn: Turn) -> list[Choice]:
        ship = state.ships[turn.actor or ""]
        return [Choice.of("board", f"Board {s.name}", target=s.name)
                for s in boardable(state, ship)]  # fmt: skip

    def apply(self, state: ShipState, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        ship = state.ships[turn.actor or ""]
        state.round.done(ship.name)
        target = choice.str_param("target")
        for side in state.sides:  # a boarding party is seen by everyone
            if side != ship.side and ship.name not in state.detected[side]:
                state.detected[side].append(ship.name)
        follow = state.follow_up or "a boarding action at personal scale"
        # the boarder is seen by all; its target is named only to the sides that see it
        # (the ending, read by everyone, names it when every side does)
        seen = state.seen_by(state.ships[target])
        named = target if seen == frozenset(state.sides) else "an enemy ship"
        state.winner = ship.side
        state.ending = Ending.OBJECTIVE.value
        state.ended = f"{ship.name} boards {named}; the fight goes on aboard: {follow}"
        data = {"ship": ship.name, "target": target, "follow_up": state.follow_up}
        events = [Event("ship_boarded", data=data, visible_to=seen)]
        if named != target:
            blind = frozenset(state.sides) - seen
            events.append(Event("ship_boarded", data={**data, "target": None}, visible_to=blind))
        return [*events, Event("ship_over", data={"reason": state.ended, "winner": ship.side})]


class Repair(Action[ShipState]):
    name = "repair"
    params: ClassVar[Mapping[str, ParamKind]] = {"severity": ParamKind.OPTION}

    def options(self, state: ShipState, turn: Turn) -> list[Choice]:
        ship = state.ships[turn.actor or ""]
        return [
            Choice.of("repair", f"Repair the {ship.damage[sev]} ({sev} consequence)",
                      severity=sev)
            for sev in repairable(ship)
        ]  # fmt: skip

    def _skill(self, state: ShipState, ship: Ship) -> int:
        return ship.station_skill("engineer") + movement_shift(state, ship)

    def apply(self, state: ShipState, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        """The engineer rolls; invokes may follow (`rolls`)."""
        ship = state.ships[turn.actor or ""]
        state.round.done(ship.name)
        sev = choice.str_param("severity")
        need = repair_difficulty(ship, sev)
        skill = self._skill(state, ship)
        roll = roll_fudge(dice, why="repair", who=ship.name)
        ctx = {"severity": sev, "crew": ship.crew_at("engineer")}
        return rolls.start(state, "repair", ship.name, skill, list(roll.faces), need, ctx=ctx)

    def odds(self, state: ShipState, turn: Turn, choice: Choice) -> Odds | None:
        ship = state.ships[turn.actor or ""]
        need = repair_difficulty(ship, choice.str_param("severity"))
        held = rolls.free_held(state, ship.name)
        skill = self._skill(state, ship)
        return odds(OddsQuery(skill, difficulty=need, invokes=held, tie_succeeds=True))


def repair_need(state: ShipState, roll: dict[str, Any], shifts: int) -> int | None:
    """A tie or better repairs: a failure needs the shifts to a tie."""
    return -shifts if shifts < 0 else None


def repair_read(state: ShipState, roll: dict[str, Any]) -> list[Event]:
    """A tie or better repairs the system (the consequence stays until it recovers)."""
    ship = state.ships[roll["ship"]]
    sev = str(roll["ctx"]["severity"])
    shifts = rolls.shifts_of(roll)
    fixed = outcome_of(shifts) is not Outcome.FAIL
    if fixed:
        ship.repaired.append(sev)
    return rolls.told(
        state,
        roll,
        "ship_repair",
        {
            "ship": ship.name,
            "crew": roll["ctx"]["crew"],
            "system": ship.damage[sev],
            "severity": sev,
            "skill": roll["skill"],
            "dice": list(roll["dice"]),
            "difficulty": roll["difficulty"],
            "invoked": list(roll["invoked"]),
            "fixed": fixed,
            "disabled": ship.disabled(),
        },
        state.seen_by(ship),
    )


rolls.register("repair", rolls.Reading(repair_need, repair_read))


class JumpAway(Action[ShipState]):
    """In-play astrogation: the calculation is a decision; its margin sets the minutes."""

    name = "jump"
    params: ClassVar[Mapping[str, ParamKind]] = {"parsecs": ParamKind.NUMBER}

    def options(self, state: ShipState, turn: Turn) -> list[Choice]:
        ship = state.ships[turn.actor or ""]
        if not ship.jump_drive or ship.jump is not None:
            return []
        return [Choice.of("jump", f"Calculate a {p}-parsec jump" + (" (hazardous)" if p > 2
                                                                   else ""), parsecs=p)
                for p in PARSECS]  # fmt: skip

    def _skill(self, state: ShipState, ship: Ship) -> int:
        return ship.station_skill("pilot") + movement_shift(state, ship)

    def apply(self, state: ShipState, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        """The pilot rolls; invokes and the side's Tactics points may follow (`rolls`, C4,
        P6: it is a roll of the side like any other) before the margin is read."""
        ship = state.ships[turn.actor or ""]
        state.round.done(ship.name)
        jump = astrogation.Jump(state.diameters, choice.int_param("parsecs"))
        roll = roll_fudge(dice, why="astrogation", who=ship.name)
        return rolls.start(
            state, "jump", ship.name, self._skill(state, ship), list(roll.faces),
            astrogation.difficulty(jump), hazardous=astrogation.hazardous(jump),
            ctx={"parsecs": jump.parsecs, "crew": ship.crew_at("pilot")},
        )  # fmt: skip

    def odds(self, state: ShipState, turn: Turn, choice: Choice) -> Odds | None:
        """The astrogation roll's odds, counting the free invokes the ship may spend on it
        (`rolls.free_held`), as every crew roll's odds do."""
        ship = state.ships[turn.actor or ""]
        jump = astrogation.Jump(state.diameters, choice.int_param("parsecs"))
        held = rolls.free_held(state, ship.name)
        return astrogation.chances(jump, self._skill(state, ship), invokes=held)

    def odds_words(self, state: ShipState, turn: Turn, choice: Choice) -> str | None:
        """How often the calculation jumps (P2: a margin of -3 or better, -2 on a hazardous
        roll), and a hazardous one's mishap: the ladder's "success" says neither."""
        jump = astrogation.Jump(state.diameters, choice.int_param("parsecs"))
        o = self.odds(state, turn, choice)
        assert o is not None
        jumps = mishap = Fraction(0)
        for margin, p in o.shifts.items():
            made = astrogation.result(jump, margin)
            jumps += p if made.jumps else 0
            mishap += p if made.mishap else 0
        words = f"jumps {_pc(jumps)}"
        if mishap:
            hurt = _mishap_words(jump)
            words += f", mishap {_pc(mishap)} ({hurt})"
        return words


def _mishap_words(jump: astrogation.Jump) -> str:
    """What a hazardous calculation's mishap does (P2)."""
    return "the ship is destroyed" if jump.parsecs > astrogation.DRIVE_LIMIT else "a consequence"


def _pc(p: Fraction) -> str:
    return f"{float(p) * 100:.0f}%"


def _jump_of(state: ShipState, roll: dict[str, Any]) -> astrogation.Jump:
    return astrogation.Jump(state.diameters, int(roll["ctx"]["parsecs"]))


def _reads(result: astrogation.Result) -> tuple[int, bool, bool, bool]:
    return result.minutes, result.jumps, result.mishap, result.destroyed


def jump_need(state: ShipState, roll: dict[str, Any], shifts: int) -> int | None:
    """The fewest shifts that change what the margin means (P2: fewer minutes, a jump
    instead of a failure, a miss instead of a mishap); None past the best margin."""
    jump = _jump_of(state, roll)
    now = _reads(astrogation.result(jump, shifts))
    best = max(astrogation.MINUTES)
    for k in range(1, best - min(shifts, best) + 1):
        if _reads(astrogation.result(jump, shifts + k)) != now:
            return k
    return None


def jump_read(state: ShipState, roll: dict[str, Any]) -> list[Event]:
    """The margin sets the calculation's minutes; P2's mishaps: a 3-parsec jump's destroys
    the ship, under 10 diameters the ship takes a consequence."""
    ship = state.ships[roll["ship"]]
    jump = _jump_of(state, roll)
    margin = rolls.shifts_of(roll)
    result = astrogation.result(jump, margin)
    ship.jump = {"parsecs": jump.parsecs, "seconds_left": result.minutes * 60,
                 "jumps": result.jumps}  # fmt: skip
    events = rolls.told(
        state,
        roll,
        "ship_astrogation",
        {
            "ship": ship.name,
            "crew": roll["ctx"]["crew"],
            "parsecs": jump.parsecs,
            "skill": roll["skill"],
            "dice": list(roll["dice"]),
            "difficulty": roll["difficulty"],
            "invoked": list(roll["invoked"]),
            "tactics": int(roll.get("tactics", 0)),
            "margin": margin,
            "minutes": result.minutes,
            "words": result.words(),
        },
        state.seen_by(ship),
    )
    if result.destroyed:
        ship.status = DESTROYED
        ship.jump = None
        events.append(tell("ship_destroyed", {"ship": ship.name, "side": ship.side,
                                              "hit": 0}, state, ship))  # fmt: skip
    elif result.consequence:
        events += blowback(state, ship, "Jump Mishap")
    return events


rolls.register("jump", rolls.Reading(jump_need, jump_read))


class StandBy(Action[ShipState]):
    name = "stand_by"

    def options(self, state: ShipState, turn: Turn) -> list[Choice]:
        return [Choice.of("stand_by", "Stand by")]

    def apply(self, state: ShipState, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        state.round.done(turn.actor or "")
        return []
