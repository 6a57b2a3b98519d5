"""The resolution phase (P5, P12): each attack striking this exchange is rolled by its
gunner's Space Combat against the range difficulty (Far 1, Orbital 2, Extreme 3) plus the
target's countermeasure shifts (a travelling missile's target, the better of both exchanges'), with
the movement shift; a tie or better hits for shifts + weapon value - armor (no range damage
shift in vacuum). A hit of 0 or less gives the attacker a boost on the target (C6). The odds
count every free invoke the attacker holds (`rolls.free_held`: the roll may spend any of them)
as spent while the roll misses (C4, the odds' policy). A hazardous missile roll's mishap
brings the firer a consequence (C2)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from shiftdrive.core.aspects import Aspect, AspectKind
from shiftdrive.core.dice import DiceSource, roll_fudge
from shiftdrive.core.odds import Odds, OddsQuery, odds
from shiftdrive.core.outcomes import MISHAP_SHIFTS, shifts_to_change
from shiftdrive.engine.events import Event
from shiftdrive.rulesets.pilot_wave.ships import rolls
from shiftdrive.rulesets.pilot_wave.ships.damage import blowback, strike
from shiftdrive.rulesets.pilot_wave.ships.space import distance, movement_shift
from shiftdrive.rulesets.pilot_wave.ships.state import Attack, Ship, ShipState
from shiftdrive.rulesets.pilot_wave.ships.tables import RANGE_DIFFICULTY, WEAPONS


def difficulty(state: ShipState, target: Ship, early: int = 0) -> int:
    """The range difficulty plus the target's countermeasure shifts (a travelling missile's
    target counters it in both exchanges: the better of the two counts)."""
    return RANGE_DIFFICULTY[state.scale] + max(target.countermeasures, early)


def attack_query(state: ShipState, attacker: Ship, target: Ship, weapon: str,
                 early: int = 0) -> OddsQuery:  # fmt: skip
    hazardous = WEAPONS[weapon].missile and distance(attacker, target) <= 1
    invokes = rolls.free_held(state, attacker.name)
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
    """Roll the attack; the attacker's side may then invoke (C4, `rolls`) before it is read."""
    attacker = state.ships[attack.attacker]
    target = state.ships[attack.target]
    if not target.active:
        return []
    q = attack_query(state, attacker, target, attack.weapon, attack.early_counter)
    roll = roll_fudge(dice, why=f"{attack.weapon} attack", who=attacker.name)
    return rolls.start(
        state, "attack", attacker.name, q.skill, list(roll.faces), q.difficulty or 0,
        target=target.name, hazardous=attack.hazardous, ctx={"attack": attack.to_json()},
    )  # fmt: skip


def attack_need(state: ShipState, roll: dict[str, Any], shifts: int) -> int | None:
    """A hit's every shift counts (C3); a hazardous roll's mishap may be lifted to a miss."""
    if roll["hazardous"] and shifts <= MISHAP_SHIFTS:
        return int(MISHAP_SHIFTS) + 1 - shifts
    return shifts_to_change(shifts, upward=True, hit=True, tie_succeeds=True)


def finish(state: ShipState, roll: dict[str, Any]) -> list[Event]:
    """The attack's outcome once the invokes are in."""
    attack = Attack(**roll["ctx"]["attack"])
    attacker = state.ships[attack.attacker]
    target = state.ships[attack.target]
    need = int(roll["difficulty"])
    shifts = rolls.shifts_of(roll)
    value = WEAPONS[attack.weapon].value
    data = {"ship": attacker.name, "target": target.name, "weapon": attack.weapon,
            "system": attack.system, "skill": roll["skill"], "dice": list(roll["dice"]),
            "difficulty": need, "invoked": list(roll["invoked"]),
            "tactics": int(roll.get("tactics", 0)), "shifts": shifts}  # fmt: skip
    events: list[Event] = []
    if attack.hazardous and shifts <= MISHAP_SHIFTS:
        data["outcome"] = "mishap"
        events += _told(state, roll, attacker, target, data)
        return events + blowback(state, attacker, "Missile Blowback")
    if shifts < 0:
        data["outcome"] = "miss"
        return _told(state, roll, attacker, target, data)
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
        return _told(state, roll, attacker, target, data)
    data["outcome"] = "hit"
    events += _told(state, roll, attacker, target, data)
    return events + strike(state, target, hit, attack.system, attacker.name)


def _told(
    state: ShipState, roll: dict[str, Any], attacker: Ship, target: Ship, data: dict[str, Any]
) -> list[Event]:
    """The attack in full for the sides that see both ships; the target's side, if it has not
    detected the attacker, learns of the attack without its name; an invoked aspect is named
    only to the sides that see whose it is (`rolls.told`)."""
    both = state.seen_by(attacker) & state.seen_by(target)
    out = rolls.told(state, roll, "ship_attack", dict(data), both)
    blind = state.seen_by(target) - state.seen_by(attacker)
    if blind:
        out += rolls.told(state, roll, "ship_attack", {**data, "ship": None}, blind)
    return out


rolls.register("attack", rolls.Reading(attack_need, finish))
