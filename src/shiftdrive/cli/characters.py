"""`shiftdrive character new` and the check of a character file: thin: the steps, the
checks and the sheet are the ruleset's (`rulesets/pilot_wave/characters.py`)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from shiftdrive.core.consequences import RECOVERY, ConsequenceSlots, Severity
from shiftdrive.core.dice import ScriptedDice, SeededDice, fudge_symbols, read_faces, roll_fudge
from shiftdrive.core.errors import RuleError
from shiftdrive.core.ladder import describe, parse_rating
from shiftdrive.core.odds import OddsQuery, odds
from shiftdrive.engine.registry import get_ruleset
from shiftdrive.engine.scenario import ScenarioError, ruleset_of
from shiftdrive.files import write_yaml

console = Console(highlight=False)
err = Console(stderr=True, highlight=False, soft_wrap=True)


def fail(message: str, code: int = 2) -> typer.Exit:
    err.print(f"[bold red]error:[/bold red] {escape(message)}")
    return typer.Exit(code)


def check_character_file(path: Path, data: Mapping[str, Any]) -> None:
    """A character file (`ruleset:` and `character:`), checked by its ruleset's rules."""
    rid = ruleset_of(data, str(path))
    try:
        ruleset = get_ruleset(rid)
    except KeyError:
        raise fail(f"{path}: ruleset: unknown ruleset {rid!r}") from None
    checker = getattr(ruleset, "check_character", None)
    sheet = data["character"]
    if checker is None or not isinstance(sheet, dict):
        raise fail(f"{path}: character: {rid} has no character files")
    problems = checker(sheet)
    if problems:
        prefixed = [(f"character.{p}" if p else "character", r) for p, r in problems]
        raise fail(ScenarioError(prefixed, str(path)).describe())
    console.print(f"{path}: ok — a {rid} character, {sheet.get('name')}")


character_app = typer.Typer(help="Make characters.", no_args_is_help=True)


@character_app.command("new")
def character_new(
    out: Annotated[Path, typer.Argument(help="Where to write the character (YAML)")],
    ruleset: Annotated[str, typer.Option(help="The ruleset the character is for")] = "pilot_wave",
) -> None:
    """Walk through making a character step by step and write it as YAML."""
    if ruleset != "pilot_wave":
        raise fail(f"--ruleset: only pilot_wave makes characters this way, not {ruleset!r}")
    from shiftdrive.rulesets.pilot_wave.characters import (
        CREATION_STEPS,
        answer_problem,
        sheet_from_answers,
        sheet_problems,
    )

    answers: dict[str, list[str]] = {}
    for field, question, count in CREATION_STEPS:
        while True:
            try:
                text = input(f"{question}: ")
            except EOFError:
                raise fail("stopped before the character was finished; nothing written") from None
            parts = [p.strip() for p in (text.split(",") if count != 1 else [text]) if p.strip()]
            problem = answer_problem(field, count, parts, answers)
            if problem is None:
                answers[field] = parts
                break
            err.print(f"[yellow]{escape(problem)}[/yellow]")
    sheet = sheet_from_answers(answers)
    problems = sheet_problems(sheet)
    if problems:
        raise fail(ScenarioError(problems, "character").describe())
    write_yaml(out, {"ruleset": ruleset, "character": sheet})
    console.print(f"wrote {out}: {sheet['name']} (check it with `shiftdrive check {out}`)")


def recover_cmd(
    severity: Annotated[str, typer.Argument(help="mild, moderate or severe")],
    skill: Annotated[str, typer.Argument(help="The healer's skill: a number or a ladder word")],
    seed: Annotated[int | None, typer.Option(help="Roll seeded dice")] = None,
    faces: Annotated[
        str | None, typer.Option(help="The 4dF you rolled at the table (+-0+)")
    ] = None,
) -> None:
    """A recovery roll between scenes (C9): heal a consequence.

    The healer's skill + 4dF against +2 (mild), +4 (moderate) or +6 (severe);
    on a success the consequence starts to heal, and is gone after a whole
    scene (mild), session (moderate) or scenario (severe)."""
    try:
        sev = Severity(severity.strip().lower())
        rating = parse_rating(skill)
        dice = ScriptedDice(read_faces(faces, "dF", 4)) if faces else SeededDice(seed)
    except ValueError as exc:
        raise fail(f"recover: {exc}") from None
    difficulty, lasts = RECOVERY[sev]
    chance = odds(OddsQuery(skill=rating, difficulty=difficulty)).at_least_tie
    slots = ConsequenceSlots.fate_core([sev])
    slots.take(sev, "the consequence")
    rolled = list(roll_fudge(dice, 4, why="recovery").faces)
    total = rating + sum(rolled)
    try:
        begun = slots.begin_recovery(sev, total)
    except RuleError as exc:
        raise fail(f"recover: {exc}") from None
    against = describe(difficulty, difficulty=True)
    console.print(
        f"{describe(rating)} + [{fudge_symbols(rolled)}] = {total} against {against} "
        f"(chance {float(chance):.0%})"
    )
    if begun:
        console.print(f"The {sev.value} consequence starts to heal: gone after one whole {lasts}.")
    else:
        console.print(f"The {sev.value} consequence does not start to heal yet.")
