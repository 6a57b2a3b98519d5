"""The map as a picture for the table: terrain, everyone's token, numbered coordinates and a
legend, and (at a decision about where to stand) each hex a choice may go to, under that
choice's number, so a player picks a hex off the picture.

Hexes are "q,r" (axial): the picture's rows are r, and along a row q goes up by one per
column; each row's margin gives its r and the q of its column 0 (`q0`), so a hex is
q = q0 + the column number printed on top.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from shiftdrive.engine.choices import Choice
from shiftdrive.maps.hexgrid import Hex, HexMap, Terrain, hex_to_offset
from shiftdrive.rulesets.fully_automated.state import DEAD, FAState
from shiftdrive.rulesets.fully_automated.table import hex_map

TERRAIN_WORDS: Final[Mapping[Terrain, str]] = {
    Terrain.OPEN: "open",
    Terrain.WALL: "wall (blocks lines of attack)",
    Terrain.LOW_OBSTACLE: "low obstacle (cover; +1 hex to cross)",
    Terrain.HIGH_OBSTACLE: "high obstacle (cover; cannot be entered)",
    Terrain.ROUGH: "rough ground (+1 hex to cross)",
    Terrain.SMOKE: "smoke (ranged attacks through it at disadvantage)",
    Terrain.FOLIAGE: "foliage (ranged attacks through it at disadvantage)",
}


def tokens(state: FAState) -> dict[Hex, str]:
    """Each character on the map under the first two letters of its name (the dead's tokens
    come off the map)."""
    return {
        f.pos: f.name[:2] for f in state.fighters.values() if f.pos is not None and f.status != DEAD
    }


def picture(state: FAState, labels: Mapping[Hex, str] | None = None) -> str:
    """The map with coordinates, tokens and `labels` (each over a hex with no token), and
    its legend."""
    hmap = hex_map(state)
    marks = tokens(state)
    shown = {h: text for h, text in (labels or {}).items() if h not in marks}
    grid = hmap.to_text({**shown, **marks}).split("\n")
    width = max((len(m) for m in (*marks.values(), *shown.values())), default=1)
    cols = [hex_to_offset(h)[0] for h in hmap.hexes]
    rows = [h.r for h in hmap.hexes]
    first_col, first_row = min(cols), min(rows)
    pitch = 2 * width
    head = "".join(str(c).ljust(pitch) for c in range(max(cols) - first_col + 1)).rstrip()
    lines = [f"   r  q0   {head}"]
    for i, line in enumerate(grid):
        r = first_row + i
        q0 = first_col - (r - (r & 1)) // 2
        lines.append(f"{r:>4} {q0:>3}   {line}".rstrip())
    return "\n".join(lines + legend(state, hmap, marks, bool(shown)))


def legend(state: FAState, hmap: HexMap, marks: Mapping[Hex, str], labelled: bool) -> list[str]:
    """What the picture's marks mean, and how to read a hex's coordinates off it."""
    who = [
        f"{f.name[:2]} {f.name} ({f.side}, {f.pos})"
        for f in state.fighters.values()
        if f.pos is not None and f.pos in marks
    ]
    kinds = {hmap.terrain(h) for h in hmap.hexes}
    ground = [f"{t.symbol} {TERRAIN_WORDS[t]}" for t in Terrain if t in kinds]
    out = ["Tokens: " + "; ".join(who), "Map: " + "; ".join(ground)]
    example = next(iter(sorted(marks)), None)
    how = "Hex q,r: r is the row, q its q0 plus the column number on top"
    if example is not None:
        col = hex_to_offset(example)[0] - min(hex_to_offset(h)[0] for h in hmap.hexes)
        q0 = example.q - col
        how += f" ({marks[example]}: row {example.r}, q0 {q0}, column {col}: {example})"
    out.append(how)
    if labelled:
        out.append("Numbers: where each numbered choice takes you (type the number)")
    return out


#: the actions whose choices go to one hex (`to=q,r`), drawn on the picture under their number
PLACES: Final = ("move", "step", "withdraw", "follow")


def choice_picture(state: FAState, choices: Sequence[Choice]) -> tuple[str, tuple[int, ...]] | None:
    """The picture with each choice that goes to a free hex drawn there under its number (the
    first such choice of each hex; the rest, and the hexes with a token, stay in the list),
    and the indices of the choices drawn. None without a map or such a choice."""
    if state.mode != "standard":
        return None
    taken = tokens(state)
    labels: dict[Hex, str] = {}
    drawn: list[int] = []
    for i, c in enumerate(choices):
        to = c.get("to")
        if c.action not in PLACES or not isinstance(to, str):
            continue
        h = Hex.parse(to)
        if h in taken or h in labels:
            continue
        labels[h] = str(i + 1)
        drawn.append(i)
    if not drawn:
        return None
    return picture(state, labels), tuple(drawn)
