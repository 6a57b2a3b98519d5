"""The pilot_wave scenario file, validated at the edge: the map and its scale, the sides and
their characters (checked against P3 unless exempt), weapons and armor beyond the catalog."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from shiftdrive.engine.scenario import (
    MAX_SIDES,
    Flag,
    Number,
    ScenarioError,
    refuse_crowds,
    validate_model,
)
from shiftdrive.maps.errors import MapError
from shiftdrive.maps.hexgrid import Hex, HexMap
from shiftdrive.maps.hexwalks import HexWalks
from shiftdrive.rulesets.pilot_wave.board import walks_of
from shiftdrive.rulesets.pilot_wave.catalog import (
    ARMOR,
    AUTOMATIC_FIRE,
    HAND,
    SKILLS,
    WEAPON_KINDS,
    WEAPONS,
    Weapon,
    effective_skills,
    seed_rounds,
)
from shiftdrive.rulesets.pilot_wave.characters import (
    SKILL_NAMES,
    CharacterSpec,
    Text,
    aspect_key,
    aspect_repeats,
    creation_breaches,
    shape_problems,
)
from shiftdrive.rulesets.pilot_wave.host import CLOSE_COMBAT


class WeaponSpec(BaseModel):
    """A weapon the catalog lacks (or one it overrides)."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["hand", "pistol", "carbine", "rifle"]
    value: Number = Field(ge=0, le=12)
    #: unset: the seed's rounds for the kind (`catalog.seed_rounds`)
    rounds: Number | None = Field(default=None, ge=0, le=1000)
    skill: str
    auto: Flag = False
    blast: Flag = False
    crew: Flag = False
    #: its shots are hazardous (C2); unset: the catalog's default (blast, or a rifle not
    #: crew-served: `catalog.hazardous_by_default`)
    hazardous: Flag | None = None


class SideSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Text
    #: lying in wait: every character of the other sides rolls Notice against this side's
    #: best Stealth at the start, and is Surprised on a loss (P8)
    ambush: Flag = False
    characters: list[CharacterSpec] = Field(min_length=1)


class PilotWaveScenario(BaseModel):
    """A Pilot Wave conflict on a hex map at one personal scale."""

    model_config = ConfigDict(extra="forbid")
    ruleset: str
    title: Text = "A Pilot Wave conflict"
    description: str = ""
    scale: Literal["close", "short", "medium", "long"] = "short"
    #: P5: in vacuum range bands do not reduce damage
    vacuum: Flag = False
    #: P7: the scene is beyond 6G
    high_g: Flag = False
    #: P10: an attacker that moved matches its moving target's vector (no movement shift)
    matched_vectors: Flag = False
    #: P8's default hides enemy hexes and moves from a side that has noticed no enemy yet;
    #: true shows every position to every side (a map drawn for all at the table)
    open_map: Flag = False
    map: dict[str, Any]
    aspects: list[Text] = []
    sides: list[SideSpec] = Field(min_length=2, max_length=MAX_SIDES)
    weapons: dict[str, WeaponSpec] = {}
    #: armor beyond the seed's table, by its rating (the table's run from Average (1) to
    #: Great (4); an armor rating reduces a hit, so it is 0 or more)
    armor: dict[str, Annotated[Number, Field(ge=0, le=12)]] = {}
    max_exchanges: Number = Field(default=20, ge=1, le=1000)
    advantage_difficulty: Number = Field(default=2, ge=-4, le=12)
    overcome_difficulty: Number = Field(default=2, ge=-4, le=12)
    gm_notes: str = ""

    def weapon_table(self) -> dict[str, Weapon]:
        """The catalog's weapons and the scenario's own, by lower-case name: built once per
        scenario and shared by its battles (read-only), so a weapon is the same object in
        every battle and what is remembered of it (bands, the bot's moves) serves them all."""
        return self._weapons

    @cached_property
    def _weapons(self) -> dict[str, Weapon]:
        table = {k.lower(): w for k, w in WEAPONS.items()}
        for name, w in self.weapons.items():
            # the skill by its own name, as a character's are read in any case (`load` has
            # refused a name that is no skill)
            skill = SKILL_NAMES.get(w.skill.lower(), w.skill)
            rounds = seed_rounds(w.kind) if w.rounds is None else w.rounds
            table[name.lower()] = Weapon(
                name, w.kind, w.value, rounds, skill, auto=w.auto, blast=w.blast,
                crew=w.crew, hazardous=w.hazardous,
            )  # fmt: skip
        return table

    def effective_skills(self, name: str) -> dict[str, int]:
        """Character `name`'s every skill rating (P3, `catalog.effective_skills`), worked out
        once per scenario for all its battles (read-only: a battle's fighter takes a copy)."""
        return self._effective_skills[name]

    @cached_property
    def _effective_skills(self) -> dict[str, dict[str, int]]:
        return {
            c.name: effective_skills(c.listed_skills(), c.physique, c.psyche)
            for side in self.sides
            for c in side.characters
        }

    def map_walks(self) -> HexWalks:
        """The map's walks (`board.walks_of`), looked up once per scenario."""
        return self._map_walks

    @cached_property
    def _map_walks(self) -> HexWalks:
        return walks_of(self.map)

    def armor_table(self) -> dict[str, int]:
        return {
            **{k.lower(): v for k, v in ARMOR.items()},
            **{k.lower(): v for k, v in self.armor.items()},
        }


def load(data: Mapping[str, Any]) -> PilotWaveScenario:
    """Validate the shape, then the map, names, gear and every character's sheet (P3)."""
    sc = validate_model(PilotWaveScenario, data)
    refuse_crowds(sum(len(s.characters) for s in sc.sides), "characters")
    problems: list[tuple[str, str]] = []
    hmap: HexMap | None = None
    try:
        hmap = HexMap.from_dict(sc.map)
    except MapError as exc:
        problems.append(("map", str(exc)))
    skills = {s.lower() for s in SKILLS}
    for name, w in sc.weapons.items():
        if w.skill.lower() not in skills:
            problems.append((f"weapons.{name}.skill", f"{w.skill!r} is not a Pilot Wave skill"))
        if w.kind not in WEAPON_KINDS:
            problems.append((f"weapons.{name}.kind", f"unknown weapon kind {w.kind!r}"))
        if w.kind != HAND and w.rounds == 0:
            problems.append(
                (
                    f"weapons.{name}.rounds",
                    f"a {w.kind} needs at least 1 round to fire (leave `rounds` out for the "
                    f"seed's {seed_rounds(w.kind)})",
                )
            )
        if w.kind != HAND and w.skill.lower() == CLOSE_COMBAT.lower():
            # every Close Combat attack is hand-to-hand (`combat.kinds`): the seed's
            # hand-thrown weapons are not automated, and such a gun could never fire
            problems.append(
                (
                    f"weapons.{name}.skill",
                    f"a {w.kind} is not fired with {CLOSE_COMBAT}: Close Combat attacks are "
                    "hand-to-hand (kind: hand); thrown weapons are not automated",
                )
            )
        if w.kind == HAND:
            # seed "Automatic Weapon Fire" and "Blast Weapons" are guns' and launchers':
            # hand-to-hand is neither automatic nor a blast, nor a hazardous shot
            for field, on in (("auto", w.auto), ("blast", w.blast), ("hazardous", w.hazardous)):
                if on:
                    problems.append(
                        (
                            f"weapons.{name}.{field}",
                            f"a hand weapon (kind: hand) cannot be {field}: "
                            "hand-to-hand is one opposed Close Combat roll",
                        )
                    )
    weapons = sc.weapon_table()
    armor = sc.armor_table()
    names: set[str] = {s.name.lower() for s in sc.sides}
    if len(names) < len(sc.sides):
        problems.append(("sides", "each side needs its own name"))
    taken: dict[Hex, str] = {}
    aspects: dict[str, str] = {aspect_key(a): f"aspects[{i}]" for i, a in enumerate(sc.aspects)}
    if len(aspects) < len(sc.aspects):
        problems.append(("aspects", "each scene aspect needs its own name"))
    for si, side in enumerate(sc.sides):
        for ci, c in enumerate(side.characters):
            base = f"sides[{si}].characters[{ci}]"
            if c.name.lower() in names:
                problems.append(
                    (f"{base}.name", f"{c.name!r} is already the name of a side or character")
                )
            names.add(c.name.lower())
            for path, reason in shape_problems(c) + creation_breaches(c):
                problems.append((f"{base}.{path}", reason))
            problems.extend(aspect_repeats(c, aspects, f"{base}."))
            if c.weapon is not None and c.weapon.lower() not in weapons:
                known = ", ".join(sorted(weapons))
                problems.append((f"{base}.weapon", f"{c.name}: no weapon {c.weapon!r} ({known})"))
            elif c.weapon is not None and weapons[c.weapon.lower()].crew and c.vehicle is None:
                problems.append(
                    (
                        f"{base}.weapon",
                        f"{c.name}: the {c.weapon} is crew-served: it needs a vehicle's mount",
                    )
                )
            held = weapons.get(c.weapon.lower()) if c.weapon is not None else None
            if c.fire_mode == AUTOMATIC_FIRE and (held is None or not held.auto):
                what = f"the {c.weapon}" if c.weapon is not None else "bare hands"
                problems.append(
                    (
                        f"{base}.fire_mode",
                        f"{c.name}: {what} cannot be set to automatic fire (fire_mode: single)",
                    )
                )
            if c.armor is not None and c.armor.lower() not in armor:
                known = ", ".join(sorted(armor))
                problems.append((f"{base}.armor", f"{c.name}: no armor {c.armor!r} ({known})"))
            if c.at is None:
                problems.append((f"{base}.at", f"{c.name}: the starting hex 'q,r' is required"))
            elif hmap is not None:
                try:
                    h = Hex.parse(c.at)
                except ValueError as exc:
                    problems.append((f"{base}.at", f"{c.name}: {exc}"))
                    continue
                if h not in hmap:
                    problems.append((f"{base}.at", f"{c.name}: hex {h} is off the map"))
                elif not hmap.passable(h):
                    problems.append((f"{base}.at", f"{c.name}: hex {h} cannot be stood in"))
                elif h in taken:
                    problems.append((f"{base}.at", f"{c.name}: hex {h} is taken by {taken[h]}"))
                else:
                    taken[h] = c.name
    if all(c.surprised for s in sc.sides for c in s.characters):
        problems.append(("sides", "everyone is surprised: at least one character must be Aware"))
    if problems:
        raise ScenarioError(problems)
    return sc
