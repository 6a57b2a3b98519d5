"""Fuzzing the files: hostile scenarios and tampered saves through the CLI, in forked children.

Every example under examples/ is mutated, seeded, into hostile scenario files (fields dropped
and added, values of the wrong type, huge numbers, long and strange texts, deep nesting, lists
grown past any table, aliases and billion laughs, YAML types a scenario never holds, bad
UTF-8, truncation: see `hostile.py`), each run through `check` and `play --bots all`. Honest
saves of bot fights (one with undos and a refused choice, one stopped at a dice prompt) are
tampered with (dice faces, log entries, version, digest, seed, discarded draws, types,
truncation, deep nesting, forged all-plus dice), each run through `replay` and
`play --resume --bots all`. Every example and every fourth scenario is also played with
every seat at the keyboard (help, state, log, bad input, choices, undo, quit typed in). The
commands run in forked children with a time and a memory limit (`forked.py`). Each must end
in success or a clean refusal: no traceback, no hang, and a refusal names the file and says
why.

The case count is an option for a deeper run (the default keeps the test near half a
minute): `SHIFTDRIVE_FUZZ_CASES=3000 SHIFTDRIVE_FUZZ_SEED=7 pytest tests/test_fuzz_files.py`
(cases of each kind; the seed picks other files; `SHIFTDRIVE_FUZZ_TIME` the seconds a
command may take, default 15).
"""

from __future__ import annotations

import contextlib
import os
import random
import re
from pathlib import Path

import pytest
import yaml

from conftest import EXAMPLES
from forked import Command, Outcome, run_commands
from hostile import hostile_save, hostile_scenario
from shiftdrive.engine.bots import random_bot, run_bots
from shiftdrive.engine.encounter import Encounter, IllegalChoice
from shiftdrive.files import save

CASES = int(os.environ.get("SHIFTDRIVE_FUZZ_CASES", "200"))
SEED = int(os.environ.get("SHIFTDRIVE_FUZZ_SEED", "0"))
TIME_LIMIT = float(os.environ.get("SHIFTDRIVE_FUZZ_TIME", "15"))
SCENARIOS = sorted(EXAMPLES.glob("*/*.yaml"))


def honest_saves(where: Path) -> list[bytes]:
    """Saves of fights played with bots through the public API and written by `files.save`:
    whole fights, one with undos and a refused choice, one stopped at a dice prompt."""
    out = []
    for n, path in enumerate(SCENARIOS):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        enc = Encounter.start(data, seed=n)
        run_bots(enc, rng=random.Random(n))
        kept = where / f"honest-{path.stem}.json"
        save(enc, kept)
        out.append(kept.read_bytes())
    data = yaml.safe_load(SCENARIOS[0].read_text(encoding="utf-8"))
    enc = Encounter.start(data, seed=11)
    rng = random.Random(11)
    for step in range(30):
        if enc.result():
            break
        seat = enc.pending_seats()[0]
        enc.submit(seat, random_bot(enc, seat, rng))
        if step % 5 == 4:
            enc.undo(2)
        with contextlib.suppress(IllegalChoice):
            enc.submit(seat, "no_such_action")
    save(enc, where / "honest-undos.json")
    out.append((where / "honest-undos.json").read_bytes())
    enc = Encounter.start(data, dice_kind="manual")
    while enc.awaiting is None and not enc.result():
        seat = enc.pending_seats()[0]
        enc.submit(seat, random_bot(enc, seat, rng))
    save(enc, where / "honest-prompt.json")
    out.append((where / "honest-prompt.json").read_bytes())
    return out


#: What a person types at the prompts of a human seat: every kind of command, then choices
TYPED = "help\nstate\nlog\n0\nfly_away\n" + "1\n" * 12 + "undo\n" + "1\n" * 12 + "quit\n"


def make_cases(where: Path) -> list[Command]:
    commands: list[Command] = []
    rng = random.Random(SEED)
    examples = [yaml.safe_load(p.read_text(encoding="utf-8")) for p in SCENARIOS]
    for i in range(CASES):
        n = i % len(SCENARIOS)
        path = where / f"scenario-{i:04d}-{SCENARIOS[n].stem}.yaml"
        path.write_bytes(hostile_scenario(random.Random(rng.random()), examples[n]))
        commands.append((("check", str(path)), None))
        commands.append((("play", str(path), "--bots", "all", "--seed", str(i)), None))
        if i % 4 == 0:  # every seat at the keyboard
            commands.append((("play", str(path), "--seed", str(i)), TYPED))
    for n, path in enumerate(SCENARIOS):  # the examples themselves, every seat typed in
        commands.append((("play", str(path), "--seed", str(n)), TYPED))
    saves = honest_saves(where)
    for i in range(CASES):
        path = where / f"save-{i:04d}.json"
        path.write_bytes(hostile_save(random.Random(rng.random()), saves[i % len(saves)]))
        commands.append((("replay", str(path)), None))
        resumed = str(path.with_suffix(".resumed.json"))
        commands.append((("play", "--resume", str(path), "--bots", "all", "--save", resumed), None))
    return commands


def faults(outcome: Outcome) -> str | None:
    """What is wrong with how a command ended, or None when it ended well."""
    if outcome.hung:
        return f"hung (over {TIME_LIMIT} s)"
    if outcome.died:
        return "the child died (out of memory, or a crash)"
    if outcome.exception:
        return outcome.exception
    if "Traceback" in outcome.output:
        return outcome.output
    if outcome.code not in (0, 1, 2):
        return f"exit code {outcome.code}"
    if outcome.code == 0:
        return None
    file = next(a for a in outcome.argv if a.endswith((".yaml", ".json")))
    reason = re.search(re.escape(file) + r": (.*[a-z]{3}.*)", outcome.output)
    if reason is None:
        return "the refusal does not name the file and a reason"
    return None


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")
def test_hostile_files_are_refused_cleanly(tmp_path: Path) -> None:
    commands = make_cases(tmp_path)
    outcomes = run_commands(commands, TIME_LIMIT)
    bad = [(o, f) for o in outcomes if (f := faults(o)) is not None]
    report = "\n\n".join(f"{' '.join(o.argv)}\n{f}\n{o.output[-800:]}" for o, f in bad[:5])
    assert not bad, f"{len(bad)} of {len(outcomes)} commands failed; the first:\n{report}"
    refused = sum(1 for o in outcomes if o.code)
    assert refused > len(outcomes) // 3, "the files are not hostile enough to test anything"


def test_the_harness_reports_a_command_over_its_time() -> None:
    """A whole bot battle cannot end in 50 ms: the child is killed and the hang reported."""
    fleet = EXAMPLES / "tachyon" / "fleet-action.yaml"
    (outcome,) = run_commands([(("play", str(fleet), "--bots", "all", "--seed", "1"), None)], 0.05)
    assert outcome.hung and faults(outcome) == f"hung (over {TIME_LIMIT} s)"
