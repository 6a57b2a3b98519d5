"""Second audit of seed 003 (Fully Automated!) against the engine: movement costs of the
one-hex moves, checked through the public encounter with scripted dice. Initiative draws
2d10 per fighter in scenario order (speed 5 by default)."""

from __future__ import annotations

from fa_helpers import char, play, scenario, start

from shiftdrive.engine.encounter import Encounter
from shiftdrive.maps.hexgrid import Hex

INIT = (5, 5, 1, 1)  # A: 5 + 10 = 15, B: 5 + 2 = 7


def step_targets(enc: Encounter, seat: str) -> set[str]:
    return {c.str_param("to") for c in enc.legal(seat) if c.action == "step"}


def test_defends_one_hex_cannot_pay_for_rough_ground_or_furniture() -> None:
    """Seed "Move": "Movement over rough terrain or across obstacles like furniture requires the
    use of one additional hex of movement" (F7); Defend moves one hex. A, unattacked, has rough
    ground on four sides, a table on one and open floor on one: only the open hex is a step."""
    terrain = {str(h): "rough" for h in Hex(0, 0).neighbours()}
    terrain["1,0"] = "low_obstacle"
    terrain["-1,0"] = "open"
    data = scenario([char("A", "0,0")], [char("B", "7,-7")], terrain=terrain)
    enc, _ = start(data, *INIT)
    play(enc, A="defend", B="defend")
    assert enc.pending()[0].seat == "A" and enc.pending()[0].kind == "step"
    assert step_targets(enc, "A") == {"-1,0"}


def test_an_attacked_defender_on_rough_ground_cannot_step_and_the_attack_goes_on() -> None:
    """The same when attacked: B, ringed by rough ground but for A's hex, gets no step (no
    `defend_step` decision); A's punch is defended at once (0 0: the attack fails)."""
    terrain = {str(h): "rough" for h in Hex(1, 0).neighbours() if h != Hex(0, 0)}
    data = scenario([char("A", "0,0")], [char("B", "1,0")], terrain=terrain)
    enc, _ = start(data, *INIT, 0, 0)
    play(enc, A="punch", B="defend")
    enc.submit("A", "target name=B from=0,0")
    kinds = [e.kind for e in enc.events()]
    assert "defend" in kinds and "hit" not in kinds
    assert all(d.kind != "defend_step" for d in enc.pending())
