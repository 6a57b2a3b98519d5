"""The strike: the attacker's 2dF on the card's table, damage and stuns, Restrain, the
counter-attack, and HP's thresholds (F1, F4, F5, F6, F8, F9).

Damage is the card's base (or its "If Aimed" value) plus the table's modifier; a ranged attack
across cover loses 1 (a character used as cover takes that point, F9); armor takes 1 (light)
or 2 (heavy) off; never below 0. Stuns add rounds (F8).
"""

from __future__ import annotations

from typing import Any

from shiftdrive.core.dice import DiceSource, roll_fudge
from shiftdrive.engine.events import Event
from shiftdrive.rulesets.fully_automated.reach import attack_from, range_status
from shiftdrive.rulesets.fully_automated.scenario import parse_outcome
from shiftdrive.rulesets.fully_automated.state import Attack, FAState, Fighter
from shiftdrive.rulesets.fully_automated.table import (
    card,
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


def counter(
    state: FAState, defender: str, attacker: str, dis: bool, dice: DiceSource
) -> list[Event]:
    """F4: the defender counter-attacks with its first listed attack card, from the nearest
    hex of its movement."""
    fd = state.fighters[defender]
    if not fd.able:
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


def strike(state: FAState, atk: Attack, extra_dis: bool, dice: DiceSource) -> list[Event]:
    """Roll 2dF on the card's outcome table and deal the effect."""
    assert atk.target is not None
    fa, ft = state.fighters[atk.attacker], state.fighters[atk.target]
    c = card(state, atk.card)
    d = pos(fa).distance(pos(ft))
    rs = range_status(c, d) or 0
    reasons = []
    if extra_dis:
        reasons.append("defense")
    if atk.disadvantage:
        reasons.append("counter-attack")
    if rs:
        reasons.append("beyond range")
    if not proficient(state, fa, atk.card):
        reasons.append("unproficient")
    if rules(state).stunned_attack_disadvantage and fa.stun > 0:
        reasons.append("stunned")
    adv = net(atk.aimed, bool(reasons))
    if atk.aimed and c.aimed.advantage_always:
        adv = 1
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
        # F6: -2 fails and the target counter-attacks at disadvantage; -1 fails and deals 3
        # damage; 0 or better restrains (stunned indefinitely).
        if total <= -2:
            data["outcome"] = "fails"
            return [
                Event("restrain", data=data),
                *counter(state, ft.name, fa.name, True, dice),
            ]
        if total == -1:
            data["outcome"] = "hurts"
            return [Event("restrain", data=data), *damage(state, ft.name, 3, "Restrain")]
        ft.restrained = True
        data["outcome"] = "restrained"
        return [Event("restrain", data=data), status_event(ft)]
    oc = parse_outcome(c.outcomes[total + 2])
    assert oc is not None
    base = c.damage
    if atk.aimed:
        if c.aimed.damage is not None:
            base = c.aimed.damage
        else:
            bonus = c.aimed.bonus
            if c.aimed.near_bonus is not None and d == c.aimed.near_distance:
                bonus = c.aimed.near_bonus
            base += bonus
    dmg = max(0, base + oc.damage)
    stun = max(oc.stun, c.aimed.stun) if atk.aimed else oc.stun
    events: list[Event] = []
    cover = False
    cover_by = None
    if c.ranged and dmg > 0:
        s = sight_between(state, fa.name, ft.name)
        if s.cover:  # F9: cover takes 1 off ranged damage; a character as cover takes it
            dmg -= 1
            cover = True
            cover_by = s.cover_by
    armor = 0
    if ft.armor and dmg > 0:
        armor = min(dmg, ft.armor)
        dmg = max(0, dmg - ft.armor)
    data["damage"] = dmg
    data["stun"] = stun
    # how the damage was reached: base (or aimed), the table's modifier, cover, armor
    data["base"] = base
    data["modifier"] = oc.damage
    data["cover"] = cover
    data["cover_by"] = cover_by
    data["armor"] = armor
    data["armor_name"] = ft.armor_name
    events.append(Event("hit", data=data))
    events += damage(state, ft.name, dmg, c.name)
    if cover_by is not None:
        events += damage(state, cover_by, 1, f"cover for {ft.name}")
    if stun:
        ft.stun += stun
        events.append(Event("stun", data={"character": ft.name, "stun": ft.stun}))
    return events
