"""Absorbing a hit (C8a, C8c, C9, C10): stress boxes and consequences, or being taken out."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar, Final

from shiftdrive.conflict.exchange import HostedAction
from shiftdrive.conflict.host import CS, TAKEN_OUT, Host
from shiftdrive.conflict.roll import close
from shiftdrive.core.aspects import Aspect, AspectKind
from shiftdrive.core.consequences import SEVERITY_NAMES, Absorption, each_absorption
from shiftdrive.core.stress import StressKind, StressTrack
from shiftdrive.engine.actions import ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event

if TYPE_CHECKING:
    from shiftdrive.conflict.host import Combatant, ConflictState
    from shiftdrive.conflict.roll import Roll
    from shiftdrive.core.dice import DiceSource
    from shiftdrive.engine.ruleset import Turn

ABSORB_PARAMS: Final = {
    "box": ParamKind.NUMBER,
    "boxes": ParamKind.NUMBER,
    **{name: ParamKind.TEXT for name in SEVERITY_NAMES.values()},
}


def deliver_hit(host: Host[Any], state: ConflictState, roll: Roll) -> list[Event]:
    """A hit lands: the target must absorb it, unless armor turned it to nothing."""
    target = roll.target or ""
    if roll.hit <= 0:
        return [
            Event("hit", data={"target": target, "hit": 0, "track": roll.track}, visible_to=None),
            *close(host, state),
        ]
    roll.stage = "absorb"
    return [
        Event("hit", data={"target": target, "hit": roll.hit, "track": roll.track}, visible_to=None)
    ]


class Absorb(HostedAction[CS]):
    """Every minimal way to absorb the hit: a stress box and/or consequences (named freely)."""

    name = "absorb"
    params: ClassVar[Mapping[str, ParamKind]] = ABSORB_PARAMS

    def options(self, state: CS, turn: Turn) -> list[Choice]:
        return list(self.each_option(state, turn))

    def each_option(self, state: CS, turn: Turn) -> Iterator[Choice]:
        """`options` one by one, in order (a bot taking the first builds only that one)."""
        roll = state.roll
        assert roll is not None
        target = state.fighters[roll.target or ""]
        track = target.stress[roll.track]
        if track.kind is StressKind.COUNTING:
            yield from self.counting_options(state, roll.hit, target, track)
            return
        for opt in each_absorption(roll.hit, track, target.consequences):
            params: dict[str, Any] = {"box": (opt.box + 1) if opt.box is not None else 0}
            for sev in opt.consequences:
                params[SEVERITY_NAMES[sev]] = state.aspects.unique_name(
                    self.host.consequence_name(target, roll.track, sev)
                )
            yield Choice.of(
                "absorb",
                free=tuple([SEVERITY_NAMES[s] for s in opt.consequences]),
                label=opt.describe(track),
                **params,
            )

    def counting_options(
        self, state: CS, hit: int, target: Combatant, track: StressTrack
    ) -> Iterator[Choice]:
        """C8c: a counting track fills one box per shift, as far as it goes; the rest of the
        hit is absorbed by consequences (every minimal set), or the target is taken out."""
        filled = min(hit, len(track.open_boxes()))
        for opt in each_absorption(hit - filled, None, target.consequences):
            params: dict[str, Any] = {"boxes": filled}
            names = [SEVERITY_NAMES[sev] for sev in opt.consequences]
            for sev, name in zip(opt.consequences, names, strict=True):
                params[name] = state.aspects.unique_name(
                    self.host.consequence_name(target, track.name, sev)
                )
            parts = [f"fill {filled} {track.name} box(es)"] if filled else []
            parts += [f"take a {name} consequence" for name in names]
            label = " and ".join(parts) + f" (absorbs {filled + opt.absorbed})"
            yield Choice.of("absorb", free=tuple(names), label=label, **params)

    def check(self, state: CS, turn: Turn, choice: Choice) -> str | None:
        reason = super().check(state, turn, choice)
        if reason is not None:
            return reason
        names = [choice.str_param(s).strip() for s in SEVERITY_NAMES.values() if choice.get(s)]
        for n in names:
            if n in state.aspects:
                return f"there is already an aspect named {n!r}: name the consequence differently"
        if len({n.lower() for n in names}) != len(names):
            return "each consequence needs its own name"
        return None

    def apply(self, state: CS, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        roll = state.roll
        assert roll is not None
        target = state.fighters[roll.target or ""]
        events: list[Event] = []
        track = target.stress[roll.track]
        box = choice.int_param("box")
        sevs = [s for s, name in SEVERITY_NAMES.items() if choice.get(name) is not None]
        opt = Absorption(box - 1 if box else None, tuple(sevs), 0)
        filled = choice.int_param("boxes")
        if filled:
            track.fill(filled)
            data = {"who": target.name, "track": track.name, "filled": filled}
            events.append(Event("stress", data={**data, "boxes": track.render()}, visible_to=None))
        if opt.box is not None:
            track.mark(opt.box)
            events.append(
                Event(
                    "stress",
                    data={
                        "who": target.name,
                        "track": track.name,
                        "box": track.boxes[opt.box],
                        "boxes": track.render(),
                    },
                    visible_to=None,
                )
            )
        for sev in sevs:
            severity = SEVERITY_NAMES[sev]
            n = choice.str_param(severity).strip()
            target.consequences.take(sev, n)
            aspect = Aspect(n, AspectKind.CONSEQUENCE, owner=target.name)
            aspect.add_free(roll.actor, 1)
            state.aspects.add(aspect)
            events.append(
                Event(
                    "consequence",
                    data={
                        "who": target.name,
                        "severity": severity,
                        "aspect": n,
                        "by": roll.actor,
                    },
                    visible_to=None,
                )
            )
        return events + close(self.host, state)


@lru_cache(maxsize=1024)
def taken_out(who: str) -> Choice:
    """`who` is taken out (made once per name: a choice is a value)."""
    return Choice.of("taken_out", label=f"{who} is taken out")


class TakenOut(HostedAction[CS]):
    """C10: a hit the target cannot (or will not) absorb takes them out."""

    name = "taken_out"

    def options(self, state: CS, turn: Turn) -> list[Choice]:
        return [taken_out(turn.actor or "")]

    def apply(self, state: CS, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        roll = state.roll
        assert roll is not None
        target = state.fighters[roll.target or ""]
        state.set_status(target, TAKEN_OUT)
        return [
            Event("taken_out", data={"who": target.name, "by": roll.actor}, visible_to=None),
            *close(self.host, state),
        ]
