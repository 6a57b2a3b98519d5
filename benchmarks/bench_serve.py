"""Load on `shiftdrive serve`: many tables at once, every seat a scripted player over real HTTP
and WebSockets, thinking 2-5 s between commands; reports command latency (p50, p99), errors
and commands lost (every acknowledged command must be in the database afterwards).

    .venv/bin/python benchmarks/bench_serve.py [--tables 100] [--seconds 300] [--db URL]

It starts the server itself (a SQLite file in a temp dir unless --db names a PostgreSQL URL)
on a free localhost port, and stops it at the end. Only loopback traffic.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx2 as httpx
from websockets.asyncio.client import connect

from shiftdrive.web.store import Store

EXAMPLE = "tachyon/dogfight-2v2.yaml"


class Tally:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.acked: list[tuple[str, int, str]] = []  # table, seq, seat
        self.tables = 0


async def player(
    http: httpx.AsyncClient, base: str, table: str, seat: str, token: str,
    tally: Tally, until: float, rng: random.Random, think: tuple[float, float],
) -> None:  # fmt: skip
    """One seat: keeps the latest view from its WebSocket, and when it has choices, thinks,
    then sends one."""
    latest: dict[str, Any] = {}
    changed = asyncio.Event()
    async with connect(f"ws://{base.removeprefix('http://')}/ws/{token}?format=json") as ws:

        async def hear() -> None:
            async for text in ws:
                msg = json.loads(text)
                if msg["seq"] >= latest.get("seq", -1):
                    latest.update(msg["view"] | {"seq": msg["seq"]})
                    changed.set()

        listening = asyncio.create_task(hear())
        try:
            while time.monotonic() < until:
                await asyncio.wait_for(changed.wait(), timeout=max(0.1, until - time.monotonic()))
                changed.clear()
                if latest.get("result") or not latest.get("choices"):
                    if latest.get("result"):
                        return
                    continue
                await asyncio.sleep(rng.uniform(*think))
                if time.monotonic() >= until or not latest.get("choices"):
                    continue
                choice = rng.choice(latest["choices"])
                started = time.perf_counter()
                try:
                    answer = await http.post(
                        f"{base}/api/t/{token}/choice", json={"text": choice["text"]}
                    )
                except httpx.HTTPError as failed:
                    tally.errors.append(f"{type(failed).__name__}: {failed}")
                    continue
                tally.latencies.append(time.perf_counter() - started)
                if answer.status_code == 200:
                    tally.acked.append((table, answer.json()["seq"], seat))
                elif answer.status_code != 409:  # 409: overtaken by the table (a refusal)
                    tally.errors.append(f"{answer.status_code} {answer.text[:200]}")
        except TimeoutError:
            pass
        finally:
            listening.cancel()


async def one_table(
    http: httpx.AsyncClient, base: str, tally: Tally, until: float, seed: int,
    think: tuple[float, float],
) -> None:  # fmt: skip
    """A table after another until time is up: both seats played by scripted players."""
    rng = random.Random(seed)
    while time.monotonic() < until:
        made = await http.post(f"{base}/api/tables", json={"example": EXAMPLE, "seed": seed})
        if made.status_code != 201:
            tally.errors.append(f"create {made.status_code} {made.text[:200]}")
            return
        tally.tables += 1
        out = made.json()
        seats = [s for s in out["tokens"] if s != "gm"]
        await asyncio.gather(
            *(
                player(http, base, out["table"], s, out["tokens"][s], tally, until, rng, think)
                for s in seats
            )
        )
        seed += 1000


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def load(base: str, tables: int, seconds: float, think: tuple[float, float]) -> Tally:
    tally = Tally()
    until = time.monotonic() + seconds
    limits = httpx.Limits(max_connections=500, max_keepalive_connections=500)
    async with httpx.AsyncClient(timeout=30, limits=limits) as http:
        await asyncio.gather(
            *(one_table(http, base, tally, until, i, think) for i in range(tables))
        )
    return tally


def lost(db: str, tally: Tally) -> int:
    """Acknowledged commands not in the database."""
    store = Store.open(db)
    rows: dict[str, dict[int, str]] = {}
    missing = 0
    for table, seq, seat in tally.acked:
        if table not in rows:
            rows[table] = {r.seq: r.seat for r in store.rows(table)}
        missing += rows[table].get(seq) != seat  # no bots here: the ack's seq is its own row
    store.close()
    return missing


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=300)
    parser.add_argument("--db", default="")
    parser.add_argument("--think", type=float, nargs=2, default=(2.0, 5.0))
    args = parser.parse_args()
    db = args.db or str(Path(tempfile.mkdtemp()) / "bench.db")
    port = free_port()
    server_log = Path(tempfile.mkdtemp()) / "serve.log"
    server = subprocess.Popen(
        [sys.executable, "-m", "shiftdrive.cli.main", "serve", "--db", db, "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=server_log.open("w"),
    )
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        base = f"http://127.0.0.1:{port}"
        tally = asyncio.run(load(base, args.tables, args.seconds, tuple(args.think)))
    finally:
        server.terminate()
        server.wait()
    ms = sorted(x * 1000 for x in tally.latencies)
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))] if ms else float("nan")
    print(
        f"{'postgresql' if db.startswith('postgres') else 'sqlite'}: {args.tables} tables at "
        f"once, {args.seconds:.0f} s, {tally.tables} tables played, {len(ms)} commands: "
        f"p50 {statistics.median(ms) if ms else float('nan'):.1f} ms, p99 {p99:.1f} ms, "
        f"errors {len(tally.errors)}, lost {lost(db, tally)}"
    )
    for problem in tally.errors[:5]:
        print("  error:", problem)
    if tally.errors:
        print("  the server said:", server_log.read_text()[-3000:])


if __name__ == "__main__":
    main()
