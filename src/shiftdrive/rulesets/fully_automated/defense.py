"""The defender's side of an attack (F4, the Defend card): who is defending, the advantage of
the defense roll, and what each total of it does. The roll itself is `attacks.defense`'s;
`forecast` prices it through these same functions."""

from __future__ import annotations

from typing import Final

from shiftdrive.maps.hexgrid import Hex
from shiftdrive.rulesets.fully_automated.state import ACTIVE, INCAPACITATED, Attack, FAState
from shiftdrive.rulesets.fully_automated.table import net, pos, sight_between


def defending(state: FAState, name: str) -> bool:
    """Played Defend (or was made to, F8) and can still defend."""
    f = state.fighters[name]
    p = state.played.get(name)
    return p is not None and p["card"] == "defend" and f.status in (ACTIVE, INCAPACITATED)


PROCEEDS: Final = "proceeds"
PROCEEDS_DISADVANTAGED: Final = "proceeds at disadvantage"
FAILS: Final = "fails"
COUNTER_DISADVANTAGED: Final = "counter-attack at disadvantage"
COUNTER: Final = "counter-attack"


def defense_outcome(total: int) -> str:
    """F4, the Defend card: -2 the attack proceeds; -1 it proceeds at disadvantage; 0 it
    fails; +1 it fails and the defender counter-attacks at disadvantage; +2 it fails and the
    defender counter-attacks."""
    if total <= -2:
        return PROCEEDS
    if total == -1:
        return PROCEEDS_DISADVANTAGED
    if total == 0:
        return FAILS
    return COUNTER_DISADVANTAGED if total == 1 else COUNTER


def defense_advantage(state: FAState, atk: Attack, at: Hex) -> tuple[int, list[str]]:
    """F1, F4: the advantage of the defender's 2dF against an attack from hex `at`, and the
    reasons for disadvantage. Disadvantaged unless adjacent to the attacker or to cover, and
    against an aimed attack; the defender's aim gives advantage. F8: a stun limits the *next*
    round, so only a defender stunned since the start of this round (or incapacitated)
    defends at disadvantage; a stun taken earlier this round does not."""
    assert atk.target is not None
    ft = state.fighters[atk.target]
    exposed = (
        not at.is_adjacent(pos(ft)) and not sight_between(state, atk.attacker, ft.name, at).cover
    )
    stunned = ft.limited
    why = [
        w
        for w, on in (("exposed", exposed), ("aimed attack", atk.aimed), ("stunned", stunned))
        if on
    ]
    return net(ft.aim > 0, bool(why)), why
