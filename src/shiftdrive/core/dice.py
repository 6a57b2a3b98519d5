"""Dice: expressions with a text form, dice sources (seeded, scripted, typed in), Fudge rolls.

Every die shiftdrive rolls comes from a DiceSource owned by the encounter (RULINGS C12), so a
battle can be replayed from its log. There is no module-level randomness anywhere.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final, Protocol

FUDGE: Final = "dF"
FUDGE_FACES: Final[tuple[int, ...]] = (-1, 0, 1)


class DiceError(ValueError):
    """A dice expression or a typed-in die value that cannot be used."""


class DiceExhausted(DiceError):
    """A scripted dice source ran out of values."""


def die_faces(die: str) -> tuple[int, ...]:
    """Faces of 'dF' or 'dN'."""
    if die == FUDGE:
        return FUDGE_FACES
    match = re.fullmatch(r"d(\d+)", die)
    if not match or int(match.group(1)) < 2:
        raise DiceError(f"unknown die {die!r}: use dF or dN with N >= 2")
    return tuple(range(1, int(match.group(1)) + 1))


# --- expressions -----------------------------------------------------------------------------

_EXPR: Final = re.compile(
    r"^\s*(?P<count>\d*)\s*d\s*(?P<sides>F|f|\d+)"
    r"(?:\s*k(?P<keep>[hl])\s*(?P<kept>\d+))?"
    r"(?:\s*(?P<sign>[+-])\s*(?P<mod>\d+))?\s*$"
)


@dataclass(frozen=True, slots=True)
class DiceExpr:
    """A roll such as 4dF+3, 2d10+5 or 3dFkh2-1 (3dF keep the best two, minus one)."""

    count: int
    die: str
    modifier: int = 0
    keep: str | None = None  # "h" keep highest, "l" keep lowest
    kept: int | None = None

    def __post_init__(self) -> None:
        die_faces(self.die)
        if self.count < 1:
            raise DiceError("a dice expression needs at least one die")
        if self.count > 1000:
            raise DiceError("at most 1000 dice in one expression")
        if (self.keep is None) != (self.kept is None):
            raise DiceError("keep needs both a direction (kh/kl) and a count")
        if self.kept is not None and not 1 <= self.kept <= self.count:
            raise DiceError(f"cannot keep {self.kept} of {self.count} dice")

    @classmethod
    def parse(cls, text: str) -> DiceExpr:
        """Parse the text form; str() of the result parses back to the same expression."""
        match = _EXPR.match(text)
        if not match:
            raise DiceError(
                f"cannot read dice expression {text!r}: expected e.g. 4dF, 4dF+3, 2d10+5, 3dFkh2"
            )
        count = int(match.group("count") or 1)
        sides = match.group("sides")
        die = FUDGE if sides in ("F", "f") else f"d{int(sides)}"
        mod = int(match.group("mod") or 0)
        if match.group("sign") == "-":
            mod = -mod
        kept = match.group("kept")
        try:
            return cls(count, die, mod, match.group("keep"), int(kept) if kept else None)
        except DiceError as exc:
            raise DiceError(f"cannot use dice expression {text!r}: {exc}") from None

    def __str__(self) -> str:
        text = f"{self.count}{self.die}"
        if self.keep:
            text += f"k{self.keep}{self.kept}"
        if self.modifier:
            text += f"{self.modifier:+d}"
        return text

    def roll(self, source: DiceSource, why: str = "") -> ExprRoll:
        faces = tuple(source.draw(self.die, self.count, why or str(self)))
        kept = _keep(faces, self.keep, self.kept)
        return ExprRoll(self, faces, kept, sum(kept) + self.modifier)


def _keep(faces: Sequence[int], keep: str | None, kept: int | None) -> tuple[int, ...]:
    if keep is None or kept is None:
        return tuple(faces)
    ordered = sorted(faces, reverse=(keep == "h"))
    return tuple(ordered[:kept])


@dataclass(frozen=True, slots=True)
class ExprRoll:
    """The dice of one DiceExpr roll and its total."""

    expr: DiceExpr
    faces: tuple[int, ...]
    kept: tuple[int, ...]
    total: int


# --- sources ---------------------------------------------------------------------------------


class DiceSource(Protocol):
    """Where dice come from. `why` says what the roll is for, so a person can be asked."""

    def draw(self, die: str, count: int, why: str, who: str = "") -> list[int]:
        """`count` dice of `die`, in a new list (the caller may keep it); `who` names the unit
        rolling (so the right seat is asked)."""
        ...


class SeededDice:
    """A private, seeded generator: the same seed gives the same dice."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._rng = random.Random(seed)
        self._bits = self._rng.getrandbits

    def draw(self, die: str, count: int, why: str, who: str = "") -> list[int]:
        # `randrange(n)` inlined (bit_length(n) random bits, redrawn while >= n), so the
        # stream is exactly randrange's, at a quarter of its cost per die.
        faces = die_faces(die)
        n = len(faces)
        k = n.bit_length()
        bits = self._bits
        out = []
        for _ in range(count):
            r = bits(k)
            while r >= n:
                r = bits(k)
            out.append(faces[r])
        return out


class ScriptedDice:
    """Values given in advance (tests, replay). Raises DiceExhausted when they run out."""

    def __init__(self, values: Iterable[int] = ()) -> None:
        self._values = list(values)
        self._pos = 0

    def push(self, values: Iterable[int]) -> None:
        self._values.extend(values)

    @property
    def remaining(self) -> int:
        return len(self._values) - self._pos

    def draw(self, die: str, count: int, why: str, who: str = "") -> list[int]:
        faces = die_faces(die)
        if self.remaining < count:
            raise DiceExhausted(f"scripted dice ran out: {why} needs {count} {die}")
        out = self._values[self._pos : self._pos + count]
        for value in out:
            if value not in faces:
                raise DiceError(f"scripted value {value} is not a face of {die} ({why})")
        self._pos += count
        return out


class DiceNeeded(Exception):
    """Dice that must come from the table before play can go on (typed-in physical dice).

    Raised by `TableDice` when it has no faces for a draw: the encounter rolls the choice
    back and asks the seat that rolls for them as a decision (`Decision(kind="dice")`).
    """

    def __init__(self, die: str, count: int, why: str, who: str = "") -> None:
        super().__init__(f"{why}: roll {count}{die}")
        self.die = die
        self.count = count
        self.why = why
        self.who = who


class TableDice:
    """Physical dice typed in at the table: serves the faces given so far, in order, and
    raises DiceNeeded for the first draw it has none for. The choice that needed them is
    applied again from the start once they are in, so nothing is ever half-applied."""

    def __init__(self, given: Iterable[list[int]] = ()) -> None:
        self.given = [list(g) for g in given]
        self._pos = 0

    def draw(self, die: str, count: int, why: str, who: str = "") -> list[int]:
        if self._pos >= len(self.given):
            raise DiceNeeded(die, count, why, who)
        values = self.given[self._pos]
        faces = die_faces(die)
        if len(values) != count or any(v not in faces for v in values):
            raise DiceError(f"{why}: need {count} values, each one of {faces}; got {values}")
        self._pos += 1
        return list(values)


def read_faces(text: str, die: str, count: int) -> list[int]:
    """Faces typed by a person: '+ - 0 +' (or 'b'/'blank' for 0) for dF, numbers otherwise.

    Raises DiceError saying what is expected.
    """
    faces = die_faces(die)
    values: list[int] = []
    for token in text.replace(",", " ").split():
        if die == FUDGE and token in ("+", "-", "0", "b", "blank"):
            values.append({"+": 1, "-": -1}.get(token, 0))
        elif die == FUDGE and set(token) <= {"+", "-", "0"}:
            values.extend({"+": 1, "-": -1}.get(ch, 0) for ch in token)
        else:
            try:
                values.append(int(token))
            except ValueError:
                values.append(-99)
    if len(values) != count or any(v not in faces for v in values):
        hint = "each +, - or 0" if die == FUDGE else f"numbers 1..{faces[-1]}"
        raise DiceError(f"need exactly {count} faces of {die} ({hint}), got {text!r}")
    return values


@dataclass(slots=True)
class DiceDraw:
    """One draw as written to the event log."""

    die: str
    values: list[int]
    why: str
    #: the unit rolling, when the rules named it (a seat that may not see it sees no draw)
    who: str = ""

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"die": self.die, "values": list(self.values), "why": self.why}
        if self.who:
            out["who"] = self.who
        return out


@dataclass(slots=True)
class RecordingDice:
    """Wraps a source and writes down every draw (C12): the log keeps the values."""

    inner: DiceSource
    draws: list[DiceDraw] = field(default_factory=list)

    def draw(self, die: str, count: int, why: str, who: str = "") -> list[int]:
        values = self.inner.draw(die, count, why, who)
        self.draws.append(DiceDraw(die, list(values), why, who))
        return values

    def take(self) -> list[DiceDraw]:
        out, self.draws = self.draws, []
        return out


class ReplayDice:
    """Serves the draws recorded in a log, checking each one asks for the same die and count."""

    def __init__(self, draws: Iterable[DiceDraw]) -> None:
        self._draws = list(draws)
        self._pos = 0

    @property
    def remaining(self) -> int:
        return len(self._draws) - self._pos

    def draw(self, die: str, count: int, why: str, who: str = "") -> list[int]:
        if self._pos >= len(self._draws):
            raise DiceExhausted(f"the log has no more dice: {why} needs {count} {die}")
        rec = self._draws[self._pos]
        if rec.die != die or len(rec.values) != count:
            raise DiceError(
                f"log mismatch: {why} asks for {count}{die}, the log has "
                f"{len(rec.values)}{rec.die} ({rec.why})"
            )
        self._pos += 1
        return list(rec.values)


# --- Fudge rolls -----------------------------------------------------------------------------


@dataclass(slots=True, init=False, eq=False)
class FudgeRoll:
    """A Fudge roll: the faces rolled, the faces kept, and how many dice were fixed.

    A value, never changed once made. Not a frozen dataclass, with its `__init__`, `__eq__`
    and `__hash__` written out: a battle rolls ~125 times, frozen fields are set through
    `object.__setattr__`, and the compiled build leaves a dataclass's generated methods
    interpreted. `total` is worked out once, here: the rules read it several times a roll.
    """

    faces: tuple[int, ...]
    kept: tuple[int, ...]
    minimized: int
    maximized: int
    total: int = field(init=False, repr=False)

    def __init__(
        self, faces: tuple[int, ...], kept: tuple[int, ...], minimized: int = 0, maximized: int = 0
    ) -> None:
        self.faces = faces
        self.kept = kept
        self.minimized = minimized
        self.maximized = maximized
        self.total = sum(kept) - minimized + maximized

    def _key(self) -> tuple[tuple[int, ...], tuple[int, ...], int, int]:
        return (self.faces, self.kept, self.minimized, self.maximized)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FudgeRoll) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def symbols(self) -> str:
        """Dice as a person reads them: + for +1, - for -1, 0 for a blank; fixed dice in []."""
        text = fudge_symbols(self.faces)
        fixed = ["-"] * self.minimized + ["+"] * self.maximized
        if fixed:
            text = (text + " " if text else "") + "[" + " ".join(fixed) + "]"
        return text


_SYMBOL: Final = {1: "+", 0: "0", -1: "-"}


def face_total(faces: list[int]) -> int:
    """The faces' sum (a conflict adds its dice up several times per decision)."""
    return sum(faces)


def fudge_symbols(faces: Iterable[int]) -> str:
    """Fudge faces as a person reads them: + for +1, - for -1, 0 for a blank."""
    return " ".join(_SYMBOL[f] for f in faces)


def roll_fudge(
    source: DiceSource,
    count: int = 4,
    *,
    advantage: int = 0,
    minimized: int = 0,
    maximized: int = 0,
    why: str = "",
    who: str = "",
) -> FudgeRoll:
    """Roll NdF. Advantage > 0 rolls one more die and keeps the best `count` (F1), < 0 the worst.

    Minimized / maximized dice are not rolled: they count as - / + (T6). Several advantages
    count once; advantage and disadvantage cancel before this call (F1).
    """
    if not (minimized or maximized or advantage) and count > 0:
        # The common roll (plain NdF, ~125 a simulated battle): nothing fixed, nothing dropped.
        faces = tuple(source.draw(FUDGE, count, why or f"{count}dF", who))
        return FudgeRoll(faces, faces)
    if minimized < 0 or maximized < 0 or count < 0:
        raise DiceError("dice counts cannot be negative")
    fixed = min(count, minimized + maximized)
    minimized = min(minimized, count)
    maximized = fixed - minimized
    rolled = count - fixed
    if rolled == 0:
        return FudgeRoll((), (), minimized, maximized)
    extra = 1 if advantage else 0
    faces = tuple(source.draw(FUDGE, rolled + extra, why or f"{rolled + extra}dF", who))
    if advantage > 0:
        kept = tuple(sorted(faces, reverse=True)[:rolled])
    elif advantage < 0:
        kept = tuple(sorted(faces)[:rolled])
    else:
        kept = faces
    return FudgeRoll(faces, kept, minimized, maximized)
