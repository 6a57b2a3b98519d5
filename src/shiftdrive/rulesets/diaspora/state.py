"""What a diaspora fight is at one moment: the ships on the band map, their crews and tracks,
the phase and whose decision is open. Plain classes with written-out `__init__` (mypyc)."""

from __future__ import annotations

from typing import Any, Final

from shiftdrive.core.aspects import AspectSet
from shiftdrive.core.consequences import ConsequenceSlots
from shiftdrive.core.fate_points import FatePoints
from shiftdrive.core.stress import StressTrack
from shiftdrive.engine.ruleset import Result
from shiftdrive.maps.bands import BandMap

#: D1: the phases, in order; detection happens once, before turn 1.
DETECTION: Final = "detection"
POSITION: Final = "position"
EW: Final = "electronic_warfare"
BEAM: Final = "beam"
TORPEDO: Final = "torpedo"
DAMAGE_CONTROL: Final = "damage_control"
TURN_PHASES: Final = (POSITION, EW, BEAM, TORPEDO, DAMAGE_CONTROL)
TRACKS: Final = ("frame", "data", "heat")


class Crew:
    """A crew member: skills by name, crew stunts (D11)."""

    def __init__(self, name: str, skills: dict[str, int], stunts: list[str]) -> None:
        self.name = name
        self.skills = skills
        self.stunts = stunts

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "skills": dict(self.skills), "stunts": list(self.stunts)}


class Ship:
    """A ship: ratings, the three cascading tracks (C8b), shared consequences (D5), stunts,
    crew and stations, its band, and whether (and how) it has left the fight (D14)."""

    def __init__(
        self,
        name: str,
        side: str,
        ratings: dict[str, int],
        tracks: dict[str, StressTrack],
        consequences: ConsequenceSlots,
        stunts: list[str],
        crew: dict[str, Crew],
        stations: dict[str, str],
        fate_points: FatePoints,
    ) -> None:
        self.name = name
        self.side = side
        self.ratings = ratings  # v_shift, beam, torpedo, ew
        self.tracks = tracks  # frame, data, heat
        self.consequences = consequences
        self.stunts = stunts
        self.crew = crew
        self.stations = stations
        self.fate_points = fate_points
        self.band: int | None = None  # None until placed in detection
        self._out = ""
        # Whether it is still in the fight: kept with `out`, as a field, since the rules ask
        # it of every ship several times a decision.
        self.fighting = True

    @property
    def out(self) -> str:
        """How the ship left the fight (D14): "" while fighting, "destroyed", "off the map"
        or "conceded"."""
        return self._out

    @out.setter
    def out(self, how: str) -> None:
        self._out = how
        self.fighting = not how

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name, "side": self.side, "ratings": dict(self.ratings),
            "tracks": {k: t.to_json() for k, t in self.tracks.items()},
            "consequences": self.consequences.to_json(), "stunts": list(self.stunts),
            "crew": {k: c.to_json() for k, c in self.crew.items()},
            "stations": dict(self.stations), "fate_points": self.fate_points.to_json(),
            "band": self.band, "out": self.out,
        }  # fmt: skip


class Hit:
    """Shifts about to be marked on one of a ship's tracks, waiting on the ship's player to
    choose consequences (D5): `cause` says what dealt it (for the words)."""

    def __init__(self, ship: str, track: str, shifts: int, cause: str, by: str = "") -> None:
        self.ship = ship
        self.track = track
        self.shifts = shifts
        self.cause = cause
        self.by = by  # the ship that dealt it: it gets a free invoke on a new consequence (C9)

    def to_json(self) -> dict[str, Any]:
        return {
            "ship": self.ship, "track": self.track, "shifts": self.shifts, "cause": self.cause,
            "by": self.by,
        }  # fmt: skip


class Contest:
    """An attack waiting on invokes: the attack's total without its dice (`base`), its dice
    total, bonuses so far, and who has passed; `track` is the track a hit marks."""

    def __init__(
        self, kind: str, attacker: str, target: str, base: int, rolled: int, track: str
    ) -> None:
        self.kind = kind  # hack, fire, torpedo
        self.attacker = attacker
        self.target = target
        self.base = base
        self.rolled = rolled
        self.bonus = 0
        self.track = track
        self.passed: list[str] = []
        self.paid: list[str] = []  # fate points paid on this roll (`invoking.paid_key`)

    @property
    def attack(self) -> int:
        return self.base + self.rolled + self.bonus

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind, "attacker": self.attacker, "target": self.target,
            "base": self.base, "rolled": self.rolled, "bonus": self.bonus, "track": self.track,
            "passed": list(self.passed), "paid": list(self.paid),
        }  # fmt: skip


class RepairRoll:
    """A damage-control roll open to invokes: the repairer's effective `skill`, its `spin`
    (D13), `bonus` from invokes so far, `rolled` the dice total (`dice` their faces)."""

    def __init__(
        self, ship: str, track: str, skill: int, rolled: int, dice: tuple[int, ...], spin: int
    ) -> None:
        self.ship = ship
        self.track = track
        self.skill = skill
        self.spin = spin
        self.bonus = 0
        self.rolled = rolled
        self.dice = dice
        self.paid: list[str] = []

    @property
    def result(self) -> int:
        return self.skill + self.spin + self.bonus + self.rolled

    def to_json(self) -> dict[str, Any]:
        return {
            "ship": self.ship, "track": self.track, "skill": self.skill, "spin": self.spin,
            "bonus": self.bonus, "rolled": self.rolled, "dice": list(self.dice),
            "paid": list(self.paid),
        }  # fmt: skip


class DiasporaState:
    def __init__(
        self,
        title: str,
        band_map: BandMap,
        ships: dict[str, Ship],
        aspects: AspectSet,
        turn_limit: int,
    ) -> None:
        self.title = title
        self.map = band_map
        self.ships = ships  # by name, in scenario order
        self.aspects = aspects
        self.turn_limit = turn_limit
        self.round = 0  # the turn; 0 during detection
        self.phase = DETECTION
        # detection: ships still to place (by the navigator ranked next) and who places them
        self.detected = False  # the detection rolls are made (after the compel window, D12)
        self.detection_keys: dict[str, list[int]] = {}  # [roll, raw Navigation] by ship
        self.detection_dice: dict[str, int] = {}  # the dice part of each roll (a reroll)
        self.detection_window: list[str] = []  # ships still to invoke on their roll or pass
        self.detection_paid: list[str] = []  # fate points paid (C4, `invoking.paid_key`)
        self.tie_window: list[str] = []  # tied ships still deciding to spend a fate point
        self.tie_spent: list[str] = []  # tied ships that spent one to win their tie (D9)
        self.placers: list[tuple[str, int]] = []  # (ship whose navigator places, how many)
        self.detection_winner: str | None = None
        self.choosing_opening = False  # the detection winner still chooses turn 1's phases
        self.skip_first_position = False  # ... and chose to go straight to electronic warfare
        # position: burn declarations (None: drives off), then the winner's move
        self.burns: dict[str, int | None] = {}
        self.rolls: dict[str, int] = {}  # this turn's position results
        self.position_dice: dict[str, int] = {}  # the dice part of each (for a reroll)
        self.position_window: list[str] = []  # ships still to invoke on their roll or pass
        self.position_paid: list[str] = []  # fate points paid (C4, `invoking.paid_key`)
        self.mover: str | None = None
        #: the rolls are made but not yet ranked: a burn's Heat hit may still take its ship
        #: out of the fight first (D3, D14), and then its roll counts for nothing
        self.ranking = False
        self.rank: list[str] = []  # D15: ships by the last position (or detection) rank
        # the sequential phases: ships still to declare, in D15 order
        self.queue: list[str] = []
        self.defence: dict[str, int] = {}  # D4: persistent defensive rolls of this phase
        #: the dice part of each rolled defence (a defender's reroll invoke replaces it, C4)
        self.defence_dice: dict[str, int] = {}
        #: seed, EW: "only one roll is made for each ship": each ship's EW roll this phase as
        #: (amplified rating, spin, dice), its attack and its defence alike
        self.ew_rolls: dict[str, tuple[int, int, tuple[int, ...]]] = {}
        self.beam_used: dict[str, int] = {}  # offensive beam declared this turn (D6)
        self.torpedo_target: dict[str, str] = {}  # a torpedo waiting on point defense
        self.repaired: dict[str, list[str]] = {}  # tracks each ship tried to repair (D7)
        self.repair: RepairRoll | None = None  # a repair roll open to invokes (C4)
        self.spin: dict[str, int] = {}  # D13: +1 to the ship's next roll this turn
        #: C7: fate points each ship earns when the fight ends, for its aspects another side
        #: paid to invoke against it (`invoking.settle_owed`)
        self.owed: dict[str, int] = {}
        #: C6: each boost in play by the turn it came in (`boosts`; 0: detection)
        self.boosts_born: dict[str, int] = {}
        # D2: who acted in which phase of this turn, at which station ((ship, crew) -> phase ->
        # station)
        self.acted: dict[tuple[str, str], dict[str, str]] = {}
        self.hits: list[Hit] = []
        #: C10: "side/ship": the side let that ship's declaration this phase come unconceded
        self.concede_passed: list[str] = []
        self.contest: Contest | None = None  # an attack open to invokes (C4)
        # D12: the phase whose compel window is open, the sides that passed, the offer
        # waiting on its answer ([ship, aspect, by]), the ships compelled this phase and the
        # compels refused in this window ("ship/aspect": off the table until the next one)
        self.compel_phase = ""
        self.compel_passed: list[str] = []
        self.compel_offer: list[str] | None = None
        self.compelled: list[str] = []
        self.compel_refused: list[str] = []
        # Whose decision it is, remembered until the state changes (asked several times per
        # decision: by the bot loop, the bot, `legal` and `apply`); never saved.
        self.turns_memo: list[Any] | None = None
        # Bands a move can reach, by (from, shifts, most bands): the map never changes in a
        # fight, so each is worked out once (`position.destinations`; set-up gives the state
        # the map's table, `position.reaches`, shared by every battle on it); never saved.
        self.reach: dict[tuple[int, int, int], tuple[int, ...]] = {}
        self.result_memo: Result | None = None  # the end, known with `turns_memo`
        # Who may invoke on the open attack, as `contest.settle` found it: the last thing the
        # choice did, so `flow.deciding` takes it as it is (forgotten at every choice); never
        # saved.
        self.window_memo: list[Any] | None = None
        self._sides: list[str] | None = None

    def fighting(self) -> list[Ship]:
        # A plain loop: asked several times a decision, and a comprehension makes a function
        # each call (Python 3.11).
        out = []
        for ship in self.ships.values():
            if ship.fighting:
                out.append(ship)
        return out

    def sides(self) -> list[str]:
        """The sides in scenario order (a ship never changes side: worked out once)."""
        if self._sides is None:
            self._sides = list(dict.fromkeys(s.side for s in self.ships.values()))
        return list(self._sides)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "title": self.title, "map": str(self.map),
            "ships": {n: s.to_json() for n, s in self.ships.items()},
            "aspects": self.aspects.to_json(), "turn_limit": self.turn_limit,
            "round": self.round, "phase": self.phase,
            "placers": [list(p) for p in self.placers],
            "detected": self.detected,
            "detection_keys": {k: list(v) for k, v in self.detection_keys.items()},
            "detection_dice": dict(self.detection_dice),
            "detection_window": list(self.detection_window),
            "detection_paid": list(self.detection_paid),
            "tie_window": list(self.tie_window), "tie_spent": list(self.tie_spent),
            "detection_winner": self.detection_winner,
            "choosing_opening": self.choosing_opening,
            "skip_first_position": self.skip_first_position, "burns": dict(self.burns),
            "rolls": dict(self.rolls),
            "position_dice": dict(self.position_dice),
            "position_window": list(self.position_window),
            "position_paid": list(self.position_paid), "mover": self.mover,
            "ranking": self.ranking, "rank": list(self.rank),
            "queue": list(self.queue),
            "defence": dict(self.defence), "defence_dice": dict(self.defence_dice),
            "beam_used": dict(self.beam_used),
            "ew_rolls": {k: [r, s, list(d)] for k, (r, s, d) in self.ew_rolls.items()},
            "torpedo_target": dict(self.torpedo_target), "spin": dict(self.spin),
            "owed": dict(self.owed),
            "repaired": {k: list(v) for k, v in self.repaired.items()},
            "repair": self.repair.to_json() if self.repair else None,
            "acted": {f"{s}/{p}": dict(v) for (s, p), v in self.acted.items()},
            "hits": [h.to_json() for h in self.hits],
            "concede_passed": list(self.concede_passed),
            "contest": self.contest.to_json() if self.contest else None,
            "compel_phase": self.compel_phase, "compel_passed": list(self.compel_passed),
            "compel_offer": list(self.compel_offer) if self.compel_offer else None,
            "compelled": list(self.compelled), "compel_refused": list(self.compel_refused),
        }  # fmt: skip
        if self.boosts_born:  # (only with a boost in play: a save's digest without one holds)
            out["boosts_born"] = dict(self.boosts_born)
        return out
