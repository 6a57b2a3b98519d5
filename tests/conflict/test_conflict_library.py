"""The conflict library on a host of its own: a bare arena with one zone, no weapons and a
fixed skill list, to show the library asks its host and assumes nothing of fate_core."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import pure_only
from shiftdrive.conflict.actions import conflict_actions
from shiftdrive.conflict.exchange import (
    INVOKE_WINDOW,
    STAGE_MENUS,
    rolls_of,
    stage_turn,
)
from shiftdrive.conflict.host import (
    ACTIVE,
    CONCEDED,
    TAKEN_OUT,
    Combatant,
    ConflictState,
    Harm,
    Host,
)
from shiftdrive.conflict.roll import Roll
from shiftdrive.conflict.words import describe_conflict
from shiftdrive.core.aspects import Aspect, AspectKind, AspectSet
from shiftdrive.core.consequences import ConsequenceSlots, Severity
from shiftdrive.core.dice import ScriptedDice
from shiftdrive.core.fate_points import FatePoints
from shiftdrive.core.stress import StressTrack
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import Turn


class Brawler(Combatant):
    """A fighter of the test's own host. (Plain classes with their fields set in `__init__`:
    a dataclass keeps its defaults as class attributes, which in the compiled build hide the
    compiled base class's own fields from the library.)"""

    def __init__(self, name: str, side: str, skills: dict[str, int]) -> None:
        self.name = name
        self.side = side
        self.skills = skills
        self.zone = "Pit"
        self.fate_points = FatePoints(2, 2)
        self.stress = {"body": StressTrack.fate_core("body", 0)}
        self.consequences = ConsequenceSlots.of({Severity.MILD: 2})
        self.status = ACTIVE
        self.full_defense = False
        self.owed_points = 0

    def skill(self, name: str) -> int:
        return self.skills.get(name, 0)


class Arena(ConflictState):
    def __init__(self, sides: list[str], fighters: dict[str, Brawler]) -> None:
        self.sides = sides
        self.fighters = fighters  # type: ignore[assignment]
        self.aspects = AspectSet()
        self.roll = None
        self.boosts_born = {}
        self.turn_count = 0
        self.turns_ended = 0

    def side_of(self, name: str) -> str:
        return self.fighters[name].side

    def active(self, side: str | None = None) -> list[Brawler]:
        return [f for f in self.fighters.values() if f.active and side in (None, f.side)]


class ArenaHost(Host[Arena]):
    """Punch (reach 0, defended by Dodge) on a 'body' track; everything passive is Fair."""

    def end_turn(self, state: Arena) -> list[Event]:
        state.turns_ended += 1
        state.turn_count += 1
        return [Event("turn_ends", data={}, visible_to=None)]

    def visible(self, state: Arena, aspect: Aspect, seat: str) -> bool:
        return not aspect.hidden

    def distance(self, state: Arena, a: str, b: str) -> int | None:
        return 0 if a == b else None

    def attack_skills(self, state: Arena, fighter: Combatant) -> list[str]:
        return ["Punch"]

    def reach(self, state: Arena, skill: str) -> int | None:
        return 0 if skill == "Punch" else None

    def defenses(self, state: Arena, action: str, skill: str, target: Combatant) -> list[str]:
        return ["Dodge"]

    def harm(self, state: Arena, roll: Roll, shifts: int) -> Harm:
        return Harm(shifts, "body")

    def advantage_skills(self, state: Arena, fighter: Combatant) -> list[str]:
        return ["Wits"]

    def discovery_skills(self, state: Arena, fighter: Combatant) -> list[str]:
        return ["Wits"]

    def overcome_skill(self, state: Arena, fighter: Combatant) -> str:
        return "Wits"

    def difficulty(self, state: Arena, action: str, aspect: str | None = None) -> int:
        return 2

    def consequence_name(self, fighter: Combatant, track: str, severity: Severity) -> str:
        return f"{fighter.name} Bruised"

    def before_roll(self, state: Arena, roll: Roll) -> list[Event]:
        return []


def arena() -> tuple[Arena, ArenaHost, dict[str, Any]]:
    state = Arena(
        ["red", "blue"],
        {
            "Ash": Brawler("Ash", "red", {"Punch": 2, "Wits": 1}),
            "Bo": Brawler("Bo", "blue", {"Dodge": 1}),
        },
    )
    host = ArenaHost()
    specs = conflict_actions(host)
    host.rolls = rolls_of(specs)
    return state, host, specs


def decide(state: Arena, specs: dict[str, Any], choice: Choice, dice: ScriptedDice) -> list[Event]:
    """Apply `choice` in the turn the state waits on, as a host's `apply` would."""
    turn = stage_turn(state, state.roll) if state.roll else Turn("red", "turn", "Ash")
    menu = STAGE_MENUS[state.roll.stage] if state.roll else ("attack", "advantage", "concede")
    assert choice.action in menu
    spec = specs[choice.action]
    assert spec.check(state, turn, choice) is None, spec.check(state, turn, choice)
    return list(spec.apply(state, turn, choice, dice))


def test_an_attack_goes_through_defend_invoke_and_absorb_on_any_host() -> None:
    state, _, specs = arena()
    dice = ScriptedDice([1, 0, 0, 0] + [0, 0, 0, 0])  # Punch 2+1 = 3 against Dodge 1+0 = 1
    decide(state, specs, Choice.of("attack", target="Bo", skill="Punch"), dice)
    assert stage_turn(state, state.roll) == Turn("blue", "defend", "Bo")
    events = decide(state, specs, Choice.of("defend", skill="Dodge"), dice)
    # 3 against 1, and no side holds an aspect to invoke: no invoke window, the hit lands.
    assert [e.kind for e in events] == ["roll", "roll", "outcome", "hit"]
    assert events[3].data == {"target": "Bo", "hit": 2, "track": "body"}
    options = specs["absorb"].options(state, stage_turn(state, state.roll))
    assert [c.get("box") for c in options] == [2, 0]  # box [2], or a mild consequence
    assert options[1].get("mild") == "Bo Bruised"
    events = decide(state, specs, options[1], dice)
    assert [e.kind for e in events] == ["consequence", "turn_ends"]
    assert state.aspects.get("Bo Bruised").free_for("Ash") == 1
    assert state.roll is None and state.turns_ended == 1


def test_a_hit_nobody_absorbs_takes_the_target_out() -> None:
    state, _, specs = arena()
    dice = ScriptedDice([1, 1, 1, 1] + [-1, -1, -1, -1])  # 6 against -3: 9 shifts, style
    decide(state, specs, Choice.of("attack", target="Bo", skill="Punch"), dice)
    decide(state, specs, Choice.of("defend", skill="Dodge"), dice)
    assert state.roll is not None and state.roll.stage == "style"
    decide(state, specs, Choice.of("full"), dice)
    assert specs["absorb"].options(state, stage_turn(state, state.roll)) == []
    decide(state, specs, Choice.of("taken_out"), dice)
    assert state.fighters["Bo"].status == TAKEN_OUT


def test_invoking_an_opponents_aspect_owes_them_a_fate_point() -> None:
    state, _, specs = arena()
    state.aspects.add(Aspect("Glass Jaw", AspectKind.CHARACTER, owner="Bo"))
    dice = ScriptedDice([0, 0, 0, 0] + [1, 1, 0, 0])  # 2 against 3
    decide(state, specs, Choice.of("attack", target="Bo", skill="Punch"), dice)
    decide(state, specs, Choice.of("defend", skill="Dodge"), dice)
    turn = stage_turn(state, state.roll)
    assert (turn.seat, turn.kind, turn.window) == ("red", "invoke", INVOKE_WINDOW)
    invoke = Choice.of("invoke", aspect="Glass Jaw", effect="bonus", payment="fate_point", by="Ash")
    events = decide(state, specs, invoke, dice)
    assert [e.kind for e in events] == ["invoke", "standing"]
    assert events[1].data == {"total": 4, "opposition": 3}
    assert state.fighters["Ash"].fate_points.current == 1
    assert state.fighters["Bo"].owed_points == 1
    reason = specs["invoke"].check(state, Turn("red", "invoke", "Ash", window="invoke"), invoke)
    assert reason is not None and "one paid invoke per roll" in reason
    # Red has nothing more that could change 4 against 3: the window moves to Bo's side, whose
    # fate point on Glass Jaw could make it a failure.
    assert stage_turn(state, state.roll).seat == "blue"
    decide(state, specs, Choice.of("pass"), dice)
    assert state.roll is None or state.roll.stage != "invoke"


def test_a_defender_ahead_is_asked_to_invoke_for_a_defense_with_style() -> None:
    """C4 with the defender's boost for style (S11): Ash 2 against Bo 3 (-1) is a failure
    already, but Bo's +2 on his own aspect would make it -3, a defense with style. After red
    passes, blue is asked rather than passed over; Bo's invoke earns him the boost."""
    state, _, specs = arena()
    state.aspects.add(Aspect("Quick Feet", AspectKind.CHARACTER, owner="Bo"))
    dice = ScriptedDice([0, 0, 0, 0] + [1, 1, 0, 0])  # Punch 2 against Dodge 1 + 2 = 3
    decide(state, specs, Choice.of("attack", target="Bo", skill="Punch"), dice)
    state.fighters["Ash"].fate_points.current = 0  # red has nothing to invoke with
    decide(state, specs, Choice.of("defend", skill="Dodge"), dice)
    turn = stage_turn(state, state.roll)
    assert (turn.seat, turn.kind) == ("blue", "invoke")
    invoke = Choice.of("invoke", aspect="Quick Feet", effect="bonus", payment="fate_point", by="Bo")
    events = decide(state, specs, invoke, dice)
    assert "Bo's Riposte" in state.aspects
    assert [e.kind for e in events][:3] == ["invoke", "standing", "outcome"]


def test_teamwork_helps_either_side_of_an_opposed_roll() -> None:
    """C4 names no kind of roll: on an attack, the attacker's ally may pay for +2 to the
    attack, and the defender's ally for +2 to the defense."""
    state, _, specs = arena()
    state.fighters["Cy"] = Brawler("Cy", "red", {})
    state.fighters["Di"] = Brawler("Di", "blue", {})
    state.aspects.add(Aspect("Loose Ropes", AspectKind.SITUATION))
    dice = ScriptedDice([0, 0, 0, 0] + [1, 1, 0, 0])  # Punch 2 against Dodge 1 + 2 = 3
    decide(state, specs, Choice.of("attack", target="Bo", skill="Punch"), dice)
    state.fighters["Ash"].fate_points.current = 0
    decide(state, specs, Choice.of("defend", skill="Dodge"), dice)
    turn = stage_turn(state, state.roll)
    assert turn.seat == "red"
    teamwork = [c for c in specs["invoke"].options(state, turn) if c.get("effect") == "teamwork"]
    assert [(c.get("aspect"), c.get("by")) for c in teamwork] == [("Loose Ropes", "Cy")]
    events = decide(state, specs, teamwork[0], dice)
    assert events[1].data == {"total": 4, "opposition": 3}
    turn = stage_turn(state, state.roll)
    assert turn.seat == "blue"  # Di's +2 for Bo would turn the hit back into a failure
    defense = [c for c in specs["invoke"].options(state, turn) if c.get("effect") == "teamwork"]
    assert [(c.get("aspect"), c.get("by")) for c in defense] == [("Loose Ropes", "Di")]
    events = decide(state, specs, defense[0], dice)
    assert events[1].data == {"total": 4, "opposition": 5}


def test_a_passive_advantage_rolls_at_once_and_teamwork_needs_an_ally() -> None:
    state, _, specs = arena()
    state.fighters["Cy"] = Brawler("Cy", "red", {})
    state.aspects.add(Aspect("Loose Ropes", AspectKind.SITUATION))
    dice = ScriptedDice([0, 0, 0, 0])  # Wits 1 against Fair (2): -1
    choice = Choice.of("advantage", skill="Wits", target="scene", name="High Ground")
    events = decide(state, specs, choice, dice)
    assert [e.kind for e in events] == ["declare", "roll"]
    assert events[0].data["difficulty"] == 2
    turn = stage_turn(state, state.roll)
    teamwork = [c for c in specs["invoke"].options(state, turn) if c.get("effect") == "teamwork"]
    assert [c.get("by") for c in teamwork] == ["Cy"]
    # Cy's +2 makes it a success; one more +2 would be style, but Loose Ropes has had its
    # paid invoke on red's roll (C4: one per aspect, whoever pays): red is not asked again,
    # only blue (which may invoke it against the roll), and then the roll resolves
    decide(state, specs, teamwork[0], dice)
    assert state.roll is not None and state.roll.turn_side == "blue"
    decide(state, specs, Choice.of("pass"), dice)
    assert state.roll is None
    assert state.aspects.get("High Ground").free_for("Ash") == 1


def test_conceding_before_the_roll_pays_and_ends_the_turn() -> None:
    state, _, specs = arena()
    dice = ScriptedDice([])
    decide(state, specs, Choice.of("attack", target="Bo", skill="Punch"), dice)
    events = decide(state, specs, Choice.of("concede"), dice)
    assert events[0].data == {"who": "Bo", "fate_points": 1}
    assert state.fighters["Bo"].status == CONCEDED and state.roll is None
    assert dice.remaining == 0 and state.turns_ended == 1


def test_attack_refusals_name_the_rule() -> None:
    state, _, specs = arena()
    turn = Turn("red", "turn", "Ash")
    attack = specs["attack"]
    assert "no character" in attack.check(
        state, turn, Choice.of("attack", target="Zed", skill="Punch")
    )
    assert "not an attack skill" in attack.check(
        state, turn, Choice.of("attack", target="Bo", skill="Wits")
    )
    state.fighters["Bo"].zone = "Gallery"
    assert "reaches 0" in attack.check(state, turn, Choice.of("attack", target="Bo", skill="Punch"))
    assert attack.options(state, turn) == []


@pytest.mark.parametrize(
    ("kind", "data", "words"),
    [
        ("roll", {"who": "Ash", "skill": "Punch", "dice": [1, 0, -1, 0], "total": 2},
         "Ash rolls Punch: [+ 0 - 0] -> 2"),
        ("outcome", {"who": "Ash", "action": "attack", "total": 3, "opposition": 1, "shifts": 2,
                     "outcome": "success"}, "Ash's attack: 3 against 1, +2 shifts — success"),
        ("hit", {"target": "Bo", "hit": 0, "track": "body"}, "Bo's armor turns the blow"),
        ("concede", {"who": "Bo", "fate_points": 2}, "Bo concedes and gains 2 fate point(s)"),
    ],
)  # fmt: skip
def test_events_are_worded_from_their_data(kind: str, data: dict[str, Any], words: str) -> None:
    assert describe_conflict(Event(kind, data=data, visible_to=None)) == words


@pytest.mark.parametrize("blue_points", [0, 3])
def test_whether_a_side_is_asked_depends_on_its_own_invokes_only(blue_points: int) -> None:
    """Issue 15: a step appearing must not tell a side of the other side's fate points."""
    state, _, specs = arena()
    state.aspects.add(Aspect("Glass Jaw", AspectKind.CHARACTER, owner="Bo"))
    state.fighters["Bo"].fate_points.current = blue_points
    dice = ScriptedDice([0, 0, 0, 0] + [1, 1, 0, 0])  # 2 against 3: red's +2 would win
    decide(state, specs, Choice.of("attack", target="Bo", skill="Punch"), dice)
    decide(state, specs, Choice.of("defend", skill="Dodge"), dice)
    assert stage_turn(state, state.roll).seat == "red"


@pure_only  # the compiled build does not check abstract methods when a class is made
def test_a_host_lacking_a_rule_cannot_be_made() -> None:
    """`Host` is abstract: a host that forgets one of the library's questions fails under mypy
    and, in the pure build, when it is made, not in the middle of a fight."""

    class Forgetful(Host[Arena]):
        def end_turn(self, state: Arena) -> list[Event]:
            return []

    with pytest.raises(TypeError, match="abstract"):
        Forgetful()  # type: ignore[abstract]
    ArenaHost()  # every question answered


def test_a_roll_takes_one_paid_invoke_of_an_aspect_whoever_pays() -> None:
    """C4 (Fate Core): the same aspect is not invoked twice on one roll for fate points, by
    the roller or by an ally's teamwork; the other side's invoke of it is its own."""
    state, _, specs = arena()
    state.fighters["Cy"] = Brawler("Cy", "red", {})
    state.aspects.add(Aspect("Loose Ropes", AspectKind.SITUATION))
    state.aspects.add(Aspect("Dim Lamps", AspectKind.SITUATION))
    dice = ScriptedDice([-1, -1, -1, -1])  # Wits 1 - 4 against Fair (2): -5, far from a tie
    decide(state, specs, Choice.of("advantage", skill="Wits", target="scene", name="Edge"), dice)
    turn = stage_turn(state, state.roll)
    paid = [c for c in specs["invoke"].options(state, turn) if c.get("payment") == "fate_point"]
    assert {(c.get("aspect"), c.get("by")) for c in paid} >= {
        ("Loose Ropes", "Ash"),
        ("Loose Ropes", "Cy"),
    }
    decide(state, specs, next(c for c in paid if c.get("by") == "Cy"), dice)
    assert state.roll is not None and state.roll.turn_side == "red"
    again = [c for c in specs["invoke"].options(state, turn) if c.get("payment") == "fate_point"]
    assert again and all(c.get("aspect") == "Dim Lamps" for c in again)
    refused = Choice.of(
        "invoke", aspect="Loose Ropes", effect="bonus", payment="fate_point", by="Ash"
    )
    assert specs["invoke"].check(state, turn, refused) is not None
