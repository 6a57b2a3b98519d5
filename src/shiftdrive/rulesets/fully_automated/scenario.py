"""The fully_automated scenario file and the card catalog, validated at the edge with pydantic.

Seed 003 sections "Combat action full descriptions" (weapon skills by cost), the action cards,
"Additional Combat Rules" (armor, HP) and "Starting Combat". Rulings F3, F5, F7, F8, F9.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, cached_property, lru_cache
from importlib import resources
from typing import Any, Final, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, StrictFloat

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

COLUMNS = ("--", "-", "0", "+", "++")
ARMOR = {"none": 0, "light": 1, "heavy": 2}  # F9: light -1, heavy -2 per attack
ALWAYS = ("punch", "move", "defend", "aim")  # every character has these cards
#: the most hit points a character may have: ten times F8's 20, short of fights that only end at
#: the round limit
MAX_HP: Final = 200


class AimedSpec(BaseModel):
    """What a card's "If Aimed" line does on top of advantage (every aimed attack has it)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    damage: Number | None = None  # replaces the base damage ("8 Dam. & Stun")
    bonus: Number = 0  # adds to the base damage ("+4 damage")
    near_bonus: Number | None = None  # replaces `bonus` at `near_distance` ("+8 if adjacent")
    near_distance: Number | None = None
    stun: Number = 0  # at least this many stuns ("& Stun", "& 2x Stun")
    advantage_always: Flag = False  # shortbow: "Advantaged even if disadvantaged apply"


class CardSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str
    kind: Literal["attack", "restrain", "move", "defend", "aim"]
    ranged: Flag = False
    damage: Number = 0
    range: tuple[Number, Number] = (1, 1)
    disadvantaged_range: tuple[Number, Number] | None = None
    movement: Number = 0
    outcomes: list[str] = []
    aimed: AimedSpec = AimedSpec()
    tackle: Flag = False


class ProficiencySpec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    cost: StrictFloat = Field(ge=0, allow_inf_nan=False)
    cards: list[str] = []
    includes: list[str] = []


class Catalog(BaseModel):
    """Cards, weapons and proficiencies; a scenario's `catalog` adds to or replaces entries."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    cards: dict[str, CardSpec] = {}
    weapons: dict[str, list[str]] = {}
    proficiencies: dict[str, ProficiencySpec] = {}


@cache
def default_catalog() -> Catalog:
    text = resources.files(__package__).joinpath("cards.yaml").read_text(encoding="utf-8")
    return Catalog.model_validate(yaml.safe_load(text))


@dataclass(frozen=True, slots=True)
class Outcome:
    """One cell of a card's outcome table: damage change and stun rounds added."""

    damage: int = 0
    stun: int = 0


_CELL = re.compile(
    r"^(?:(?P<dmg>[+-]\d+))?\s*(?:&\s*)?(?P<stun>(?:2x\s*)?Stun(?:\s*x(?P<n>\d))?)?$"
)


@lru_cache(maxsize=1024)
def parse_outcome(text: str) -> Outcome | None:
    """'~' -> no change; '+2' -> +2 damage; 'Stun x2' / '2x Stun' -> 2 stuns; '+1 & Stun'.
    Remembered: every hit reads one of the catalog's few cells (an Outcome is immutable)."""
    t = text.strip()
    if t in ("~", "0"):
        return Outcome()
    m = _CELL.match(t)
    if not m or not (m.group("dmg") or m.group("stun")):
        return None
    stun = 0
    if m.group("stun"):
        stun = int(m.group("n") or 1)
        if m.group("stun").startswith("2x"):
            stun = 2
    return Outcome(int(m.group("dmg") or 0), stun)


class CharacterSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str = Field(min_length=1)
    hp: Number | None = Field(default=None, le=MAX_HP)  # F8 default 20 (rules.hp)
    speed: Number | None = None  # F3 default 5 (rules.speed)
    # F7 default 4 (rules.move); the seed also prints a Move 5 card
    move: Number | None = Field(default=None, ge=0)
    # Combat points for proficiencies (finite: they buy proficiencies)
    skill_points: StrictFloat | None = Field(default=None, ge=0, allow_inf_nan=False)
    proficiencies: list[str] = []
    weapons: list[str] = []
    armor: Literal["none", "light", "heavy"] = "none"
    restraints: Flag = False
    at: str | None = None  # starting hex "q,r" (standard mode)


class SideSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str = Field(min_length=1)
    characters: list[CharacterSpec] = Field(min_length=1)


class Rules(BaseModel):
    """Defaults a scenario may override (each one is written down in the ruleset's doc)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    # F8; the default full HP: at least 1 (0 or less would start everyone incapacitated)
    hp: Number = Field(default=20, ge=1, le=MAX_HP)
    speed: Number = 5  # F3
    move: Number = Field(default=4, ge=0)  # F7
    aimed_move: Number = Field(default=6, ge=0)  # F7
    skill_points: StrictFloat = Field(default=2, ge=0, allow_inf_nan=False)
    max_rounds: Number = Field(default=30, ge=1, le=1000)
    stunned_attack_disadvantage: Flag = False  # the seed's "Optional Rule"
    light_die: str = "d10"  # F10: the GM's skill checks roll this die + bonus vs difficulty
    break_free_penalty: Number = Field(default=4, ge=0, le=50)  # seed "Restrain": "by 4"


class FAScenario(BaseModel):
    """A Fully Automated! fight: sides of characters on a hex map (or mapless, `mode: light`)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    ruleset: str
    title: str = "A Fully Automated! fight"
    description: str = ""
    mode: Literal["standard", "light"] = "standard"
    map: dict[str, Any] | None = None
    sides: list[SideSpec] = Field(min_length=2, max_length=MAX_SIDES)
    rules: Rules = Rules()
    catalog: Catalog = Catalog()
    gm_notes: str = ""

    def merged_catalog(self) -> Catalog:
        """The default catalog with the scenario's entries over it; built once per scenario
        (a simulation starts thousands of battles from one; models are frozen), read-only."""
        return self._merged

    @cached_property
    def _merged(self) -> Catalog:
        base = default_catalog()
        extra = self.catalog
        return Catalog(
            cards={**base.cards, **extra.cards},
            weapons={**base.weapons, **extra.weapons},
            proficiencies={**base.proficiencies, **extra.proficiencies},
        )


def expand_proficiencies(cat: Catalog, bought: list[str]) -> list[str]:
    """Bought proficiencies plus everything they bundle, transitively (rifle -> pistol...)."""
    out: list[str] = []
    todo = list(bought)
    while todo:
        p = todo.pop(0)
        if p in out or p not in cat.proficiencies:
            continue
        out.append(p)
        todo.extend(cat.proficiencies[p].includes)
    return out


def proficiency_cost(cat: Catalog, bought: list[str]) -> float:
    """Cost of the bought proficiencies, not counting ones another bought one already includes."""
    total = 0.0
    for p in dict.fromkeys(bought):
        others = [o for o in bought if o != p]
        if p in expand_proficiencies(cat, others):
            continue
        total += cat.proficiencies[p].cost
    return total


def _known(options: Mapping[str, Any] | list[str]) -> str:
    names = list(options)
    return f" (known: {', '.join(names)})" if len(names) <= 40 else ""


#: the cards whose id the rules play by (every hand holds punch, move, defend and aim; Restrain
#: with restraints): each keeps its kind, and no other card may be a move, defend or aim card
FIXED_KINDS: Final = {
    "punch": "attack",
    "move": "move",
    "defend": "defend",
    "aim": "aim",
    "restrain": "restrain",
}


def _card_faults(cid: str, card: CardSpec) -> list[tuple[str, str]]:
    """Why a catalog card cannot be played: a range that is no distance (F5: ranges are whole
    hexes, 1 = adjacent, nearest first), negative damage or movement, or a kind the rules do
    not play it by (the counter-attack needs Punch to be an attack, F4; the round plays Move,
    Defend, Aim and Restrain by their ids, F2)."""
    at = f"catalog.cards.{cid}"
    out: list[tuple[str, str]] = []
    for name, span in (("range", card.range), ("disadvantaged_range", card.disadvantaged_range)):
        if span is not None and not 1 <= span[0] <= span[1]:
            why = f"{list(span)} is no range: [nearest, farthest], from 1 (adjacent)"
            out.append((f"{at}.{name}", why))
    if card.damage < 0:
        out.append((f"{at}.damage", "cannot be negative"))
    if card.movement < 0:
        out.append((f"{at}.movement", "cannot be negative"))
    fixed = FIXED_KINDS.get(cid)
    if fixed is not None and card.kind != fixed:
        out.append((f"{at}.kind", f"{cid} is always of kind {fixed!r}, not {card.kind!r}"))
    elif fixed is None and card.kind in ("move", "defend", "aim"):
        out.append((f"{at}.kind", f"only the {card.kind} card itself is of kind {card.kind}"))
    return out


def load(data: Mapping[str, Any]) -> FAScenario:
    """Validate the shape, then cross-references: cards, weapons, hexes, names, budgets."""
    sc = validate_model(FAScenario, data)
    refuse_crowds(sum(len(s.characters) for s in sc.sides), "characters")
    cat = sc.merged_catalog()
    problems: list[tuple[str, str]] = []
    for cid, card in cat.cards.items():
        problems += _card_faults(cid, card)
        for i, cell in enumerate(card.outcomes if card.kind == "attack" else []):
            if parse_outcome(cell) is None:
                problems.append(
                    (
                        f"catalog.cards.{cid}.outcomes[{i}]",
                        f"cannot read outcome {cell!r}: use ~, +N, -N, Stun, Stun x2",
                    )
                )
        if card.kind == "attack" and len(card.outcomes) != 5:
            problems.append((f"catalog.cards.{cid}.outcomes", "needs 5 cells, for --, -, 0, +, ++"))
    for wname, cards in cat.weapons.items():
        for i, c in enumerate(cards):
            if c not in cat.cards:
                problems.append(
                    (f"catalog.weapons.{wname}[{i}]", f"unknown card {c!r}{_known(cat.cards)}")
                )
    for pname, prof in cat.proficiencies.items():
        for i, c in enumerate(prof.cards):
            if c not in cat.cards:
                problems.append(
                    (
                        f"catalog.proficiencies.{pname}.cards[{i}]",
                        f"unknown card {c!r}{_known(cat.cards)}",
                    )
                )
        for i, inc in enumerate(prof.includes):
            if inc not in cat.proficiencies:
                problems.append(
                    (f"catalog.proficiencies.{pname}.includes[{i}]", f"unknown proficiency {inc!r}")
                )
    hmap: HexMap | None = None
    if sc.mode == "standard":
        if sc.map is None:
            problems.append(("map", "is required in standard mode (or set mode: light)"))
        else:
            try:
                hmap = HexMap.from_dict(sc.map)
            except MapError as exc:
                problems.append(("map", str(exc)))
    seen: dict[str, str] = {}
    for si, side in enumerate(sc.sides):
        key = side.name.lower()
        if key in seen:
            problems.append((f"sides[{si}].name", f"duplicate name {side.name!r}"))
        seen[key] = f"sides[{si}]"
    taken: dict[Hex, str] = {}
    for si, side in enumerate(sc.sides):
        for ci, ch in enumerate(side.characters):
            base = f"sides[{si}].characters[{ci}]"
            if ch.name.lower() in seen or ch.name.lower() == "gm":
                problems.append(
                    (
                        f"{base}.name",
                        f"duplicate name {ch.name!r}: characters, "
                        "sides and the 'gm' seat need unique names",
                    )
                )
            seen[ch.name.lower()] = base
            for i, w in enumerate(ch.weapons):
                if w not in cat.weapons:
                    problems.append(
                        (f"{base}.weapons[{i}]", f"unknown weapon {w!r}{_known(cat.weapons)}")
                    )
            bad = False
            for i, p in enumerate(ch.proficiencies):
                if p not in cat.proficiencies:
                    bad = True
                    problems.append(
                        (
                            f"{base}.proficiencies[{i}]",
                            f"unknown proficiency {p!r}{_known(cat.proficiencies)}",
                        )
                    )
            if not bad:
                budget = ch.skill_points if ch.skill_points is not None else sc.rules.skill_points
                cost = proficiency_cost(cat, ch.proficiencies)
                if cost > budget + 1e-9:
                    problems.append(
                        (
                            f"{base}.proficiencies",
                            f"cost {cost:g} skill points, over the budget of {budget:g}",
                        )
                    )
            if sc.mode == "standard" and hmap is not None:
                if ch.at is None:
                    problems.append((f"{base}.at", "is required: the starting hex 'q,r'"))
                    continue
                try:
                    h = Hex.parse(ch.at)
                except MapError as exc:
                    problems.append((f"{base}.at", str(exc)))
                    continue
                if h not in hmap:
                    problems.append((f"{base}.at", f"hex {h} is off the map"))
                elif not hmap.passable(h):
                    problems.append(
                        (
                            f"{base}.at",
                            f"hex {h} is {hmap.terrain(h).value}: no one can stand there",
                        )
                    )
                elif h in taken:
                    problems.append((f"{base}.at", f"hex {h} is already taken by {taken[h]}"))
                else:
                    taken[h] = ch.name
    if problems:
        raise ScenarioError(problems)
    return sc
