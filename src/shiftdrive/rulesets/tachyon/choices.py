"""Choices as menus list them, each made once per name (choices are frozen, so one object
serves every battle: listing what a unit may do makes hundreds a battle, mostly the same)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType

from shiftdrive.engine.actions import ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.rulesets.tachyon.state import (
    Unit,
)


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
def move_to(action: str, label: str, zone: str) -> Choice:
    """A move ending in `zone`."""
    return Choice.of(action, to=zone, label=f"{label} to {zone}")


@lru_cache(maxsize=4096)
def launch_at(ordnance: str, target: str) -> Choice:
    return Choice.of(
        "launch", target=target, ordnance=ordnance, label=f"Launch a {ordnance} at {target}"
    )


def kinds(**params: ParamKind) -> Mapping[str, ParamKind]:
    """An action's parameter kinds (read only: one mapping serves every choice)."""
    return MappingProxyType(params)
