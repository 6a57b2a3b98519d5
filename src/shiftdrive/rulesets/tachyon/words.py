"""Tachyon in words: the prompts, and every event (`describe`), from the event's data alone
(never the live state: the log is read long after)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from shiftdrive.core.dice import FudgeRoll
from shiftdrive.core.stress import StressTrack
from shiftdrive.engine.events import GM, Event, ending_words
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
            "take consequences, concede, or be taken out (T2, T15)"
        )
    if kind == "invoke":
        roll = state.roll
        assert roll is not None
        against = "" if roll.hide_opp else f" against {roll.opp} ({roll.total - roll.opp:+d})"
        what = "defend" if roll.stage == "target" and not roll.fixed else "invoke"
        return (
            f"{pub(state, roll.actor)}'s {action_name(roll.action)}: {roll.total}{against}. "
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


def track_marked(d: Mapping[str, Any]) -> str:
    """A damage track (a system, a pilot's stress), in the log and the state: the boxes
    marked of all."""
    t = StressTrack.from_json(d)
    return f"{t.marked_count} of {len(t.boxes)} marked"


def shields_left(d: Mapping[str, Any]) -> str:
    """Shields, one way everywhere (the log and the state): the boxes left of all."""
    t = StressTrack.from_json(d)
    return f"{len(t.boxes) - t.marked_count} of {len(t.boxes)} left"


def aspect_text(name: str, kind: str, free: Mapping[str, int]) -> str:
    """An aspect in the state: its name, a boost or consequence said so, and who holds free
    invokes on it."""
    text = name + (f" ({kind})" if kind in ("boost", "consequence") else "")
    if free:
        held = ", ".join(f"{n} for {h}" for h, n in free.items())
        text += f" (free invokes: {held})"
    return text


def unit_kind(kind: str, size: int, pc: bool, parent: str | None) -> str:
    if kind == "flight":
        return f"a flight of {size} craft"
    if kind == "turret":
        return f"a gun emplacement of {parent}"
    return f"a {KIND_NAMES[kind]}" + (" (a player character's)" if pc else "")


def ratings(skills: Mapping[str, int], flight: int) -> str:
    """A unit's ratings, and a flight's size bonus to every roll."""
    text = ", ".join(f"{SKILL_NAMES.get(k, k)} {v}" for k, v in skills.items())
    return text + (f" (+{flight} to every roll for the flight's size)" if flight else "")


def weapons(ranges: Mapping[str, int]) -> str:
    return ", ".join(f"{w.replace('_', ' ')} (range {r})" for w, r in ranges.items())


def ordnance_load(load: Mapping[str, int]) -> str:
    return ", ".join(f"{n} {k}{'s' if n != 1 else ''}" for k, n in load.items()) or "none"


def actions_done(n: int, modifier: int) -> str:
    """T9: how busy a craft is this round, and what its next action costs."""
    return f"{n} (next action: T9 modifier +{modifier})"


def short_long(short: int, long: int) -> str:
    return f"short range {short}, long range {long}"


def system_effects(
    minimize: Mapping[str, int], states: Sequence[str], other: Mapping[str, int] | None = None
) -> list[str]:
    """What completed system rows do now (T5/T6), in words: `minimize` as on the guns'
    attacks, `other` on their other rolls (the gun emplacement track's rows reach attacks
    only), said where the two differ."""
    out = []
    for k, n in minimize.items():
        text = _PENALTIES[k].format(n=n, dice="die" if n == 1 else "dice")
        less = n if other is None else other.get(k, 0)
        if less != n:
            text += f" on attacks ({less} on other gunnery rolls)"
        out.append(text)
    return out + list(states)


def ordnance_target(target: str, kind: str, system: str | None) -> str:
    if kind == "swarm":
        return f"swarm {target}"
    if kind == "large" and system:
        return f"{target}'s {SYSTEM_NAMES[system]}"
    return target


def action_name(action: str) -> str:
    """An action's name as the game says it (never its short name for typing)."""
    return ACTION_NAMES.get(action, action.replace("_", " "))


def doing(action: str) -> str:
    """An action's name inside a sentence ("Viper-1 cannot move 2 zones now")."""
    name = action_name(action)
    return name[:1].lower() + name[1:]


def _mod(m: Sequence[Any]) -> str:
    """One modifier of a roll (`rolls.modifiers`) with its sign."""
    what, value, whose = str(m[0]), int(m[1]), m[2]
    if what == "flight":
        name = f"flight of {whose}"
    elif what == "t9":
        name = f"{whose} busy (T9)"
    elif what == "system":
        name = f"{SYSTEM_NAMES.get(str(whose), str(whose))} defense"
    elif what == "uncooperative":
        name = "uncooperative target"
    else:
        name = what
    return f"{name} {value:+d}"


def _part(skill: str, rating: int, d: Sequence[Any] | None, mods: Sequence[Any], total: int) -> str:
    """One side of a roll, every part named, adding up: 'gunnery 2, dice +1 (0 + + -),
    Raider-1 busy (T9) +2 = 5'."""
    parts = [f"{SKILL_NAMES.get(skill, skill)} {rating}"]
    if d is not None:
        parts.append(f"dice {_dice_total(d):+d} ({dice(d)})")
    parts += [_mod(m) for m in mods]
    if len(parts) == 1:
        return parts[0]
    return f"{', '.join(parts)} = {total}"


def _dice_total(d: Sequence[Any]) -> int:
    return int(sum(d[0])) - int(d[1]) + int(d[2])


def roll_line(d: Mapping[str, Any], who: str) -> str:
    """A roll in the log (`rolls.start_roll`, an ordnance strike): both sides' parts, their
    totals and the shifts."""
    mine = _part(d["skill"], d["rating"], d["dice"], d["mods"], d["total"])
    if "difficulty" in d:
        theirs = _part("difficulty", d["difficulty"], None, d["opposition_mods"], d["opposition"])
    else:
        whose = f"swarm {d['swarm']}'s " if "swarm" in d else f"{d['target']}'s "
        theirs = whose + _part(
            d["opposition_skill"], d["opposition_rating"], d["opposition_dice"],
            d["opposition_mods"], d["opposition"],
        )  # fmt: skip
    shifts = int(d["total"]) - int(d["opposition"])
    return f"{who}: {mine} against {theirs} ({shifts:+d})"


def _ordnance(d: Mapping[str, Any]) -> str:
    return f"{d['kind']} #{d['ordnance']}"


def _roll(d: dict[str, Any], kind: str, seat: str) -> str:
    who = f"{d['actor']}, {action_name(d['action'])}"
    if "opposition" not in d:  # a scan: its opposition is not told (T7)
        return f"{who}: {_part(d['skill'], d['rating'], d['dice'], d['mods'], d['total'])}"
    return roll_line(d, who)


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
    return f"{d['actor']} is stretched too thin: {action_name(kind)} fails (T9)"


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
        return f"{d['actor']} restores {d['restored']} shield box(es): {shields_left(d['shields'])}"
    if not d["ok"]:
        return f"{d['unit']}'s repairs fail"
    if "cleared" in d:
        return f"{d['unit']} repairs the worst damage: '{d['cleared']}' cleared"
    fixed = d["fixed"]
    extra = f" ({', '.join(fixed)} no longer)" if fixed else ""
    return f"{d['unit']} repairs {SYSTEM_NAMES[d['system']]}: {track_marked(d['track'])}{extra}"


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
    line = {**d, "skill": "technology at launch"}
    del line["swarm"]
    if d["swarm"]:
        line["swarm"] = d["target"]
    return roll_line(line, f"{_ordnance(d)} ({d['owner']}) strikes {target}")


def _detection(d: dict[str, Any], kind: str, seat: str) -> str:
    a = _part("technology", d["attacker_rating"], d["attacker_dice"], d["attacker_mods"],
              d["attacker_total"])  # fmt: skip
    b = _part("technology", d["defender_rating"], d["defender_dice"], d["defender_mods"],
              d["defender_total"])  # fmt: skip
    text = f"Detection: {d['attacker']}'s {a} against {d['defender']}'s {b}: {d['row']}"
    if d["undetected"]:
        text += f"; Undetected: {', '.join(d['undetected'])}"
    return text


def _concede(d: dict[str, Any], kind: str, seat: str) -> str:
    n = d["fate_points"]
    return f"{d['unit']} concedes and leaves the fight" + (
        f", gaining {n} fate point(s)" if n else ""
    )


def _end(d: dict[str, Any], kind: str, seat: str) -> str:
    return ending_words(d)


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
#: every action by the name the game gives it (typing keeps the short names)
ACTION_NAMES: Final = {
    "tail": "Get on their tail", "dive": "Enter dive", "pressure": "Pressure opponent",
    "evade": "Evade", "maneuver": "Maneuver for advantage", "refocus": "Tactical refocus",
    "wait": "Wait and see", "move": "Move 1 zone", "move2": "Move 2 zones",
    "move3": "Move 3 zones", "full_stop": "Full stop", "bug_out": "Bug out",
    "fire": "Fire at small craft", "fire_swarm": "Fire at swarm",
    "fire_large": "Fire at large target", "launch": "Launch ordnance at small craft",
    "launch_swarm": "Launch ordnance at swarm", "launch_large": "Launch ordnance at large target",
    "advantage": "Create an advantage (weapons)", "scan": "Scan for opposition",
    "search": "Visual search", "ew_advantage": "Create an advantage (EW)",
    "repair": "Repair systems", "repair_shields": "Repair shields", "other": "Other action",
    "skip": "Skip the phase", "concede": "Concede", "say": "Start of round chatter",
    "invoke": "Invoke an aspect", "pass": "Pass", "absorb": "Take consequences",
    "taken_out": "Be taken out", "ordnance": "Ordnance attack",
}  # fmt: skip
_PENALTIES: Final = {
    "gun_gunnery": "guns minimize {n} gunnery {dice}",
    "gun_tactics": "guns minimize {n} tactics {dice}",
    "technology": "minimizes {n} technology {dice}",
    "defense": "minimizes {n} defense {dice}",
    "long_shield": "long-range shield -{n}",
}
#: ratings as the game says them
SKILL_NAMES: Final = {"defense_short": "short-range defense", "defense_long": "long-range defense"}
#: what each kind of unit is called
KIND_NAMES: Final = {"craft": "small craft", "flight": "flight", "large": "large target",
                     "turret": "gun emplacement"}  # fmt: skip
_POSITIONS: Final = {  # T10, won and lost
    "tail": ("gets on {t}'s tail", "cannot get on {t}'s tail"),
    "dive": ("enters a dive on {t}", "fails to line up a dive on {t}"),
}

WORDS: Final[dict[str, Words]] = {
    "setup": lambda d, k, s: f"{d['title']}: {' vs '.join(d['sides'])}",
    "unit": lambda d, k, s: (
        f"{d['unit']} ({d['side']}, {KIND_NAMES[d['kind']]}) in {d['zone']}, initiative: "
        f"{_part('tactics', d['tactics'], d['dice'], d['mods'], d['initiative'])}"
    ),
    "initiative": lambda d, k, s: (
        f"{d['unit']}'s initiative: "
        f"{_part('tactics', d['tactics'], d['dice'], [], d['initiative'])} ({d['ship']}'s "
        f"propulsion damage minimizes {d['minimized']} of its tactics dice, T5/T6)"
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
    "aspect": lambda d, k, s: f"{d['actor']} gains '{d['aspect']}' with {d['free']} free invoke(s)",
    "full_stop": _full_stop,
    "hit": _hit,
    "miss": _miss,
    "swarm": _swarm,
    "repair": _repair,
    "other": lambda d, k, s: f"{d['unit']}: {d['text']} (the GM resolves it)",
    "advantage": _advantage,
    "boost": lambda d, k, s: f"{d['unit']} gains a boost '{d['aspect']}'",
    "evasion": lambda d, k, s: f"{d['unit']}'s Evasion absorbs {d['absorbed']}",
    "shields": lambda d, k, s: f"{d['unit']}'s shields: {shields_left(d['shields'])}",
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
        f"{d['target']} {SYSTEM_NAMES[d['system']]}: {track_marked(d['track'])} "
        f"({d['rows']} row(s) complete)"
    ),
    "system_state": lambda d, k, s: f"{d['target']}: {d['state']}!",
    "out": _out,
    "back": lambda d, k, s: (
        f"{d['unit']} is back in action "
        f"({d['ship']}'s gun emplacements are no longer out of action)"
    ),
    "swarm_gone": lambda d, k, s: f"Swarm {d['swarm']} is broken up ('{d['aspect']}' removed)",
    "concede": _concede,
    "fate_point": lambda d, k, s: (
        f"{d['unit']} gains {d['fate_points']} fate point(s) for its aspects invoked against it "
        f"({d['now']} now)"
    ),
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
        f"{track_marked(d['stress'])}"
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
