"""The targeting phase (seed "Targeting Phase", P4, P12): each ship's gunner declares a
weapon, a detected enemy in its reach and the system to hit (drives, weapons, sensors,
command or hull). Firing signals. Missiles at an adjacent hex are hazardous; at Extreme scale
a missile strikes in the next exchange. The roll is made in the resolution phase."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from shiftdrive.core.dice import DiceSource
from shiftdrive.core.odds import Odds
from shiftdrive.engine.actions import Action, ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import Turn
from shiftdrive.rulesets.pilot_wave.ships.resolution import attack_odds, attack_odds_words
from shiftdrive.rulesets.pilot_wave.ships.space import distance, members, targets, tell
from shiftdrive.rulesets.pilot_wave.ships.state import Attack, ShipState
from shiftdrive.rulesets.pilot_wave.ships.tables import (
    SYSTEMS,
    WEAPON_NAMES,
    WEAPONS,
    missiles_travel,
)


class Aim(Action[ShipState]):
    name = "aim"
    params: ClassVar[Mapping[str, ParamKind]] = {
        "target": ParamKind.UNIT,
        "weapon": ParamKind.OPTION,
        "system": ParamKind.OPTION,
    }

    def options(self, state: ShipState, turn: Turn) -> list[Choice]:
        ship = state.ships[turn.actor or ""]
        return [
            Choice.of("aim", f"{WEAPON_NAMES[w]} at {t.name}'s {system}", target=t.name,
                      weapon=w, system=system)
            for t, w in targets(state, ship)
            for system in SYSTEMS
        ]  # fmt: skip

    def apply(self, state: ShipState, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        ship = state.ships[turn.actor or ""]
        target = state.ships[choice.str_param("target")]
        weapon = choice.str_param("weapon")
        system = choice.str_param("system")
        events: list[Event] = []
        for m in members(state, ship):
            state.round.done(m.name)
            if (target, weapon) not in targets(state, m):
                continue
            travels = WEAPONS[weapon].missile and missiles_travel(state.scale)
            attack = Attack(
                attacker=m.name, side=m.side, target=target.name, weapon=weapon, system=system,
                hazardous=WEAPONS[weapon].missile and distance(m, target) <= 1,
                strikes=state.exchange + (1 if travels else 0),
                declared=state.exchange,
            )  # fmt: skip
            state.attacks.append(attack)
            m.signal = True
            m.fired = True
            data = {"ship": m.name, "target": target.name, "weapon": weapon, "system": system,
                    "travels": travels, "hazardous": attack.hazardous}  # fmt: skip
            # (only the sides that see both ships read it: it names the target)
            seen = state.seen_by(m) & state.seen_by(target)
            events.append(Event("ship_aims", data=data, visible_to=seen))
            if target.side not in state.seen_by(m):
                events.append(
                    Event(
                        "ship_incoming",
                        data={"target": target.name, "weapon": weapon},
                        visible_to=frozenset({target.side}),
                    )
                )
        return events

    def odds(self, state: ShipState, turn: Turn, choice: Choice) -> Odds | None:
        ship = state.ships[turn.actor or ""]
        return attack_odds(state, ship, state.ships[choice.str_param("target")],
                           choice.str_param("weapon"))  # fmt: skip

    def odds_words(self, state: ShipState, turn: Turn, choice: Choice) -> str | None:
        ship = state.ships[turn.actor or ""]
        return attack_odds_words(state, ship, state.ships[choice.str_param("target")],
                                 choice.str_param("weapon"))  # fmt: skip


class HoldFire(Action[ShipState]):
    name = "hold_fire"

    def options(self, state: ShipState, turn: Turn) -> list[Choice]:
        return [Choice.of("hold_fire", "Hold fire (stay quiet)")]

    def apply(self, state: ShipState, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        ship = state.ships[turn.actor or ""]
        for m in members(state, ship):
            state.round.done(m.name)
        return [tell("ship_holds_fire", {"ship": ship.name}, state, ship)]
