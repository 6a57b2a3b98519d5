"""Linear band maps for Diaspora space combat: ships sit on bands low..high (default -4..+4).

Crossing from one band to the next costs shifts; some crossings cost more, and moving past
either end leaves the map. Costs are data (`BandCosts`) so rulings can change them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final

from shiftdrive.maps.errors import MapError

_BANDS_TEXT: Final = re.compile(r"\s*(?P<low>[+-]?[0-9]+)\s*\.\.\s*(?P<high>[+-]?[0-9]+)\s*")


def _pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a <= b else (b, a)


@dataclass(frozen=True, slots=True)
class BandCosts:
    """Shifts to cross between bands: `step` normally, `special` for listed adjacent pairs (in
    either order), and `leave` to cross off the end of the map from an edge band."""

    step: int = 1
    special: Mapping[tuple[int, int], int] = field(
        default_factory=lambda: MappingProxyType({}), hash=False
    )
    leave: int = 1

    def __post_init__(self) -> None:
        if self.step < 0 or self.leave < 0:
            raise MapError(f"band costs must be 0 or more, got step={self.step} leave={self.leave}")
        object.__setattr__(self, "special", _normalise_special(self.special))

    def cost(self, a: int, b: int) -> int:
        """Cost of one crossing between adjacent bands a and b."""
        return self.special.get(_pair(a, b), self.step)


def _normalise_special(special: Mapping[tuple[int, int], int]) -> Mapping[tuple[int, int], int]:
    out: dict[tuple[int, int], int] = {}
    for pair, cost in special.items():
        a, b = pair
        if abs(a - b) != 1:
            raise MapError(f"special crossing cost {pair!r}: bands must be adjacent")
        if cost < 0:
            raise MapError(f"special crossing cost {pair!r}: cost must be 0 or more, got {cost}")
        out[_pair(a, b)] = cost
    return MappingProxyType(out)


DIASPORA_COSTS: Final = BandCosts(step=1, special={(3, 4): 2, (-4, -3): 2}, leave=3)
"""Diaspora's default (RULINGS D3): each crossing costs 1, except 3<->4 and -3<->-4 cost 2;
leaving the map from band +-4 costs 3."""


@dataclass(frozen=True, slots=True)
class BandMap:
    """Bands `low`..`high` inclusive with crossing costs; defaults to Diaspora's -4..+4 map.

    Text form is "low..high" (e.g. "-4..4"); costs are not part of it and parse back as
    `DIASPORA_COSTS` unless given.
    """

    low: int = -4
    high: int = 4
    costs: BandCosts = DIASPORA_COSTS
    #: the cost from `low` to each band in turn (prefix sums of `costs`): a crossing's cost is
    #: the difference of two entries, however far it goes
    _from_low: tuple[int, ...] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        if self.low > self.high:
            raise MapError(f"band map low end {self.low} is above its high end {self.high}")
        sums = [0]
        for p in range(self.low, self.high):
            sums.append(sums[-1] + self.costs.cost(p, p + 1))
        object.__setattr__(self, "_from_low", tuple(sums))

    def __str__(self) -> str:
        return f"{self.low}..{self.high}"

    @classmethod
    def parse(cls, text: str, costs: BandCosts = DIASPORA_COSTS) -> BandMap:
        """Read "low..high" such as "-4..4"; str() of the result parses back."""
        match = _BANDS_TEXT.fullmatch(text) if isinstance(text, str) else None
        if not match:
            raise MapError(f"cannot read band map {text!r}: expected 'low..high' such as '-4..4'")
        return cls(int(match.group("low")), int(match.group("high")), costs)

    @property
    def bands(self) -> range:
        return range(self.low, self.high + 1)

    def in_range(self, position: int) -> bool:
        """True when `position` is a band on this map."""
        return self.low <= position <= self.high

    def clamp(self, position: int) -> int:
        """The nearest band on the map."""
        return max(self.low, min(self.high, position))

    def distance(self, a: int, b: int) -> int:
        """Bands between two positions (number of crossings)."""
        return abs(a - b)

    def move(self, position: int, steps: int) -> tuple[int, bool]:
        """Move `steps` bands (negative is towards `low`). Going past an end leaves the map:
        the result is then the edge band it left from, and True."""
        self._require(position)
        target = position + steps
        return self.clamp(target), not self.in_range(target)

    def crossing_cost(
        self, a: int, b: int, special_costs: Mapping[tuple[int, int], int] | None = None
    ) -> int:
        """Total shifts to move from band a to band b, crossing by crossing.

        `special_costs` replaces this map's special pairs (keys in either order); the normal
        step cost still comes from `costs`.
        """
        self._require(a)
        self._require(b)
        if special_costs is None:
            return abs(self._from_low[b - self.low] - self._from_low[a - self.low])
        table = BandCosts(step=self.costs.step, special=special_costs, leave=self.costs.leave)
        step = 1 if b >= a else -1
        return sum(table.cost(p, p + step) for p in range(a, b, step))

    def leave_cost(self, position: int, direction: int) -> int:
        """Shifts to leave the map from `position` heading `direction` (+1 up, -1 down)."""
        edge = self._edge(direction)
        return self.crossing_cost(position, edge) + self.costs.leave

    def advance(self, position: int, direction: int, budget: int) -> tuple[int, bool, int]:
        """Spend up to `budget` shifts moving in `direction`: (new band, left the map, spent).

        Stops before any crossing it cannot pay for in full.
        """
        edge = self._edge(direction)
        self._require(position)
        spent = 0
        while position != edge:
            c = self.costs.cost(position, position + direction)
            if spent + c > budget:
                return position, False, spent
            spent += c
            position += direction
        if spent + self.costs.leave <= budget:
            return position, True, spent + self.costs.leave
        return position, False, spent

    def to_text(self, markers: Mapping[int, str] | None = None) -> str:
        """Two-line ASCII strip: band numbers, and under them markers such as ship names."""
        marks = dict(markers or {})
        for band in marks:
            self._require(band)
        labels = [f"{b:+d}" if b else "0" for b in self.bands]
        width = max([len(x) for x in labels] + [len(m) for m in marks.values()]) + 2
        top = "".join(label.center(width) for label in labels)
        bottom = "".join(marks.get(b, "").center(width) for b in self.bands)
        return f"{top.rstrip()}\n{bottom.rstrip()}".rstrip("\n")

    def _edge(self, direction: int) -> int:
        if direction not in (1, -1):
            raise MapError(f"direction must be +1 or -1, got {direction}")
        return self.high if direction == 1 else self.low

    def _require(self, position: int) -> None:
        if not self.in_range(position):
            raise MapError(f"band {position} is off the map {self}")


DIASPORA: Final = BandMap()
"""Diaspora's default map: bands -4..+4 with `DIASPORA_COSTS`."""
