"""Create an advantage and discover, by scale (S9): a character on foot works on characters on
foot; a crew works on other vehicles — Maneuver (Pilot) within one zone, resisted by the
target's pilot's Pilot up to Size 2 and by a passive 0 from Size 3 (S3); Sensors (Notice,
Investigate) within detection range, resisted by its pilot's Stealth."""

from __future__ import annotations

from typing import TYPE_CHECKING

from shiftdrive.conflict.advantage import SCENE, CreateAdvantage, Discover
from shiftdrive.engine.choices import Choice
from shiftdrive.rulesets.star_wars import vehicles as rules
from shiftdrive.rulesets.star_wars.state import StarWarsState

if TYPE_CHECKING:
    from shiftdrive.engine.ruleset import Turn


class StarWarsAdvantage(CreateAdvantage[StarWarsState]):
    """Create an advantage on the scene or on an enemy the actor is engaged with (the host's
    `engaged`: a crew on vehicles, a person on foot on people)."""

    def passive(self, state: StarWarsState, target: str) -> int | None:
        """S3: "Maneuverable vehicles up to Size 2 get an active resistance roll using Pilot.
        Vehicles of Size 3 and larger have a passive defense with a base value of 0": a
        maneuver on a larger vehicle meets a passive 0, with no roll against it."""
        t = state.fighters[target]
        if t.is_vehicle and not rules.rolls_defense(t.size):
            return rules.PASSIVE_DEFENSE
        return None


class StarWarsDiscover(Discover[StarWarsState]):
    def options(self, state: StarWarsState, turn: Turn) -> list[Choice]:
        f = state.fighters[turn.actor or ""]
        out: list[Choice] = []
        for c in super().options(state, turn):  # (the scene, and those it is engaged with)
            target = c.str_param("target")
            if target != SCENE and f.vehicle is not None:
                gap = self.host.distance(state, f.zone, state.fighters[target].zone)
                if gap is None or not rules.detects(state, f, state.fighters[target], gap):
                    continue
            out.append(c)
        return out

    def passive(self, state: StarWarsState, target: str) -> int | None:
        """S9: Sensors meet the target pilot's Stealth, or a passive 0 when it has none rated
        (no roll against the crew)."""
        t = state.fighters[target]
        if t.is_vehicle and t.skill(rules.STEALTH_SKILL) < 1:
            return rules.PASSIVE_DEFENSE
        return None
