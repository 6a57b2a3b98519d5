"""The resolution phase (P5, P12): each attack striking this exchange is rolled by its
gunner's Space Combat against the range difficulty (Far 1, Orbital 2, Extreme 3) plus the
target's countermeasure shifts (a travelling missile's target, the better of both exchanges'), with
the movement shift; a tie or better hits for shifts + weapon value - armor (no range damage
shift in vacuum). A hit of 0 or less gives the attacker a boost on the target (C6). Free
invokes the attacker holds on the target's aspects are spent while the roll misses (C4, the
odds' policy). A hazardous missile roll's mishap brings the firer a consequence (C2)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from shiftdrive.core.aspects import Aspect, AspectKind
from shiftdrive.core.dice import DiceSource, roll_fudge
from shiftdrive.core.invokes import INVOKE_BONUS, Payment, refused
from shiftdrive.core.odds import Odds, OddsQuery, odds
from shiftdrive.core.outcomes import MISHAP_SHIFTS, shifts_to_change
from shiftdrive.engine.events import Event
from shiftdrive.rulesets.pilot_wave.ships.damage import blowback, strike
from shiftdrive.rulesets.pilot_wave.ships.space import distance, movement_shift
from shiftdrive.rulesets.pilot_wave.ships.state import Attack, Ship, ShipState
from shiftdrive.rulesets.pilot_wave.ships.tables import RANGE_DIFFICULTY, WEAPONS


def free_invokes(state: ShipState, attacker: Ship, target: Ship) -> list[Aspect]:
    """Aspects on the target (its consequences, boosts against it) with the attacker's free
    invokes on them."""
    return [a for a in state.aspects.with_free_for(attacker.name) if a.owner == target.name]


def difficulty(state: ShipState, target: Ship, early: int = 0) -> int:
    """The range difficulty plus the target's countermeasure shifts (a travelling missile's
    target counters it in both exchanges: the better of the two counts)."""
    return RANGE_DIFFICULTY[state.scale] + max(target.countermeasures, early)


def attack_query(state: ShipState, attacker: Ship, target: Ship, weapon: str,
                 early: int = 0) -> OddsQuery:  # fmt: skip
    hazardous = WEAPONS[weapon].missile and distance(attacker, target) <= 1
    invokes = sum(a.free_for(attacker.name) for a in free_invokes(state, attacker, target))
    return OddsQuery(
        attacker.station_skill("gunner") + movement_shift(state, attacker, target),
        difficulty=difficulty(state, target, early), invokes=invokes, hazardous=hazardous,
        tie_succeeds=True,
    )  # fmt: skip


def attack_odds(state: ShipState, attacker: Ship, target: Ship, weapon: str) -> Odds:
    return odds(attack_query(state, attacker, target, weapon))


def attack_odds_words(state: ShipState, attacker: Ship, target: Ship, weapon: str) -> str:
    o = attack_odds(state, attacker, target, weapon)
    value = WEAPONS[weapon].value - target.armor
    hurt = sum((p for s, p in o.shifts.items() if s >= 0 and s + value > 0), Fraction(0))
    return f"hits {_pc(o.at_least_tie)}, harms {_pc(hurt)}" + (
        f", mishap {_pc(o.mishap)}" if o.mishap else ""
    )


def _pc(p: Fraction) -> str:
    return f"{float(p) * 100:.0f}%"


def resolve_next(state: ShipState, dice: DiceSource) -> list[Event]:
    attack = state.queue.pop(0)
    return resolve(state, attack, dice)


def resolve(state: ShipState, attack: Attack, dice: DiceSource) -> list[Event]:
    """Roll the attack; the attacker's side may then invoke (C4) while that could change the
    outcome (`InvokeAspect`), else the roll stands at once."""
    attacker = state.ships[attack.attacker]
    target = state.ships[attack.target]
    if not target.active:
        return []
    q = attack_query(state, attacker, target, attack.weapon, attack.early_counter)
    roll = roll_fudge(dice, why=f"{attack.weapon} attack", who=attacker.name)
    state.roll = {
        "attack": attack.to_json(), "skill": q.skill, "dice": list(roll.faces),
        "difficulty": q.difficulty or 0, "bonus": 0, "invoked": [], "paid": [],
    }  # fmt: skip
    return settle_roll(state, rolled=True)


def shifts_of(roll: dict[str, Any]) -> int:
    dice = sum(int(d) for d in roll["dice"])
    return int(roll["skill"]) + dice + int(roll["bonus"]) - int(roll["difficulty"])


def open_invokes(state: ShipState) -> list[tuple[str, str]]:
    """The invokes the attacker may make on the roll in hand, as (aspect, payment): the one
    rule of what may be invoked aboard. Its own, the scene's and its target's aspects it can
    see (C4), with a free invoke it holds or a fate point of its crew (once per aspect per
    roll; a boost only with its free invoke: `core.invokes.refused`)."""
    roll = state.roll
    assert roll is not None
    attacker = state.ships[roll["attack"]["attacker"]]
    target = roll["attack"]["target"]
    points = attacker.fate_points.current
    out: list[tuple[str, str]] = []
    for a in state.aspects:
        mine = a.free_for(attacker.name) > 0
        if not mine and (a.hidden or a.owner not in (None, attacker.name, target)):
            continue
        for payment, word in ((Payment.FREE, "free"), (Payment.FATE_POINT, "fate_point")):
            if refused(a, attacker.name, payment, points):
                continue
            if payment is Payment.FATE_POINT and a.name in roll["paid"]:
                continue
            out.append((a.name, word))
    return out


def invoke_need(state: ShipState) -> int | None:
    """The fewest shifts that change the attack's outcome (a hit's every shift counts), or
    None when none can."""
    roll = state.roll
    assert roll is not None
    shifts = shifts_of(roll)
    need = shifts_to_change(shifts, upward=True, hit=True, tie_succeeds=True)
    if roll["attack"]["hazardous"] and shifts <= MISHAP_SHIFTS:
        return int(MISHAP_SHIFTS) + 1 - shifts  # out of the mishap into a plain miss
    return need


def may_change(state: ShipState) -> bool:
    """Whether the attacker's invokes, spent together, could change the outcome: only then is
    its side asked (C4)."""
    need = invoke_need(state)
    if need is None:
        return False
    roll = state.roll
    assert roll is not None
    attacker = state.ships[roll["attack"]["attacker"]]
    points = attacker.fate_points.current
    gain = 0
    for name, payment in open_invokes(state):
        if payment == "free":
            gain += INVOKE_BONUS * state.aspects.get(name).free_for(attacker.name)
        elif points > 0:
            points -= 1
            gain += INVOKE_BONUS
        if gain >= need:
            return True
    return False


def settle_roll(state: ShipState, *, rolled: bool = False) -> list[Event]:
    """The roll in hand waits for the attacker's side while its invokes could change the
    outcome (just `rolled`: the dice are told to the sides that see the attacker first);
    otherwise it stands."""
    roll = state.roll
    if roll is not None and may_change(state):
        if not rolled:
            return []
        attacker = state.ships[roll["attack"]["attacker"]]
        data = {"ship": attacker.name, "target": roll["attack"]["target"],
                "weapon": roll["attack"]["weapon"], "skill": roll["skill"],
                "dice": list(roll["dice"]), "difficulty": roll["difficulty"],
                "shifts": shifts_of(roll)}  # fmt: skip
        return [Event("ship_roll", data=data, visible_to=state.seen_by(attacker))]
    return finish(state)


def finish(state: ShipState) -> list[Event]:
    """The attack's outcome once the invokes are in."""
    roll = state.roll
    assert roll is not None
    state.roll = None
    attack = Attack(**roll["attack"])
    attacker = state.ships[attack.attacker]
    target = state.ships[attack.target]
    need = int(roll["difficulty"])
    shifts = shifts_of(roll)
    value = WEAPONS[attack.weapon].value
    data = {"ship": attacker.name, "target": target.name, "weapon": attack.weapon,
            "system": attack.system, "skill": roll["skill"], "dice": list(roll["dice"]),
            "difficulty": need, "invoked": list(roll["invoked"]), "shifts": shifts}  # fmt: skip
    events: list[Event] = []
    if attack.hazardous and shifts <= MISHAP_SHIFTS:
        data["outcome"] = "mishap"
        events += _told(state, attacker, target, data)
        return events + blowback(state, attacker, "Missile Blowback")
    if shifts < 0:
        data["outcome"] = "miss"
        return _told(state, attacker, target, data)
    hit = shifts + value - target.armor
    data["hit"] = hit
    if hit <= 0:
        data["outcome"] = "boost"
        name = state.aspects.unique_name(f"Opening on {target.name}")
        state.aspects.add(
            Aspect(
                name,
                AspectKind.BOOST,
                owner=target.name,
                free_invokes={attacker.name: 1},
                expires_after=str(state.exchange + 1),
            )
        )
        return _told(state, attacker, target, data)
    data["outcome"] = "hit"
    events += _told(state, attacker, target, data)
    return events + strike(state, target, hit, attack.system, attacker.name)


def _told(state: ShipState, attacker: Ship, target: Ship, data: dict[str, object]) -> list[Event]:
    """The attack in full for the sides that see both ships; the target's side, if it has not
    detected the attacker, learns of the attack without its name."""
    both = state.seen_by(attacker) & state.seen_by(target)
    out = [Event("ship_attack", data=dict(data), visible_to=both)]
    blind = state.seen_by(target) - state.seen_by(attacker)
    if blind:
        out.append(Event("ship_attack", data={**data, "ship": None}, visible_to=blind))
    return out
