"""What each seat may see of a Fate Core-style conflict, the parts every ruleset on the
conflict library shares: which secrets a seat must not see (hidden aspects of other sides, the
GM's notes), aspects and characters as a view shows them (fate points only to one's own side
and the GM), and the roll in hand. Each ruleset's `view` adds its own fields around these."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shiftdrive.conflict.host import Combatant, ConflictState, Host
from shiftdrive.conflict.roll import totals
from shiftdrive.core.aspects import Aspect
from shiftdrive.engine.events import GM


def secrets(host: Host[Any], state: ConflictState, seat: str, gm_notes: str) -> list[str]:
    """What `seat` must never be shown: the aspects hidden from it, and the GM's notes."""
    if seat == GM:
        return []
    out = [a.name for a in state.aspects if not host.visible(state, a, seat)]
    if gm_notes:
        out.append(gm_notes)
    return out


def shown(host: Host[Any], state: ConflictState, seat: str) -> list[Aspect]:
    """The aspects `seat` may see."""
    return [a for a in state.aspects if host.visible(state, a, seat)]


def aspect_json(a: Aspect, *, hidden: bool = True) -> dict[str, Any]:
    """An aspect as a view shows it (`hidden`: say so when it is hidden from others)."""
    d: dict[str, Any] = {"name": a.name, "kind": a.kind.value}
    if a.free_invokes:
        d["free_invokes"] = dict(a.free_invokes)
    if hidden and a.hidden:
        d["hidden"] = True
    return d


def fate_points(f: Combatant, seat: str) -> int | None:
    """A character's fate points, for its own side and the GM only."""
    return f.fate_points.current if seat in (GM, f.side) else None


def harm(f: Combatant) -> dict[str, Any]:
    """A character's stress boxes and the consequences it has taken."""
    return {
        "stress": {k: t.render() for k, t in f.stress.items()},
        "consequences": [c.aspect for c in f.consequences.taken()],
    }


def fighter_json(
    f: Combatant, seat: str, shown: list[Aspect], skills: Mapping[str, int], **own: Any
) -> dict[str, Any]:
    """A character as `seat` sees it: the fields every host shows, the host's `own` after
    its stress, its aspects last (`shown`: the aspects the seat may see)."""
    return {
        "name": f.name, "side": f.side, "zone": f.zone, "status": f.status,
        "skills": dict(skills), "fate_points": fate_points(f, seat),
        "refresh": f.fate_points.refresh, **harm(f), **own,
        "aspects": [aspect_json(a) for a in shown if a.owner == f.name],
    }  # fmt: skip


def zones_json(zones: dict[str, list[str]], shown: list[Aspect]) -> list[dict[str, Any]]:
    """The zone map as a view shows it: each zone, where it leads, and its aspects."""
    return [
        {
            "name": z,
            "adjacent": adj,
            "aspects": [aspect_json(a) for a in shown if a.zone == z and a.owner is None],
        }
        for z, adj in zones.items()
    ]


def scene_aspects(shown: list[Aspect]) -> list[dict[str, Any]]:
    """The aspects of the whole scene (no owner, no zone)."""
    return [aspect_json(a) for a in shown if a.owner is None and a.zone is None]


def roll_view(state: ConflictState) -> dict[str, Any] | None:
    """The roll in hand, its totals once both sides have rolled."""
    roll = state.roll
    if roll is None:
        return None
    total, opp = totals(state, roll) if roll.stage != "defend" else (None, None)
    return {
        "action": roll.action, "actor": roll.actor, "skill": roll.skill, "target": roll.target,
        "stage": roll.stage, "actor_dice": roll.actor_faces, "opposition_dice": roll.opp_faces,
        "total": total, "opposition": opp, "difficulty": roll.difficulty,
    }  # fmt: skip
