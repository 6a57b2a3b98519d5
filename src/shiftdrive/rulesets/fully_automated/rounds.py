"""The round (seed "Running Combat", F2) and the end of the fight.

Every able seat chooses a card in secret; all reveal together; then, in order: 1 attacks,
highest initiative first; 2 unattacked defenders may move one hex; 3 moves, lowest initiative
first (a higher mover may interject); 4 aim and specials; the end of the round (stuns wear
off, the dying lose 1 HP, F8). Light combat (F10): one sentence each in secret, then the GM
resolves them in table order. `turns` says whose decision it is now, as data.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from shiftdrive.core.dice import DiceSource
from shiftdrive.core.errors import RuleError
from shiftdrive.engine.events import GM, Event
from shiftdrive.engine.ruleset import Ending, Turn
from shiftdrive.engine.turns import SecretChoices
from shiftdrive.rulesets.fully_automated.hits import damage
from shiftdrive.rulesets.fully_automated.reach import reachable
from shiftdrive.rulesets.fully_automated.starting import sort_initiative
from shiftdrive.rulesets.fully_automated.state import (
    ACTIVE,
    DEAD,
    DYING,
    INCAPACITATED,
    Attack,
    FAState,
    Fighter,
)
from shiftdrive.rulesets.fully_automated.table import board, card, rules
from shiftdrive.rulesets.fully_automated.walks import can_step, move_allowance
from shiftdrive.rulesets.fully_automated.words import end_reason


@lru_cache(maxsize=1024)
def _turn(seat: str, kind: str, secret: bool = False) -> Turn:
    """Seat `seat`'s turn of `kind` (its character is the actor). Turns are values and the same
    few come up at every decision of every battle, so each is made once."""
    return Turn(seat, kind, seat, secret)


def turns(state: FAState) -> list[Turn]:
    """The decisions open now, in turn order: one computation of whose turn it is."""
    if state.ended:
        return []
    phase, atk = state.phase, state.attack
    if phase == "choose":
        return [_turn(s, "card", True) for s in state.secret.waiting()]
    if phase == "declare":
        return [_turn(s, "declare", True) for s in state.secret.waiting()]
    if atk is not None:
        if phase == "attacks":
            return [_turn(atk.attacker, "target")]
        if atk.target and phase == "defend_step":
            return [_turn(atk.target, "defend_step")]
        if atk.target and phase == "follow":
            return [_turn(atk.attacker, "follow")]
        if phase == "withdraw":
            return [_turn(atk.attacker, "withdraw")]
    if phase == "steps" and state.queue:
        n = state.queue[0]
        return [_turn(n, "step")]
    if phase == "moves" and state.queue:
        first = state.queue[0]
        out = [_turn(first, "move")]
        out += [_turn(n, "interject") for n in state.queue[1:] if n not in state.waited]
        return out
    if phase == "resolve" and state.light_actor:
        return [Turn(GM, "resolve", state.light_actor)]
    return []


def start_round(state: FAState, dice: DiceSource) -> list[Event]:
    """A new round: who chooses a card (or a sentence) in secret; the limited only Defend."""
    for f in state.fighters.values():
        f.stunned_now = f.stun > 0
        f.damaged = f.stepped = f.moved_this_round = False
    state.played = {}
    state.attacked = []
    state.attack = None
    state.queue = []
    events: list[Event] = []
    seats = [n for n in state.order if chooses(state, state.fighters[n])]
    if state.mode == "light":
        state.phase = "declare"
        events.append(Event("round", data={"round": state.round, "light": True}))
    else:
        state.phase = "choose"
        limited = [n for n in state.order if state.fighters[n].limited]
        events.append(Event("round", data={"round": state.round, "limited": limited}))
    state.secret = SecretChoices(seats)
    if not seats:
        events += reveal(state, dice)
    return events


def chooses(state: FAState, f: Fighter) -> bool:
    """Whether `f` chooses a card in secret this round (F2), the one rule for it: when the
    round opens and after the GM's `hp` (`stop_choosing`). Not the stunned, restrained or
    incapacitated, who only Defend, nor the dying and the dead, who cannot even defend (F8).
    In light combat (F10) the incapacitated still declare a sentence; the dying and the dead
    do not."""
    if state.mode == "light":
        return f.status in (ACTIVE, INCAPACITATED)
    return f.able and not f.limited


def stop_choosing(state: FAState, dice: DiceSource) -> list[Event]:
    """While the cards are chosen, the seats whose characters may no longer choose (the GM's
    `hp` took them to 0 HP or below) are asked no more, and a card (or sentence) one of them
    chose already is dropped unseen: at the reveal the incapacitated Defend, forced, and the
    dying and the dead play nothing (F8), as if they had fallen before the round. Once every
    seat left has chosen, all reveal as usual (F2). Nobody is added: a character freed or
    healed mid-round chooses again from the next round."""
    secret = state.secret
    if state.ended or state.phase not in ("choose", "declare"):
        return []
    keep = [s for s in secret.seats if chooses(state, state.fighters[s])]
    if len(keep) == len(secret.seats):
        return []
    chosen = {s: v for s, v in secret.chosen.items() if s in keep}
    state.secret = SecretChoices(keep, chosen)
    return reveal(state, dice) if not state.secret.waiting() else []


def reveal(state: FAState, dice: DiceSource) -> list[Event]:
    """F2: every card (or sentence) is revealed at once; undecided seats Defend."""
    default = {"text": "Defend"} if state.mode == "light" else {"card": "defend"}
    waiting = state.secret.waiting()
    chosen = state.secret.reveal(default=default)
    state.secret = SecretChoices([])
    if state.mode == "light":
        state.played = {n: {**v, "undecided": n in waiting} for n, v in chosen.items()}
        state.queue = list(state.played)
        state.phase = "resolve"
        state.light_actor = state.queue[0] if state.queue else None
        state.light_stage, state.light_success = "check", False
        events = [Event("reveal", data={"played": {k: dict(v) for k, v in state.played.items()}})]
        if not state.queue:
            events += next_light_action(state, dice)
        return events
    shown: dict[str, dict[str, Any]] = {}  # the cards played, with their names, for the words
    attackers: list[str] = []  # 1: attacks, from highest initiative down (F2)
    for n in state.order:
        f = state.fighters[n]
        if f.status in (DYING, DEAD):
            continue
        if n in chosen:
            p = {**chosen[n], "undecided": n in waiting}
        else:
            p = {"card": "defend", "tackle": False, "reroll": False, "forced": True}
        state.played[n] = p
        c = card(state, p["card"])
        shown[n] = {**p, "card_name": c.name}
        if c.kind == "attack" or c.kind == "restrain":
            attackers.append(n)
    events = [Event("reveal", data={"played": shown})]
    state.queue = attackers
    state.phase = "attacks"
    return events + advance(state, dice)


def advance(state: FAState, dice: DiceSource) -> list[Event]:
    """Run the round on until a seat must decide (or the fight ends)."""
    events: list[Event] = []
    for _ in range(10_000):
        events += check_end(state)
        if state.ended:
            return events
        if state.phase == "attacks":
            if state.attack is not None:
                return events
            if not state.queue:
                # 2: unattacked defenders may move 1 hex (F2)
                state.phase = "steps"
                state.queue = [
                    n
                    for n in state.order
                    if n in state.played
                    and state.played[n]["card"] == "defend"
                    and n not in state.attacked
                ]
                continue
            name = state.queue[0]
            f = state.fighters[name]
            p = state.played[name]
            c = card(state, p["card"])
            if not f.able:
                state.queue.pop(0)
                events.append(Event("no_attack", data={"character": name, "status": f.status}))
                continue
            tackle = bool(p.get("tackle"))
            budget = move_allowance(state, f) if tackle else c.movement
            state.attack = Attack(name, p["card"], movement_left=budget, tackle=tackle)
            if next(reachable(state, name, p["card"], budget), None) is None:
                state.attack = None
                state.queue.pop(0)
                events.append(
                    Event(
                        "no_attack",
                        data={
                            "character": name,
                            "card": p["card"],
                            "card_name": c.name,
                            "tackle": tackle,
                        },
                    )
                )
                if tackle:
                    events += tackle_unmade(state, name)
                continue
            return events
        if state.phase == "steps":
            # F8: only the able and the incapacitated take a hex; the dying and the dead
            # (the GM's `hp` may put them there at their turn) cannot even defend
            head = state.queue[0] if state.queue else None
            if head is not None and (
                state.fighters[head].status not in (ACTIVE, INCAPACITATED)
                or not can_step(state, head)
            ):
                state.queue.pop(0)
                continue
            if state.queue:
                return events
            # 3: moves, from lowest initiative up; a higher one may interject (F2, F7)
            state.phase = "moves"
            state.waited = []
            state.queue = [
                n
                for n in reversed(state.order)
                if n in state.played
                and (state.played[n]["card"] == "move" or state.played[n].get("move"))
            ]
            continue
        if state.phase == "moves":
            for n in list(state.queue):
                f = state.fighters[n]
                if f.status not in (ACTIVE, INCAPACITATED):
                    events.append(Event("no_move", data={"character": n, "status": f.status}))
                    state.queue.remove(n)
            if state.queue:
                return events
            events += end_round(state, dice)
            continue
        return events
    raise RuleError("the round did not settle")  # pragma: no cover


def tackle_stun(f: Fighter) -> Event:
    """Seed "Unarmed Attacks": a tackle "allows a player to play Move on the same turn, but
    in doing so will stun the attacker" (the card: "To tackle: Play Move, then take stun"):
    one stun, whether or not the attack lands."""
    f.stun += 1
    return Event("stun", data={"character": f.name, "stun": f.stun, "tackle": True})


def tackle_unmade(state: FAState, name: str) -> list[Event]:
    """A tackle whose attack is not made (nobody in reach, or held) still played its Move:
    the tackler moves in phase 3 with the movers (its whole allowance, F7), and takes the
    stun. A tackle that attacks spends its Move in phase 1, reaching the target."""
    state.played[name]["move"] = True
    return [tackle_stun(state.fighters[name])]


def end_round(state: FAState, dice: DiceSource) -> list[Event]:
    """4: aim and specials (seed "Aim"), then the end of the round (F8)."""
    events: list[Event] = []
    resort = False
    # the aim condition lasts one extra round unused
    for n in state.order:
        f = state.fighters[n]
        p = state.played.get(n, {})
        if p.get("card") == "aim":
            if p.get("reroll"):  # "whenever they play the aim action, but must use the result"
                roll = dice.draw("d10", 2, f"initiative re-roll {n} (speed {f.speed} + 2d10)", n)
                f.initiative = f.speed + sum(roll)
                f.rolloff = 0  # F3: its old roll-off was for its old initiative
                resort = True
            if f.damaged or not f.able:
                f.aim = 0
                why = "damage" if f.damaged else f.status  # took damage, or cannot act (F8)
                events.append(Event("aim", data={"character": n, "spoiled": True, "why": why}))
                continue
            f.aim = 2
            events.append(Event("aim", data={"character": n, "spoiled": False}))
        elif f.aim > 0:
            f.aim = 0 if f.damaged else f.aim - 1
    if resort:
        events += sort_initiative(state, dice)
    for n in state.order:
        f = state.fighters[n]
        events += bleed(state, f)
        if f.stunned_now and f.stun > 0:
            f.stun -= 1
        f.moved_last_round = f.moved_this_round
    events.append(round_summary(state))
    return events + next_round(state, dice)


def bleed(state: FAState, f: Fighter) -> list[Event]:
    """F8, seed "Additional Combat Rules": at the end of every round (standard or light
    combat, F10: both are fought in rounds) the dying lose 1 HP "until stabilized"."""
    if f.status == DYING and not f.stabilised:
        return damage(state, f.name, 1, "dying")
    return []


def round_summary(state: FAState) -> Event:
    """The end-of-round event: who is stunned, aimed and behind cover. Stunned are those the
    stun limits next round (F8): the dying and the dead cannot act at all, stunned or not."""
    b = board(state)
    stunned: list[str] = []
    aimed: list[str] = []
    cover: list[str] = []
    for n in state.order:
        f = state.fighters[n]
        if f.status == INCAPACITATED or (f.stun > 0 and f.status == ACTIVE):
            stunned.append(n)
        if f.aim > 0:
            aimed.append(n)
        if f.pos is not None and f.status != DEAD and b.next_to_cover(f.pos):
            cover.append(n)
    return Event(
        "end_round",
        data={"round": state.round, "stunned": stunned, "aimed": aimed, "cover": cover},
    )


def next_round(state: FAState, dice: DiceSource) -> list[Event]:
    """The next round, unless the fight is over or the round limit reached."""
    events = check_end(state)
    if state.ended:
        return events
    limit = rules(state).max_rounds
    if state.round >= limit:
        return over(state, None, "round limit", Ending.ROUND_LIMIT, {"limit": limit})
    state.round += 1
    return start_round(state, dice)


def next_light_action(state: FAState, dice: DiceSource) -> list[Event]:
    """Light combat: the GM moves on to the next declared action in table order."""
    if state.queue:
        state.queue.pop(0)
    state.light_stage, state.light_success = "check", False
    while state.queue and state.fighters[state.queue[0]].status not in (ACTIVE, INCAPACITATED):
        state.queue.pop(0)
    if state.queue:
        state.light_actor = state.queue[0]
        return []
    state.light_actor = None
    events: list[Event] = []
    for n in state.order:  # the end of the light round (F8, F10)
        events += bleed(state, state.fighters[n])
    return events + next_round(state, dice)


def standing(state: FAState) -> list[str]:
    """Sides with someone still able to fight (not incapacitated, restrained or worse)."""
    # One pass, asked after every choice; a side already found standing is not asked again,
    # and the pass stops once every side is found (most of the fight, after a few fighters).
    able: set[str] = set()
    every = len(state.sides)
    for f in state.fighters.values():
        if f.side not in able and f.able:
            able.add(f.side)
            if len(able) == every:
                return list(state.sides)
    return [s for s in state.sides if s in able]


def check_end(state: FAState) -> list[Event]:
    """The last side with someone able to fight wins (or nobody, when none is left)."""
    if state.ended:
        return []
    sides = standing(state)
    if len(sides) > 1:
        return []
    winner = sides[0] if sides else None
    return over(state, winner, "last standing", Ending.TAKEN_OUT)


def over(
    state: FAState,
    winner: str | None,
    why: str,
    ending: Ending,
    extra: dict[str, Any] | None = None,
) -> list[Event]:
    """The fight ends: `why` names how ('last standing', 'round limit', 'gm')."""
    state.winner, state.ending = winner, str(ending)
    state.ended = end_reason(winner, why, int((extra or {}).get("limit", 0)))
    state.phase = "over"
    state.attack = None
    state.queue = []
    data: dict[str, Any] = {"winner": winner, "ending": str(ending), "why": why, **(extra or {})}
    return [Event("end", data=data)]
