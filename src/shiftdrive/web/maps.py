"""The board of a seat's view as SVG: a hex map, a zone map or a band line.

Drawn from the seat's view only (what stands where is what that seat may see), plus the hex
map's shape from the scenario. Every place an open choice goes to is marked and carries
`data-place`: the page's script turns a click on it into that choice (or narrows the choice
buttons to those that go there).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from html import escape
from typing import Any, Final

HEX_SIZE: Final = 22.0
BANDS: Final = range(-4, 5)
_AT = re.compile(r"^(?:at )?(-?\d+,-?\d+)$")
TERRAIN_FILL: Final = {
    "wall": "#555",
    "low_obstacle": "#b8a47a",
    "high_obstacle": "#8a7a55",
    "rough": "#c9d7a3",
    "water": "#9cc3e6",
}
SIDE_COLOURS: Final = ("#1f6fb2", "#b2361f", "#2e8b3a", "#8a3fb2", "#b28a1f", "#1fa0b2")


def places(view: dict[str, Any], kind: str) -> dict[str, list[int]]:
    """Each place (hex, zone or band, as text) an open choice goes to: the choices' indices."""
    out: dict[str, list[int]] = {}
    for i, choice in enumerate(view.get("choices", [])):
        for param in choice["params"].values():
            if param["kind"] == kind and param["value"] is not None:
                out.setdefault(str(param["value"]), []).append(i)
    return out


def _units(state: Any) -> Iterator[dict[str, Any]]:
    """Every named thing in the view's lists (fighters, units, ships, ordnance)."""
    if isinstance(state, dict):
        for value in state.values():
            if isinstance(value, list):
                for item in value:
                    if isinstance(item, dict) and isinstance(item.get("name"), str):
                        yield item


def _colour(view: dict[str, Any], side: Any) -> str:
    sides = sorted({str(s.get("side")) for s in view.get("seats", []) if s.get("side")})
    return SIDE_COLOURS[sides.index(str(side)) % len(SIDE_COLOURS)] if side in sides else "#444"


def board(view: dict[str, Any]) -> str:
    """The view's board as SVG, or '' when it has none."""
    state = view.get("state", {})
    if view.get("hexes"):
        return hex_map(view)
    zones = state.get("zones") if isinstance(state, dict) else None
    if isinstance(zones, list) and zones and all(isinstance(z, dict) for z in zones):
        return zone_map(view, zones)
    if any("band" in unit for unit in _units(state)):
        return band_line(view)
    return ""


def _centre(q: int, r: int) -> tuple[float, float]:
    return (HEX_SIZE * math.sqrt(3) * (q + r / 2), HEX_SIZE * 1.5 * r)


def hex_map(view: dict[str, Any]) -> str:
    state = view.get("state", {})
    hexes = [tuple(int(v) for v in h.split(",")) for h in view["hexes"]]
    raw_map = state.get("map") if isinstance(state, dict) else None
    terrain = raw_map.get("terrain", {}) if isinstance(raw_map, dict) else {}
    tokens: dict[str, list[dict[str, Any]]] = {}
    for unit in _units(state):
        for key in ("position", "at", "hex"):
            found = _AT.match(str(unit.get(key, "")))
            if found:
                tokens.setdefault(found.group(1), []).append(unit)
    open_places = places(view, "hex")
    centres = [_centre(q, r) for q, r in hexes]
    x0 = min(x for x, _ in centres) - HEX_SIZE
    y0 = min(y for _, y in centres) - HEX_SIZE
    width = max(x for x, _ in centres) - x0 + HEX_SIZE
    legend_y = max(y for _, y in centres) + HEX_SIZE * 1.6
    height = legend_y - y0 + HEX_SIZE
    parts = [
        f'<svg class="board hexes" viewBox="{x0:.0f} {y0:.0f} {width:.0f} {height:.0f}" '
        'xmlns="http://www.w3.org/2000/svg" role="img" aria-label="hex map">'
    ]
    for (q, r), (x, y) in zip(hexes, centres, strict=True):
        name = f"{q},{r}"
        corners = " ".join(
            f"{x + HEX_SIZE * math.cos(math.radians(60 * i - 30)):.1f},"
            f"{y + HEX_SIZE * math.sin(math.radians(60 * i - 30)):.1f}"
            for i in range(6)
        )
        kind = str(terrain.get(name, "open"))
        fill = TERRAIN_FILL.get(kind, "#f4f1ea")
        reach = name in open_places
        attrs = f' data-place="{name}" class="place reach"' if reach else ""
        parts.append(
            f"<g{attrs}><title>{escape(name)} {escape(kind)}</title>"
            f'<polygon points="{corners}" fill="{fill}" stroke="#999"/>'
        )
        if reach:
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{HEX_SIZE * 0.8:.1f}" '
                         'fill="none" stroke="#e08a00" stroke-width="3"/>')  # fmt: skip
        parts.append(f'<text x="{x:.1f}" y="{y + HEX_SIZE * 0.75:.1f}" class="coord">{name}</text>')
        for unit in tokens.get(name, [])[:1]:
            parts.append(
                f'<circle cx="{x:.1f}" cy="{y - 3:.1f}" r="{HEX_SIZE * 0.55:.1f}" '
                f'fill="{_colour(view, unit.get("side"))}"/>'
                f'<text x="{x:.1f}" y="{y + 1:.1f}" class="token">'
                f"{escape(str(unit['name'])[:2])}</text>"
            )
        parts.append("</g>")
    kinds = ["open", *sorted({str(k) for k in terrain.values()})]
    for i, kind in enumerate(kinds):  # the legend: what each colour is (cover, walls, ...)
        x = x0 + 8 + i * 105
        parts.append(
            f'<rect x="{x:.0f}" y="{legend_y - 9:.0f}" width="12" height="12" '
            f'fill="{TERRAIN_FILL.get(kind, "#f4f1ea")}" stroke="#999"/>'
            f'<text x="{x + 16:.0f}" y="{legend_y + 1:.0f}" class="note">'
            f"{escape(kind.replace('_', ' '))}</text>"
        )
    parts.append("</svg>")
    return "".join(parts)


def zone_map(view: dict[str, Any], zones: list[dict[str, Any]]) -> str:
    """Zones on a ring, joined where adjacent, with what the view puts in each."""
    state = view.get("state", {})
    names = [str(z.get("name")) for z in zones]
    count = len(names)
    radius = 60.0 + 18.0 * count
    centre = radius + 70
    spots = {
        name: (
            centre + radius * math.cos(2 * math.pi * i / count - math.pi / 2),
            centre + radius * math.sin(2 * math.pi * i / count - math.pi / 2),
        )
        for i, name in enumerate(names)
    }
    inside: dict[str, list[dict[str, Any]]] = {}
    for unit in _units(state):
        if isinstance(unit.get("zone"), str) and unit is not None:
            inside.setdefault(unit["zone"], []).append(unit)
    open_places = places(view, "zone")
    size = 2 * centre
    parts = [
        f'<svg class="board zones" viewBox="0 0 {size:.0f} {size:.0f}" '
        'xmlns="http://www.w3.org/2000/svg" role="img" aria-label="zone map">'
    ]
    drawn: set[tuple[str, str]] = set()
    for zone in zones:
        a = str(zone.get("name"))
        for b in zone.get("adjacent", []) or []:
            pair = (min(a, str(b)), max(a, str(b)))
            if str(b) in spots and pair not in drawn:
                drawn.add(pair)
                (x1, y1), (x2, y2) = spots[a], spots[str(b)]
                parts.append(
                    f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" '
                    'stroke="#aaa" stroke-width="3"/>'
                )
    for name, (x, y) in spots.items():
        reach = name in open_places
        attrs = f' data-place="{escape(name)}" class="place reach"' if reach else ""
        stroke = "#e08a00" if reach else "#777"
        parts.append(
            f'<g{attrs}><circle cx="{x:.0f}" cy="{y:.0f}" r="52" fill="#f4f1ea" '
            f'stroke="{stroke}" stroke-width="{4 if reach else 2}"/>'
            f'<text x="{x:.0f}" y="{y - 30:.0f}" class="zone">{escape(name)}</text>'
        )
        for j, unit in enumerate(inside.get(name, [])[:5]):
            parts.append(
                f'<text x="{x:.0f}" y="{y - 12 + 14 * j:.0f}" class="unit" '
                f'fill="{_colour(view, unit.get("side"))}">{escape(str(unit["name"]))}</text>'
            )
        parts.append("</g>")
    parts.append("</svg>")
    return "".join(parts)


def band_line(view: dict[str, Any]) -> str:
    """Diaspora's band map: -4 to +4, each ship at its band (unplaced ships off the line)."""
    state = view.get("state", {})
    at: dict[str, list[dict[str, Any]]] = {}
    for unit in _units(state):
        if "band" in unit:
            key = "unplaced" if unit["band"] is None else str(unit["band"])
            at.setdefault(key, []).append(unit)
    open_places = places(view, "band")
    step = 70
    parts = [
        f'<svg class="board bands" viewBox="0 0 {step * 10} 170" '
        'xmlns="http://www.w3.org/2000/svg" role="img" aria-label="band map">',
        f'<line x1="{step}" y1="40" x2="{step * 9}" y2="40" stroke="#777" stroke-width="3"/>',
    ]
    for i, band in enumerate(BANDS, start=1):
        name = f"{band:+d}" if band else "0"
        reach = any(p in open_places for p in (str(band), name))
        place = str(band) if str(band) in open_places else name
        attrs = f' data-place="{place}" class="place reach"' if reach else ""
        parts.append(
            f'<g{attrs}><circle cx="{step * i}" cy="40" r="16" fill="#f4f1ea" '
            f'stroke="{"#e08a00" if reach else "#777"}" stroke-width="{4 if reach else 2}"/>'
            f'<text x="{step * i}" y="45" class="band">{name}</text>'
        )
        for j, unit in enumerate(at.get(str(band), [])[:6]):
            parts.append(
                f'<text x="{step * i}" y="{76 + 15 * j}" class="unit" '
                f'fill="{_colour(view, unit.get("side"))}">{escape(str(unit["name"]))}</text>'
            )
        parts.append("</g>")
    unplaced = ", ".join(escape(str(u["name"])) for u in at.get("unplaced", []))
    if unplaced:
        parts.append(f'<text x="{step}" y="160" class="note">not on the map: {unplaced}</text>')
    parts.append("</svg>")
    return "".join(parts)


__all__ = ["band_line", "board", "hex_map", "places", "zone_map"]
