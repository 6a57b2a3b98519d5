import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import pure_only
from shiftdrive.core.aspects import Aspect, AspectKind, AspectSet
from shiftdrive.core.errors import RuleError


def test_free_invokes_per_holder() -> None:
    a = Aspect("Cover of the Wreck", AspectKind.SITUATION)
    assert a.free_for("Zird") == 0
    a.add_free("Zird", 2)
    a.add_free("Mara")
    assert a.free_for("Zird") == 2
    assert a.total_free() == 3
    a.use_free("Zird")
    a.use_free("Zird")
    assert a.free_for("Zird") == 0
    assert "Zird" not in a.free_invokes
    with pytest.raises(RuleError, match="Zird has no free invokes on 'Cover of the Wreck'"):
        a.use_free("Zird")
    assert a.free_invokes == {"Mara": 1}


def test_add_free_rejects_nonpositive() -> None:
    a = Aspect("Smoke", AspectKind.SITUATION)
    with pytest.raises(RuleError):
        a.add_free("Zird", 0)
    assert a.free_invokes == {}


def test_empty_name_refused() -> None:
    with pytest.raises(RuleError):
        Aspect("  ", AspectKind.GAME)


def test_boost_constructor() -> None:
    b = Aspect.boost("Off Balance", "Zird", owner="Kell")
    assert b.kind is AspectKind.BOOST
    assert b.free_invokes == {"Zird": 1}
    assert b.expires_after == "Zird"
    assert b.owner == "Kell"


def test_set_is_case_insensitive_and_ordered() -> None:
    s = AspectSet()
    s.add(Aspect("Sharpshooter", AspectKind.CHARACTER, owner="Zird"))
    s.add(Aspect("Dark Hangar", AspectKind.SITUATION))
    assert "sharpshooter" in s
    assert "SHARPSHOOTER" in s
    assert "Nope" not in s
    assert 3 not in s
    assert s.get("dark hangar").name == "Dark Hangar"
    assert s.find("nothing") is None
    assert [a.name for a in s] == ["Sharpshooter", "Dark Hangar"]
    assert len(s) == 2


def test_duplicate_and_missing() -> None:
    s = AspectSet([Aspect("Sharpshooter", AspectKind.CHARACTER)])
    with pytest.raises(RuleError, match="there is already an aspect named 'Sharpshooter'"):
        s.add(Aspect("sharpSHOOTER", AspectKind.SITUATION))
    assert len(s) == 1
    with pytest.raises(RuleError, match="no aspect named 'Ghost'"):
        s.get("Ghost")
    with pytest.raises(RuleError):
        s.remove("Ghost")
    with pytest.raises(RuleError):
        AspectSet([Aspect("A", AspectKind.GAME), Aspect("a", AspectKind.GAME)])


def test_remove_and_rename() -> None:
    s = AspectSet([Aspect("A", AspectKind.GAME), Aspect("B", AspectKind.GAME)])
    removed = s.remove("a")
    assert removed.name == "A"
    assert [a.name for a in s] == ["B"]
    s.add(Aspect("C", AspectKind.GAME))
    with pytest.raises(RuleError):
        s.rename("B", "c")
    s.rename("B", "b prime")
    assert "B prime" in s


def test_queries() -> None:
    s = AspectSet()
    s.add(Aspect("Sharpshooter", AspectKind.CHARACTER, owner="Zird"))
    s.add(Aspect("Dark Hangar", AspectKind.SITUATION, zone="hangar", free_invokes={"Kell": 1}))
    s.add(Aspect.boost("Off Balance", "Zird", owner="Kell"))
    s.add(Aspect.boost("Opening", "Kell"))
    assert [a.name for a in s.on("Zird")] == ["Sharpshooter"]
    assert [a.name for a in s.on(None)] == ["Dark Hangar", "Opening"]
    assert [a.name for a in s.in_zone("hangar")] == ["Dark Hangar"]
    assert [a.name for a in s.with_free_for("Kell")] == ["Dark Hangar", "Opening"]


names = st.text(alphabet="abcdefgh XYZ'", min_size=1, max_size=12).filter(lambda t: t.strip())
aspects = st.builds(
    Aspect,
    name=names,
    kind=st.sampled_from(AspectKind),
    owner=st.none() | names,
    free_invokes=st.dictionaries(names, st.integers(1, 5), max_size=3),
    hidden=st.booleans(),
    zone=st.none() | names,
    expires_after=st.none() | names,
)


@given(aspects)
def test_aspect_round_trip(a: Aspect) -> None:
    data = json.loads(json.dumps(a.to_json()))
    assert Aspect.from_json(data) == a
    assert Aspect.from_json(data).to_json() == a.to_json()


@given(st.lists(aspects, max_size=6, unique_by=lambda a: a.name.strip().casefold()))
def test_aspect_set_round_trip(items: list[Aspect]) -> None:
    s = AspectSet(items)
    data = json.loads(json.dumps(s.to_json()))
    back = AspectSet.from_json(data)
    assert back == s
    assert [a.name for a in back] == [a.name for a in s]


def _scan(s: AspectSet, name: str) -> Aspect | None:
    """What `find` must return: the first aspect whose name matches, by a plain scan."""
    key = name.strip().casefold()
    return next((a for a in s.aspects if a.name.strip().casefold() == key), None)


ops = st.lists(
    st.tuples(st.sampled_from(["add", "remove", "rename", "expire"]), names, names), max_size=25
)


@given(ops)
def test_name_index_agrees_with_a_scan(steps: list[tuple[str, str, str]]) -> None:
    s = AspectSet()
    for op, a, b in steps:
        try:
            if op == "add":
                s.add(Aspect.boost(a, holder=b) if len(a) % 2 else Aspect(a, AspectKind.GAME))
            elif op == "remove":
                s.remove(a)
            elif op == "rename":
                s.rename(a, b)
            else:  # (the boosts `b` holds go, as C6 removes them: `conflict.roll.expire_boosts`)
                for x in [x for x in s.aspects if x.expires_after == b]:
                    s.remove(x.name)
        except RuleError:
            pass
        for probe in {a, b, a.upper(), f" {b} ", *(x.name for x in s.aspects)}:
            assert s.find(probe) is _scan(s, probe)
            assert (probe in s) == (_scan(s, probe) is not None)


def test_index_follows_the_list_changed_directly() -> None:
    s = AspectSet([Aspect("A", AspectKind.GAME)])
    s.aspects.append(Aspect("B", AspectKind.GAME))
    assert s.get("b").name == "B"
    s.aspects.clear()
    assert "A" not in s and s.find("b") is None
    s.add(Aspect("A", AspectKind.GAME))
    assert s.get("a").name == "A"


@pure_only
def test_kinds_given_as_text_become_kinds() -> None:
    """Saved encounters give kinds as text; the enum check must still convert them."""
    text = Aspect("Smoke", "situation")  # type: ignore[arg-type]
    assert text.kind is AspectKind.SITUATION
    assert Aspect("Smoke", AspectKind.BOOST).kind is AspectKind.BOOST


def test_remove_takes_that_aspect_out_and_keeps_the_order() -> None:
    s = AspectSet()
    for name in ("A", "B", "C", "D"):
        s.add(Aspect(name, AspectKind.SITUATION))
    s.remove("c")
    assert [a.name for a in s.aspects] == ["A", "B", "D"] and s.find("C") is None


@given(
    st.lists(
        st.tuples(
            st.sampled_from(["add", "remove", "give", "spend", "rename", "expire"]),
            st.integers(0, 5),
            st.sampled_from(["Zird", "Mara"]),
        ),
        max_size=40,
    )
)
def test_the_aspects_holding_free_invokes_follow_every_change(
    steps: list[tuple[str, int, str]],
) -> None:
    """`holding_free` is kept between changes: after any mix of aspects joining and leaving,
    free invokes given and spent, renames and boosts expiring, it lists exactly the set's
    aspects that hold a free invoke, in order (and an aspect that left is no longer told)."""
    s = AspectSet([Aspect("Smoke", AspectKind.SITUATION, free_invokes={"Zird": 1})])
    gone: list[Aspect] = []
    made = 0
    for what, i, holder in steps:
        aspects = s.aspects
        a = aspects[i % len(aspects)] if aspects else None
        if what == "add":
            made += 1
            kind = AspectKind.BOOST if i % 2 else AspectKind.SITUATION
            free = {holder: 1} if i % 3 else None
            s.add(Aspect(f"Aspect {made}", kind, free_invokes=free, expires_after=holder))
        elif what == "remove" and a is not None:
            gone.append(s.remove(a.name))
        elif what == "give" and a is not None:
            a.add_free(holder, 1 + i % 2)
        elif what == "spend" and a is not None and a.free_for(holder):
            a.use_free(holder)
        elif what == "rename" and a is not None:
            made += 1
            s.rename(a.name, f"Renamed {made}")
        elif what == "expire":  # (the holder's boosts go: `conflict.roll.expire_boosts`)
            for x in [x for x in s.aspects if x.expires_after == holder]:
                gone.append(s.remove(x.name))
        for old in gone:  # (an aspect out of the set changes nothing in it)
            old.add_free(holder, 1)
        assert s.holding_free() == [x for x in s.aspects if x.free_invokes]
