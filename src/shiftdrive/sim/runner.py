"""Monte Carlo battles: N seeded bot battles through the same Encounter that `play` uses.

Battle i of a run with seed S uses `battle_seed(S, i)`. That one number seeds both the dice
and the bots, exactly as `shiftdrive play SCENARIO --bots all --seed <it>` does, so any battle
of a report can be replayed and watched. A battle depends only on its own seed, which makes
results identical whatever the number of processes or the backend.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import multiprocessing
import random
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from shiftdrive.engine.bots import run_bots
from shiftdrive.engine.encounter import Encounter, PreparedScenario
from shiftdrive.engine.ruleset import Tally

UNFINISHED = "unfinished"
MAX_STEPS = 20_000


class SimulationError(RuntimeError):
    """A battle that broke (a ruleset or bot bug); the message names its seed to replay it."""


class BackendUnavailable(RuntimeError):
    """An optional parallel backend (Ray) that is not installed or cannot start."""


def battle_seed(seed: int, index: int) -> int:
    """The seed of battle `index`: the first 4 bytes of sha256("shiftdrive-sim:S:i"), < 2**31.

    A stable hash (not Python's `hash`, which is salted per process), so every process and
    machine derives the same seeds; 31 bits keep them short to type after `--seed`.
    """
    blob = hashlib.sha256(f"shiftdrive-sim:{seed}:{index}".encode()).digest()
    return int.from_bytes(blob[:4], "big") & 0x7FFF_FFFF


@dataclass(frozen=True, slots=True)
class BattleOutcome:
    """What one battle came to: small and picklable, so workers send only this back."""

    index: int
    seed: int
    winner: str | None
    ending: str
    reason: str
    rounds: int
    decisions: int
    tallies: tuple[Tally, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "seed": self.seed,
            "winner": self.winner,
            "ending": self.ending,
            "reason": self.reason,
            "rounds": self.rounds,
            "decisions": self.decisions,
            "tallies": [t.to_json() for t in self.tallies],
        }


def start_battle(
    prepared: PreparedScenario, seed: int, *, record: bool = True
) -> tuple[Encounter, random.Random]:
    """The encounter and bot generator of a battle, seeded as `play --seed` seeds them."""
    return prepared.start(seed, record=record), random.Random(seed)


def replay_battle(prepared: PreparedScenario, seed: int, max_steps: int = MAX_STEPS) -> Encounter:
    """The whole encounter of the battle with this seed (its log, its state), to watch or save."""
    enc, rng = start_battle(prepared, seed)
    run_bots(enc, rng=rng, max_steps=max_steps, validate=False)
    return enc


def run_battle(
    prepared: PreparedScenario, index: int, seed: int, max_steps: int = MAX_STEPS
) -> BattleOutcome:
    """Play one battle with the ruleset's bots on every seat and sum it up.

    The battle keeps no log (a sixth of its cost): the outcome is read from the final state,
    and `replay_battle` plays the same battle again, recorded, from its seed.
    """
    enc, rng = start_battle(prepared, seed, record=False)
    try:
        steps = run_bots(enc, rng=rng, max_steps=max_steps, validate=False)
    except Exception as exc:
        raise SimulationError(
            f"battle {index} (seed {seed}) failed: {type(exc).__name__}: {exc}"
        ) from exc
    ruleset = enc.ruleset
    result = enc.result()
    return BattleOutcome(
        index=index,
        seed=seed,
        winner=result.winner if result else None,
        ending=str(result.ending) if result else UNFINISHED,
        reason=result.reason if result else f"no result after {steps} decisions",
        rounds=ruleset.rounds(enc.state),
        decisions=steps,
        tallies=tuple(ruleset.tally(enc.state)),
    )


# --- workers: the scenario is validated once per process, not once per battle ---------------

_PREPARED: dict[str, PreparedScenario] = {}


def _prepared(data: Mapping[str, Any], source: str) -> PreparedScenario:
    key = hashlib.sha256(json.dumps([source, data], sort_keys=True).encode()).hexdigest()
    if key not in _PREPARED:
        _PREPARED.clear()  # one scenario at a time per worker is all a run needs
        _PREPARED[key] = Encounter.prepare(data, source)
    return _PREPARED[key]


def run_chunk(
    data: Mapping[str, Any], source: str, jobs: Sequence[tuple[int, int]], max_steps: int
) -> list[BattleOutcome]:
    """Battles (index, seed) on a Ray worker; module-level so Ray can pickle it."""
    prepared = _prepared(data, source)
    return [run_battle(prepared, i, s, max_steps) for i, s in jobs]


_WORKER: dict[str, Any] = {}


def _init_worker(data: Mapping[str, Any], source: str, max_steps: int) -> None:
    """A spawned worker: imports and validates the scenario once, for all its chunks."""
    _init_prepared(_prepared(data, source), max_steps)


def _init_prepared(prepared: PreparedScenario, max_steps: int) -> None:
    """A worker's scenario, validated (a forked worker gets the parent's)."""
    # Ctrl-C goes to the whole process group: only the parent handles it, then terminates us.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _WORKER.update(prepared=prepared, max_steps=max_steps)


def _pool_chunk(jobs: Sequence[tuple[int, int]]) -> list[BattleOutcome]:
    return [run_battle(_WORKER["prepared"], i, s, _WORKER["max_steps"]) for i, s in jobs]


def start_method() -> str:
    """How worker processes start: "fork" where that is safe, else "spawn".

    A forked worker starts in ~0.1 s with everything imported and the scenario validated; a
    spawned one re-imports shiftdrive and validates again (~0.25 s, about a tenth of a
    1,000-battle run on two cores). Fork is used only on Linux (macOS system libraries are not
    fork-safe, Windows has no fork) and only while this process runs no other thread (a
    thread holding a lock at the fork would leave it held in the worker).
    """
    if sys.platform != "linux" or threading.active_count() > 1:
        return "spawn"
    return "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"


# --- the run ---------------------------------------------------------------------------------


@dataclass(slots=True)
class Plan:
    """What to run: the scenario data, how many battles, the run seed and where."""

    data: Mapping[str, Any]
    battles: int
    seed: int = 0
    jobs: int = 1
    ray: str | None = None  # a Ray address, or "local"
    source: str = "scenario"
    max_steps: int = MAX_STEPS
    chunk: int | None = None

    def seeds(self) -> list[tuple[int, int]]:
        return [(i, battle_seed(self.seed, i)) for i in range(self.battles)]

    @property
    def backend(self) -> str:
        return "ray" if self.ray else "processes" if self.jobs > 1 else "serial"

    def chunks(self) -> list[list[tuple[int, int]]]:
        """Small chunks keep the progress bar live and the workers evenly loaded."""
        pairs = self.seeds()
        workers = max(1, self.jobs)
        size = self.chunk or max(1, min(64, len(pairs) // (workers * 8) or 1))
        return [pairs[i : i + size] for i in range(0, len(pairs), size)]


@dataclass(slots=True)
class Run:
    """The battles that finished (in index order), how long they took, and whether cut short."""

    plan: Plan
    ruleset: str
    outcomes: list[BattleOutcome] = field(default_factory=list)
    seconds: float = 0.0
    interrupted: bool = False

    @property
    def battles_per_second(self) -> float:
        return len(self.outcomes) / self.seconds if self.seconds > 0 else 0.0


def _serial(plan: Plan, prepared: PreparedScenario) -> Iterator[list[BattleOutcome]]:
    for i, s in plan.seeds():
        yield [run_battle(prepared, i, s, plan.max_steps)]


def _processes(plan: Plan, prepared: PreparedScenario) -> Iterator[list[BattleOutcome]]:
    method = start_method()
    ctx = multiprocessing.get_context(method)
    if method == "fork":
        pool = ctx.Pool(plan.jobs, _init_prepared, (prepared, plan.max_steps))
    else:
        pool = ctx.Pool(plan.jobs, _init_worker, (dict(plan.data), plan.source, plan.max_steps))
    try:
        yield from pool.imap_unordered(_pool_chunk, plan.chunks())
        pool.close()
    finally:
        pool.terminate()
        pool.join()


def check_ray_address(address: str, timeout: float = 5.0) -> None:
    """Refuse a HOST:PORT (or ray://HOST:PORT) nobody answers on, naming it.

    Ray itself retries an unreachable address for minutes before it gives up; a plain TCP
    connection says at once whether anything listens there. Other forms ("auto") go to Ray.
    """
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not host or not port.isdigit():
        return
    try:
        socket.create_connection((host, int(port)), timeout=timeout).close()
    except OSError as exc:
        why = exc.strerror or str(exc) or type(exc).__name__
        raise BackendUnavailable(
            f"--ray {address}: nothing answers at {host}:{port} ({why}); "
            "give the address of a running Ray head node, or 'local'"
        ) from None


def _ray(plan: Plan) -> Iterator[list[BattleOutcome]]:
    try:  # optional extra: imported only when asked for (and untyped here on purpose)
        ray: Any = importlib.import_module("ray")
    except ImportError:
        raise BackendUnavailable("--ray needs Ray: pip install 'shiftdrive[ray]'") from None
    address = None if plan.ray == "local" else plan.ray
    if address is not None:
        check_ray_address(address)
    if not ray.is_initialized():
        try:
            kwargs: dict[str, Any] = {"address": address, "include_dashboard": False}
            if address is None and plan.jobs > 1:
                kwargs["num_cpus"] = plan.jobs
            ray.init(**kwargs, log_to_driver=False)
        except Exception as exc:  # ray raises ConnectionError, ValueError, RuntimeError...
            raise BackendUnavailable(f"--ray {plan.ray}: cannot start Ray: {exc}") from None
    remote = ray.remote(run_chunk)
    data = ray.put(dict(plan.data))
    pending = [remote.remote(data, plan.source, c, plan.max_steps) for c in plan.chunks()]
    try:
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield ray.get(ref)
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)


def simulate(
    plan: Plan,
    progress: Callable[[int], None] | None = None,
    prepared: PreparedScenario | None = None,
) -> Run:
    """Run the plan; `progress(done)` after each chunk. Ctrl-C keeps what finished.

    Raises ScenarioError for a scenario that cannot be used (before any battle runs),
    SimulationError for a battle that breaks, BackendUnavailable for a missing backend.
    """
    if plan.battles < 1:
        raise ValueError("a run needs at least one battle")
    prepared = prepared or Encounter.prepare(plan.data, plan.source)
    run = Run(plan, prepared.ruleset.id)
    if plan.backend == "serial":
        stream = _serial(plan, prepared)
    elif plan.backend == "processes":
        stream = _processes(plan, prepared)
    else:
        stream = _ray(plan)
    t0 = time.perf_counter()
    try:
        for chunk in stream:
            run.outcomes.extend(chunk)
            if progress:
                progress(len(run.outcomes))
    except KeyboardInterrupt:
        run.interrupted = True
    finally:
        close = getattr(stream, "close", None)
        if close:
            close()
        run.seconds = time.perf_counter() - t0
    run.outcomes.sort(key=lambda o: o.index)
    return run
