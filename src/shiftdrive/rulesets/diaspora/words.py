"""diaspora's events and prompts in words: the one place they are worded, from the event's
data alone (the log is described long after the state has moved on)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from shiftdrive.core.dice import fudge_symbols
from shiftdrive.core.stress import StressKind, StressTrack
from shiftdrive.engine.events import Event

PHASES: Final = {
    "detection": "Detection",
    "position": "Position",
    "electronic_warfare": "Electronic warfare",
    "beam": "Beam weapons",
    "torpedo": "Torpedoes",
    "damage_control": "Damage control",
}


ATTACKS: Final = {"hack": "hack", "fire": "beam attack", "torpedo": "torpedo"}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def band(value: int) -> str:
    """A band as the map reads it (+2, 0, -3); past the edges: off the map."""
    if value > 4 or value < -4:
        return "off the map"
    return f"{value:+d}" if value else "0"


def _dice(faces: Any) -> str:
    """A roll's faces as a person reads them (+ - 0); a log saved before events carried the
    faces has them worded already."""
    return faces if isinstance(faces, str) else fudge_symbols(faces)


def _boxes(d: Mapping[str, Any]) -> str:
    """A track's boxes after a hit or a repair, as the track draws itself ('[x][x][3]'); a log
    saved before events carried the boxes has them drawn already."""
    boxes = d["boxes"]
    if isinstance(boxes, str):
        return boxes
    return StressTrack(d["track"], StressKind.CASCADING, list(boxes), list(d["checked"])).render()


def _extras(d: Mapping[str, Any]) -> str:
    parts = []
    if d.get("spin"):
        parts.append(f"+{d['spin']} spin")
    if d.get("range"):
        parts.append(f"-{d['range']} range")
    if d.get("raised"):
        parts.append(f"{d['raised']:+d} invoked")
    return (", " + ", ".join(parts)) if parts else ""


def describe(event: Event, seat: str) -> str | None:
    """`event` as `seat` reads it; None for events the engine words (GM overrides)."""
    d = event.data
    kind = event.kind
    if kind == "fight":
        ships = ", ".join(f"{name} ({side})" for name, side in d["ships"])
        return f"{d['title']}: {ships}"
    if kind == "detection":
        rows = "; ".join(
            f"{name} {result} ({_dice(faces)}, raw Navigation {raw})"
            for name, result, raw, faces in d["rolls"]
        )
        return f"Detection, ranked: {rows}"
    if kind == "placed_at_random":
        return (
            f"{d['ship']} is tied in detection and placed at random: "
            f"{_dice(d['dice'])} = band {band(d['band'])}"
        )
    if kind == "tie_broken":
        return f"{d['ship']} spends a fate point to win its detection tie"
    if kind == "placed":
        return f"{d['by']}'s navigator places {d['ship']} at band {band(d['band'])}"
    if kind == "opening":
        if d["position"]:
            return f"{d['ship']} opens turn 1 with a position phase"
        return f"{d['ship']} skips turn 1's position phase: straight to electronic warfare"
    if kind == "phase":
        return f"Turn {d['round']}: {PHASES.get(d['phase'], d['phase'])}"
    if kind == "declared":
        if not event.visible(seat):
            return f"{d['ship']} declares its burn"
        if d["burn"] is None:
            return f"{d['ship']} will leave its drives off (secret until all are in)"
        return f"{d['ship']} declares burn {d['burn']} (secret until all are in)"
    if kind == "burns":
        parts = [
            f"{name} drives off" if burn is None else f"{name} burn {burn}"
            for name, burn in d["burns"].items()
        ]
        return "Burns revealed: " + ", ".join(parts)
    if kind == "drifted":
        cleared = "" if d["cleared"] is None else f", clears Heat box {d['cleared'] + 1}"
        return f"{d['ship']} leaves its drives off: position {d['result']}{cleared}"
    if kind == "positioned":
        return (
            f"{d['ship']} positions: {_dice(d['dice'])} on {d['rating']} + burn {d['burn']}"
            f"{_extras(d)} = {d['result']}"
        )
    if kind == "position_rank":
        winner = d["winner"] or "nobody (tied at every roll)"
        return f"Position rank: {', '.join(d['rank'])}; {winner} wins the position"
    if kind == "moved":
        if d["off"]:
            return (
                f"{d['by']} moves {d['ship']} off the map from band {band(d['from'])}: "
                "it leaves the fight"
            )
        return f"{d['by']} moves {d['ship']} from band {band(d['from'])} to {band(d['to'])}"
    if kind == "held":
        return f"{d['ship']} holds"
    if kind == "defence":
        if d.get("fixed"):
            return f"{d['ship']}'s {d['fixed']} defends at a fixed {d['result']} this phase"
        beam = f" with beam {d['beam']}" if d.get("beam") else ""
        return (
            f"{d['ship']} defends{beam}: {_dice(d['dice'])} on {d['rating']}{_extras(d)} = "
            f"{d['result']}, standing for the phase"
        )
    if kind == "hacked":
        same = " (its EW roll of this phase)" if d.get("same_roll") else ""
        return (
            f"{d['ship']} hacks {d['target']}: {_dice(d['dice'])} on EW {d['rating']}"
            f"{_extras(d)} = {d['result']}{same} against {d['defence']}"
        )
    if kind == "fired":
        return (
            f"{d['ship']} fires beam {d['beam']} at {d['target']}: {_dice(d['dice'])} on "
            f"{d['rating']}{_extras(d)} = {d['result']} against {d['defence']}"
        )
    if kind == "launched":
        return f"{d['ship']} launches a torpedo at {d['target']}"
    if kind == "torpedo":
        return (
            f"{d['ship']}'s torpedo: {_dice(d['dice'])} on {d['rating']}{_extras(d)} = "
            f"{d['result']} against {d['defence']}"
        )
    if kind == "position_invoked":
        return f"{_invokes(d, 'position')}: {d['result']}"
    if kind == "detection_invoked":
        return f"{_invokes(d, 'detection')}: {d['result']}"
    if kind == "repair_invoked":
        return f"{_invokes(d, 'repair')}: {d['result']}"
    if kind == "outcome":
        return (
            f"{d['ship']}'s {ATTACKS.get(d['kind'], d['kind'])} lands at {d['result']} "
            f"against {d['defence']}: "
            f"{_shifts(d['shifts'], d['ship'], d['target'])}"
        )
    if kind == "invoked":
        return f"{_invokes(d)}: attack {d['attack']} against defence {d['defence']}"
    if kind == "passed":
        return f"{d['ship']} lets it stand"
    if kind == "compel":
        return (
            f"{d['by']} compels {d['ship']}'s '{d['aspect']}' before the "
            f"{PHASES.get(d['phase'], d['phase']).lower()} rolls"
        )
    if kind == "compel_answer":
        if d["accepted"]:
            phase = d["phase"]
            automatic = phase in ("detection", "position")
            effect = "an automatic -4" if automatic else "no target this phase"
            if phase == "damage_control":
                effect = "no repair this phase"
            return (
                f"{d['ship']} accepts the compel on '{d['aspect']}' ({effect}) and gains a "
                "fate point"
            )
        return f"{d['ship']} refuses the compel on '{d['aspect']}', paying a fate point"
    if kind == "compelled_position":
        return f"{d['ship']} is compelled: position {d['result']}, no dice"
    if kind == "spin":
        return f"{d['ship']} defends by 3 or more: spin, +1 on its next roll this turn"
    if kind == "repaired":
        return (
            f"{d['ship']} repairs {d['track']}: {_dice(d['dice'])} on {d['skill']}{_extras(d)} = "
            f"{d['result']} against box {d['target']}: "
            + (f"{d['track']} now {_boxes(d)}" if d["shifts"] >= 1 else "no repair")
        )
    if kind == "damage":
        parts = [
            f"{d['ship']} takes {_plural(d['shifts'], 'shift')} on {d['track']} ({d['cause']})"
        ]
        if d["consequences"]:
            parts.append("consequences " + ", ".join(f"'{c}'" for c in d["consequences"]))
        parts.append(f"{d['track']} {_boxes(d)}")
        if d["destroyed"]:
            parts.append(f"past the last {d['track']} box: out of the fight")
        return "; ".join(parts)
    if kind == "fights_on":
        return f"{d['side']} fights on: no concession before {d['ship']}'s declaration"
    if kind == "conceded":
        earned = d.get("fate_points") or {}
        paid = ", ".join(f"{s} +{n} fate point{'s' if n != 1 else ''}" for s, n in earned.items())
        return f"{d['side']} concedes: {', '.join(d['ships'])} leave the fight" + (
            f" ({paid})" if paid else ""
        )
    if kind == "boost_expires":
        return f"Boost '{d['aspect']}' fades"
    if kind == "invoked_against":
        return (
            f"{d['ship']} gains {_plural(d['fate_points'], 'fate point')} for its aspects "
            f"invoked against it ({d['now']} now)"
        )
    return None


def _invokes(d: Mapping[str, Any], roll: str = "") -> str:
    """Who invokes what on whose `roll` (an attack's when none is named), and its effect: an
    ally's teamwork names both ships (C4)."""
    effect = d["effect"]
    if effect == "reroll":
        what = f"rerolls: {_dice(d['dice'])}" if "dice" in d else "a reroll"
    else:
        what = "+2"
    if effect == "teamwork":
        whose = f"{d['ship']}'s {roll}" if roll else d["ship"]
        return f"{d['by']} invokes '{d['aspect']}' for {whose} (+2, teamwork)"
    on = f" on its {roll}" if roll else ""
    return f"{d['ship']} invokes '{d['aspect']}'{on} ({what})"


def _shifts(shifts: int, attacker: str, target: str) -> str:
    if shifts > 0:
        return f"{_plural(shifts, 'shift')} on {target}"
    if shifts == 0:
        return "no effect"
    return f"{target} holds by {-shifts}"


PROMPTS: Final = {
    "place": "{actor}'s navigator places a ship ({places} to place) anywhere from -3 to +3",
    "tie": "{actor} is tied in detection: spend a fate point to win the tie, or pass",
    "opening": "{actor} won detection: a position phase on turn 1, or straight to EW?",
    "drive": "{actor}: declare burn (secret until all are in), or drives off to bleed Heat",
    "move": "{actor} won the position: move itself or a ship that rolled lower, or hold",
    "hack": "{actor}: electronic attack on an enemy ship, or hold",
    "fire": "{actor}: fire beams (declare the rating) at an enemy ship, or hold",
    "launch": "{actor}: launch a torpedo at an enemy ship, or hold",
    "point_defense": "{actor}: a torpedo comes in: declare the beam you put into point defence",
    "invoke": (
        "{actor}: invoke an aspect after the dice (+2, or reroll your own dice; a fate point "
        "also tags another ship's or the scene's aspect; an ally's invoke for +2: teamwork), "
        "or pass"
    ),
    "compel": "{seat}: compel an aspect of another side's ship before the rolls, or pass",
    "answer": "{actor}: a compel: accept (gain a fate point, fail to act) or refuse (pay one)",
    "repair": "{actor}: damage control on Frame (Engineering) or Data (Computer), or hold",
    "concede": (
        "{seat}: {by} is about to declare an attack: concede now, before a roll is made "
        "against you, or pass (fight on)"
    ),
}


def prompt(d: Mapping[str, Any]) -> str:
    head = f"Turn {d['turn']}, {PHASES.get(d['phase'], d['phase'])}: "
    if d["kind"] == "absorb":
        hit = d["hit"]
        return head + (
            f"{hit['ship']} takes {_plural(hit['shifts'], 'shift')} on {hit['track']} "
            f"({hit['cause']}): choose consequences (mild 1, moderate 2, severe 4) or none"
        )
    text = PROMPTS.get(d["kind"], "{actor}: " + str(d["kind"]))
    return head + text.format(
        actor=d["actor"], seat=d["seat"], places=d.get("places", 0), by=d.get("by", "")
    )
