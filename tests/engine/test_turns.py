"""Turn-structure building blocks: ranked, popcorn, secret simultaneous, side alternation."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shiftdrive.core.errors import RuleError
from shiftdrive.engine.turns import (
    InitiativeOrder,
    PhasedRound,
    PopcornOrder,
    SecretChoices,
    SideAlternation,
)


def test_initiative_highest_first_groups_ties() -> None:
    order = InitiativeOrder({"a": 3, "b": 5, "c": 3, "d": 1})
    assert order.steps() == [["b"], ["a", "c"], ["d"]]


def test_initiative_lowest_first_for_piloting() -> None:
    order = InitiativeOrder({"a": 3, "b": 5, "c": 3, "d": 1}, ascending=True)
    assert order.steps() == [["d"], ["a", "c"], ["b"]]


def test_tiebreak_splits_ties() -> None:
    order = InitiativeOrder({"a": 3, "c": 3}, tiebreak={"a": 1, "c": 2})
    assert order.steps() == [["c"], ["a"]]


@given(st.dictionaries(st.text(min_size=1, max_size=3), st.integers(-5, 15), min_size=1))
def test_initiative_is_a_permutation_sorted_by_score(scores: dict[str, int]) -> None:
    order = InitiativeOrder(dict(scores)).order()
    assert sorted(order) == sorted(scores)
    assert [scores[n] for n in order] == sorted(scores.values(), reverse=True)
    assert InitiativeOrder.from_json(InitiativeOrder(dict(scores)).to_json()).order() == order


def test_popcorn_hands_on_and_last_opens_next_round() -> None:
    pop = PopcornOrder(["luke", "han", "vader"])
    pop.start("han")
    assert pop.next_options() == ["luke", "vader"]
    assert not pop.hand_to("vader")
    with pytest.raises(RuleError, match="already acted"):
        pop.hand_to("han")
    assert pop.next_options() == ["luke"]
    assert not pop.hand_to("luke")
    # luke is last: may pick anyone, even himself, to open the next round
    assert pop.next_options() == ["luke", "han", "vader"]
    assert pop.hand_to("luke") and pop.round == 2


def test_popcorn_marks_an_action_taken_outside_a_turn() -> None:
    """A duel round is both duellists' action (S8): the other duellist is not offered next."""
    pop = PopcornOrder(["luke", "han", "vader"])
    pop.start("luke")
    pop.mark_acted("vader")
    pop.mark_acted("vader")  # (once is enough)
    assert list(pop.acted) == ["vader"]
    assert pop.next_options() == ["han"]
    assert not pop.hand_to("han")
    assert pop.next_options() == ["luke", "han", "vader"]  # han was last: a new round


@given(
    st.lists(
        st.tuples(st.sampled_from(["hand", "mark", "remove", "interrupt"]), st.integers(0, 4)),
        max_size=40,
    )
)
def test_popcorn_everyone_acts_once_a_round(steps: list[tuple[str, int]]) -> None:
    """Whatever happens (hand-offs, duel rounds, someone leaving the fight, an interrupter
    taking the turn), the order offers exactly who has neither acted this round nor holds the
    turn, in the order of the fight, and a round ends only when nobody is left to offer."""
    names = ["a", "b", "c", "d", "e"]
    pop = PopcornOrder(list(names))
    pop.start("a")
    for what, i in steps:
        if not pop.actors:
            break
        name = pop.actors[i % len(pop.actors)]
        if what == "hand":
            offered = pop.next_options()
            round_before = pop.round
            pick = offered[i % len(offered)]
            assert pop.hand_to(pick) == (pop.round == round_before + 1)
        elif what == "mark":
            pop.mark_acted(name)
        elif what == "remove" and name != pop.current:
            pop.remove(name)
        elif what == "interrupt" and name not in pop.acted:
            pop.current = name
        expected = [a for a in pop.actors if a != pop.current and a not in pop.acted]
        assert pop.waiting() == expected
        assert PopcornOrder.from_json(pop.to_json()).waiting() == expected


def test_secret_choices_hide_until_reveal() -> None:
    sc = SecretChoices(["a", "b", "c"])
    sc.choose("a", "Punch")
    assert sc.visible_to("b") == {"mine": None, "chosen": ["a"]}
    with pytest.raises(RuleError):
        sc.choose("a", "Move")
    sc.choose("b", "Aim")
    assert sc.waiting() == ["c"]
    assert sc.reveal(default="Defend") == {"a": "Punch", "b": "Aim", "c": "Defend"}
    assert sc.chosen == {}


def test_side_alternation_with_counters() -> None:
    alt = SideAlternation.of({"red": 2, "blue": 1}, first="blue")
    seen = []
    while (side := alt.current()) is not None:
        seen.append(side)
        alt.spend(side)
    assert seen == ["blue", "red", "red"]


def test_phased_round_runs_each_phase_in_its_initiative_order() -> None:
    # Tachyon: piloting lowest initiative first (T8), gunnery highest first; ties by listing.
    rnd = PhasedRound(["piloting", "gunnery"], lowest_first=["piloting"])
    init = {"a": 3, "b": 1, "c": 3, "d": 5}
    order = []
    while (actor := rnd.next_actor(init, ["a", "b", "c", "d"])) is not None:
        order.append(actor)
        rnd.done(actor)
    assert order == ["b", "a", "c", "d"]
    assert rnd.next_phase() is False and rnd.phase == "gunnery"
    order = []
    while (actor := rnd.next_actor(init, ["a", "b", "c"])) is not None:  # d does not fire
        order.append(actor)
        rnd.done(actor)
    assert order == ["a", "c", "b"]
    assert rnd.next_phase() is True  # after the last phase, a new round
    assert (rnd.round, rnd.phase, rnd.acted) == (2, "piloting", [])


def test_phased_round_counts_actions_for_the_round() -> None:
    # T9: the modifier depends on the actions a craft took earlier this round.
    rnd = PhasedRound(["piloting", "gunnery"])
    assert rnd.earlier_actions("a") == 0
    assert rnd.count_action("a") == 1
    rnd.next_phase()
    assert rnd.earlier_actions("a") == 1 and rnd.count_action("a") == 2
    rnd.next_phase()
    assert rnd.earlier_actions("a") == 0  # a new round
    with pytest.raises(RuleError):
        PhasedRound([])


def test_phased_round_round_trips_through_json() -> None:
    rnd = PhasedRound(["piloting", "gunnery", "ew"], ["piloting"], index=1, round=3)
    rnd.done("a")
    rnd.count_action("a")
    again = PhasedRound.from_json(rnd.to_json())
    assert again.to_json() == rnd.to_json()
    assert again.next_actor({"a": 1, "b": 0}, ["a", "b"]) == "b"
