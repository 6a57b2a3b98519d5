"""The electronic warfare phase (highest initiative first): scan for Undetected craft (any
zone), search visually (the zone), or create an advantage with EW systems (T7)."""

from __future__ import annotations

from typing import Any, Final

from shiftdrive.core.dice import DiceSource, roll_fudge
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.rulesets.tachyon.actions import CraftAction
from shiftdrive.rulesets.tachyon.advantage import CreateAdvantage
from shiftdrive.rulesets.tachyon.choices import offer
from shiftdrive.rulesets.tachyon.invokes import to_stage
from shiftdrive.rulesets.tachyon.outcomes import SUCCEEDS, Reading
from shiftdrive.rulesets.tachyon.rolls import flight_bonus, rating, roll_skill, t9_mod
from shiftdrive.rulesets.tachyon.sight import pub, who_sees
from shiftdrive.rulesets.tachyon.state import (
    Roll,
    TachyonState,
    Unit,
    dice_data,
)


def scan(state: TachyonState, u: Unit, a: str, dice: DiceSource) -> list[Event]:
    """Scan: technology vs technology, any zone; Visual search: notice vs technology, same
    zone. The target is the hidden enemy with the lowest technology. Dice are rolled even
    when nobody is hiding and the scanner may invoke without seeing the opposition, so
    neither the log nor the prompt tells it whether anything is there (T7)."""
    hidden = [
        e
        for e in state.units.values()
        if e.side != u.side and e.active and not e.detected and (a == "scan" or e.zone == u.zone)
    ]
    skill = "technology" if a == "scan" else "notice"
    total, r = roll_skill(state, dice, u, skill, f"{a}: {pub(state, u.name)}")
    dr = roll_fudge(dice, 4, why=f"{a}: defender technology")
    roll = Roll(
        a, u.name, None, {"hidden": None}, total, 0, None, actor_side=u.side,
        a_skill=skill, a_dice=r.total, a_min=r.minimized, hide_opp=True,
    )  # fmt: skip
    if hidden:
        t = min(hidden, key=lambda e: rating(state, e, "technology"))
        roll.params["hidden"] = t.name
        # T9 both ways; a busy hidden craft's modifier (which helps the scanner) is taken off
        # its side, so that the scanner's own total tells it nothing.
        roll.opp = rating(state, t, "technology") + dr.total + t9_mod(u) - t9_mod(t)
    # The opposition stays out of the event: the scanner must not learn it (T7).
    bonus = flight_bonus(state, u)
    events = [
        Event(
            "roll",
            data={"actor": u.name, "action": a, "skill": skill, "rating": u.skills.get(skill, 0),
                  "dice": dice_data(r), "mods": [["flight", bonus, u.size]] if bonus else [],
                  "total": roll.total},
            visible_to=who_sees(state, u.name),
        )
    ]  # fmt: skip
    return events + to_stage(state, roll, dice, first=True)


def scan_result(state: TachyonState, roll: Roll) -> list[Event]:
    u = state.units[roll.actor]
    tname = roll.params.get("hidden")
    t = state.units.get(str(tname)) if tname else None
    nothing = Event(
        "scan", data={"actor": u.name, "action": roll.action}, visible_to=who_sees(state, u.name)
    )
    if t is None or t.detected or not t.active:
        return [nothing]
    if roll.total > roll.opp:
        t.detected = True
        for asp in state.aspects:
            if asp.owner == t.name and asp.hidden and asp.name.startswith("Undetected"):
                state.aspects.remove(asp.name)
        found = {"unit": t.name, "zone": t.zone}
        if u.detected:
            return [Event("detected", data={**found, **_scanner(u, roll, True)}, visible_to=None)]
        # A hidden scanner is named to its own side only; the rest learn "a hidden craft" (T7).
        others = frozenset(side for side in state.sides if side != u.side)
        return [
            Event(
                "detected",
                data={**found, **_scanner(u, roll, True)},
                visible_to=who_sees(state, u.name),
            ),
            Event("detected", data={**found, **_scanner(u, roll, False)}, visible_to=others),
        ]
    return [
        nothing,
        Event(
            "scan_detail",
            data={"unit": t.name, **_scanner(u, roll, u.detected)},
            visible_to=frozenset({t.side}),
        ),
    ]


def _scanner(u: Unit, roll: Roll, named: bool) -> dict[str, Any]:
    """Who scanned, as a scan's outcome tells it: a hidden scanner's name is left out of what
    the other side is given (`named` False), not only out of its words (T7)."""
    return {
        "scanner": u.name if named else None,
        "scanner_side": u.side,
        "scanner_hidden": not u.detected,
        "action": roll.action,
        "total": roll.total,
        "opposition": roll.opp,
    }


class Scan(CraftAction):
    """Scan (technology, any zone) or Visual search (notice, this zone) for the hidden enemy
    with the lowest technology (T7)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def choices(self, state: TachyonState, u: Unit) -> list[Choice]:
        if self.name == "scan":
            return [offer("scan", "Scan for Undetected opponents (any zone)")]
        return [Choice.of("search", label=f"Visual search in {u.zone}")]

    def declare(
        self, state: TachyonState, u: Unit, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        return scan(state, u, self.name, dice)

    def reads(self, state: TachyonState, roll: Roll) -> Reading:
        return SUCCEEDS  # found or not

    def resolve(self, state: TachyonState, roll: Roll, dice: DiceSource) -> list[Event]:
        return scan_result(state, roll)


EW_ADVANTAGE: Final = CreateAdvantage(
    "ew_advantage", "technology", "technology",
    ("Jam their sensors", "Create an advantage with EW systems"),
    ("Sensor ghosts", "Create an EW advantage against {}"), nearby=False,
)  # fmt: skip

#: the electronic warfare actions, in menu order
EW: Final[tuple[CraftAction, ...]] = (Scan("scan"), Scan("search"), EW_ADVANTAGE)
