"""Calculators a table uses outside any fight: `odds` (the exact odds of any roll, C2/C3),
and for Pilot Wave `astrogate` (the jump calculation's odds and minutes, RULINGS P2/P14) and
`travel` (in-system travel time, P1). The rules are in `core/odds.py` and
`rulesets/pilot_wave/astrogation.py` and `travel.py`; this module only words them."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Annotated

import typer
from rich import box
from rich.console import Console
from rich.table import Table

from shiftdrive.cli.render import pct, render_odds
from shiftdrive.core.errors import RuleError
from shiftdrive.core.ladder import describe, parse_rating
from shiftdrive.core.odds import OddsQuery, odds
from shiftdrive.rulesets.pilot_wave import astrogation, travel

console = Console(highlight=False)
err = Console(stderr=True, highlight=False, soft_wrap=True)
UNTRAINED: int = -2  # P3: a skill a character does not list is Terrible


def _fail(message: str) -> typer.Exit:
    err.print(f"[bold red]error:[/bold red] {message}")
    return typer.Exit(2)


def astrogate_cmd(
    diameters: Annotated[
        float, typer.Option(help="How far out the ship is, in diameters of the nearest body")
    ],
    skill: Annotated[
        str | None, typer.Option(help="The astrogator's Space Ops: a number or a ladder word")
    ] = None,
    parsecs: Annotated[int, typer.Option(help="Jump length: 1 or 2 (3 risks the ship)")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="exact fractions as JSON")] = False,
) -> None:
    """Astrogation: the jump's difficulty, hazard, and each margin's chance and minutes."""
    try:
        jump = astrogation.Jump(diameters, parsecs)
    except RuleError as exc:
        raise _fail(f"astrogate: {exc}") from None
    if skill is None:
        rating, whose = UNTRAINED, " (untrained: a skill not listed is Terrible; give --skill)"
    else:
        try:
            rating, whose = parse_rating(skill), ""
        except ValueError as exc:
            raise _fail(f"astrogate: --skill: {exc}") from None
    rows = astrogation.outcomes(jump, rating)
    made = sum((p for r, p in rows if r.jumps), Fraction(0))
    if as_json:
        out = {
            "difficulty": astrogation.difficulty(jump),
            "hazardous": astrogation.hazardous(jump),
            "skill": rating,
            "margins": [
                {"margin": r.margin, "chance": f"{p.numerator}/{p.denominator}",
                 "minutes": r.minutes, "jumps": r.jumps, "mishap": r.mishap,
                 "destroyed": r.destroyed}
                for r, p in rows
            ],
            "jumps": f"{made.numerator}/{made.denominator}",
            "after": astrogation.aftermath(jump),
        }  # fmt: skip
        print(json.dumps(out, indent=2))
        return
    hazard = "yes: -3 or worse is a mishap" if astrogation.hazardous(jump) else "no"
    console.print(
        f"[bold]Astrogation[/bold]: {diameters:g} diameters out, {parsecs}-parsec jump\n"
        f"difficulty {describe(astrogation.difficulty(jump), difficulty=True)}, "
        f"hazardous: {hazard}\n"
        f"Space Ops {describe(rating)}{whose} + 4dF"
    )
    table = Table()
    for name, justify in (("margin", "right"), ("exact", "right"), ("%", "right")):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    table.add_column("what happens")
    for r, p in rows:
        table.add_row(f"{r.margin:+d}", f"{p.numerator}/{p.denominator}", pct(p), r.words())
    console.print(table)
    console.print(f"the jump is made: {pct(made).strip()}")
    for note in astrogation.aftermath(jump):
        console.print(f"then {note}")


def travel_cmd(
    distance: Annotated[
        str | None, typer.Argument(help="Distance with its unit: 0.07AU, 10.5Mkm, 1500km")
    ] = None,
    g: Annotated[float, typer.Option("--g", help="Sustained acceleration in G (M2 drive: 2)")] = 1,
    table: Annotated[
        bool, typer.Option("--table", help="the seed's travel table, every cell recomputed")
    ] = False,
) -> None:
    """In-system travel time: thrust to the midpoint, flip, brake (t = 2 sqrt(d/a))."""
    if table:
        _seed_table()
    if distance is None:
        if not table:
            raise _fail("travel: give a DISTANCE (e.g. 0.07AU) or --table")
        return
    try:
        trip = travel.Trip(travel.parse_distance(distance), g)
    except RuleError as exc:
        raise _fail(f"travel: {exc}") from None
    speed = trip.top_speed / 1000
    console.print(
        f"{distance.strip()} at {g:g}G: [bold]{trip.words()}[/bold], {speed:,.0f} km/s at the flip"
    )


def _seed_table() -> None:
    out = Table(title="Travel in days (below each row: the seed's)", box=box.SIMPLE_HEAD)
    out.add_column("AU", justify="right")
    for g in travel.SEED_G:
        out.add_column(f"{g}G", justify="right")
    wrong = []
    for au, _, cells in travel.seed_table():
        out.add_row(f"{au:g}", *(f"{cell.trip.days:.2f}" for cell in cells))
        seed = [f"{c.seed_days:g}" + ("*" if c.off else "") for c in cells]
        out.add_row("seed", *seed, style="dim")
        for g, cell in zip(travel.SEED_G, cells, strict=True):
            if cell.off:
                wrong.append(f"{au:g} AU at {g}G: {cell.trip.words()}, not {cell.seed_days:g}")
    console.print(out)
    for au, remark, _ in travel.seed_table():
        console.print(f"  {au:g} AU = {au * travel.METRES['au'] / 1e9:,.1f} Mkm: {remark}")
    if wrong:
        console.print("* the seed's figure is off by more than its rounding:")
        for line in wrong:
            console.print(f"  {line}")


# --- odds ------------------------------------------------------------------------------------
def _rating(text: str, what: str) -> int:
    try:
        return parse_rating(text)
    except ValueError as exc:
        raise _fail(f"odds: {what}: {exc}") from None


def odds_cmd(
    skill: Annotated[str, typer.Argument(help="Skill rating: a number or a ladder word (Good)")],
    difficulty: Annotated[str | None, typer.Option(help="Passive difficulty")] = None,
    opposed: Annotated[
        str | None, typer.Option(help="Opposing skill (rolls the same dice)")
    ] = None,
    dice: Annotated[str, typer.Option(help="4dF or 2dF")] = "4dF",
    advantage: Annotated[
        bool, typer.Option("--advantage", help="2dF: roll 3, keep best 2")
    ] = False,
    disadvantage: Annotated[bool, typer.Option("--disadvantage", help="keep worst 2")] = False,
    invokes: Annotated[int, typer.Option(help="+2 invokes spent while not yet a success")] = 0,
    reroll: Annotated[bool, typer.Option("--reroll", help="one reroll of a failing roll")] = False,
    hazardous: Annotated[bool, typer.Option("--hazardous", help="-3 or worse is a mishap")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="exact fractions as JSON")] = False,
) -> None:
    """Exact odds of a roll against a difficulty or an opposed roll."""
    if (difficulty is None) == (opposed is None):
        raise _fail("odds: give exactly one of --difficulty or --opposed")
    if dice.lower() not in ("4df", "2df"):
        raise _fail(f"odds: --dice must be 4dF or 2dF, not {dice!r}")
    if advantage and disadvantage:
        raise _fail("odds: --advantage and --disadvantage cancel; give at most one")
    if not 0 <= invokes <= 20:
        raise _fail("odds: --invokes must be between 0 and 20")
    q = OddsQuery(
        skill=_rating(skill, "SKILL"),
        difficulty=_rating(difficulty, "--difficulty") if difficulty is not None else None,
        opposed=_rating(opposed, "--opposed") if opposed is not None else None,
        dice=int(dice[0]),
        advantage=1 if advantage else -1 if disadvantage else 0,
        invokes=invokes,
        reroll=reroll,
        hazardous=hazardous,
    )
    result = odds(q)
    if as_json:
        print(json.dumps(result.as_dict(), indent=2))
        return
    against = (
        f"difficulty {describe(q.difficulty, difficulty=True)}"
        if q.difficulty is not None
        else f"opposed {describe(q.opposed or 0)}"
    )
    extras = [
        w
        for w, on in (
            ("advantage", advantage),
            ("disadvantage", disadvantage),
            (f"{invokes} invoke(s)", invokes),
            ("reroll", reroll),
            ("hazardous", hazardous),
        )
        if on
    ]
    title = f"{describe(q.skill)} + {dice} vs {against}" + (
        f" ({', '.join(extras)})" if extras else ""
    )
    render_odds(console, result, title)
