"""Lines of attack, cover and obstruction on the hex map (seed: "Discerning Cover and Line of
Sight" and the Defend section; ruling F9).

A line is drawn centre to centre, nudged both ways (`Hex.line_to_both`) so a line along a hex
edge counts as passing either side. Then:

- a line is *open* when no wall (sight-blocking terrain) lies strictly between the two hexes;
- no open line at all: no line of attack;
- every open line runs through another character: *obstructed* ("Players cannot target an
  object obstructed by another character") - cannot attack or be attacked;
- an open line passes an obstacle (low or high) or a character in a hex adjacent to the target,
  while some open line is free of characters: the target is *in cover*. A character used as
  cover takes the point of damage that cover saves (F9).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from shiftdrive.maps.hexgrid import Hex, HexMap


@dataclass(frozen=True, slots=True)
class Sight:
    """What lies between an attacker's hex and a target's hex."""

    line: bool  # a line of attack exists (walls)
    obstructed: bool  # every line of attack runs through another character
    cover: bool  # the target is behind cover from this attacker
    cover_by: str | None = None  # the character used as cover, when that is the cover

    @property
    def attackable(self) -> bool:
        return self.line and not self.obstructed


def _walls(hmap: HexMap, h: Hex) -> bool:
    return h in hmap and hmap.flags(h).blocks_sight


def _obstacle(hmap: HexMap, h: Hex) -> bool:
    return h in hmap and hmap.flags(h).gives_cover


def sight(hmap: HexMap, occupants: Mapping[Hex, str], a: Hex, t: Hex) -> Sight:
    """Line of attack, obstruction and cover from `a` to `t` (other characters in `occupants`)."""
    lines = [ln[1:-1] for ln in a.line_to_both(t)]
    open_lines = [ln for ln in lines if not any(_walls(hmap, h) for h in ln)]
    if not open_lines:
        return Sight(False, False, False)
    clear = [ln for ln in open_lines if not any(h in occupants for h in ln)]
    if not clear:
        return Sight(True, True, False)
    for ln in open_lines:
        for h in reversed(ln):
            if h.is_adjacent(t) and _obstacle(hmap, h):
                return Sight(True, False, True)
    for ln in open_lines:
        for h in reversed(ln):
            if h.is_adjacent(t) and h in occupants:
                return Sight(True, False, True, occupants[h])
    return Sight(True, False, False)


def next_to_cover(hmap: HexMap, h: Hex) -> bool:
    """Adjacent to an obstacle (for the end-of-round announcement of who is behind cover)."""
    return any(_obstacle(hmap, n) for n in h.neighbours())
