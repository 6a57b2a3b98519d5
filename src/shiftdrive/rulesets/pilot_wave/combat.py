"""Personal attacks (P9, P5, P11), on the conflict library's attack: hand-to-hand against an
adjacent enemy's opposed Close Combat (Effortless when it cannot defend), ranged against the
weapon's range-band difficulty, rounds used, the fire mode a weapon is set to and switching it
(seed "Automatic Weapon Fire"), automatic fire, the hit with weapon value, range damage shift
and armor, and hazardous blast rolls. (The movement shift, P10, goes on every roll
in `PilotWaveHost.before_roll`; the odds here count it.)"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar, Final

from shiftdrive.conflict.absorb import deliver_hit
from shiftdrive.conflict.attack import Attack
from shiftdrive.conflict.invokes import roll_and_open
from shiftdrive.conflict.roll import Roll, action_odds, add_boost, boost_event
from shiftdrive.core.ladder import describe
from shiftdrive.core.outcomes import Outcome
from shiftdrive.engine.actions import Action, ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.maps.hexgrid import Hex
from shiftdrive.rulesets.pilot_wave.board import (
    adjacent,
    band,
    hex_map,
    movement_shift,
    weapon_of,
    where,
)
from shiftdrive.rulesets.pilot_wave.catalog import (
    AUTO_DIFFICULTY,
    AUTOMATIC_FIRE,
    BANDS,
    BLAST_FALLOFF,
    PSYCHE,
    PUSHER,
    ROUNDS_AUTO,
    ROUNDS_CONCENTRATED,
    ROUNDS_SINGLE,
    SINGLE_FIRE,
    UNDEFENDED,
    band_difficulty,
    power_reach,
)
from shiftdrive.rulesets.pilot_wave.host import (
    AUTO,
    AUTOMATIC,
    CLOSE_COMBAT,
    CONCENTRATED,
    FOLLOW,
    SPRAY,
    best_defence,
    harm_to,
)
from shiftdrive.rulesets.pilot_wave.order import end_turn
from shiftdrive.rulesets.pilot_wave.state import Declared, Fighter, PilotWaveState

if TYPE_CHECKING:
    from shiftdrive.core.dice import DiceSource
    from shiftdrive.core.odds import Odds
    from shiftdrive.engine.ruleset import Turn

ATTACK_PARAMS: Final = {
    "target": ParamKind.UNIT,
    "skill": ParamKind.SKILL,
    "fire": ParamKind.OPTION,
}
SINGLE: Final = "single"


FIRE_MODES: Final = (SINGLE, AUTO, CONCENTRATED, SPRAY)
#: the fire an attack may use with the weapon set to each mode (seed "Automatic Weapon
#: Fire": a single shot needs single, P11's automatic fire needs automatic)
FIRE_BY_MODE: Final[dict[str, tuple[str, ...]]] = {
    SINGLE_FIRE: (SINGLE,),
    AUTOMATIC_FIRE: (AUTO, CONCENTRATED, SPRAY),
}
SWITCH_FIRE: Final = "switch_fire"


def switched(mode: str) -> str:
    """The mode a switch sets a weapon to from `mode`."""
    return SINGLE_FIRE if mode == AUTOMATIC_FIRE else AUTOMATIC_FIRE


def switch_to(state: PilotWaveState, f: Fighter) -> str | None:
    """The mode switching would set `f`'s weapon to; None: it has no automatic fire, so no
    mode to switch (it stays single)."""
    return switched(f.fire_mode) if weapon_of(state, f).auto else None


def sprayed(state: PilotWaveState, f: Fighter, target: Fighter) -> list[Fighter]:
    """P11: the enemies next to the target that spraying automatic fire also attacks (in the
    shooter's range and sight)."""
    return [
        e
        for e in state.active()
        if e.side == target.side and e.name != target.name and adjacent(e, target)
        and band(state, f, e) is not None
    ]  # fmt: skip


def rounds_for(
    state: PilotWaveState,
    f: Fighter,
    target: Fighter,
    fire: str,
    spray: list[Fighter] | None = None,
) -> int:
    """P9: a shot 1, automatic 3 per target, concentrated 6; a later attack of automatic fire
    has paid already. (`spray`: `sprayed`, when the caller has it already.)"""
    if fire == FOLLOW:
        return 0
    if fire == CONCENTRATED:
        return ROUNDS_CONCENTRATED
    if fire == SPRAY:
        if spray is None:
            spray = sprayed(state, f, target)
        return ROUNDS_AUTO * (1 + len(spray))
    return ROUNDS_AUTO if fire == AUTO else ROUNDS_SINGLE


def why_not(
    state: PilotWaveState,
    f: Fighter,
    target: Fighter | None,
    skill: str,
    fire: str,
    follow: bool = False,
) -> str | None:
    """The one rule of who may attack whom with what: None when allowed, else why not. In
    three parts, asked in this order: the target (`target_refusal`), the kind of attack
    whoever the target (`kind_refusal`), and the aim at this target (`aim_refusal`)."""
    if target is None:
        return "there is no such character"
    return (
        target_refusal(f, target)
        or kind_refusal(state, f, skill, fire, follow)
        or aim_refusal(state, f, target, skill, fire)
    )


def target_refusal(f: Fighter, target: Fighter) -> str | None:
    """Why `f` attacks `target` in no way at all (None: it may, in some way)."""
    if target.side == f.side:
        return f"{f.name} will not attack an ally"
    if not target.active:
        return f"{target.name} is already out of the fight"
    return None


def kind_refusal(
    state: PilotWaveState,
    f: Fighter,
    skill: str,
    fire: str,
    follow: bool = False,
    mode: str | None = None,
) -> str | None:
    """Why `f` attacks nobody with `skill` and `fire` (None: maybe someone), its weapon set
    to its fire mode (or to `mode`, for what switching would offer)."""
    if skill == PSYCHE:
        if f.power != PUSHER:
            return f"{f.name} is no Pusher: only a Pusher attacks with the mind (P13)"
        if fire != SINGLE:
            return "a push has no automatic fire"
        return None
    if skill == CLOSE_COMBAT:
        if fire != SINGLE:
            return "hand-to-hand has no automatic fire"
        return None
    weapon = weapon_of(state, f)
    if not weapon.ranged or skill != weapon.skill:
        return f"{f.name}'s {weapon.name} is not fired with {skill}"
    if fire == FOLLOW and not follow:
        return "a later attack of automatic fire comes only after the first"
    if fire != FOLLOW and fire not in FIRE_MODES:
        return f"fire is one of {', '.join(FIRE_MODES)}"
    if fire != SINGLE and not weapon.auto:
        return f"the {weapon.name} has no automatic fire"
    set_to = mode or f.fire_mode
    if fire != FOLLOW and fire not in FIRE_BY_MODE[set_to]:
        want = switched(set_to)
        return (
            f"the {weapon.name} is set to {set_to} fire: fire={fire} needs it set to {want} "
            f"first ({SWITCH_FIRE}, which takes {f.name}'s action)"
        )
    return None


def aim_refusal(
    state: PilotWaveState, f: Fighter, target: Fighter, skill: str, fire: str
) -> str | None:
    """Why `f`'s attack of a kind `kind_refusal` allows cannot be made at `target`."""
    if skill == PSYCHE:
        if not hex_map(state).line_of_sight(where(f), where(target)):
            return f"{f.name} cannot see {target.name}"
        return None
    if skill == CLOSE_COMBAT:
        if not adjacent(f, target):
            return f"hand-to-hand needs {target.name} in an adjacent hex"
        return None
    weapon = weapon_of(state, f)
    found = band(state, f, target)
    spray = sprayed(state, f, target) if fire == SPRAY else None
    if spray is not None and found is not None and not spray:
        return f"nobody stands next to {target.name} to spray"
    if f.rounds < rounds_for(state, f, target, fire, spray):
        return f"the {weapon.name} has {f.rounds} round(s) left: reload first"
    if found is None:
        return f"{target.name} is out of the {weapon.name}'s range or out of sight"
    return None


def follow_ups(state: PilotWaveState, f: Fighter, target: Fighter, skill: str, fire: str) -> None:
    """P11: concentrated fire attacks the target a second time; spraying attacks each enemy
    next to it. Each later attack waits on the stack under this one, carried out after it."""
    if fire == CONCENTRATED:
        targets = [target]
    elif fire == SPRAY:
        targets = sprayed(state, f, target)
    else:
        return
    at = len(state.stack) - 1
    for t in reversed(targets):
        text = Choice.of("attack", target=t.name, skill=skill, fire=FOLLOW).text()
        state.stack.insert(at, Declared(f.name, text, kind=FOLLOW))


def pushes_far(state: PilotWaveState, f: Fighter, target: Fighter) -> bool:
    """P13: a power used beyond its reach (extreme focus) is hazardous."""
    return where(f).distance(where(target)) > power_reach(state.scale)


def shot_difficulty(state: PilotWaveState, f: Fighter, target: Fighter, fire: str) -> int:
    """P9: the range band's difficulty (+1 on automatic, P11). (The movement shift, P10, is
    on the shooter's roll: `PilotWaveHost.before_roll`.)"""
    found = band(state, f, target)
    assert found is not None
    auto = AUTO_DIFFICULTY if fire in AUTOMATIC else 0
    return band_difficulty(weapon_of(state, f).kind, found) + auto


def kinds(state: PilotWaveState, f: Fighter) -> tuple[tuple[str, str], ...]:
    """The (skill, fire) the menu tries for each enemy, in its order: hand-to-hand, the
    weapon's fire modes, a Pusher's push."""
    return _kinds(weapon_of(state, f).skill, f.power == PUSHER)


@lru_cache(maxsize=64)
def _kinds(skill: str, pusher: bool) -> tuple[tuple[str, str], ...]:
    """`kinds` for a weapon's skill (remembered: a few weapons, asked every turn)."""
    tried = [(CLOSE_COMBAT, SINGLE), *((skill, fire) for fire in FIRE_MODES)]
    if pusher:
        tried.append((PSYCHE, SINGLE))
    return tuple(dict.fromkeys(tried))


def ways(
    state: PilotWaveState, f: Fighter, mode: str | None = None
) -> list[tuple[Fighter, str, str]]:
    """The attacks `f` may make now as (target, skill, fire), in the menu's order: each
    enemy, each of `kinds` that `why_not` allows (its parts asked apart: the kinds once, not
    once per enemy). With `mode`: those it could make were its weapon set to that mode."""
    tried = [
        (skill, fire)
        for skill, fire in kinds(state, f)
        if kind_refusal(state, f, skill, fire, mode=mode) is None
    ]
    return [
        (e, skill, fire)
        for e in state.active()
        if target_refusal(f, e) is None
        for skill, fire in tried
        if aim_refusal(state, f, e, skill, fire) is None
    ]


class PilotAttack(Attack[PilotWaveState]):
    """Attack: hand-to-hand (opposed, or Effortless against the undefended) or a shot."""

    params: ClassVar[Mapping[str, ParamKind]] = ATTACK_PARAMS

    def options(self, state: PilotWaveState, turn: Turn) -> list[Choice]:
        f = state.fighters[turn.actor or ""]
        return [self.choice(state, f, e, skill, fire) for e, skill, fire in ways(state, f)]

    def choice(
        self, state: PilotWaveState, f: Fighter, e: Fighter, skill: str, fire: str
    ) -> Choice:
        """One of `ways` as the menu lists it."""
        label = self.label(state, f, e, skill, fire)
        return Choice.of("attack", target=e.name, skill=skill, fire=fire, label=label)

    def offered(self, state: PilotWaveState, turn: Turn, choice: Choice) -> Choice | None:
        """The entry of this turn's menu that `choice` matches, built alone (None: none)."""
        if {name for name, _ in choice.params} != set(ATTACK_PARAMS):
            return None
        f = state.fighters[turn.actor or ""]
        e = state.fighters.get(choice.str_param("target"))
        skill, fire = choice.get("skill"), choice.get("fire")
        if e is None or not e.active or e.side == f.side:
            return None
        if not isinstance(skill, str) or not isinstance(fire, str):
            return None
        if (skill, fire) not in kinds(state, f) or why_not(state, f, e, skill, fire) is not None:
            return None
        return self.choice(state, f, e, skill, fire)

    def label(self, state: PilotWaveState, f: Fighter, e: Fighter, skill: str, fire: str) -> str:
        rating = describe(f.skill(skill))
        if skill == PSYCHE:
            far = ", hazardous: beyond its reach" if pushes_far(state, f, e) else ""
            return f"Push {e.name}'s mind (Psyche {rating}{far})"
        if skill == CLOSE_COMBAT:
            return f"Attack {e.name} hand-to-hand ({CLOSE_COMBAT} {rating})"
        weapon = weapon_of(state, f)
        found = band(state, f, e)
        assert found is not None
        mode = {AUTO: ", automatic", CONCENTRATED: ", automatic twice", SPRAY: ", spraying"}.get(
            fire, ""
        )
        return f"Shoot {e.name} with the {weapon.name} ({skill} {rating}, {BANDS[found]}{mode})"

    def check(self, state: PilotWaveState, turn: Turn, choice: Choice) -> str | None:
        f = state.fighters[turn.actor or ""]
        target = state.fighters.get(choice.str_param("target"))
        fire = str(choice.get("fire") or SINGLE)
        return why_not(state, f, target, choice.str_param("skill"), fire, turn.kind == FOLLOW)

    def apply(
        self, state: PilotWaveState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        f = state.fighters[turn.actor or ""]
        target = state.fighters[choice.str_param("target")]
        skill = choice.str_param("skill")
        fire = str(choice.get("fire") or SINGLE)
        roll = Roll(action="attack", actor=f.name, skill=skill, target=target.name)
        roll.mode = fire
        target.alerted = True  # P8: attacked this exchange
        data: dict[str, Any] = {
            "action": "attack",
            "who": f.name,
            "target": target.name,
            "skill": skill,
        }
        if skill == PSYCHE:
            roll.hazardous = pushes_far(state, f, target)
            roll.stage = "defend"
            state.roll = roll
            data["hazardous"] = roll.hazardous
            return [Event("declare", data=data, visible_to=None)]
        if skill == CLOSE_COMBAT:
            state.roll = roll
            if not target.surprised:
                roll.stage = "defend"
                return [Event("declare", data=data, visible_to=None)]
            roll.difficulty = UNDEFENDED
            data["difficulty"] = UNDEFENDED
            return [
                Event("declare", data=data, visible_to=None),
                *roll_and_open(self.host, state, roll, dice),
            ]
        weapon = weapon_of(state, f)
        roll.difficulty = shot_difficulty(state, f, target, fire)
        roll.hazardous = weapon.hazardous
        if weapon.blast:  # P11: where a miss would land, a neighbour of the target by 1d6
            face = dice.draw("d6", 1, why=f"{f.name}: where a miss lands", who=f.name)[0]
            roll.to_zone = str(where(target).neighbours()[face - 1])
        f.rounds -= rounds_for(state, f, target, fire)
        follow_ups(state, f, target, skill, fire)
        found = band(state, f, target)
        data.update({"difficulty": roll.difficulty, "weapon": weapon.name,
                     "band": BANDS[found or 0], "fire": fire, "hazardous": roll.hazardous,
                     "rounds": f.rounds})  # fmt: skip
        state.roll = roll
        return [
            Event("declare", data=data, visible_to=None),
            *roll_and_open(self.host, state, roll, dice),
        ]

    def odds(self, state: PilotWaveState, turn: Turn, choice: Choice) -> Odds | None:
        f = state.fighters[turn.actor or ""]
        target = state.fighters[choice.str_param("target")]
        fire = str(choice.get("fire") or SINGLE)
        return attack_odds(state, f, target, choice.str_param("skill"), fire)

    def odds_words(self, state: PilotWaveState, turn: Turn, choice: Choice) -> str | None:
        """P5 in the odds column: how often the attack hits (a tie or better) and how often
        the hit harms (shifts + weapon value + range damage - armor above 0, `harm_to`),
        and a hazardous roll's mishap; the ladder's "success" (1 shift or more) says
        neither."""
        f = state.fighters[turn.actor or ""]
        target = state.fighters[choice.str_param("target")]
        skill = choice.str_param("skill")
        fire = str(choice.get("fire") or SINGLE)
        o = attack_odds(state, f, target, skill, fire)
        roll = Roll(action="attack", actor=f.name, skill=skill, target=target.name)
        roll.mode = fire
        base = harm_to(state, roll, 0, target.name, 0).hit
        harms = sum((p for s, p in o.shifts.items() if s >= 0 and s + base > 0), Fraction(0))
        words = f"hits {_percent(o.at_least_tie)}, harms {_percent(harms)}"
        return words + (f", mishap {_percent(o.mishap)}" if o.mishap else "")

    def resolve(
        self, state: PilotWaveState, roll: Roll, shifts: int, outcome: Outcome
    ) -> list[Event]:
        """P5: a weapon hurts on a tie too; a hit that armor brings to 0 or less gives the
        attacker a boost instead. A shot's miss gives the target nothing (it did not defend)."""
        if roll.to_zone:
            blast(state, roll, shifts, outcome)
        if outcome in (Outcome.TIE, Outcome.SUCCESS, Outcome.STYLE):
            harm = self.host.harm(state, roll, shifts)
            if harm.hit <= 0:
                boost = add_boost(state, f"{roll.actor}'s Opening", roll.actor)
                return [
                    harm_event(roll, shifts, harm.hit, harm.weapon, harm.armor),
                    boost_event(roll.actor, boost, "tie"),
                ]
            if outcome is Outcome.TIE:
                roll.hit = harm.hit
                roll.track = harm.track
                return [
                    harm_event(roll, shifts, harm.hit, harm.weapon, harm.armor),
                    *deliver_hit(self.host, state, roll),
                ]
            return super().resolve(state, roll, shifts, outcome)
        if roll.difficulty is None:
            return super().resolve(state, roll, shifts, outcome)
        return []


class SwitchFire(Action[PilotWaveState]):
    """Seed "Automatic Weapon Fire": switching fire modes is an action, so it takes the turn
    (like holding: no roll, nothing to counter); only a weapon with automatic fire has a mode
    to switch."""

    name = SWITCH_FIRE

    def options(self, state: PilotWaveState, turn: Turn) -> list[Choice]:
        f = state.fighters[turn.actor or ""]
        to = switch_to(state, f)
        if to is None:
            return []
        label = f"Set the {weapon_of(state, f).name} to {to} fire (takes the action)"
        return [Choice.of(SWITCH_FIRE, label=label)]

    def check(self, state: PilotWaveState, turn: Turn, choice: Choice) -> str | None:
        f = state.fighters[turn.actor or ""]
        if switch_to(state, f) is None:
            weapon = weapon_of(state, f).name
            return f"the {weapon} has no automatic fire: it has no fire mode to switch"
        return None

    def apply(
        self, state: PilotWaveState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        f = state.fighters[turn.actor or ""]
        f.fire_mode = switch_to(state, f) or f.fire_mode
        data = {"who": f.name, "weapon": weapon_of(state, f).name, "mode": f.fire_mode}
        return [Event(SWITCH_FIRE, data=data, visible_to=None), *end_turn(state)]


#: what the odds of an attack are asked with (`action_odds`): the opposing rating or the
#: difficulty, the bonus to the roll, and whether the roll is hazardous
AttackTerms = tuple[int | None, int | None, int, bool]


def attack_terms(
    state: PilotWaveState, f: Fighter, target: Fighter, skill: str, fire: str
) -> AttackTerms:
    """How `f`'s attack on `target` (one of `ways`) is rolled, for its odds: a push against
    the target's Psyche; a shot against its difficulty; hand-to-hand against the defence the
    target would pick (Close Combat, or a Mover's Psyche: P13), Effortless when surprised;
    each with the movement shift (P10) that `PilotWaveHost.before_roll` puts on the roll."""
    shift = movement_shift(state, f, target)
    if skill == PSYCHE:
        return best_defence("attack", skill, target), None, shift, pushes_far(state, f, target)
    if skill != CLOSE_COMBAT:
        hazardous = weapon_of(state, f).hazardous
        return None, shot_difficulty(state, f, target, fire), shift, hazardous
    if target.surprised:
        return None, UNDEFENDED, shift, False
    return best_defence("attack", skill, target), None, shift, False


def terms_odds(state: PilotWaveState, f: Fighter, skill: str, terms: AttackTerms) -> Odds:
    """The odds of a roll of `f`'s `skill` made on `terms` (`attack_terms`)."""
    opposed, difficulty, bonus, hazardous = terms
    return action_odds(
        state, f, skill, opposed=opposed, difficulty=difficulty, bonus=bonus, hazardous=hazardous
    )


def attack_odds(state: PilotWaveState, f: Fighter, target: Fighter, skill: str, fire: str) -> Odds:
    """The odds of `f`'s attack on `target` (one of `ways`) before its dice."""
    return terms_odds(state, f, skill, attack_terms(state, f, target, skill, fire))


def blast(state: PilotWaveState, roll: Roll, shifts: int, outcome: Outcome) -> None:
    """P11: a blast that hits also strikes every combatant next to the target at the weapon's
    value -1; a miss lands on `roll.to_zone` instead, which takes the blast (the hex itself
    and its neighbours, at value -1 and no shifts). Each hit waits in the queue to be
    absorbed after the roll (`order.end_turn`). Everyone the blast reaches was attacked (the
    seed: it "targets adjacent targets"), so a Surprised one is Aware from the exchange's
    end (P8), as the primary target is."""
    hit = outcome in (Outcome.TIE, Outcome.SUCCESS, Outcome.STYLE)
    center = where(state.fighters[roll.target or ""]) if hit else Hex.parse(roll.to_zone or "")
    for f in state.active():
        d = where(f).distance(center)
        if f.name == roll.target and hit:
            continue
        if d > 1:
            continue
        f.alerted = True  # P8: attacked this exchange
        harm = harm_to(state, roll, shifts if hit else 0, f.name, BLAST_FALLOFF)
        if harm.hit > 0:
            state.hits.append([f.name, harm.hit, roll.actor])


def _percent(p: Fraction) -> str:
    return f"{float(p) * 100:.0f}%"


def harm_event(roll: Roll, shifts: int, hit: int, weapon: int, armor: int) -> Event:
    data = {"target": roll.target, "hit": hit, "shifts": shifts, "weapon": weapon, "armor": armor}
    return Event("harm", data=data, visible_to=None)
