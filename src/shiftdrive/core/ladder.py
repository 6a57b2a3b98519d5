"""The Fate ladder (RULINGS C1): attempt names and Pilot Wave's difficulty names."""

from __future__ import annotations

from typing import Final

ATTEMPT_NAMES: Final[dict[int, str]] = {
    -4: "Abysmal", -3: "Awful", -2: "Terrible", -1: "Poor", 0: "Mediocre", 1: "Average",
    2: "Fair", 3: "Good", 4: "Great", 5: "Superb", 6: "Fantastic", 7: "Epic", 8: "Legendary",
    9: "Extraordinary", 10: "Phenomenal", 11: "Prodigious", 12: "Freakish",
}  # fmt: skip

DIFFICULTY_NAMES: Final[dict[int, str]] = {
    -4: "Certain", -3: "Cinch", -2: "Effortless", -1: "Easy", 0: "Trivial", 1: "Normal",
    2: "Routine", 3: "Difficult", 4: "Formidable", 5: "Staggering", 6: "Impossible",
    7: "Hopeless", 8: "Futile", 9: "Absurd", 10: "Inconceivable", 11: "Preposterous",
    12: "Unattainable",
}  # fmt: skip

_BY_NAME: Final[dict[str, int]] = {
    **{name.lower(): value for value, name in ATTEMPT_NAMES.items()},
    **{name.lower(): value for value, name in DIFFICULTY_NAMES.items()},
}


def attempt_name(value: int) -> str | None:
    """Ladder adjective for a result; None off the ladder (still a valid number, C1)."""
    return ATTEMPT_NAMES.get(value)


def difficulty_name(value: int) -> str | None:
    """Pilot Wave's difficulty word for a value; None off the ladder."""
    return DIFFICULTY_NAMES.get(value)


def describe(value: int, *, difficulty: bool = False) -> str:
    """'Good (+3)' style text used everywhere a rating is shown to a person."""
    name = difficulty_name(value) if difficulty else attempt_name(value)
    number = f"{value:+d}"
    return f"{name} ({number})" if name else number


def parse_rating(text: str) -> int:
    """Read a rating typed as a number ('+3', '-1', '2') or a ladder word ('Good', 'Routine')."""
    cleaned = text.strip()
    try:
        return int(cleaned)
    except ValueError:
        pass
    key = cleaned.lower()
    if key in _BY_NAME:
        return _BY_NAME[key]
    raise ValueError(f"{text!r} is neither a number nor a ladder name")
