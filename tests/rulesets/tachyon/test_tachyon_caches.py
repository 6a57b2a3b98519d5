"""What the tachyon rules keep to save work must never give a stale or borrowed answer."""

from __future__ import annotations

from tachyon_helpers import PLUS4, ZERO, act, raider, scenario, start, viper

from shiftdrive.engine.choices import Choice
from shiftdrive.rulesets.tachyon.state import TachyonState

# Viper-1 rolls ZERO -> initiative 1; Raider-1 rolls PLUS4 -> 5: Viper-1 pilots first.
INIT = (ZERO, PLUS4)


def test_menus_made_once_per_name_carry_each_units_own_labels() -> None:
    # Choices in the menus are made once per name and shared; each unit and zone must still
    # get its own labels, exactly as building them afresh would.
    for me, foe in (("Viper-1", "Raider-1"), ("Viper-9", "Raider-7")):
        enc = start(scenario([viper(me, zone="Z2")], [raider(foe, zone="Z2")]), *INIT)
        state = enc.state
        assert isinstance(state, TachyonState) and state.current == me
        menu = enc.legal("Tachyon")
        expect = [
            Choice.of("skip", label=f"{me} skips the phase"),
            Choice.of("tail", target=foe, label=f"Get on {foe}'s tail (pilot vs pilot)"),
            Choice.of("pressure", target=foe, label=f"Pressure {foe} (tactics vs tactics)"),
            Choice.of("evade", label="Evade (pilot vs 0: gain Evasion)"),
        ]
        assert [(c, c.label) for c in menu[:4]] == [(c, c.label) for c in expect]
        moves = [(c, c.label) for c in menu if c.action.startswith("move")]
        assert moves == [
            (Choice.of("move", to="Z1"), "Move 1 zone to Z1"),
            (Choice.of("move", to="Z3"), "Move 1 zone to Z3"),
            (Choice.of("move2", to="Z4"), "Move 2 zones (pilot vs 2) to Z4"),
            (Choice.of("move3", to="Z5"), "Move 3 zones (pilot vs 4) to Z5"),
        ]
        assert menu[-1].label == f"{me} concedes and leaves the fight"


def test_end_check_skipped_only_while_no_status_changed() -> None:
    # The end check is skipped while no unit's status changed since it last found the fight
    # going on: each unit leaving must still be noticed, the last of a side ending the fight.
    data = scenario([viper()], [raider(), raider("Raider-2")])
    enc = start(data, PLUS4, ZERO, ZERO)  # piloting: Raider-1, Raider-2, then Viper-1
    state = enc.state
    assert isinstance(state, TachyonState)
    assert state.fight_on_at == state.status_changes  # checked once already at the start
    left: list[str] = []
    while state.ended is None:
        assert state.current is not None and state.current not in left
        left.append(state.current)
        act(enc, "concede")
        sides_in = {state.units[n].side for n in state.units if n not in left}
        assert (state.ended is None) == (len(sides_in) == 2), left
    assert left == ["Raider-1", "Raider-2"] and state.winner == "Tachyon"
    assert state.status_changes == 2


def test_end_check_bookkeeping_stays_out_of_the_saved_state() -> None:
    enc = start(scenario([viper()], [raider()]), *INIT)
    state = enc.state
    assert isinstance(state, TachyonState)
    saved = enc.ruleset.snapshot(state)
    assert not {"status_changes", "fight_on_at", "zmap"} & set(saved)


def test_dice_wording_kept_per_roll_not_per_faces() -> None:
    # The dice are worded once per roll value: rolls with the same faces but other fixed dice
    # (T6) must keep their own wording, exactly as FudgeRoll.symbols gives it.
    from itertools import product

    from shiftdrive.core.dice import FudgeRoll
    from shiftdrive.rulesets.tachyon.state import dice_data
    from shiftdrive.rulesets.tachyon.words import dice

    for rolled in range(5):
        for shown in product((-1, 0, 1), repeat=rolled):
            for fixed in range(5 - rolled):
                for minimized in range(fixed + 1):
                    r = FudgeRoll(shown, shown, minimized, fixed - minimized)
                    assert dice(dice_data(r)) == (r.symbols() or "-"), r
    assert dice(dice_data(FudgeRoll((1, 1), (1, 1), 2))) == "+ + [- -]"
    assert dice(dice_data(FudgeRoll((1, 1), (1, 1), 0, 2))) == "+ + [+ +]"


def test_choices_without_parameters_by_a_hidden_craft_stay_on_its_side() -> None:
    # Choices without parameters skip the look for craft they name; one made for a hidden
    # craft must still show only on its side, and one naming a hidden craft as well.
    data = scenario([viper()], [raider(zone="Z5"), raider("Raider-2", "Z6")], detection=True)
    enc = start(data, ZERO, [1, 1, 1, 1])  # defender with style: both raiders Undetected
    state = enc.state
    assert isinstance(state, TachyonState)
    while state.current != "Raider-1":
        act(enc, "skip")
    rs = enc.ruleset
    assert not state.units["Raider-1"].detected
    assert rs.choice_visibility(state, "Pirates", Choice.of("skip")) == {"Pirates"}
    named = Choice.of("tail", target="Raider-2")
    assert rs.choice_visibility(state, "Tachyon", named) == {"Pirates"}
