"""fully_automated at the terminal: the odds column words each card and attack, and a move is
picked off the map picture by the number drawn on its hex."""

from __future__ import annotations

from typer.testing import CliRunner

from conftest import EXAMPLES
from shiftdrive.cli.main import app

runner = CliRunner()
BRAWL = str(EXAMPLES / "fully_automated" / "brawl.yaml")


def play(*args: str, script: list[str]) -> str:
    result = runner.invoke(
        app, ["play", *args], input="\n".join(script) + "\n", env={"COLUMNS": "120"}
    )
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.output


def test_a_move_is_picked_by_the_number_on_the_map() -> None:
    # Mara and Tobi play Move (7 and 5); Tobi moves first and picks 24 off the picture:
    # row 5 (q0 -2), column 4, so hex 2,5.
    out = play(BRAWL, "--bots", "Gang", "--seed", "7", script=["7", "5", "24", "quit"])
    assert "   r  q0   0   1   2   3" in out
    assert "and 26 more: the numbers on the map" in out
    assert "move to=" not in out.split("Tobi — Tobi: move")[1].split("Tobi>")[0]
    assert "Tobi moves to 2,5" in out


def test_cards_show_damage_and_reach_not_a_success_chance() -> None:
    out = play(BRAWL, "--bots", "Gang", "--seed", "7", script=["quit"])
    assert "6 damage, adjacent, 1 hex of movement" in out
    assert "% success" not in out
