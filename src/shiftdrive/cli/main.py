"""The `shiftdrive` command: thin: it parses, calls the library and renders."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from shiftdrive.cli.calculators import astrogate_cmd, odds_cmd, travel_cmd
from shiftdrive.cli.characters import character_app, check_character_file, recover_cmd
from shiftdrive.cli.render import (
    render_choices,
    render_events,
    render_state,
)
from shiftdrive.cli.simulate import simulate_cmd
from shiftdrive.core.dice import FUDGE, DiceError, DiceExpr, SeededDice, fudge_symbols
from shiftdrive.core.ladder import describe
from shiftdrive.engine.choices import Choice, ChoiceSyntaxError
from shiftdrive.engine.dice_prompt import DICE
from shiftdrive.engine.encounter import Encounter, IllegalChoice, SaveFileError
from shiftdrive.engine.events import GM, LogEntry
from shiftdrive.engine.overrides import OVERRIDES
from shiftdrive.engine.registry import get_bot, get_ruleset, ruleset_ids
from shiftdrive.engine.replay import replay
from shiftdrive.engine.ruleset import Ending, Result, Seat
from shiftdrive.engine.scenario import ScenarioError
from shiftdrive.files import (
    load,
    parse_yaml,
    read_save,
    read_yaml,
    save,
    start_from_file,
)

app = typer.Typer(
    help="shiftdrive: science-fiction combat for Fate and Fudge games — rules, exact odds, "
    "replayable encounters, bots.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
console = Console(highlight=False)
err = Console(stderr=True, highlight=False, soft_wrap=True)


def fail(message: str, code: int = 2) -> typer.Exit:
    err.print(f"[bold red]error:[/bold red] {message}")
    return typer.Exit(code)


# --- roll ------------------------------------------------------------------------------------
@app.command()
def roll(
    expr: Annotated[str, typer.Argument(help="Dice expression: 4dF+3, 2d10+5, 3dFkh2 ...")],
    seed: Annotated[int | None, typer.Option(help="Seed for repeatable dice")] = None,
) -> None:
    """Roll a dice expression."""
    try:
        e = DiceExpr.parse(expr)
    except DiceError as exc:
        raise fail(f"roll: {exc}") from None
    r = e.roll(SeededDice(seed))
    faces = fudge_symbols(r.faces) if e.die == FUDGE else " ".join(map(str, r.faces))
    kept = f" keep {' '.join(map(str, r.kept))}" if e.keep else ""
    ladder = f"  {describe(r.total)}" if e.die == FUDGE else ""
    console.print(f"{e}: [{faces}]{kept} = [bold]{r.total}[/bold]{ladder}")


# --- rulesets --------------------------------------------------------------------------------
@app.command()
def rulesets() -> None:
    """List the registered rulesets."""
    for rid in ruleset_ids():
        try:
            title = get_ruleset(rid).title
        except ImportError as exc:  # a registered ruleset whose module is missing
            title = f"(unavailable: {exc})"
        console.print(f"[bold]{rid}[/bold]  {title}")


# --- validate --------------------------------------------------------------------------------
@app.command()
def check(scenario: Annotated[Path, typer.Argument(help="Scenario YAML file")]) -> None:
    """Validate a scenario file (or a character file) and say what is wrong with it."""
    try:
        data = read_yaml(scenario)
        if "character" in data and "sides" not in data:
            check_character_file(scenario, data)
            return
        enc = start_from_file(scenario, seed=0)
    except ScenarioError as exc:
        raise fail(str(exc)) from None
    console.print(f"{scenario}: ok — ruleset {enc.ruleset.id}, seats {', '.join(enc.seats())}")


# --- play ------------------------------------------------------------------------------------
HELP = """Type a number to choose, or a choice's text{example}.
A number followed by name=value pairs changes a choice's free text{free}.
Other commands:
  gm ACTION k=v ...   a GM override, logged (actions: {overrides}),
                      or one of {ruleset}'s own GM decisions when it is the GM's to make
  undo [N]            take back the last N commands (at a dice prompt: the choice
                      waiting for the dice)
  log                 show the whole log so far
  state               show the state as this seat sees it
  save FILE           save the encounter now (also at a dice prompt)
  help                this text
  quit                stop (saving first when --save was given)
At a dice prompt, type the faces you rolled: + - 0 + (or ++-0) for Fudge dice, numbers
otherwise."""


class Play:
    """The interactive loop: whoever must decide is asked, bots decide for their sides."""

    hand_off = False  # ask for the keyboard to be handed over (always at a terminal)

    def __init__(
        self,
        enc: Encounter,
        bots: set[str],
        rng: random.Random,
        save: Path | None,
        ask: Callable[[str], str],
    ) -> None:
        self.enc = enc
        self.bots = bots
        self.rng = rng
        self.save = save
        self.ask = ask
        self.shown = 0
        # Hot seat: between two people at one screen, hide the last one's secrets.
        self.hand_off = self.hand_off or sys.stdin.isatty()
        self.seen: dict[str, int] = {}
        self.last_secret = False

    def pass_keyboard(self, before: str, after: str) -> None:
        """Clear the screen and wait for the next player when the screen may hold a secret:
        the last decision was a secret one, or the next seat has secrets kept from it."""
        if not self.last_secret and not self.enc.ruleset.secrets(self.enc.state, after):
            return  # nothing on screen the next seat may not see
        console.clear()
        self.ask(f"{before}: pass the keyboard to {after}, who presses Enter")
        self.shown = self.seen.get(after, 0)  # the next seat reads on from its last turn

    def flush_log(self, seat: str) -> None:
        entries = self.enc.log[self.shown :]
        for entry in entries:
            events = [e for e in entry.events if e.visible(seat)]
            if entry.choice is not None and entry.visible(seat) and entry.seat != "setup":
                words = self.enc.ruleset.choice_words(entry.choice)
                console.print(f"[dim]{entry.seat}: {escape(words)}[/dim]")
            render_events(console, events, lambda e: self.enc.describe(e, seat))
        self.shown = self.seen[seat] = len(self.enc.log)

    def keep(self, quiet: bool = False) -> None:
        """Write the save file: before every prompt (so a fight killed mid-way loses at most
        the command being typed), and when play stops, at a prompt or on Ctrl-C."""
        if self.save:
            try:
                save(self.enc, self.save)
            except OSError as exc:
                err.print(f"cannot save to {self.save}: {exc.strerror}")
                return
            if not quiet:
                console.print(f"saved to {self.save}")

    def run(self) -> None:
        try:
            self.loop()
        except KeyboardInterrupt:
            console.print("\ninterrupted")
            self.keep()

    def loop(self) -> None:
        enc = self.enc
        bot = get_bot(enc.ruleset.id)
        all_bots = set(enc.seats()) <= self.bots
        viewer = GM if all_bots else next(s for s in enc.seats() if s not in self.bots)
        if enc.state is not None:
            render_state(console, enc.view(viewer)["state"])
        while not enc.result():
            seats = enc.pending_seats()
            bot_seats = [s for s in seats if s in self.bots and enc.awaiting is None]
            asked = enc.window_of_a_person(self.bots) if bot_seats else None
            if asked is not None:  # the person's to use before the bots act
                bot_seats, seats = [], [asked]
            if bot_seats:
                for seat in bot_seats:
                    if seat in enc.pending_seats() and not enc.result() and enc.awaiting is None:
                        enc.submit(seat, bot(enc.ruleset, enc.state, seat, self.rng))
                self.flush_log(viewer)
                continue
            if not seats:
                break
            seat = seats[0]
            if seat in self.bots or seat == GM:
                # dice for a bot's roll, or the set-up's: whoever sits at the table types them
                seat = GM if all_bots else viewer
            if seat != viewer and viewer != GM and self.hand_off:
                self.pass_keyboard(viewer, seat)
            viewer = seat
            self.flush_log(seat)
            if not self.decide(seat):
                break
        self.flush_log(viewer)
        result = enc.result()
        if result:
            render_state(console, enc.view(GM)["state"])
            who = result.winner or "nobody"
            console.print(
                f"[bold green]Over: {who} wins — {result.reason}[/bold green]"
                if result.winner
                else f"[bold]Over: {result.reason}[/bold]"
            )
            follow = follow_up(enc, result)
            if follow is not None:
                self.keep()
                self.offer(follow)
                return
        self.keep()

    def offer(self, follow: str) -> None:
        """The fight's ending names the scenario that follows (a boarding: the fight aboard at
        personal scale): show how to play it, and at a terminal offer to start it now."""
        path = Path(follow)
        if not path.is_file():
            path = Path(self.enc.source).parent / Path(follow).name
        if not path.is_file():
            console.print(f"[bold]Next: {escape(follow)}[/bold]")
            return
        console.print(f"[bold]Next: shiftdrive play {escape(str(path))}[/bold]")
        if set(self.enc.seats()) <= self.bots or not sys.stdin.isatty():
            return
        if self.ask("Start it now? [y/N]").strip().lower() in ("y", "yes"):
            try:
                data = dict(read_yaml(path))
            except ScenarioError as exc:
                err.print(str(exc))
                return
            run_play(data, str(path), None, None, "seeded", None)

    def decide(self, seat: str) -> bool:
        """Ask `seat` until it makes a legal choice; False when the user quits."""
        enc = self.enc
        while True:
            pending = enc.pending()
            decision = next((d for d in pending if d.seat == seat), pending[0])
            self.last_secret = decision.secret
            console.print(f"\n[bold cyan]{seat}[/bold cyan] — {decision.prompt}")
            dice_prompt = decision.kind == DICE
            choices = enc.legal(seat if not dice_prompt else decision.seat)
            if dice_prompt:
                console.print(
                    "[dim]type the faces rolled, e.g. + - 0 + (undo, save, quit work here)[/dim]"
                )
            else:
                odds_list = [enc.ruleset.odds(enc.state, seat, c) for c in choices]
                words = [enc.ruleset.odds_words(enc.state, seat, c) for c in choices]
                board = enc.ruleset.choice_map(enc.state, seat, choices)
                if board is not None:  # choices that go to a place: picked off the picture
                    console.print(board.picture, markup=False, highlight=False)
                drawn = board.drawn if board is not None else ()
                render_choices(console, choices, odds_list, words, drawn)
            self.keep(quiet=True)
            try:
                text = self.ask(f"{seat}>").strip()
            except (EOFError, KeyboardInterrupt):
                console.print("\ninput ended")
                return False
            if not text:
                continue
            word, _, rest = text.partition(" ")
            if word in ("quit", "exit", "q"):
                return False
            if word in ("help", "?"):
                console.print(self.help(choices), markup=False)
                continue
            if word == "log":
                for entry in enc.log:
                    render_events(
                        console,
                        [e for e in entry.events if e.visible(seat)],
                        lambda e: enc.describe(e, seat),
                    )
                continue
            if word == "state":
                render_state(console, enc.view(seat)["state"])
                continue
            if word == "save":
                target = Path(rest.strip()) if rest.strip() else self.save
                if target is None:
                    err.print("save: give a file name")
                    continue
                try:
                    save(enc, target)
                except OSError as exc:
                    err.print(f"save: cannot write {target}: {exc.strerror}")
                    continue
                console.print(f"saved to {target}")
                continue
            if word == "undo":
                try:
                    cut = enc.undo(int(rest) if rest.strip() else self.steps_back(seat))
                except (ValueError, IllegalChoice) as exc:
                    err.print(f"undo: {exc}")
                    continue
                self.shown = len(enc.log)
                console.print(f"undone: {self.undone(cut, seat)}")
                render_state(console, enc.view(seat)["state"])
                return True
            try:
                if word == "gm":
                    choice = Choice.parse(rest)
                    if f"gm_{choice.action}" in OVERRIDES:
                        choice = Choice(f"gm_{choice.action}", choice.params)
                    # else one of the ruleset's own GM decisions (hp, reveal, compel, ...)
                    enc.submit(GM, choice)
                    self.flush_log(seat)
                    return True
                if dice_prompt:
                    choice = Choice(DICE, (("faces", text),))
                    enc.submit(decision.seat if decision.seat != GM else GM, choice)
                    self.flush_log(seat)
                    return True
                choice = self.parse_choice(text, choices)
                enc.submit(seat, choice)
            except (IllegalChoice, ChoiceSyntaxError, DiceError) as exc:
                err.print(f"[red]refused:[/red] {exc}")
                continue
            return True

    def help(self, choices: list[Choice]) -> str:
        """The help text, with examples from the choices open now in this ruleset."""
        example = next((c for c in choices if c.params), choices[0] if choices else None)
        free = next((c for c in choices if c.free), None)
        return HELP.format(
            example=f" (e.g. {example.text()})" if example else "",
            free=(
                f" (e.g. {choices.index(free) + 1} {free.free[0]}='Your Own Words')" if free else ""
            ),
            overrides=", ".join(o.removeprefix("gm_") for o in OVERRIDES),
            ruleset=self.enc.ruleset.id,
        )

    def undone(self, cut: list[LogEntry], seat: str) -> str:
        """What an undo took back, naming only the choices `seat` may see."""
        words = self.enc.ruleset.choice_words
        seen = [words(e.choice) for e in cut if e.choice and e.visible(seat)]
        hidden = sum(1 for e in cut if e.choice and not e.visible(seat))
        if hidden:
            seen.append(f"{hidden} hidden choice{'s' if hidden > 1 else ''}")
        return ", ".join(seen) or "nothing"

    def steps_back(self, seat: str) -> int:
        """Commands to undo to take back `seat`'s last own choice (and the bots' replies).

        At a dice prompt the command waiting for the dice is the first step; when a bot
        made it, the bot would only make it again, so the seat's own last choice goes too.
        """
        waiting = self.enc.awaiting
        if waiting is not None and (waiting.seat == seat or waiting.choice is None):
            return 1
        extra = 1 if waiting is not None else 0
        for back, entry in enumerate(reversed(self.enc.log[1:]), start=1):
            if entry.seat == seat:
                return back + extra
        return 1

    def parse_choice(self, text: str, choices: list[Choice]) -> Choice:
        word, _, rest = text.partition(" ")
        if word.isdigit():
            n = int(word)
            if not 1 <= n <= len(choices):
                raise ChoiceSyntaxError(f"choose a number from 1 to {len(choices)}")
            choice = choices[n - 1]
            if rest.strip():
                extra = Choice.parse("x " + rest)
                unknown = [k for k, _ in extra.params if k not in choice.free]
                if unknown:
                    raise ChoiceSyntaxError(
                        f"only {', '.join(choice.free) or 'no'} text may "
                        f"be changed in this choice, not {unknown[0]}"
                    )
                choice = choice.with_params(**dict(extra.params))
            return choice
        return Choice.parse(text)


def _bots_option(bots: str | None, seating: list[Seat]) -> set[str]:
    """The seats bots play: `all`, or names of sides and seats (a side: all its seats)."""
    seats = [s.id for s in seating]
    if not bots:
        return set()
    if bots.strip().lower() == "all":
        return set(seats)
    chosen: set[str] = set()
    unknown = []
    for name in (b.strip() for b in bots.split(",") if b.strip()):
        matched = {s.id for s in seating if name.lower() in (s.id.lower(), (s.side or "").lower())}
        if not matched:
            unknown.append(name)
        chosen |= matched
    if unknown:
        sides = sorted({s.side for s in seating if s.side})
        raise fail(
            f"--bots: no side or seat named {', '.join(unknown)} "
            f"(sides: {', '.join(sides)}; seats: {', '.join(seats)})"
        )
    return chosen


def _prompt(message: str) -> str:
    return console.input(f"[bold]{message}[/bold] ")


def run_play(
    data: dict[str, Any],
    source: str,
    bots: str | None,
    seed: int | None,
    dice: str,
    save_to: Path | None,
) -> None:
    if dice not in ("seeded", "manual"):
        raise fail(f"--dice must be 'seeded' or 'manual', not {dice!r}")
    try:
        if dice == "manual":
            enc = Encounter.start(data, dice_kind="manual", source=source)
        else:
            enc = Encounter.start(data, seed=seed, source=source)
    except ScenarioError as exc:
        raise fail(str(exc)) from None
    start_play(enc, bots, seed, save_to)


def follow_up(enc: Encounter, result: Result) -> str | None:
    """The scenario an ending leads to: one reached by its objective (a boarding) whose
    state names a `follow_up`."""
    if result.ending != Ending.OBJECTIVE:
        return None
    value = getattr(enc.state, "follow_up", None)
    return value if isinstance(value, str) and value else None


def autosave_path(source: str) -> Path:
    """Where a fight played at a terminal without --save is kept: beside its scenario."""
    path = Path(source)
    return path.with_name(path.stem + ".autosave.json")


def start_play(enc: Encounter, bots: str | None, seed: int | None, save_to: Path | None) -> None:
    """Play an encounter in the terminal from wherever it stands (new, or resumed)."""
    chosen = _bots_option(bots, enc.seating())
    humans = not set(enc.seats()) <= chosen
    if save_to is None and humans and sys.stdin.isatty():
        save_to = autosave_path(enc.source)
        console.print(f"[dim]autosaving to {save_to} (continue with play --resume {save_to})[/dim]")
    console.print(
        f"[dim]ruleset {enc.ruleset.id}; seats {', '.join(enc.seats())}; "
        f"dice {enc.spec.kind}{f' seed {enc.spec.seed}' if enc.spec.seed is not None else ''}"
        f"; bots: {', '.join(sorted(chosen)) or 'none'}[/dim]"
    )
    if not set(enc.seats()) <= chosen and not sys.stdin.isatty():
        console.print("[dim](stdin is not a terminal: reading choices from it)[/dim]")
    Play(enc, chosen, random.Random(seed), save_to, _prompt).run()


@app.command()
def play(
    scenario: Annotated[
        Path | None, typer.Argument(help="Scenario YAML file (not with --resume)")
    ] = None,
    bots: Annotated[
        str | None, typer.Option(help="Sides the bots play: SIDE[,SIDE] or all")
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed for the dice and the bots")] = None,
    dice: Annotated[
        str, typer.Option(help="seeded, or manual to type in physical dice")
    ] = "seeded",
    save: Annotated[Path | None, typer.Option(help="Write the encounter to this JSON file")] = None,
    resume: Annotated[
        Path | None,
        typer.Option(help="Continue a saved encounter where it stopped (same seeded dice)"),
    ] = None,
) -> None:
    """Run an encounter in the terminal, or continue a saved one (--resume FILE)."""
    if resume is not None:
        if scenario is not None:
            raise fail("play: give a scenario or --resume FILE, not both")
        try:
            enc = load(resume)
        except (SaveFileError, ScenarioError) as exc:
            raise fail(str(exc)) from None
        console.print(f"[dim]resumed {resume}: {len(enc.log) - 1} command(s) so far[/dim]")
        start_play(enc, bots, seed if seed is not None else enc.spec.seed, save or resume)
        return
    if scenario is None:
        raise fail("play: give a scenario file (or --resume FILE)")
    try:
        data = dict(read_yaml(scenario))
    except ScenarioError as exc:
        raise fail(str(exc)) from None
    run_play(data, str(scenario), bots, seed, dice, save)


@app.command()
def demo(
    seed: Annotated[int | None, typer.Option(help="Seed for the dice and the bots")] = 1,
    bots: Annotated[
        str | None,
        typer.Option(help="Sides the bots play (default: raiders, or all without a terminal)"),
    ] = None,
) -> None:
    """Play the embedded demo: Ambush at Kessler Station (fate_core)."""
    text = resources.files("shiftdrive.data").joinpath("demo.yaml").read_text(encoding="utf-8")
    data = dict(parse_yaml(text, "demo.yaml"))
    if bots is None:
        bots = "raiders" if sys.stdin.isatty() else "all"
    run_play(data, "demo.yaml", bots, seed, "seeded", None)


# --- replay ----------------------------------------------------------------------------------
@app.command("replay")
def replay_cmd(file: Annotated[Path, typer.Argument(help="Saved encounter JSON")]) -> None:
    """Re-run a saved encounter and report whether it reproduces exactly."""
    try:
        report = replay(read_save(file), source=str(file))
    except (SaveFileError, ScenarioError) as exc:
        raise fail(str(exc)) from None
    if report.ok:
        console.print(
            f"[green]{file}: reproduces exactly[/green] — {report.commands} commands, "
            f"{report.events} events, state {report.digest[:12]}; {report.dice}"
        )
        return
    for p in report.problems:
        err.print(f"{file}: {p}")
    raise fail(f"{file}: does not reproduce", 1)


app.command("simulate")(simulate_cmd)
app.command("odds")(odds_cmd)
app.command("astrogate")(astrogate_cmd)
app.command("travel")(travel_cmd)
app.add_typer(character_app, name="character")
app.command("recover")(recover_cmd)


@app.command()
def serve(
    db: Annotated[
        str, typer.Option(help="A SQLite file, or postgresql://user@host/db for PostgreSQL")
    ] = "shiftdrive-tables.db",
    host: Annotated[str, typer.Option(help="Address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on")] = 8000,
) -> None:
    """Serve tables in the browser: one private link per seat (docs/web.md)."""
    from shiftdrive.web.app import serve as run_server  # the web stack loads only here

    console.print(f"shiftdrive tables on http://{host}:{port}/ (database: {db}); Ctrl-C stops")
    try:
        run_server(db, host, port)
    except (OSError, ValueError) as exc:
        raise fail(f"serve: {exc}") from None


def main() -> None:
    app()


if __name__ == "__main__":
    main()
