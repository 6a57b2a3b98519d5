"""C6 boosts: an aspect with one free invoke that vanishes when invoked (`core.invokes`
removes it as it is paid for) or, unused, at the end of its holder's next turn. A diaspora
turn is every ship's (seed, "The Sequence": "Space combat is played in turns ... Each turn
consists of several phases"), so a boost vanishes as the turn after the one it came in ends.
The rules make no boost of their own here; the GM's (`gm_add_aspect kind=boost`) are noted
as they come in (`note`, from `Diaspora.overridden`) and expire with the turn (`expire`, from
`flow`)."""

from __future__ import annotations

from typing import Final

from shiftdrive.core.aspects import AspectKind
from shiftdrive.engine.events import Event
from shiftdrive.rulesets.diaspora.state import DiasporaState
from shiftdrive.rulesets.diaspora.view import sees

BOOST: Final = AspectKind.BOOST


def note(state: DiasporaState) -> None:
    """Remember each boost now in play with the turn it came in (0: detection, before turn 1);
    forget those gone (invoked or removed), so a new boost of the same name counts anew."""
    born = state.boosts_born
    for name in list(born):
        gone = state.aspects.find(name)
        if gone is None or gone.kind is not BOOST:
            del born[name]
    for aspect in state.aspects.aspects:
        if aspect.kind is BOOST and aspect.name not in born:
            born[aspect.name] = state.round


def expire(state: DiasporaState) -> list[Event]:
    """As turn `state.round` ends: the boosts that came in before it vanish, unused (C6). The
    event goes to whoever sees the boost (a hidden one: its side, a holder's side, the GM)."""
    events: list[Event] = []
    born = state.boosts_born
    for name, turn in list(born.items()):
        if turn >= state.round:
            continue
        del born[name]
        aspect = state.aspects.find(name)
        if aspect is None or aspect.kind is not BOOST:
            continue
        seen = None
        if aspect.hidden:
            seen = frozenset(side for side in state.sides() if sees(state, aspect, side))
        state.aspects.remove(name)
        events.append(Event("boost_expires", {"aspect": name}, seen))
    return events
