"""Damage to ships (P5, P12, C8a, C9, C10): a hit is absorbed by the hull's stress boxes
(Fate Core kind) and consequences, as the target's side chooses (no choice when there is one
way); a consequence on the targeted system disables it until repaired; a hit that cannot be
absorbed takes the ship out. The attacker gets a free invoke on each new consequence."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

from shiftdrive.core.aspects import Aspect, AspectKind
from shiftdrive.core.consequences import Absorption, Severity, absorb_options
from shiftdrive.core.dice import DiceSource
from shiftdrive.engine.actions import Action, ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import Turn
from shiftdrive.rulesets.pilot_wave.ships.state import DESTROYED, Ship, ShipState

#: the consequence a hit leaves on a system, by severity
WORDS: Final[dict[str, str]] = {"mild": "Damaged", "moderate": "Crippled", "severe": "Wrecked"}


def ways(state: ShipState) -> list[Absorption]:
    pending = state.absorb or {}
    ship = state.ships[pending["target"]]
    return absorb_options(int(pending["hit"]), ship.hull, ship.consequences)


def strike(
    state: ShipState, target: Ship, hit: int, system: str, attacker: str | None
) -> list[Event]:
    """A hit of `hit` shifts lands: none to absorb it takes the ship out; one way is taken at
    once; several wait for the target's side to choose (`absorb_hit`)."""
    options = absorb_options(hit, target.hull, target.consequences)
    if not options:
        target.status = DESTROYED
        return [
            Event(
                "ship_destroyed",
                data={"ship": target.name, "side": target.side, "hit": hit},
                visible_to=state.seen_by(target),
            )
        ]
    state.absorb = {"target": target.name, "hit": hit, "system": system, "attacker": attacker}
    if len(options) == 1:
        return absorb(state, options[0])
    return []


def absorb(state: ShipState, way: Absorption) -> list[Event]:
    pending: dict[str, Any] = state.absorb or {}
    state.absorb = None
    ship = state.ships[pending["target"]]
    system = str(pending["system"])
    attacker = pending.get("attacker")
    if way.box is not None:
        ship.hull.mark(way.box)
    taken: list[str] = []
    for sev in way.consequences:
        text = state.aspects.unique_name(f"{ship.name} {system.title()} {WORDS[sev.value]}")
        ship.consequences.take(sev, text)
        aspect = Aspect(text, AspectKind.CONSEQUENCE, owner=ship.name)
        if attacker:
            aspect.add_free(str(attacker), 1)
        state.aspects.add(aspect)
        if system != "hull":
            ship.damage[sev.value] = system
            if sev.value in ship.repaired:
                ship.repaired.remove(sev.value)
        taken.append(text)
    return [
        Event(
            "ship_absorbs",
            data={
                "ship": ship.name,
                "hit": pending["hit"],
                "system": system,
                "box": None if way.box is None else ship.hull.boxes[way.box],
                "consequences": taken,
                "disabled": ship.disabled(),
            },
            visible_to=state.seen_by(ship),
        )
    ]


def blowback(state: ShipState, ship: Ship, why: str) -> list[Event]:
    """A mishap (C2) brings a consequence: the mildest free one on the hull; a ship with none
    left is taken out."""
    free = ship.consequences.free()
    if not free:
        ship.status = DESTROYED
        return [Event("ship_destroyed", data={"ship": ship.name, "side": ship.side, "hit": 0},
                      visible_to=state.seen_by(ship))]  # fmt: skip
    sev = free[0]
    text = state.aspects.unique_name(f"{ship.name} {why}")
    ship.consequences.take(sev, text)
    state.aspects.add(Aspect(text, AspectKind.CONSEQUENCE, owner=ship.name))
    return [Event("ship_mishap", data={"ship": ship.name, "severity": sev.value, "aspect": text},
                  visible_to=state.seen_by(ship))]  # fmt: skip


def _key(way: Absorption) -> tuple[int, str]:
    return (0 if way.box is None else way.box + 1, "+".join(s.value for s in way.consequences))


class AbsorbHit(Action[ShipState]):
    name = "absorb_hit"
    params: ClassVar[Mapping[str, ParamKind]] = {
        "box": ParamKind.NUMBER,
        "consequences": ParamKind.OPTION,
    }

    def options(self, state: ShipState, turn: Turn) -> list[Choice]:
        ship = state.ships[turn.actor or ""]
        out = []
        for way in ways(state):
            box, cons = _key(way)
            out.append(Choice.of("absorb_hit", way.describe(ship.hull), box=box,
                                 consequences=cons or "none"))  # fmt: skip
        return out

    def apply(self, state: ShipState, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        for way in ways(state):
            box, cons = _key(way)
            if box == choice.int_param("box") and (cons or "none") == choice.str_param(
                "consequences"
            ):
                return absorb(state, way)
        raise AssertionError("absorb_hit applied without a matching way")


SEVERITIES: Final = tuple(s.value for s in Severity)
