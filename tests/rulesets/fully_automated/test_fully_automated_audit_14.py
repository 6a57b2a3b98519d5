"""Third audit pass: the odds column against what the round does, and rules meeting each other.

Each test cites the seed's words and the ruling it follows."""

from __future__ import annotations

from fa_helpers import char, hp, play, scenario, start

from shiftdrive.core.dice import ScriptedDice
from shiftdrive.engine.encounter import Encounter
from shiftdrive.engine.events import GM

INIT = (5, 5, 3, 3, 1, 1)  # A 15, C 11, B 7


def _fight() -> tuple[Encounter, ScriptedDice]:
    data = scenario(
        [char("A", "0,0", proficiencies=["pistol"], weapons=["pistol"]), char("C", "0,2")],
        [char("B", "3,0")],
    )
    return start(data, *INIT, *([0] * 40))


def test_an_attacker_the_gm_incapacitates_at_its_target_turn_makes_no_attack() -> None:
    """Seed "Additional Combat Rules": an incapacitated character "cannot perform any
    action besides defending at disadvantage" (F8). The round already skips an attacker
    fallen before its turn; one the GM's `hp` takes to 0 while it picks its target used to
    attack all the same. Now its attack ends there and the round goes on."""
    enc, _ = _fight()
    play(enc, A="pistol_shot", B="defend", C="defend")
    assert [c.action for c in enc.legal("A")] == ["target", "hold"]
    events = enc.submit(GM, "hp name=A delta=-20")
    assert enc.state.fighters["A"].status == "incapacitated"
    assert enc.legal("A") == []
    assert any(e.kind == "no_attack" and e.data["character"] == "A" for e in events)
    assert hp(enc, "B") == 20


def test_an_attacker_the_gm_incapacitates_while_the_defender_steps_makes_no_attack() -> None:
    """F4, F8: the defender still chooses its hex; then the fallen attacker's attack is not
    rolled (no defense roll, no strike)."""
    enc, _ = _fight()
    play(enc, A="pistol_shot", B="defend", C="defend")
    enc.submit("A", "target name=B")
    assert enc.ruleset.turns(enc.state)[0].kind == "defend_step"
    enc.submit(GM, "hp name=A delta=-20")
    events = enc.submit("B", "stay")
    assert not any(e.kind in ("defend", "hit") for e in events)
    assert any(e.kind == "no_attack" and e.data["character"] == "A" for e in events)
    assert hp(enc, "B") == 20
