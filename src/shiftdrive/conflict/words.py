"""The conflict's events and prompts in words: read from the event's data only."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Final

from shiftdrive.conflict.invokes import EFFECT_WORDS
from shiftdrive.conflict.roll import totals
from shiftdrive.core.dice import fudge_symbols
from shiftdrive.core.ladder import describe as ladder
from shiftdrive.engine.ruleset import describe_engine_event

if TYPE_CHECKING:
    from shiftdrive.conflict.host import ConflictState
    from shiftdrive.conflict.roll import Roll
    from shiftdrive.engine.events import Event
    from shiftdrive.engine.ruleset import Turn


def _declare(d: dict[str, Any]) -> str:
    who, skill, action = d["who"], d.get("skill"), d.get("action")
    against = f" against {ladder(d['difficulty'], difficulty=True)}" if "difficulty" in d else ""
    if action == "attack":
        return f"{who} attacks {d['target']} with {skill}"
    if action == "advantage":
        where = f"on {d['target']}" if d.get("target") else f"in {d.get('zone')}"
        return f"{who} tries to create '{d['aspect']}' {where} with {skill}{against}"
    if action == "discover":
        if d.get("target"):
            return f"{who} studies {d['target']} with {skill}"
        return f"{who} searches the scene with {skill}{against}"
    if action == "overcome":
        return f"{who} tries to overcome '{d['aspect']}' with {skill}{against}"
    return f"{who}: {action} with {skill}{against}"


def _roll(d: dict[str, Any]) -> str:
    bonus = " +2 full defense" if d.get("full_defense") else ""
    return f"{d['who']} rolls {d['skill']}: [{fudge_symbols(d['dice'])}] -> {d['total']}{bonus}"


def _invoke(d: dict[str, Any]) -> str:
    paid = f"{d['by']}'s free invoke" if d["payment"] == "free" else f"a fate point from {d['by']}"
    if d["effect"] == "reroll":
        dice = fudge_symbols(d["dice"])
        return f"{d['side']} invokes '{d['aspect']}' ({paid}) to reroll: [{dice}]"
    return f"{d['by']} invokes '{d['aspect']}' ({paid}) for {EFFECT_WORDS[d['effect']]}"


def _standing(d: dict[str, Any]) -> str:
    total, opp = d["total"], d["opposition"]
    return f"Now {total} against {opp} ({total - opp:+d} shifts)"


def outcome_words(d: dict[str, Any], action: str | None = None) -> str:
    """A roll's outcome; `action`: the roll's name in words where its action id is not one
    (a ruleset's own rolls)."""
    return (
        f"{d['who']}'s {action or d['action']}: {d['total']} against {d['opposition']}, "
        f"{d['shifts']:+d} shifts — {d['outcome']}"
    )


BOOST_WHY: Final = {
    "tie": "{who} gains a boost '{aspect}'",
    "defended with style": "{who} defends with style: boost '{aspect}'",
    "style trade": "{who} takes a boost '{aspect}' instead of one shift",
    "overcame with style": "{who} gains a boost '{aspect}'",
    "tie on an advantage": "{who} gains a boost '{aspect}' (C5: tie)",
}


def _boost(d: dict[str, Any]) -> str:
    return BOOST_WHY.get(d["why"], "{who} gains a boost '{aspect}'").format(**d)


def _harm(d: dict[str, Any]) -> str:
    return f"Hit of {d['hit']} ({d['shifts']} shifts {d['weapon']:+d} weapon -{d['armor']} armor)"


def _hit(d: dict[str, Any]) -> str:
    if d["hit"] <= 0:
        return f"{d['target']}'s armor turns the blow"
    return f"{d['target']} must absorb a {d['track']} hit of {d['hit']}"


def _advantage(d: dict[str, Any]) -> str:
    if d.get("failed"):
        return f"{d['who']} fails to gain an advantage"
    if d.get("existing"):
        return f"{d['who']} gains {d['free']} free invoke(s) on '{d['aspect']}'"
    where = f"on {d['target']}" if d.get("target") else f"in {d.get('zone')}"
    return f"{d['who']} creates '{d['aspect']}' {where} with {d['free']} free invoke(s)"


def _discover(d: dict[str, Any]) -> str:
    if d.get("failed"):
        return f"{d['who']} fails to discover anything"
    if not d.get("aspect"):
        return f"{d['who']} learns nothing new about {d.get('target') or 'the scene'}"
    whose = f"{d['target']}'s aspect" if d.get("target") else "the scene aspect"
    return f"{d['who']} discovers {whose} '{d['aspect']}' with {d['free']} free invoke(s)"


def _overcome(d: dict[str, Any]) -> str:
    return f"'{d['aspect']}' is overcome" + (" at a minor cost" if d.get("cost") else "")


def _stress(d: dict[str, Any]) -> str:
    if "filled" in d:
        return f"{d['who']} fills {d['filled']} {d['track']} box(es): {d['boxes']}"
    return f"{d['who']} checks {d['track']} stress box [{d['box']}]: {d['boxes']}"


def _consequence(d: dict[str, Any]) -> str:
    return (
        f"{d['who']} takes a {d['severity']} consequence '{d['aspect']}' "
        f"({d['by']} gets a free invoke)"
    )


WORDS: Final[dict[str, Callable[[dict[str, Any]], str]]] = {
    "declare": _declare,
    "roll": _roll,
    "invoke": _invoke,
    "standing": _standing,
    "outcome": outcome_words,
    "boost": _boost,
    "harm": _harm,
    "hit": _hit,
    "advantage": _advantage,
    "discover": _discover,
    "overcome": _overcome,
    "stress": _stress,
    "consequence": _consequence,
    "taken_out": lambda d: f"{d['who']} is taken out by {d['by']}",
    "concede": lambda d: f"{d['who']} concedes and gains {d['fate_points']} fate point(s)",
    "boost_expires": lambda d: f"Boost '{d['aspect']}' fades",
    "fate_points": lambda d: (
        f"{d['who']} gains {d['fate_points']} fate point(s) for aspects invoked against them"
    ),
}


def describe_conflict(event: Event) -> str | None:
    """A conflict event in words, or None when the event is not the library's."""
    word = WORDS.get(event.kind)
    return word(event.data) if word is not None else None


def describe_in(
    event: Event,
    own: Mapping[str, Callable[[dict[str, Any]], str]],
    declare: Callable[[dict[str, Any]], str | None],
) -> str:
    """An event in words for a ruleset on the library: a declaration as the game words it
    (when it does), then the game's `own` words, the library's, and the engine's. Secret
    events reach only the seats in their `visible_to` (the log filters them), so no wording
    needs to hide anything."""
    if event.kind == "declare":
        said = declare(event.data)
        if said is not None:
            return said
    word = own.get(event.kind)
    if word is not None:
        return word(event.data)
    conflict = describe_conflict(event)
    if conflict is not None:
        return conflict
    return describe_engine_event(event)


def stage_prompt(state: ConflictState, roll: Roll, turn: Turn) -> str:
    """The decision a roll's stage waits on, for the person deciding."""
    if roll.stage == "defend":
        return (
            f"{roll.actor} rolls {roll.skill} ({roll.action}) against {roll.target}: "
            "defend, or concede before the roll"
        )
    if roll.stage == "invoke":
        total, opp = totals(state, roll)
        return (
            f"{roll.actor}'s {roll.action}: {total} against {opp} "
            f"({total - opp:+d} shifts). Invoke an aspect or pass."
        )
    if roll.stage == "style":
        return (
            f"{roll.actor} hits with style for {roll.hit}: take the full hit, "
            "or one shift less and a boost"
        )
    return (
        f"{roll.target} takes a {roll.track} hit of {roll.hit}: "
        "choose stress and consequences, or be taken out"
    )
