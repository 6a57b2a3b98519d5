"""The balancing report: what a designer reads (and `--json` gives machines) after a run."""

from __future__ import annotations

import statistics
from collections import Counter
from typing import Any

import shiftdrive
from shiftdrive.engine.ruleset import Ending
from shiftdrive.sim.runner import UNFINISHED, BattleOutcome, Run
from shiftdrive.sim.stats import difference, spread, trials_for, wilson

SEED_RULE = (
    "battle i of a run with --seed S uses the seed int(sha256('shiftdrive-sim:S:i')[:4]) & "
    "0x7fffffff; replay it with: shiftdrive play SCENARIO --bots all --seed SEED"
)


def sides_of(outcomes: list[BattleOutcome]) -> list[str]:
    """Sides in the order the ruleset lists participants, then any other winner."""
    seen: dict[str, None] = {}
    for o in outcomes[:1]:
        for t in o.tallies:
            seen.setdefault(t.side)
    for o in outcomes:
        if o.winner is not None:
            seen.setdefault(o.winner)
    return list(seen)


def _rate(count: int, n: int) -> dict[str, Any]:
    lo, hi = wilson(count, n) if n else (0.0, 1.0)
    return {"count": count, "rate": count / n if n else 0.0, "ci95": [lo, hi]}


def _notable(outcomes: list[BattleOutcome], favourite: str | None) -> list[dict[str, Any]]:
    """A few battles worth watching: typical, shortest, longest, upsets and a draw."""
    if not outcomes:
        return []

    def length(o: BattleOutcome) -> tuple[int, int]:
        return (o.rounds, o.decisions)

    picks: list[tuple[str, BattleOutcome]] = []
    median_rounds = statistics.median_low([o.rounds for o in outcomes])
    typical = [o for o in outcomes if o.rounds == median_rounds and o.winner == favourite]
    picks.append(("typical", (typical or outcomes)[0]))
    picks.append(("shortest", min(outcomes, key=length)))
    picks.append(("longest", max(outcomes, key=length)))
    upsets = [o for o in outcomes if o.winner is not None and o.winner != favourite]
    # the most decisive upsets first: the quickest wins by an underdog
    picks += [("upset", o) for o in sorted(upsets, key=length)[:3]]
    draws = [o for o in outcomes if o.winner is None]
    if draws:
        picks.append(("draw", draws[0]))
    out = []
    for what, o in picks:
        out.append(
            {
                "what": what,
                "seed": o.seed,
                "index": o.index,
                "winner": o.winner,
                "ending": o.ending,
                "rounds": o.rounds,
                "decisions": o.decisions,
                "reason": o.reason,
            }
        )
    return out


PRECISION_GOAL = 0.01  # "within ±1 point": what a designer comparing two versions wants


def _precision(rates: list[dict[str, Any]]) -> dict[str, Any]:
    """How sure the outcome rates are now, and how many battles a ±1 point answer needs."""
    half = max(((r["ci95"][1] - r["ci95"][0]) / 2 for r in rates), default=0.5)
    widest = max((r["rate"] for r in rates), key=lambda p: p * (1 - p), default=0.5)
    return {
        "half_width": half,
        "goal": PRECISION_GOAL,
        "battles_for_goal": trials_for(PRECISION_GOAL, widest),
    }


def _no_winner(outcomes: list[BattleOutcome], most: int = 4) -> dict[str, dict[str, Any]]:
    """The battles nobody won, by why (a side escaping, a round limit, ...), so a designer
    reads "Runner escaped" rather than one lump of draws: by the ruleset's reason when there
    are few kinds of them (a reason names who escaped), else by ending."""
    n = len(outcomes)
    nobody = [o for o in outcomes if o.winner is None]
    reasons = Counter(o.reason for o in nobody)
    by = reasons if len(reasons) <= most else Counter(o.ending for o in nobody)
    return {why: _rate(count, n) for why, count in by.most_common()}


def build_report(run: Run) -> dict[str, Any]:
    """The report as JSON-ready data; the terminal rendering reads only this."""
    outcomes = run.outcomes
    n = len(outcomes)
    plan = run.plan
    sides = sides_of(outcomes)
    wins = Counter(o.winner for o in outcomes if o.winner is not None)
    side_rates = {s: {"wins": wins[s], **_rate(wins[s], n)} for s in sides}
    favourite = max(sides, key=lambda s: wins[s]) if sides and n else None
    draws = _rate(sum(1 for o in outcomes if o.winner is None), n)
    no_winner = _no_winner(outcomes)
    endings = Counter(o.ending for o in outcomes)
    known = [str(e) for e in Ending] + [UNFINISHED]
    rounds_known = any(o.rounds for o in outcomes)
    participants: dict[str, dict[str, Any]] = {}
    for o in outcomes:
        for t in o.tallies:
            p = participants.setdefault(
                t.name,
                {"side": t.side, "_taken": 0, "_conceded": 0, "_bugged": 0, "_dmg": [],
                 "_cons": [], "_fp": []},
            )  # fmt: skip
            p["_taken"] += t.taken_out
            p["_conceded"] += t.conceded
            p["_bugged"] += t.bugged_out
            p["_dmg"].append(t.damage)
            p["_cons"].append(t.consequences)
            p["_fp"].append(t.fate_points_spent)
    for p in participants.values():
        p["taken_out"] = _rate(p.pop("_taken"), n)
        p["conceded"] = _rate(p.pop("_conceded"), n)
        p["bugged_out"] = _rate(p.pop("_bugged"), n)
        for key, label in (("_dmg", "damage"), ("_cons", "consequences"), ("_fp", "fate_points")):
            values = p.pop(key)
            p[label] = {"mean": statistics.fmean(values), "max": max(values)}
    return {
        "scenario": plan.source,
        "ruleset": run.ruleset,
        "seed": plan.seed,
        "requested": plan.battles,
        "battles": n,
        "interrupted": run.interrupted,
        "seconds": run.seconds,
        "battles_per_second": run.battles_per_second,
        "build": "compiled" if shiftdrive.compiled() else "python",  # `make fast`, setup.py
        "backend": plan.backend,
        "jobs": plan.jobs,
        "seed_rule": SEED_RULE,
        "sides": side_rates,
        "draws": draws,
        "no_winner": no_winner,
        "precision": _precision([*side_rates.values(), draws]),
        "endings": {e: endings[e] for e in known if endings[e]}
        | {e: c for e, c in endings.items() if e not in known},
        "concessions": endings[str(Ending.CONCESSION)],
        "bug_outs": endings[str(Ending.BUG_OUT)],
        "rounds": spread([o.rounds for o in outcomes]) if rounds_known and n else None,
        "rounds_histogram": dict(sorted(Counter(o.rounds for o in outcomes).items()))
        if rounds_known
        else {},
        "decisions": spread([o.decisions for o in outcomes]) if n else None,
        "participants": participants,
        "notable": _notable(outcomes, favourite),
    }


def compare_runs(a: Run, b: Run) -> dict[str, Any]:
    """How each side's win rate (and the draw rate) moved from A to B over the same seeds."""
    ra, rb = build_report(a), build_report(b)
    common = sorted({o.index for o in a.outcomes} & {o.index for o in b.outcomes})
    wa = {o.index: o.winner for o in a.outcomes}
    wb = {o.index: o.winner for o in b.outcomes}
    changes: dict[str, Any] = {}
    for side in dict.fromkeys([*ra["sides"], *rb["sides"], None]):
        only_a = sum(1 for i in common if wa[i] == side and wb[i] != side)
        only_b = sum(1 for i in common if wb[i] == side and wa[i] != side)
        k_a = sum(1 for i in common if wa[i] == side)
        k_b = sum(1 for i in common if wb[i] == side)
        if not common:
            continue
        d = difference(k_a, len(common), k_b, len(common), discordant=(only_a, only_b))
        changes["draw" if side is None else side] = {
            "a": d.a,
            "b": d.b,
            "diff": d.diff,
            "ci95": list(d.ci95),
            "p_value": d.p_value,
            "paired_p_value": d.paired_p_value,
            "changed_battles": only_a + only_b,
        }
    rounds = None
    if ra["rounds"] and rb["rounds"]:
        rounds = {"a": ra["rounds"]["mean"], "b": rb["rounds"]["mean"]}
    return {
        "a": ra,
        "b": rb,
        "paired_battles": len(common),
        "seed": a.plan.seed,
        "changes": changes,
        "rounds_mean": rounds,
    }
