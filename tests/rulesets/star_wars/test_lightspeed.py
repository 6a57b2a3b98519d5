"""Jumping to lightspeed (S6, S13): after the calculation rounds, a Navigate (or Pilot)
overcome takes the ship and crew away if the hyperdrive works; a failure may be retried."""

from __future__ import annotations

from typing import Any

from shiftdrive.core.aspects import Aspect, AspectKind
from shiftdrive.core.consequences import Severity
from shiftdrive.core.dice import ScriptedDice
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.encounter import Encounter
from shiftdrive.engine.ruleset import Ending

ZERO = [0, 0, 0, 0]


def runner(after: int = 0) -> dict[str, Any]:
    return {
        "ruleset": "star_wars",
        "interrupts": False,
        "zone_kind": "space",
        "jump_after": after,
        "jump_difficulty": 3,
        "hyperdrive_disabled_by": ["Ion Lock"],
        "first": "Pix",
        "zones": [{"name": "Orbit"}],
        "sides": [
            {"name": "smugglers",
             "characters": [
                 {"name": "Tarra", "skills": {"Pilot": 4}, "vehicle": "Kestrel",
                  "station": "pilot"},
                 {"name": "Pix", "skills": {"Navigate": 3, "Pilot": 1}, "vehicle": "Kestrel",
                  "station": "gunner"}],
             "vehicles": [{"name": "Kestrel", "size": 3, "zone": "Orbit", "hyperdrive": True}]},
            {"name": "empire",
             "vehicles": [{"name": "TIE", "size": 1, "zone": "Orbit",
                           "crew": [{"station": "pilot", "skills": {"Pilot": 2, "Shoot": 2}}]}]},
        ],
    }  # fmt: skip


def test_the_jump_waits_for_the_calculation_rounds() -> None:
    enc = Encounter.start(runner(after=3), dice=ScriptedDice([]))
    assert "jump" not in {c.action for c in enc.legal("smugglers")}
    reason = enc.why_illegal("smugglers", Choice.of("jump", skill="Navigate"))
    assert reason == "the jump calculations take 3 rounds (it is round 1)"


def test_a_successful_jump_takes_ship_and_crew_away_and_the_side_escapes() -> None:
    """Pix Navigate 3 + 0 ties Good (+3): the jump succeeds (C2)."""
    enc = Encounter.start(runner(), dice=ScriptedDice(ZERO))
    choice = next(c for c in enc.legal("smugglers") if c.action == "jump")
    assert choice.str_param("skill") == "Navigate"  # the better of Navigate and Pilot
    enc.submit("smugglers", choice)
    assert enc.state.fighters["Kestrel"].status == "escaped"
    assert {enc.state.fighters[n].status for n in ("Tarra", "Pix")} == {"escaped"}
    result = enc.result()
    assert result is not None and result.winner is None and result.ending is Ending.BUG_OUT
    tally = {t.name: t for t in enc.ruleset.tally(enc.state)}
    assert tally["Kestrel"].bugged_out and tally["Pix"].bugged_out


def test_a_failed_jump_may_be_tried_again_later() -> None:
    enc = Encounter.start(runner(), dice=ScriptedDice([-1, -1, 0, 0]))
    enc.submit("smugglers", Choice.of("jump", skill="Navigate"))
    enc.pass_window("invoke")
    assert enc.state.fighters["Kestrel"].status == "active"
    assert any(e.kind == "jump_failed" for e in enc.log[-1].events + enc.log[-2].events)


def test_a_severe_consequence_or_a_named_aspect_disables_the_hyperdrive() -> None:
    enc = Encounter.start(runner(), dice=ScriptedDice([]))
    enc.state.fighters["Kestrel"].consequences.take(Severity.SEVERE, "Kestrel Hyperdrive Damaged")
    reason = enc.why_illegal("smugglers", Choice.of("jump", skill="Navigate"))
    assert reason == "Kestrel's hyperdrive is out: Kestrel Hyperdrive Damaged"
    enc = Encounter.start(runner(), dice=ScriptedDice([]))
    enc.state.aspects.add(Aspect("Ion Lock", AspectKind.SITUATION, owner="Kestrel"))
    reason = enc.why_illegal("smugglers", Choice.of("jump", skill="Navigate"))
    assert reason == "Kestrel's hyperdrive is out: Ion Lock"


def test_repair_ignores_a_consequence_for_the_scene_and_frees_the_hyperdrive() -> None:
    """S9: Engineering 3 + 3 ties the 6 shifts a severe consequence absorbed: it is ignored,
    and the jump is open again."""
    data = runner()
    data["sides"][0]["characters"][1]["skills"]["Engineering"] = 3
    enc = Encounter.start(data, dice=ScriptedDice([1, 1, 1, 0]))
    kestrel = enc.state.fighters["Kestrel"]
    kestrel.consequences.take(Severity.SEVERE, "Kestrel Hyperdrive Damaged")
    enc.state.aspects.add(
        Aspect("Kestrel Hyperdrive Damaged", AspectKind.CONSEQUENCE, owner="Kestrel")
    )
    choice = next(c for c in enc.legal("smugglers") if c.action == "repair")
    assert choice.label == "Repair 'Kestrel Hyperdrive Damaged' (Engineering against 6)"
    enc.submit("smugglers", choice)
    enc.pass_window("invoke")
    assert enc.state.repaired == ["Kestrel Hyperdrive Damaged"]
    assert "Kestrel Hyperdrive Damaged" not in enc.state.aspects
    pix = enc.state.fighters["Pix"]
    from shiftdrive.rulesets.star_wars.hyperspace import may_jump

    assert may_jump(enc.state, pix) is None


def test_a_ship_without_a_hyperdrive_is_told_so_before_the_calculations() -> None:
    """The hyperdrive is asked about first: the TIE's pilot learns its ship has none, not how
    many rounds the calculations take."""
    enc = Encounter.start({**runner(after=3), "first": "TIE pilot"}, dice=ScriptedDice([]))
    reason = enc.why_illegal("empire", Choice.of("jump", skill="Pilot"))
    assert reason == "TIE has no hyperdrive"


def test_a_blocking_zone_aspect_holds_in_its_own_zone_only() -> None:
    """`hyperdrive_disabled_by` (S6): a zone's aspect puts out the hyperdrives of the ships in
    that zone, not of a ship elsewhere."""
    data = runner()
    data["zones"] = [{"name": "Orbit", "adjacent": ["Belt"]}, {"name": "Belt"}]
    enc = Encounter.start(data, dice=ScriptedDice([]))
    enc.state.aspects.add(Aspect("Ion Lock", AspectKind.SITUATION, zone="Belt"))
    assert enc.why_illegal("smugglers", Choice.of("jump", skill="Navigate")) is None
    enc = Encounter.start(data, dice=ScriptedDice([]))
    enc.state.aspects.add(Aspect("Ion Lock", AspectKind.SITUATION, zone="Orbit"))
    reason = enc.why_illegal("smugglers", Choice.of("jump", skill="Navigate"))
    assert reason == "Kestrel's hyperdrive is out: Ion Lock"
