"""The damage control phase: repair a large target's system (T5) or a small craft's worst
damage (option) or shields, or another action the GM adjudicates."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar, Final

from shiftdrive.engine.actions import ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.rulesets.tachyon import systems as sysmod
from shiftdrive.rulesets.tachyon.actions import CraftAction, event, outcome
from shiftdrive.rulesets.tachyon.choices import kinds, offer
from shiftdrive.rulesets.tachyon.damage import systems_take_effect
from shiftdrive.rulesets.tachyon.outcomes import MADE, Reading, success_floor
from shiftdrive.rulesets.tachyon.rolls import RollPlan
from shiftdrive.rulesets.tachyon.sight import who_sees

if TYPE_CHECKING:
    from shiftdrive.core.dice import DiceSource

from shiftdrive.rulesets.tachyon.state import (
    LARGE,
    Roll,
    TachyonState,
    Unit,
)


def repair(
    state: TachyonState, u: Unit, system: str, ok: bool, vis: frozenset[str] | None
) -> list[Event]:
    if not ok:
        return [Event("repair", data={"unit": u.name, "ok": False}, visible_to=vis)]
    if u.kind == LARGE:
        track = u.systems[system]
        before = set(sysmod.effects(u.systems).states)
        track.clear_last()  # T5: repair clears the last marked box of one track
        after = sysmod.effects(u.systems).states
        fixed = [s for s in before if s not in after]
        return [
            Event(
                "repair",
                data={"unit": u.name, "ok": True, "system": system, "track": track.to_json(),
                      "fixed": fixed},
                visible_to=vis,
            ),
            *systems_take_effect(state, u),
        ]  # fmt: skip
    assert u.consequences is not None
    worst = u.consequences.taken()[-1]
    u.consequences.clear(worst.severity)
    u.repaired += 1  # still a consequence received in this conflict (C7)
    if worst.aspect in state.aspects:
        state.aspects.remove(worst.aspect)
    return [
        Event(
            "repair",
            data={"unit": u.name, "ok": True, "cleared": worst.aspect},
            visible_to=vis,
        )
    ]


class Repair(CraftAction):
    """Repair (technology vs 2): a large target clears the last marked box of one system
    track (T5); a small craft, by option, its worst consequence."""

    name = "repair"
    params: ClassVar[Mapping[str, ParamKind]] = kinds(system=ParamKind.OPTION)

    def choices(self, state: TachyonState, u: Unit) -> list[Choice]:
        if u.kind == LARGE:
            return [
                Choice.of(
                    "repair",
                    system=name,
                    label=f"Repair {sysmod.SYSTEM_NAMES[name]} (technology vs 2)",
                )
                for name, track in u.systems.items()
                if track.marked_count
            ]
        if (
            state.options["small_craft_repair"] == "consequence"
            and u.consequences
            and u.consequences.taken()
        ):
            return [_REPAIR_SYSTEMS]
        return []

    def plan(self, state: TachyonState, u: Unit, choice: Choice) -> RollPlan | None:
        return RollPlan("technology", difficulty=2, params={"system": choice.str_param("system")})

    def reads(self, state: TachyonState, roll: Roll) -> Reading:
        return MADE[success_floor(state, roll)]  # one box (or consequence) cleared, or none

    def resolve(self, state: TachyonState, roll: Roll, dice: DiceSource) -> list[Event]:
        u, _, _, ok, vis = outcome(state, roll)
        return repair(state, u, str(roll.params["system"]), ok, vis)


_REPAIR_SYSTEMS: Final = Choice.of(
    "repair", system="consequence", label="Repair systems: clear the worst damage (technology vs 2)"
)


class RepairShields(CraftAction):
    """Repair shields (technology vs 2): a small craft restores 2 shield boxes."""

    name = "repair_shields"

    def choices(self, state: TachyonState, u: Unit) -> list[Choice]:
        if u.kind != LARGE and u.shields is not None and u.shields.marked_count:
            return [offer("repair_shields", "Repair shields: restore 2 (technology vs 2)")]
        return []

    def plan(self, state: TachyonState, u: Unit, choice: Choice) -> RollPlan | None:
        return RollPlan("technology", difficulty=2)

    def reads(self, state: TachyonState, roll: Roll) -> Reading:
        return MADE[success_floor(state, roll)]  # 2 boxes restored, or none

    def resolve(self, state: TachyonState, roll: Roll, dice: DiceSource) -> list[Event]:
        u, _, s, ok, vis = outcome(state, roll)
        if ok and u.shields is not None:
            n = 0
            for _ in range(2):
                if u.shields.clear_last() is not None:
                    n += 1
            return [event("repair", u, s, vis, restored=n, shields=u.shields.to_json())]
        return [event("repair", u, s, vis, restored=None)]


class Other(CraftAction):
    """Any other action, in the player's words: the GM adjudicates it; it counts as an
    action (T9)."""

    name = "other"
    params: ClassVar[Mapping[str, ParamKind]] = kinds(text=ParamKind.TEXT)

    def choices(self, state: TachyonState, u: Unit) -> list[Choice]:
        return [_OTHER]

    def declare(
        self, state: TachyonState, u: Unit, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        text = choice.str_param("text").strip()
        return [
            Event(
                "other",
                data={"unit": u.name, "text": text},
                visible_to=who_sees(state, u.name),
            )
        ]


_OTHER: Final = Choice.of(
    "other",
    text="Patch the comms",
    free=("text",),
    label="Other action (GM adjudicates; counts as an action)",
)

#: the damage control actions, in menu order
DAMAGE_CONTROL: Final[tuple[CraftAction, ...]] = (Repair(), RepairShields(), Other())
