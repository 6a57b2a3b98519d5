"""Setting up a Pilot Wave conflict: characters from the scenario (skills with their defaults
and subjacent ratings, P3; stress tracks from Physique and Psyche, C8a), the map, surprise
(set by the scenario, or Notice against an ambushing side's best Stealth, P8), and the
side-order bids (a side with an empty Tactics pool bids nothing and is not asked)."""

from __future__ import annotations

from shiftdrive.core.aspects import Aspect, AspectKind, AspectSet
from shiftdrive.core.consequences import ConsequenceSlots
from shiftdrive.core.dice import DiceSource
from shiftdrive.core.fate_points import FatePoints
from shiftdrive.core.stress import StressKind, StressTrack
from shiftdrive.engine.events import Event
from shiftdrive.maps.hexgrid import Hex
from shiftdrive.rulesets.pilot_wave.catalog import (
    UNARMED,
    VEHICLE_ARMOR,
    VEHICLE_STRESS,
)
from shiftdrive.rulesets.pilot_wave.host import HOST
from shiftdrive.rulesets.pilot_wave.order import MENTAL, PHYSICAL
from shiftdrive.rulesets.pilot_wave.scenario import PilotWaveScenario
from shiftdrive.rulesets.pilot_wave.state import Fighter, PilotWaveState
from shiftdrive.rulesets.pilot_wave.tactics import next_rolls


def setup(sc: PilotWaveScenario, dice: DiceSource) -> tuple[PilotWaveState, list[Event]]:
    weapons = sc.weapon_table()
    armor = sc.armor_table()
    aspects = AspectSet()
    for name in sc.aspects:
        aspects.add(Aspect(name, AspectKind.SITUATION))
    fighters: dict[str, Fighter] = {}
    for side in sc.sides:
        for c in side.characters:
            weapon = weapons[c.weapon.lower()] if c.weapon else UNARMED
            physical = StressTrack.fate_core(PHYSICAL, c.physique)
            worn = armor[c.armor.lower()] if c.armor else 0
            if c.vehicle is not None:
                physical = StressTrack(
                    PHYSICAL, StressKind.FATE_CORE, list(range(1, VEHICLE_STRESS + 1))
                )
                worn = armor[c.armor.lower()] if c.armor else VEHICLE_ARMOR[c.vehicle.armor]
            fighters[c.name] = Fighter(
                name=c.name, side=side.name,
                skills=dict(sc.effective_skills(c.name)),
                zone=str(Hex.parse(c.at or "0,0")),
                fate_points=FatePoints(
                    c.fate_points if c.fate_points is not None else c.refresh, c.refresh),
                stress={PHYSICAL: physical, MENTAL: StressTrack.fate_core(MENTAL, c.psyche)},
                consequences=ConsequenceSlots.fate_core(c.consequences),
                physique=c.physique, psyche=c.psyche,
                weapon=weapon.name, rounds=weapon.rounds, fire_mode=c.fire_mode,
                armor=worn, armor_name=c.armor or (c.vehicle.armor if c.vehicle else None),
                kph=c.vehicle.kph if c.vehicle else 0,
                power=c.power, surprised=c.surprised,
            )  # fmt: skip
            for _, text in c.aspects.all():
                aspects.add(Aspect(text, AspectKind.CHARACTER, owner=c.name))
    state = PilotWaveState(
        title=sc.title, sides=[s.name for s in sc.sides], fighters=fighters, aspects=aspects,
        scale=sc.scale, gm_notes=sc.gm_notes, max_exchanges=sc.max_exchanges,
        settings={"walks": sc.map_walks(), "weapons": weapons, "vacuum": sc.vacuum,
                  "high_g": sc.high_g, "matched_vectors": sc.matched_vectors,
                  "advantage_difficulty": sc.advantage_difficulty,
                  "overcome_difficulty": sc.overcome_difficulty},
    )  # fmt: skip
    state.settings["open_map"] = sc.open_map
    events = [
        Event(
            "setup",
            data={"title": sc.title, "sides": list(state.sides), "scale": sc.scale},
            visible_to=None,
        )
    ]
    # P8: against a side lying in wait, every other character not Surprised already rolls
    # Notice against the ambushers' best Stealth (a loss leaves it Surprised); then the bids
    # and the side-order roll. Each is a roll with its invoke window (`next_rolls`).
    state.notice_left = [
        [f.name, side.name] for side in sc.sides if side.ambush
        for f in fighters.values() if f.side != side.name
    ]  # fmt: skip
    events += next_rolls(HOST, state, dice)
    return state, events
