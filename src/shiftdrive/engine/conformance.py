"""The conformance harness every ruleset gets for free (OpenSpiel random_sim_test, PettingZoo
api_test/seed_test): random legal play ends, seeds repeat, replay reproduces, undo agrees with
replay, the legal choices and the refusals agree, choices read back from their text, every event
has words for every seat, and no seat's words or view hold another seat's secrets.

Each check raises AssertionError with a message that says what broke; tests call them for every
registered ruleset and example scenario.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Mapping
from typing import Any, Final

from shiftdrive.core.dice import FUDGE, fudge_symbols
from shiftdrive.engine.bots import random_bot, run_bots
from shiftdrive.engine.choices import Choice, Param
from shiftdrive.engine.encounter import Encounter, digest
from shiftdrive.engine.events import GM, LogEntry
from shiftdrive.engine.loading import load_encounter
from shiftdrive.engine.replay import replay

#: legal choices per seat and state whose refusal check, near misses and kinds are tried
SAMPLE: Final = 6
#: an action no ruleset has
NO_SUCH_ACTION: Final = "no_such_action"


def play_random(data: Mapping[str, Any], seed: int, max_steps: int = 20_000) -> Encounter:
    """Random legal play for every seat; asserts it ends within `max_steps` choices."""
    enc = Encounter.start(data, seed=seed)
    steps = run_bots(enc, rng=random.Random(seed), policy=random_bot, max_steps=max_steps)
    assert enc.result() is not None, f"random play did not end after {steps} choices"
    return enc


def play_bots(data: Mapping[str, Any], seed: int, max_steps: int = 20_000) -> Encounter:
    """The ruleset's own bots on every seat; asserts the encounter ends."""
    enc = Encounter.start(data, seed=seed)
    steps = run_bots(enc, rng=random.Random(seed), max_steps=max_steps)
    assert enc.result() is not None, f"bot play did not end after {steps} choices"
    return enc


def check_same_seed_same_log(data: Mapping[str, Any], seed: int) -> None:
    a = play_random(data, seed).to_json()
    b = play_random(data, seed).to_json()
    assert a["log"] == b["log"], f"seed {seed}: two runs gave different logs"


def check_replay(enc: Encounter) -> None:
    """A saved battle, read back from its JSON, replays to the same events and state."""
    saved = json.loads(json.dumps(enc.to_json()))
    report = replay(saved)
    assert report.ok, f"replay differs: {report.problems}"
    assert report.digest == digest(enc.snapshot())


def check_undo(enc: Encounter, steps: int = 3) -> None:
    """Undo equals replaying the shortened log from scratch."""
    n = len(enc.log) - 1
    if n < steps:
        return
    before = [e.to_json() for e in enc.log[:-steps]]
    enc.undo(steps)
    assert [e.to_json() for e in enc.log] == before
    fresh = load_encounter({**enc.to_json()}, continue_dice=False)
    assert digest(fresh.snapshot()) == digest(enc.snapshot()), "undo left a different state"


def check_views_keep_secrets(enc: Encounter, *, log: bool = True) -> None:
    """No seat's view (state, decisions, legal choices, the log in words) holds another
    seat's secrets. `log=False` leaves out the log (which `check_words` covers entry by entry):
    the view's cost grows with the log, and checking it whole after every choice of a long
    battle costs more than the battle."""
    for seat in enc.seats():
        secrets = enc.ruleset.secrets(enc.state, seat)
        if log:
            blob = json.dumps(enc.view(seat))
        else:
            shown = {
                "state": enc.ruleset.view(enc.state, seat),
                "pending": [d.to_json() for d in enc.pending() if d.seat == seat],
                "legal": [c.text() for c in enc.legal(seat)],
            }
            blob = json.dumps(shown)
        for secret in secrets:
            assert secret not in blob, f"seat {seat!r} can see the secret {secret!r}"
    json.dumps(enc.view(GM) if log else enc.ruleset.view(enc.state, GM))


def check_words(enc: Encounter, entries: Iterable[LogEntry] | None = None) -> None:
    """Every event (of `entries`, default the whole log) has words for every seat and the GM,
    and the words a seat gets for the events it may see hold none of its secrets; nor, in a
    ruleset on action specs, do its words for the events `visible_to` hides from it."""
    seats = [*enc.seats(), GM]
    # a ruleset still on the older contract words its events with their own text, whole
    hidden_too = bool(enc.ruleset.actions)
    secrets = {seat: enc.ruleset.secrets(enc.state, seat) for seat in seats}
    for entry in enc.log if entries is None else entries:
        for event in entry.events:
            for seat in seats:
                words = enc.describe(event, seat)
                assert isinstance(words, str) and words.strip(), (
                    f"event {event.kind} {event.data} has no words for {seat!r}"
                )
                if not (hidden_too or event.visible(seat)):
                    continue
                for secret in secrets[seat]:
                    assert secret not in words, (
                        f"seat {seat!r} reads the secret {secret!r} in {event.kind}: {words!r}"
                    )


def check_waiting(enc: Encounter) -> None:
    """One answer to whose turn it is: `waiting` (what bot loops ask) agrees with `pending`,
    and the encounter's seats waiting agree with its decisions."""
    if enc.awaiting is None and enc.result() is None:
        asked = list(dict.fromkeys(d.seat for d in enc.ruleset.pending(enc.state)))
        quick = enc.ruleset.waiting(enc.state)
        assert quick == asked, f"waiting() says {quick}, pending() asks {asked}"
    seats = list(dict.fromkeys(d.seat for d in enc.pending()))
    assert enc.pending_seats() == seats, (
        f"pending_seats() says {enc.pending_seats()}, pending() asks {seats}"
    )


def _near_misses(choice: Choice) -> list[Choice]:
    """`choice` with one parameter changed (free parameters, which take any text, excepted)."""
    out = []
    for name, value in choice.params:
        if name in choice.free:
            continue
        changed: Param
        if isinstance(value, bool):
            changed = not value
        elif isinstance(value, int):
            changed = value + 1000
        elif value is None:
            changed = "none"
        else:
            changed = value + "?"
        out.append(choice.with_params(**{name: changed}))
    out.append(choice.with_params(no_such_param=1))
    return out


def _is_legal(proposal: Choice, legal: list[Choice], exact: set[Choice]) -> bool:
    return proposal in exact or any(proposal.matches(c) for c in legal if c.free)


def check_choices(enc: Encounter, rng: random.Random, sample: int = SAMPLE) -> None:
    """The legal choices and the refusals agree, and each legal choice is well formed.

    - a seat has legal choices exactly when it is waiting;
    - every legal choice's text reads back (`Choice.parse`) to an equal choice;
    - `why_illegal` is None for (a sample of) the legal choices, and a reason for near misses
      (one parameter changed, an unknown parameter added), for an action no ruleset has, and
      for any choice from a seat that is not waiting;
    - every parameter of (a sample of) the legal choices has a kind (`param_kinds`), in a
      ruleset whose choices come from action specs (and for dice typed in).
    """
    waiting = enc.pending_seats()
    by_seat = {seat: enc.legal(seat) for seat in enc.seats()}
    for seat, legal in by_seat.items():
        assert bool(legal) == (seat in waiting), (
            f"{seat!r} has {len(legal)} legal choice(s) but waiting is {waiting}"
        )
        exact = set(legal)
        for choice in legal:
            text = choice.text()
            assert Choice.parse(text) == choice, f"{text!r} reads back as {Choice.parse(text)!r}"
        assert enc.why_illegal(seat, Choice(NO_SUCH_ACTION)) is not None, (
            f"{seat!r} may {NO_SUCH_ACTION}"
        )
        for choice in rng.sample(legal, min(sample, len(legal))):
            reason = enc.why_illegal(seat, choice)
            assert reason is None, f"{seat!r}: legal {choice.text()!r} is refused: {reason}"
            if enc.awaiting is not None or enc.ruleset.actions:
                kinds = enc.param_kinds(choice)
                unnamed = [name for name, _ in choice.params if name not in kinds]
                assert not unnamed, f"{choice.text()!r}: no kind for parameter(s) {unnamed}"
            for miss in _near_misses(choice):
                if not _is_legal(miss, legal, exact):
                    assert enc.why_illegal(seat, miss) is not None, (
                        f"{seat!r}: {miss.text()!r} is not legal but is not refused"
                    )
    offered = [c for seat in waiting for c in by_seat.get(seat, [])]
    idle = [seat for seat in enc.seats() if seat not in waiting]
    for seat in idle:
        for choice in rng.sample(offered, min(2, len(offered))):
            assert enc.why_illegal(seat, choice) is not None, (
                f"{seat!r} is not waiting, yet may {choice.text()!r}"
            )


def _faces(die: str, values: list[int]) -> str:
    return fudge_symbols(values) if die == FUDGE else " ".join(map(str, values))


def check_table_dice(played: Encounter, commands: int = 40, undos: int = 3, saves: int = 3) -> None:
    """Dice typed in at the table are decisions that give the same battle: the first
    `commands` commands of `played` (a seeded battle) are made again with every die asked of
    the seat that rolls and typed in from `played`'s log, and make the same log. At the first
    `undos` dice prompts of a command, undo takes back the command waiting for the dice (made
    again, it asks the same dice); at the first `saves` of them, a save resumes at the prompt."""
    table = Encounter.start(played.scenario_data, dice_kind="manual")
    prompts = 0

    def give(entry: LogEntry) -> None:
        nonlocal prompts
        for draw in entry.draws:
            waiting = table.awaiting
            assert waiting is not None, f"{entry.seat}'s command drew {draw} but asked no dice"
            (ask,) = table.pending()
            assert ask.kind == "dice" and ask.seat == waiting.roller
            assert table.pending_seats() == [waiting.roller]
            who = waiting.need.who
            owners = [s.id for s in table.seating() if who and (who in s.controls or who == s.id)]
            chooser = entry.seat if waiting.choice is not None else GM
            roller = owners[0] if owners else chooser  # nobody's unit: who chose rolls
            assert waiting.roller == roller, (
                f"{waiting.roller!r} is asked to roll {waiting.need.why}, not {roller!r}"
            )
            first = waiting.choice is not None and not waiting.faces  # a command's first
            prompts += first
            if first and prompts <= saves:
                resumed = load_encounter(json.loads(json.dumps(table.to_json())))
                assert resumed.pending() == table.pending(), "a save at a dice prompt moved on"
            if first and prompts <= undos:
                assert waiting.choice is not None
                seat, choice = waiting.seat, waiting.choice
                table.undo()
                assert table.awaiting is None
                assert not table.submit(seat, choice), "a command lacking dice made events"
                assert table.pending() == [ask], "made again, the command asks other dice"
            faces = Choice("dice", (("faces", _faces(draw.die, draw.values)),))
            assert table.why_illegal(waiting.roller, faces) is None
            table.submit(waiting.roller, faces)
        assert table.awaiting is None, f"{entry.seat}'s command asks more dice than it drew"

    give(played.log[0])
    for entry in played.log[1 : commands + 1]:
        assert entry.choice is not None
        table.submit(entry.seat, entry.choice)
        give(entry)

    def unplaced(e: LogEntry) -> dict[str, Any]:
        out = e.to_json()
        out.pop("at", None)  # a seeded draw's place in its stream; table dice have none
        return out

    made = [unplaced(e) for e in table.log]
    assert made == [unplaced(e) for e in played.log[: len(made)]], (
        "dice typed in made another battle"
    )


def check_all_along(
    data: Mapping[str, Any],
    seed: int,
    max_steps: int = 20_000,
    *,
    undo_every: int = 0,
    whole_view_every: int = 10,
) -> Encounter:
    """Random play checking, after every choice, the choices, whose turn it is, the new
    events' words and every view (with the whole log once in `whole_view_every` rounds of
    choices, and at the end); then replay and undo at the end. With `undo_every`, about one
    round of choices in that many is taken back (and checked against replay) before play
    goes on."""
    enc = Encounter.start(data, seed=seed)
    rng = random.Random(seed)
    steps = 0
    seen = 0
    rounds = 0
    while enc.result() is None and steps < max_steps:
        check_waiting(enc)
        check_choices(enc, rng)
        check_words(enc, enc.log[seen:])
        seen = len(enc.log)
        check_views_keep_secrets(enc, log=rounds % whole_view_every == 0)
        rounds += 1
        for seat in enc.pending_seats():
            if enc.result() is None and seat in enc.pending_seats():
                enc.submit(seat, random_bot(enc, seat, rng))
                steps += 1
        if undo_every and rng.randrange(undo_every) == 0 and enc.result() is None:
            check_undo(enc, 1)
            seen = min(seen, len(enc.log))
    assert enc.result() is not None, f"random play did not end after {steps} choices"
    check_waiting(enc)
    check_words(enc)
    check_views_keep_secrets(enc)
    check_replay(enc)
    check_undo(enc)
    return enc
