"""Choices as the menus list them, each made once per action and parameters: a choice is a
value, so one object serves every battle that lists it (a battle lists hundreds, mostly the
same few)."""

from __future__ import annotations

from functools import lru_cache

from shiftdrive.engine.choices import Choice, Param


@lru_cache(maxsize=4096)
def made(action: str, **params: Param) -> Choice:
    """`Choice.of(action, **params)`, made the first time it is asked for."""
    return Choice.of(action, "", (), **params)
