"""Communications (S9): a crew member works on the crew of another vessel over the comms —
Provoke or Rapport (social skills, resisted by that crew's Will) or Security against its
computers and comms (jamming, resisted by its crew's Security) — as a create-an-advantage on
the vessel: an aspect on it with free invokes for the actor's side (C5). The vessel must be
within detection range (S3: a crew cannot hail or jam what its sensors cannot find)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, ClassVar, Final

from shiftdrive.conflict.advantage import CreateAdvantage
from shiftdrive.conflict.roll import priced
from shiftdrive.engine.actions import ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.rulesets.star_wars import vehicles as rules
from shiftdrive.rulesets.star_wars.state import Character, StarWarsState

if TYPE_CHECKING:
    from shiftdrive.core.dice import DiceSource
    from shiftdrive.core.odds import Odds
    from shiftdrive.engine.ruleset import Turn

COMMUNICATE: Final = "communicate"
#: S9: the skills of Communications, and what the other vessel's crew resist each with
RESISTED_BY: Final = {"Provoke": "Will", "Rapport": "Will", "Security": "Security"}
#: the aspect each skill suggests (the player may name it otherwise)
SUGGESTED: Final = {
    "Provoke": "Rattled Crew",
    "Rapport": "Wavering Crew",
    "Security": "Comms Jammed",
}
#: the vessel's crew skills a vehicle resists Communications with (the best aboard, S9)
CREW_RESISTS: Final = tuple(sorted(set(RESISTED_BY.values())))
COMMS_PARAMS: Final = {"skill": ParamKind.SKILL, "target": ParamKind.UNIT, "name": ParamKind.TEXT}


def comms_skills(state: StarWarsState, crew: Character) -> list[str]:
    """The scenario's Communications skills the crew member has at Average or better."""
    allowed: list[str] = state.settings["communications_skills"]
    return [s for s in allowed if crew.skill(s) >= 1]


def in_contact(state: StarWarsState, crew: Character, target: Character, gap: int | None) -> bool:
    """S9/S3: an enemy vessel the crew's sensors reach."""
    return (
        gap is not None
        and target.is_vehicle
        and target.side != crew.side
        and rules.detects(state, crew, target, gap)
    )


class Communicate(CreateAdvantage[StarWarsState]):
    """S9 Communications: an aspect on another vessel, from its crew's hearing or its
    computers."""

    name = COMMUNICATE
    params: ClassVar[Mapping[str, ParamKind]] = COMMS_PARAMS

    def options(self, state: StarWarsState, turn: Turn) -> list[Choice]:
        f = state.fighters[turn.actor or ""]
        if f.vehicle is None:
            return []
        skills = comms_skills(state, f)
        if not skills:
            return []
        out: list[Choice] = []
        for e in state.active():
            if e.is_vehicle and e.side != f.side:
                gap = self.host.distance(state, f.zone, e.zone)
                if not in_contact(state, f, e, gap):
                    continue
                for skill in skills:
                    out.append(
                        Choice.of(
                            COMMUNICATE, skill=skill, target=e.name,
                            name=f"{e.name} {SUGGESTED[skill]}", free=("name",),
                            label=f"Hail or jam {e.name} with {skill} "
                            f"(against its crew's {RESISTED_BY[skill]})",
                        )
                    )  # fmt: skip
        return out

    def each_option(self, state: StarWarsState, turn: Turn) -> Iterator[Choice]:
        return iter(self.options(state, turn))

    def apply(
        self, state: StarWarsState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        f = state.fighters[turn.actor or ""]
        name = choice.str_param("name").strip() or f"{choice.str_param('target')} Comms Jammed"
        return self.start(state, f, choice, dice, name)

    def odds(self, state: StarWarsState, turn: Turn, choice: Choice) -> Odds | None:
        f = state.fighters[turn.actor or ""]
        skill = choice.str_param("skill")
        target = state.fighters[choice.str_param("target")]
        opposed = target.skill(RESISTED_BY[skill])
        return priced(self.host, state, self.name, f, skill, target.name, opposed=opposed)
