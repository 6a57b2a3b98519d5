"""The tachyon scenario file, validated at the edge with pydantic (seed 001 "Participants",
"Range zones"; rulings T1, T3, T11, T13)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, cached_property
from importlib import resources
from typing import Annotated, Any, Literal

import yaml
from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from shiftdrive.engine.scenario import (
    MAX_UNITS,
    Flag,
    Number,
    ScenarioError,
    refuse_crowds,
    validate_model,
)
from shiftdrive.maps.zones import Zone, ZoneMap

SKILLS = ("pilot", "gunnery", "tactics", "technology", "notice")


def _named(text: str) -> str:
    """An aspect's name: some text that is not only spaces."""
    if not text.strip():
        raise ValueError("is blank: an aspect needs a name")
    return text


class _Model(BaseModel):
    """Read-only once validated: one scenario starts thousands of simulated battles, and the
    zone map and catalog built from it are cached on it."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class WeaponSpec(_Model):
    range: Number = Field(ge=0, le=10)


class OrdnanceSpec(_Model):
    speed: Number = Field(ge=1, le=10)


class CraftTemplate(_Model):
    """T1: a small craft's ratings, shields (counting boxes), weapons and ordnance load."""

    pilot: Number = 0
    gunnery: Number = 0
    tactics: Number = 0
    technology: Number = 0
    notice: Number = 0
    shields: Number = Field(default=4, ge=0, le=20)
    weapons: list[str] = ["fighter_cannons"]
    ordnance: dict[str, Number] = {}
    large_crew: Flag = False


class GunSpec(_Model):
    count: Number = Field(default=1, ge=0, le=8)
    gunnery: Number = 1
    tactics: Number = 0
    weapon: str = "capital_turrets"


class LargeTemplate(_Model):
    """T3: defenses (rolled), shields (subtracted), point defense, gun emplacements."""

    tactics: Number = 0
    technology: Number = 0
    notice: Number = 0
    defense_short: Number = 0
    defense_long: Number = 0
    shield_short: Number = Field(default=0, ge=0)
    shield_long: Number = Field(default=0, ge=0)
    pd_short: Number = Field(default=0, ge=0)
    pd_long: Number = Field(default=0, ge=0)
    guns: GunSpec = GunSpec()


class Catalog(_Model):
    weapons: dict[str, WeaponSpec] = {}
    ordnance: dict[str, OrdnanceSpec] = {}
    craft: dict[str, CraftTemplate] = {}
    large: dict[str, LargeTemplate] = {}


@cache
def default_catalog() -> Catalog:
    text = resources.files(__package__).joinpath("catalog.yaml").read_text(encoding="utf-8")
    return Catalog.model_validate(yaml.safe_load(text))


class ZoneSpec(_Model):
    name: str = Field(min_length=1)
    adjacent: list[str] = []
    end_zone: Flag = False
    aspects: list[Annotated[str, Field(min_length=1), AfterValidator(_named)]] = []


class MapSpec(_Model):
    zones: list[ZoneSpec] = Field(min_length=1)


class _SmallCraftSpec(_Model):
    """What a lone craft and a flight share; unset ratings come from the template."""

    name: str = Field(min_length=1)
    template: str
    zone: str
    pilot: Number | None = None
    gunnery: Number | None = None
    tactics: Number | None = None
    technology: Number | None = None
    notice: Number | None = None
    shields: Number | None = Field(default=None, ge=0, le=20)
    weapons: list[str] | None = None
    ordnance: dict[str, Number] | None = None
    aspects: list[Annotated[str, Field(min_length=1), AfterValidator(_named)]] = []


class CraftSpec(_SmallCraftSpec):
    """One small craft flying alone, possibly a PC's."""

    pc: Flag = False
    fate_points: Number | None = Field(default=None, ge=0)
    refresh: Number = Field(default=3, ge=0)
    stress_boxes: Number = Field(default=3, ge=1, le=10)
    large_crew: Flag | None = None
    consequences: list[Literal["mild", "moderate", "severe"]] = ["mild", "moderate", "severe"]


class FlightSpec(_SmallCraftSpec):
    """Nameless NPC craft flying as one unit (seed: 'NPCs can be organized into flights')."""

    size: Number = Field(default=2, ge=1, le=12)


class LargeSpec(_Model):
    name: str = Field(min_length=1)
    template: str
    zone: str
    tactics: Number | None = None
    technology: Number | None = None
    defense_short: Number | None = None
    defense_long: Number | None = None
    shield_short: Number | None = Field(default=None, ge=0)
    shield_long: Number | None = Field(default=None, ge=0)
    pd_short: Number | None = Field(default=None, ge=0)
    pd_long: Number | None = Field(default=None, ge=0)
    guns: GunSpec | None = None
    aspects: list[Annotated[str, Field(min_length=1), AfterValidator(_named)]] = []


class SwarmSpec(_Model):
    """T11: one situation aspect with one free invoke for its side; pilot to defend."""

    name: str = Field(min_length=1)
    aspect: Annotated[str, Field(min_length=1), AfterValidator(_named)]
    zone: str
    pilot: Number = 1


class SideSpec(_Model):
    name: str = Field(min_length=1)
    goal: str = ""
    players: Flag = False
    destroy: list[str] = []
    craft: list[CraftSpec] = []
    flights: list[FlightSpec] = []
    # a large target brings up to 8 gun emplacements, each a unit of its own
    large: list[LargeSpec] = Field(default=[], max_length=MAX_UNITS // 4)
    swarms: list[SwarmSpec] = []


class Options(_Model):
    """Scenario-overridable defaults where the seed is unclear (see docs/rulesets/tachyon.md)."""

    bug_out_timing: Literal["next_round", "this_round"] = "next_round"  # T13
    detection: Flag = True  # T7 detection phase on approach
    chatter: Flag = True  # start-of-round chatter step
    tie_succeeds: Flag = True  # overcome ties vs a fixed difficulty count as success
    advantage_difficulty: Number = 2  # create advantage on the scene / zone
    flight_bonus_per_craft: Number = 1  # teamwork bonus for each craft beyond the first
    small_craft_repair: Literal["consequence", "none"] = "consequence"
    strict_zone_count: Flag = True  # seed: "Combat map contains 8-10 zones"
    undetected_invoke_on_reveal: Flag = True  # T7: the free invoke survives the revealing action


class TachyonScenario(_Model):
    ruleset: str
    title: str = "A Tachyon Squadron engagement"
    description: str = ""
    max_rounds: Number = Field(default=12, ge=1, le=200)
    time_limit_winner: str | None = None
    options: Options = Options()
    map: MapSpec
    sides: list[SideSpec] = Field(min_length=2, max_length=2)
    catalog: Catalog = Catalog()

    def merged_catalog(self) -> Catalog:
        """The default catalog with the scenario's entries over it; built once per scenario
        (a simulation starts thousands of battles from one), so callers must not change it."""
        return self._merged

    @cached_property
    def zone_map(self) -> ZoneMap:
        """Borders need only be listed on one side in a scenario; the map lists both. Built once
        per scenario: a fight never changes its map."""
        adj: dict[str, list[str]] = {z.name.lower(): [] for z in self.map.zones}
        canon = {z.name.lower(): z.name for z in self.map.zones}
        for z in self.map.zones:
            for n in z.adjacent:
                a, b = z.name.lower(), n.lower()
                if canon[b] not in adj[a]:
                    adj[a].append(canon[b])
                if canon[a] not in adj[b]:
                    adj[b].append(canon[a])
        return ZoneMap(
            Zone(z.name, tuple(z.aspects), tuple(adj[z.name.lower()]), z.end_zone)
            for z in self.map.zones
        )

    @cached_property
    def _merged(self) -> Catalog:
        base = default_catalog()
        extra = self.catalog
        return Catalog(
            weapons={**base.weapons, **extra.weapons},
            ordnance={**base.ordnance, **extra.ordnance},
            craft={**base.craft, **extra.craft},
            large={**base.large, **extra.large},
        )


def _known(options: list[str]) -> str:
    return f" (known: {', '.join(options)})"


def load(data: Mapping[str, Any]) -> TachyonScenario:
    """Validate shape, then cross-references: templates, zones, weapons, names, goals."""
    sc = validate_model(TachyonScenario, data)
    refuse_crowds(
        sum(len(s.craft) + len(s.flights) + len(s.large) + len(s.swarms) for s in sc.sides),
        "craft, flights, large targets and swarms",
    )
    cat = sc.merged_catalog()
    problems: list[tuple[str, str]] = []
    zones = [z.name for z in sc.map.zones]
    zone_keys = {z.lower() for z in zones}
    seen_zone: set[str] = set()
    for zi, z in enumerate(sc.map.zones):
        if z.name.lower() in seen_zone:
            problems.append((f"map.zones[{zi}].name", f"duplicate zone name {z.name!r}"))
        seen_zone.add(z.name.lower())
        for ai, adj in enumerate(z.adjacent):
            if adj.lower() not in zone_keys:
                problems.append(
                    (f"map.zones[{zi}].adjacent[{ai}]", f"no zone named {adj!r}{_known(zones)}")
                )
            elif adj.lower() == z.name.lower():
                problems.append((f"map.zones[{zi}].adjacent[{ai}]", "a zone cannot border itself"))
    if sc.options.strict_zone_count and not 8 <= len(zones) <= 10:
        problems.append(
            (
                "map.zones",
                f"a combat map has 8-10 zones, this one has {len(zones)} "
                "(set options.strict_zone_count: false to allow it)",
            )
        )
    if not any(z.end_zone for z in sc.map.zones):
        problems.append(("map.zones", "at least one zone must be an end zone (to bug out)"))

    def check_load(path: str, load: dict[str, int]) -> None:
        """An ordnance load (T1): known kinds, counts of none or more (a template's too)."""
        for o, n in load.items():
            if o not in cat.ordnance:
                problems.append(
                    (
                        f"{path}.ordnance.{o}",
                        f"unknown ordnance {o!r}{_known(list(cat.ordnance))}",
                    )
                )
            elif n < 0:
                problems.append((f"{path}.ordnance.{o}", "cannot be negative"))

    for name, w in cat.craft.items():
        for wi, weapon in enumerate(w.weapons):
            if weapon not in cat.weapons:
                problems.append(
                    (
                        f"catalog.craft.{name}.weapons[{wi}]",
                        f"unknown weapon {weapon!r}{_known(list(cat.weapons))}",
                    )
                )
        check_load(f"catalog.craft.{name}", w.ordnance)

    def check_guns(path: str, guns: GunSpec | None) -> None:
        """T3: gun emplacements carry a weapon of the catalog (a template's or a ship's own)."""
        if guns is not None and guns.weapon not in cat.weapons:
            problems.append(
                (
                    f"{path}.guns.weapon",
                    f"unknown weapon {guns.weapon!r}{_known(list(cat.weapons))}",
                )
            )

    for name, lt in cat.large.items():
        check_guns(f"catalog.large.{name}", lt.guns)
    names: dict[str, str] = {}
    side_names = [s.name for s in sc.sides]
    if side_names[0].lower() == side_names[1].lower():
        problems.append(("sides[1].name", f"duplicate side name {side_names[1]!r}"))

    def claim(name: str, path: str) -> None:
        key = name.lower()
        if key in names or key in {s.lower() for s in side_names}:
            problems.append(
                (
                    path,
                    f"duplicate name {name!r}"
                    + (f" (also at {names[key]})" if key in names else " (a side)"),
                )
            )
        else:
            names[key] = path

    def check_zone(zone: str, path: str) -> None:
        if zone.lower() not in zone_keys:
            problems.append((path, f"no zone named {zone!r}{_known(zones)}"))

    large_by_side: dict[int, set[str]] = {0: set(), 1: set()}
    for si, side in enumerate(sc.sides):
        base = f"sides[{si}]"
        units = len(side.craft) + len(side.flights) + len(side.large)
        if units == 0:
            problems.append((base, "a side needs at least one craft, flight or large target"))
        small: list[tuple[str, CraftSpec | FlightSpec]] = [
            *((f"{base}.craft[{i}]", c) for i, c in enumerate(side.craft)),
            *((f"{base}.flights[{i}]", f) for i, f in enumerate(side.flights)),
        ]
        for path, c in small:
            claim(c.name, f"{path}.name")
            check_zone(c.zone, f"{path}.zone")
            if c.template not in cat.craft:
                problems.append(
                    (
                        f"{path}.template",
                        f"unknown craft template {c.template!r}{_known(list(cat.craft))}",
                    )
                )
            for wi, weapon in enumerate(c.weapons or []):
                if weapon not in cat.weapons:
                    problems.append(
                        (
                            f"{path}.weapons[{wi}]",
                            f"unknown weapon {weapon!r}{_known(list(cat.weapons))}",
                        )
                    )
            check_load(path, c.ordnance or {})
        for i, lg in enumerate(side.large):
            path = f"{base}.large[{i}]"
            claim(lg.name, f"{path}.name")
            check_zone(lg.zone, f"{path}.zone")
            large_by_side[si].add(lg.name.lower())
            check_guns(path, lg.guns)
            if lg.template not in cat.large:
                problems.append(
                    (
                        f"{path}.template",
                        f"unknown large-target template {lg.template!r}{_known(list(cat.large))}",
                    )
                )
        for i, sw in enumerate(side.swarms):
            path = f"{base}.swarms[{i}]"
            claim(sw.name, f"{path}.name")
            check_zone(sw.zone, f"{path}.zone")
    for si, side in enumerate(sc.sides):
        for i, target in enumerate(side.destroy):
            if target.lower() not in large_by_side[1 - si]:
                problems.append(
                    (
                        f"sides[{si}].destroy[{i}]",
                        f"{target!r} is not a large target of the other side",
                    )
                )
    # Zone and swarm aspects are placed by their names as given, and an aspect's name is one
    # name whatever its case and outer spaces (the aspect index folds both): two of one name
    # cannot both be placed. A craft's or a ship's own aspects are set up before the swarms
    # and take a "(2)" when their name is taken, so a swarm aspect may not repeat one (T11).
    aspects: dict[str, str] = {}

    def place(name: str, path: str) -> None:
        key = name.strip().casefold()
        if key in aspects:
            problems.append((path, f"duplicate aspect {name!r} (also at {aspects[key]})"))
        else:
            aspects[key] = path

    for zi, z in enumerate(sc.map.zones):
        for ai, a in enumerate(z.aspects):
            place(a, f"map.zones[{zi}].aspects[{ai}]")
    owned: dict[str, str] = {}
    for si, side in enumerate(sc.sides):
        given: list[tuple[str, list[str]]] = [
            *((f"craft[{i}]", c.aspects) for i, c in enumerate(side.craft)),
            *((f"flights[{i}]", f.aspects) for i, f in enumerate(side.flights)),
            *((f"large[{i}]", lg.aspects) for i, lg in enumerate(side.large)),
        ]
        for where, names_given in given:
            for ai, a in enumerate(names_given):
                owned.setdefault(a.strip().casefold(), f"sides[{si}].{where}.aspects[{ai}]")
    for si, side in enumerate(sc.sides):
        for i, sw in enumerate(side.swarms):
            path = f"sides[{si}].swarms[{i}].aspect"
            also = owned.get(sw.aspect.strip().casefold())
            if also is not None:
                problems.append((path, f"duplicate aspect {sw.aspect!r} (also at {also})"))
            else:
                place(sw.aspect, path)
    if sc.sides[0].players and sc.sides[1].players:
        # T7: "Each player rolls": the players are one side, the one whose craft roll
        # detection; two would leave the set-up to pick one unsaid.
        problems.append(
            (
                "sides[1].players",
                "only one side may be players: true (its craft roll detection, T7); "
                "sides[0] already is",
            )
        )
    if sc.time_limit_winner is not None and sc.time_limit_winner not in side_names:
        problems.append(
            ("time_limit_winner", f"no side named {sc.time_limit_winner!r}{_known(side_names)}")
        )
    if problems:
        raise ScenarioError(problems)
    return sc
