"""What a bot or a user interface may ask of a Pilot Wave conflict beyond the ruleset's
contract: the roll's standing, enemies, the range band a hex would give, the Tactics points
that would turn a roll — through the rules' own functions."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final

from shiftdrive.conflict.invokes import InvokeAspect, invoke_choice
from shiftdrive.conflict.roll import Roll, totals
from shiftdrive.core.odds import Odds
from shiftdrive.core.outcomes import shifts_to_change
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.ruleset import Turn
from shiftdrive.maps.hexgrid import Hex
from shiftdrive.rulesets.pilot_wave import counters, moves
from shiftdrive.rulesets.pilot_wave.board import (
    band,
    band_between,
    band_by_distance,
    occupied,
    walks,
    weapon_of,
    where,
)
from shiftdrive.rulesets.pilot_wave.catalog import move_shift
from shiftdrive.rulesets.pilot_wave.combat import (
    AttackTerms,
    PilotAttack,
    SwitchFire,
    attack_terms,
    switch_to,
    terms_odds,
    ways,
)
from shiftdrive.rulesets.pilot_wave.host import HOST
from shiftdrive.rulesets.pilot_wave.state import Fighter, PilotWaveState
from shiftdrive.rulesets.pilot_wave.tactics import roving_choice

ATTACK: Final = PilotAttack(HOST)
SWITCH: Final = SwitchFire()
INVOKE: Final[InvokeAspect[PilotWaveState]] = InvokeAspect(HOST)
#: how many Odds `_hit` remembers before forgetting them all
HITS_KEPT: Final = 4096


def roll_in_hand(state: PilotWaveState) -> Roll | None:
    return state.roll


def standing(state: PilotWaveState) -> tuple[int, int]:
    assert state.roll is not None
    return totals(state, state.roll)


def open_invokes(
    state: PilotWaveState, turn: Turn, *, fate_points: bool = True
) -> Iterator[tuple[str, str, str, str]]:
    """The invokes open in `turn` (the invoke window) as (aspect, effect, payment, by), in
    the order the menu lists them, without building the menu (`fate_points=False`: the
    free ones only)."""
    return INVOKE.open_invokes(state, turn, fate_points=fate_points)


def as_choice(invoke: tuple[str, str, str, str]) -> Choice:
    """One of `open_invokes` as the choice the menu lists."""
    return invoke_choice(*invoke)


def declared(state: PilotWaveState) -> Choice | None:
    """The action declared on top of the stack (the one a counter window is open on)."""
    if not state.stack or not state.stack[-1].choice:
        return None
    return counters.declared(state.stack[-1].choice)


def enemies(state: PilotWaveState, name: str) -> list[Fighter]:
    side = state.fighters[name].side
    return [e for e in state.active() if e.side != side]


def band_of(state: PilotWaveState, f: Fighter, target: Fighter) -> int | None:
    """The band `target` is in for `f`'s weapon where both stand (`band_from` at `f`'s hex,
    remembered as the attack menu remembers it)."""
    return band(state, f, target)


def band_from(state: PilotWaveState, f: Fighter, at: Hex, target: Fighter) -> int | None:
    """The band `target` would be in for `f`'s weapon if `f` stood at `at`."""
    return band_between(state, weapon_of(state, f), at, where(target))


def band_to(state: PilotWaveState, f: Fighter, at: Hex, to: Hex) -> int | None:
    """The band of hex `to` for `f`'s weapon if `f` stood at `at`."""
    return band_between(state, weapon_of(state, f), at, to)


def band_in_sight(state: PilotWaveState, f: Fighter, hexes: int) -> int | None:
    """The band a target `hexes` away would be in for `f`'s weapon, sight aside: no target
    that far or farther is in a nearer band (None: not a ranged weapon, or out of range)."""
    return band_by_distance(state, weapon_of(state, f), hexes)


def destinations(state: PilotWaveState, f: Fighter) -> Sequence[tuple[Hex, int]]:
    """Where `f` can move this turn with what each hex costs, in the move menu's order."""
    return moves.destinations(state, f)


def move_situation(state: PilotWaveState, f: Fighter) -> tuple[object, ...]:
    """Everything `destinations`, `band_in_sight`, `band_to`, `move_penalty` and `cover` read
    of `f`'s move: the map, the scale, the weapon (one object per scenario), the speed, where
    it stands, the hexes it moved and the hexes others stand on. Equal situations (with the
    same targets) weigh the same, in any battle on the map: a bot may remember by them."""
    return (
        walks(state), state.scale, weapon_of(state, f), moves.speed(state, f), f.zone, f.moved,
        occupied(state, f.name),
    )  # fmt: skip


def move_choice(state: PilotWaveState, f: Fighter, to: Hex, cost: int) -> Choice:
    """The move to `to` (one of `destinations`) as the move menu lists it, without building
    the rest of the menu."""
    return moves.move_choice(state, f, to, cost, moves.hexes_to(state, f, to))


def attacks(
    state: PilotWaveState, f: Fighter, mode: str | None = None
) -> list[tuple[Fighter, str, str]]:
    """The attacks `f` may make now, (target, skill, fire), in the attack menu's order,
    without wording them (with `mode`: those it could make were its weapon set to it)."""
    return ways(state, f, mode)


def fire_switch(state: PilotWaveState, f: Fighter) -> str | None:
    """The fire mode switching would set `f`'s weapon to (None: it has no mode to switch)."""
    return switch_to(state, f)


def switch_choice(state: PilotWaveState, turn: Turn) -> Choice:
    """The switch of fire mode as the turn's menu lists it (its weapon has automatic fire)."""
    return SWITCH.options(state, turn)[0]


def hit_chance(state: PilotWaveState, turn: Turn, target: str, skill: str, fire: str) -> float:
    """The chance that an attack of the turn's character (one of `attacks`) hits: a tie or
    better, before invokes are spent (its odds)."""
    return hit_chances(state, turn, [(state.fighters[target], skill, fire)])[0]


def hit_chances(
    state: PilotWaveState, turn: Turn, shots: Sequence[tuple[Fighter, str, str]]
) -> list[float]:
    """`hit_chance` of each of `shots` (some of `attacks`), in order. Attacks rolled on the
    same terms (`combat.attack_terms`) have the same odds: those are worked out once."""
    f = state.fighters[turn.actor or ""]
    priced: dict[tuple[str, AttackTerms], float] = {}
    out: list[float] = []
    for target, skill, fire in shots:
        key = (skill, attack_terms(state, f, target, skill, fire))
        chance = priced.get(key)
        if chance is None:
            chance = priced[key] = _hit(terms_odds(state, f, skill, key[1]))
        out.append(chance)
    return out


#: `_hit` of each Odds asked so far, by the Odds object (`action_odds` shares one per roll
#: priced, kept for good: the object is held here too, so its id is never another's)
_HITS: dict[int, tuple[Odds, float]] = {}


def _hit(o: Odds) -> float:
    """A tie or better, as a float (worked out once per shared Odds)."""
    known = _HITS.get(id(o))
    if known is not None and known[0] is o:
        return known[1]
    # The sum over one denominator, divided once: the same float as float(tie + success +
    # style) (both round the same exact fraction), without reducing each partial sum.
    num, den = 0, 1
    for part in (o.tie, o.success, o.style):
        num = num * part.denominator + part.numerator * den
        den *= part.denominator
    if len(_HITS) >= HITS_KEPT:
        _HITS.clear()
    _HITS[id(o)] = (o, num / den)
    return num / den


def attack_choice(
    state: PilotWaveState, f: Fighter, target: Fighter, skill: str, fire: str
) -> Choice:
    """One of `attacks` as the attack menu lists it, without building the rest of the menu."""
    return ATTACK.choice(state, f, target, skill, fire)


def attack_skill(state: PilotWaveState, f: Fighter) -> str:
    """The skill `f`'s weapon is used with."""
    return weapon_of(state, f).skill


def move_penalty(hexes: int) -> int:
    """P10's shift for moving `hexes` this exchange (<= 0)."""
    return move_shift(hexes)


def distance(a: Fighter, b: Fighter) -> int:
    return where(a).distance(where(b))


def cover(state: PilotWaveState, at: Hex) -> bool:
    """Whether a hex has something to take cover behind next to it."""
    return walks(state).beside_cover(at)


def points_to_turn(state: PilotWaveState, seat: str) -> int | None:
    """The fewest Tactics points that move the roll in hand into a better band for `seat`
    (or change an attack's hit); None when the pool cannot."""
    roll = state.roll
    if roll is None:
        return None
    left = HOST.roving(state, seat)
    total, opp = totals(state, roll)
    upward = seat == state.side_of(roll.actor)
    need = shifts_to_change(total - opp, upward=upward, hit=roll.action == "attack")
    if need is None or need > left:
        return None
    return need


def points_choice(state: PilotWaveState, seat: str, points: int) -> Choice:
    """`points` Tactics points (up to what `points_to_turn` found the pool has left) as the
    invoke window's menu lists them, without building the rest of the menu."""
    return roving_choice(points, HOST.roving(state, seat))
