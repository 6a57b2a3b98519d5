"""The strike: the attacker's 2dF on the card's table, damage and stuns, Restrain, the
counter-attack, and HP's thresholds (F1, F4, F5, F6, F8, F9).

Damage is the card's base (or its "If Aimed" value) plus the table's modifier; a ranged attack
across cover loses 1 (a character used as cover takes that point, less its armor, F9); armor
takes 1 (light) or 2 (heavy) off; never below 0. Stuns add rounds (F8).
"""

from __future__ import annotations

from typing import Any, Final

from shiftdrive.core.dice import DiceSource, roll_fudge
from shiftdrive.engine.events import Event
from shiftdrive.maps.hexgrid import Hex
from shiftdrive.rulesets.fully_automated.reach import attack_from, range_status
from shiftdrive.rulesets.fully_automated.scenario import parse_outcome
from shiftdrive.rulesets.fully_automated.state import Attack, FAState, Fighter
from shiftdrive.rulesets.fully_automated.table import (
    card,
    catalog,
    net,
    pos,
    proficient,
    rules,
    sight_between,
)
from shiftdrive.rulesets.fully_automated.walks import approach


def damage(state: FAState, name: str, amount: int, why: str) -> list[Event]:
    """Take HP off and announce the F8 thresholds crossed."""
    if amount <= 0:
        return []
    f = state.fighters[name]
    before = f.status
    f.hp -= amount
    f.hp_lost += amount
    f.damaged = True
    events = [Event("damage", data={"character": name, "damage": amount, "hp": f.hp, "why": why})]
    if f.status != before:
        events.append(status_event(f))
    return events


def status_event(f: Fighter) -> Event:
    """F8's thresholds crossed (or a restraint put on or taken off)."""
    return Event("status", data={"character": f.name, "status": f.status})


def can_counter(f: Fighter) -> bool:
    """F4, F8: only a character still able to fight counter-attacks; an incapacitated or
    restrained one "cannot perform any action besides defending" (the odds column asks this
    too, so it never prices a counter-attack that cannot come)."""
    return f.able


def counter(
    state: FAState, defender: str, attacker: str, dis: bool, dice: DiceSource
) -> list[Event]:
    """F4: the defender counter-attacks with its first listed attack card, from the nearest
    hex of its movement."""
    fd = state.fighters[defender]
    if not can_counter(fd):
        return [Event("no_counter", data={"character": defender, "status": fd.status})]
    cid = next(c for c in fd.cards if card(state, c).kind == "attack")
    c = card(state, cid)
    best = attack_from(state, defender, attacker, cid, c.movement)
    if best is None:
        return [Event("no_counter", data={"character": defender, "card": cid, "card_name": c.name})]
    atk = Attack(
        defender,
        cid,
        target=attacker,
        movement_left=c.movement,
        counter=True,
        disadvantage=dis,
    )
    events = approach(state, atk, best[0], best[1])
    events.append(
        Event(
            "counter",
            data={
                "attacker": defender,
                "target": attacker,
                "card": cid,
                "card_name": c.name,
                "disadvantage": dis,
            },
        )
    )
    return events + strike(state, atk, False, dice)


def uses_aim(fa: Fighter) -> bool:
    """Seed "Aim": "Attacks made directly after aiming" use the condition."""
    return fa.aim > 0


def strike_advantage(
    state: FAState, atk: Attack, extra_dis: bool, at: Hex
) -> tuple[int, list[str]]:
    """F1: the advantage of the strike's 2dF from hex `at`, and the reasons for disadvantage
    (a -1 defense, a counter-attack at disadvantage, the disadvantaged range, no proficiency,
    smoke or foliage on the line, the optional stunned rule); aim gives advantage."""
    assert atk.target is not None
    fa, ft = state.fighters[atk.attacker], state.fighters[atk.target]
    c = card(state, atk.card)
    reasons = []
    if extra_dis:
        reasons.append("defense")
    if atk.disadvantage:
        reasons.append("counter-attack")
    if range_status(c, at.distance(pos(ft))):
        reasons.append("beyond range")
    if not proficient(state, fa, atk.card):
        reasons.append("unproficient")
    if c.ranged and sight_between(state, fa.name, ft.name, at).obscured:
        reasons.append("smoke or foliage")
    if rules(state).stunned_attack_disadvantage and fa.stun > 0:
        reasons.append("stunned")
    adv = net(atk.aimed, bool(reasons))
    if atk.aimed and card(state, atk.card).aimed.advantage_always:
        adv = 1
    return adv, reasons


def restrain_outcome(total: int) -> str:
    """F6: -2 fails and the target counter-attacks at disadvantage; -1 fails and deals 3
    damage; 0 or better restrains (stunned indefinitely, and disarmed: the card's line)."""
    if total <= -2:
        return "fails"
    if total == -1:
        return "hurts"
    return "restrained"


RESTRAIN_HURT: Final = 3  # F6: "-1 fails, but the target takes 3 damage"


def after_armor(f: Fighter, dmg: int) -> int:
    """F9, seed "Additional Combat Rules": armor is subtracted "from the damage inflicted by
    each attack" (light 1, heavy 2), never below 0: the strike's damage, a -1 Restrain's, and
    the point a character used as cover takes."""
    return max(0, dmg - f.armor)


def restrain_hurt(ft: Fighter) -> int:
    """F6's 3 damage of a -1 Restrain, less the target's armor (Restrain is an attack card,
    F9): what the strike deals and what the odds column shows."""
    return after_armor(ft, RESTRAIN_HURT)


def hit_effect(state: FAState, atk: Attack, total: int, at: Hex) -> dict[str, Any]:
    """What an attack card's strike rolling `total` from hex `at` does to its target: the
    damage (base or aimed, the table's modifier, -1 across cover for a ranged attack, armor,
    never below 0), the stuns, and how the damage was reached (the `hit` event's numbers)."""
    assert atk.target is not None
    ft = state.fighters[atk.target]
    c = card(state, atk.card)
    oc = parse_outcome(c.outcomes[total + 2])
    assert oc is not None
    base = c.damage
    if atk.aimed:
        if c.aimed.damage is not None:
            base = c.aimed.damage
        else:
            bonus = c.aimed.bonus
            if c.aimed.near_bonus is not None and at.distance(pos(ft)) == c.aimed.near_distance:
                bonus = c.aimed.near_bonus
            base += bonus
    dmg = max(0, base + oc.damage)
    stun = max(oc.stun, c.aimed.stun) if atk.aimed else oc.stun
    cover = False
    cover_by = None
    if c.ranged and dmg > 0:
        s = sight_between(state, atk.attacker, ft.name, at)
        if s.cover:  # F9: cover takes 1 off ranged damage; a character as cover takes it
            dmg -= 1
            cover = True
            cover_by = s.cover_by
    armor = 0
    if ft.armor and dmg > 0:
        armor = min(dmg, ft.armor)
        dmg = after_armor(ft, dmg)
    return {
        "damage": dmg,
        "stun": stun,
        "base": base,
        "modifier": oc.damage,
        "cover": cover,
        "cover_by": cover_by,
        "armor": armor,
        "armor_name": ft.armor_name,
    }


def strike(state: FAState, atk: Attack, extra_dis: bool, dice: DiceSource) -> list[Event]:
    """Roll 2dF on the card's outcome table and deal the effect."""
    assert atk.target is not None
    fa, ft = state.fighters[atk.attacker], state.fighters[atk.target]
    c = card(state, atk.card)
    adv, reasons = strike_advantage(state, atk, extra_dis, pos(fa))
    roll = roll_fudge(
        dice, 2, advantage=adv, why=f"{fa.name} {c.name} against {ft.name}", who=fa.name
    )
    total = roll.total
    data: dict[str, Any] = {
        "attacker": fa.name,
        "target": ft.name,
        "card": atk.card,
        "card_name": c.name,
        "faces": list(roll.faces),
        "total": total,
        "advantage": adv,
        "reasons": reasons,
    }
    if c.kind == "restrain":
        data["outcome"] = outcome = restrain_outcome(total)
        if outcome == "fails":
            return [
                Event("restrain", data=data),
                *counter(state, ft.name, fa.name, True, dice),
            ]
        if outcome == "hurts":  # an attack card's damage: armor takes its part (F9)
            hurt = restrain_hurt(ft)
            data["armor"] = RESTRAIN_HURT - hurt
            return [
                Event("restrain", data=data),
                *damage(state, ft.name, hurt, "Restrain"),
            ]
        data["disarmed"] = disarm(state, ft)
        ft.restrained = True
        return [Event("restrain", data=data), status_event(ft)]
    data.update(hit_effect(state, atk, total, pos(fa)))
    events = [Event("hit", data=data)]
    events += damage(state, ft.name, data["damage"], c.name)
    cover_by = data["cover_by"]
    if cover_by is not None:  # F9: the point cover saved, less the cover's own armor
        hurt = after_armor(state.fighters[cover_by], 1)
        events += damage(state, cover_by, hurt, f"cover for {ft.name}")
    stun = data["stun"]
    if stun:
        ft.stun += stun
        events.append(Event("stun", data={"character": ft.name, "stun": ft.stun}))
    return events


def release(f: Fighter) -> Event:
    """F6: the restraint comes off (an ally's Restrain, or the GM's break_free). It is the
    restraint's indefinite stun that ends: stuns dealt by attacks are rounds of their own
    (F8, "Multiple stun effects compound") and still limit the rounds they were dealt for."""
    f.restrained = False
    return status_event(f)


def disarm(state: FAState, f: Fighter) -> list[str]:
    """Restrain's "Disarm": the restrained character drops every weapon it carries, and with
    them the cards they allow, for the rest of the fight (restraints are not a weapon)."""
    dropped = list(f.weapons)
    allowed = {cid for w in dropped for cid in catalog(state).weapons.get(w, [])}
    f.cards = [cid for cid in f.cards if cid not in allowed]
    f.weapons = []
    return dropped
