"""The boards drawn for a seat: hex maps with every hex, terrain and the reachable hexes;
zone maps with what the seat sees in each zone; diaspora's band line."""

from __future__ import annotations

import random
from pathlib import Path

from web_helpers import EXAMPLES

from shiftdrive.engine.events import GM
from shiftdrive.files import read_yaml
from shiftdrive.maps.hexgrid import HexMap
from shiftdrive.web.maps import board
from shiftdrive.web.store import Store
from shiftdrive.web.tables import Table, Tables
from shiftdrive.web.views import seat_view


def table_of(tmp_path: Path, example: str, bots: list[str]) -> tuple[Tables, Table]:
    tables = Tables(Store.open(str(tmp_path / "t.db")))
    table, _ = tables.create(read_yaml(EXAMPLES / example), source=example, bots=bots, seed=5)
    return tables, table


def test_a_hex_map_has_every_hex_its_terrain_and_the_hexes_a_choice_reaches(
    tmp_path: Path,
) -> None:
    bots = ["Pulsa", "Dusty", "Kade", "Lux", "Brick", GM]
    tables, table = table_of(tmp_path, "fully_automated/standoff.yaml", bots)
    shape = read_yaml(EXAMPLES / "fully_automated/standoff.yaml")["map"]
    picture = board(seat_view(table, GM))
    for h in HexMap.from_dict(shape):
        assert f">{h}</text>" in picture
    for kind in shape.get("terrain", {}).values():
        assert kind.replace("_", " ") in picture  # in the legend
    rng = random.Random(1)
    for _ in range(40):  # until Hiro moves: each hex a step reaches is marked to click
        view = seat_view(table, "Hiro")
        reach = {
            str(p["value"]) for c in view["choices"] for p in c["params"].values()
            if p["kind"] == "hex"
        }  # fmt: skip
        if reach:
            drawn = board(view)
            assert all(f'data-place="{h}"' in drawn for h in reach)
            assert drawn.count("data-place=") == len(reach)
            return
        legal = table.enc.legal("Hiro")
        move = [c for c in legal if "move" in c.text()] or [rng.choice(legal)]
        tables.command(table.id, "Hiro", "choice", move[0].text())
    raise AssertionError("Hiro never had a hex to move to")


def test_a_zone_map_shows_only_what_the_seat_sees(tmp_path: Path) -> None:
    _, table = table_of(tmp_path, "tachyon/dogfight-2v2.yaml", [])
    gm = board(seat_view(table, GM))
    assert 'aria-label="zone map"' in gm
    for unit in table.enc.seating()[1].controls:
        assert unit in gm
    hidden = table.enc.ruleset.secrets(table.enc.state, "Pirates")
    pirates = board(seat_view(table, "Pirates"))
    assert hidden and not any(name in pirates for name in hidden)


def test_diasporas_band_line_runs_from_minus_4_to_plus_4(tmp_path: Path) -> None:
    _, table = table_of(tmp_path, "diaspora/duel.yaml", [])
    picture = board(seat_view(table, GM))
    assert 'aria-label="band map"' in picture
    assert all(f">{b}</text>" in picture for b in ("-4", "-1", "0", "+1", "+4"))
    assert "Persistence" in picture
