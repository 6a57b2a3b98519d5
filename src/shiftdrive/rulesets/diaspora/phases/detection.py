"""Detection (seed "Detection"; D9): every navigator rolls Navigation, the rolls are ranked
(ties by raw Navigation, which a compelled navigator's -4 does not have; a tied ship may
spend a fate point to win its tie), the first places two ships anywhere but the -4 / +4
bands, each next rank one, the last none; ships still tied are placed at random by 4dF (the
only way to start on -4 / +4). The winner chooses whether turn 1 has a position phase. The
navigator's roll is acting in an earlier phase of turn 1 (D2, D9). A compelled ship's result
is an automatic -4 that no invoke changes (D12)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Final

from shiftdrive.core.dice import DiceSource, roll_fudge
from shiftdrive.core.fate_points import SpendReason
from shiftdrive.engine.actions import Action, ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import Turn
from shiftdrive.rulesets.diaspora import crew, invoking
from shiftdrive.rulesets.diaspora.choices import made, made_each, made_turn, made_window
from shiftdrive.rulesets.diaspora.state import EW, POSITION, DiasporaState, Ship

PLACE: Final = "place"
OPENING: Final = "opening"
TIE: Final = "tie"
COMPELLED: Final = -4
BREAK_TIE: Final = "break_tie"
BREAKING_TIE: Final = made(BREAK_TIE)  # choices with nothing to vary: made once
OPENINGS: Final = (made(OPENING, phase=POSITION), made(OPENING, phase=EW))


def raw_navigation(ship: Ship) -> int:
    person = crew.staff(ship, "navigator")
    return ship.crew[person].skills.get("navigation", 0) if person else 0


def detect(state: DiasporaState, dice: DiceSource) -> list[Event]:
    """Roll and rank every navigator; tied ships with a fate point may spend it to win their
    tie (a window); then the ranks place the ships."""
    state.detected = True
    rows: list[tuple[Ship, int, int, list[int] | str]] = []  # faces, or "compelled"
    for ship in state.ships.values():
        if ship.name in state.compelled:  # D12: an automatic -4, no dice, no skill
            rows.append((ship, COMPELLED, raw_navigation(ship), "compelled"))
            continue
        skill = crew.effective(state, ship, "navigator")
        roll = roll_fudge(dice, why=f"{ship.name}'s Navigation (detection)", who=ship.name)
        crew.act(state, ship, "navigator")
        result = (skill or 0) + roll.total
        state.detection_dice[ship.name] = roll.total
        rows.append((ship, result, raw_navigation(ship), list(roll.faces)))
    state.detection_keys = {r[0].name: [r[1], r[2]] for r in rows}
    rows.sort(key=lambda r: _key(state, r[0].name), reverse=True)  # stable within ties
    state.rank = [r[0].name for r in rows]
    data = {"rolls": [[s.name, result, raw, faces] for s, result, raw, faces in rows]}
    # C4: each ship may invoke on its roll, but a compelled -4 is final (D12)
    state.detection_window = [n for n in state.ships if n not in state.compelled]
    return [Event("detection", data), *close_rolls(state, dice)]


def invokes(state: DiasporaState, ship: Ship) -> list[Choice]:
    """C4 on a detection roll: +2 or a reroll. A compelled ship is not in the window: its -4
    is its final result (seed: "your final result for your Navigation check is -4"; D12)."""
    if ship.name not in state.detection_window:
        return []
    return invoking.invokable(state, ship, state.detection_paid, ["bonus", "reroll"])


def may_invoke(state: DiasporaState, ship: Ship) -> bool:
    """Whether `invokes` would list anything (without listing it)."""
    return ship.name in state.detection_window and invoking.may_invoke(
        state, ship, state.detection_paid
    )


def close_rolls(state: DiasporaState, dice: DiceSource) -> list[Event]:
    """Ships with nothing (more) to invoke leave the window; when it is empty the rolls are
    ranked, and tied ships with a fate point may spend it on their tie."""
    state.detection_window = [
        n for n in state.detection_window if may_invoke(state, state.ships[n])
    ]
    if state.detection_window:
        return []
    state.rank = sorted(state.rank, key=lambda n: _key(state, n), reverse=True)
    state.tie_window = [
        n for n in state.rank if tied(state, n) and state.ships[n].fate_points.can_spend(1)
    ]
    return settle(state, dice)


def invoke(state: DiasporaState, ship: Ship, choice: Choice, dice: DiceSource) -> list[Event]:
    effect = invoking.pay(state, ship, choice, state.detection_paid)
    key = state.detection_keys[ship.name]
    data = invoking.invoked(ship, choice, effect)
    if effect == "reroll":
        roll = roll_fudge(dice, why=f"{ship.name} rerolls its Navigation", who=ship.name)
        key[0] += roll.total - state.detection_dice[ship.name]
        state.detection_dice[ship.name] = roll.total
        data["dice"] = list(roll.faces)
    else:
        key[0] += 2
    data["result"] = key[0]
    return [Event("detection_invoked", data), *close_rolls(state, dice)]


def pass_invoke(state: DiasporaState, turn: Turn, dice: DiceSource) -> list[Event]:
    if turn.actor in state.detection_window:
        state.detection_window.remove(turn.actor)
    return close_rolls(state, dice)


def tied(state: DiasporaState, name: str) -> bool:
    """Whether another ship has the same result and the same tie-break (D9: raw Navigation;
    `_key`)."""
    key = _key(state, name)[:3]
    return sum(1 for n in state.detection_keys if _key(state, n)[:3] == key) > 1


def _key(state: DiasporaState, name: str) -> tuple[int, int, int, int]:
    """The rank key: the roll, then D9's tie-break by raw Navigation, then a fate point spent
    on the tie. A compelled navigator's skill is not considered (seed: "dice are not rolled
    and Skills are not considered"; D12), so it breaks no tie: a ship that rolled the same
    ranks above it, and compelled ships on the same result stay tied."""
    result, raw = state.detection_keys[name]
    considered = name not in state.compelled
    skill = raw if considered else 0
    return result, 1 if considered else 0, skill, 1 if name in state.tie_spent else 0


def settle(state: DiasporaState, dice: DiceSource) -> list[Event]:
    """Once nobody may still spend on a tie: ties left standing are placed at random by 4dF
    (D9); the others line up to place ships by rank."""
    if state.tie_window:
        return []
    order = sorted(state.rank, key=lambda n: _key(state, n), reverse=True)
    keys = [_key(state, n) for n in order]
    state.rank = order
    events = []
    ranked = []
    for name in order:
        ship = state.ships[name]
        if keys.count(_key(state, name)) > 1:
            roll = roll_fudge(dice, why=f"{ship.name}'s random placement", who=ship.name)
            ship.band = roll.total
            data = {"ship": ship.name, "band": ship.band, "dice": list(roll.faces)}
            events.append(Event("placed_at_random", data))
        else:
            ranked.append(name)
    unplaced = len(ranked)
    for i, name in enumerate(ranked):
        count = min(2 if i == 0 else 1, unplaced)
        if count:
            state.placers.append((name, count))
        unplaced -= count
    if keys.count(keys[0]) == 1:
        state.detection_winner = order[0]
        state.choosing_opening = True
    return events


class BreakTie(Action[DiasporaState]):
    """Spend a fate point to win your ship's detection tie (D9)."""

    name = BREAK_TIE

    def options(self, state: DiasporaState, turn: Turn) -> list[Choice]:
        """Only with a fate point to spend (D9: "willing or able"): a GM override may take
        the point after the tie window opened."""
        ship = state.ships[turn.actor or ""]
        return [BREAKING_TIE] if ship.fate_points.can_spend(1) else []

    def apply(
        self, state: DiasporaState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        ship = state.ships[turn.actor or ""]
        ship.fate_points.spend(SpendReason.INVOKE, who=ship.name, what="the detection tie")
        state.tie_spent.append(ship.name)
        state.tie_window.remove(ship.name)
        data = {"ship": ship.name}  # (the points left: its side's view)
        return [Event("tie_broken", data), *settle(state, dice)]


def pass_tie(state: DiasporaState, turn: Turn, dice: DiceSource) -> list[Event]:
    """`pass` on a detection tie: no fate point spent."""
    if turn.actor in state.tie_window:
        state.tie_window.remove(turn.actor)
    return settle(state, dice)


def turns(state: DiasporaState) -> list[Turn]:
    if not state.detected:
        return []
    for name in state.detection_window:  # C4: invokes on the rolls, ship by ship
        ship = state.ships[name]
        return [made_window(ship.side, invoking.INVOKE, name)]
    if state.tie_window:
        ship = state.ships[state.tie_window[0]]
        return [made_window(ship.side, TIE, ship.name)]
    if state.placers:
        ship = state.ships[state.placers[0][0]]
        return [made_turn(ship.side, PLACE, ship.name)]
    if state.choosing_opening and state.detection_winner is not None:
        ship = state.ships[state.detection_winner]
        return [made_turn(ship.side, OPENING, ship.name)]
    return []


def placeable_bands(state: DiasporaState) -> range:
    """Anywhere but the two most distant lines (-4 and +4)."""
    return range(state.map.low + 1, state.map.high)


class Place(Action[DiasporaState]):
    """The navigator whose rank it is places a ship not yet on the map (D9)."""

    name = PLACE
    params: ClassVar[Mapping[str, ParamKind]] = {"ship": ParamKind.UNIT, "band": ParamKind.BAND}

    def options(self, state: DiasporaState, turn: Turn) -> list[Choice]:
        out: list[Choice] = []
        for ship in state.ships.values():
            if ship.band is None:
                out.extend(made_each(PLACE, "band", placeable_bands(state), ship=ship.name))
        return out

    def apply(
        self, state: DiasporaState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        ship = state.ships[choice.str_param("ship")]
        ship.band = choice.int_param("band")
        placer, count = state.placers[0]
        if count > 1:
            state.placers[0] = (placer, count - 1)
        else:
            state.placers.pop(0)
        data = {"by": placer, "ship": ship.name, "band": ship.band}
        return [Event("placed", data)]


class Opening(Action[DiasporaState]):
    """The detection winner chooses: a position phase on turn 1, or straight to electronic
    warfare from the places detection gave (D1, D9)."""

    name = OPENING
    params: ClassVar[Mapping[str, ParamKind]] = {"phase": ParamKind.OPTION}

    def options(self, state: DiasporaState, turn: Turn) -> list[Choice]:
        return list(OPENINGS)

    def apply(
        self, state: DiasporaState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        state.choosing_opening = False
        skip = choice.str_param("phase") == EW
        state.skip_first_position = skip
        data = {"ship": turn.actor, "position": not skip}
        return [Event("opening", data)]
