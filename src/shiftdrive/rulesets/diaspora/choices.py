"""Choices and turns as the rules list them, each made once per action (or kind) and
parameters: both are values, so one object serves every battle that lists it (a battle lists
hundreds, mostly the same few, and a frozen `Turn` is slow to make)."""

from __future__ import annotations

from functools import lru_cache

from shiftdrive.engine.choices import Choice, Param
from shiftdrive.engine.ruleset import Turn


@lru_cache(maxsize=4096)
def made(action: str, **params: Param) -> Choice:
    """`Choice.of(action, **params)`, made the first time it is asked for."""
    return Choice.of(action, "", (), **params)


@lru_cache(maxsize=1024)
def made_each(
    action: str, name: str, values: range | tuple[Param, ...], **fixed: Param
) -> tuple[Choice, ...]:
    """`made(action, **fixed)` with parameter `name` set to each of `values`, in order: made
    once per list (a menu lists the same few lists all battle long)."""
    return tuple([made(action, **fixed, **{name: value}) for value in values])


@lru_cache(maxsize=1024)
def made_turn(
    seat: str, kind: str, actor: str | None, secret: bool = False, window: str | None = None
) -> Turn:
    """`Turn(seat, kind, actor, secret, window)`, made the first time it is asked for."""
    return Turn(seat, kind, actor, secret, window)


@lru_cache(maxsize=1024)
def made_window(seat: str, kind: str, actor: str | None) -> Turn:
    """The turn of a window of `kind` (invokes, compels, a tie), made the first time it is
    asked for: every roll opens one (positional arguments: a keyword makes the cache's key
    anew each call)."""
    return Turn(seat, kind, actor, False, kind)
