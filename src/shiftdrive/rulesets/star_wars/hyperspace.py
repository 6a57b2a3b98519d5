"""Jumping to lightspeed (S6, S13): a challenge alongside the conflict. After three rounds, a
crew member of a ship with a working hyperdrive may spend its action on the jump: Navigate (or
Pilot, the better, help counted) overcome against the scenario's difficulty. Success (a tie
too: C2's success at a minor cost) takes the ship and its crew out of the scene into
hyperspace; a failure may be tried again on a later exchange (S13: a later round, by anyone
aboard). A severe consequence on the hull, or an aspect the scenario names, puts the
hyperdrive out of action."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar, Final

from shiftdrive.conflict.exchange import RollAction
from shiftdrive.conflict.invokes import roll_and_open
from shiftdrive.conflict.roll import Roll, priced
from shiftdrive.core.consequences import Severity
from shiftdrive.core.outcomes import Outcome
from shiftdrive.engine.actions import ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.rulesets.star_wars.characters import HOST
from shiftdrive.rulesets.star_wars.state import ESCAPED, Character, StarWarsState, made
from shiftdrive.rulesets.star_wars.teamwork import pending_help
from shiftdrive.rulesets.star_wars.vehicles import vehicle_of

if TYPE_CHECKING:
    from shiftdrive.core.consequences import Consequence
    from shiftdrive.core.dice import DiceSource
    from shiftdrive.core.odds import Odds
    from shiftdrive.engine.ruleset import Turn

JUMP: Final = "jump"
JUMP_SKILLS: Final = ("Navigate", "Pilot")
#: the consequence that puts a hyperdrive out of action unless the scenario says otherwise
DISABLING: Final = Severity.SEVERE
JUMP_PARAMS: Final = {"skill": ParamKind.SKILL}


def disabling(ship: Character) -> Consequence | None:
    """The consequence of the kind that puts a hyperdrive out, if the ship has taken one (its
    slot read directly: asked on every turn aboard a ship)."""
    return ship.consequences.slots.get(DISABLING)


@lru_cache(maxsize=1024)
def _no_drive(ship: str) -> str:
    """Why `ship` never jumps (worded once per ship: asked at every turn aboard it)."""
    return f"{ship} has no hyperdrive"


@lru_cache(maxsize=1024)
def _calculating(after: int, now: int) -> str:
    """Why no ship jumps before round `after` is over (worded once per round)."""
    return f"the jump calculations take {after} rounds (it is round {now})"


def fitted(state: StarWarsState, ship: str) -> bool:
    """Whether the scenario gives `ship` a hyperdrive (S6), working or not."""
    return bool(state.settings["hyperdrives"].get(ship, False))


def hyperdrive_trouble(state: StarWarsState, ship: Character) -> str | None:
    """Why `ship` cannot jump now, or None when its hyperdrive works (a blocking aspect hidden
    from the ship's side is not named: the reason is told to that side)."""
    if not fitted(state, ship.name):
        return _no_drive(ship.name)
    taken = disabling(ship)
    if taken is not None and taken.aspect not in state.repaired:
        return f"{ship.name}'s hyperdrive is out: {taken.aspect}"
    for name in state.settings["jump_blockers"]:
        found = state.aspects.find(name)
        # the ship's own aspect, the scene's, or one on the zone the ship is in (a zone's
        # aspect holds there only)
        if (
            found is not None
            and found.owner in (None, ship.name)
            and (found.zone is None or found.zone == ship.zone)
        ):
            # (named only to a side that may see it: a scene's hidden aspect is the GM's)
            if HOST.visible(state, found, ship.side):
                return f"{ship.name}'s hyperdrive is out: {found.name}"
            return f"{ship.name}'s hyperdrive is out"
    return None


def jump_skill(state: StarWarsState, f: Character) -> str:
    """S6: Navigate, or Pilot when it is better, counting the help promised for each (S13:
    help given for the Navigate roll makes it the better one), Navigate on a tie."""
    helped = state.helps
    return max(
        JUMP_SKILLS,
        key=lambda s: (
            f.skill(s) + (pending_help(state, f.name, s) if helped else 0),
            s == JUMP_SKILLS[0],
        ),
    )


def may_jump(state: StarWarsState, f: Character) -> str | None:
    """Why `f` cannot make the jump roll now, or None."""
    ship = vehicle_of(state, f)
    if ship is None:
        return f"{f.name} is aboard no ship"
    trouble = hyperdrive_trouble(state, ship)  # (first: a ship without one never jumps)
    if trouble is not None:
        return trouble
    after = int(state.settings["jump_after"])
    now = state.order.round
    if now <= after:
        return _calculating(after, now)
    if state.jump_failed.get(ship.name) == now:
        return f"{ship.name}'s jump failed this round: it may be tried again next round (S13)"
    return None


class Jump(RollAction[StarWarsState]):
    """S6: the navigator's roll to take the ship into hyperspace."""

    name = JUMP
    params: ClassVar[Mapping[str, ParamKind]] = JUMP_PARAMS

    def options(self, state: StarWarsState, turn: Turn) -> list[Choice]:
        f = state.fighters[turn.actor or ""]
        if may_jump(state, f) is not None:
            return []
        skill = jump_skill(state, f)
        ship = f.vehicle
        return [made(JUMP, f"Jump {ship} to lightspeed with {skill}", skill=skill)]

    def check(self, state: StarWarsState, turn: Turn, choice: Choice) -> str | None:
        reason = may_jump(state, state.fighters[turn.actor or ""])
        return reason if reason is not None else super().check(state, turn, choice)

    def apply(
        self, state: StarWarsState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        f = state.fighters[turn.actor or ""]
        roll = Roll(action=JUMP, actor=f.name, skill=choice.str_param("skill"))
        roll.difficulty = int(state.settings["jump_difficulty"])
        state.roll = roll
        data = {
            "action": JUMP, "who": f.name, "skill": roll.skill, "ship": f.vehicle,
            "difficulty": roll.difficulty,
        }  # fmt: skip
        return [
            Event("declare", data=data, visible_to=None),
            *roll_and_open(self.host, state, roll, dice),
        ]

    def odds(self, state: StarWarsState, turn: Turn, choice: Choice) -> Odds | None:
        f = state.fighters[turn.actor or ""]
        diff = int(state.settings["jump_difficulty"])
        return priced(self.host, state, JUMP, f, choice.str_param("skill"), difficulty=diff)

    def resolve(
        self, state: StarWarsState, roll: Roll, shifts: int, outcome: Outcome
    ) -> list[Event]:
        f = state.fighters[roll.actor]
        ship = vehicle_of(state, f)
        assert ship is not None
        # S6 "if the navigation roll is successful and the ship is still capable of
        # lightspeed": a hyperdrive put out while the roll was in hand (a GM's consequence or
        # blocker during the invoke window) keeps the ship here, as a failed jump would (the
        # event does not name the blocker: the GM may have hidden it)
        drive_out = outcome is not Outcome.FAIL and hyperdrive_trouble(state, ship) is not None
        if outcome is Outcome.FAIL or drive_out:
            state.jump_failed[ship.name] = state.round
            data = {"ship": ship.name, "drive_out": True} if drive_out else {"ship": ship.name}
            return [Event("jump_failed", data=data, visible_to=None)]
        state.set_status(ship, ESCAPED)  # its crew goes with it as the turn ends
        return [Event("jump", data={"ship": ship.name, "side": ship.side}, visible_to=None)]
