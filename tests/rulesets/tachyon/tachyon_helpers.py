"""Shared builders for the tachyon tests (scenarios, scripted dice, submitting by seat)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from shiftdrive.core.dice import ScriptedDice
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter
from shiftdrive.rulesets.tachyon.state import TachyonState

ZONES = [f"Z{i}" for i in range(1, 9)]


def zone_map() -> dict[str, Any]:
    zones = []
    for i, z in enumerate(ZONES):
        adj = [ZONES[j] for j in (i - 1, i + 1) if 0 <= j < len(ZONES)]
        zones.append({"name": z, "adjacent": adj, "end_zone": z in ("Z1", "Z8")})
    zones[2]["aspects"] = ["Ice Field"]
    return {"zones": zones}


def scenario(
    a: list[dict[str, Any]],
    b: list[dict[str, Any]],
    *,
    a_large: list[dict[str, Any]] | None = None,
    b_large: list[dict[str, Any]] | None = None,
    b_swarms: list[dict[str, Any]] | None = None,
    b_flights: list[dict[str, Any]] | None = None,
    **options: Any,
) -> dict[str, Any]:
    opts = {"detection": False, "chatter": False, **options}
    return {
        "ruleset": "tachyon",
        "title": "Test",
        "options": opts,
        "map": zone_map(),
        "sides": [
            {"name": "Tachyon", "players": True, "craft": a, "large": a_large or []},
            {
                "name": "Pirates",
                "craft": b,
                "large": b_large or [],
                "swarms": b_swarms or [],
                "flights": b_flights or [],
            },
        ],
    }


def viper(name: str = "Viper-1", zone: str = "Z1", **kw: Any) -> dict[str, Any]:
    return {"name": name, "template": "fighter", "zone": zone, **kw}


def raider(name: str = "Raider-1", zone: str = "Z1", **kw: Any) -> dict[str, Any]:
    return {"name": name, "template": "fighter", "zone": zone, **kw}


def dice(*groups: list[int], pad: int = 400) -> ScriptedDice:
    values: list[int] = []
    for g in groups:
        values += g
    return ScriptedDice(values + [0] * pad)


def start(data: dict[str, Any], *groups: list[int]) -> Encounter:
    return Encounter.start(data, dice=dice(*groups))


def act(enc: Encounter, text: str) -> None:
    seat = enc.pending_seats()[0]
    enc.submit(seat, text)


def kinds(enc: Encounter, kind: str) -> list[str]:
    """The events of a kind, as the GM reads them."""
    return [enc.ruleset.describe(e, "gm") for e in enc.events() if e.kind == kind]


def words(enc: Encounter) -> list[str]:
    """Every event, as the GM reads it."""
    return [enc.ruleset.describe(e, "gm") for e in enc.events()]


ZERO = [0, 0, 0, 0]
PLUS4 = [1, 1, 1, 1]
MINUS4 = [-1, -1, -1, -1]


def st(enc: Encounter) -> TachyonState:
    state = enc.state
    assert isinstance(state, TachyonState)
    return state


def skip_to(enc: Encounter, phase: str, actor: str | None = None) -> None:
    """Skip every action and pass every window until `phase` (and `actor`'s turn in it)."""
    for _ in range(300):
        s = st(enc)
        if s.phase == phase and (actor is None or s.current == actor) and s.roll is None:
            return
        act(enc, "skip" if s.roll is None else "pass")
    raise AssertionError(f"never reached {phase} {actor}")


#: a frigate of the seed's templates (tactics 2, technology 2, defense long 3 / short 1, shield
#: long 2 / short 1, point defense short 2 / long 1, two guns: gunnery 2, tactics 1, range 3)
FRIGATE: dict[str, Any] = {"name": "Dread", "template": "frigate", "zone": "Z1"}


def settle(enc: Encounter) -> None:
    """Pass every invoke window of the roll in hand (C4)."""
    for _ in range(10):
        if st(enc).roll is None:
            return
        act(enc, "pass")
    raise AssertionError("the roll never settled")


def legal(enc: Encounter, action: str, **params: Any) -> Choice:
    """The legal choice of `action` with these parameters, as the menu lists it."""
    seat = enc.pending_seats()[0]
    for c in enc.legal(seat):
        if c.action == action and all(c.get(k) == v for k, v in params.items()):
            return c
    raise AssertionError(f"no legal {action} {params}")


def chance(enc: Encounter, choice: Choice) -> Fraction:
    """The odds figure the menu shows for `choice`: the chance of success (style included)."""
    o = enc.ruleset.odds(enc.state, enc.pending_seats()[0], choice)
    assert o is not None, f"no odds for {choice.text()}"
    return o.success + o.style
