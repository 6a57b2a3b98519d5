"""Pilot Wave's tables as data: the skill list and subjacent skills (seed "Skills"), scales
(P4), personal speeds (P10), range bands (P9), weapons and armor (seed tables, P9's catalog
defaults). Pure functions over them; no state."""

from __future__ import annotations

from functools import lru_cache
from typing import Final

#: the seed's skill list ("Skills"), in its order
SKILLS: Final[tuple[str, ...]] = (
    "Academics", "Athletics", "Clandestine", "Close Combat", "Energy Weapons", "Engineering",
    "Finance", "Gun Combat", "Heavy Weapons", "Interpersonal", "Intrusion", "Investigate",
    "Medical", "Notice", "Provoke", "Science", "Space Combat", "Space Ops", "Stealth",
    "Survival", "Tactics", "Vehicle Combat", "Vehicle Ops", "Zero-G",
)  # fmt: skip
PHYSIQUE: Final = "Physique"
PSYCHE: Final = "Psyche"
ATTRIBUTES: Final = (PHYSIQUE, PSYCHE)
#: P3: unlisted skills are Terrible; Finance defaults to Mediocre
UNLISTED: Final = -2
DEFAULTS: Final[dict[str, int]] = {"Finance": 0}
#: the seed's subjacent skills: a parent's subjacent skills roll at the parent's rating -1
SUBJACENT: Final[dict[str, tuple[str, ...]]] = {
    "Academics": ("Engineering", "Medical", "Science"),
    "Clandestine": ("Intrusion", "Stealth"),
    "Engineering": ("Science", "Academics"),
    "Heavy Weapons": ("Vehicle Combat",),
    "Science": ("Medical", "Academics"),
    "Space Combat": ("Vehicle Combat",),
    "Space Ops": ("Vehicle Ops",),
    "Vehicle Combat": ("Space Combat",),
    "Vehicle Ops": ("Space Ops",),
}
SUBJACENT_PENALTY: Final = 1
#: P3: the skill pyramid, rating -> how many skills
PYRAMID: Final[dict[int, int]] = {4: 1, 3: 2, 2: 3, 1: 4}
ATTRIBUTE_SHIFTS: Final = 3
#: P3: aspects by category, (fewest, most); None: no upper bound
ASPECT_COUNTS: Final[dict[str, tuple[int, int | None]]] = {
    "archetype": (1, 1),
    "careers": (1, None),
    "trouble": (1, 1),
    "convictions": (2, 2),
    "ties": (2, 2),
    "gear": (1, 1),
}
STUNTS: Final = 3
#: a player character's refresh (the seed gives none: Fate Core's 3 with its three free
#: stunts, the seed's three stunts; a documented default that `check` holds PCs to)
REFRESH: Final = 3


def effective_skills(listed: dict[str, int], physique: int, psyche: int) -> dict[str, int]:
    """Every skill's rating: listed, else the default (Terrible; Finance Mediocre), raised to a
    parent's rating -1 where that is better (P3); the attributes roll as themselves."""
    out = {s: listed.get(s, DEFAULTS.get(s, UNLISTED)) for s in SKILLS}
    for parent, children in SUBJACENT.items():
        via = listed.get(parent, DEFAULTS.get(parent, UNLISTED)) - SUBJACENT_PENALTY
        for child in children:
            if via > out[child]:
                out[child] = via
    out[PHYSIQUE] = physique
    out[PSYCHE] = psyche
    return out


# --- scales (P4) and speeds (P10) ---------------------------------------------------------------
SCALES: Final[tuple[str, ...]] = ("close", "short", "medium", "long")
HEX_SIZE: Final[dict[str, str]] = {
    "close": "1.5 m", "short": "15 m", "medium": "150 m", "long": "1.5 km",
}  # fmt: skip
EXCHANGE: Final[dict[str, str]] = {
    "close": "six seconds", "short": "six seconds", "medium": "one minute", "long": "ten minutes",
}  # fmt: skip
EXCHANGE_SECONDS: Final[dict[str, int]] = {"close": 6, "short": 6, "medium": 60, "long": 600}
#: P7: beyond 6G, Space Ops against Difficult (+3) each exchange or a hit of the shortfall;
#: a minute of it takes a person out, ten minutes kill (the conflicts, the ship fights and
#: the travel calculator read these)
HIGH_G: Final = 6
HIGH_G_DIFFICULTY: Final = 3
HIGH_G_OUT_SECONDS: Final = 60
HIGH_G_DEAD_SECONDS: Final = 600
WALK: Final = 4
TROT: Final = 10
RUN: Final = 20
#: P10: personal and vehicle speeds are given at Close scale and divided by this elsewhere
SPEED_DIVISOR: Final[dict[str, int]] = {"close": 1, "short": 10, "medium": 10, "long": 10}
#: P10: hexes moved -> the shift on actions by and against the mover (largest first)
MOVE_SHIFTS: Final[tuple[tuple[int, int], ...]] = ((20, -3), (10, -2), (5, -1))


def run_speed(physique: int, scale: str) -> int:
    """P10: the most hexes a person moves in a turn (running: 20 + Physique at Close)."""
    return max(1, (RUN + physique) // SPEED_DIVISOR[scale])


def vehicle_speed(kph: int, scale: str) -> int:
    """P10: a vehicle's kph is its hexes at Close scale, kph / 10 elsewhere."""
    return max(1, kph // SPEED_DIVISOR[scale])


def gait(hexes: int, physique: int, scale: str) -> str:
    """The seed's walk / trot / run for a move of `hexes`."""
    d = SPEED_DIVISOR[scale]
    if hexes <= max(1, WALK // d):
        return "walks"
    if hexes <= max(1, TROT // d):
        return "trots"
    return "runs"


def move_shift(hexes: int) -> int:
    """P10: -1 / -2 / -3 for moving 5+ / 10+ / 20+ hexes this exchange."""
    for least, shift in MOVE_SHIFTS:
        if hexes >= least:
            return shift
    return 0


# --- psychic powers (P13) ---------------------------------------------------------------------
PUSHER: Final = "pusher"
MOVER: Final = "mover"
#: P13: the seed's "within a zone" is 10 hexes at Close scale (1 at Short), scaled like ranges
POWER_REACH_SHORT: Final = 1


def power_reach(scale: str) -> int:
    """P13: how far a power reaches without extreme focus (beyond it is hazardous)."""
    mul, div = SCALE_FACTOR[scale]
    return -(-POWER_REACH_SHORT * mul // div)


# --- range bands (P9) ---------------------------------------------------------------------------
BANDS: Final[tuple[str, ...]] = ("contact", "point blank", "effective", "maximum")
#: weapon type -> per band (Short-scale hexes, difficulty)
RANGES: Final[dict[str, tuple[tuple[int, int], ...]]] = {
    "pistol": ((1, 0), (2, 1), (4, 2), (6, 3)),
    "carbine": ((1, 0), (5, 1), (10, 2), (20, 3)),
    "rifle": ((1, 1), (10, 1), (20, 2), (40, 3)),
}
#: P5: the damage shift of each band (none in vacuum)
RANGE_DAMAGE: Final[tuple[int, ...]] = (0, -1, -2, -3)
#: P9: Short-scale hexes x this at Close, / it at Medium and Long (rounded up)
SCALE_FACTOR: Final[dict[str, tuple[int, int]]] = {
    "close": (10, 1), "short": (1, 1), "medium": (1, 10), "long": (1, 100),
}  # fmt: skip
#: hand-to-hand reaches adjacent hexes only, at Contact
ADJACENT: Final = 1


def band_hexes(kind: str, scale: str) -> list[int]:
    """P9: each band's reach in hexes at `scale` (rounded up); pistols have none at Long."""
    if kind == "pistol" and scale == "long":
        return []
    mul, div = SCALE_FACTOR[scale]
    return [-(-hexes * mul // div) for hexes, _ in RANGES[kind]]


@lru_cache(maxsize=4096)
def band_at(kind: str, scale: str, distance: int) -> int | None:
    """The range band (0 contact .. 3 maximum) of a target `distance` hexes away; where bands
    share a hex the nearer applies (P9). None: out of range. Remembered: bots ask it for
    every hex they weigh."""
    for band, reach in enumerate(band_hexes(kind, scale)):
        if distance <= reach:
            return band
    return None


def band_difficulty(kind: str, band: int) -> int:
    return RANGES[kind][band][1]


# --- weapons and armor (seed tables; P9's catalog defaults) ------------------------------------
HAND: Final = "hand"  # hand-to-hand: adjacent, against opposed Close Combat
WEAPON_KINDS: Final = (HAND, *RANGES)


class Weapon:
    """A weapon's numbers: range type, value (shifts), rounds, skill, and what it can do."""

    def __init__(
        self,
        name: str,
        kind: str,
        value: int,
        rounds: int,
        skill: str,
        *,
        auto: bool = False,
        blast: bool = False,
        crew: bool = False,
        hazardous: bool | None = None,
    ) -> None:
        self.name = name
        self.kind = kind
        self.value = value
        self.rounds = rounds
        self.skill = skill
        self.auto = auto
        self.blast = blast
        #: crew-served: needs a mount (a vehicle)
        self.crew = crew
        #: fired at range bands (not a hand weapon); kept, as every band asks it
        self.ranged = kind != HAND
        #: whether its shots are hazardous rolls (C2's mishap): `hazardous_by_default`
        #: unless the scenario says otherwise
        self.hazardous = hazardous_by_default(kind, blast, crew) if hazardous is None else hazardous


def hazardous_by_default(kind: str, blast: bool, crew: bool) -> bool:
    """P11: blast rolls are hazardous. The seed's "Rifles, Directed Energy Weapons are
    hazardous" (under "Weapon Values", naming two of its rows) makes every rifle's shot
    hazardous too (a documented default: a crew-served weapon on its mount is not a rifle of
    that table, and a scenario weapon may say `hazardous: false`)."""
    return blast or (kind == "rifle" and not crew)


#: bare hands: Close Combat, value Mediocre (0)
UNARMED: Final = Weapon("hands", HAND, 0, 0, "Close Combat")
WEAPONS: Final[dict[str, Weapon]] = {
    w.name: w
    for w in (
        Weapon("knife", HAND, 1, 0, "Close Combat"),
        Weapon("pistol", "pistol", 1, 10, "Gun Combat"),
        Weapon("carbine", "carbine", 2, 30, "Gun Combat", auto=True),
        Weapon("rifle", "rifle", 3, 5, "Gun Combat"),
        # seed: "Directed Energy Weapons are hazardous and target all within a zone"; "a
        # plasma gun ... [has] a blast area" (the DEW's picture is a plasma gun): blast (P11)
        Weapon("dew", "rifle", 4, 5, "Energy Weapons", blast=True),
        # P9's catalog defaults for numbers the seed lacks
        Weapon("grenade launcher", "carbine", 2, 6, "Heavy Weapons", blast=True),
        Weapon("machine gun", "rifle", 1, 10, "Vehicle Combat", auto=True, crew=True),
        Weapon("gauss gun", "rifle", 2, 30, "Vehicle Combat", auto=True, crew=True),
        Weapon("recoilless rifle", "rifle", 3, 5, "Vehicle Combat", crew=True),
        Weapon("mounted dew", "rifle", 4, 5, "Vehicle Combat", crew=True, blast=True),
    )
}


def seed_rounds(kind: str) -> int:
    """The rounds the seed's "Weapon Values" table gives a weapon of type `kind` (pistol 10,
    carbine 30, rifle 5): a scenario weapon's magazine unless it says otherwise; a hand
    weapon has none."""
    return WEAPONS[kind].rounds if kind in RANGES else 0


ARMOR: Final[dict[str, int]] = {
    "eva suit": 1,
    "hev suit": 2,
    "composite plate": 3,
    "powered armor": 4,
}
#: P9's catalog defaults for vehicles: 3 stress boxes (Fate Core kind), armor light 1 or
#: armored 3
VEHICLE_STRESS: Final = 3
VEHICLE_ARMOR: Final[dict[str, int]] = {"light": 1, "armored": 3}
#: the seed's "can be set to automatic fire": the fire mode a weapon is set to. A weapon
#: without automatic fire is always single; switching the mode is an action (`SwitchFire`)
SINGLE_FIRE: Final = "single"
AUTOMATIC_FIRE: Final = "automatic"
#: P11: automatic fire adds one to the difficulty and one to the weapon's value
AUTO_DIFFICULTY: Final = 1
AUTO_VALUE: Final = 1
#: P9: rounds a shot uses: single, automatic per target, automatic concentrated
ROUNDS_SINGLE: Final = 1
ROUNDS_AUTO: Final = 3
ROUNDS_CONCENTRATED: Final = 6
#: P11: a blast strikes adjacent combatants at the weapon's value -1
BLAST_FALLOFF: Final = 1
#: P9: a target that cannot defend against hand-to-hand: Effortless (-2)
UNDEFENDED: Final = -2
