"""The tachyon rules' shortcuts must answer exactly as the long way round does.

Each test plays bot battles on the tachyon examples and, at every decision, asks a shortcut
and the plain rules the same question.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Callable
from pathlib import Path

from tachyon_helpers import PLUS4, ZERO, raider, scenario, start, viper

from shiftdrive.core.aspects import Aspect, AspectKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter, default_bot, run_bots
from shiftdrive.engine.events import GM
from shiftdrive.engine.scenario import read_yaml
from shiftdrive.rulesets.tachyon.rules import Tachyon
from shiftdrive.rulesets.tachyon.state import ACTIVE, OUT, Roll, TachyonState

EXAMPLES = sorted((Path(__file__).parents[3] / "examples" / "tachyon").glob("*.yaml"))
SEEDS = range(6)


def play(check: Callable[[Tachyon, TachyonState], None]) -> int:
    """Bot battles on every example; `check` sees the rules and state before each decision.
    Returns how many decisions were checked."""
    seen = 0

    def policy(enc: Encounter, seat: str, rng: random.Random) -> Choice:
        nonlocal seen
        rs, state = enc.ruleset, enc.state
        assert isinstance(rs, Tachyon) and isinstance(state, TachyonState)
        check(rs, state)
        seen += 1
        return default_bot(enc, seat, rng)

    for path in EXAMPLES:
        for seed in SEEDS:
            enc = Encounter.start(read_yaml(path), seed=seed, source=str(path))
            run_bots(enc, rng=random.Random(seed), policy=policy, validate=False)
    return seen


def test_invoke_check_agrees_with_the_invokes_listed() -> None:
    # `_can_invoke` walks the aspects as `open_invokes` does but stops at the first invoke:
    # for every roll in hand, at both stages, for every seat (and the stage's own side when
    # no seat is given), it must say yes exactly when `open_invokes` lists something.
    asked = {True: 0, False: 0}

    def check(rs: Tachyon, state: TachyonState) -> None:
        roll = state.roll
        if roll is None:
            return
        for stage in ("actor", "target"):
            r = dataclasses.replace(roll, stage=stage, paid=list(roll.paid))
            side, _ = rs._stage_holder(state, r)
            for seat in [*state.sides, GM]:
                listed = any(True for _ in rs.open_invokes(state, r, seat))
                assert rs._can_invoke(state, r, seat) == listed, (stage, seat, r)
                asked[listed] += 1
            own = side is not None and any(True for _ in rs.open_invokes(state, r, side))
            assert rs._can_invoke(state, r) == own, (stage, r)

    assert play(check) > 1000
    assert asked[True] > 200 and asked[False] > 200, asked


def test_invoke_check_agrees_on_every_kind_of_aspect() -> None:
    # The battles above rarely hold some aspects (hidden ones in the open, a boost held by
    # the other side, a craft out of the fight holding an invoke): one aspect at a time, of
    # every kind, owner, zone and holder, each seat and stage, with and without fate points.
    data = scenario(
        [viper(zone="Z2", pc=True, fate_points=3), viper("Viper-2", zone="Z3")],
        [raider(zone="Z2"), raider("Raider-2", zone="Z5")],
    )
    enc = start(data, ZERO, ZERO, PLUS4, PLUS4)
    rs, state = enc.ruleset, enc.state
    assert isinstance(rs, Tachyon) and isinstance(state, TachyonState)
    for a in list(state.aspects):
        state.aspects.remove(a.name)
    viper1 = state.units["Viper-1"]
    assert viper1.fate_points is not None
    roll = Roll("fire", "Raider-1", "Viper-1", {}, 1, 1, "Viper-1", actor_side="Pirates",
                opp_side="Tachyon", o_dice=0)  # fmt: skip
    units = list(state.units.values())
    found = 0
    for owner, zone, hidden, kind, holder, points, paid, out, unseen in itertools.product(
        (None, "Viper-1", "Viper-2", "Raider-1", "Raider-2"),
        (None, "Z2", "Z5"),
        (False, True),
        (AspectKind.SITUATION, AspectKind.BOOST),
        (None, "Tachyon", "Pirates", "Viper-1", "Viper-2", "Raider-1", "Raider-2"),
        (0, 3),
        (False, True),
        (None, "Viper-2", "Raider-2"),
        (None, "Viper-1", "Raider-2"),
    ):
        a = Aspect("Test", kind, owner=owner, zone=zone, hidden=hidden)
        if holder:
            a.add_free(holder)
        state.aspects.add(a)
        viper1.fate_points.current = points
        for u in units:
            u.status = OUT if u.name == out else ACTIVE
            u.detected = u.name != unseen
        for stage in ("actor", "target"):
            r = dataclasses.replace(roll, stage=stage, paid=["Tachyon:Test"] if paid else [])
            for seat in ("Tachyon", "Pirates", GM):
                listed = any(True for _ in rs.open_invokes(state, r, seat))
                assert rs._can_invoke(state, r, seat) == listed, (a, points, paid, out, unseen)
                found += listed
        state.aspects.remove("Test")
    assert found > 1000
