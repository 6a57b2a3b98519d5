"""Hex grids for Fully Automated! and Pilot Wave: axial coordinates, lines, terrain, movement
costs and sight (walks and paths over a map: `hexwalks`).

Hexes are pointy-topped with axial coordinates (q, r); r grows southward, q eastward, and the
third cube coordinate is s = -q - r. Rectangular maps use "odd-r" offset rows (odd rows are
shifted half a hex east), which is also how `HexMap.to_text` draws them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Final, NamedTuple

from shiftdrive.maps.errors import MapError

# Nudge for line drawing: breaks ties when a line runs exactly along a hex edge. The three parts
# sum to zero so the nudged point stays on the q + r + s = 0 plane.
_NUDGE: Final = (1e-6, 2e-6, -3e-6)

_HEX_TEXT: Final = re.compile(
    r"\s*(?:\(\s*(?P<pq>[+-]?[0-9]+)\s*,\s*(?P<pr>[+-]?[0-9]+)\s*\)"
    r"|(?P<q>[+-]?[0-9]+)\s*,\s*(?P<r>[+-]?[0-9]+))\s*"
)


class Hex(NamedTuple):
    """One hex in axial coordinates; hashable and ordered (by q, then r) so maps are sortable.

    A named tuple rather than a dataclass: path search and line-of-sight tables hash and compare
    hexes millions of times a battle, and a tuple does both in C. (So a Hex also equals the plain
    tuple (q, r); `+` adds offsets rather than concatenating.)
    """

    q: int
    r: int

    @property
    def s(self) -> int:
        """Third cube coordinate, so that q + r + s == 0."""
        return -self.q - self.r

    def __add__(self, other: object) -> Hex:
        if not isinstance(other, Hex):
            return NotImplemented
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: object) -> Hex:
        if not isinstance(other, Hex):
            return NotImplemented
        return Hex(self.q - other.q, self.r - other.r)

    # A tuple would repeat or concatenate; a hex refuses (use `scale` and `+` between hexes).
    def __radd__(self, other: object) -> Hex:
        raise TypeError(f"cannot add a hex to {type(other).__name__}")

    def __mul__(self, other: object) -> Hex:
        return NotImplemented

    def __rmul__(self, other: object) -> Hex:
        return NotImplemented

    def scale(self, k: int) -> Hex:
        """This offset k times over (used to step k hexes in one direction)."""
        return Hex(self.q * k, self.r * k)

    def __str__(self) -> str:
        return f"{self.q},{self.r}"

    @classmethod
    def parse(cls, text: str) -> Hex:
        """Read "q,r" (also "(q,r)", spaces allowed); str() of the result parses back."""
        if not isinstance(text, str):
            raise MapError(f"cannot read hex {text!r}: expected 'q,r' such as '2,-1'")
        return _parse_hex(text)

    def distance(self, other: Hex) -> int:
        """Number of steps between two hexes (the hex metric)."""
        dq, dr = self.q - other.q, self.r - other.r
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def neighbours(self) -> list[Hex]:
        """The six adjacent hexes, in `DIRECTIONS` order (E, NE, NW, W, SW, SE)."""
        return [Hex(self.q + d.q, self.r + d.r) for d in DIRECTIONS]

    def is_adjacent(self, other: Hex) -> bool:
        """True when the two hexes share an edge."""
        return self.distance(other) == 1

    def line_to(self, other: Hex) -> list[Hex]:
        """Hexes on the straight line to `other`, both ends included (nudged +epsilon).

        Along a hex edge the line could go either way; the nudge makes it deterministic. Use
        `line_to_both` when a ruling depends on both choices (cover along an edge).
        """
        return _line(self, other, 1.0)

    def line_to_both(self, other: Hex) -> tuple[list[Hex], list[Hex]]:
        """The line nudged +epsilon and -epsilon; they differ only where it runs along edges."""
        return _line(self, other, 1.0), _line(self, other, -1.0)

    def ring(self, radius: int) -> list[Hex]:
        """Hexes exactly `radius` away: from the south-west corner, heading east, then round
        counter-clockwise (6 * radius hexes; just this hex for radius 0)."""
        if radius < 0:
            raise MapError(f"ring radius must be 0 or more, got {radius}")
        if radius == 0:
            return [self]
        out: list[Hex] = []
        h = self + DIRECTIONS[4].scale(radius)
        for d in DIRECTIONS:
            for _ in range(radius):
                out.append(h)
                h = h + d
        return out

    def spiral(self, radius: int) -> list[Hex]:
        """This hex, then rings 1 .. `radius`: every hex within reach, nearest first."""
        if radius < 0:
            raise MapError(f"spiral radius must be 0 or more, got {radius}")
        out = [self]
        for k in range(1, radius + 1):
            out.extend(self.ring(k))
        return out

    def within(self, radius: int) -> frozenset[Hex]:
        """Every hex at distance <= radius, as a set for membership tests (see `spiral`)."""
        return frozenset(self.spiral(radius))


DIRECTIONS: Final[tuple[Hex, ...]] = (
    Hex(1, 0),  # east
    Hex(1, -1),  # north-east
    Hex(0, -1),  # north-west
    Hex(-1, 0),  # west
    Hex(-1, 1),  # south-west
    Hex(0, 1),  # south-east
)
"""Unit steps to the six neighbours, counter-clockwise from east (pointy-top, r grows south)."""

DIRECTION_NAMES: Final[tuple[str, ...]] = ("E", "NE", "NW", "W", "SW", "SE")

ORIGIN: Final = Hex(0, 0)


@lru_cache(maxsize=4096)
def _parse_hex(text: str) -> Hex:
    """`Hex.parse` for text; remembered, since choices name the same few hexes over and over."""
    match = _HEX_TEXT.fullmatch(text)
    if not match:
        raise MapError(f"cannot read hex {text!r}: expected 'q,r' such as '2,-1'")
    q = match.group("q") if match.group("q") is not None else match.group("pq")
    r = match.group("r") if match.group("r") is not None else match.group("pr")
    return Hex(int(q), int(r))


def _cube_round(q: float, r: float, s: float) -> Hex:
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(rq, rr)


def _line(a: Hex, b: Hex, sign: float) -> list[Hex]:
    n = a.distance(b)
    if n == 0:
        return [a]
    eq, er, es = (sign * e for e in _NUDGE)
    aq, ar, as_ = a.q + eq, a.r + er, a.s + es
    dq, dr, ds = b.q - a.q, b.r - a.r, b.s - a.s
    return [_cube_round(aq + dq * i / n, ar + dr * i / n, as_ + ds * i / n) for i in range(n + 1)]


def offset_to_hex(col: int, row: int) -> Hex:
    """Convert "odd-r" offset coordinates (odd rows shifted east) to axial."""
    return Hex(col - (row - (row & 1)) // 2, row)


def hex_to_offset(h: Hex) -> tuple[int, int]:
    """Convert axial to "odd-r" offset (col, row); inverse of `offset_to_hex`."""
    return h.q + (h.r - (h.r & 1)) // 2, h.r


# --- terrain ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TerrainFlags:
    """What a kind of terrain does; data so a ruleset can override the defaults per map."""

    blocks_movement: bool = False
    blocks_sight: bool = False
    gives_cover: bool = False
    rough: bool = False
    obscures: bool = False  # seen through, but not clearly (smoke, foliage)


class Terrain(StrEnum):
    """Kinds of hex terrain; the value is the text form used in map files."""

    OPEN = "open"
    WALL = "wall"
    LOW_OBSTACLE = "low_obstacle"
    HIGH_OBSTACLE = "high_obstacle"
    ROUGH = "rough"
    SMOKE = "smoke"
    FOLIAGE = "foliage"

    @property
    def flags(self) -> TerrainFlags:
        """Default flags (see `DEFAULT_TERRAIN_FLAGS`); a `HexMap` may use others."""
        return DEFAULT_TERRAIN_FLAGS[self]

    @property
    def symbol(self) -> str:
        """One character for ASCII pictures."""
        return TERRAIN_SYMBOLS[self]

    @classmethod
    def parse(cls, text: str) -> Terrain:
        """Read a terrain name ('wall', 'Low obstacle', 'HIGH_OBSTACLE') or its symbol."""
        if isinstance(text, str):
            key = text.strip().lower().replace(" ", "_").replace("-", "_")
            for t in cls:
                if key == t.value or text.strip() == t.symbol:
                    return t
        names = ", ".join(t.value for t in cls)
        raise MapError(f"unknown terrain {text!r} (terrains: {names})")


DEFAULT_TERRAIN_FLAGS: Final[Mapping[Terrain, TerrainFlags]] = MappingProxyType(
    {
        Terrain.OPEN: TerrainFlags(),
        # Walls stop ships and lines of attack outright; nothing to take cover behind.
        Terrain.WALL: TerrainFlags(blocks_movement=True, blocks_sight=True),
        # Low obstacles can be stepped over at rough cost and give cover.
        Terrain.LOW_OBSTACLE: TerrainFlags(gives_cover=True, rough=True),
        # High obstacles cannot be entered and give cover, but can be seen (and shot) past.
        Terrain.HIGH_OBSTACLE: TerrainFlags(blocks_movement=True, gives_cover=True),
        Terrain.ROUGH: TerrainFlags(rough=True),
        # Smoke and foliage hide what lies behind them without stopping anyone.
        Terrain.SMOKE: TerrainFlags(obscures=True),
        Terrain.FOLIAGE: TerrainFlags(obscures=True),
    }
)

TERRAIN_SYMBOLS: Final[Mapping[Terrain, str]] = MappingProxyType(
    {
        Terrain.OPEN: ".",
        Terrain.WALL: "#",
        Terrain.LOW_OBSTACLE: "o",
        Terrain.HIGH_OBSTACLE: "O",
        Terrain.ROUGH: "~",
        Terrain.SMOKE: "%",
        Terrain.FOLIAGE: "*",
    }
)


# --- bounded maps ----------------------------------------------------------------------------


#: how many answers of line_of_sight a map remembers (then it starts again)
SIGHT_CACHE: Final = 50_000


class HexMap:
    """A bounded set of hexes with terrain; immutable, pure queries for movement and sight."""

    __slots__ = ("_flags", "_hexes", "_sight", "_terrain")

    def __init__(
        self,
        hexes: Iterable[Hex],
        terrain: Mapping[Hex, Terrain] | None = None,
        *,
        terrain_flags: Mapping[Terrain, TerrainFlags] | None = None,
    ) -> None:
        self._hexes: frozenset[Hex] = frozenset(hexes)
        if not self._hexes:
            raise MapError("a hex map needs at least one hex")
        cells: dict[Hex, Terrain] = {}
        for h, t in (terrain or {}).items():
            if h not in self._hexes:
                raise MapError(f"terrain given for hex {h} outside the map")
            if not isinstance(t, Terrain):
                raise MapError(f"terrain for hex {h} must be a Terrain, got {t!r}")
            if t is not Terrain.OPEN:
                cells[h] = t
        self._terrain: Mapping[Hex, Terrain] = MappingProxyType(cells)
        self._flags: Mapping[Terrain, TerrainFlags] = MappingProxyType(
            {**DEFAULT_TERRAIN_FLAGS, **(terrain_flags or {})}
        )
        #: line_of_sight's answers so far (the map never changes, bots ask the same pairs)
        self._sight: dict[tuple[Hex, Hex], bool] = {}

    # construction

    @classmethod
    def from_radius(
        cls,
        radius: int,
        terrain: Mapping[Hex, Terrain] | None = None,
        *,
        center: Hex = ORIGIN,
        terrain_flags: Mapping[Terrain, TerrainFlags] | None = None,
    ) -> HexMap:
        """A hexagon-shaped map: every hex within `radius` of `center`."""
        if radius < 0:
            raise MapError(f"map radius must be 0 or more, got {radius}")
        return cls(center.spiral(radius), terrain, terrain_flags=terrain_flags)

    @classmethod
    def from_rect(
        cls,
        width: int,
        height: int,
        terrain: Mapping[Hex, Terrain] | None = None,
        *,
        terrain_flags: Mapping[Terrain, TerrainFlags] | None = None,
    ) -> HexMap:
        """A rectangle of `width` columns by `height` rows in "odd-r" offset layout.

        Offset (col, row) becomes axial via `offset_to_hex`; the top-left hex is Hex(0, 0).
        """
        if width < 1 or height < 1:
            raise MapError(f"map width and height must be 1 or more, got {width}x{height}")
        hexes = [offset_to_hex(c, r) for r in range(height) for c in range(width)]
        return cls(hexes, terrain, terrain_flags=terrain_flags)

    def with_terrain(self, changes: Mapping[Hex, Terrain]) -> HexMap:
        """A copy with some hexes' terrain replaced (OPEN clears it)."""
        merged = {**self._terrain, **changes}
        return HexMap(self._hexes, merged, terrain_flags=self._flags)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> HexMap:
        """Read a map description: one of "radius", "width"+"height" or "hexes" (a list of
        "q,r"), plus optional "terrain" ({"q,r": "wall"}). Errors name the bad field."""
        if not isinstance(data, Mapping):
            raise MapError(f"a hex map must be a mapping, got {type(data).__name__}")
        known = {"radius", "width", "height", "hexes", "terrain"}
        for key in data:
            if key not in known:
                raise MapError(
                    f"hex map: unknown field {key!r} (fields: {', '.join(sorted(known))})"
                )
        shapes = [k for k in ("radius", "width", "hexes") if k in data]
        if len(shapes) != 1:
            raise MapError("hex map: give exactly one of 'radius', 'width'+'height' or 'hexes'")
        terrain = _read_terrain(data.get("terrain", {}))
        if "radius" in data:
            radius = _read_int(data, "radius")
            _bounded("radius", 3 * radius * (radius + 1) + 1 if radius > 0 else 1)
            return cls.from_radius(radius, terrain)
        if "width" in data:
            if "height" not in data:
                raise MapError("hex map: field 'height' is missing (needed with 'width')")
            width, height = _read_int(data, "width"), _read_int(data, "height")
            _bounded("width", max(width, 0) * max(height, 0))
            return cls.from_rect(width, height, terrain)
        raw = data["hexes"]
        if not isinstance(raw, list):
            raise MapError(f"hex map: field 'hexes' must be a list of 'q,r', got {raw!r}")
        _bounded("hexes", len(raw))
        return cls([_read_hex(item, "hexes") for item in raw], terrain)

    def to_dict(self) -> dict[str, Any]:
        """Explicit form for `from_dict`: sorted "hexes" and non-open "terrain" (flags not kept)."""
        return {
            "hexes": [str(h) for h in self],
            "terrain": {str(h): self._terrain[h].value for h in _reading_order(self._terrain)},
        }

    # container protocol

    @property
    def hexes(self) -> frozenset[Hex]:
        return self._hexes

    def __contains__(self, h: object) -> bool:
        return h in self._hexes

    def __iter__(self) -> Iterator[Hex]:
        """Hexes in reading order (row by row, west to east)."""
        return iter(_reading_order(self._hexes))

    def __len__(self) -> int:
        return len(self._hexes)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HexMap):
            return NotImplemented
        return (self._hexes, dict(self._terrain), dict(self._flags)) == (
            other._hexes,
            dict(other._terrain),
            dict(other._flags),
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"HexMap({len(self._hexes)} hexes, {len(self._terrain)} with terrain)"

    # terrain queries

    def in_bounds(self, h: Hex) -> bool:
        return h in self._hexes

    def terrain(self, h: Hex) -> Terrain:
        """Terrain of an in-bounds hex; MapError outside the map."""
        self._require(h)
        return self._terrain.get(h, Terrain.OPEN)

    def flags(self, h: Hex) -> TerrainFlags:
        """This map's flags for the terrain at `h`."""
        return self._flags[self.terrain(h)]

    def passable(self, h: Hex) -> bool:
        """In bounds and not blocked by terrain (other ships are the caller's `blocked`)."""
        return (
            h in self._hexes and not self._flags[self._terrain.get(h, Terrain.OPEN)].blocks_movement
        )

    def neighbours(self, h: Hex) -> list[Hex]:
        """Adjacent hexes that can be entered, in `DIRECTIONS` order."""
        return [n for n in h.neighbours() if self.passable(n)]

    def movement_cost(self, h: Hex) -> int:
        """Cost to enter `h`: 1, or 2 if its terrain is rough."""
        return 2 if self.flags(h).rough else 1

    def path_cost(self, path: Iterable[Hex]) -> int:
        """Total cost of walking `path` (the first hex is where you stand and costs nothing)."""
        it = iter(path)
        next(it, None)
        return sum(self.movement_cost(h) for h in it)

    # sight

    def hexes_between(self, a: Hex, b: Hex) -> list[Hex]:
        """Hexes strictly between a and b on the default (+epsilon) line, from a towards b."""
        return a.line_to(b)[1:-1]

    def line_of_sight(self, a: Hex, b: Hex) -> bool:
        """True unless sight-blocking terrain lies strictly between a and b on BOTH nudged lines.

        A line along a hex edge is open if either side is clear (you can see past a corner).
        Hexes off the map do not block; the end hexes themselves never block.
        """
        key = (a, b)
        seen = self._sight.get(key)
        if seen is None:
            lines = a.line_to_both(b)
            seen = any(not any(self._blocks_sight(h) for h in line[1:-1]) for line in lines)
            if len(self._sight) >= SIGHT_CACHE:
                self._sight.clear()
            self._sight[key] = seen
        return seen

    def _blocks_sight(self, h: Hex) -> bool:
        t = self._terrain.get(h)
        return t is not None and self._flags[t].blocks_sight

    # pictures

    def to_text(self, markers: Mapping[Hex, str] | None = None) -> str:
        """ASCII picture in "odd-r" rows, terrain symbols overlaid by markers (e.g. ship letters).

        All markers are padded to the longest one; a marker outside the map is a MapError.
        """
        marks = dict(markers or {})
        for h, mark in marks.items():
            self._require(h)
            if not mark:
                raise MapError(f"empty marker for hex {h}")
        width = max((len(m) for m in marks.values()), default=1)
        cells = {hex_to_offset(h): h for h in self._hexes}
        cols = [c for c, _ in cells]
        rows = [r for _, r in cells]
        lines: list[str] = []
        for row in range(min(rows), max(rows) + 1):
            parts: list[str] = [" " * width] if row & 1 else []
            for col in range(min(cols), max(cols) + 1):
                cell = cells.get((col, row))
                if cell is None:
                    text = ""
                elif cell in marks:
                    text = marks[cell]
                else:
                    text = self._terrain.get(cell, Terrain.OPEN).symbol
                parts.append(text.ljust(width) + " " * width)
            lines.append("".join(parts).rstrip())
        return "\n".join(lines)

    def _require(self, h: Hex) -> None:
        if h not in self._hexes:
            raise MapError(f"hex {h} is outside the map")


def _reading_order(hexes: Iterable[Hex]) -> list[Hex]:
    return sorted(hexes, key=lambda h: (h.r, h.q))


def _read_int(data: Mapping[str, Any], key: str) -> int:
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise MapError(f"hex map: field {key!r} must be a whole number, got {value!r}")
    return value


def _read_hex(item: object, field: str) -> Hex:
    if not isinstance(item, str):
        raise MapError(f"hex map: field {field!r} holds {item!r}, expected 'q,r' text")
    try:
        return Hex.parse(item)
    except MapError as exc:
        raise MapError(f"hex map: field {field!r}: {exc}") from None


#: The most hexes a map may have: far beyond any table's battle map (a radius of 25), short of
#: a check or a bot's walk that takes minutes.
MAX_HEXES: Final = 2_000


def _bounded(field: str, hexes: int) -> None:
    if hexes > MAX_HEXES:
        raise MapError(
            f"hex map: field {field!r} makes {hexes:,} hexes; a map may have at most "
            f"{MAX_HEXES:,} (a radius of 25)"
        )


def _read_terrain(raw: object) -> dict[Hex, Terrain]:
    if not isinstance(raw, Mapping):
        raise MapError(f"hex map: field 'terrain' must map 'q,r' to a terrain, got {raw!r}")
    out: dict[Hex, Terrain] = {}
    for key, value in raw.items():
        h = _read_hex(key, "terrain")
        try:
            out[h] = Terrain.parse(value)
        except MapError as exc:
            raise MapError(f"hex map: field 'terrain' at {h}: {exc}") from None
    return out
