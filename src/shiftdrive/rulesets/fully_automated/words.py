"""The events of a Fully Automated! fight in words: the one place they are worded.

`describe` reads only the event's data (card names travel in it), never the live state: the
log is described long after. No event carries a secret: a card chosen in secret is only
"chosen" until the reveal event, and the choice itself is visible only to its seat.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any, Final

from shiftdrive.core.dice import fudge_symbols
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import describe_engine_event
from shiftdrive.rulesets.fully_automated.scenario import COLUMNS, CardSpec

DEFEND_TEXT: Final = {
    -2: "the defense fails and the attack proceeds",
    -1: "the attack proceeds with disadvantage",
    0: "the attack fails",
    1: "the attack fails; counter-attack with disadvantage",
    2: "the attack fails; counter-attack",
}
STATUS_TEXT: Final = {
    "active": "{} is back on their feet",
    "incapacitated": "{} is incapacitated: may only defend, at disadvantage, and move one hex",
    "dying": "{} is dying: cannot act, loses 1 HP each round",
    "dead": "{} is dead",
}


def played_text(p: Mapping[str, Any], name: str) -> str:
    """A revealed card (`name`: the card's name) or sentence, as the table reads it."""
    if "text" in p:
        return str(p["text"])
    text = name
    if p.get("tackle"):
        text += " (tackle)"
    if p.get("reroll"):
        text += " (re-roll initiative)"
    if p.get("undecided"):
        text += " (undecided)"
    if p.get("forced"):
        text += " (stunned: defend only)"
    return text


def _roll(d: Mapping[str, Any], who: str) -> str:
    total = int(d["total"])
    return f"{who} rolls {fudge_symbols(d['faces'])} = {total:+d} ({COLUMNS[total + 2]})"


def _strike_head(d: Mapping[str, Any]) -> str:
    head = _roll(d, d["attacker"])
    adv = int(d["advantage"])
    if adv:
        head += " with " + ("advantage" if adv > 0 else "disadvantage")
        if d["reasons"] and adv < 0:
            head += f" ({', '.join(d['reasons'])})"
    return head


def _hit(d: Mapping[str, Any]) -> str:
    base, modifier = d["base"], d["modifier"]
    notes = [f"{base}{modifier:+d}" if modifier else f"{base}"]
    if d["cover"]:
        notes.append("-1 cover" + (f" ({d['cover_by']})" if d["cover_by"] else ""))
    if d["armor"]:
        notes.append(f"-{d['armor']} {d['armor_name']} armor")
    effect = f"{d['damage']} damage" + (f" and {d['stun']} stun" if d["stun"] else "")
    return f"{_strike_head(d)}: {effect} [{', '.join(notes)}]"


def _restrain(d: Mapping[str, Any]) -> str:
    outcome = {
        "fails": "the restraint fails",
        "hurts": "the restraint fails, but deals 3 damage",
        "restrained": f"{d['target']} is restrained",
    }[d["outcome"]]
    if d.get("armor"):
        outcome += f" ({d['armor']} taken by armor)"
    dropped = d.get("disarmed")
    if dropped:
        outcome += f" and disarmed (drops {', '.join(w.replace('_', ' ') for w in dropped)})"
    return f"{_strike_head(d)}: {outcome}"


def _defend(d: Mapping[str, Any]) -> str:
    total = int(d["total"])
    text = f"{d['character']} defends: {fudge_symbols(d['faces'])} = {total:+d}"
    text += f" ({DEFEND_TEXT[total]})"
    if d["disadvantage"]:
        text += f" [disadvantage: {', '.join(d['disadvantage'])}]"
    if d["aimed"]:
        text += " [advantage: aimed]"
    return text


def _turn_order(d: Mapping[str, Any]) -> str:
    if d.get("light"):
        return "Light combat: actions resolve in table order: " + ", ".join(d["order"])
    ini = d["initiative"]
    return "Turn order (speed + 2d10): " + ", ".join(f"{n} {ini[n]}" for n in d["order"])


def _round(d: Mapping[str, Any]) -> str:
    if d.get("light"):
        return f"Round {d['round']}: declare your actions in secret"
    text = f"Round {d['round']}: choose your action cards in secret"
    if d["limited"]:
        text += f" ({', '.join(d['limited'])} may only defend)"
    return text


def _reveal(d: Mapping[str, Any]) -> str:
    played: Mapping[str, Mapping[str, Any]] = d["played"]
    if any("text" in p for p in played.values()):
        return "Actions revealed: " + "; ".join(f"{n}: {p['text']!r}" for n, p in played.items())
    parts = [
        f"{n}: {played_text(p, str(p.get('card_name', p.get('card'))))}" for n, p in played.items()
    ]
    return "Cards revealed: " + "; ".join(parts)


def _step(d: Mapping[str, Any]) -> str:
    who, to = d["character"], d["to"]
    why = d.get("why")
    if why == "attack":
        return f"{who} moves to {to} to attack"
    if why == "withdraw":
        return f"{who} moves to {to} after the attack"
    return f"{who} moves one hex to {to}"


def _move(d: Mapping[str, Any]) -> str:
    text = f"{d['character']} moves to {d['to']}"
    if d["aim"]:
        text += " (using aim: 6 hexes)"
    if d["body"]:
        text += f", dragging {d['body']} to {d['body_to']}"
    if d["interject"]:
        text += " (interjecting)"
    return text


def _no_attack(d: Mapping[str, Any]) -> str:
    if "status" in d:
        return f"{d['character']} cannot attack: {d['status']}"
    text = f"{d['character']} has no target in reach for {d['card_name']}"
    if d.get("tackle"):
        text += ": the tackle's Move comes with the moves"
    return text


def _no_counter(d: Mapping[str, Any]) -> str:
    if "status" in d:
        return f"{d['character']} is in no state to counter-attack"
    return f"{d['character']} has no counter-attack in reach ({d['card_name']})"


def _attack(d: Mapping[str, Any]) -> str:
    return (
        f"{d['attacker']} attacks {d['target']} with {d['card_name']}"
        + (" (aimed)" if d["aimed"] else "")
        + (" (tackle)" if d["tackle"] else "")
    )


def _out_of_range(d: Mapping[str, Any]) -> str:
    if d.get("dead"):
        return f"{d['target']} is dead: the attack ends"
    if d["let_go"]:
        return f"{d['attacker']} lets {d['target']} go: the attack fails"
    return f"{d['target']} is out of reach: the attack fails"


def _stun(d: Mapping[str, Any]) -> str:
    if d.get("tackle"):
        return f"{d['character']} is stunned by the tackle"
    return f"{d['character']} is stunned ({d['stun']} round(s))"


def _aim(d: Mapping[str, Any]) -> str:
    """Aim's mark at the end of the round, or why it is spoiled: damage taken, or a status
    (incapacitated, restraint included; dying; dead) that allows no action but defending (F8)."""
    who = d["character"]
    if not d["spoiled"]:
        return f"{who} has aimed"
    why = d.get("why", "damage")
    if why == "damage":
        return f"{who} took damage: the aim is spoiled"
    return f"{who} is {why}: the aim is spoiled"


def _end_round(d: Mapping[str, Any]) -> str:
    return (
        f"End of round {d['round']}. Stunned: {', '.join(d['stunned']) or 'none'}"
        f"; aimed: {', '.join(d['aimed']) or 'none'}"
        f"; behind cover: {', '.join(d['cover']) or 'none'}"
    )


def end_reason(winner: str | None, why: str, limit: int = 0) -> str:
    """How the fight ended ('last standing', 'round limit' or 'gm'), in words: the result's
    reason."""
    if why == "round limit":
        return f"the round limit ({limit}) is reached: a draw"
    if why == "gm":
        return f"the GM ends the fight ({'draw' if winner is None else winner + ' wins'})"
    return f"{winner} is the last side standing" if winner else "no side is left standing"


def _end(d: Mapping[str, Any]) -> str:
    return f"The fight is over: {end_reason(d['winner'], d['why'], int(d.get('limit', 0)))}"


def _check(d: Mapping[str, Any]) -> str:
    verdict = "success" if d["success"] else "failure"
    penalty = int(d.get("penalty", 0))
    purpose = f" to {d['purpose']}" if d.get("purpose") else ""
    return (
        f"{d['character']}'s skill check{purpose}: 1{d['die']} {d['roll']} {d['bonus']:+d}"
        + (f" -{penalty}" if penalty else "")
        + f" = {d['total']} vs {d['difficulty']}: {verdict}"
    )


_WORDS: Final[dict[str, Callable[[Mapping[str, Any]], str]]] = {
    "setup": lambda d: f"{d['title']}: {' vs '.join(d['sides'])} ({d['mode']} combat)",
    "turn_order": _turn_order,
    "round": _round,
    "chosen": lambda d: (
        f"{d['seat']} has " + ("declared an action" if d["what"] == "declare" else "chosen a card")
    ),
    "reveal": _reveal,
    "no_attack": _no_attack,
    "no_move": lambda d: f"{d['character']} cannot move: {d['status']}",
    "hold": lambda d: f"{d['character']} holds the {d['card_name']}",
    "attack": _attack,
    "release": lambda d: f"{d['attacker']} releases {d['character']} from restraint (F6)",
    "step": _step,
    "out_of_range": _out_of_range,
    "defend": _defend,
    "counter": lambda d: (
        f"{d['attacker']} counter-attacks {d['target']} with {d['card_name']}"
        + (" at disadvantage" if d["disadvantage"] else "")
    ),
    "no_counter": _no_counter,
    "hit": _hit,
    "restrain": _restrain,
    "damage": lambda d: f"{d['character']} takes {d['damage']} damage ({d['why']}): {d['hp']} HP",
    "heal": lambda d: f"{d['character']} regains {d['amount']} HP (GM): {d['hp']} HP",
    "status": lambda d: STATUS_TEXT[d["status"]].format(d["character"]),
    "stun": _stun,
    "wait": lambda d: f"{d['character']} waits for {d['first']} to move",
    "move": _move,
    "aim": _aim,
    "end_round": _end_round,
    "end": _end,
    "check": _check,
    "freed": lambda d: f"{d['character']} breaks free of the restraint",
    "stabilised": lambda d: f"{d['character']} is stabilised: no more HP lost while dying",
}


PHASE_TEXT: Final = {
    "choose": "everyone chooses an action card in secret",
    "declare": "everyone declares an action in secret",
    "attacks": "attacks (highest initiative first)",
    "defend_step": "attacks (highest initiative first)",
    "follow": "attacks (highest initiative first)",
    "withdraw": "attacks (highest initiative first)",
    "steps": "unattacked defenders may move one hex",
    "moves": "moves (lowest initiative first)",
    "resolve": "the GM resolves the declared actions in table order",
    "over": "the fight is over",
}


def now_text(phase: str, attack: Mapping[str, Any] | None, light_actor: str | None) -> str:
    """What is happening in the round (`attack`: the attack being resolved, as its data)."""
    text = PHASE_TEXT.get(phase, phase)
    if phase == "resolve" and light_actor:
        return f"{text}: {light_actor}'s action"
    if attack is None or phase not in ("attacks", "defend_step", "follow", "withdraw"):
        return text
    who = f"{attack['attacker']}'s {attack['card_name']}"
    if attack["counter"]:
        who += " (counter-attack)"
    if attack["target"] is None:
        return f"{text}: {who} picks a target"
    doing = {
        "defend_step": f"{attack['target']} may step one hex",
        "follow": f"{attack['target']} stepped out of reach",
        "withdraw": "the attacker may use its movement left",
    }.get(phase, "")
    left = attack["movement_left"]
    return (
        f"{text}: {who} against {attack['target']}"
        + (f", {left} hex{'es' if left > 1 else ''} of movement left" if left else "")
        + (f"; {doing}" if doing else "")
    )


def _pct(p: Fraction) -> str:
    value = float(p) * 100
    return "<1%" if 0 < value < 1 else f"{value:.0f}%"


def check_text(p: Fraction) -> str:
    """The odds column of a GM's skill check: its chance of success."""
    return f"success {_pct(p)}"


def _runs(values: list[int]) -> str:
    """1, 2, 3, 5 -> '1-3, 5'."""
    out: list[str] = []
    for v in sorted(values):
        if out and out[-1].split("-")[-1] == str(v - 1):
            out[-1] = f"{out[-1].split('-')[0]}-{v}"
        else:
            out.append(str(v))
    return ", ".join(out)


def reach_text(c: CardSpec) -> str:
    """A card's range as the card prints it: 'adjacent', 'range 2-6 (1, 7-8 at
    disadvantage)', with its hexes of movement."""
    lo, hi = c.range
    text = "adjacent" if (lo, hi) == (1, 1) else f"range {lo}-{hi}"
    if c.disadvantaged_range is not None:
        dlo, dhi = c.disadvantaged_range
        far = [d for d in range(dlo, dhi + 1) if not lo <= d <= hi]
        if far:
            text += f" ({_runs(far)} at disadvantage)"
    if c.movement:
        text += f", {c.movement} hex{'es' if c.movement > 1 else ''} of movement"
    return text


def card_text(c: CardSpec, move: int, proficient: bool, tackle: bool) -> str:
    """What a card does, for the odds column of `play`: its damage and reach, a Move's
    hexes (`move`: this round's allowance), a tackle's walk and stun."""
    if c.kind == "move":
        return f"move up to {move} hexes"
    if c.kind == "defend":
        return "negate an attack (2dF), move 1 hex"
    if c.kind == "aim":
        return "advantage and the aim effect on your next attack or defense"
    if c.kind == "restrain":
        text = "adjacent, needs 7 HP more than the target; 0 or better restrains and disarms"
    elif tackle:
        text = f"{c.damage} damage, adjacent after moving up to {move} hexes; you take a stun"
    else:
        text = f"{c.damage} damage, {reach_text(c)}"
    return text if proficient else text + "; at disadvantage (no proficiency)"


RESTRAIN_WORDS: Final = {
    "restrained": "restrained",
    "hurts": "{hurt} damage, not restrained",
    "fails": "fails",
}


def forecast_text(d: Mapping[str, Any]) -> str:
    """An attack's chances (`forecast.forecast`'s data) for the odds column: the damage
    spread (and stuns) against that target, or Restrain's outcomes, with what a defense does."""
    if d.get("release"):
        return f"releases {d['target']} (no roll)"
    effects: Mapping[str, Fraction] = d["effects"]
    parts: list[str] = []
    if d["defending"]:
        parts.append(f"Defend stops it {_pct(d['stopped'])}")
    if d["restrain"]:
        parts += [
            f"{RESTRAIN_WORDS[k].format(hurt=d['hurt'])} {_pct(effects[k])}"
            for k in RESTRAIN_WORDS
            if k in effects
        ]
    else:
        damage: dict[int, Fraction] = {}
        stun = stun2 = Fraction(0)
        for key, p in effects.items():
            dmg, stuns = (int(x) for x in key.split("/"))
            damage[dmg] = damage.get(dmg, Fraction(0)) + p
            stun += p if stuns else 0
            stun2 += p if stuns >= 2 else 0
        parts.append("damage " + ", ".join(f"{k}: {_pct(damage[k])}" for k in sorted(damage)))
        if stun:
            parts.append(f"stun {_pct(stun)}" + (f" (2 stuns {_pct(stun2)})" if stun2 else ""))
    if d["counter"]:
        parts.append(f"counter-attack {_pct(d['counter'])} if in reach")
    adv = int(d.get("advantage", 0))
    roll = "with advantage" if adv > 0 else "at disadvantage" if adv < 0 else ""
    if adv < 0 and d.get("reasons"):
        roll += f" ({', '.join(d['reasons'])})"
    head = ", ".join(x for x in ("aimed" if d["aimed"] else "", roll) if x)
    text = (f"{head}: " if head else "") + "; ".join(parts)
    return text + (f" (if {d['target']} keeps its hex)" if d["defending"] else "")


def describe(event: Event, seat: str) -> str:
    """`event` in words, for `seat` (every event of this ruleset reads the same for all who
    may see it)."""
    words = _WORDS.get(event.kind)
    if words is None:
        return describe_engine_event(event)
    return words(event.data)
