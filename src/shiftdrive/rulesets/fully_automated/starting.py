"""Seed "Starting Combat": the fighters and their hands of cards, and initiative (F3).

Hands: the character's weapons' cards (in the order of its `weapons`), the unarmed skills it is
proficient in (Trained Strike, Claw), Punch, Restrain when it carries restraints, then Move,
Defend and Aim. Initiative = speed + 2d10; ties: higher speed, then a d10 roll-off, repeated
among those still tied. Light combat (F10) resolves in table order: the scenario's.
"""

from __future__ import annotations

import json
from functools import lru_cache

from shiftdrive.core.aspects import AspectSet
from shiftdrive.core.dice import DiceSource
from shiftdrive.engine.events import Event
from shiftdrive.engine.turns import SecretChoices
from shiftdrive.maps.hexgrid import Hex, HexMap
from shiftdrive.rulesets.fully_automated.geometry import Board
from shiftdrive.rulesets.fully_automated.scenario import ARMOR, FAScenario, expand_proficiencies
from shiftdrive.rulesets.fully_automated.state import FAState, Fighter


@lru_cache(maxsize=32)
def _board(map_json: str) -> Board:
    """One Board per distinct map, shared by every battle on it (the simulator starts thousands;
    the board is immutable apart from its cache of lines)."""
    return Board(HexMap.from_dict(json.loads(map_json)))


def fighters_of(sc: FAScenario) -> tuple[FAState, list[Event]]:
    """The starting state: every character with its hand, on its hex (standard combat)."""
    cat = sc.merged_catalog()
    rules = sc.rules
    board = _board(json.dumps(sc.map, sort_keys=True)) if sc.mode == "standard" else None
    hmap = board.hmap if board is not None else None
    weapon_cards = {c for cards in cat.weapons.values() for c in cards}
    fighters: dict[str, Fighter] = {}
    for side in sc.sides:
        for c in side.characters:
            profs = expand_proficiencies(cat, c.proficiencies)
            cards: list[str] = []
            for w in c.weapons:
                cards += cat.weapons[w]
            for p in profs:  # unarmed skills: Trained Strike, Claw (no weapon needed)
                cards += [x for x in cat.proficiencies[p].cards if x not in weapon_cards]
            cards.append("punch")
            if c.restraints:
                cards.append("restrain")
            cards += ["move", "defend", "aim"]
            hp = c.hp if c.hp is not None else rules.hp
            fighters[c.name] = Fighter(
                name=c.name, side=side.name, hp=hp, max_hp=hp,
                speed=c.speed if c.speed is not None else rules.speed,
                move=c.move if c.move is not None else rules.move,
                armor=ARMOR[c.armor], armor_name=c.armor, proficiencies=profs,
                weapons=list(c.weapons), restraints=c.restraints,
                cards=list(dict.fromkeys(cards)),
                pos=Hex.parse(c.at) if hmap is not None and c.at else None,
            )  # fmt: skip
    state = FAState(
        title=sc.title, mode=sc.mode, sides=[s.name for s in sc.sides], fighters=fighters,
        secret=SecretChoices([]), gm_notes=sc.gm_notes, aspects=AspectSet(),
        settings={"catalog": cat, "map": hmap, "rules": rules, "board": board},
    )  # fmt: skip
    events = [Event("setup", data={"title": sc.title, "sides": list(state.sides), "mode": sc.mode})]
    return state, events


def initiative(state: FAState, dice: DiceSource) -> list[Event]:
    """F3: initiative = speed + 2d10 for everyone, then the order (light combat: the table's)."""
    if state.mode != "standard":
        state.order = list(state.fighters)  # F10: "clockwise": the scenario's order
        return [Event("turn_order", data={"order": list(state.order), "light": True})]
    for f in state.fighters.values():
        roll = dice.draw("d10", 2, f"initiative {f.name} (speed {f.speed} + 2d10)", f.name)
        f.initiative = f.speed + sum(roll)
    return sort_initiative(state, dice)


def sort_initiative(state: FAState, dice: DiceSource) -> list[Event]:
    """F3's order: highest initiative first; ties: higher speed, then a d10 roll-off, repeated
    among those still tied. A roll-off only orders the tied among themselves: a second roll
    never ranks anyone against a fighter it already beat or lost to. A tie once rolled off
    stays as rolled (`rolloff` keeps each one's place in it, highest first); only a tie with a
    fighter whose initiative changed (Aim's re-roll clears its `rolloff`) is rolled off again."""
    fs = state.fighters
    ties: dict[tuple[int, int], list[str]] = {}
    for n in fs:
        ties.setdefault((fs[n].initiative, fs[n].speed), []).append(n)
    unsettled = [g for g in ties.values() if len(g) > 1 and not _rolled_off(state, g)]
    rolls: dict[str, tuple[int, ...]] = {n: () for g in unsettled for n in g}
    for _ in range(20):
        groups: dict[tuple[int, int, tuple[int, ...]], list[str]] = {}
        for n in fs:
            if n in rolls:
                groups.setdefault((fs[n].initiative, fs[n].speed, rolls[n]), []).append(n)
        tied = [g for g in groups.values() if len(g) > 1]
        if not tied:
            break
        for g in tied:
            for n in g:
                rolls[n] += (dice.draw("d10", 1, f"initiative roll-off {n}", n)[0],)
    for g in unsettled:
        for place, n in enumerate(sorted(g, key=lambda n: rolls[n]), start=1):
            fs[n].rolloff = place
    state.order = sorted(fs, key=lambda n: (-fs[n].initiative, -fs[n].speed, -fs[n].rolloff, n))
    return [
        Event(
            "turn_order",
            data={
                "order": list(state.order),
                "initiative": {n: fs[n].initiative for n in state.order},
            },
        )
    ]


def _rolled_off(state: FAState, tie: list[str]) -> bool:
    """Whether a tie already has its roll-off: every place taken, none shared."""
    places = [state.fighters[n].rolloff for n in tie]
    return 0 not in places and len(set(places)) == len(places)
