"""star_wars at the command line: the examples play to the end and read well."""

from __future__ import annotations

from typer.testing import CliRunner

from conftest import EXAMPLES
from shiftdrive.cli.main import app

runner = CliRunner()
TRENCH = str(EXAMPLES / "star_wars" / "trench-run.yaml")


def test_marked_boxes_show_in_the_event_lines() -> None:
    """Event words are plain text: '[x]' (a marked box) is not read as Rich markup."""
    fills: list[str] = []
    for seed in ("1", "2", "3"):
        result = runner.invoke(app, ["play", TRENCH, "--bots", "all", "--seed", seed])
        assert result.exit_code == 0
        fills += [line for line in result.output.splitlines() if "hull box(es): " in line]
    assert fills and all("[x]" in line for line in fills)
