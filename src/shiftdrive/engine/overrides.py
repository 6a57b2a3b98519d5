"""GM overrides: the GM keeps narrative control of aspects, fate points, stress and consequences.

Each override is a Choice from the 'gm' seat, validated before anything changes, and logged
like any other command so replay and undo see it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeVar

from shiftdrive.core.aspects import Aspect, AspectKind
from shiftdrive.core.consequences import ConsequenceSlots, Severity
from shiftdrive.core.errors import RuleError
from shiftdrive.core.fate_points import FatePoints
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import Ruleset, Sheet

P = TypeVar("P")

OVERRIDES: Final[dict[str, str]] = {
    "gm_add_aspect": "name=TEXT [owner=CHARACTER] [kind=situation|character|boost|game] "
    "[zone=ZONE] [invokes=N holder=CHARACTER] [hidden=true]",
    "gm_remove_aspect": "name=TEXT",
    "gm_free_invoke": "name=TEXT holder=CHARACTER delta=N",
    "gm_fate_points": "character=NAME delta=N",
    "gm_stress": "character=NAME track=NAME box=N marked=true|false",
    "gm_consequence": "character=NAME severity=mild|moderate|severe|extreme [aspect=TEXT]",
    "gm_clear_consequence": "character=NAME severity=mild|moderate|severe|extreme",
    "gm_note": "text=TEXT",
}


def is_override(choice: Choice) -> bool:
    return choice.action in OVERRIDES


def _sheet(ruleset: Ruleset[Any, Any], state: Any, name: str) -> Sheet:
    sheets = ruleset.sheets(state)
    for key, sheet in sheets.items():
        if key.lower() == name.lower():
            return sheet
    raise RuleError(f"no character named {name!r} (characters: {', '.join(sheets) or 'none'})")


def _opening(
    ruleset: Ruleset[Any, Any],
    state: Any,
    choice: Choice,
    part: Callable[[Sheet], P | None],
    lacks: str,
) -> tuple[Sheet, P]:
    """The opening of an override that changes a part of a character's sheet that not every
    ruleset gives (fate points, consequences): the sheet `character=` names and that `part`
    of it, refused (`lacks`, the name filled in) when it has none."""
    sheet = _sheet(ruleset, state, choice.str_param("character"))
    found = part(sheet)
    if found is None:
        raise RuleError(lacks.format(sheet.name))
    return sheet, found


def _fate_points(sheet: Sheet) -> FatePoints | None:
    return sheet.fate_points


def _consequences(sheet: Sheet) -> ConsequenceSlots | None:
    return sheet.consequences


NO_FATE_POINTS: Final = "{} has no fate points in this ruleset"
NO_CONSEQUENCES: Final = "{} takes no consequences in this ruleset"


def _severity(text: str) -> Severity:
    try:
        return Severity(text.lower())
    except ValueError:
        raise RuleError(
            f"severity must be one of {', '.join(s.value for s in Severity)}, not {text!r}"
        ) from None


def apply_override(ruleset: Ruleset[Any, Any], state: Any, choice: Choice) -> list[Event]:
    """Validate then apply one GM override; raise RuleError (state unchanged) when it cannot."""
    a = choice.action
    aspects = ruleset.aspects(state)
    if a == "gm_add_aspect":
        name = choice.str_param("name").strip()
        if not name:
            raise RuleError("gm_add_aspect needs name=TEXT")
        kind_text = choice.str_param("kind") or "situation"
        try:
            kind = AspectKind(kind_text)
        except ValueError:
            raise RuleError(f"unknown aspect kind {kind_text!r}") from None
        owner = choice.str_param("owner") or None
        if owner:
            owner = _sheet(ruleset, state, owner).name
        free = choice.int_param("invokes")
        holder = choice.str_param("holder") or owner
        if free and not holder:
            raise RuleError("free invokes need holder=CHARACTER")
        if holder:
            holder = _sheet(ruleset, state, holder).name
        if name in aspects:
            raise RuleError(f"there is already an aspect named {name!r}")
        aspect = Aspect(
            name,
            kind,
            owner=owner,
            hidden=bool(choice.get("hidden")),
            zone=choice.str_param("zone") or None,
        )
        if free and holder:
            aspect.add_free(holder, free)
        aspects.add(aspect)
        return [
            _gm("add_aspect", kind=kind.value, name=name, owner=owner, free=free, holder=holder)
        ]
    if a == "gm_remove_aspect":
        removed = aspects.remove(choice.str_param("name"))
        return [_gm("remove_aspect", name=removed.name)]
    if a == "gm_free_invoke":
        aspect = aspects.get(choice.str_param("name"))
        holder = _sheet(ruleset, state, choice.str_param("holder")).name
        delta = choice.int_param("delta")
        if aspect.free_for(holder) + delta < 0:
            raise RuleError(
                f"{holder} holds only {aspect.free_for(holder)} free invoke(s) on '{aspect.name}'"
            )
        if delta > 0:
            aspect.add_free(holder, delta)
        for _ in range(-delta):
            aspect.use_free(holder)
        return [_gm("free_invoke", holder=holder, delta=delta, name=aspect.name)]
    if a == "gm_fate_points":
        sheet, points = _opening(ruleset, state, choice, _fate_points, NO_FATE_POINTS)
        delta = choice.int_param("delta")
        points.adjust(delta)
        # a character's fate points are its own side's to see (most rulesets hide the
        # others' in the views): the adjustment and the new total go to its side and the GM
        event = _gm("fate_points", character=sheet.name, delta=delta, now=points.current)
        return [Event(event.kind, event.data, frozenset({sheet.side}))]
    if a == "gm_stress":
        sheet = _sheet(ruleset, state, choice.str_param("character"))
        track_name = choice.str_param("track")
        track = next((t for k, t in sheet.stress.items() if k.lower() == track_name.lower()), None)
        if track is None:
            raise RuleError(
                f"{sheet.name} has no stress track {track_name!r} "
                f"(tracks: {', '.join(sheet.stress) or 'none'})"
            )
        box = choice.int_param("box")
        if not 1 <= box <= len(track.boxes):
            raise RuleError(f"{track.name} has boxes 1..{len(track.boxes)}, not {box}")
        marked = bool(choice.get("marked", True))
        track.set_box(box - 1, marked)
        return [
            _gm(
                "stress",
                character=sheet.name,
                track=track.name,
                box=box,
                marked=marked,
                boxes=track.render(),
            )
        ]
    if a == "gm_consequence":
        sheet, slots = _opening(ruleset, state, choice, _consequences, NO_CONSEQUENCES)
        severity = _severity(choice.str_param("severity"))
        text = choice.str_param("aspect").strip() or f"{severity.value.title()} wound"
        if text in aspects:
            raise RuleError(f"there is already an aspect named {text!r}")
        slots.take(severity, text)
        aspects.add(Aspect(text, AspectKind.CONSEQUENCE, owner=sheet.name))
        return [_gm("consequence", character=sheet.name, severity=severity.value, aspect=text)]
    if a == "gm_clear_consequence":
        sheet, slots = _opening(ruleset, state, choice, _consequences, NO_CONSEQUENCES)
        severity = _severity(choice.str_param("severity"))
        slot = slots.slots.get(severity)
        if slot is None:
            raise RuleError(f"{sheet.name} has no {severity.value} consequence")
        slots.clear(severity)
        if slot.aspect in aspects:
            aspects.remove(slot.aspect)
        return [
            _gm(
                "clear_consequence",
                character=sheet.name,
                severity=severity.value,
                aspect=slot.aspect,
            )
        ]
    if a == "gm_note":
        return [Event("gm_note", data={"text": choice.str_param("text")}, visible_to=frozenset())]
    raise RuleError(f"unknown GM override {a!r}")


def _gm(override: str, **data: Any) -> Event:
    return Event("gm", data={"override": override, **data})
