"""Fully Automated! combat: secret simultaneous action cards on a hex map, plus light combat.

Seed 003 sections "Standard Combat", "Starting Combat", "Running Combat", "A review of how to
resolve a round of combat" (and its cheat sheet), the action cards, "Additional Combat Rules",
"Discerning Cover and Line of Sight", "Light Combat". Rulings C12 and F1-F10 apply.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from shiftdrive.core.aspects import AspectSet
from shiftdrive.core.dice import DiceSource, die_faces, roll_fudge
from shiftdrive.core.errors import RuleError
from shiftdrive.core.odds import Odds, OddsQuery, odds
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import GM, Event
from shiftdrive.engine.ruleset import Decision, Result, Ruleset, Sheet
from shiftdrive.engine.turns import SecretChoices
from shiftdrive.maps.hexgrid import Hex, HexMap
from shiftdrive.rulesets.fully_automated.geometry import Sight, next_to_cover, sight
from shiftdrive.rulesets.fully_automated.scenario import (
    ALWAYS,
    ARMOR,
    COLUMNS,
    CardSpec,
    Catalog,
    FAScenario,
    Rules,
    expand_proficiencies,
    load,
    parse_outcome,
)
from shiftdrive.rulesets.fully_automated.state import (
    ACTIVE,
    DEAD,
    DYING,
    INCAPACITATED,
    Attack,
    FAState,
    Fighter,
)

DEFEND_TEXT = {
    -2: "the defense fails and the attack proceeds",
    -1: "the attack proceeds with disadvantage",
    0: "the attack fails",
    1: "the attack fails; counter-attack with disadvantage",
    2: "the attack fails; counter-attack",
}
LIGHT_SENTENCES = ("Defend", "Punch the nearest enemy", "Move into cover", "Aim carefully")
HP_LIMIT = 100


def _sym(faces: tuple[int, ...]) -> str:
    return " ".join({1: "+", 0: "0", -1: "-"}[f] for f in faces)


def _net(adv: bool, dis: bool) -> int:
    """F1: several of one kind count once; advantage and disadvantage cancel one for one."""
    return int(adv) - int(dis)


def range_status(card: CardSpec, d: int) -> int | None:
    """0 in range, 1 in the disadvantaged range (ranged cards, seed: 1-2 beyond), None out."""
    lo, hi = card.range
    if lo <= d <= hi:
        return 0
    if card.disadvantaged_range is not None:
        dlo, dhi = card.disadvantaged_range
        if dlo <= d <= dhi:
            return 1
    return None


class FullyAutomated(Ruleset[FAState]):
    """Fully Automated! standard combat (hex map, secret cards) and light combat (no map)."""

    id = "fully_automated"
    title = "Fully Automated! combat"

    # --- set-up -------------------------------------------------------------------------------
    def load_scenario(self, data: Mapping[str, Any]) -> FAScenario:
        sc = load(data)
        try:
            die_faces(sc.rules.light_die)
        except ValueError as exc:
            from shiftdrive.engine.scenario import ScenarioError

            raise ScenarioError([("rules.light_die", str(exc))]) from None
        return sc

    def setup(self, scenario: Any, dice: DiceSource) -> tuple[FAState, list[Event]]:
        sc: FAScenario = scenario
        cat = sc.merged_catalog()
        rules = sc.rules
        hmap = HexMap.from_dict(sc.map) if sc.mode == "standard" and sc.map else None
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
                    pos=str(Hex.parse(c.at)) if hmap is not None and c.at else None,
                )  # fmt: skip
        state = FAState(
            title=sc.title, mode=sc.mode, sides=[s.name for s in sc.sides], fighters=fighters,
            secret=SecretChoices([]), gm_notes=sc.gm_notes, aspects=AspectSet(),
            settings={"catalog": cat, "map": hmap, "rules": rules},
        )  # fmt: skip
        events = [Event("setup", f"{sc.title}: {' vs '.join(state.sides)} ({sc.mode} combat)")]
        if sc.mode == "standard":
            # F3: initiative = speed + 2d10; ties: higher speed, then a roll-off.
            for f in fighters.values():
                roll = dice.draw("d10", 2, f"initiative {f.name} (speed {f.speed} + 2d10)")
                f.initiative = f.speed + sum(roll)
            events += self._sort(state, dice)
        else:
            state.order = list(fighters)  # F10: "clockwise": the scenario's order
            events.append(
                Event(
                    "turn_order",
                    "Light combat: actions resolve in table order: " + ", ".join(state.order),
                    {"order": state.order},
                )
            )
        events += self._start_round(state, dice)
        return state, events

    def _sort(self, state: FAState, dice: DiceSource) -> list[Event]:
        fs = state.fighters

        def key(n: str) -> tuple[int, int]:
            return (fs[n].initiative, fs[n].speed)

        for _ in range(20):
            groups: dict[tuple[int, int, int], list[str]] = {}
            for n in fs:
                groups.setdefault((*key(n), fs[n].rolloff), []).append(n)
            tied = [g for g in groups.values() if len(g) > 1]
            if not tied:
                break
            for g in tied:
                for n in g:
                    fs[n].rolloff = dice.draw("d10", 1, f"initiative roll-off {n}")[0]
        state.order = sorted(fs, key=lambda n: (-fs[n].initiative, -fs[n].speed, -fs[n].rolloff, n))
        text = ", ".join(f"{n} {fs[n].initiative}" for n in state.order)
        return [
            Event(
                "turn_order",
                f"Turn order (speed + 2d10): {text}",
                {
                    "order": list(state.order),
                    "initiative": {n: fs[n].initiative for n in state.order},
                },
            )
        ]

    # --- helpers ------------------------------------------------------------------------------
    def _cat(self, state: FAState) -> Catalog:
        cat = state.settings["catalog"]
        assert isinstance(cat, Catalog)
        return cat

    def _rules(self, state: FAState) -> Rules:
        rules = state.settings["rules"]
        assert isinstance(rules, Rules)
        return rules

    def _map(self, state: FAState) -> HexMap:
        hmap = state.settings["map"]
        assert isinstance(hmap, HexMap)
        return hmap

    def card(self, state: FAState, cid: str) -> CardSpec:
        return self._cat(state).cards[cid]

    def _pos(self, f: Fighter) -> Hex:
        assert f.pos is not None
        return Hex.parse(f.pos)

    def _occupants(self, state: FAState, *exclude: str) -> dict[Hex, str]:
        return {
            Hex.parse(f.pos): f.name
            for f in state.fighters.values()
            if f.pos is not None and f.status != DEAD and f.name not in exclude
        }

    def proficient(self, state: FAState, f: Fighter, cid: str) -> bool:
        cat = self._cat(state)
        return (
            cid in ALWAYS
            or cid == "restrain"
            or any(cid in cat.proficiencies[p].cards for p in f.proficiencies)
        )

    def move_allowance(self, state: FAState, f: Fighter, aimed: bool = False) -> int:
        """F7: the character's move (default 4), -1 if Move was played last round; 6 if aimed."""
        if aimed:
            return self._rules(state).aimed_move
        return max(0, f.move - (1 if f.moved_last_round else 0))

    def _enemy_hexes(self, state: FAState, f: Fighter) -> set[Hex]:
        return {
            Hex.parse(e.pos)
            for e in state.fighters.values()
            if e.side != f.side and e.pos is not None and e.status != DEAD
        }

    def sight_between(self, state: FAState, a: str, t: str, from_hex: Hex | None = None) -> Sight:
        fa, ft = state.fighters[a], state.fighters[t]
        return sight(
            self._map(state), self._occupants(state, a, t), from_hex or self._pos(fa), self._pos(ft)
        )

    def attack_from(
        self, state: FAState, a: str, t: str, cid: str, budget: int
    ) -> tuple[Hex, int, int] | None:
        """The best hex within `budget` movement to attack `t` from: (hex, cost, disadvantaged).

        Prefers the normal range over the disadvantaged one, then the least movement.
        """
        fa, ft = state.fighters[a], state.fighters[t]
        if fa.pos is None or ft.pos is None:
            return None
        card = self.card(state, cid)
        hmap = self._map(state)
        start, tpos = self._pos(fa), self._pos(ft)
        occ = self._occupants(state, a)
        others = self._occupants(state, a, t)
        reach = hmap.reachable(start, max(0, budget), self._enemy_hexes(state, fa))
        best: tuple[int, int, Hex] | None = None
        for h, cost in reach.items():
            if h != start and h in occ:
                continue
            rs = range_status(card, h.distance(tpos))
            if rs is None:
                continue
            if not sight(hmap, others, h, tpos).attackable:
                continue
            cand = (rs, cost, h)
            if best is None or cand < best:
                best = cand
        return None if best is None else (best[2], best[1], best[0])

    def targets(self, state: FAState, a: str) -> list[str]:
        atk = state.attack
        assert atk is not None
        fa = state.fighters[a]
        card = self.card(state, atk.card)
        out = []
        for t in state.order:
            ft = state.fighters[t]
            if t == a or ft.status == DEAD or ft.pos is None:
                continue
            if card.kind == "restrain":
                if ft.side == fa.side:
                    if not ft.restrained:
                        continue  # F6: restrain may release an ally
                elif ft.restrained or fa.hp < ft.hp + 7:
                    continue  # F6: HP at least 7 above the target ("more than 6 HP greater")
            elif ft.side == fa.side:
                continue
            if self.attack_from(state, a, t, atk.card, atk.movement_left) is not None:
                out.append(t)
        return out

    def _step_options(self, state: FAState, name: str) -> list[Hex]:
        f = state.fighters[name]
        if f.pos is None:
            return []
        start = self._pos(f)
        occ = set(self._occupants(state, name))
        reach = self._map(state).reachable(start, 1, occ)
        return sorted(h for h in reach if h != start)

    def move_options(self, state: FAState, name: str, aimed: bool) -> list[Hex]:
        f = state.fighters[name]
        start = self._pos(f)
        occ = set(self._occupants(state, name))
        budget = self.move_allowance(state, f, aimed)
        reach = self._map(state).reachable(start, budget, self._enemy_hexes(state, f))
        return sorted(h for h in reach if h == start or h not in occ)

    def _damage(self, state: FAState, name: str, amount: int, why: str) -> list[Event]:
        """Take HP off and announce the F8 thresholds crossed."""
        if amount <= 0:
            return []
        f = state.fighters[name]
        before = f.status
        f.hp -= amount
        f.damaged = True
        events = [
            Event(
                "damage",
                f"{name} takes {amount} damage ({why}): {f.hp} HP",
                {"character": name, "damage": amount, "hp": f.hp},
            )
        ]
        if f.status != before:
            events.append(self._status_event(f))
        return events

    def _status_event(self, f: Fighter) -> Event:
        text = {
            ACTIVE: f"{f.name} is back on their feet",
            INCAPACITATED: f"{f.name} is incapacitated: may only defend, at disadvantage, "
                           "and move one hex",
            DYING: f"{f.name} is dying: cannot act, loses 1 HP each round",
            DEAD: f"{f.name} is dead",
        }[f.status]  # fmt: skip
        return Event("status", text, {"character": f.name, "status": f.status})

    def _check_end(self, state: FAState) -> list[Event]:
        if state.ended:
            return []
        sides = [
            s for s in state.sides if any(f.able for f in state.fighters.values() if f.side == s)
        ]
        if len(sides) > 1:
            return []
        state.winner = sides[0] if sides else None
        state.ended = (
            f"{state.winner} is the last side standing"
            if state.winner
            else "no side is left standing"
        )
        state.phase = "over"
        state.attack = None
        state.queue = []
        return [Event("end", f"The fight is over: {state.ended}", {"winner": state.winner})]

    # --- the turn structure ---------------------------------------------------------------------
    def seats(self, state: FAState) -> list[str]:
        return list(state.fighters)

    def pending(self, state: FAState) -> list[Decision]:
        if state.ended:
            return []
        if state.phase in ("choose", "declare"):
            what = "an action card" if state.phase == "choose" else "a one-sentence action"
            return [
                Decision(
                    s,
                    "card" if state.phase == "choose" else "declare",
                    f"{s}: choose {what} in secret",
                    s,
                    True,
                )
                for s in state.secret.waiting()
            ]
        if state.phase == "attacks" and state.attack is not None:
            a = state.attack.attacker
            return [
                Decision(
                    a,
                    "target",
                    f"{a}: pick the target of {self.card(state, state.attack.card).name}",
                    a,
                )
            ]
        if state.phase == "defend_step" and state.attack is not None and state.attack.target:
            t = state.attack.target
            return [
                Decision(
                    t,
                    "defend_step",
                    f"{t}: defending against {state.attack.attacker}, move one hex or stay",
                    t,
                )
            ]
        if state.phase in ("steps", "moves") and state.queue:
            n = state.queue[0]
            kind = "step" if state.phase == "steps" else "move"
            prompt = (
                f"{n}: unattacked defender, move one hex or stay"
                if kind == "step"
                else f"{n}: move"
            )
            return [Decision(n, kind, prompt, n)]
        if state.phase == "resolve" and state.light_actor:
            return [
                Decision(
                    GM,
                    "resolve",
                    f"GM: resolve {state.light_actor}'s action "
                    "(skill check, HP changes, then next)",
                    state.light_actor,
                )
            ]
        return []

    def legal(self, state: FAState, seat: str) -> list[Choice]:
        if state.ended:
            return []
        if seat == GM:
            return self._gm_choices(state)
        if seat not in state.fighters:
            return []
        f = state.fighters[seat]
        if state.phase == "choose" and seat in state.secret.waiting():
            out = []
            for cid in f.cards:
                card = self.card(state, cid)
                out.append(Choice.of("play", label=f"play {card.name}", card=cid))
                if card.tackle:
                    out.append(
                        Choice.of(
                            "play",
                            label=f"tackle: Move, then {card.name} (and take a stun)",
                            card=cid,
                            tackle=True,
                        )
                    )
                if cid == "aim":
                    out.append(
                        Choice.of("play", label="Aim and re-roll initiative", card=cid, reroll=True)
                    )
            return out
        if state.phase == "declare" and seat in state.secret.waiting():
            return [Choice.of("declare", label=s, free=("text",), text=s) for s in LIGHT_SENTENCES]
        atk = state.attack
        if state.phase == "attacks" and atk is not None and atk.attacker == seat:
            return [
                *(
                    Choice.of("target", label=f"attack {t}", name=t)
                    for t in self.targets(state, seat)
                ),
                Choice.of("hold", label="hold"),
            ]
        if state.phase == "defend_step" and atk is not None and atk.target == seat:
            return self._step_choices(state, seat)
        if state.phase == "steps" and state.queue and state.queue[0] == seat:
            return self._step_choices(state, seat)
        if state.phase == "moves" and state.queue and state.queue[0] == seat:
            out = [Choice.of("move", to=str(h)) for h in self.move_options(state, seat, False)]
            if f.aim > 0:
                normal = {c.str_param("to") for c in out}
                out += [
                    Choice.of("move", label=f"use aim: move to {h}", to=str(h), aim=True)
                    for h in self.move_options(state, seat, True)
                    if str(h) not in normal
                ]
            return out
        return []

    def _step_choices(self, state: FAState, seat: str) -> list[Choice]:
        return [
            Choice.of("stay"),
            *(Choice.of("step", to=str(h)) for h in self._step_options(state, seat)),
        ]

    def _gm_choices(self, state: FAState) -> list[Choice]:
        out: list[Choice] = []
        if state.phase in ("choose", "declare") and state.secret.seats:
            out.append(Choice.of("reveal", label="reveal now (undecided seats Defend)"))
        if state.phase == "resolve":
            out += [Choice.of("check", bonus=b, difficulty=d) for b in (0, 2) for d in (4, 6, 8)]
            out.append(Choice.of("next", label=f"done with {state.light_actor}"))
            out += [Choice.of("end", winner=s) for s in state.sides]
            out.append(Choice.of("end", label="end as a draw", winner="none"))
        out += [Choice.of("hp", name=n, delta=d) for n in state.fighters for d in (-3, 1)]
        return out

    def why_illegal(self, state: FAState, seat: str, choice: Choice) -> str | None:
        # GM numbers (skill checks, HP changes) take any value in range, not just the listed ones.
        if seat == GM and choice.action in ("check", "hp") and not state.ended:
            if choice.action == "hp":
                if choice.str_param("name") not in state.fighters:
                    return f"no character named {choice.get('name')!r}"
                delta = choice.get("delta")
                if (
                    not isinstance(delta, int)
                    or isinstance(delta, bool)
                    or abs(delta) > HP_LIMIT
                    or set(dict(choice.params)) != {"name", "delta"}
                ):
                    return f"hp needs name=CHARACTER delta=N with |N| <= {HP_LIMIT}"
                return None
            if state.phase != "resolve":
                return "skill checks are for light combat, while the GM resolves an action"
            vals = [choice.get("bonus"), choice.get("difficulty")]
            if set(dict(choice.params)) != {"bonus", "difficulty"} or not all(
                isinstance(v, int) and not isinstance(v, bool) and abs(v) <= 50 for v in vals
            ):
                return "check needs bonus=N difficulty=N (whole numbers, at most 50)"
            return None
        return super().why_illegal(state, seat, choice)

    def choice_visibility(self, state: FAState, seat: str, choice: Choice) -> frozenset[str] | None:
        if choice.action in ("play", "declare"):
            return frozenset({seat})  # F2: secret until the reveal event
        return None

    # --- doing ----------------------------------------------------------------------------------
    def apply(self, state: FAState, seat: str, choice: Choice, dice: DiceSource) -> list[Event]:
        a = choice.action
        if seat == GM:
            if a == "reveal":
                return self._reveal(state, dice)
            if a == "hp":
                name, delta = choice.str_param("name"), choice.int_param("delta")
                f = state.fighters[name]
                if state.phase == "resolve":
                    state.light_stage = "done"
                if delta < 0:
                    events = self._damage(state, name, -delta, "GM")
                else:
                    before = f.status
                    f.hp += delta
                    events = [
                        Event(
                            "heal",
                            f"{name} regains {delta} HP (GM): {f.hp} HP",
                            {"character": name, "hp": f.hp},
                        )
                    ]
                    if f.status != before:
                        events.append(self._status_event(f))
                return events + self._check_end(state)
            if a == "check":
                return self._light_check(state, choice, dice)
            if a == "next":
                return self._light_next(state, dice)
            if a == "end":
                w = choice.str_param("winner")
                state.winner = None if w == "none" else w
                state.ended = f"the GM ends the fight ({'draw' if w == 'none' else w + ' wins'})"
                state.phase = "over"
                return [Event("end", f"The fight is over: {state.ended}", {"winner": state.winner})]
            raise RuleError(f"unknown GM choice {a!r}")
        if a == "play":
            card = choice.str_param("card")
            state.secret.choose(
                seat,
                {
                    "card": card,
                    "tackle": choice.get("tackle") is True,
                    "reroll": choice.get("reroll") is True,
                },
            )
            events = [Event("chosen", f"{seat} has chosen a card", {"seat": seat})]
            if state.secret.complete:
                events += self._reveal(state, dice)
            return events
        if a == "declare":
            state.secret.choose(seat, {"text": choice.str_param("text").strip()})
            events = [Event("chosen", f"{seat} has declared an action", {"seat": seat})]
            if state.secret.complete:
                events += self._reveal(state, dice)
            return events
        if a in ("target", "hold"):
            return self._choose_target(
                state, choice.str_param("name") if a == "target" else None, dice
            )
        if a in ("step", "stay"):
            events = []
            f = state.fighters[seat]
            if a == "step":
                f.pos = choice.str_param("to")
                events.append(
                    Event(
                        "step", f"{seat} moves one hex to {f.pos}", {"character": seat, "to": f.pos}
                    )
                )
            f.stepped = True
            if state.phase == "defend_step":
                state.phase = "attacks"
                return events + self._after_step(state, dice)
            state.queue.pop(0)
            return events + self._advance(state, dice)
        if a == "move":
            f = state.fighters[seat]
            aimed = choice.get("aim") is True
            f.pos = choice.str_param("to")
            f.moved_this_round = True
            if aimed:
                f.aim = 0
            state.queue.pop(0)
            text = f"{seat} moves to {f.pos}" + (" (using aim: 6 hexes)" if aimed else "")
            return [
                Event("move", text, {"character": seat, "to": f.pos, "aim": aimed}),
                *self._advance(state, dice),
            ]
        raise RuleError(f"unknown choice {a!r}")

    # --- the round (F2) -------------------------------------------------------------------------
    def _start_round(self, state: FAState, dice: DiceSource) -> list[Event]:
        for f in state.fighters.values():
            f.stunned_now = f.stun > 0
            f.damaged = f.stepped = f.moved_this_round = False
        state.played = {}
        state.attacked = []
        state.attack = None
        state.queue = []
        events: list[Event] = []
        if state.mode == "light":
            seats = [n for n in state.order if state.fighters[n].status in (ACTIVE, INCAPACITATED)]
            state.phase = "declare"
            events.append(
                Event(
                    "round",
                    f"Round {state.round}: declare your actions in secret",
                    {"round": state.round},
                )
            )
        else:
            seats = [
                n
                for n in state.order
                if state.fighters[n].status == ACTIVE and not state.fighters[n].limited
            ]
            state.phase = "choose"
            limited = [
                n
                for n in state.order
                if state.fighters[n].limited and state.fighters[n].status != DEAD
            ]
            text = f"Round {state.round}: choose your action cards in secret"
            if limited:
                text += f" ({', '.join(limited)} may only defend)"
            events.append(Event("round", text, {"round": state.round, "limited": limited}))
        state.secret = SecretChoices(seats)
        if not seats:
            events += self._reveal(state, dice)
        return events

    def _reveal(self, state: FAState, dice: DiceSource) -> list[Event]:
        default = {"text": "Defend"} if state.mode == "light" else {"card": "defend"}
        waiting = state.secret.waiting()
        chosen = state.secret.reveal(default=default)
        state.secret = SecretChoices([])
        if state.mode == "light":
            state.played = {n: {**v, "undecided": n in waiting} for n, v in chosen.items()}
            parts = [f"{n}: {v['text']!r}" for n, v in state.played.items()]
            state.queue = list(state.played)
            state.phase = "resolve"
            state.light_actor = state.queue[0] if state.queue else None
            state.light_stage, state.light_success = "check", False
            events = [
                Event("reveal", "Actions revealed: " + "; ".join(parts), {"played": state.played})
            ]
            if not state.queue:
                events += self._light_next(state, dice)
            return events
        parts = []
        for n in state.order:
            f = state.fighters[n]
            if f.status in (DYING, DEAD):
                continue
            if n in chosen:
                state.played[n] = {**chosen[n], "undecided": n in waiting}
            else:
                state.played[n] = {
                    "card": "defend",
                    "tackle": False,
                    "reroll": False,
                    "forced": True,
                }
            p = state.played[n]
            text = f"{n}: {self.card(state, p['card']).name}"
            if p.get("tackle"):
                text += " (tackle)"
            if p.get("undecided"):
                text += " (undecided)"
            if p.get("forced"):
                text += " (stunned: defend only)"
            parts.append(text)
        events = [
            Event(
                "reveal",
                "Cards revealed: " + "; ".join(parts),
                {"played": {k: dict(v) for k, v in state.played.items()}},
            )
        ]
        # 1: attacks, from highest initiative down (F2)
        state.queue = [
            n
            for n in state.order
            if n in state.played
            and self.card(state, state.played[n]["card"]).kind in ("attack", "restrain")
        ]
        state.phase = "attacks"
        return events + self._advance(state, dice)

    def _advance(self, state: FAState, dice: DiceSource) -> list[Event]:
        """Run the round on until a seat must decide (or the fight ends)."""
        events: list[Event] = []
        for _ in range(10_000):
            events += self._check_end(state)
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
                        and state.fighters[n].status in (ACTIVE, INCAPACITATED)
                    ]
                    continue
                name = state.queue[0]
                f = state.fighters[name]
                p = state.played[name]
                card = self.card(state, p["card"])
                if not f.able:
                    state.queue.pop(0)
                    events.append(Event("no_attack", f"{name} cannot attack: {f.status}"))
                    continue
                tackle = bool(p.get("tackle"))
                budget = self.move_allowance(state, f) if tackle else card.movement
                state.attack = Attack(name, p["card"], movement_left=budget, tackle=tackle)
                if not self.targets(state, name):
                    state.attack = None
                    state.queue.pop(0)
                    events.append(
                        Event(
                            "no_attack",
                            f"{name} has no target in reach for {card.name}",
                            {"character": name},
                        )
                    )
                    continue
                return events
            if state.phase == "steps":
                if state.queue and not self._step_options(state, state.queue[0]):
                    state.queue.pop(0)
                    continue
                if state.queue:
                    return events
                # 3: moves, from lowest initiative up (F2, F7)
                state.phase = "moves"
                state.queue = [
                    n
                    for n in reversed(state.order)
                    if n in state.played and state.played[n]["card"] == "move"
                ]
                continue
            if state.phase == "moves":
                if state.queue:
                    f = state.fighters[state.queue[0]]
                    if not f.able:
                        events.append(Event("no_move", f"{f.name} cannot move: {f.status}"))
                        state.queue.pop(0)
                        continue
                    return events
                events += self._end_round(state, dice)
                continue
            return events
        raise RuleError("the round did not settle")  # pragma: no cover

    def _choose_target(self, state: FAState, target: str | None, dice: DiceSource) -> list[Event]:
        atk = state.attack
        assert atk is not None
        fa = state.fighters[atk.attacker]
        card = self.card(state, atk.card)
        if target is None:
            state.attack = None
            state.queue.pop(0)
            return [Event("hold", f"{fa.name} holds the {card.name}"), *self._advance(state, dice)]
        events: list[Event] = []
        if atk.tackle:
            fa.moved_this_round = True
        best = self.attack_from(state, fa.name, target, atk.card, atk.movement_left)
        if best is None:
            raise RuleError(f"{target} is not in reach of {fa.name}'s {card.name}")
        events += self._approach(state, atk, best)
        atk.target = target
        ft = state.fighters[target]
        if card.kind == "restrain" and ft.side == fa.side:
            ft.restrained = False
            ft.stun = 0
            events.append(
                Event(
                    "release",
                    f"{fa.name} releases {target} from restraint (F6)",
                    {"character": target},
                )
            )
            events.append(self._status_event(ft))
            return events + self._finish_attack(state, dice)
        if fa.aim > 0:
            atk.aimed = True  # "Attacks made directly after aiming" use the condition
            fa.aim = 0
        events.append(
            Event(
                "attack",
                f"{fa.name} attacks {target} with {card.name}"
                + (" (aimed)" if atk.aimed else "")
                + (" (tackle)" if atk.tackle else ""),
                {"attacker": fa.name, "target": target, "card": atk.card, "aimed": atk.aimed},
            )
        )
        if target not in state.attacked:
            state.attacked.append(target)
        if self._defending(state, target) and not ft.stepped and self._step_options(state, target):
            state.phase = "defend_step"
            return events
        return events + self._after_step(state, dice)

    def _defending(self, state: FAState, name: str) -> bool:
        f = state.fighters[name]
        p = state.played.get(name)
        return p is not None and p["card"] == "defend" and f.status in (ACTIVE, INCAPACITATED)

    def _approach(self, state: FAState, atk: Attack, best: tuple[Hex, int, int]) -> list[Event]:
        fa = state.fighters[atk.attacker]
        h, cost, _ = best
        if cost == 0 or str(h) == fa.pos:
            return []
        fa.pos = str(h)
        atk.movement_left -= cost
        return [
            Event("step", f"{fa.name} moves to {h} to attack", {"character": fa.name, "to": str(h)})
        ]

    def _after_step(self, state: FAState, dice: DiceSource) -> list[Event]:
        """The cheat sheet: still in range? defense roll; does the attack proceed? counter?"""
        atk = state.attack
        assert atk is not None and atk.target is not None
        fa, ft = state.fighters[atk.attacker], state.fighters[atk.target]
        events: list[Event] = []
        extra_dis = False
        if self._defending(state, ft.name):
            best = self.attack_from(state, fa.name, ft.name, atk.card, atk.movement_left)
            if best is None:
                events.append(
                    Event(
                        "out_of_range",
                        f"{ft.name} is out of reach: the attack fails",
                        {"attacker": fa.name, "target": ft.name},
                    )
                )
                return events + self._finish_attack(state, dice)
            events += self._approach(state, atk, best)
            # F4: disadvantaged unless adjacent to the attacker or to cover, and vs an aimed
            # attack; stunned/incapacitated defend at disadvantage (F8); aim gives advantage.
            s = self.sight_between(state, fa.name, ft.name)
            exposed = not self._pos(fa).is_adjacent(self._pos(ft)) and not s.cover
            dis = exposed or atk.aimed or ft.limited or ft.stun > 0
            adv = ft.aim > 0
            if adv:
                ft.aim = 0
            roll = roll_fudge(
                dice, 2, advantage=_net(adv, dis), why=f"{ft.name} defends against {fa.name}"
            )
            total = roll.total
            why = [
                w
                for w, on in (
                    ("exposed", exposed),
                    ("aimed attack", atk.aimed),
                    ("stunned", ft.limited or ft.stun > 0),
                )
                if on
            ]
            events.append(
                Event(
                    "defend",
                    f"{ft.name} defends: {_sym(roll.faces)} = {total:+d}"
                    f" ({DEFEND_TEXT[total]})"
                    + (f" [disadvantage: {', '.join(why)}]" if dis else "")
                    + (" [advantage: aimed]" if adv else ""),
                    {
                        "character": ft.name,
                        "faces": list(roll.faces),
                        "total": total,
                        "advantage": _net(adv, dis),
                    },
                )
            )
            if total >= 0:
                if total >= 1:
                    events += self._counter(state, ft.name, fa.name, total == 1, dice)
                return events + self._finish_attack(state, dice)
            extra_dis = total == -1
        events += self._strike(state, atk, extra_dis, dice)
        return events + self._finish_attack(state, dice)

    def _finish_attack(self, state: FAState, dice: DiceSource) -> list[Event]:
        atk = state.attack
        assert atk is not None
        events: list[Event] = []
        if atk.tackle:
            fa = state.fighters[atk.attacker]
            fa.stun += 1
            events.append(
                Event(
                    "stun",
                    f"{fa.name} is stunned by the tackle",
                    {"character": fa.name, "stun": fa.stun},
                )
            )
        state.attack = None
        state.phase = "attacks"
        if state.queue:
            state.queue.pop(0)
        return events + self._advance(state, dice)

    def _counter(
        self, state: FAState, defender: str, attacker: str, dis: bool, dice: DiceSource
    ) -> list[Event]:
        """F4: the defender counter-attacks with its first listed attack card."""
        fd = state.fighters[defender]
        if not fd.able:
            return [Event("no_counter", f"{defender} is in no state to counter-attack")]
        cid = next(c for c in fd.cards if self.card(state, c).kind == "attack")
        card = self.card(state, cid)
        best = self.attack_from(state, defender, attacker, cid, card.movement)
        if best is None:
            return [Event("no_counter", f"{defender} has no counter-attack in reach ({card.name})")]
        atk = Attack(
            defender,
            cid,
            target=attacker,
            movement_left=card.movement,
            counter=True,
            disadvantage=dis,
        )
        events = self._approach(state, atk, best)
        events.append(
            Event(
                "counter",
                f"{defender} counter-attacks {attacker} with {card.name}"
                + (" at disadvantage" if dis else ""),
                {"attacker": defender, "target": attacker, "card": cid},
            )
        )
        return events + self._strike(state, atk, False, dice)

    def _strike(
        self, state: FAState, atk: Attack, extra_dis: bool, dice: DiceSource
    ) -> list[Event]:
        """Roll 2dF on the card's outcome table and deal the effect."""
        assert atk.target is not None
        fa, ft = state.fighters[atk.attacker], state.fighters[atk.target]
        card = self.card(state, atk.card)
        d = self._pos(fa).distance(self._pos(ft))
        rs = range_status(card, d) or 0
        reasons = []
        if extra_dis:
            reasons.append("defense")
        if atk.disadvantage:
            reasons.append("counter-attack")
        if rs:
            reasons.append("beyond range")
        if not self.proficient(state, fa, atk.card):
            reasons.append("unproficient")
        if self._rules(state).stunned_attack_disadvantage and fa.stun > 0:
            reasons.append("stunned")
        net = _net(atk.aimed, bool(reasons))
        if atk.aimed and card.aimed.advantage_always:
            net = 1
        roll = roll_fudge(dice, 2, advantage=net, why=f"{fa.name} {card.name} against {ft.name}")
        total = roll.total
        head = f"{fa.name} rolls {_sym(roll.faces)} = {total:+d} ({COLUMNS[total + 2]})"
        if net:
            head += " with " + ("advantage" if net > 0 else "disadvantage")
            if reasons and net < 0:
                head += f" ({', '.join(reasons)})"
        data: dict[str, Any] = {
            "attacker": fa.name,
            "target": ft.name,
            "card": atk.card,
            "faces": list(roll.faces),
            "total": total,
            "advantage": net,
        }
        if card.kind == "restrain":
            # F6: -2 fails and the target counter-attacks at disadvantage; -1 fails and deals 3
            # damage; 0 or better restrains (stunned indefinitely).
            if total <= -2:
                return [
                    Event("restrain", f"{head}: the restraint fails", data),
                    *self._counter(state, ft.name, fa.name, True, dice),
                ]
            if total == -1:
                return [
                    Event("restrain", f"{head}: the restraint fails, but deals 3 damage", data),
                    *self._damage(state, ft.name, 3, "Restrain"),
                ]
            ft.restrained = True
            return [
                Event("restrain", f"{head}: {ft.name} is restrained", data),
                self._status_event(ft),
            ]
        oc = parse_outcome(card.outcomes[total + 2])
        assert oc is not None
        base = card.damage
        if atk.aimed:
            if card.aimed.damage is not None:
                base = card.aimed.damage
            else:
                bonus = card.aimed.bonus
                if card.aimed.near_bonus is not None and d == card.aimed.near_distance:
                    bonus = card.aimed.near_bonus
                base += bonus
        dmg = max(0, base + oc.damage)
        stun = max(oc.stun, card.aimed.stun) if atk.aimed else oc.stun
        notes = [f"{base}{oc.damage:+d}" if oc.damage else f"{base}"]
        events: list[Event] = []
        cover_by = None
        if card.ranged and dmg > 0:
            s = self.sight_between(state, fa.name, ft.name)
            if s.cover:  # F9: cover takes 1 off ranged damage; a character as cover takes it
                dmg -= 1
                cover_by = s.cover_by
                notes.append("-1 cover" + (f" ({cover_by})" if cover_by else ""))
        if ft.armor and dmg > 0:
            notes.append(f"-{min(dmg, ft.armor)} {ft.armor_name} armor")
            dmg = max(0, dmg - ft.armor)
        data.update(damage=dmg, stun=stun)
        effect = f"{dmg} damage" + (f" and {stun} stun" if stun else "")
        events.append(Event("hit", f"{head}: {effect} [{', '.join(notes)}]", data))
        events += self._damage(state, ft.name, dmg, card.name)
        if cover_by is not None:
            events += self._damage(state, cover_by, 1, f"cover for {ft.name}")
        if stun:
            ft.stun += stun
            events.append(
                Event(
                    "stun",
                    f"{ft.name} is stunned ({ft.stun} round(s))",
                    {"character": ft.name, "stun": ft.stun},
                )
            )
        return events

    def _end_round(self, state: FAState, dice: DiceSource) -> list[Event]:
        events: list[Event] = []
        resort = False
        # 4: aim and special actions (seed "Aim"; the condition lasts one extra round unused)
        for n in state.order:
            f = state.fighters[n]
            p = state.played.get(n, {})
            if p.get("card") == "aim":
                if f.damaged or not f.able:
                    f.aim = 0
                    events.append(Event("aim", f"{n} took damage: the aim is spoiled"))
                    continue
                f.aim = 2
                events.append(Event("aim", f"{n} has aimed", {"character": n}))
                if p.get("reroll"):
                    roll = dice.draw("d10", 2, f"initiative re-roll {n} (speed {f.speed} + 2d10)")
                    f.initiative = f.speed + sum(roll)
                    f.rolloff = 0
                    resort = True
            elif f.aim > 0:
                f.aim = 0 if f.damaged else f.aim - 1
        if resort:
            for f in state.fighters.values():
                f.rolloff = 0
            events += self._sort(state, dice)
        for n in state.order:
            f = state.fighters[n]
            if f.status == DYING:  # F8: dying loses 1 HP a round until stabilised
                events += self._damage(state, n, 1, "dying")
            if f.stunned_now and f.stun > 0:
                f.stun -= 1
            f.moved_last_round = f.moved_this_round
        hmap = self._map(state)
        stunned = [
            n
            for n in state.order
            if state.fighters[n].stun > 0 or state.fighters[n].status == INCAPACITATED
        ]
        aimed = [n for n in state.order if state.fighters[n].aim > 0]
        cover = [
            n
            for n in state.order
            if state.fighters[n].pos is not None
            and state.fighters[n].status != DEAD
            and next_to_cover(hmap, self._pos(state.fighters[n]))
        ]
        events.append(
            Event(
                "end_round",
                f"End of round {state.round}. Stunned: "
                f"{', '.join(stunned) or 'none'}; aimed: {', '.join(aimed) or 'none'}"
                f"; behind cover: {', '.join(cover) or 'none'}",
                {"stunned": stunned, "aimed": aimed, "cover": cover},
            )
        )
        return events + self._next_round(state, dice)

    def _next_round(self, state: FAState, dice: DiceSource) -> list[Event]:
        events = self._check_end(state)
        if state.ended:
            return events
        limit = self._rules(state).max_rounds
        if state.round >= limit:
            state.ended = f"the round limit ({limit}) is reached: a draw"
            state.phase = "over"
            return [Event("end", f"The fight is over: {state.ended}", {"winner": None})]
        state.round += 1
        return self._start_round(state, dice)

    # --- light combat (F10) ---------------------------------------------------------------------
    def _light_check(self, state: FAState, choice: Choice, dice: DiceSource) -> list[Event]:
        bonus, difficulty = choice.int_param("bonus"), choice.int_param("difficulty")
        die = self._rules(state).light_die
        value = dice.draw(die, 1, f"skill check for {state.light_actor}")[0]
        total = value + bonus
        state.light_success = total >= difficulty
        state.light_stage = "after"
        verdict = "success" if state.light_success else "failure"
        return [
            Event(
                "check",
                f"{state.light_actor}'s skill check: 1{die} {value} {bonus:+d} = "
                f"{total} vs {difficulty}: {verdict}",
                {
                    "character": state.light_actor,
                    "roll": value,
                    "bonus": bonus,
                    "total": total,
                    "difficulty": difficulty,
                    "success": state.light_success,
                },
            )
        ]

    def _light_next(self, state: FAState, dice: DiceSource) -> list[Event]:
        if state.queue:
            state.queue.pop(0)
        state.light_stage, state.light_success = "check", False
        while state.queue and state.fighters[state.queue[0]].status not in (ACTIVE, INCAPACITATED):
            state.queue.pop(0)
        if state.queue:
            state.light_actor = state.queue[0]
            return []
        state.light_actor = None
        return self._next_round(state, dice)

    # --- results and views ----------------------------------------------------------------------
    def result(self, state: FAState) -> Result | None:
        if state.ended:
            return Result(state.winner, state.ended)
        return None

    def snapshot(self, state: FAState) -> dict[str, Any]:
        return state.to_json()

    def view(self, state: FAState, seat: str) -> dict[str, Any]:
        fighters = []
        for n in state.order:
            f = state.fighters[n]
            fighters.append({
                "name": n, "side": f.side, "hp": f.hp, "max_hp": f.max_hp, "status": f.status,
                "pos": f.pos, "speed": f.speed, "move": f.move, "initiative": f.initiative,
                "stun": f.stun, "restrained": f.restrained, "aimed": f.aim > 0,
                "armor": f.armor_name, "weapons": list(f.weapons), "cards": list(f.cards),
                "moved_last_round": f.moved_last_round,
            })  # fmt: skip
        out: dict[str, Any] = {
            "title": state.title, "mode": state.mode, "round": state.round,
            "max_rounds": self._rules(state).max_rounds, "phase": state.phase,
            "order": list(state.order), "fighters": fighters,
            "chosen": sorted(state.secret.chosen),
            "played": {k: dict(v) for k, v in state.played.items()},
            "attack": state.attack.to_json() if state.attack else None,
            "light_actor": state.light_actor,
            "result": {"winner": state.winner, "reason": state.ended} if state.ended else None,
        }  # fmt: skip
        # F2: a seat sees only its own unrevealed card; the GM sees all of them.
        if seat == GM:
            out["secret"] = {k: dict(v) for k, v in state.secret.chosen.items()}
            out["gm_notes"] = state.gm_notes
        elif seat in state.secret.chosen:
            out["secret"] = {seat: dict(state.secret.chosen[seat])}
        else:
            out["secret"] = {}
        if state.mode == "standard":
            hmap = self._map(state)
            marks = {
                Hex.parse(f.pos): f.name[:2]
                for f in state.fighters.values()
                if f.pos is not None and f.status != DEAD
            }
            out["map"] = {**hmap.to_dict(), "picture": hmap.to_text(marks)}
        return out

    def secrets(self, state: FAState, seat: str) -> list[str]:
        """Other seats' unrevealed free-text declarations (light combat); cards are checked by
        structure in the tests, since card ids also appear in every seat's own choices."""
        if seat == GM:
            return []
        return [
            str(v["text"])
            for s, v in state.secret.chosen.items()
            if s != seat and "text" in v and v["text"] not in LIGHT_SENTENCES
        ]

    def odds(self, state: FAState, seat: str, choice: Choice) -> Odds | None:
        """The 2dF roll of an attack on an undefended target (F1 advantage applied)."""
        atk = state.attack
        if choice.action != "target" or atk is None or atk.attacker != seat:
            return None
        t = choice.str_param("name")
        best = self.attack_from(state, seat, t, atk.card, atk.movement_left)
        if best is None:
            return None
        fa = state.fighters[seat]
        dis = bool(best[2]) or not self.proficient(state, fa, atk.card)
        return odds(OddsQuery(skill=0, difficulty=0, dice=2, advantage=_net(fa.aim > 0, dis)))

    # --- GM control -----------------------------------------------------------------------------
    def sheets(self, state: FAState) -> dict[str, Sheet]:
        return {n: Sheet(n, f.side) for n, f in state.fighters.items()}

    def aspects(self, state: FAState) -> AspectSet:
        return state.aspects

    # --- bot ------------------------------------------------------------------------------------
    def bot(self, state: FAState, seat: str, rng: random.Random) -> Choice:
        from shiftdrive.rulesets.fully_automated.bot import choose

        return choose(self, state, seat, rng)
