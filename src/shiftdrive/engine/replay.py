"""Replaying a saved encounter to check it: the same commands and dice must give the same
events and the same final state. Reading the save is `engine/saves.py`'s; playing it again is
`engine.loading.load_encounter`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from shiftdrive.engine.loading import load_encounter
from shiftdrive.engine.saves import _read_log, digest, verify_dice


@dataclass(frozen=True, slots=True)
class ReplayReport:
    """Whether a saved encounter reproduces: same events, same final state."""

    ok: bool
    commands: int
    events: int
    digest: str
    expected_digest: str | None
    problems: list[str]
    #: how far the dice could be checked: regenerated from the seed, or not at all
    dice: str = ""


def replay(data: Mapping[str, Any], *, source: str = "save") -> ReplayReport:
    """Re-run a saved encounter from its scenario, commands and recorded dice, and compare."""
    entries = _read_log(data, source)
    enc = load_encounter(data, source=source, continue_dice=False)
    problems: list[str] = []
    for i, (old, new) in enumerate(zip(entries, enc.log, strict=True)):
        if [e.to_json() for e in old.events] != [e.to_json() for e in new.events]:
            problems.append(f"log entry {i}: events differ")
        if [d.to_json() for d in old.draws] != [d.to_json() for d in new.draws]:
            problems.append(f"log entry {i}: its dice are not the ones its command rolls")
    final = data.get("final")
    saved = final.get("digest") if isinstance(final, dict) else None
    expected = saved if isinstance(saved, str) else None
    got = digest(enc.snapshot())
    if saved is not None and expected is None:
        problems.append("the save's final state digest is not text")
    elif expected is None:
        problems.append("the save has no final state digest to compare with")
    elif expected != got:
        problems.append("final state differs from the one saved")
    if isinstance(final, dict) and final.get("commands") != len(entries) - 1:
        problems.append(f"the log holds {len(entries) - 1} commands, not {final.get('commands')}")
    if extra := sum(len(e.draws) for e in entries) - sum(len(e.draws) for e in enc.log):
        problems.append(f"{extra} recorded draw(s) were never rolled")
    if enc.spec.kind == "seeded":
        problems.extend(verify_dice(data, source))
    if enc.spec.kind == "seeded":
        dice = f"every die regenerated from seed {enc.spec.seed}"
    elif enc.spec.kind == "manual":
        dice = "dice typed in at the table: they cannot be verified"
    else:
        dice = f"{enc.spec.kind} dice: they cannot be verified"
    return ReplayReport(
        not problems, len(entries) - 1, len(enc.events()), got, expected, problems, dice
    )
