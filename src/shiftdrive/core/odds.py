"""Exact odds of Fudge rolls as Fractions: fixed difficulty or opposed, with invokes and a reroll.

Everything is a function of the shift distribution (RULINGS C2): shifts = skill + own dice
- (difficulty, or opposing skill + opposing dice). Dice distributions are counted exactly with
integers (multinomial counts over 3^n outcomes) and turned into Fractions only at the end, so
a full opposed table costs a handful of small convolutions, not one enumeration per cell.

Spending policy (the tool's documented default, C4: invokes are declared after the dice are
seen, the opponent's dice included):

1. Reroll: if one is available and the roll is failing (shifts < 0), the roller rerolls all
   their own dice once, before any +2 invoke. The opposition (difficulty, or the opponent's
   dice already on the table) stays as it was. A tie is not rerolled. The reroll is separate
   from `invokes`: it does not use one of them.
2. +2 invokes: then, while the roll is not yet a success (shifts < 1, so a tie too; shifts
   < 0 when a tie succeeds) and invokes remain, spend one for +2.
3. The outcome, and a hazardous mishap (shifts <= -3), are judged on the final shifts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Final

from shiftdrive.core.outcomes import Outcome, outcome_of

__all__ = [
    "Odds",
    "OddsQuery",
    "clear_caches",
    "fudge_distribution",
    "odds",
    "opposed_table",
    "pilot_wave_table",
]

# (value, integer weight) pairs, sorted by value, and the common denominator of the weights.
_Counts = tuple[tuple[tuple[int, int], ...], int]
# Normalized dice: (dice rolled, advantage sign, minimized, maximized).
_DiceKey = tuple[int, int, int, int]

_OUTCOME_KEYS: Final[tuple[str, ...]] = ("fail", "tie", "success", "style", "mishap")


# --- dice distributions ----------------------------------------------------------------------


def _dice_key(count: int, advantage: int, minimized: int, maximized: int) -> _DiceKey:
    """Normalize like roll_fudge does: fixed dice capped at count, advantage counts by sign."""
    if count < 0:
        raise ValueError(f"dice count must be >= 0, got {count}")
    if minimized < 0 or maximized < 0:
        raise ValueError("minimized and maximized dice must be >= 0")
    fixed = min(count, minimized + maximized)
    minimized = min(minimized, count)
    maximized = fixed - minimized
    rolled = count - fixed
    sign = (advantage > 0) - (advantage < 0) if rolled else 0
    return rolled, sign, minimized, maximized


@lru_cache(maxsize=256)
def _fudge_counts(key: _DiceKey) -> _Counts:
    """Exact counts of the kept total of `rolled`dF (+1 die and keep best/worst with advantage).

    Enumerates how many -, 0 and + faces come up (multinomial weights), so it is O(n^2) in the
    number of dice rather than 3^n.
    """
    rolled, sign, minimized, maximized = key
    thrown = rolled + (1 if sign else 0)
    fixed = maximized - minimized
    weights: dict[int, int] = {}
    for minus in range(thrown + 1):
        for zero in range(thrown - minus + 1):
            plus = thrown - minus - zero
            total = plus - minus
            if sign > 0:  # drop the lowest die
                total -= -1 if minus else (0 if zero else 1)
            elif sign < 0:  # drop the highest die
                total -= 1 if plus else (0 if zero else -1)
            weight = comb(thrown, minus) * comb(thrown - minus, zero)
            weights[total + fixed] = weights.get(total + fixed, 0) + weight
    return tuple(sorted(weights.items())), 3**thrown


def fudge_distribution(
    count: int = 4, advantage: int = 0, minimized: int = 0, maximized: int = 0
) -> dict[int, Fraction]:
    """Distribution of the total of `count`dF, as roll_fudge rolls it.

    advantage > 0 rolls count+1 dice and keeps the best `count`, < 0 keeps the worst (F1);
    minimized / maximized dice are not rolled and count as -1 / +1 (T6). The counting is cached;
    each call returns a fresh dict.
    """
    items, den = _fudge_counts(_dice_key(count, advantage, minimized, maximized))
    return {value: Fraction(weight, den) for value, weight in items}


# --- queries and results ---------------------------------------------------------------------


@dataclass(slots=True, init=False, eq=False)
class OddsQuery:
    """One roll to price: skill vs a difficulty, or vs an opposing skill that rolls too.

    The opponent rolls `dice`dF with no advantage, `opposed_minimized` of them fixed at -
    (T6). `advantage` (+1 / -1, only its sign counts), `minimized` and `maximized` apply to the
    roller. `invokes` is how many +2 invokes are available, `reroll` whether one reroll is; see
    the module docstring for how they are spent. `tie_succeeds`: a tie counts as a success
    (an overcome whose rules say so, e.g. Tachyon's fixed difficulties): `Odds.tie` is then 0
    and `success` holds 0-2 shifts.

    A query is a cache key (`odds`, bots): it is never changed once made. It is not a frozen
    dataclass, and its `__init__`, `__eq__` and `__hash__` are written out, because bots make
    one per shot they weigh: frozen fields are set through `object.__setattr__`, and the
    compiled build leaves a dataclass's generated methods interpreted.
    """

    skill: int
    difficulty: int | None
    opposed: int | None
    dice: int
    advantage: int
    invokes: int
    reroll: bool
    hazardous: bool
    minimized: int
    maximized: int
    opposed_minimized: int
    tie_succeeds: bool

    def __init__(
        self,
        skill: int,
        difficulty: int | None = None,
        opposed: int | None = None,
        dice: int = 4,
        advantage: int = 0,
        invokes: int = 0,
        reroll: bool = False,
        hazardous: bool = False,
        minimized: int = 0,
        maximized: int = 0,
        opposed_minimized: int = 0,
        tie_succeeds: bool = False,
    ) -> None:
        if (difficulty is None) == (opposed is None):
            raise ValueError("set exactly one of difficulty and opposed")
        if dice < 1:
            raise ValueError(f"dice must be >= 1, got {dice}")
        if invokes < 0:
            raise ValueError(f"invokes must be >= 0, got {invokes}")
        if minimized < 0 or maximized < 0 or opposed_minimized < 0:
            raise ValueError("minimized and maximized dice must be >= 0")
        self.skill = skill
        self.difficulty = difficulty
        self.opposed = opposed
        self.dice = dice
        self.advantage = advantage
        self.invokes = invokes
        self.reroll = reroll
        self.hazardous = hazardous
        self.minimized = minimized
        self.maximized = maximized
        self.opposed_minimized = opposed_minimized
        self.tie_succeeds = tie_succeeds

    def _key(self) -> tuple[int | bool | None, ...]:
        return (
            self.skill, self.difficulty, self.opposed, self.dice, self.advantage, self.invokes,
            self.reroll, self.hazardous, self.minimized, self.maximized, self.opposed_minimized,
            self.tie_succeeds,
        )  # fmt: skip

    def __eq__(self, other: object) -> bool:
        return isinstance(other, OddsQuery) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())


@dataclass(frozen=True, slots=True)
class Odds:
    """Exact chances of each outcome (C2) and of each final shift count.

    `success` is 1-2 shifts, `style` 3 or more. `mishap` (shifts <= -3) is nonzero only on a
    hazardous roll, and is then not counted in `fail`.
    """

    fail: Fraction
    tie: Fraction
    success: Fraction
    style: Fraction
    mishap: Fraction
    shifts: dict[int, Fraction] = field(hash=False)

    def as_dict(self) -> dict[str, str]:
        """The five outcome chances as 'n/d' strings ('1/1', '0/1' included)."""
        return {key: f"{f.numerator}/{f.denominator}" for key, f in self._items()}

    @property
    def at_least_tie(self) -> Fraction:
        return self.tie + self.success + self.style

    @property
    def at_least_success(self) -> Fraction:
        return self.success + self.style

    def check(self) -> None:
        """Raise AssertionError unless the outcomes, and the shifts, each sum to exactly 1."""
        total = sum((f for _, f in self._items()), Fraction(0))
        if total != 1:
            raise AssertionError(f"outcome chances sum to {total}, not 1")
        shifts_total = sum(self.shifts.values(), Fraction(0))
        if shifts_total != 1:
            raise AssertionError(f"shift chances sum to {shifts_total}, not 1")

    def _items(self) -> tuple[tuple[str, Fraction], ...]:
        return (
            ("fail", self.fail),
            ("tie", self.tie),
            ("success", self.success),
            ("style", self.style),
            ("mishap", self.mishap),
        )


# --- the engine ------------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def _pre_invoke(offset: int, own: _DiceKey, opp: _DiceKey | None, reroll: bool) -> _Counts:
    """Shifts after the reroll decision, before +2 invokes: offset + own roll - opposing roll.

    `offset` is skill - difficulty, or skill - opposing skill; `opp` is None for a fixed
    difficulty. With a reroll, each opposing total is conditioned on separately, because the
    opponent's dice stay on the table while the roller rerolls.
    """
    if not reroll and offset != 0:
        # The difference distribution is convolved once per dice kind, then only shifted.
        items, den = _pre_invoke(0, own, opp, False)
        return tuple((s + offset, w) for s, w in items), den
    own_items, own_den = _fudge_counts(own)
    opp_items, opp_den = _fudge_counts(opp) if opp is not None else (((0, 1),), 1)
    out: dict[int, int] = {}
    if not reroll:
        for o, wo in opp_items:
            base = offset - o
            for r, wr in own_items:
                s = base + r
                out[s] = out.get(s, 0) + wo * wr
        return tuple(sorted(out.items())), own_den * opp_den
    for o, wo in opp_items:
        base = offset - o
        failing = sum(wr for r, wr in own_items if base + r < 0)
        for r, wr in own_items:
            s = base + r
            # Either the first roll stands (s >= 0), or it failed and the reroll landed on s.
            w = failing * wr + (own_den * wr if s >= 0 else 0)
            if w:
                out[s] = out.get(s, 0) + wo * w
    return tuple(sorted(out.items())), own_den * own_den * opp_den


def _after_invokes(shifts: int, invokes: int, need: int = 1) -> int:
    """Spend +2 invokes one at a time while the roll is not a success (shifts < `need`: 1,
    or 0 when a tie succeeds)."""
    if shifts >= need or invokes <= 0:
        return shifts
    needed = (need + 1 - shifts) // 2  # ceil((need - shifts) / 2)
    return shifts + 2 * min(invokes, needed)


def _build(counts: _Counts, invokes: int, hazardous: bool, tie_succeeds: bool = False) -> Odds:
    items, den = counts
    final: dict[int, int] = {}
    need = 0 if tie_succeeds else 1
    for s, w in items:
        t = _after_invokes(s, invokes, need)
        final[t] = final.get(t, 0) + w
    by_outcome = dict.fromkeys(Outcome, 0)
    for s, w in final.items():
        o = outcome_of(s, hazardous=hazardous)
        by_outcome[Outcome.SUCCESS if tie_succeeds and o is Outcome.TIE else o] += w
    return Odds(
        fail=Fraction(by_outcome[Outcome.FAIL], den),
        tie=Fraction(by_outcome[Outcome.TIE], den),
        success=Fraction(by_outcome[Outcome.SUCCESS], den),
        style=Fraction(by_outcome[Outcome.STYLE], den),
        mishap=Fraction(by_outcome[Outcome.MISHAP], den),
        shifts={s: Fraction(final[s], den) for s in sorted(final)},
    )


@lru_cache(maxsize=4096)
def _priced(q: OddsQuery) -> Odds:
    own = _dice_key(q.dice, q.advantage, q.minimized, q.maximized)
    if q.difficulty is not None:
        offset, opp = q.skill - q.difficulty, None
    else:
        assert q.opposed is not None  # checked in OddsQuery
        offset, opp = q.skill - q.opposed, _dice_key(q.dice, 0, q.opposed_minimized, 0)
    return _build(_pre_invoke(offset, own, opp, q.reroll), q.invokes, q.hazardous, q.tie_succeeds)


def odds(q: OddsQuery) -> Odds:
    """Exact odds of one roll, spending invokes and the reroll as the module docstring says.

    Bots price the same few rolls over and over, so results are cached per query; each call
    still gets its own Odds (its `shifts` dict is mutable).
    """
    o = _priced(q)
    return Odds(o.fail, o.tie, o.success, o.style, o.mishap, dict(o.shifts))


def opposed_table(
    max_skill: int = 8,
    max_invokes: int = 3,
    dice: int = 4,
    *,
    advantage: int = 0,
    reroll: bool = False,
    hazardous: bool = False,
) -> dict[tuple[int, int, int], Odds]:
    """Odds for every (skill, opposing skill, invokes) in 0..max_skill x 0..max_skill x
    0..max_invokes, both sides rolling `dice`dF (the roller with `advantage`).

    A cell depends only on skill - opposing skill and the invokes, so each of the
    2*max_skill+1 offsets is priced once per invoke count; every cell gets its own Odds.
    """
    if max_skill < 0 or max_invokes < 0:
        raise ValueError("max_skill and max_invokes must be >= 0")
    if dice < 1:
        raise ValueError(f"dice must be >= 1, got {dice}")
    own = _dice_key(dice, advantage, 0, 0)
    opp = _dice_key(dice, 0, 0, 0)
    priced: dict[tuple[int, int], Odds] = {}
    for offset in range(-max_skill, max_skill + 1):
        counts = _pre_invoke(offset, own, opp, reroll)
        for n in range(max_invokes + 1):
            priced[offset, n] = _build(counts, n, hazardous)
    table: dict[tuple[int, int, int], Odds] = {}
    for skill in range(max_skill + 1):
        for other in range(max_skill + 1):
            for n in range(max_invokes + 1):
                o = priced[skill - other, n]
                table[skill, other, n] = Odds(
                    o.fail, o.tie, o.success, o.style, o.mishap, dict(o.shifts)
                )
    return table


def pilot_wave_table() -> dict[int, Fraction]:
    """C3: P(4dF >= difficulty) for a skill of 0, ties counting, difficulties -4..4."""
    return {d: odds(OddsQuery(skill=0, difficulty=d)).at_least_tie for d in range(-4, 5)}


def clear_caches() -> None:
    """Forget cached dice counts and shift distributions (for cold-start benchmarks)."""
    _fudge_counts.cache_clear()
    _pre_invoke.cache_clear()
    _priced.cache_clear()
