"""Tachyon Squadron phased starfighter combat (seed 001; rulings C1-C12, T1-T14).

Round structure (seed "Combat phases"): start of round chatter, piloting (lowest initiative
first, T8), ordnance movement (T12), gunnery (highest first), ordnance resolution, electronic
warfare, damage control, end of round (T14). Every die comes from the encounter's source (C12).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Container, Iterator, Mapping
from functools import cache
from typing import Any

from shiftdrive.core.aspects import AspectSet
from shiftdrive.core.dice import DiceSource
from shiftdrive.core.odds import Odds, OddsQuery, odds
from shiftdrive.core.stress import StressTrack
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import Decision, Ending, Result, Ruleset, Seat, Sheet, Tally
from shiftdrive.rulesets.tachyon import flow, invokes
from shiftdrive.rulesets.tachyon import play as _play  # noqa: F401  (registers the outcomes)
from shiftdrive.rulesets.tachyon import systems as sysmod
from shiftdrive.rulesets.tachyon import view as _view
from shiftdrive.rulesets.tachyon.damage import absorb_choices, apply_absorb, concede
from shiftdrive.rulesets.tachyon.detection import reveal, reveals
from shiftdrive.rulesets.tachyon.flow import SAY_NOTHING, advance, after_roll, done
from shiftdrive.rulesets.tachyon.invokes import PASS, apply_invoke, invoke_options
from shiftdrive.rulesets.tachyon.phases.gunnery import systems_for
from shiftdrive.rulesets.tachyon.play import declare
from shiftdrive.rulesets.tachyon.positions import dist, on_tail, tailing, weapon_range, zmap
from shiftdrive.rulesets.tachyon.query import odds_query, unit_actions
from shiftdrive.rulesets.tachyon.scenario import (
    TachyonScenario,
    load,
)
from shiftdrive.rulesets.tachyon.setup import set_up
from shiftdrive.rulesets.tachyon.sight import pub, seen, who_sees
from shiftdrive.rulesets.tachyon.state import (
    BUGGED_OUT,
    CONCEDED,
    DESTROYED,
    OUT,
    PHASE_NAMES,
    TURRET,
    Roll,
    TachyonState,
    Unit,
)


class Tachyon(Ruleset[TachyonState, TachyonScenario]):
    """Phased starfighter combat for Tachyon Squadron."""

    id = "tachyon"
    title = "Tachyon Squadron phased starfighter combat"

    def setup(
        self, scenario: TachyonScenario, dice: DiceSource
    ) -> tuple[TachyonState, list[Event]]:
        return set_up(scenario, dice)

    def turn(self, state: TachyonState) -> tuple[str, str, str | None] | None:
        return flow.turn(state)

    def on_tail(self, state: TachyonState, u: Unit, target: str) -> bool:
        return on_tail(state, u, target)

    def tailing(self, state: TachyonState, u: Unit) -> set[str]:
        return tailing(state, u)

    def unit_actions(
        self, state: TachyonState, u: Unit, only: Container[str] | None = None
    ) -> list[Choice]:
        return unit_actions(state, u, only)

    def invoke_choice(
        self, state: TachyonState, roll: Roll, aspect: str, payment: str, by: str, effect: str
    ) -> Choice:
        return invokes.invoke_choice(state, roll, aspect, payment, by, effect)

    def open_invokes(
        self, state: TachyonState, roll: Roll, seat: str, *, fate_points: bool = True
    ) -> Iterator[tuple[str, str, str, str]]:
        return invokes.open_invokes(state, roll, seat, fate_points=fate_points)

    def odds_query(self, state: TachyonState, choice: Choice) -> OddsQuery | None:
        return odds_query(state, choice)

    def secrets(self, state: TachyonState, seat: str) -> list[str]:
        return _view.secrets(state, seat)

    def view(self, state: TachyonState, seat: str) -> dict[str, Any]:
        return _view.view(state, seat)

    def bot(self, state: TachyonState, seat: str, rng: random.Random) -> Choice:
        return _bot()(self, state, seat, rng)

    def load_scenario(self, data: Mapping[str, Any]) -> TachyonScenario:
        return load(data)

    def unrecorded(self, state: TachyonState) -> None:
        """A battle nobody will read: the most frequent events (rolls, skips, phases, invokes,
        hits, shields, repairs, rounds) are left unworded (`TachyonState.quiet`)."""
        state.quiet = True

    def seats(self, state: TachyonState) -> list[Seat]:
        return [
            Seat(side, side, tuple(u.name for u in state.units.values() if u.side == side))
            for side in state.sides
        ]

    def waiting(self, state: TachyonState) -> list[str]:
        turn = flow.turn(state)
        return [] if turn is None else [turn[0]]

    def pending(self, state: TachyonState) -> list[Decision]:
        turn = flow.turn(state)
        if turn is None:
            return []
        seat, kind, actor = turn
        if kind == "absorb":
            assert state.absorb is not None
            prompt = (
                f"{actor} must absorb {state.absorb['hit']} more shift(s) past its shields: "
                "take consequences or be taken out (T2)"
            )
        elif kind == "invoke":
            roll = state.roll
            assert roll is not None
            against = "" if roll.hide_opp else f" against {roll.opp} ({roll.total - roll.opp:+d})"
            what = "defend" if roll.stage == "target" and not roll.fixed else "invoke"
            prompt = (
                f"{pub(state, roll.actor)}'s {roll.action}: {roll.total}{against}. "
                f"{seat} may {what} with an aspect, or pass."
            )
        elif kind == "chatter":
            prompt = (
                f"Round {state.round}: start of round chatter "
                "(send a message to your wing, or skip)"
            )
        else:
            u = state.units[actor or ""]
            prompt = (
                f"Round {state.round}, {PHASE_NAMES[state.phase]}:"
                f" {u.name} (initiative {u.initiative}) acts or skips"
            )
        return [Decision(seat, kind, prompt, actor)]

    def legal(self, state: TachyonState, seat: str) -> list[Choice]:
        turn = flow.turn(state)
        if turn is None or turn[0] != seat:
            return []
        _, kind, actor = turn
        if kind == "absorb":
            return absorb_choices(state)
        if kind == "invoke":
            assert state.roll is not None
            return [
                PASS,
                *invoke_options(state, state.roll, seat),
            ]
        if kind == "chatter":
            return [
                Choice.of(
                    "say", text="Stay sharp", free=("text",), label="Send a message over the radio"
                ),
                SAY_NOTHING,
            ]
        return unit_actions(state, state.units[actor or ""])

    def why_illegal(self, state: TachyonState, seat: str, choice: Choice) -> str | None:
        reason = super().why_illegal(state, seat, choice)
        if reason is None:
            return None
        pend = self.pending(state)
        if not any(d.seat == seat for d in pend):
            who = ", ".join(f"{d.seat} ({d.kind})" for d in pend) or "nobody"
            return f"it is not {seat}'s decision now: waiting on {who}"
        if state.current is None or state.roll is not None:
            return reason
        u = state.units[state.current]
        a = choice.action
        tname = choice.str_param("target")
        t = state.units.get(tname)
        verbs = {
            "fire": "fire at",
            "fire_large": "fire at",
            "launch": "launch at",
            "launch_large": "launch at",
            "tail": "get on the tail of",
            "pressure": "pressure",
            "dive": "dive on",
            "wait": "wait for",
        }
        if a in verbs:
            verb = verbs[a]
            if t is None or not seen(state, t, seat):
                return f"{u.name} cannot {verb} {tname}: not detected"
            if not t.active:
                return f"{u.name} cannot {verb} {t.name}: {t.name} is out of the fight"
            if t.side == u.side and a != "wait":
                return f"{u.name} will not {verb} a friendly craft"
            if a in ("tail", "pressure", "dive") and t.zone != u.zone:
                return f"{u.name} cannot {verb} {t.name}: {t.name} is in {t.zone}, not {u.zone}"
            if a in ("fire", "fire_large"):
                d = dist(state, u.zone, t.zone)
                if d > weapon_range(u):
                    return (
                        f"{u.name} cannot fire at {t.name}: {t.name} is {d} zone(s) away "
                        f"and {u.name}'s weapons reach {weapon_range(u)}"
                    )
            if a in ("fire_large", "launch_large"):
                system = choice.str_param("system")
                if system not in sysmod.SYSTEMS:
                    return f"{t.name} has no system {system!r}"
                if system not in systems_for(state, u, t):
                    return (
                        f"{u.name} can only hit {t.name}'s {sysmod.SYSTEM_NAMES[system]} at "
                        f"short range: be in {t.zone} with Diving in on {t.name} (T4)"
                    )
            if a.startswith("launch") and u.ordnance.get(choice.str_param("ordnance"), 0) < 1:
                return f"{u.name} has no {choice.str_param('ordnance') or 'ordnance'} left"
        if state.phase != "piloting" and a in (
            "tail",
            "dive",
            "evade",
            "maneuver",
            "move",
            "bug_out",
            "wait",
            "refocus",
            "pressure",
        ):
            return f"{a} is a piloting action; it is the {PHASE_NAMES[state.phase]}"
        if a == "bug_out" and u.zone not in state.end_zones:
            return (
                f"{u.name} cannot bug out from {u.zone}: bug out only from an end zone "
                f"({', '.join(state.end_zones)})"
            )
        if a in ("move", "move2", "move3"):
            to = choice.str_param("to")
            if to not in zmap(state):
                return f"there is no zone named {to!r}"
            d = dist(state, u.zone, to)
            need = {"move": 1, "move2": 2, "move3": 3}[a]
            return f"{u.name} cannot {a} to {to}: it is {d} zone(s) away, not {need}"
        return reason

    def choice_visibility(
        self, state: TachyonState, seat: str, choice: Choice
    ) -> frozenset[str] | None:
        if state.phase == "chatter" and state.roll is None:
            return frozenset({seat})  # radio chatter stays on the side's own channel
        # A choice that names a hidden craft stays on its side. Most choices (an invoke pass, a
        # skip) have no parameters, so they name no craft: names are never empty.
        for key in ("target", "by") if choice.params else ():
            named = state.units.get(choice.str_param(key))
            if named is not None and not named.detected:
                return frozenset({named.side})
        actor = state.roll.actor if state.roll else state.current
        u = state.units.get(actor or "")
        if u is not None and not u.detected and not (state.roll is None and reveals(choice)):
            return frozenset({u.side})
        return None

    def apply(
        self, state: TachyonState, seat: str, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        if state.absorb is not None:
            return apply_absorb(state, choice) + after_roll(state, dice)
        if state.roll is not None:
            return apply_invoke(state, seat, choice, dice) + after_roll(state, dice)
        if state.phase == "chatter":
            side = state.chatter_queue.pop(0)
            events: list[Event] = []
            if choice.action == "say":
                text = choice.str_param("text").strip()
                state.chatter.append({"round": state.round, "side": side, "text": text})
                events.append(
                    Event(
                        "chatter",
                        f"{side} (radio): {text}",
                        {"text": text},
                        visible_to=frozenset({side}),
                    )
                )
            return events + advance(state, dice)
        u = state.units[state.current or ""]
        a = choice.action
        if a == "skip":
            events = []
            if not state.quiet:
                events.append(
                    Event(
                        "skip",
                        f"{u.name} skips the {PHASE_NAMES[state.phase]}",
                        # `_vis`, with the unit in hand (most decisions of EW and damage skip).
                        visible_to=None if u.detected else who_sees(state, u.name),
                    )
                )
            return events + done(state, dice)
        if a == "concede":
            return concede(state, u) + done(state, dice)
        events = []
        if not u.detected and reveals(choice):  # (most craft are detected: asked first)
            events += reveal(
                state, u, "opens fire" if "fire" in a or "launch" in a else "shows itself"
            )
        events += declare(state, u, choice, dice)
        u.actions += 1  # T9: counted after its own roll, which sees only earlier actions
        return events + after_roll(state, dice)

    def result(self, state: TachyonState) -> Result | None:
        if state.ended is None:
            return None
        return Result(state.winner, state.ended, Ending(state.ending))

    def rounds(self, state: TachyonState) -> int:
        return min(state.round, state.max_rounds)

    def tally(self, state: TachyonState) -> list[Tally]:
        """Per craft, flight and large target (gun emplacements count with their ship)."""
        return [
            Tally(
                name=u.name,
                side=u.side,
                taken_out=u.status in (OUT, DESTROYED),
                conceded=u.status == CONCEDED,
                bugged_out=u.status == BUGGED_OUT,
                damage=u.harm,
                consequences=len(u.consequences.taken()) if u.consequences else 0,
                fate_points_spent=u.fate_points.spent if u.fate_points else 0,
            )
            for u in state.units.values()
            if u.kind != TURRET
        ]

    def odds(self, state: TachyonState, seat: str, choice: Choice) -> Odds | None:
        query = odds_query(state, choice)
        return None if query is None else odds(query)

    def snapshot(self, state: TachyonState) -> dict[str, Any]:
        return state.to_json()

    def sheets(self, state: TachyonState) -> dict[str, Sheet]:
        out: dict[str, Sheet] = {}
        for n, u in state.units.items():
            stress: dict[str, StressTrack] = {}
            if u.shields is not None:
                stress["shields"] = u.shields
            if u.stress is not None:
                stress["stress"] = u.stress
            stress.update(u.systems)
            out[n] = Sheet(n, u.side, u.fate_points, stress, u.consequences)
        return out

    def aspects(self, state: TachyonState) -> AspectSet:
        return state.aspects


@cache
def _bot() -> Callable[[Tachyon, TachyonState, str, random.Random], Choice]:
    """The bot, imported on first use (it imports this module)."""
    from shiftdrive.rulesets.tachyon.bot import choose

    return choose
