"""The GM's skill checks (seed: "a skill check determined by the GM"; F10): the check die
(`rules.light_die`, default 1d10) + a bonus the GM sets, less any penalty, against a
difficulty the GM sets; success on reaching it. Light combat resolves its actions with them,
and breaking free of restraint is one ("[Dexterity + Athletics] disadvantaged by 4").
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Final

from shiftdrive.core.dice import DiceSource, die_faces
from shiftdrive.engine.choices import Choice
from shiftdrive.rulesets.fully_automated.state import FAState
from shiftdrive.rulesets.fully_automated.table import rules

CHECK_LIMIT: Final = 50  # the largest bonus or difficulty a GM's skill check takes


def check_fault(choice: Choice, *others: str) -> str | None:
    """Why `choice`'s `bonus=N difficulty=N` (beside the `others` it takes) is no check."""
    vals = [choice.get("bonus"), choice.get("difficulty")]
    if set(dict(choice.params)) != {"bonus", "difficulty", *others} or not all(
        isinstance(v, int) and not isinstance(v, bool) and abs(v) <= CHECK_LIMIT for v in vals
    ):
        need = " ".join(f"{o}=..." for o in others)
        return (
            f"{choice.action} needs {need + ' ' if need else ''}bonus=N difficulty=N "
            f"(whole numbers, at most {CHECK_LIMIT})"
        )
    return None


def succeeds(total: int, difficulty: int) -> bool:
    """A check succeeds on reaching its difficulty (the GM's checks, F10)."""
    return total >= difficulty


def check_chance(state: FAState, bonus: int, difficulty: int, penalty: int = 0) -> Fraction:
    """The exact chance that `skill_check` with these numbers succeeds: the check die's faces
    counted (the odds column of the GM's `check` and `break_free`)."""
    faces = die_faces(rules(state).light_die)
    wins = sum(1 for v in faces if succeeds(v + bonus - penalty, difficulty))
    return Fraction(wins, len(faces))


def skill_check(
    state: FAState,
    dice: DiceSource,
    who: str,
    bonus: int,
    difficulty: int,
    penalty: int = 0,
    purpose: str = "",
) -> dict[str, Any]:
    """Roll one check for `who`; the `check` event's data (`success` among it)."""
    die = rules(state).light_die
    why = f"skill check for {who}" + (f": {purpose}" if purpose else "")
    value = dice.draw(die, 1, why, who)[0]
    total = value + bonus - penalty
    return {
        "character": who,
        "die": die,
        "roll": value,
        "bonus": bonus,
        "penalty": penalty,
        "total": total,
        "difficulty": difficulty,
        "success": succeeds(total, difficulty),
        "purpose": purpose,
    }
