"""The seed's five cover examples (relative to the red dot), laid out as a map (F9)."""

from __future__ import annotations

from fa_helpers import char, hp, play, scenario, start
from hypothesis import given, settings
from hypothesis import strategies as st

from shiftdrive.engine.encounter import Encounter
from shiftdrive.maps.hexgrid import Hex, HexMap, Terrain
from shiftdrive.rulesets.fully_automated.geometry import Board, sight

RED = Hex(0, 0)
SPOTS = {
    "Hiro": Hex(-4, 0),
    "Pulsa": Hex(1, -1),
    "Hypebot": Hex(3, 2),
    "Dusty": Hex(3, 3),
    "Windrush": Hex(0, -4),
}
TERRAIN = {Hex(-3, 0): Terrain.LOW_OBSTACLE, Hex(0, -2): Terrain.WALL}


def _sight(name: str):  # type: ignore[no-untyped-def]
    hmap = HexMap.from_radius(8, TERRAIN)
    occ = {h: n for n, h in SPOTS.items() if n != name}
    return sight(hmap, occ, RED, SPOTS[name])


def test_hiro_is_behind_cover() -> None:
    s = _sight("Hiro")
    assert s.attackable and s.cover and s.cover_by is None


def test_pulsa_is_adjacent_without_cover() -> None:
    s = _sight("Pulsa")
    assert s.attackable and not s.cover and RED.is_adjacent(SPOTS["Pulsa"])


def test_hypebot_is_exposed() -> None:
    s = _sight("Hypebot")
    assert s.attackable and not s.cover


def test_dusty_is_behind_hypebot() -> None:
    s = _sight("Dusty")
    assert s.attackable and s.cover and s.cover_by == "Hypebot"


def test_windrush_is_obstructed() -> None:
    assert not _sight("Windrush").attackable


def map_data() -> dict[str, object]:
    return scenario(
        [char("Dot", str(RED), proficiencies=["rifle"], weapons=["rifle"])],
        [char(n, str(h)) for n, h in SPOTS.items()],
        terrain={"-3,0": "low_obstacle", "0,-2": "wall"},
    )


INIT = (9, 9, 1, 1, 1, 2, 1, 3, 1, 4, 2, 4)


def dot_fires_a_rifle() -> Encounter:
    """Dot plays rifle fire while everyone else moves: the attack waits for its target."""
    enc, _ = start(map_data(), *INIT, 0, 0)
    play(
        enc,
        Dot="rifle_fire",
        Hiro="move",
        Pulsa="move",
        Hypebot="move",
        Dusty="move",
        Windrush="move",
    )
    return enc


def test_encounter_cover_rules() -> None:
    enc = dot_fires_a_rifle()
    targets = {c.str_param("name") for c in enc.legal("Dot") if c.action == "target"}
    assert "Windrush" not in targets  # obstructed: cannot be attacked
    assert {"Hiro", "Dusty", "Hypebot"} <= targets
    enc.submit("Dot", "target name=Dusty")
    # Rifle 6 at 0; behind cover: Dusty takes one less, Hypebot takes it instead (F9)
    assert hp(enc, "Dusty") == 15 and hp(enc, "Hypebot") == 19


def test_hiro_behind_cover_takes_one_less() -> None:
    enc = dot_fires_a_rifle()
    enc.submit("Dot", "target name=Hiro")
    assert hp(enc, "Hiro") == 15


ROUGH_MAP = {Hex(1, 0): Terrain.ROUGH, Hex(0, 2): Terrain.LOW_OBSTACLE, Hex(-1, 1): Terrain.WALL}


@settings(max_examples=200, deadline=None)
@given(
    start=st.tuples(st.integers(-3, 3), st.integers(-3, 3)),
    budget=st.integers(0, 5),
    enemies=st.sets(st.tuples(st.integers(-6, 6), st.integers(-6, 6)), max_size=8),
)
def test_walk_is_the_same_past_far_adversaries(
    start: tuple[int, int], budget: int, enemies: set[tuple[int, int]]
) -> None:
    """A walk remembered without the adversaries beyond its budget is the walk with them: the
    same costs, paths and order (the memo shares it between the two)."""
    board = Board(HexMap.from_radius(6, ROUGH_MAP))
    here = Hex(*start)
    foes = frozenset(Hex(*e) for e in enemies) - {here}
    near = frozenset(e for e in foes if here.distance(e) <= budget)
    full = board._walk(here, budget, foes)
    assert list(board._walk(here, budget, near).items()) == list(full.items())
    assert list(board.walk(here, budget, foes).items()) == list(full.items())
    if budget != 1:  # one hex of movement is made afresh each time
        assert board.walk(here, budget, near) is board.walk(here, budget, foes)


def test_cover_is_any_line_from_any_part_of_either_hex() -> None:
    """Seed "Discerning Cover" 2 and 3 (F9): a line from any part of the target's hex to any
    part of the attacker's through an obstacle next to the target is cover, though every
    centre-to-centre line runs beside it. Behind the target, an obstacle is no cover."""
    target, attacker = Hex(0, 0), Hex(5, 0)
    beside, behind = Hex(0, 1), Hex(-1, 1)
    assert all(beside not in line for line in attacker.line_to_both(target))
    assert sight(HexMap.from_radius(8, {beside: Terrain.LOW_OBSTACLE}), {}, attacker, target).cover
    assert not sight(
        HexMap.from_radius(8, {behind: Terrain.LOW_OBSTACLE}), {}, attacker, target
    ).cover
    # the same for a character beside the target: it screens it, and takes the point (F9)
    s = sight(HexMap.from_radius(8), {beside: "Tam"}, attacker, target)
    assert s.attackable and s.cover and s.cover_by == "Tam"


def test_rifle_across_an_obstacle_beside_the_line_loses_a_point() -> None:
    data = scenario(
        [char("Dot", "5,0", proficiencies=["rifle"], weapons=["rifle"])],
        [char("Tor", "0,0")],
        terrain={"0,1": "low_obstacle"},
    )
    enc, _ = start(data, 5, 5, 1, 1, 0, 0)
    play(enc, Dot="rifle_fire", Tor="move")
    enc.submit("Dot", "target name=Tor")
    assert hp(enc, "Tor") == 15  # Rifle Fire 6 at 0, -1 across cover
