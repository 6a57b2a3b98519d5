"""Rich rendering of views, choices, odds and events. The only place the state meets a screen."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from fractions import Fraction
from typing import Any

from rich.console import Console
from rich.table import Table

from shiftdrive.core.odds import Odds
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event

OUTCOME_KEYS = ("mishap", "fail", "tie", "success", "style")


def pct(f: Fraction) -> str:
    return f"{float(f) * 100:5.1f}%"


def compact(value: Any) -> str:
    """One-cell text for a nested value."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else ""
    if isinstance(value, dict):
        if set(value) >= {"name"}:
            extra = value.get("free_invokes")
            tag = f" [{', '.join(f'{k}:{v}' for k, v in extra.items())}]" if extra else ""
            hidden = " (hidden)" if value.get("hidden") else ""
            return f"{value['name']}{tag}{hidden}"
        return ", ".join(f"{k} {compact(v)}" for k, v in value.items())
    if isinstance(value, list):
        return "; ".join(compact(v) for v in value) or "—"
    return str(value)


def _record_line(row: dict[str, Any]) -> tuple[str, list[str]]:
    """A record as a heading plus short 'key: value' lines, readable in 80 columns."""
    name = str(row.get("name", ""))
    head_keys = [k for k in ("side", "zone", "status", "position", "hp") if k in row]
    head = ", ".join(f"{compact(row[k])}" for k in head_keys if row[k] not in (None, ""))
    lines = []
    for key, value in row.items():
        if (
            key == "name"
            or key in head_keys
            or value is None
            or value is False
            or (isinstance(value, str | list | dict) and not value)
        ):
            continue
        lines.append(f"{key.replace('_', ' ')}: {compact(value)}")
    return (f"[bold]{name}[/bold]" + (f" ({head})" if head else ""), lines)


def render_state(console: Console, state: dict[str, Any]) -> None:
    """Render any ruleset's view generically: scalars as a header, lists of records as cards."""
    title = state.get("title", "")
    scalars = [
        f"{k.replace('_', ' ')}: {compact(v)}"
        for k, v in state.items()
        if k != "title"
        and not isinstance(v, dict | list)
        and v not in (None, "")
        and not (isinstance(v, str) and "\n" in v)
    ]
    console.rule(f"[bold]{title}[/bold]")
    if scalars:
        console.print("  ".join(scalars), markup=False, highlight=False)
    for key, value in state.items():
        if isinstance(value, str) and "\n" in value:
            # A text picture (a hex map, say) keeps its own lines, under its own heading.
            console.print(f"[underline]{key.replace('_', ' ').title()}[/underline]")
            console.print(value, markup=False, highlight=False)
    for key, value in state.items():
        label = key.replace("_", " ")
        if isinstance(value, dict) and isinstance(value.get("picture"), str):
            # A map drawn as text keeps its own lines (a hex grid, say).
            console.print(f"[underline]{label.title()}[/underline]")
            console.print(value["picture"], markup=False, highlight=False)
            continue
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            console.print(f"[underline]{label.title()}[/underline]")
            for row in value:
                head, lines = _record_line(row)
                console.print(f"  {head}")
                for line in lines:
                    console.print(f"      {line}", markup=False)
        elif (isinstance(value, list) and value) or (isinstance(value, dict) and value):
            console.print(f"[underline]{label.title()}[/underline]: {compact(value)}")


def odds_cell(o: Odds | None) -> str:
    if o is None:
        return ""
    return f"{pct(o.success + o.style).strip()} success ({pct(o.style).strip()} style)"


def render_choices(
    console: Console,
    choices: Sequence[Choice],
    odds: Sequence[Odds | None],
    words: Sequence[str | None] | None = None,
    drawn: Collection[int] = (),
) -> None:
    """The numbered choices, with an odds column: the ruleset's words for a choice's chances
    where it gives them (`Ruleset.odds_words`), else its roll's `odds`. The choices `drawn`
    on a map picture (their indices) keep their numbers but are not listed."""
    cells = [
        w if w is not None else odds_cell(o)
        for o, w in zip(odds, words or [None] * len(odds), strict=True)
    ]
    table = Table(show_header=True, header_style="bold")
    table.add_column("#", justify="right")
    table.add_column("choice")
    if any(cells):
        table.add_column("odds")
    for i, (c, cell) in enumerate(zip(choices, cells, strict=True), start=1):
        if i - 1 in drawn:
            continue
        row = [str(i), c.label or c.text()]
        if any(cells):
            row.append(cell)
        table.add_row(*row)
    console.print(table)
    if drawn:
        console.print(f"and {len(drawn)} more: the numbers on the map")


def render_events(
    console: Console, events: Sequence[Event], describe: Callable[[Event], str]
) -> None:
    """Events in the game's words (`describe`: the ruleset's, for the seat reading)."""
    for e in events:
        style = {
            "outcome": "bold",
            "taken_out": "bold red",
            "end": "bold green",
            "concede": "yellow",
            "gm": "magenta",
            "compel": "magenta",
        }.get(e.kind, "")
        console.print(f"  {describe(e)}", style=style or None, highlight=False, markup=False)


def render_odds(console: Console, o: Odds, title: str) -> None:
    console.print(f"[bold]{title}[/bold]")
    table = Table()
    table.add_column("outcome")
    table.add_column("exact", justify="right")
    table.add_column("%", justify="right")
    values = {
        "mishap": o.mishap,
        "fail": o.fail,
        "tie": o.tie,
        "success": o.success,
        "style": o.style,
    }
    names = {
        "mishap": "mishap (-3 or worse, hazardous)",
        "fail": "fail",
        "tie": "tie",
        "success": "success (1-2 shifts)",
        "style": "success with style (3+)",
    }
    for key in OUTCOME_KEYS:
        if key == "mishap" and not o.mishap:
            continue
        f = values[key]
        table.add_row(names[key], f"{f.numerator}/{f.denominator}", pct(f))
    console.print(table)
    console.print(
        f"at least a tie: {pct(o.at_least_tie).strip()}   "
        f"at least a success: {pct(o.success + o.style).strip()}"
    )
