"""Battle maps: hex grids, zone graphs and Diaspora's band line, as pure immutable values."""

from shiftdrive.maps.bands import DIASPORA, DIASPORA_COSTS, BandCosts, BandMap
from shiftdrive.maps.errors import MapError
from shiftdrive.maps.hexgrid import (
    DEFAULT_TERRAIN_FLAGS,
    DIRECTION_NAMES,
    DIRECTIONS,
    ORIGIN,
    TERRAIN_SYMBOLS,
    Hex,
    HexMap,
    Terrain,
    TerrainFlags,
    hex_to_offset,
    offset_to_hex,
)
from shiftdrive.maps.hexwalks import HexWalks
from shiftdrive.maps.zones import Barrier, Zone, ZoneMap

__all__ = [
    "DEFAULT_TERRAIN_FLAGS",
    "DIASPORA",
    "DIASPORA_COSTS",
    "DIRECTIONS",
    "DIRECTION_NAMES",
    "ORIGIN",
    "TERRAIN_SYMBOLS",
    "BandCosts",
    "BandMap",
    "Barrier",
    "Hex",
    "HexMap",
    "HexWalks",
    "MapError",
    "Terrain",
    "TerrainFlags",
    "Zone",
    "ZoneMap",
    "hex_to_offset",
    "offset_to_hex",
]
