"""Every action of the game by name, and which are offered in which turn (in menu order)."""

from __future__ import annotations

from typing import Final

from shiftdrive.engine.actions import Action
from shiftdrive.rulesets.tachyon.actions import CraftAction
from shiftdrive.rulesets.tachyon.damage import Absorb, TakenOut
from shiftdrive.rulesets.tachyon.invokes import Invoke, Pass
from shiftdrive.rulesets.tachyon.outcomes import OUTCOMES, READS
from shiftdrive.rulesets.tachyon.phases.chatter import Say
from shiftdrive.rulesets.tachyon.phases.damage_control import DAMAGE_CONTROL
from shiftdrive.rulesets.tachyon.phases.every_phase import Concede, Skip
from shiftdrive.rulesets.tachyon.phases.ew import EW
from shiftdrive.rulesets.tachyon.phases.gunnery import GUNNERY
from shiftdrive.rulesets.tachyon.phases.piloting import PILOTING
from shiftdrive.rulesets.tachyon.state import TachyonState

_SKIP: Final = Skip()
_CONCEDE: Final = Concede()
_OTHERS: Final[tuple[Action[TachyonState], ...]] = (
    Say(), Pass(), Invoke(), Absorb(), TakenOut(), _SKIP, _CONCEDE,
)  # fmt: skip
PHASE_ACTIONS: Final[dict[str, tuple[CraftAction, ...]]] = {
    "piloting": (_SKIP, *PILOTING, _CONCEDE),
    "gunnery": (_SKIP, *GUNNERY, _CONCEDE),
    "ew": (_SKIP, *EW, _CONCEDE),
    "damage": (_SKIP, *DAMAGE_CONTROL, _CONCEDE),
}

#: every action, by name
ACTIONS: Final[dict[str, Action[TachyonState]]] = {
    a.name: a for a in (*PILOTING, *GUNNERY, *EW, *DAMAGE_CONTROL, *_OTHERS)
}

#: the actions each kind of turn offers, in menu order
MENUS: Final[dict[str, tuple[str, ...]]] = {
    **{phase: tuple(a.name for a in specs) for phase, specs in PHASE_ACTIONS.items()},
    "chatter": ("say", "skip"),
    "invoke": ("pass", "invoke"),
    "absorb": ("absorb", "taken_out", "concede"),  # T15: or concede instead
}

# What each rolled action does once its invoke window closes, and what it reads then (C4).
for _spec in (*PILOTING, *GUNNERY, *EW, *DAMAGE_CONTROL):
    OUTCOMES[_spec.name] = _spec.resolve
    READS[_spec.name] = _spec.reads
