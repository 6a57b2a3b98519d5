"""What lies on the table for the whole fight, and where everyone stands on it.

The cards (`cards.yaml` merged with the scenario's catalog), the map's precomputed board and
the scenario's rules are kept beside the state (`FAState.settings`, not part of its JSON);
these read them, and say who stands where (the dead are left out: their tokens come off the
map). Proficiency (seed "Weapon skills by cost") and F1's advantage arithmetic live here too:
every phase asks them.
"""

from __future__ import annotations

from typing import TypeVar

from shiftdrive.maps.hexgrid import Hex, HexMap
from shiftdrive.rulesets.fully_automated.geometry import Board, Sight, sight
from shiftdrive.rulesets.fully_automated.scenario import ALWAYS, CardSpec, Catalog, Rules
from shiftdrive.rulesets.fully_automated.state import DEAD, FAState, Fighter

_T = TypeVar("_T")


def _setting(state: FAState, key: str, kind: type[_T]) -> _T:
    """A scenario-wide object kept beside the state (not part of its JSON)."""
    value = state.settings[key]
    assert isinstance(value, kind)
    return value


def catalog(state: FAState) -> Catalog:
    return _setting(state, "catalog", Catalog)


def rules(state: FAState) -> Rules:
    return _setting(state, "rules", Rules)


def hex_map(state: FAState) -> HexMap:
    return _setting(state, "map", HexMap)


def board(state: FAState) -> Board:
    """The map's precomputed board (standard combat). Asked on every reach and sight
    question, so read straight from the settings, without `_setting`'s type check."""
    got: Board = state.settings["board"]
    return got


def card(state: FAState, cid: str) -> CardSpec:
    """The catalog's card `cid`. Asked several hundred thousand times a simulated run, so
    read straight from the settings, without `_setting`'s type check."""
    got: CardSpec = state.settings["catalog"].cards[cid]
    return got


def pos(f: Fighter) -> Hex:
    assert f.pos is not None
    return f.pos


def net(adv: bool, dis: bool) -> int:
    """F1: several of one kind count once; advantage and disadvantage cancel one for one."""
    return int(adv) - int(dis)


def proficient(state: FAState, f: Fighter, cid: str) -> bool:
    """Seed "Weapon skills by cost": a card is played at disadvantage without its proficiency
    (the always-held cards and Restrain need none)."""
    cat = catalog(state)
    return (
        cid in ALWAYS
        or cid == "restrain"
        or any(cid in cat.proficiencies[p].cards for p in f.proficiencies)
    )


def occupants(state: FAState, *exclude: str) -> dict[Hex, str]:
    """Who stands where (the dead are left out: their tokens come off the map)."""
    return {
        f.pos: f.name
        for f in state.fighters.values()
        if f.pos is not None and f.name not in exclude and f.status != DEAD
    }


def enemy_hexes(state: FAState, f: Fighter) -> set[Hex]:
    """Where `f`'s adversaries stand (passing through one costs +1, F7)."""
    return {
        e.pos
        for e in state.fighters.values()
        if e.side != f.side and e.pos is not None and e.status != DEAD
    }


def layout(state: FAState) -> tuple[Hex | None, ...]:
    """Where every character stands (None when off the map or dead), in roster order: with
    the fixed sides, map and cards it settles every reach and line-of-attack question."""
    return tuple([None if f.status == DEAD else f.pos for f in state.fighters.values()])


def sight_between(state: FAState, a: str, t: str, from_hex: Hex | None = None) -> Sight:
    """Line of attack, obstruction and cover from `a` (or `from_hex`) to `t` (F9)."""
    fa, ft = state.fighters[a], state.fighters[t]
    return sight(board(state), occupants(state, a, t), from_hex or pos(fa), pos(ft))
