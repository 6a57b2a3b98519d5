"""Loading a saved encounter: its set-up rebuilt, every command of its log applied again
with the dice it had, and the dice prompt it was saved at (if any) asked again.

`saves` reads the file's parts; this module drives a live `Encounter` through them, so
what does not replay is refused naming the save and the log entry.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shiftdrive.core.dice import DiceError, DiceSource, RecordingDice, ReplayDice, TableDice
from shiftdrive.core.errors import RuleError
from shiftdrive.engine.choices import Choice, ChoiceSyntaxError
from shiftdrive.engine.encounter import Encounter, IllegalChoice
from shiftdrive.engine.registry import UnknownRuleset, get_ruleset
from shiftdrive.engine.ruleset import Ruleset
from shiftdrive.engine.saves import (
    SAVE_VERSION,
    DiceSpec,
    SaveFileError,
    _continuation,
    _read_discarded,
    _read_log,
    _read_spec,
)
from shiftdrive.engine.scenario import ScenarioError


def load_encounter(
    data: Mapping[str, Any], *, source: str = "save", continue_dice: bool = True
) -> Encounter:
    """Rebuild an encounter from its saved log. A seeded source is wound on to continue; a
    save made at a dice prompt comes back at that prompt."""
    version = data.get("version")
    if version != SAVE_VERSION:
        raise SaveFileError(
            f"{source}: save format version {version!r} is not {SAVE_VERSION} "
            "(saved by another shiftdrive; replay it with that version)"
        )
    awaiting = data.get("awaiting")
    if awaiting is not None and not isinstance(awaiting, dict):
        raise SaveFileError(f"{source}: 'awaiting' must be an object (the dice prompt)")
    if awaiting is not None and not data.get("log"):
        return _from_setup_prompt(data, awaiting, source)
    entries = _read_log(data, source)
    try:
        ruleset = get_ruleset(str(data["ruleset"]))
    except UnknownRuleset as unknown:
        raise SaveFileError(f"{source}: {unknown}") from None
    spec = _read_spec(data, source)
    enc = _set_up(
        ruleset,
        data,
        ReplayDice(entries[0].draws),
        spec,
        source,
        setup_faces=[d.values for d in entries[0].draws],
    )
    for i, entry in enumerate(entries[1:], start=1):
        assert entry.choice is not None
        try:
            if enc.table:  # the table's dice, as typed in then
                reason = enc.why_illegal(entry.seat, entry.choice)
                if reason:
                    raise IllegalChoice(reason)
                enc._attempt(entry.seat, entry.choice, [d.values for d in entry.draws])
                if enc.awaiting is not None:
                    raise IllegalChoice("it needs more dice than the log holds")
            else:
                enc._dice = RecordingDice(ReplayDice(entry.draws))
                enc.submit(entry.seat, entry.choice)
        except (IllegalChoice, DiceError) as refused:
            raise SaveFileError(
                f"{source}: log entry {i} ({entry.choice.text()}) does not replay: {refused}"
            ) from None
    for new, old in zip(enc.log, entries, strict=True):
        new.at = old.at  # the original places in the stream (replay counted no discards)
    enc.discarded = _read_discarded(data, source)
    enc._drawn = sum(len(e.draws) for e in enc.log) + len(enc.discarded)
    enc._dice = RecordingDice(
        _continuation(spec, enc.log, enc.discarded) if continue_dice else ReplayDice([])
    )
    if awaiting is not None and continue_dice:
        _resume_prompt(enc, awaiting, source)
    return enc


def _resume_prompt(enc: Encounter, awaiting: Any, source: str) -> None:
    """Come back to the dice prompt a save was made at."""
    try:
        choice = Choice.from_json(awaiting["choice"])
        faces = [[int(v) for v in f] for f in awaiting.get("faces", [])]
        seat = str(awaiting["seat"])
    except (KeyError, TypeError, ValueError, ChoiceSyntaxError) as exc:
        raise SaveFileError(f"{source}: 'awaiting' is malformed: {exc}") from None
    try:
        enc._attempt(seat, choice, faces)
    except IllegalChoice as refused:
        raise SaveFileError(f"{source}: the command at the dice prompt: {refused}") from None
    if enc.awaiting is None:
        raise SaveFileError(f"{source}: 'awaiting' has all its dice: it belongs in the log")


def _from_setup_prompt(data: Mapping[str, Any], awaiting: Any, source: str) -> Encounter:
    """A save made while the set-up itself waited for the table's dice."""
    try:
        ruleset = get_ruleset(str(data["ruleset"]))
        faces = [[int(v) for v in f] for f in awaiting.get("faces", [])]
    except (UnknownRuleset, KeyError, TypeError, ValueError) as exc:
        raise SaveFileError(f"{source}: cannot resume the set-up: {exc}") from None
    enc = _set_up(ruleset, data, TableDice(), DiceSpec("manual", None), source)
    enc._setup(faces)
    return enc


def _set_up(
    ruleset: Ruleset[Any, Any],
    data: Mapping[str, Any],
    dice: DiceSource,
    spec: DiceSpec,
    source: str,
    setup_faces: list[list[int]] | None = None,
) -> Encounter:
    """The set-up of a saved encounter; what is wrong with its scenario or its set-up's
    dice names the save."""
    if "scenario" not in data:
        raise SaveFileError(f"{source}: missing field 'scenario'")
    try:
        return Encounter(
            ruleset,
            data["scenario"],
            dice,
            spec,
            source=str(data.get("source", source)),
            setup_faces=setup_faces,
        )
    except ScenarioError as bad:
        raise bad.with_source(f"{source}: scenario") from None
    except (RuleError, DiceError) as refused:
        raise SaveFileError(f"{source}: the set-up does not replay: {refused}") from None
