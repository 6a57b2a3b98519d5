"""GM overrides: what each says when it works and when it refuses, on a ruleset whose sheets
have stress and consequences but no fate points (the tiny example ruleset)."""

from __future__ import annotations

import pytest
import yaml

from example_ruleset import EXAMPLE
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter, IllegalChoice
from shiftdrive.engine.events import GM


def start() -> Encounter:
    return Encounter.start(yaml.safe_load(EXAMPLE.read_text(encoding="utf-8")), seed=1)


DONE = [
    (
        Choice.of("gm_add_aspect", name="Ion Storm", invokes=1, holder="wasp"),
        "GM adds situation aspect 'Ion Storm' with 1 free invoke(s) for Wasp",
    ),
    (
        Choice.of("gm_free_invoke", name="Fast Mover", holder="Kestrel", delta=2),
        "GM gives Kestrel +2 free invoke(s) on 'Fast Mover'",
    ),
    (Choice.of("gm_remove_aspect", name="fast mover"), "GM removes aspect 'Fast Mover'"),
    (
        Choice.of("gm_stress", character="kestrel", track="HULL", box=2),
        "GM marks Kestrel's hull box 2: [ ][x]",
    ),
    (
        Choice.of("gm_consequence", character="Wasp", severity="MILD"),
        "GM gives Wasp a mild consequence 'Mild wound'",
    ),
    (
        Choice.of("gm_clear_consequence", character="Wasp", severity="mild"),
        "GM clears Wasp's mild consequence 'Mild wound'",
    ),
]


def test_each_override_says_what_it_did() -> None:
    enc = start()
    for choice, words in DONE:
        (event,) = enc.submit(GM, choice)
        assert enc.describe(event) == words


REFUSED = [
    (Choice.of("gm_add_aspect", name=" "), "gm_add_aspect needs name=TEXT"),
    (Choice.of("gm_add_aspect", name="X", kind="mood"), "unknown aspect kind 'mood'"),
    (Choice.of("gm_add_aspect", name="X", invokes=1), "free invokes need holder=CHARACTER"),
    (
        Choice.of("gm_add_aspect", name="fast mover"),
        "there is already an aspect named 'fast mover'",
    ),
    (
        Choice.of("gm_free_invoke", name="Fast Mover", holder="Kestrel", delta=-1),
        "Kestrel holds only 0 free invoke(s) on 'Fast Mover'",
    ),
    (
        Choice.of("gm_fate_points", character="Nobody", delta=1),
        "no character named 'Nobody' (characters: Kestrel, Wasp)",
    ),
    (
        Choice.of("gm_fate_points", character="Kestrel", delta=1),
        "Kestrel has no fate points in this ruleset",
    ),
    (
        Choice.of("gm_stress", character="Kestrel", track="mental", box=1),
        "Kestrel has no stress track 'mental' (tracks: hull)",
    ),
    (
        Choice.of("gm_stress", character="Kestrel", track="hull", box=3),
        "hull has boxes 1..2, not 3",
    ),
    (
        Choice.of("gm_consequence", character="Wasp", severity="grave"),
        "severity must be one of mild, moderate, severe, extreme, not 'grave'",
    ),
    (
        Choice.of("gm_consequence", character="Wasp", severity="moderate"),
        "there is no moderate consequence here",
    ),
    (
        Choice.of("gm_consequence", character="Wasp", severity="mild", aspect="Fast Mover"),
        "there is already an aspect named 'Fast Mover'",
    ),
    (
        Choice.of("gm_clear_consequence", character="Wasp", severity="mild"),
        "Wasp has no mild consequence",
    ),
]


@pytest.mark.parametrize(("choice", "reason"), REFUSED, ids=[c.text() for c, _ in REFUSED])
def test_each_refusal_says_why_and_changes_nothing(choice: Choice, reason: str) -> None:
    enc = start()
    before = enc.snapshot()
    with pytest.raises(IllegalChoice) as refused:
        enc.submit(GM, choice)
    assert str(refused.value) == reason
    assert enc.snapshot() == before and len(enc.log) == 1
