"""Hostile files made from the examples: seeded mutations of scenario data and text, and
tampered saves. The same seed makes the same files, so a failure found once is found again.

Scenario data is mutated where it lies (a field dropped or added, a value swapped for one of
another type, a huge number, a long or strange text, deep nesting, a list grown far past any
table), then written as YAML and sometimes broken as text (aliases, YAML types a scenario
never holds, bad UTF-8, truncation, numbers of thousands of digits, deep brackets).
Saves are the JSON of honest fights, mutated the same way and in what makes a save a save:
dice faces, log entries, the version, the digest, the seed, the discarded draws.
"""

from __future__ import annotations

import contextlib
import copy
import json
import random
from collections.abc import Callable
from typing import Any

import yaml

#: Values no field of a scenario or a save expects, or that are far out of any bound.
STRANGE: list[Any] = [
    None, True, False, 0, -1, -(10**12), 10**12, 10**30, 2**63, 1.5, -0.0, 1e308,
    float("inf"), float("-inf"), "", " ", "x" * 10_000, "\x00", "\u202e\u0301\U0001f680",
    "a\nb", "9" * 400, [], [[]], {}, {"": None}, [None] * 3, {"name": 1},
]  # fmt: skip

DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)  # libyaml's when there, for speed

BOUND_BREAKERS: list[int] = [10**6, 10**9, 10**18, -(10**9), 5000, 300]


def paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in nested data, the root first."""
    out: list[tuple[Any, ...]] = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            out.extend(paths(value, (*prefix, key)))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            out.extend(paths(value, (*prefix, i)))
    return out


def get(data: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        data = data[part]
    return data


def put(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    """`data` with the value at `path` replaced (the root itself when the path is empty)."""
    if not path:
        return value
    get(data, path[:-1])[path[-1]] = value
    return data


def nest(value: Any, depth: int) -> Any:
    for _ in range(depth):
        value = [value]
    return value


Mutation = Callable[[random.Random, Any], Any]


def m_drop(rng: random.Random, data: Any) -> Any:
    spots = [p for p in paths(data) if p and isinstance(get(data, p[:-1]), dict | list)]
    if spots:
        p = rng.choice(spots)
        parent = get(data, p[:-1])
        del parent[p[-1]]
    return data


def m_extra(rng: random.Random, data: Any) -> Any:
    spots = [p for p in paths(data) if isinstance(get(data, p), dict)]
    if spots:
        key = rng.choice(["extra", "hidden", "zone", "name", "x" * 50])
        get(data, rng.choice(spots))[key] = copy.deepcopy(rng.choice(STRANGE))
    return data


def m_strange(rng: random.Random, data: Any) -> Any:
    return put(data, rng.choice(paths(data)), copy.deepcopy(rng.choice(STRANGE)))


def m_number(rng: random.Random, data: Any) -> Any:
    spots = [p for p in paths(data) if isinstance(get(data, p), int | float)]
    if spots:
        data = put(data, rng.choice(spots), rng.choice(BOUND_BREAKERS))
    return data


def m_grow(rng: random.Random, data: Any) -> Any:
    """A list grown far past any table: many copies of one of its items, each named anew
    when it has a name (so the copies are not refused as duplicates only)."""
    spots = [p for p in paths(data) if isinstance(get(data, p), list) and get(data, p)]
    if spots:
        items = get(data, rng.choice(spots))
        model = rng.choice(items)
        for n in range(rng.choice([40, 400, 3000])):
            item = copy.deepcopy(model)
            if isinstance(item, dict) and isinstance(item.get("name"), str):
                item["name"] += f" {n}"
            items.append(item)
    return data


def m_rename(rng: random.Random, data: Any) -> Any:
    """Texts swapped between places: a name where a zone goes, a duplicate name."""
    spots = [p for p in paths(data) if isinstance(get(data, p), str)]
    if len(spots) > 1:
        a, b = rng.sample(spots, 2)
        data = put(data, a, get(data, b))
    return data


def m_nest(rng: random.Random, data: Any) -> Any:
    return put(data, rng.choice(paths(data)), nest(0, rng.choice([10, 45, 200])))


def m_swap_type(rng: random.Random, data: Any) -> Any:
    """A mapping where a list goes and a list where a mapping goes."""
    p = rng.choice(paths(data))
    value = get(data, p)
    if isinstance(value, dict):
        return put(data, p, list(value.values()))
    if isinstance(value, list):
        return put(data, p, {str(i): v for i, v in enumerate(value)})
    return put(data, p, [value])


DATA_MUTATIONS: list[Mutation] = [
    m_drop, m_extra, m_strange, m_number, m_grow, m_rename, m_nest, m_swap_type,
]  # fmt: skip


def mutate_data(rng: random.Random, data: Any) -> Any:
    data = copy.deepcopy(data)
    for _ in range(rng.choice([1, 1, 2, 3])):
        data = rng.choice(DATA_MUTATIONS)(rng, data)
    return data


# --- scenario text --------------------------------------------------------------------------
def laughs(levels: int) -> str:
    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, levels):
        refs = ",".join(f"*a{i - 1}" for _ in range(9))
        lines.append(f"a{i}: &a{i} [{refs}]")
    return "\n".join(lines) + "\n"


TEXT_INSERTS: list[str] = [
    "x: &t [*t]\n",
    "title: &a hello\ndescription: *a\n",
    "x: !!set {a, b}\n",
    "x: !!binary aGVsbG8=\n",
    "x: 2001-12-14\n",
    "x: !!timestamp 2001-12-14t21:59:43.10-05:00\n",
    "x: !!python/object/apply:os.system ['true']\n",
    "x: !!omap [a: 1]\n",
    "x: !!float nan\n",
    "x: .nan\n",
    "x: .inf\n",
    "x: !custom thing\n",
    "<<: {title: merged}\n",
    "? [a, b]\n: c\n",
    "1: one\n",
    "x: " + "9" * 5000 + "\n",
    "x: " + "[" * 3000 + "]" * 3000 + "\n",
    "x: " + "{a: " * 2000 + "1" + "}" * 2000 + "\n",
    "---\nruleset: tachyon\n",
    "%YAML 1.1\n",
    "\tx: tab\n",
    "x: 'unclosed\n",
    "title: \x00\n",
]


def mutate_text(rng: random.Random, text: bytes) -> bytes:
    """Break YAML text: an insert, a truncation, bad bytes, billion laughs, a byte order mark."""
    how = rng.randrange(7)
    if how == 0:
        lines = text.split(b"\n")
        at = rng.randrange(len(lines) + 1)
        lines.insert(at, rng.choice(TEXT_INSERTS).encode().rstrip(b"\n"))
        return b"\n".join(lines)
    if how == 1:
        return text + b"\n" + rng.choice(TEXT_INSERTS).encode()
    if how == 2:
        return text[: rng.randrange(len(text) + 1)]
    if how == 3:
        at = rng.randrange(len(text) + 1)
        return text[:at] + rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x80\x80"]) + text[at:]
    if how == 4:
        return text + b"\n" + laughs(rng.choice([4, 9])).encode()
    if how == 5:
        return b"\xef\xbb\xbf" + text.replace(b"\n", b"\r\n")
    flipped = bytearray(text)
    for _ in range(rng.choice([1, 3, 10])):
        if flipped:
            flipped[rng.randrange(len(flipped))] = rng.randrange(256)
    return bytes(flipped)


def hostile_scenario(rng: random.Random, data: dict[str, Any]) -> bytes:
    """One hostile scenario file from an example's data."""
    mutated = mutate_data(rng, data) if rng.random() < 0.8 else copy.deepcopy(data)
    text = json.dumps(mutated, default=str).encode()  # JSON is YAML too
    if len(text) < 20_000:  # a large one stays JSON: YAML's own writer takes seconds for it
        with contextlib.suppress(yaml.YAMLError, RecursionError):
            text = yaml.dump(
                mutated, Dumper=DUMPER, allow_unicode=rng.random() < 0.5, sort_keys=False
            ).encode()
    if rng.random() < 0.45 or mutated == data:
        text = mutate_text(rng, text)
    return text


# --- saves ----------------------------------------------------------------------------------
def _log_spots(save: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [("log", i) for i in range(len(save.get("log", [])))]


def s_face(rng: random.Random, save: dict[str, Any]) -> dict[str, Any]:
    draws = [(i, j) for i, e in enumerate(save["log"]) for j, _ in enumerate(e.get("draws", []))]
    if draws:
        i, j = rng.choice(draws)
        values = save["log"][i]["draws"][j]["values"]
        k = rng.randrange(len(values)) if values else 0
        new = rng.choice([1, -1, 0, 7, -7, 10**40, "+", None, 1.5, True])
        if values:
            values[k] = new
        else:
            values.append(new)
    return save


def s_entry(rng: random.Random, save: dict[str, Any]) -> dict[str, Any]:
    log = save["log"]
    i = rng.randrange(len(log))
    how = rng.randrange(5)
    if how == 0:
        del log[i]
    elif how == 1:
        log.insert(i, copy.deepcopy(rng.choice(log)))
    elif how == 2:
        log[i] = copy.deepcopy(rng.choice(STRANGE))
    elif how == 3 and log[i].get("choice"):
        log[i]["choice"] = rng.choice(
            ["gm_note text=x", {"action": 5}, {"action": "fire", "params": [[1, 2, 3]]}, "", 7]
        )
    else:
        log[i]["seat"] = rng.choice(["gm", "nobody", "", 3, None])
    return save


def s_header(rng: random.Random, save: dict[str, Any]) -> dict[str, Any]:
    key = rng.choice(["version", "format", "ruleset", "dice", "final", "scenario", "awaiting",
                      "discarded", "source"])  # fmt: skip
    how = rng.randrange(3)
    if how == 0:
        save.pop(key, None)
    elif how == 1:
        save[key] = copy.deepcopy(rng.choice(STRANGE))
    elif key == "dice" and isinstance(save.get("dice"), dict):
        save["dice"]["seed"] = rng.choice([save["dice"].get("seed", 0) or 0, 0]) + 1
    elif key == "final" and isinstance(save.get("final"), dict):
        save["final"]["digest"] = "0" * 64
    elif key == "version":
        save["version"] = rng.choice([1, 3, "2", 2.0])
    else:
        save[key] = {"kind": "manual", "seed": None} if key == "dice" else save.get(key)
    return save


def s_forge(rng: random.Random, save: dict[str, Any]) -> dict[str, Any]:
    """Every Fudge die of one entry set to +: what a cheat would type."""
    entries = [e for e in save["log"] if any(d.get("die") == "dF" for d in e.get("draws", []))]
    if entries:
        for draw in rng.choice(entries)["draws"]:
            draw["values"] = [1] * len(draw["values"])
    return save


def s_data(rng: random.Random, save: dict[str, Any]) -> dict[str, Any]:
    """The data mutations, on one log entry or one other part of the save."""
    if rng.random() < 0.5:
        i = rng.randrange(len(save["log"]))
        save["log"][i] = mutate_data(rng, save["log"][i])
    else:
        key = rng.choice([k for k in save if k != "log"])
        save[key] = mutate_data(rng, save[key])
    return save


SAVE_MUTATIONS: list[Callable[[random.Random, dict[str, Any]], dict[str, Any]]] = [
    s_face, s_entry, s_header, s_forge, s_data, s_data,
]  # fmt: skip


def tampered(rng: random.Random, honest: bytes) -> bytes:
    """The honest save's JSON with one or two of the mutations above (maybe none took)."""
    data = json.loads(honest)
    for _ in range(rng.choice([1, 1, 2])):
        with contextlib.suppress(KeyError, TypeError, AttributeError, IndexError, ValueError):
            data = rng.choice(SAVE_MUTATIONS)(rng, data)  # else nothing of its kind was left
        if not isinstance(data, dict) or not isinstance(data.get("log"), list) or not data["log"]:
            break
    try:
        return json.dumps(data).encode()
    except (ValueError, RecursionError):
        return honest


def hostile_save(rng: random.Random, honest: bytes) -> bytes:
    """One tampered save from an honest one's JSON."""
    text = honest
    for _ in range(5):
        text = tampered(rng, honest)
        if json.loads(text) != json.loads(honest):
            break
    roll = rng.random()
    if roll < 0.08:
        text = text[: rng.randrange(len(text) + 1)]
    elif roll < 0.12:
        text = b'{"format":"shiftdrive-encounter","x":' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    elif roll < 0.16:
        at = rng.randrange(len(text) + 1)
        text = text[:at] + b"\xff\xfe" + text[at:]
    elif roll < 0.2:
        text = text.replace(b'"version": 2', b'"version": ' + b"9" * 5000, 1)
    return text


__all__ = ["hostile_save", "hostile_scenario", "mutate_data"]
