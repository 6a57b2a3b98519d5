"""Choices a seat can make, with a text form that parses back ("attack target=Zird skill=Fight")."""

from __future__ import annotations

import json
import shlex
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Generic, TypeVar

Param = str | int | bool | None
K = TypeVar("K")

#: how many choices a `Kept` holds before it forgets them all
KEPT: Final = 4096


class ChoiceSyntaxError(ValueError):
    """Text that is not a choice."""


def _format_value(value: Param) -> str:
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, int):
        return str(value)
    return shlex.quote(value) if value else "''"


def _parse_value(text: str) -> Param:
    if text in ("true", "false", "null"):
        parsed: Param = json.loads(text)
        return parsed
    try:
        return int(text)
    except ValueError:
        return text


@dataclass(slots=True, init=False, eq=False)
class Choice:
    """One legal (or proposed) decision. Equality ignores the label, which is only for people.

    `free` names parameters a seat may fill with its own text (an aspect's name): a proposed
    choice matches a legal one when everything else is equal.

    A value, never changed once made (one object serves every battle that lists it). Not a
    frozen dataclass, with `__init__`, `__eq__` and `__hash__` written out: listing what a unit
    may do makes choices all battle long, frozen fields are set through `object.__setattr__`,
    and the compiled build leaves a dataclass's generated methods interpreted.
    """

    action: str
    params: tuple[tuple[str, Param], ...]
    label: str
    free: tuple[str, ...]
    # `params` by name: rules and bots read parameters far more often than they build choices.
    _named: dict[str, Param] = field(init=False, repr=False)
    # `text()` once worded (a bot breaking ties by it asks again and again)
    _text: str | None = field(init=False, repr=False)

    def __init__(
        self,
        action: str,
        params: tuple[tuple[str, Param], ...] = (),
        label: str = "",
        free: tuple[str, ...] = (),
        named: dict[str, Param] | None = None,
    ) -> None:
        """`named` is `params` as a dict, when the caller has one already (`of`)."""
        self.action = action
        self.params = params
        self.label = label
        self.free = free
        self._named = dict(params) if named is None else named
        self._text = None

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Choice)
            and self.action == other.action
            and self.params == other.params
        )

    def __hash__(self) -> int:
        return hash((self.action, self.params))

    @classmethod
    def of(
        cls, action: str, label: str = "", free: tuple[str, ...] = (), **params: Param
    ) -> Choice:
        # Rulesets build thousands of these per battle when listing legal choices: skip
        # sorting when there is nothing to sort, and keep the keyword dict (this call's own).
        return cls(
            action,
            tuple(sorted(params.items())) if len(params) > 1 else (*params.items(),),
            label,
            free,
            params,
        )

    def get(self, name: str, default: Param = None) -> Param:
        return self._named.get(name, default)

    def str_param(self, name: str) -> str:
        value = self._named.get(name)  # not through `get`: ~400 reads a battle
        return value if isinstance(value, str) else ""

    def int_param(self, name: str, default: int = 0) -> int:
        value = self._named.get(name)
        return value if isinstance(value, int) and not isinstance(value, bool) else default

    def with_params(self, **params: Param) -> Choice:
        merged = dict(self.params)
        merged.update(params)
        return Choice(self.action, tuple(sorted(merged.items())), self.label, self.free)

    def matches(self, legal: Choice) -> bool:
        """True if this proposal is `legal`; the legal choice's free parameters may differ."""
        if self.action != legal.action:
            return False
        mine = dict(self.params)
        theirs = dict(legal.params)
        if mine.keys() != theirs.keys():
            return False
        for key, value in theirs.items():
            if key in legal.free:
                if not isinstance(mine[key], str) or not str(mine[key]).strip():
                    return False
            elif mine[key] != value:
                return False
        return True

    def text(self) -> str:
        text = self._text
        if text is None:
            parts = [self.action] + [f"{k}={_format_value(v)}" for k, v in self.params]
            text = self._text = " ".join(parts)
        return text

    def __str__(self) -> str:
        return self.label or self.text()

    @classmethod
    def parse(cls, text: str) -> Choice:
        """Read the text form written by text()."""
        try:
            tokens = shlex.split(text)
        except ValueError as exc:
            raise ChoiceSyntaxError(f"cannot read choice {text!r}: {exc}") from None
        if not tokens:
            raise ChoiceSyntaxError("empty choice")
        params: dict[str, Param] = {}
        for token in tokens[1:]:
            key, sep, value = token.partition("=")
            if not sep or not key:
                raise ChoiceSyntaxError(f"cannot read {token!r} in {text!r}: expected name=value")
            params[key] = _parse_value(value)
        return cls(tokens[0], tuple(sorted(params.items())))

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, **dict(self.params)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Choice:
        if not isinstance(data, Mapping) or not isinstance(data.get("action"), str):
            raise ChoiceSyntaxError("a choice needs an 'action' string")
        params: dict[str, Param] = {}
        for key, value in data.items():
            if key == "action":
                continue
            if not isinstance(value, str | int | bool) and value is not None:
                raise ChoiceSyntaxError(f"choice parameter {key!r} must be text, number or bool")
            params[key] = value
        return cls(data["action"], tuple(sorted(params.items())))


class Kept(Generic[K]):
    """Choices made once each, by a key holding everything the choice is made of (its label
    too): a choice is a value, and a battle's menus list the same few again and again (one
    serves every battle). Forgets them all once it holds `KEPT` (a server plays on and on)."""

    __slots__ = ("made",)

    def __init__(self) -> None:
        self.made: dict[K, Choice] = {}

    def get(self, key: K) -> Choice | None:
        return self.made.get(key)

    def keep(self, key: K, choice: Choice) -> Choice:
        """Remember `choice` as the one made of `key`; returns it."""
        if len(self.made) >= KEPT:
            self.made.clear()
        self.made[key] = choice
        return choice
