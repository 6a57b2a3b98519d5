"""Audit 16: one purse for a vehicle and its pilot (and none once the pilot concedes), a pilot's
weapon station, who wins when a side's ship jumps away and the rest of the side stays behind,
help for a duellist, and one helper's +1."""

from __future__ import annotations

from typing import Any

import pytest
from star_wars_scenes import behemoth, brawl
from test_lightspeed import ZERO, runner

from shiftdrive.core.dice import ScriptedDice
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter
from shiftdrive.engine.ruleset import Ending
from shiftdrive.engine.scenario import ScenarioError
from shiftdrive.rulesets.star_wars.scenario import load

FLECK = "Zemara Fleck"
SHIP = "Fleck's Starfighter"


def _invoke(aspect: str, effect: str, by: str) -> Choice:
    return Choice.of("invoke", aspect=aspect, effect=effect, payment="fate_point", by=by)


def _fleck_defends() -> Encounter:
    """Seed example 1 (the Behemoth's two grouped stations fire at Fleck: 2 + 1 against her
    Pilot 2 + 4), in an asteroid field; the gunners roll +2 (5), Fleck -2 (4): she is behind
    and her side is asked to invoke."""
    data = behemoth()
    data["aspects"] = ["Asteroid Field"]
    enc = Encounter.start(data, dice=ScriptedDice([1, 1, 0, 0] + [-1, -1, 0, 0]))
    enc.submit("empire", Choice.of("attack", target=SHIP, skill="Shoot"))
    enc.submit("rebels", Choice.of("defend", skill="Pilot"))
    assert enc.state.roll is not None and enc.state.roll.stage == "invoke"
    return enc


@pytest.mark.parametrize(
    ("first", "second"),
    [
        (_invoke("Asteroid Field", "bonus", SHIP), _invoke("Asteroid Field", "teamwork", FLECK)),
        (_invoke("Asteroid Field", "teamwork", FLECK), _invoke("Asteroid Field", "bonus", SHIP)),
    ],
)
def test_a_vehicle_and_its_pilot_pay_for_an_aspect_once_per_roll(
    first: Choice, second: Choice
) -> None:
    """C4 (the library: one paid invoke per aspect per roll) with the doc's default that a
    vehicle "spends its pilot's fate points": Fleck's fighter and Fleck pay from one purse,
    so once it has paid for *Asteroid Field* on the fighter's defense she cannot pay for it
    again as "teamwork" (nor the other way round). The old code let Fleck's two fate points
    buy +4 from one aspect on one roll."""
    enc = _fleck_defends()
    enc.submit("rebels", first)
    assert enc.state.fighters[FLECK].fate_points.current == 1
    paid = [c for c in enc.legal("rebels") if c.get("aspect") == "Asteroid Field"]
    assert paid == []
    assert enc.why_illegal("rebels", second) is not None
    # the fighter's own aspect is another aspect: still open, from the same purse
    assert "Advanced Starfighter" in {c.get("aspect") for c in enc.legal("rebels")}


def test_a_pilot_crew_works_no_group_of_weapon_stations() -> None:
    """S3: "weapon stations equal to their Size", grouped "so that each group makes one roll
    with a +1 to the attack for each extra weapon station". A Size 1 fighter has one station;
    a nameless pilot given `stations: 3` fired at +2 for two stations the craft does not have
    (and they counted against no limit). The scenario check now refuses it, naming the
    field."""
    data: dict[str, Any] = behemoth()
    data["sides"][0]["vehicles"][1]["crew"][0]["stations"] = 3
    with pytest.raises(ScenarioError) as err:
        load(data)
    assert "sides[0].vehicles[1].crew[0].stations" in str(err.value)
    assert "gunners" in str(err.value)


def _runner_with_escort() -> dict[str, Any]:
    """The Kestrel (hyperdrive) and an escort fighter without one, against a TIE."""
    data = runner()
    data["sides"][0]["vehicles"].append(
        {"name": "Escort", "size": 1, "zone": "Orbit",
         "crew": [{"station": "pilot", "skills": {"Pilot": 1}}]}
    )  # fmt: skip
    return data


def _tie_destroys_escort(enc: Encounter, by: str) -> None:
    """The TIE pilot (Shoot 2, +4 on the dice) shoots the escort (Pilot 1, -4): a hit of 9
    on one hull box, and the escort's nameless pilot has no consequences."""
    enc.submit(enc.state.fighters[by].side, Choice.of("next", who="TIE pilot"))
    enc.submit("empire", Choice.of("attack", target="Escort", skill="Shoot"))
    enc.submit("smugglers", Choice.of("defend", skill="Pilot"))
    enc.pass_window("invoke")
    enc.submit("empire", "full")
    enc.submit("smugglers", "taken_out")


def test_a_side_whose_ship_jumped_but_whose_last_unit_is_taken_out_is_beaten() -> None:
    """S6 and the doc's default: "A side whose last units jumped away has escaped: the fight
    ends with no winner". The Kestrel jumps (Navigate 3 + 0 ties Good: C2's success); the
    escort stays and the TIE destroys it: the smugglers' last unit was taken out, not jumped
    away, so the empire has the field. The old code called it the smugglers' escape (no
    winner, a bug out) because one of their units had escaped at some point."""
    enc = Encounter.start(_runner_with_escort(), dice=ScriptedDice(ZERO + [1] * 4 + [-1] * 4))
    enc.submit("smugglers", Choice.of("jump", skill="Navigate"))
    assert enc.state.fighters["Kestrel"].status == "escaped" and enc.result() is None
    _tie_destroys_escort(enc, "Pix")
    result = enc.result()
    assert result is not None
    assert (result.winner, result.ending) == ("empire", Ending.TAKEN_OUT)


def test_a_side_whose_last_ship_jumps_away_escapes_even_after_a_loss() -> None:
    """The other order: the escort is destroyed first, then the Kestrel (the side's last
    unit) jumps away: the smugglers escaped, nobody wins (a bug out)."""
    data = _runner_with_escort()
    data["first"] = "Tarra"
    enc = Encounter.start(data, dice=ScriptedDice([1] * 4 + [-1] * 4 + ZERO))
    enc.submit("smugglers", "hold")
    _tie_destroys_escort(enc, "Tarra")
    assert enc.state.fighters["Escort"].status == "taken out" and enc.result() is None
    assert enc.state.order.current == "Pix"  # the one left to act this round
    enc.submit("smugglers", Choice.of("jump", skill="Navigate"))
    result = enc.result()
    assert result is not None
    assert (result.winner, result.ending) == (None, Ending.BUG_OUT)


def test_a_vehicle_whose_pilot_conceded_no_longer_spends_the_pilots_fate_points() -> None:
    """C10/C7 with the doc's default that a vehicle "spends its pilot's fate points": Tarra
    (3 fate points) concedes at the Kestrel's helm and gains one (4); Pix stays aboard, so the
    Kestrel fights on. Her points left the fight with her: when the TIE (Shoot 2, +4 on the
    dice) fires at the Kestrel (passive 0, +4 for the smaller attacker), the Kestrel can pay
    for no invoke, and Tarra still has her 4 afterwards. The old code let the ship spend
    them, concession point included."""
    data = runner()
    data["first"] = "Tarra"
    data["aspects"] = ["Asteroid Field"]
    enc = Encounter.start(data, dice=ScriptedDice([1] * 4))
    enc.submit("smugglers", "concede")
    assert enc.state.fighters["Tarra"].fate_points.current == 4
    assert enc.state.fighters["Kestrel"].status == "active"
    enc.submit("smugglers", Choice.of("next", who="TIE pilot"))
    enc.submit("empire", Choice.of("attack", target="Kestrel", skill="Shoot"))
    payers = {c.get("by") for c in enc.legal("smugglers") if c.action == "invoke"}
    assert "Pix" in payers and "Kestrel" not in payers
    enc.pass_window("invoke")
    assert enc.state.fighters["Tarra"].fate_points.current == 4


def test_help_for_a_duellist_lapses_with_the_other_duellists_round() -> None:
    """S13 and S8 with the doc's defaults: help "stays promised for the ally's own roll until
    its turn ends", and a duel round is both duellists' action, "being the other duellist's
    turn too" (so it ends that one's boosts, C6). TK-2 helps TK-1 with Shoot; Lia then presses
    the duel, which is TK-1's turn: TK-1 answers without the help (a defence), and the help
    lapses as that round ends. When TK-1 opens round 2 with its own duel round it rolls
    Shoot 2 alone: 2 + 0 against Lia's 3 + 0, one short. The old code kept the help for it."""
    data = brawl()
    data["interrupts"] = False
    data["first"] = "TK-2"
    data["duels"] = [{"between": ["Lia", "TK-1"]}]
    enc = Encounter.start(data, dice=ScriptedDice([-1, -1, -1, 0] + ZERO + ZERO + ZERO))
    enc.submit("empire", Choice.of("help", ally="TK-1", skill="Shoot"))
    enc.submit("empire", Choice.of("next", who="Lia"))
    enc.submit("rebels", Choice.of("duel", skill="Shoot"))
    enc.submit("empire", Choice.of("defend", skill="Shoot"))
    enc.pass_window("invoke")  # Lia 3 - 3 against TK-1 2 + 0: TK-1 wins the round
    enc.submit("rebels", "accept")
    assert enc.state.helps == []
    assert enc.ruleset.view(enc.state, "rebels")["help"] == []
    assert enc.state.order.current == "Han"  # the one left to act this round
    enc.submit("rebels", "hold")
    enc.submit("rebels", Choice.of("next", who="TK-1"))  # opens round 2
    events = enc.submit("empire", Choice.of("duel", skill="Shoot"))
    events += enc.submit("rebels", Choice.of("defend", skill="Shoot"))
    assert not any(e.kind == "teamwork" for e in events)


def test_one_helper_gives_one_plus_one_however_often_it_helps() -> None:
    """S13: "each helper with the skill at Average (+1) or better gives +1". Han helps Lia with
    Shoot after she acted in round 1, and again before her turn in round 2: his second help
    would only repeat the first, so it is not offered (and is refused with the reason); Lia's
    shot gets +1, not +2. The old code stacked both: +2 from one helper."""
    data = brawl()
    data["interrupts"] = False
    enc = Encounter.start(data, dice=ScriptedDice(ZERO + ZERO))
    enc.submit("rebels", "hold")
    enc.submit("rebels", Choice.of("next", who="Han"))
    enc.submit("rebels", Choice.of("help", ally="Lia", skill="Shoot"))
    enc.submit("rebels", Choice.of("next", who="TK-1"))
    enc.submit("empire", "hold")
    enc.submit("empire", "hold")  # TK-2, the last, opens round 2 with Han
    enc.submit("empire", Choice.of("next", who="Han"))
    again = Choice.of("help", ally="Lia", skill="Shoot")
    assert "help ally=Lia skill=Shoot" not in [c.text() for c in enc.legal("rebels")]
    assert "help ally=Lia skill=Athletics" in [c.text() for c in enc.legal("rebels")]
    assert enc.why_illegal("rebels", again) == (
        "Han already helps Lia with Shoot: one helper gives +1 (S13)"
    )
    enc.submit("rebels", "hold")
    enc.submit("rebels", Choice.of("next", who="Lia"))
    events = enc.submit("rebels", Choice.of("attack", target="TK-1", skill="Shoot"))
    events += enc.submit("empire", Choice.of("defend", skill="Athletics"))
    (teamwork,) = [e for e in events if e.kind == "teamwork"]
    assert teamwork.data["helpers"] == ["Han"]
