"""Reading a saved encounter: its format and version, the log, the dice spec and the
discarded draws, and whether its seeded dice are the generator's own (`verify_dice`).
Nothing here needs a live encounter; `engine.loading` and `replay` build on it."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from shiftdrive.core.dice import DiceDraw, DiceSource, SeededDice, TableDice, die_faces
from shiftdrive.engine.choices import ChoiceSyntaxError
from shiftdrive.engine.events import LogEntry

SAVE_FORMAT: Final = "shiftdrive-encounter"
#: 2: events are data (no words); a save may end at a dice prompt ("awaiting")
SAVE_VERSION: Final = 2


class SaveFileError(ValueError):
    """A saved encounter that cannot be read, naming the file and the reason."""


def digest(data: Any) -> str:
    """Stable hash of JSON data, to compare a replay with the original."""
    blob = json.dumps(data, sort_keys=True, separators=(",", ":")).encode()
    return hashlib.sha256(blob).hexdigest()


@dataclass(frozen=True, slots=True)
class DiceSpec:
    """How the live encounter gets dice: 'seeded' (with a seed), 'manual' (typed in at the
    table, asked for as decisions) or 'script'."""

    kind: str = "seeded"
    seed: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "seed": self.seed}


def _stream(
    log: list[LogEntry], discarded: list[tuple[int, DiceDraw]]
) -> list[tuple[int, DiceDraw, int | None]]:
    """Every draw of a seeded encounter in the generator's order: (place, draw, log entry
    index or None for a discarded one). Entries without places (older or typed-in) go last."""
    out: list[tuple[int, DiceDraw, int | None]] = []
    for i, entry in enumerate(log):
        if entry.at is not None:
            out.extend((entry.at + k, d, i) for k, d in enumerate(entry.draws))
    out.extend((at, d, None) for at, d in discarded)
    out.sort(key=lambda x: x[0])
    return out


def _continuation(
    spec: DiceSpec, log: list[LogEntry], discarded: list[tuple[int, DiceDraw]]
) -> DiceSource:
    """A seeded source wound past every draw made so far (kept in the log or discarded by a
    refusal or an undo), so play goes on exactly as if it had never stopped."""
    if spec.kind == "manual":
        return TableDice()
    if spec.kind != "seeded" or spec.seed is None:
        return SeededDice(None)
    source = SeededDice(spec.seed)
    for _, draw, _ in _stream(log, discarded):
        source.draw(draw.die, len(draw.values), draw.why)
    return source


def verify_dice(data: Mapping[str, Any], source: str = "save") -> list[str]:
    """Problems with a seeded save's dice: every draw regenerated from the seed, in the
    generator's order, must equal the one recorded. Empty when they all do."""
    entries = _read_log(data, source)
    spec = data.get("dice") or {}
    seed = spec.get("seed") if isinstance(spec, dict) else None
    if not isinstance(seed, int) or isinstance(seed, bool):
        return ["seeded dice without a seed"]
    stream = _stream(entries, _read_discarded(data, source))
    if any(e.at is None for e in entries):
        return ["log entries without their place in the dice stream ('at')"]
    regen = SeededDice(seed)
    problems: list[str] = []
    for expected, (place, draw, index) in enumerate(stream):
        if place != expected:
            problems.append(f"the dice stream has a gap or overlap at draw {expected}")
            break
        values = regen.draw(draw.die, len(draw.values), draw.why)
        if values != draw.values:
            where = f"log entry {index}" if index is not None else "a discarded draw"
            problems.append(
                f"{where}: {draw.why or draw.die} recorded {draw.values}, "
                f"but seed {seed} rolls {values}"
            )
            break
    return problems


def _read_spec(data: Mapping[str, Any], source: str) -> DiceSpec:
    """The dice a save was played with: a kind, and the seed of seeded dice."""
    raw = data.get("dice")
    if not isinstance(raw, dict) or not isinstance(raw.get("kind"), str):
        raise SaveFileError(f"{source}: 'dice' must be an object with the dice 'kind' and 'seed'")
    kind, seed = raw["kind"], raw.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise SaveFileError(f"{source}: the dice seed must be a whole number, not {seed!r}")
    if kind == "seeded" and seed is None:
        raise SaveFileError(f"{source}: seeded dice without a seed")
    return DiceSpec(kind, seed)


def _read_discarded(data: Mapping[str, Any], source: str) -> list[tuple[int, DiceDraw]]:
    raw = data.get("discarded", [])
    if not isinstance(raw, list):
        raise SaveFileError(f"{source}: 'discarded' must be a list")
    out = []
    for i, item in enumerate(raw):
        try:
            draw = DiceDraw(str(item["die"]), [int(v) for v in item["values"]], str(item["why"]))
            faces = die_faces(draw.die)
            if any(v not in faces for v in draw.values):
                raise ValueError(f"{draw.values} are not all faces of {draw.die}")
            out.append((int(item["at"]), draw))
        except (KeyError, TypeError, ValueError) as exc:
            raise SaveFileError(f"{source}: discarded[{i}] is malformed: {exc}") from None
    return out


def _type_word(value: object) -> str:
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int):
        return "a whole number"
    return "text" if isinstance(value, str) else "empty"


def check_save(data: Any, source: str) -> dict[str, Any]:
    """Refuse JSON that is not a shiftdrive encounter, naming the source."""
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveFileError(
            f"{source}: not a shiftdrive encounter (format must be {SAVE_FORMAT!r})"
        )
    return data


def _read_log(data: Mapping[str, Any], source: str) -> list[LogEntry]:
    for key in ("ruleset", "scenario", "log"):
        if key not in data:
            raise SaveFileError(f"{source}: missing field {key!r}")
    if not isinstance(data["ruleset"], str):
        raise SaveFileError(
            f"{source}: ruleset must be a name, not {type(data['ruleset']).__name__}"
        )
    if not isinstance(data["scenario"], dict):
        raise SaveFileError(
            f"{source}: scenario must be an object, not {type(data['scenario']).__name__}"
        )
    raw = data["log"]
    if not isinstance(raw, list) or not raw:
        raise SaveFileError(f"{source}: log must be a non-empty list")
    entries = []
    for i, item in enumerate(raw):
        if not isinstance(item, dict):
            raise SaveFileError(f"{source}: log[{i}] must be an object, not {type(item).__name__}")
        try:
            entry = LogEntry.from_json(item)
            for j, draw in enumerate(entry.draws):
                faces = die_faces(draw.die)
                if any(v not in faces for v in draw.values):
                    raise ValueError(f"draws[{j}]: {draw.values} are not all faces of {draw.die}")
        except (KeyError, TypeError, ValueError, AttributeError, ChoiceSyntaxError) as exc:
            raise SaveFileError(f"{source}: log[{i}] is malformed: {exc}") from None
        entries.append(entry)
    if entries[0].seat != "setup" or any(e.choice is None for e in entries[1:]):
        raise SaveFileError(f"{source}: log must start with the set-up, then commands")
    return entries
