"""Tachyon: menus."""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from shiftdrive.engine.choices import Choice
from shiftdrive.rulesets.tachyon.state import (
    Unit,
)

MOVE_LABELS: Final = {  # zones away -> (action, label)
    1: ("move", "Move 1 zone"),
    2: ("move2", "Move 2 zones (pilot vs 2)"),
    3: ("move3", "Move 3 zones (pilot vs 4)"),
}


def advantages(
    action: str, scene: tuple[str, str], foe: tuple[str, str], foes: list[Unit]
) -> list[Choice]:
    """Create-an-advantage choices: one on the scene, one against each foe. `scene` and `foe`
    are (suggested aspect name, label); the foe label has a {} for the foe's name."""
    out = [Choice.of(action, target="scene", name=scene[0], free=("name",), label=scene[1])]
    for e in foes:
        out.append(
            Choice.of(
                action, target=e.name, name=foe[0], free=("name",), label=foe[1].format(e.name)
            )
        )
    return out


@lru_cache(maxsize=4096)
def offer(action: str, label: str) -> Choice:
    """A choice without parameters."""
    return Choice.of(action, label=label)


@lru_cache(maxsize=4096)
def at(action: str, target: str, label: str) -> Choice:
    """A choice aimed at `target`; `label` has a {} for its name."""
    return Choice.of(action, target=target, label=label.format(target))


@lru_cache(maxsize=4096)
def move_to(move: tuple[str, str], zone: str) -> Choice:
    """A move (action and label from MOVE_LABELS) ending in `zone`."""
    return Choice.of(move[0], to=zone, label=f"{move[1]} to {zone}")


@lru_cache(maxsize=4096)
def launch_at(ordnance: str, target: str) -> Choice:
    return Choice.of(
        "launch", target=target, ordnance=ordnance, label=f"Launch a {ordnance} at {target}"
    )
