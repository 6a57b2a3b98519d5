"""Tachyon in words: the prompts, and every event (`describe`), from the event's data alone
(never the live state: the log is read long after)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from shiftdrive.core.dice import FudgeRoll
from shiftdrive.core.stress import StressTrack
from shiftdrive.engine.events import GM, Event
from shiftdrive.engine.ruleset import describe_engine_event
from shiftdrive.rulesets.tachyon.sight import pub
from shiftdrive.rulesets.tachyon.state import PHASE_NAMES, TachyonState
from shiftdrive.rulesets.tachyon.systems import SYSTEM_NAMES

if TYPE_CHECKING:
    from shiftdrive.engine.ruleset import Turn

_FACES: Final[dict[tuple[tuple[int, ...], int, int], str]] = {}


def prompt(state: TachyonState, turn: Turn) -> str:
    """A turn in words, for the person deciding."""
    kind, actor, seat = turn.kind, turn.actor, turn.seat
    if kind == "absorb":
        assert state.absorb is not None
        return (
            f"{actor} must absorb {state.absorb['hit']} more shift(s) past its shields: "
            "take consequences or be taken out (T2)"
        )
    if kind == "invoke":
        roll = state.roll
        assert roll is not None
        against = "" if roll.hide_opp else f" against {roll.opp} ({roll.total - roll.opp:+d})"
        what = "defend" if roll.stage == "target" and not roll.fixed else "invoke"
        return (
            f"{pub(state, roll.actor)}'s {roll.action}: {roll.total}{against}. "
            f"{seat} may {what} with an aspect, or pass."
        )
    if kind == "chatter":
        return f"Round {state.round}: start of round chatter (send a message to your wing, or skip)"
    u = state.units[actor or ""]
    return (
        f"Round {state.round}, {PHASE_NAMES[state.phase]}:"
        f" {u.name} (initiative {u.initiative}) acts or skips"
    )


# --- events -------------------------------------------------------------------------------------
Words = Callable[[dict[str, Any], str, str], str]  # (data, kind, seat) -> text


def dice(d: Sequence[Any]) -> str:
    """A roll's dice (`state.dice_data`) as the log shows them."""
    key = (tuple(d[0]), int(d[1]), int(d[2]))
    text = _FACES.get(key)
    if text is None:
        faces_ = key[0]
        text = FudgeRoll(faces_, faces_, key[1], key[2]).symbols() or "-"
        if len(_FACES) < 4096:
            _FACES[key] = text
    return text


def _track(d: Mapping[str, Any]) -> str:
    return StressTrack.from_json(d).render()


def _ordnance(d: Mapping[str, Any]) -> str:
    return f"{d['kind']} #{d['ordnance']}"


def _roll(d: dict[str, Any], kind: str, seat: str) -> str:
    if "rolled" not in d:  # a scan: its opposition is not told (T7)
        label = _SCAN_LABELS[d["action"]]
        return f"{d['actor']} ({label}) rolls {d['skill']} {d['total']} [{dice(d['dice'])}]"
    text = f"{d['actor']} ({d['action']}) rolls {d['skill']} {d['rolled']} [{dice(d['dice'])}]"
    if "difficulty" in d:
        return text + f" against difficulty {d['difficulty']}"
    against = f"swarm {d['swarm']}" if "swarm" in d else f"{d['target']}'s {d['opposition_skill']}"
    return text + f" against {against} {d['opposition']} [{dice(d['opposition_dice'])}]"


def _detected(d: dict[str, Any], kind: str, seat: str) -> str:
    if "scanner" not in d:
        how = "opens fire" if d["fired"] else "shows itself"
        return f"{d['unit']} {how} in {d['zone']} and is detected"
    return (
        f"{_scanner(d, seat)}'s {_SCAN_LABELS[d['action']]} finds {d['unit']} in {d['zone']} "
        f"({d['total']} vs {d['opposition']})"
    )


def _scanner(d: Mapping[str, Any], seat: str) -> str:
    """A hidden scanner is named only to its own side (and the GM)."""
    if d["scanner"] is None or (d["scanner_hidden"] and seat not in (GM, d["scanner_side"])):
        return "a hidden craft"
    return str(d["scanner"])


def _invoke(d: dict[str, Any], kind: str, seat: str) -> str:
    if d["effect"] == "reroll":
        what = f"rerolls [{dice(d['dice'])}]"
    else:
        what = "+2 to the difficulty" if d["obstacle"] else "+2"
    against = "" if d["opposition"] is None else f" against {d['opposition']}"
    if "aspect" not in d:  # a hidden craft's invoke, as the other side sees the roll (T7)
        return f"{d['side']} invokes an aspect: {what}: {d['total']}{against}"
    paid = f"{d['by']}'s free invoke" if d["free"] else f"a fate point from {d['by']}"
    return f"{d['side']} invokes '{d['aspect']}': {what} ({paid}): {d['total']}{against}"


def _position(d: dict[str, Any], kind: str, seat: str) -> str:
    won, lost = _POSITIONS[kind]
    if d["aspect"] is None:
        return f"{d['actor']} {lost.format(t=d['target'])}"
    return f"{d['actor']} {won.format(t=d['target'])}: '{d['aspect']}'"


def _pressure(d: dict[str, Any], kind: str, seat: str) -> str:
    a, t, s, init = d["actor"], d["target"], d["shifts"], d["initiative"]
    if s > 0:
        return f"{a} pressures {t}: {t}'s initiative drops by {s} to {init}"
    if s < 0:
        return f"{a}'s push fails: {a}'s initiative drops by {-s} to {init}"
    return f"{a} and {t} hold their positions"


def _evade(d: dict[str, Any], kind: str, seat: str) -> str:
    if d["evasion"] is not None:
        return f"{d['actor']} evades: Evasion {d['evasion']} until the end of the round"
    return (
        f"{d['actor']} fails to evade and becomes '{d['aspect']}' "
        f"({d['holder']} holds a free invoke)"
    )


def _refocus(d: dict[str, Any], kind: str, seat: str) -> str:
    if d["ok"]:
        return f"{d['actor']} refocuses: initiative {d['initiative']}"
    return f"{d['actor']} loses the thread: dead last (initiative {d['initiative']})"


def _stretched(d: dict[str, Any], kind: str) -> str:
    return f"{d['actor']} is stretched too thin: the {kind.replace('_', ' ')} fails (T9)"


def _wait(d: dict[str, Any], kind: str, seat: str) -> str:
    if d.get("stretched"):
        return _stretched(d, kind)
    return f"{d['unit']} waits to see what {d['target']} does (initiative {d['initiative']})"


def _bug_out(d: dict[str, Any], kind: str, seat: str) -> str:
    if d.get("stretched"):
        return _stretched(d, kind)
    return f"{d['unit']} is bugging out: it leaves at the end of round {d['round']} (T13)"


def _move(d: dict[str, Any], kind: str, seat: str) -> str:
    if d.get("stretched"):
        return _stretched(d, kind)
    if "unit" in d:
        return f"{d['unit']} moves from {d['from']} to {d['to']}"
    return f"{d['actor']} {'makes it' if d['ok'] else 'only makes one zone'}"


def _full_stop(d: dict[str, Any], kind: str, seat: str) -> str:
    if d["ok"]:
        return (
            f"{d['actor']} comes to a full stop ('Stopped'); dead last "
            f"(initiative {d['initiative']})"
        )
    return f"{d['actor']} fails to stop; dead last (initiative {d['initiative']})"


def _hit(d: dict[str, Any], kind: str, seat: str) -> str:
    who = _ordnance(d) if "what" in d else d["actor"]
    return f"{who} hits {d['target']} for {d['shifts']}"


def _verb(d: Mapping[str, Any]) -> str:
    o = d["ordnance"]
    return "fires at" if o is None else f"({o[0]} #{o[1]}) strikes"


def _miss(d: dict[str, Any], kind: str, seat: str) -> str:
    if "ship" in d:  # at a large target
        at = f"{d['attacker']} {_verb(d)} {d['ship']} at {d['range']} range"
        return at + (": no effect" if d["shifts"] == 0 else " and misses")
    if "what" in d:
        return f"{_ordnance(d)} misses {d['target']}"
    return f"{d['actor']} {'grazes' if d['shifts'] == 0 else 'misses'} {d['target']}"


def _swarm(d: dict[str, Any], kind: str, seat: str) -> str:
    if "what" in d:
        return f"{_ordnance(d)} has no effect on swarm {d['swarm']}"
    if d["shifts"] > 0:
        return f"{d['actor']} thins out swarm {d['swarm']}"
    return f"{d['actor']}'s fire has no effect on swarm {d['swarm']}"


def _repair(d: dict[str, Any], kind: str, seat: str) -> str:
    if "restored" in d:  # shields
        if d["restored"] is None:
            return f"{d['actor']}'s shield repair fails"
        return f"{d['actor']} restores {d['restored']} shield box(es): {_track(d['shields'])}"
    if not d["ok"]:
        return f"{d['unit']}'s repairs fail"
    if "cleared" in d:
        return f"{d['unit']} repairs the worst damage: '{d['cleared']}' cleared"
    fixed = d["fixed"]
    extra = f" ({', '.join(fixed)} no longer)" if fixed else ""
    return f"{d['unit']} repairs {SYSTEM_NAMES[d['system']]}: {_track(d['track'])}{extra}"


def _advantage(d: dict[str, Any], kind: str, seat: str) -> str:
    if "free" not in d:
        return f"{d['actor']} fails to create '{d['aspect']}'"
    where = f"on {d['on']}" if d["on"] else f"in {d['zone']}"
    return f"{d['actor']} creates '{d['aspect']}' {where} with {d['free']} free invoke(s)"


def _hit_large(d: dict[str, Any], kind: str, seat: str) -> str:
    return (
        f"{d['attacker']} {_verb(d)} {d['target']}'s {SYSTEM_NAMES[d['system']]} at "
        f"{d['range']} range: {d['shifts']} shifts - shield {d['shield']} - armor "
        f"{d['armor']} = {d['damage']} damage"
    )


def _out(d: dict[str, Any], kind: str, seat: str) -> str:
    why = OUT_CAUSES[d["cause"]].format(by=d["by"])
    return f"{d['unit']} is {d['status']} {why}"


def _ordnance_event(d: dict[str, Any], kind: str, seat: str) -> str:
    what = d["what"]
    if what == "flies":
        return f"{_ordnance(d)} flies to {d['zone']}"
    if what == "loses_target":
        return f"{_ordnance(d)} loses its target and self-destructs"
    return f"{_ordnance(d)} self-destructs"


def _strike(d: dict[str, Any], kind: str, seat: str) -> str:
    target = f"swarm {d['target']}" if d["swarm"] else d["target"]
    return (
        f"{_ordnance(d)} ({d['owner']}) strikes {target}: {d['total']} [{dice(d['dice'])}] "
        f"vs {d['opposition']} [{dice(d['opposition_dice'])}]"
    )


def _detection(d: dict[str, Any], kind: str, seat: str) -> str:
    text = (
        f"Detection: {d['attacker']} {d['attacker_total']} [{dice(d['attacker_dice'])}] vs "
        f"{d['defender']} {d['defender_total']} [{dice(d['defender_dice'])}]: {d['row']}"
    )
    if d["undetected"]:
        text += f"; Undetected: {', '.join(d['undetected'])}"
    return text


def _concede(d: dict[str, Any], kind: str, seat: str) -> str:
    n = d["fate_points"]
    return f"{d['unit']} concedes and leaves the fight" + (
        f", gaining {n} fate point(s)" if n else ""
    )


def _end(d: dict[str, Any], kind: str, seat: str) -> str:
    if d["winner"]:
        return f"{d['winner']} wins: {d['reason']}"
    return f"No winner: {d['reason']}"


#: why a unit left the fight (`damage.take_out`), with {by} for who did it
OUT_CAUSES: Final = {
    "by": "by {by}",
    "with": "with {by}",
    "explosion": "in a catastrophic explosion",
    "guns_out": "(gun emplacements out of action)",
    "fuel_fire": "by the fuel fire",
    "left": "(left the combat area)",
    "conceded": "(conceded)",
}
_SCAN_LABELS: Final = {"scan": "scan", "search": "visual search"}
_POSITIONS: Final = {  # T10, won and lost
    "tail": ("gets on {t}'s tail", "cannot get on {t}'s tail"),
    "dive": ("enters a dive on {t}", "fails to line up a dive on {t}"),
}

WORDS: Final[dict[str, Words]] = {
    "setup": lambda d, k, s: f"{d['title']}: {' vs '.join(d['sides'])}",
    "unit": lambda d, k, s: (
        f"{d['unit']} ({d['side']}, {d['kind']}) in {d['zone']}, initiative {d['initiative']}"
    ),
    "detection": _detection,
    "undetected": lambda d, k, s: (
        f"{d['side']}: {d['count']} craft slip off the enemy's scopes (Undetected)"
    ),
    "detected": _detected,
    "roll": _roll,
    "scan": lambda d, k, s: f"{d['actor']}'s {_SCAN_LABELS[d['action']]} finds nothing new",
    "scan_detail": lambda d, k, s: (
        f"{_scanner(d, s)}'s {_SCAN_LABELS[d['action']]} misses {d['unit']} "
        f"({d['total']} vs {d['opposition']})"
    ),
    "invoke": _invoke,
    "chatter": lambda d, k, s: f"{d['side']} (radio): {d['text']}",
    "skip": lambda d, k, s: f"{d['unit']} skips the {PHASE_NAMES[d['phase']]}",
    "tail": _position,
    "dive": _position,
    "pressure": _pressure,
    "evade": _evade,
    "refocus": _refocus,
    "wait": _wait,
    "bug_out": _bug_out,
    "move": _move,
    "move2": _move,
    "move3": _move,
    "aspect": lambda d, k, s: f"{d['actor']} gains '{d['aspect']}'",
    "full_stop": _full_stop,
    "hit": _hit,
    "miss": _miss,
    "swarm": _swarm,
    "repair": _repair,
    "other": lambda d, k, s: f"{d['unit']}: {d['text']} (the GM resolves it)",
    "advantage": _advantage,
    "boost": lambda d, k, s: f"{d['unit']} gains a boost '{d['aspect']}'",
    "evasion": lambda d, k, s: f"{d['unit']}'s Evasion absorbs {d['absorbed']}",
    "shields": lambda d, k, s: f"{d['unit']}'s shields: {_track(d['shields'])}",
    "flight_loss": lambda d, k, s: f"{d['unit']} loses a craft ({d['size']} left)",
    "consequence": lambda d, k, s: (
        f"{d['unit']} takes a {d['severity']} consequence '{d['aspect']}'"
    ),
    "hit_large": _hit_large,
    "backlash": lambda d, k, s: (
        f"{d['ship']}'s point defense catches {d['target']}: {d['shifts']} + "
        f"{d['point_defense']} = {d['damage']} damage"
    ),
    "system": lambda d, k, s: (
        f"{d['target']} {SYSTEM_NAMES[d['system']]}: {_track(d['track'])} "
        f"({d['rows']} row(s) complete)"
    ),
    "system_state": lambda d, k, s: f"{d['target']}: {d['state']}!",
    "out": _out,
    "swarm_gone": lambda d, k, s: f"Swarm {d['swarm']} is broken up ('{d['aspect']}' removed)",
    "concede": _concede,
    "launch": lambda d, k, s: (
        f"{d['unit']} launches a {d['kind']} (#{d['ordnance']}) at {d['target']}"
    ),
    "ordnance": _ordnance_event,
    "ordnance_attack": _strike,
    "phase": lambda d, k, s: f"Round {d['round']}: {PHASE_NAMES[d['phase']]}",
    "round": lambda d, k, s: f"Round {d['round']} begins",
    "end_of_round": lambda d, k, s: f"End of round {d['round']}",
    "stress": lambda d, k, s: (
        f"{d['unit']}'s pilot takes 1 stress (the fighter was damaged this round): "
        f"{_track(d['stress'])}"
    ),
    "fuel_fire": lambda d, k, s: f"{d['unit']}'s fuel fire was not put out",
    "end": _end,
}


def describe(event: Event, seat: str) -> str:
    """`event` in the game's words, as `seat` reads it, from the event's data alone. A seat
    that may not see the event learns nothing from it."""
    if not event.visible(seat):
        return "Something happens out of sight."
    words = WORDS.get(event.kind)
    if words is None:
        return describe_engine_event(event)
    return words(event.data, event.kind, seat)
