import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shiftdrive.core.contests import Challenge, ChallengeTask, Contest, ContestRound
from shiftdrive.core.errors import RuleError
from shiftdrive.core.outcomes import Outcome


def test_victory_style_and_twist() -> None:
    c = Contest(["Zird", "Kell"])
    assert c.victories == {"Zird": 0, "Kell": 0}
    assert c.record({"Zird": 4, "Kell": 2}) == ContestRound("Zird", 1, False)
    style = c.record({"Zird": 1, "Kell": 4})
    assert style == ContestRound("Kell", 2, False)
    assert style.style
    assert c.record({"Zird": 3, "Kell": 3}) == ContestRound(None, 0, True)
    assert c.twists == 1
    assert c.victories == {"Zird": 1, "Kell": 2}
    assert c.winner is None
    c.record({"Zird": 0, "Kell": 1})
    assert c.winner == "Kell"
    assert len(c.rounds) == 4
    assert c.rounds[2] == {
        "results": {"Zird": 3, "Kell": 3},
        "leader": None,
        "victories": 0,
        "twist": True,
    }
    with pytest.raises(RuleError, match="already won by Kell"):
        c.record({"Zird": 5, "Kell": 0})


def test_style_needs_three_over_the_next_best() -> None:
    c = Contest(["A", "B", "C"], target=10)
    assert c.record({"A": 5, "B": 2, "C": 3}) == ContestRound("A", 1, False)
    assert c.record({"A": 6, "B": 2, "C": 3}) == ContestRound("A", 2, False)
    # a tie for highest is a twist even with a third participant far behind
    assert c.record({"A": 4, "B": 4, "C": -3}).twist


def test_record_validates_before_changing() -> None:
    c = Contest(["A", "B"])
    before = c.to_json()
    with pytest.raises(RuleError, match="no result for B"):
        c.record({"A": 1})
    with pytest.raises(RuleError, match="not in this contest"):
        c.record({"A": 1, "B": 0, "Q": 3})
    assert c.to_json() == before


def test_contest_needs_two() -> None:
    with pytest.raises(RuleError):
        Contest(["A"])
    with pytest.raises(RuleError):
        Contest(["A", "A"])


def test_add_victories() -> None:
    c = Contest(["A", "B"])
    c.record({"A": 3, "B": 1})
    c.add_victories("A", -1)
    assert c.victories["A"] == 0
    with pytest.raises(RuleError):
        c.add_victories("A", -1)
    with pytest.raises(RuleError):
        c.add_victories("Z", 1)


@given(st.lists(st.tuples(st.integers(-4, 8), st.integers(-4, 8)), max_size=6), st.integers(1, 5))
def test_contest_round_trip(rolls: list[tuple[int, int]], target: int) -> None:
    c = Contest(["Zird", "Kell"], target=target)
    for a, b in rolls:
        if c.winner:
            break
        c.record({"Zird": a, "Kell": b})
    back = Contest.from_json(json.loads(json.dumps(c.to_json())))
    assert back == c
    assert back.to_json() == c.to_json()
    assert sum(r["victories"] for r in c.rounds) == sum(c.victories.values())
    assert c.twists == sum(1 for r in c.rounds if r["twist"])


def tasks() -> list[ChallengeTask]:
    return [
        ChallengeTask("Plot the course", "Space Ops", 3),
        ChallengeTask("Patch the hull", "Engineering", 2),
        ChallengeTask("Calm the crew", "Interpersonal", 1),
        ChallengeTask("Jam the sensors", "Engineering", 4),
    ]


def test_challenge() -> None:
    ch = Challenge(tasks())
    assert not ch.done
    assert ch.record("Plot the course", 3) is Outcome.STYLE
    assert ch.record("Patch the hull", 0) is Outcome.TIE
    assert ch.record("Calm the crew", -1) is Outcome.FAIL
    assert ch.summary() == (
        "3 of 4 tasks rolled: 1 success with style, 1 tie (success at a minor cost), "
        "1 failure; still to roll: Jam the sensors"
    )
    assert ch.record("Jam the sensors", -3, hazardous=True) is Outcome.MISHAP
    assert ch.done
    assert ch.successes == 1
    assert ch.ties == 1
    assert ch.failures == 2
    assert ch.summary() == (
        "4 of 4 tasks rolled: 1 success with style, 1 tie (success at a minor cost), "
        "1 failure, 1 mishap"
    )


def test_challenge_refusals() -> None:
    ch = Challenge(tasks())
    ch.record("Calm the crew", 1)
    with pytest.raises(RuleError, match="already been rolled"):
        ch.record("Calm the crew", 4)
    with pytest.raises(RuleError, match="no challenge task named 'Fly'"):
        ch.record("Fly", 1)
    assert ch.results == {"Calm the crew": Outcome.SUCCESS}
    with pytest.raises(RuleError):
        Challenge([ChallengeTask("A", "x", 1), ChallengeTask("A", "y", 2)])


@given(st.lists(st.integers(-6, 6), max_size=4))
def test_challenge_round_trip(shifts: list[int]) -> None:
    ch = Challenge(tasks())
    for task, s in zip(tasks(), shifts, strict=False):
        ch.record(task.name, s)
    back = Challenge.from_json(json.loads(json.dumps(ch.to_json())))
    assert back == ch
    assert back.to_json() == ch.to_json()
