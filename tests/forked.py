"""Run CLI commands in forked children with a time and a memory limit, many per child.

A hostile file may hang a command or eat all memory; a child killed for it loses only the
command it was running, and the next child takes up the batch after it. Each command's
outcome comes back as one JSON line through a pipe.
"""

from __future__ import annotations

import json
import os
import resource
import select
import signal
import time
import traceback
from dataclasses import dataclass
from typing import Any

from typer.testing import CliRunner

from shiftdrive.cli.main import app

#: The address space a child may grow to beyond what it holds when it starts.
MEMORY_HEADROOM = 1_000_000_000


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one command did: its exit code, its output, and the exception (with its
    traceback) if one escaped; `hung` when the child was killed at the time limit, `died`
    when it ended without a word (killed by the kernel, a crash in C)."""

    argv: tuple[str, ...]
    code: int | None
    output: str
    exception: str | None = None
    hung: bool = False
    died: bool = False
    seconds: float = 0.0


def _address_space() -> int:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    return 0


#: A command's arguments, and what is typed at its prompts (None: nothing)
Command = tuple[tuple[str, ...], str | None]


def _child(commands: list[Command], start: int, out: int) -> None:
    """Run commands[start:], one JSON line each to `out`; never returns."""
    try:
        limit = _address_space() + MEMORY_HEADROOM
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        runner = CliRunner()
        for i in range(start, len(commands)):
            argv, typed = commands[i]
            began = time.monotonic()
            try:
                result = runner.invoke(app, list(argv), input=typed, catch_exceptions=True)
                exc = result.exception
                escaped = None
                if exc is not None and not isinstance(exc, SystemExit):
                    escaped = "".join(traceback.format_exception(exc))
                line = {"i": i, "code": result.exit_code, "output": result.output, "exc": escaped}
            except BaseException as exc:  # the runner itself failed (memory, recursion)
                line = {"i": i, "code": None, "output": "", "exc": repr(exc)}
            line["seconds"] = time.monotonic() - began
            data = (json.dumps(line) + "\n").encode()
            view = memoryview(data)
            while view:
                view = view[os.write(out, view) :]
    finally:
        os._exit(0)


def run_commands(commands: list[Command], time_limit: float) -> list[Outcome]:
    """Every command's outcome, in order, run in forked children (see the module's doc)."""
    outcomes: list[Outcome | None] = [None] * len(commands)
    start = 0
    while start < len(commands):
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child
            os.close(read_end)
            _child(commands, start, write_end)
        os.close(write_end)
        buffer = b""
        deadline = time.monotonic() + time_limit
        ended = False
        while start < len(commands):
            wait = deadline - time.monotonic()
            ready, _, _ = select.select([read_end], [], [], max(wait, 0))
            if not ready:
                os.kill(pid, signal.SIGKILL)
                outcomes[start] = Outcome(commands[start][0], None, "", hung=True)
                start += 1
                break
            chunk = os.read(read_end, 1 << 16)
            if not chunk:
                ended = True
                break
            buffer += chunk
            while b"\n" in buffer:
                line, buffer = buffer.split(b"\n", 1)
                data: dict[str, Any] = json.loads(line)
                i = data["i"]
                outcomes[i] = Outcome(
                    commands[i][0],
                    data["code"],
                    data["output"],
                    data["exc"],
                    seconds=data["seconds"],
                )
                start = i + 1
                deadline = time.monotonic() + time_limit
        os.close(read_end)
        os.waitpid(pid, 0)
        if ended and start < len(commands):
            outcomes[start] = Outcome(commands[start][0], None, "", died=True)
            start += 1
    return [o for o in outcomes if o is not None]


__all__ = ["Command", "Outcome", "run_commands"]
