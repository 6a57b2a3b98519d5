"""What Pilot Wave's characters can do, as the conflict library asks it (`conflict.host.Host`):
attack skills, defenses, hits (P5), difficulties, who sees which aspect, the Tactics pool as
points a side may add to its roll (P6), the movement shift on every roll (P10), and mishaps on
hazardous rolls (C2)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from shiftdrive.conflict.host import TAKEN_OUT, Combatant, Harm, Host
from shiftdrive.conflict.roll import defense_bonus
from shiftdrive.core.aspects import Aspect, AspectKind
from shiftdrive.core.consequences import Severity
from shiftdrive.core.outcomes import Outcome
from shiftdrive.engine.events import Event
from shiftdrive.rulesets.pilot_wave.board import (
    band,
    distance,
    melee_value,
    movement_shift,
    weapon_of,
)
from shiftdrive.rulesets.pilot_wave.catalog import AUTO_VALUE, MOVER, PSYCHE, RANGE_DAMAGE
from shiftdrive.rulesets.pilot_wave.order import MENTAL, PHYSICAL, SIDE_ORDER, TACTICS, end_turn
from shiftdrive.rulesets.pilot_wave.state import Fighter, PilotWaveState

if TYPE_CHECKING:
    from shiftdrive.conflict.roll import Roll

CLOSE_COMBAT: Final = "Close Combat"
AUTO: Final = "auto"
#: P11's automatic fire: at one target; concentrated (a second attack on it); spraying
#: (the target's neighbours too); and the later attacks these bring ("follow")
CONCENTRATED: Final = "concentrated"
SPRAY: Final = "spray"
FOLLOW: Final = "follow"
AUTOMATIC: Final = frozenset({AUTO, CONCENTRATED, SPRAY, FOLLOW})
CONSEQUENCE_NAMES: Final[dict[str, dict[Severity, str]]] = {
    "physical": {Severity.MILD: "Bruised", Severity.MODERATE: "Bleeding",
                 Severity.SEVERE: "Broken Bones", Severity.EXTREME: "Maimed"},
    "mental": {Severity.MILD: "Rattled", Severity.MODERATE: "Shaken",
               Severity.SEVERE: "Broken Nerve", Severity.EXTREME: "Haunted"},
}  # fmt: skip
#: who resists an advantage or a discovery made on a character
RESIST_ADVANTAGE: Final = ["Notice", "Tactics", "Psyche"]
RESIST_DISCOVERY: Final = ["Stealth", "Clandestine"]
DISCOVERY_SKILLS: Final = ("Notice", "Investigate")
ADVANTAGE_SKILLS: Final = 3


class PilotWaveHost(Host[PilotWaveState]):
    """pilot_wave's answers to the conflict library."""

    def end_turn(self, state: PilotWaveState) -> list[Event]:
        return end_turn(state)

    def distance(self, state: PilotWaveState, a: str, b: str) -> int | None:
        """Hexes between two characters' hexes (the library's 'zones' are hexes here)."""
        return distance(a, b)

    def attack_skills(self, state: PilotWaveState, f: Combatant) -> list[str]:
        skill = weapon_of(state, state.fighters[f.name]).skill
        return list(dict.fromkeys([skill, CLOSE_COMBAT]))

    def reach(self, state: PilotWaveState, skill: str) -> int | None:
        return 1 if skill == CLOSE_COMBAT else None

    def defenses(
        self, state: PilotWaveState, action: str, skill: str, target: Combatant
    ) -> list[str]:
        return defences(action, skill, state.fighters[target.name])

    def harm(self, state: PilotWaveState, roll: Roll, shifts: int) -> Harm:
        return harm_to(state, roll, shifts, roll.target or "", 0)

    def advantage_skills(self, state: PilotWaveState, f: Combatant) -> list[str]:
        """The character's three best skills rated Average or better (a documented default:
        the menu's limit, the seed sets none); Tactics besides when rated Average or better
        (the seed: "Create an Advantage: Use Tactics to create advantages based on your
        understanding of combat tactics"); a psychic's power (Psyche, P13) besides."""
        skills = state.fighters[f.name].skills
        ranked = sorted((s for s, v in skills.items() if v >= 1), key=lambda s: (-skills[s], s))
        best = ranked[:ADVANTAGE_SKILLS]
        if skills[TACTICS] >= 1 and TACTICS not in best:
            best.append(TACTICS)
        if state.fighters[f.name].power and PSYCHE not in best:
            best.append(PSYCHE)
        return best

    def discovery_skills(self, state: PilotWaveState, f: Combatant) -> list[str]:
        """The first discovery skill rated Average or better."""
        return [s for s in DISCOVERY_SKILLS if f.skill(s) >= 1][:1]

    def overcome_skill(self, state: PilotWaveState, f: Combatant) -> str:
        return "Athletics" if f.skill("Athletics") >= f.skill(PSYCHE) else PSYCHE

    def difficulty(self, state: PilotWaveState, action: str, aspect: str | None = None) -> int:
        key = "overcome_difficulty" if action == "overcome" else "advantage_difficulty"
        return int(state.settings[key])

    def consequence_name(self, f: Combatant, track: str, severity: Severity) -> str:
        names = CONSEQUENCE_NAMES.get(track, CONSEQUENCE_NAMES[PHYSICAL])
        return f"{f.name} {names[severity]}"

    def aboard(self, state: PilotWaveState, name: str) -> str | None:
        """A Pilot Wave crew invokes its vehicle's aspects through the vehicle's own unit."""
        return None

    def bonuses(self, state: PilotWaveState, roll: Roll) -> tuple[int, int]:
        """`before_roll`'s movement shift, for the odds of a defence (P10)."""
        return rolling_shift(state, roll), 0

    def reads_low(self, state: PilotWaveState, roll: Roll) -> bool:
        """A shot's miss gives its target nothing (it did not defend: `PilotAttack.resolve`);
        only hand-to-hand reads a defense with style, and a hazardous roll its mishap."""
        if roll.action == "attack" and roll.difficulty is not None:
            return roll.hazardous
        return super().reads_low(state, roll)

    def before_roll(self, state: PilotWaveState, roll: Roll) -> list[Event]:
        """P10, in this one place for every roll (an attack, a push, an advantage, a
        discovery, an overcome, a counter): the movement shift of the roller and of its
        target goes on the roller's total just before the dice (`rolling_shift`)."""
        shift = rolling_shift(state, roll)
        if not shift:
            return []
        roll.actor_bonus += shift
        data = {"who": roll.actor, "target": roll.target, "shift": shift}
        return [Event("moving", data=data, visible_to=None)]

    def roving(self, state: PilotWaveState, seat: str) -> int:
        """P6: what is left of the side's Tactics pool this exchange, for a roll of the side
        (the roller's, or the defender's on an opposed roll); 0 for anything else, and on the
        side-order roll (the bid made before it is the pool's part in it)."""
        roll = state.roll
        if roll is None or roll.action == SIDE_ORDER:
            return 0
        mine = seat == state.side_of(roll.actor)
        defending = (
            roll.target is not None
            and roll.difficulty is None
            and seat == state.side_of(roll.target)
        )
        return state.pools.get(seat, 0) if mine or defending else 0

    def resolve(
        self, state: PilotWaveState, roll: Roll, shifts: int, outcome: Outcome
    ) -> list[Event]:
        events = mishap(state, roll.actor) if outcome is Outcome.MISHAP else []
        return events + super().resolve(state, roll, shifts, outcome)


def defences(action: str, skill: str, target: Fighter | None) -> list[str]:
    """The skills that may oppose `action` made with `skill` on `target` (the defender picks
    one): Close Combat against an attack, Psyche too for a Mover (P13's telekinetic shield),
    Psyche alone against a Pusher's push; the resisting skills of an advantage or a discovery;
    Tactics against a counter."""
    if action == "attack" and skill == PSYCHE:
        return [PSYCHE]  # P13: a Pusher's mental attack
    if action == "attack":
        if target is not None and target.power == MOVER:
            return [CLOSE_COMBAT, PSYCHE]  # P13: a Mover's telekinetic shield
        return [CLOSE_COMBAT]
    if action == "discover":
        return RESIST_DISCOVERY
    if action == "counter":
        return ["Tactics"]
    return RESIST_ADVANTAGE


def best_defence(action: str, skill: str, target: Fighter) -> int:
    """The opposition `target` would roll against `action` with `skill`: its best defence
    (the one a defender picks) with full defense's +2, for odds before the defence is
    chosen."""
    best = max(target.skill(s) for s in defences(action, skill, target))
    return best + defense_bonus(target)


def rolling_shift(state: PilotWaveState, roll: Roll) -> int:
    """P10's movement shift on `roll` (its roller's and its target's moves)."""
    target = state.fighters.get(roll.target) if roll.target else None
    return movement_shift(state, state.fighters[roll.actor], target)


def harm_to(state: PilotWaveState, roll: Roll, shifts: int, name: str, falloff: int) -> Harm:
    """P5: shifts + weapon value (+1 on automatic, P11; - `falloff` for a blast's neighbours)
    + the range band's damage shift to the roll's target (none in vacuum, none hand-to-hand)
    - the armor of `name`, who takes it."""
    actor = state.fighters[roll.actor]
    target = state.fighters[name]
    if roll.skill == PSYCHE:  # P13: a Pusher's push is mental: no weapon, no armor
        return Harm(shifts, MENTAL, 0, 0)
    if roll.skill == CLOSE_COMBAT:
        value = melee_value(state, actor)
    else:
        value = weapon_of(state, actor).value + (AUTO_VALUE if roll.mode in AUTOMATIC else 0)
        found = band(state, actor, state.fighters[roll.target or ""])
        if found is not None and not state.settings["vacuum"]:
            value += RANGE_DAMAGE[found]
    value -= falloff
    return Harm(shifts + value - target.armor, PHYSICAL, value, target.armor)


def mishap(state: PilotWaveState, name: str) -> list[Event]:
    """C2: a mishap fails and brings a consequence: the roller's mildest free slot, named for
    the mishap; with none free, the roller is taken out (a documented default)."""
    f = state.fighters[name]
    free = f.consequences.free()
    if not free:
        state.set_status(f, TAKEN_OUT)
        return [Event("mishap", data={"who": name, "out": True}, visible_to=None)]
    severity = free[0]
    aspect_name = state.aspects.unique_name(f"{name}'s Mishap")
    f.consequences.take(severity, aspect_name)
    state.aspects.add(Aspect(aspect_name, AspectKind.CONSEQUENCE, owner=name))
    return [
        Event(
            "mishap",
            data={"who": name, "severity": severity.value, "aspect": aspect_name},
            visible_to=None,
        )
    ]


#: the one host of every pilot_wave conflict (it keeps no state of a battle)
HOST: Final = PilotWaveHost()
