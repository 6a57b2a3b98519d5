"""Exact odds (core/odds.py): C3's table, dice counts, and icepool as an independent oracle."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction

import icepool
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shiftdrive.core.dice import ScriptedDice, roll_fudge
from shiftdrive.core.odds import (
    Odds,
    OddsQuery,
    fudge_distribution,
    odds,
    opposed_table,
    pilot_wave_table,
)

FUDGE = icepool.d(3) - 2


# --- fixed figures ---------------------------------------------------------------------------


def test_pilot_wave_table_is_c3_exactly() -> None:
    expected = [81, 80, 76, 66, 50, 31, 15, 5, 1]
    table = pilot_wave_table()
    assert list(table) == list(range(-4, 5))
    assert [table[d] for d in range(-4, 5)] == [Fraction(n, 81) for n in expected]
    assert all(isinstance(p, Fraction) for p in table.values())


def test_4df_counts() -> None:
    dist = fudge_distribution(4)
    assert list(dist) == list(range(-4, 5))
    assert [p * 81 for p in dist.values()] == [1, 4, 10, 16, 19, 16, 10, 4, 1]


def test_2df_advantage_and_disadvantage_f1() -> None:
    # 3dF keep best two / worst two, out of 27.
    best = fudge_distribution(2, advantage=1)
    worst = fudge_distribution(2, advantage=-1)
    assert {k: v * 27 for k, v in best.items()} == {-2: 1, -1: 3, 0: 7, 1: 9, 2: 7}
    assert {k: v * 27 for k, v in worst.items()} == {-2: 7, -1: 9, 0: 7, 1: 3, 2: 1}


def test_fudge_distribution_returns_fresh_dicts() -> None:
    first = fudge_distribution(4)
    first[0] = Fraction(0)
    assert fudge_distribution(4)[0] == Fraction(19, 81)


@pytest.mark.parametrize(
    ("count", "advantage", "minimized", "maximized"),
    [
        (4, 0, 0, 0),
        (4, 1, 0, 0),
        (4, -1, 0, 0),
        (2, 1, 0, 0),
        (2, -1, 1, 0),
        (4, 1, 1, 2),
        (3, 0, 0, 3),
        (2, 1, 3, 1),  # more fixed dice than dice: clamped like roll_fudge
        (4, 2, 1, 0),  # several advantages count once
        (1, -1, 0, 0),
    ],
)
def test_fudge_distribution_matches_roll_fudge(
    count: int, advantage: int, minimized: int, maximized: int
) -> None:
    """Enumerate every face sequence roll_fudge could draw and compare the totals exactly."""
    fixed = min(count, minimized + maximized)
    thrown = count - fixed + (1 if advantage and count > fixed else 0)
    totals: Counter[int] = Counter()
    for faces in itertools.product((-1, 0, 1), repeat=thrown):
        roll = roll_fudge(
            ScriptedDice(faces),
            count,
            advantage=advantage,
            minimized=minimized,
            maximized=maximized,
        )
        totals[roll.total] += 1
    expected = {t: Fraction(n, 3**thrown) for t, n in totals.items()}
    assert fudge_distribution(count, advantage, minimized, maximized) == expected


# --- queries and results ---------------------------------------------------------------------


def test_query_needs_exactly_one_opposition() -> None:
    with pytest.raises(ValueError, match="exactly one"):
        OddsQuery(skill=2)
    with pytest.raises(ValueError, match="exactly one"):
        OddsQuery(skill=2, difficulty=1, opposed=1)
    with pytest.raises(ValueError):
        OddsQuery(skill=2, difficulty=1, invokes=-1)
    with pytest.raises(ValueError):
        OddsQuery(skill=2, difficulty=1, dice=0)


def test_as_dict_format() -> None:
    certain = odds(OddsQuery(skill=10, difficulty=0))
    assert certain.as_dict() == {
        "fail": "0/1",
        "tie": "0/1",
        "success": "0/1",
        "style": "1/1",
        "mishap": "0/1",
    }
    even = odds(OddsQuery(skill=0, difficulty=0))
    assert even.as_dict() == {
        "fail": "31/81",
        "tie": "19/81",
        "success": "26/81",
        "style": "5/81",
        "mishap": "0/1",
    }
    assert even.at_least_tie == Fraction(50, 81)
    assert list(even.shifts) == sorted(even.shifts)


def test_mishap_only_when_hazardous() -> None:
    plain = odds(OddsQuery(skill=0, difficulty=1))
    risky = odds(OddsQuery(skill=0, difficulty=1, hazardous=True))
    assert plain.mishap == 0
    # shifts <= -3 against +1: 4dF <= -2, i.e. 15/81, taken out of fail.
    assert risky.mishap == Fraction(15, 81)
    assert risky.fail + risky.mishap == plain.fail
    assert (risky.tie, risky.success, risky.style) == (plain.tie, plain.success, plain.style)


def test_invoke_spent_on_a_tie_and_reroll_only_on_a_fail() -> None:
    # Skill 0 vs 0 with one invoke: a tie (0) and a fail by 1 become successes (2, 1); only a
    # roll of -2 ends as a tie (-2 + 2), and -3/-4 still fail.
    one = odds(OddsQuery(skill=0, difficulty=0, invokes=1))
    assert one.tie == Fraction(10, 81)
    assert one.success == Fraction(16 + 19 + 16 + 10, 81)
    assert one.fail == Fraction(1 + 4, 81)
    # Against +8 one invoke is not enough: at best 4 + 2 - 8 = -2, still a fail.
    assert odds(OddsQuery(skill=0, difficulty=8, invokes=1)).fail == 1
    # A tie is kept, a fail is rerolled: P(tie) = P(tie) + P(fail) * P(tie on the reroll).
    rr = odds(OddsQuery(skill=0, difficulty=0, reroll=True))
    assert rr.tie == Fraction(19, 81) + Fraction(31, 81) * Fraction(19, 81)


def test_check_catches_bad_sums() -> None:
    bad = Odds(Fraction(1), Fraction(1), Fraction(0), Fraction(0), Fraction(0), {0: Fraction(1)})
    with pytest.raises(AssertionError):
        bad.check()


def test_opposed_table_matches_odds_and_cells_are_independent() -> None:
    table = opposed_table(max_skill=4, max_invokes=2, dice=2)
    assert set(table) == set(itertools.product(range(5), range(5), range(3)))
    for (skill, other, n), cell in table.items():
        assert cell == odds(OddsQuery(skill=skill, opposed=other, dice=2, invokes=n))
    assert table[1, 1, 0].shifts is not table[2, 2, 0].shifts
    full = opposed_table()
    assert len(full) == 9 * 9 * 4
    assert full[3, 3, 0] == odds(OddsQuery(skill=3, opposed=3))
    adv = opposed_table(2, 1, 2, advantage=1, reroll=True, hazardous=True)
    assert adv[2, 0, 1] == odds(
        OddsQuery(skill=2, opposed=0, dice=2, advantage=1, invokes=1, reroll=True, hazardous=True)
    )


# --- icepool oracle --------------------------------------------------------------------------


def _roller(dice: int, advantage: int, minimized: int = 0, maximized: int = 0) -> icepool.Die:
    rolled = dice - minimized - maximized
    fixed = maximized - minimized
    if rolled == 0:
        return icepool.Die([fixed])
    if advantage > 0:
        kept = FUDGE.highest(rolled + 1, rolled)
    elif advantage < 0:
        kept = FUDGE.lowest(rolled + 1, rolled)
    else:
        kept = rolled @ FUDGE
    return kept + fixed


def _spend(shifts: int, invokes: int, need: int = 1) -> int:
    while shifts < need and invokes > 0:
        shifts += 2
        invokes -= 1
    return shifts


def _oracle(q: OddsQuery) -> Odds:
    """Price q with icepool: map the explicit policy over the dice themselves."""
    own = _roller(q.dice, q.advantage, q.minimized, q.maximized)
    if q.difficulty is not None:
        opposition, opp_dice = q.difficulty, icepool.Die([0])
    else:
        assert q.opposed is not None
        opposition, opp_dice = q.opposed, _roller(q.dice, 0, q.opposed_minimized)
    need = 0 if q.tie_succeeds else 1  # a tie that succeeds needs no invoke

    def once(first: int, theirs: int) -> int:
        return _spend(q.skill + first - opposition - theirs, q.invokes, need)

    def with_reroll(first: int, theirs: int, second: int) -> int:
        shifts = q.skill + first - opposition - theirs
        if shifts < 0:
            shifts = q.skill + second - opposition - theirs
        return _spend(shifts, q.invokes, need)

    final = (
        icepool.map(with_reroll, own, opp_dice, own)
        if q.reroll
        else icepool.map(once, own, opp_dice)
    )

    def prob(keep: Callable[[int], bool]) -> Fraction:
        return sum(
            (Fraction(final.probability(s)) for s in final.outcomes() if keep(s)), Fraction(0)
        )

    hazard = -3 if q.hazardous else None
    floor = 0 if q.tie_succeeds else 1
    return Odds(
        fail=prob(lambda s: s < 0 and (hazard is None or s > hazard)),
        tie=prob(lambda s: s == 0 and not q.tie_succeeds),
        success=prob(lambda s: floor <= s <= 2),
        style=prob(lambda s: s >= 3),
        mishap=prob(lambda s: hazard is not None and s <= hazard),
        shifts={s: Fraction(final.probability(s)) for s in final.outcomes() if final.quantity(s)},
    )


@pytest.mark.parametrize("dice", [4, 2])
@pytest.mark.parametrize("advantage", [-1, 0, 1])
@pytest.mark.parametrize("reroll", [False, True])
def test_matches_icepool(dice: int, advantage: int, reroll: bool) -> None:
    cases = 0
    for invokes in range(4):
        for hazardous in (False, True):
            for difficulty in range(-3, 7, 2 if hazardous else 1):
                q = OddsQuery(
                    skill=2,
                    difficulty=difficulty,
                    dice=dice,
                    advantage=advantage,
                    invokes=invokes,
                    reroll=reroll,
                    hazardous=hazardous,
                )
                assert odds(q) == _oracle(q), q
                cases += 1
            for skill in range(0, 6, 2 if hazardous else 1):
                q = OddsQuery(
                    skill=skill,
                    opposed=2,
                    dice=dice,
                    advantage=advantage,
                    invokes=invokes,
                    reroll=reroll,
                    hazardous=hazardous,
                )
                assert odds(q) == _oracle(q), q
                cases += 1
    assert cases > 50


@pytest.mark.parametrize(
    ("minimized", "maximized", "advantage", "opposed"),
    [(1, 0, 0, False), (0, 1, 1, True), (2, 1, -1, False), (1, 1, 1, True), (4, 0, 0, True)],
)
def test_fixed_dice_match_icepool(
    minimized: int, maximized: int, advantage: int, opposed: bool
) -> None:
    for invokes, reroll in itertools.product(range(3), (False, True)):
        q = OddsQuery(
            skill=3,
            difficulty=None if opposed else 2,
            opposed=2 if opposed else None,
            advantage=advantage,
            invokes=invokes,
            reroll=reroll,
            hazardous=True,
            minimized=minimized,
            maximized=maximized,
        )
        assert odds(q) == _oracle(q), q


# --- properties ------------------------------------------------------------------------------


@st.composite
def queries(draw: st.DrawFn) -> OddsQuery:
    dice = draw(st.sampled_from([2, 4]))
    opposed = draw(st.booleans())
    target = draw(st.integers(-4, 10))
    minimized = draw(st.integers(0, 2))
    return OddsQuery(
        skill=draw(st.integers(-2, 10)),
        difficulty=None if opposed else target,
        opposed=target if opposed else None,
        dice=dice,
        advantage=draw(st.integers(-1, 1)),
        invokes=draw(st.integers(0, 4)),
        reroll=draw(st.booleans()),
        hazardous=draw(st.booleans()),
        minimized=minimized,
        maximized=draw(st.integers(0, dice - minimized)),
    )


@settings(max_examples=150, deadline=None)
@given(queries())
def test_outcomes_sum_to_one(q: OddsQuery) -> None:
    result = odds(q)
    result.check()
    assert result.fail + result.tie + result.success + result.style + result.mishap == 1
    if not q.hazardous:
        assert result.mishap == 0


@settings(max_examples=100, deadline=None)
@given(queries())
def test_more_invokes_never_hurt(q: OddsQuery) -> None:
    more = replace(q, invokes=q.invokes + 1)
    assert odds(more).at_least_success >= odds(q).at_least_success


@settings(max_examples=100, deadline=None)
@given(queries())
def test_advantage_beats_disadvantage(q: OddsQuery) -> None:
    up = odds(replace(q, advantage=1))
    down = odds(replace(q, advantage=-1))
    assert up.at_least_success >= down.at_least_success


@settings(max_examples=100, deadline=None)
@given(queries())
def test_a_reroll_never_hurts(q: OddsQuery) -> None:
    with_it = odds(replace(q, reroll=True))
    without = odds(replace(q, reroll=False))
    assert with_it.at_least_success >= without.at_least_success


@pytest.mark.parametrize("reroll", [False, True])
def test_a_tie_that_succeeds_and_fixed_opposing_dice_match_icepool(reroll: bool) -> None:
    # Tachyon's fixed difficulties count a tie as a success; a large target's defense may
    # roll with dice minimized by system damage (T6).
    for invokes in range(3):
        for difficulty in range(-2, 6):
            q = OddsQuery(skill=2, difficulty=difficulty, invokes=invokes, reroll=reroll,
                          tie_succeeds=True)  # fmt: skip
            o = odds(q)
            assert o == _oracle(q), q
            assert o.tie == 0
            plain = odds(OddsQuery(skill=2, difficulty=difficulty, reroll=reroll))
            if invokes == 0:
                assert o.success + o.style == plain.at_least_tie
        for low in range(5):
            q = OddsQuery(skill=1, opposed=2, invokes=invokes, reroll=reroll,
                          opposed_minimized=low)  # fmt: skip
            assert odds(q) == _oracle(q), q


def test_the_tachyon_example_agrees_with_the_odds_command() -> None:
    # "Move 2 zones (pilot vs 2)" with pilot 3 against `shiftdrive odds 3 --difficulty 2`.
    o = odds(OddsQuery(3, difficulty=2, tie_succeeds=True))
    assert o.success + o.style == odds(OddsQuery(3, difficulty=2)).at_least_tie == Fraction(66, 81)
