"""C5 Create an advantage, as each phase offers it: maneuvering (piloting), with weapons
(gunnery), with EW systems (electronic warfare). On the scene (or the zone) against a fixed
difficulty, or on an enemy, who resists: the seed's cards say "Target: any", so a small craft
or a large target. A large target never pilots (T8): against a maneuver or a weapons advantage
it resists with its defense at the range it is engaged at (T3, T4)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from shiftdrive.engine.actions import ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.rulesets.tachyon.actions import AimedAction, CraftAction, outcome
from shiftdrive.rulesets.tachyon.aspects import add_aspect, boost
from shiftdrive.rulesets.tachyon.choices import kinds
from shiftdrive.rulesets.tachyon.positions import foes, large_short
from shiftdrive.rulesets.tachyon.rolls import RollPlan
from shiftdrive.rulesets.tachyon.state import LARGE, Roll, TachyonState, Unit

if TYPE_CHECKING:
    from shiftdrive.core.dice import DiceSource

SCENE = "scene"
PILOT = "pilot"


class CreateAdvantage(AimedAction):
    """Roll `skill` against the advantage difficulty, or against a foe's `resist`."""

    params: ClassVar[Mapping[str, ParamKind]] = kinds(target=ParamKind.UNIT, name=ParamKind.TEXT)

    def __init__(
        self,
        name: str,
        skill: str,
        resist: str,
        scene: tuple[str, str],
        foe: tuple[str, str] | None,
        nearby: bool,
    ) -> None:
        """`scene` and `foe` are (suggested aspect name, label) of the choices on the scene and
        against each foe (its label has a {} for the foe's name; None: none offered);
        `nearby`: only foes in the actor's zone (maneuvering)."""
        self.name = name
        self.verb = "create an advantage against"
        self.skill = skill
        self.resist = resist
        self.scene = scene
        self.foe = foe
        self.nearby = nearby

    def choices(self, state: TachyonState, u: Unit) -> list[Choice]:
        label = self.scene[1].format(zone=u.zone)
        out = [Choice.of(self.name, target=SCENE, name=self.scene[0], free=("name",), label=label)]
        if self.foe is None:
            return out
        name, foe_label = self.foe
        craft, ships = foes(state, u, u.zone if self.nearby else None)
        for e in craft + ships:
            out.append(
                Choice.of(
                    self.name, target=e.name, name=name, free=("name",),
                    label=foe_label.format(e.name),
                )
            )  # fmt: skip
        return out

    def refusal(self, state: TachyonState, u: Unit, choice: Choice) -> str | None:
        if choice.str_param("target") == SCENE:
            return CraftAction.refusal(self, state, u, choice)
        return super().refusal(state, u, choice)

    def plan(self, state: TachyonState, u: Unit, choice: Choice) -> RollPlan | None:
        """Against the scene's difficulty (option) or the foe's `resist`; a tie is a boost,
        not the aspect (C5), so the odds count only a success."""
        params = {"name": choice.str_param("name").strip() or "Advantage"}
        t = state.units.get(choice.str_param("target"))
        if t is None:
            difficulty = int(state.options["advantage_difficulty"])
            return RollPlan(self.skill, difficulty=difficulty, params=params, ties=False)
        resist = self.resist
        if t.kind == LARGE and resist == PILOT:
            resist = "defense_short" if large_short(state, u, t) else "defense_long"
        return RollPlan(self.skill, target=t, opp_skill=resist, params=params)

    def resolve(self, state: TachyonState, roll: Roll, dice: DiceSource) -> list[Event]:
        """C5: fail nothing; tie a boost; success 1 free invoke; style 2."""
        u, t, s, _, vis = outcome(state, roll)
        name = str(roll.params.get("name") or "Advantage")
        owner = t.name if t else None
        zone = None if t else u.zone
        if s < 0:
            return [Event("advantage", data={"actor": u.name, "aspect": name}, visible_to=vis)]
        if s == 0:
            return boost(state, u, name)
        free = 2 if s >= 3 else 1
        known = state.aspects.find(name) if zone is not None and not u.detected else None
        a = add_aspect(state, name, owner, free, u.name, zone=zone)
        if zone is not None and not u.detected and a is not known:
            # T7: made out of sight, it stays with the craft's side until the craft is seen
            a.hidden = True
            state.secret_aspects[a.name] = u.name
        return [
            Event(
                "advantage",
                data={"actor": u.name, "aspect": a.name, "on": owner, "zone": zone, "free": free},
                visible_to=vis,
            )
        ]
