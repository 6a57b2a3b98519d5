"""A Pilot Wave character as a file holds it, and the character-creation rules (P3) that
`shiftdrive check` enforces: aspects by category, three stunts, 3 attribute shifts, the skill
pyramid. An NPC marked `exempt` skips the creation rules (not the file's shape)."""

from __future__ import annotations

from collections import Counter
from typing import Annotated, Any, Literal, get_args

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator

from shiftdrive.core.ladder import describe, parse_rating
from shiftdrive.engine.scenario import Flag, Number
from shiftdrive.rulesets.pilot_wave.catalog import (
    ASPECT_COUNTS,
    ATTRIBUTE_SHIFTS,
    PYRAMID,
    REFRESH,
    SKILLS,
    STUNTS,
)

#: the seed's "Consequences" a player character has from the start (C9; extreme besides,
#: once per milestone)
PC_CONSEQUENCES = ("mild", "moderate", "severe")
#: P13's powers, one per psychic character
POWERS = Literal["jumper", "mover", "pusher", "shifter", "sniff", "watcher"]
SKILL_NAMES = {s.lower(): s for s in SKILLS}


def _named(text: str) -> str:
    if not text.strip():
        raise ValueError("is blank: it needs a name")
    return text


#: a name or an aspect: some text that is not only spaces
Text = Annotated[str, Field(max_length=200), AfterValidator(_named)]


def _as_list(value: Any) -> Any:
    return [value] if isinstance(value, str) else value


class AspectsSpec(BaseModel):
    """A character's aspects by category (P3); one text or a list for each."""

    model_config = ConfigDict(extra="forbid")
    archetype: list[Text] = []
    careers: list[Text] = []
    trouble: list[Text] = []
    convictions: list[Text] = []
    ties: list[Text] = []
    gear: list[Text] = []

    _lists = field_validator("*", mode="before")(_as_list)

    def all(self) -> list[tuple[str, str]]:
        """(category, aspect) for every aspect, in category order."""
        return [(cat, a) for cat in ASPECT_COUNTS for a in getattr(self, cat)]


#: why a YAML true / false is refused where a rating goes
NOT_A_RATING = "must be a number or a ladder word ('Good'), not true / false"


def _rating(value: Any) -> Any:
    """A rating typed as a number or a ladder word ('Good'); never true / false (a YAML flag
    would otherwise pass for 1 or 0)."""
    if isinstance(value, bool):
        raise ValueError(NOT_A_RATING)
    if isinstance(value, str):
        try:
            return parse_rating(value)
        except ValueError as exc:
            raise ValueError(str(exc)) from None
    return value


#: a rating once `_rating` has read a ladder word: a whole number (no true / false, no 2.0)
Rating = Annotated[Number, Field(ge=-4, le=12)]


class VehicleSpec(BaseModel):
    """A vehicle and its crew as one unit: the crew's skills drive and fire it (a documented
    default); P9's catalog gives it 3 stress boxes and armor 1 (light) or 3 (armored)."""

    model_config = ConfigDict(extra="forbid")
    kind: Text = "vehicle"
    kph: Number = Field(ge=1, le=2000)
    armor: Literal["light", "armored"] = "light"


class CharacterSpec(BaseModel):
    """One character: the sheet (P3) and where it stands in a scenario."""

    model_config = ConfigDict(extra="forbid")
    name: Text
    aspects: AspectsSpec = AspectsSpec()
    stunts: list[Text] = []
    physique: Rating = 0
    psyche: Rating = 0
    skills: dict[str, Rating] = {}
    power: POWERS | None = None
    refresh: Number = Field(default=REFRESH, ge=0, le=20)
    fate_points: Number | None = Field(default=None, ge=0, le=50)
    #: an NPC the creation rules do not bind (a mook, a monster)
    exempt: Flag = False
    #: a vehicle with its crew (drives by kph, carries crew-served weapons)
    vehicle: VehicleSpec | None = None
    # --- in a scenario
    at: str | None = None
    surprised: Flag = False
    weapon: str | None = None
    #: the mode the weapon is set to at the start (`catalog.SINGLE_FIRE`, `AUTOMATIC_FIRE`):
    #: single unless the scenario says so; automatic needs a weapon with automatic fire
    fire_mode: Literal["single", "automatic"] = "single"
    armor: str | None = None
    consequences: list[Literal["mild", "moderate", "severe", "extreme"]] = [
        "mild",
        "moderate",
        "severe",
    ]

    @field_validator("skills", mode="before")
    @classmethod
    def _skill_ratings(cls, value: Any) -> Any:
        if isinstance(value, dict):
            for k, v in value.items():
                if isinstance(v, bool):
                    raise ValueError(f"{k}: {NOT_A_RATING}")
            return {k: _rating(v) for k, v in value.items()}
        return value

    @field_validator("physique", "psyche", mode="before")
    @classmethod
    def _attribute(cls, value: Any) -> Any:
        return _rating(value)

    def listed_skills(self) -> dict[str, int]:
        """The listed skills by their canonical names (unknown names are left out)."""
        return {
            SKILL_NAMES[k.lower()]: v for k, v in self.skills.items() if k.lower() in SKILL_NAMES
        }


def shape_problems(c: CharacterSpec) -> list[tuple[str, str]]:
    """What no character may have, exempt or not: unknown or repeated skills; a consequence
    slot listed twice (C9: one slot of each)."""
    out: list[tuple[str, str]] = []
    seen: set[str] = set()
    for skill in c.skills:
        key = skill.lower()
        if key not in SKILL_NAMES:
            out.append((f"skills.{skill}", f"{c.name}: {skill!r} is not a Pilot Wave skill"))
        elif key in seen:
            out.append((f"skills.{skill}", f"{c.name}: {skill!r} is listed twice"))
        seen.add(key)
    again = first_repeat(list(c.consequences))
    if again is not None:
        out.append(("consequences", f"{c.name}: {again!r} is listed twice (one slot of each, C9)"))
    return out


def aspect_key(text: str) -> str:
    """What makes two aspects (or two stunts) the same: their text in any case."""
    return text.lower()


def first_repeat(texts: list[str]) -> str | None:
    """The first of `texts` that repeats an earlier one (`aspect_key`), None if none does."""
    seen: set[str] = set()
    for text in texts:
        if aspect_key(text) in seen:
            return text
        seen.add(aspect_key(text))
    return None


def aspect_repeats(c: CharacterSpec, seen: dict[str, str], base: str = "") -> list[tuple[str, str]]:
    """Aspects need their own names (an aspect is invoked, compelled and tagged by its name):
    each of `c`'s aspects whose text (in any case) is already in `seen` (text -> where) is a
    problem at `base` + its field; `seen` takes `c`'s aspects. A character file starts with
    nothing seen; a scenario with its scene's aspects and the characters before."""
    out: list[tuple[str, str]] = []
    for cat, text in c.aspects.all():
        path = f"{base}aspects.{cat}"
        held = seen.get(aspect_key(text))
        if held is not None:
            out.append(
                (
                    path,
                    f"{c.name}: the aspect {text!r} is already in play ({held}); "
                    "aspects need their own names",
                )
            )
        seen[aspect_key(text)] = path
    return out


def creation_breaches(c: CharacterSpec) -> list[tuple[str, str]]:
    """P3's creation rules, one breach per (field, reason), each naming the character."""
    if c.exempt or c.vehicle is not None:
        return []
    out: list[tuple[str, str]] = []
    for cat, (least, most) in ASPECT_COUNTS.items():
        n = len(getattr(c.aspects, cat))
        if n < least or (most is not None and n > most):
            want = f"{least}" if least == most else f"at least {least}"
            out.append((f"aspects.{cat}", f"{c.name}: needs {want} {cat} aspect(s), has {n}"))
    if len(c.stunts) != STUNTS:
        out.append(("stunts", f"{c.name}: needs {STUNTS} stunts, has {len(c.stunts)}"))
    missing = [s for s in PC_CONSEQUENCES if s not in c.consequences]
    if missing:
        out.append(
            (
                "consequences",
                f"{c.name}: a player character has a {', '.join(PC_CONSEQUENCES)} "
                f"consequence slot; {', '.join(missing)} missing",
            )
        )
    again = first_repeat(c.stunts)
    if again is not None:
        out.append(("stunts", f"{c.name}: the stunt {again!r} is listed twice: three stunts"))
    if c.refresh != REFRESH:
        out.append(
            (
                "refresh",
                f"{c.name}: a player character's refresh is {REFRESH} (three stunts), not "
                f"{c.refresh} (`exempt: true` for an NPC the creation rules do not bind)",
            )
        )
    if c.physique < 0 or c.psyche < 0:
        out.append(("physique", f"{c.name}: attributes start at 0 and only gain shifts"))
    if c.physique + c.psyche != ATTRIBUTE_SHIFTS:
        out.append(
            (
                "physique",
                f"{c.name}: Physique {c.physique} + Psyche {c.psyche} = "
                f"{c.physique + c.psyche}; a character shares exactly {ATTRIBUTE_SHIFTS} shifts",
            )
        )
    counts = Counter(c.listed_skills().values())
    for rating, need in PYRAMID.items():
        if counts.get(rating, 0) != need:
            out.append(
                (
                    "skills",
                    f"{c.name}: needs {need} skill(s) at {describe(rating)}, "
                    f"has {counts.get(rating, 0)}",
                )
            )
    for skill, rating in c.listed_skills().items():
        if rating not in PYRAMID:
            out.append(
                (
                    f"skills.{skill}",
                    f"{c.name}: {describe(rating)} is not a step of the pyramid "
                    "(one Great, two Good, three Fair, four Average; leave others unlisted)",
                )
            )
    return out


# --- making a character, step by step (`shiftdrive character new`) ----------------------------
#: (field, question, how many answers: a number, or 0 for one or more), in the seed's order
CREATION_STEPS: tuple[tuple[str, str, int], ...] = (
    ("name", "Name", 1),
    ("archetype", "Archetype (your high concept)", 1),
    ("careers", "Career(s), one or more, separated by commas", 0),
    ("trouble", "Trouble", 1),
    ("convictions", "Two convictions, separated by commas", 2),
    ("ties", "Two ties, separated by commas", 2),
    ("gear", "Gear aspect", 1),
    ("stunts", "Three stunts, separated by commas", STUNTS),
    (
        "physique",
        f"Physique: how many of your {ATTRIBUTE_SHIFTS} attribute shifts (the rest go to Psyche)",
        1,
    ),
    ("great", "Your Great (+4) skill", PYRAMID[4]),
    ("good", "Your two Good (+3) skills, separated by commas", PYRAMID[3]),
    ("fair", "Your three Fair (+2) skills, separated by commas", PYRAMID[2]),
    ("average", "Your four Average (+1) skills, separated by commas", PYRAMID[1]),
    (
        "power",
        "Psychic power, if any (jumper, mover, pusher, shifter, sniff, watcher; blank for none)",
        -1,
    ),
)
PYRAMID_STEPS: dict[str, int] = {"great": 4, "good": 3, "fair": 2, "average": 1}
ASPECT_STEPS = ("archetype", "careers", "trouble", "convictions", "ties", "gear")


def answer_problem(
    field: str, count: int, answers: list[str], so_far: dict[str, list[str]]
) -> str | None:
    """Why an answer to one creation step cannot stand (so the step is asked again)."""
    if count == -1:
        if len(answers) > 1:
            return "one power at most: only one manifests in a psychic (P13)"
        if answers and answers[0].lower() not in get_args(POWERS):
            return f"{answers[0]!r} is not a power ({', '.join(get_args(POWERS))})"
        return None
    if count == 0 and not answers:
        return "give at least one"
    if count > 0 and len(answers) != count:
        return f"give exactly {count}"
    if field == "physique" and answers[0] not in {str(n) for n in range(ATTRIBUTE_SHIFTS + 1)}:
        return f"a number from 0 to {ATTRIBUTE_SHIFTS}"
    if field in ASPECT_STEPS:
        earlier = [a for step in ASPECT_STEPS if step != field for a in so_far.get(step, [])]
        again = first_repeat([*earlier, *answers])
        if again is not None:
            return f"{again!r} is already an aspect of this character: aspects need their own names"
    if field == "stunts" and (again := first_repeat(answers)) is not None:
        return f"{again!r} is given twice: name three different stunts"
    if field in PYRAMID_STEPS:
        taken = {s.lower() for step in PYRAMID_STEPS if step != field for s in so_far.get(step, [])}
        for a in answers:
            if a.lower() not in SKILL_NAMES:
                return f"{a!r} is not a Pilot Wave skill ({', '.join(SKILLS)})"
            if a.lower() in taken:
                return f"{a!r} already has a rating"
        if len({a.lower() for a in answers}) != len(answers):
            return "name each skill once"
    return None


def sheet_from_answers(answers: dict[str, list[str]]) -> dict[str, Any]:
    """The character file's data from the answers of every step."""
    physique = int(answers["physique"][0])
    skills = {
        SKILL_NAMES[s.lower()]: rating
        for step, rating in PYRAMID_STEPS.items()
        for s in answers[step]
    }
    sheet: dict[str, Any] = {
        "name": answers["name"][0],
        "aspects": {
            cat: (answers[cat][0] if ASPECT_COUNTS[cat] == (1, 1) else list(answers[cat]))
            for cat in ASPECT_STEPS
        },
        "stunts": list(answers["stunts"]),
        "physique": physique,
        "psyche": ATTRIBUTE_SHIFTS - physique,
        "skills": skills,
    }
    if answers.get("power"):
        sheet["power"] = answers["power"][0].lower()
    return sheet


def sheet_problems(sheet: dict[str, Any]) -> list[tuple[str, str]]:
    """Everything wrong with a character file's data: its shape, then P3's rules."""
    from shiftdrive.engine.scenario import ScenarioError, validate_model

    try:
        c = validate_model(CharacterSpec, sheet)
    except ScenarioError as exc:
        return exc.problems
    return shape_problems(c) + aspect_repeats(c, {}) + creation_breaches(c)
