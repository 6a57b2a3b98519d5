"""Aspects and their free invokes (RULINGS C4-C6, C9).

An aspect may sit on a character (`owner`) or on the scene / a zone (`owner is None`). Free
invokes are held by a named character (the *holder*), who alone may spend them. A boost is an
aspect with one free invoke that vanishes when invoked or at the end of its holder's next turn
(C6); `expires_after` names that holder.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final, Self

from shiftdrive.core.errors import RuleError


class AspectKind(StrEnum):
    GAME = "game"
    CHARACTER = "character"
    SITUATION = "situation"
    BOOST = "boost"
    CONSEQUENCE = "consequence"


#: how many names `_key` remembers before forgetting them all (a server reads name after name)
KEYS_KEPT: Final = 4096
_KEYS: dict[str, str] = {}


def _key(name: str) -> str:
    """The name as the index knows it (trimmed, case folded): remembered per name, as a
    battle looks up the same few names thousands of times (folding makes two new strings)."""
    found = _KEYS.get(name)
    if found is None:
        if len(_KEYS) >= KEYS_KEPT:
            _KEYS.clear()
        found = _KEYS[name] = name.strip().casefold()
    return found


@dataclass(slots=True, init=False)
class Aspect:
    """One aspect. `free_invokes` maps holder name -> count (never stores zero counts)."""

    name: str
    kind: AspectKind
    owner: str | None = None
    free_invokes: dict[str, int] = field(default_factory=dict)
    hidden: bool = False
    zone: str | None = None
    expires_after: str | None = None
    #: the set the aspect is in (told when its free invokes change: `AspectSet.holding_free`)
    in_set: AspectSet | None = field(default=None, repr=False, compare=False)

    def __init__(
        self,
        name: str,
        kind: AspectKind | str,
        owner: str | None = None,
        free_invokes: dict[str, int] | None = None,
        hidden: bool = False,
        zone: str | None = None,
        expires_after: str | None = None,
    ) -> None:
        # Written out, not generated: the compiled build (mypyc) leaves a dataclass's own
        # __init__ interpreted, and boosts and positions make aspects all battle long.
        if not name.strip():
            raise RuleError("an aspect needs a name")
        free = {} if free_invokes is None else free_invokes
        for holder, count in free.items():
            if count < 1:
                raise RuleError(f"{holder} cannot hold {count} free invokes on '{name}'")
        self.name = name
        # (the enum call costs more than the check)
        self.kind = kind if type(kind) is AspectKind else AspectKind(kind)
        self.owner = owner
        self.free_invokes = free
        self.hidden = hidden
        self.zone = zone
        self.expires_after = expires_after
        self.in_set = None

    @classmethod
    def boost(
        cls, name: str, holder: str, *, owner: str | None = None, zone: str | None = None
    ) -> Aspect:
        """A boost (C6): one free invoke for `holder`, gone at the end of their next turn."""
        return cls(name, AspectKind.BOOST, owner, {holder: 1}, zone=zone, expires_after=holder)

    def free_for(self, holder: str) -> int:
        return self.free_invokes.get(holder, 0)

    def add_free(self, holder: str, n: int = 1) -> None:
        if n < 1:
            raise RuleError(f"cannot give {n} free invokes on '{self.name}'")
        free = self.free_invokes
        if not free and self.in_set is not None:  # (it holds one now)
            self.in_set.forget_holding()
        free[holder] = free.get(holder, 0) + n

    def use_free(self, holder: str) -> None:
        count = self.free_invokes.get(holder, 0)
        if count < 1:
            raise RuleError(f"{holder} has no free invokes on '{self.name}'")
        if count == 1:
            del self.free_invokes[holder]
            if not self.free_invokes and self.in_set is not None:  # (it holds none now)
                self.in_set.forget_holding()
        else:
            self.free_invokes[holder] = count - 1

    def total_free(self) -> int:
        return sum(self.free_invokes.values())

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "kind": self.kind.value,
            "owner": self.owner,
            "free_invokes": dict(self.free_invokes),
            "hidden": self.hidden,
            "zone": self.zone,
            "expires_after": self.expires_after,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        return cls(
            name=str(data["name"]),
            kind=AspectKind(data["kind"]),
            owner=data.get("owner"),
            free_invokes={str(k): int(v) for k, v in data.get("free_invokes", {}).items()},
            hidden=bool(data.get("hidden", False)),
            zone=data.get("zone"),
            expires_after=data.get("expires_after"),
        )


@dataclass(slots=True)
class AspectSet:
    """Aspects in the order they were added, looked up by name without regard to case.

    Change the set through its methods (add, remove, rename) and its aspects'
    free invokes through theirs (add_free, use_free): they keep the name index that makes a
    lookup one dict access (battles look names up thousands of times) and the aspects that
    hold free invokes (`holding_free`: every roll priced and every invoke window reads them).
    """

    aspects: list[Aspect] = field(default_factory=list)
    _by_key: dict[str, Aspect] = field(default_factory=dict, init=False, repr=False, compare=False)
    #: `holding_free`, until an aspect joins or leaves, or comes to hold free invokes or holds
    #: none any more (None: worked out at the next ask)
    _holding: list[Aspect] | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for aspect in self.aspects:
            key = _key(aspect.name)
            if key in self._by_key:
                raise RuleError(f"there is already an aspect named '{aspect.name}'")
            self._by_key[key] = aspect
            aspect.in_set = self

    def _index(self) -> dict[str, Aspect]:
        """The name index, rebuilt if the list was changed behind the set's back."""
        if len(self._by_key) != len(self.aspects):
            self._by_key = {_key(a.name): a for a in self.aspects}
            for a in self.aspects:
                a.in_set = self
            self._holding = None
        return self._by_key

    def holding_free(self) -> list[Aspect]:
        """The aspects holding a free invoke, in the set's order (most hold none, and a walk
        for free invokes reads these only). Read it, never change it."""
        found = self._holding
        if found is None:
            found = self._holding = [a for a in self.aspects if a.free_invokes]
        return found

    def forget_holding(self) -> None:
        """An aspect of the set came to hold free invokes, or holds none any more."""
        self._holding = None

    def unique_name(self, name: str) -> str:
        """`name`, or `name (2)`, `name (3)`… when an aspect of that name is in play already
        (two boosts of one name must stay two aspects)."""
        if name not in self:
            return name
        n = 2
        while f"{name} ({n})" in self:
            n += 1
        return f"{name} ({n})"

    def find(self, name: str) -> Aspect | None:
        return self._index().get(_key(name))

    def get(self, name: str) -> Aspect:
        aspect = self.find(name)
        if aspect is None:
            raise RuleError(f"no aspect named '{name}'")
        return aspect

    def add(self, aspect: Aspect) -> Aspect:
        existing = self.find(aspect.name)
        if existing is not None:
            raise RuleError(f"there is already an aspect named '{existing.name}'")
        self.aspects.append(aspect)
        self._by_key[_key(aspect.name)] = aspect
        aspect.in_set = self
        self._holding = None
        return aspect

    def remove(self, name: str) -> Aspect:
        aspect = self.get(name)
        # By identity: list.remove would compare the dataclass fields of every earlier aspect
        # (names are unique, so it is the same one).
        for i, x in enumerate(self.aspects):
            if x is aspect:
                del self.aspects[i]
                break
        del self._by_key[_key(aspect.name)]
        aspect.in_set = None
        self._holding = None
        return aspect

    def rename(self, old: str, new: str) -> Aspect:
        """Rename an aspect in place (e.g. an extreme consequence replacing an aspect)."""
        aspect = self.get(old)
        clash = self.find(new)
        if clash is not None and clash is not aspect:
            raise RuleError(f"there is already an aspect named '{clash.name}'")
        if not new.strip():
            raise RuleError("an aspect needs a name")
        del self._by_key[_key(aspect.name)]
        aspect.name = new
        self._by_key[_key(new)] = aspect
        return aspect

    def __iter__(self) -> Iterator[Aspect]:
        return iter(list(self.aspects))

    def __len__(self) -> int:
        return len(self.aspects)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and _key(name) in self._index()

    def on(self, owner: str | None) -> list[Aspect]:
        """Aspects on a character; `on(None)` gives the scene and zone aspects."""
        return [a for a in self.aspects if a.owner == owner]

    def in_zone(self, zone: str) -> list[Aspect]:
        return [a for a in self.aspects if a.zone == zone]

    def with_free_for(self, holder: str) -> list[Aspect]:
        return [a for a in self.aspects if a.free_for(holder) > 0]

    def to_json(self) -> dict[str, Any]:
        return {"aspects": [a.to_json() for a in self.aspects]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        return cls([Aspect.from_json(a) for a in data.get("aspects", [])])
