"""Zone maps for Fate Core, Tachyon Squadron and Star Wars: named zones joined by borders.

Names are looked up case-insensitively but keep the spelling they were defined with. Adjacency
is undirected and must be listed on both zones; a border may carry a barrier (Fate Core: the
difficulty of the overcome roll to cross it).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from itertools import pairwise
from types import MappingProxyType
from typing import Any, Final

from shiftdrive.core.records import by_fields
from shiftdrive.maps.errors import MapError

_ZONE_FIELDS: Final = ("name", "aspects", "end_zone", "adjacent", "flags")
_BARRIER_FIELDS: Final = ("between", "difficulty")


@dataclass(frozen=True, slots=True)
class Zone:
    """One zone: its aspects, its neighbours by name and ruleset flags (end zones for TS)."""

    name: str
    aspects: tuple[str, ...] = ()
    adjacent: tuple[str, ...] = ()
    end_zone: bool = False
    flags: frozenset[str] = field(default_factory=frozenset)

    def __reduce__(self) -> tuple[Any, ...]:
        return by_fields(self)  # a map pickles and copies in the compiled build too


@dataclass(frozen=True, slots=True)
class Barrier:
    """A border that must be overcome to cross, at `difficulty` (Fate Core movement)."""

    between: tuple[str, str]
    difficulty: int

    def __reduce__(self) -> tuple[Any, ...]:
        return by_fields(self)


def _key(name: str) -> str:
    return name.strip().casefold()


class ZoneMap:
    """A validated, immutable zone graph with cached breadth-first distances."""

    __slots__ = ("_adj", "_barriers", "_by_key", "_cache", "_from", "_pairs", "_zones")

    def __init__(self, zones: Iterable[Zone], barriers: Iterable[Barrier] = ()) -> None:
        raw = tuple(zones)
        by_key: dict[str, Zone] = {}
        for z in raw:
            if not isinstance(z.name, str) or not z.name.strip():
                raise MapError(f"zone names must be non-empty text, got {z.name!r}")
            k = _key(z.name)
            if k in by_key:
                raise MapError(f"zone {z.name!r} is defined twice (also as {by_key[k].name!r})")
            by_key[k] = z
        if not by_key:
            raise MapError("a zone map needs at least one zone")
        raw_barriers = tuple(barriers)
        _check(raw, by_key, raw_barriers)
        # Normalise every reference to the defining spelling.
        zones_out = tuple(
            Zone(
                name=z.name,
                aspects=tuple(z.aspects),
                adjacent=tuple(by_key[_key(n)].name for n in z.adjacent),
                end_zone=z.end_zone,
                flags=frozenset(z.flags),
            )
            for z in raw
        )
        self._zones: tuple[Zone, ...] = zones_out
        self._by_key: Mapping[str, Zone] = MappingProxyType({_key(z.name): z for z in zones_out})
        self._adj: Mapping[str, tuple[str, ...]] = MappingProxyType(
            {_key(z.name): z.adjacent for z in zones_out}
        )
        self._barriers: Mapping[frozenset[str], Barrier] = MappingProxyType(
            {
                frozenset(_key(n) for n in b.between): Barrier(
                    (by_key[_key(b.between[0])].name, by_key[_key(b.between[1])].name),
                    b.difficulty,
                )
                for b in raw_barriers
            }
        )
        self._cache: dict[str, Mapping[str, int]] = {}
        #: `distances_from` by the name as given (most callers pass the defining spelling)
        self._from: dict[str, Mapping[str, int]] = {}
        self._pairs: dict[tuple[str, str], int | None] = {}

    # construction

    @classmethod
    def from_edges(cls, names: Iterable[str], edges: Iterable[tuple[str, str]] = ()) -> ZoneMap:
        """Quick build from names and undirected borders (each listed once)."""
        order = list(names)
        adjacent: dict[str, list[str]] = {_key(n): [] for n in order}
        for a, b in edges:
            for x, y in ((a, b), (b, a)):
                if _key(x) not in adjacent:
                    raise MapError(f"border ({a!r}, {b!r}) names unknown zone {x!r}")
                if _key(y) not in (_key(n) for n in adjacent[_key(x)]):
                    adjacent[_key(x)].append(y)
        return cls(Zone(n, adjacent=tuple(adjacent[_key(n)])) for n in order)

    @classmethod
    def chain(cls, names: Iterable[str]) -> ZoneMap:
        """Zones in a row, each bordering the next (range bands as zones)."""
        order = list(names)
        return cls.from_edges(order, pairwise(order))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ZoneMap:
        """Read {"zones": [{"name", "aspects", "end_zone", "adjacent", "flags"}], "barriers":
        [{"between": [a, b], "difficulty": n}]}; errors name the zone and field."""
        if not isinstance(data, Mapping):
            raise MapError(f"a zone map must be a mapping, got {type(data).__name__}")
        for key in data:
            if key not in ("zones", "barriers"):
                raise MapError(f"zone map: unknown field {key!r} (fields: barriers, zones)")
        if "zones" not in data:
            raise MapError("zone map: field 'zones' is missing")
        items = data["zones"]
        if not isinstance(items, list):
            raise MapError(f"zone map: field 'zones' must be a list, got {items!r}")
        zones = [_zone_from_dict(item, i) for i, item in enumerate(items)]
        raw_barriers = data.get("barriers", [])
        if not isinstance(raw_barriers, list):
            raise MapError(f"zone map: field 'barriers' must be a list, got {raw_barriers!r}")
        barriers = [_barrier_from_dict(item, i) for i, item in enumerate(raw_barriers)]
        return cls(zones, barriers)

    def to_dict(self) -> dict[str, Any]:
        """The `from_dict` shape; "flags" and "barriers" only appear when non-empty."""
        zones: list[dict[str, Any]] = []
        for z in self._zones:
            entry: dict[str, Any] = {
                "name": z.name,
                "aspects": list(z.aspects),
                "end_zone": z.end_zone,
                "adjacent": list(z.adjacent),
            }
            if z.flags:
                entry["flags"] = sorted(z.flags)
            zones.append(entry)
        out: dict[str, Any] = {"zones": zones}
        if self._barriers:
            out["barriers"] = [
                {"between": list(b.between), "difficulty": b.difficulty}
                for b in self._barriers.values()
            ]
        return out

    def validate(self) -> None:
        """Raise MapError naming the first bad entry: unknown or duplicate neighbour, a self-loop,
        a one-sided border, or a barrier on a non-border. (The constructor already calls this.)"""
        _check(self._zones, dict(self._by_key), tuple(self._barriers.values()))

    # container protocol

    @property
    def zones(self) -> tuple[Zone, ...]:
        return self._zones

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(z.name for z in self._zones)

    @property
    def barriers(self) -> tuple[Barrier, ...]:
        return tuple(self._barriers.values())

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and _key(name) in self._by_key

    def __iter__(self) -> Iterator[Zone]:
        return iter(self._zones)

    def __len__(self) -> int:
        return len(self._zones)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ZoneMap):
            return NotImplemented
        return self._zones == other._zones and dict(self._barriers) == dict(other._barriers)

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple[type[ZoneMap], tuple[tuple[Zone, ...], tuple[Barrier, ...]]]:
        """Pickle (and deep-copy) as the zones and barriers it was built from."""
        return ZoneMap, (self._zones, tuple(self._barriers.values()))

    def __repr__(self) -> str:
        return f"ZoneMap({', '.join(self.names)})"

    # queries

    def zone(self, name: str) -> Zone:
        """The zone called `name` (any case); MapError listing the zones if there is none."""
        z = self._by_key.get(_key(name)) if isinstance(name, str) else None
        if z is None:
            raise MapError(f"no zone named {name!r} (zones: {', '.join(self.names)})")
        return z

    def canonical(self, name: str) -> str:
        """The defining spelling of a zone name."""
        return self.zone(name).name

    def adjacent(self, a: str, b: str) -> bool:
        """True when a and b share a border (a zone is not adjacent to itself)."""
        return self.canonical(b) in self._adj[_key(self.canonical(a))]

    def neighbours(self, a: str) -> tuple[str, ...]:
        """Zones bordering `a`, in the order its definition lists them."""
        return self._adj[_key(self.canonical(a))]

    def barrier(self, a: str, b: str) -> int:
        """Barrier difficulty on the border between a and b; 0 when there is none."""
        found = self._barriers.get(frozenset((_key(self.canonical(a)), _key(self.canonical(b)))))
        return found.difficulty if found else 0

    def end_zones(self) -> list[str]:
        """Zones flagged as end zones (Tachyon Squadron: fighters can leave from here)."""
        return [z.name for z in self._zones if z.end_zone]

    def distances_from(self, a: str) -> Mapping[str, int]:
        """Zones reachable from `a` with their distance in borders crossed (kept for the map:
        read it, never change it; a plain dict, read at every shot a crew weighs).

        Unreachable zones are absent.
        """
        try:
            given = self._from.get(a)
        except TypeError:  # not a name (refused just below)
            given = None
        if given is not None:
            return given
        start = self.canonical(a)
        k = _key(start)
        cached = self._cache.get(k)
        if cached is not None:
            self._from[a] = cached
            return cached
        dist: dict[str, int] = {start: 0}
        queue: deque[str] = deque([start])
        while queue:
            here = queue.popleft()
            for n in self._adj[_key(here)]:
                if n not in dist:
                    dist[n] = dist[here] + 1
                    queue.append(n)
        self._cache[k] = self._from[a] = dist
        return dist

    def distance(self, a: str, b: str) -> int | None:
        """Borders crossed on the shortest route (barriers ignored); None when unreachable.

        Remembered per pair of names as given: rulesets ask this thousands of times a battle.
        """
        try:
            return self._pairs[a, b]
        except (KeyError, TypeError):  # not asked yet, or not names (refused just below)
            pass
        d = self.distances_from(a).get(self.canonical(b))
        self._pairs[a, b] = d
        return d

    def within(self, a: str, n: int) -> list[str]:
        """Zones at distance <= n from `a` (including `a`), nearest first."""
        return [name for name, d in self.distances_from(a).items() if d <= n]

    def path(self, a: str, b: str) -> list[str] | None:
        """A shortest route from a to b, both included; None when unreachable.

        Deterministic: at each step the first-listed neighbour that gets closer is taken.
        """
        start, goal = self.canonical(a), self.canonical(b)
        back = self.distances_from(goal)
        if start not in back:
            return None
        route = [start]
        here = start
        while here != goal:
            here = next(n for n in self._adj[_key(here)] if back.get(n) == back[here] - 1)
            route.append(here)
        return route

    def to_text(self) -> str:
        """One line per zone for a person: name, end-zone mark, aspects, borders and barriers."""
        lines: list[str] = []
        for z in self._zones:
            head = z.name + (" [end zone]" if z.end_zone else "")
            if z.flags:
                head += f" [{', '.join(sorted(z.flags))}]"
            borders = [
                n + (f" (barrier {self.barrier(z.name, n)})" if self.barrier(z.name, n) else "")
                for n in z.adjacent
            ]
            line = f"{head}: adjacent to {', '.join(borders) or 'nothing'}"
            if z.aspects:
                line += f"; aspects: {', '.join(z.aspects)}"
            lines.append(line)
        return "\n".join(lines)


def _check(
    zones: tuple[Zone, ...], by_key: Mapping[str, Zone], barriers: tuple[Barrier, ...]
) -> None:
    for z in zones:
        seen: set[str] = set()
        for n in z.adjacent:
            if not isinstance(n, str):
                raise MapError(f"zone {z.name!r}: field 'adjacent' holds {n!r}, not a zone name")
            k = _key(n)
            if k not in by_key:
                raise MapError(
                    f"zone {z.name!r}: field 'adjacent' names unknown zone {n!r} "
                    f"(zones: {', '.join(x.name for x in zones)})"
                )
            if k == _key(z.name):
                raise MapError(f"zone {z.name!r}: field 'adjacent' lists the zone itself")
            if k in seen:
                raise MapError(f"zone {z.name!r}: field 'adjacent' lists {n!r} twice")
            seen.add(k)
            other = by_key[k]
            if _key(z.name) not in {_key(m) for m in other.adjacent}:
                raise MapError(
                    f"zone {z.name!r}: field 'adjacent' lists {other.name!r}, "
                    f"but {other.name!r} does not list {z.name!r}"
                )
    borders: set[frozenset[str]] = set()
    for i, b in enumerate(barriers):
        label = f"barrier #{i + 1}"
        if len(b.between) != 2:
            raise MapError(f"{label}: field 'between' must name two zones, got {b.between!r}")
        keys = []
        for n in b.between:
            if not isinstance(n, str) or _key(n) not in by_key:
                raise MapError(f"{label}: field 'between' names unknown zone {n!r}")
            keys.append(_key(n))
        first, second = by_key[keys[0]], by_key[keys[1]]
        if keys[1] not in {_key(m) for m in first.adjacent}:
            raise MapError(
                f"{label}: field 'between': {first.name!r} and {second.name!r} do not border"
            )
        pair = frozenset(keys)
        if pair in borders:
            raise MapError(f"{label}: field 'between': that border already has a barrier")
        borders.add(pair)
        if isinstance(b.difficulty, bool) or not isinstance(b.difficulty, int):
            raise MapError(
                f"{label}: field 'difficulty' must be a whole number, got {b.difficulty!r}"
            )


def _str_list(value: object, where: str, fieldname: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise MapError(f"{where}: field {fieldname!r} must be a list of text, got {value!r}")
    return tuple(value)


def _zone_from_dict(item: object, index: int) -> Zone:
    where = f"zone #{index + 1}"
    if not isinstance(item, Mapping):
        raise MapError(f"{where}: must be a mapping with a 'name', got {item!r}")
    name = item.get("name")
    if "name" not in item:
        raise MapError(f"{where}: field 'name' is missing")
    if not isinstance(name, str) or not name.strip():
        raise MapError(f"{where}: field 'name' must be non-empty text, got {name!r}")
    where = f"zone {name!r}"
    for key in item:
        if key not in _ZONE_FIELDS:
            raise MapError(f"{where}: unknown field {key!r} (fields: {', '.join(_ZONE_FIELDS)})")
    end_zone = item.get("end_zone", False)
    if not isinstance(end_zone, bool):
        raise MapError(f"{where}: field 'end_zone' must be true or false, got {end_zone!r}")
    return Zone(
        name=name,
        aspects=_str_list(item.get("aspects", []), where, "aspects"),
        adjacent=_str_list(item.get("adjacent", []), where, "adjacent"),
        end_zone=end_zone,
        flags=frozenset(_str_list(item.get("flags", []), where, "flags")),
    )


def _barrier_from_dict(item: object, index: int) -> Barrier:
    where = f"barrier #{index + 1}"
    if not isinstance(item, Mapping):
        raise MapError(f"{where}: must be a mapping with 'between' and 'difficulty', got {item!r}")
    for key in _BARRIER_FIELDS:
        if key not in item:
            raise MapError(f"{where}: field {key!r} is missing")
    for key in item:
        if key not in _BARRIER_FIELDS:
            raise MapError(f"{where}: unknown field {key!r} (fields: between, difficulty)")
    between = _str_list(item["between"], where, "between")
    if len(between) != 2:
        raise MapError(f"{where}: field 'between' must name two zones, got {list(between)!r}")
    difficulty = item["difficulty"]
    if isinstance(difficulty, bool) or not isinstance(difficulty, int):
        raise MapError(f"{where}: field 'difficulty' must be a whole number, got {difficulty!r}")
    return Barrier((between[0], between[1]), difficulty)
