"""What an attack would do, as exact chances: the odds column of `target` and `follow`.

Enumerated over the 2dF of the defense (when the target defends) and of the strike, through
the very functions that resolve them (`defense.defense_advantage`, `defense.defense_outcome`,
`hits.strike_advantage`, `hits.hit_effect`, `hits.restrain_outcome`): no rule is written twice.
It assumes the defender keeps its hex (it may step one, F4) and prices the attack from the hex
the choice names. Dice are distributed as `core.odds.fudge_distribution` counts them, which is
how `roll_fudge` rolls them (F1: 3dF keep the best or worst two).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from shiftdrive.core.odds import fudge_distribution
from shiftdrive.maps.hexgrid import Hex
from shiftdrive.rulesets.fully_automated.defense import (
    COUNTER,
    COUNTER_DISADVANTAGED,
    PROCEEDS,
    PROCEEDS_DISADVANTAGED,
    defending,
    defense_advantage,
    defense_outcome,
)
from shiftdrive.rulesets.fully_automated.hits import (
    can_counter,
    hit_effect,
    restrain_hurt,
    restrain_outcome,
    strike_advantage,
    uses_aim,
)
from shiftdrive.rulesets.fully_automated.state import Attack, FAState
from shiftdrive.rulesets.fully_automated.table import card


def forecast(state: FAState, atk: Attack, target: str, at: Hex) -> dict[str, Any]:
    """The chances of attack `atk` (its card, its tackle) on `target` from hex `at`, as data
    for `words.forecast_text`: `effects` maps each effect (an attack card's "damage/stuns",
    Restrain's outcome) to its chance; `stopped` is the chance the defense stops it, and
    `counter` the chance that the defender (or a failed restraint's target) counter-attacks."""
    fa, ft = state.fighters[atk.attacker], state.fighters[target]
    c = card(state, atk.card)
    if c.kind == "restrain" and ft.side == fa.side:
        return {"target": target, "release": True}
    # aimed: already (a `follow`, after the target was named), or about to be (`target`)
    aimed = atk.aimed or uses_aim(fa)
    what = Attack(atk.attacker, atk.card, target=target, tackle=atk.tackle, aimed=aimed)
    effects: dict[str, Fraction] = {}
    stopped = counter = Fraction(0)
    guarded = defending(state, target)
    answers = can_counter(ft)  # F4, F8: an incapacitated or restrained target never counters
    if guarded:
        adv, _ = defense_advantage(state, what, at)
        rolls = [(defense_outcome(t), p) for t, p in fudge_distribution(2, adv).items()]
    else:
        rolls = [(PROCEEDS, Fraction(1))]
    for outcome, p in rolls:
        if outcome not in (PROCEEDS, PROCEEDS_DISADVANTAGED):
            stopped += p
            if answers and outcome in (COUNTER, COUNTER_DISADVANTAGED):
                counter += p
            continue
        adv, _ = strike_advantage(state, what, outcome == PROCEEDS_DISADVANTAGED, at)
        for total, q in fudge_distribution(2, adv).items():
            if c.kind == "restrain":
                key = restrain_outcome(total)
                if answers and key == "fails":
                    counter += p * q
            else:
                hit = hit_effect(state, what, total, at)
                key = f"{hit['damage']}/{hit['stun']}"
            effects[key] = effects.get(key, Fraction(0)) + p * q
    adv, reasons = strike_advantage(state, what, False, at)
    return {
        "target": target,
        "advantage": adv,
        "reasons": reasons,
        "restrain": c.kind == "restrain",
        "hurt": restrain_hurt(ft),  # a -1 Restrain's damage to this target (F6, F9)
        "defending": guarded,
        "aimed": what.aimed,
        "effects": effects,
        "stopped": stopped,
        "counter": counter,
    }
