import pytest

from shiftdrive.core.aspects import Aspect, AspectKind, AspectSet
from shiftdrive.core.errors import RuleError
from shiftdrive.core.fate_points import FatePoints
from shiftdrive.core.invokes import (
    INVOKE_BONUS,
    Invoke,
    InvokeEffect,
    Payment,
    bonus_of,
    can_pay_for_invoke,
    invoke_options,
    pay_for_invoke,
)


def scene() -> AspectSet:
    s = AspectSet()
    s.add(Aspect("Sharpshooter", AspectKind.CHARACTER, owner="Zird"))
    s.add(Aspect("Dark Hangar", AspectKind.SITUATION, free_invokes={"Zird": 1}))
    s.add(Aspect.boost("Off Balance", "Zird", owner="Kell"))
    s.add(Aspect("Secret Ambush", AspectKind.SITUATION, owner="Kell", hidden=True))
    s.add(Aspect("Hidden Drone", AspectKind.SITUATION, hidden=True, free_invokes={"Zird": 2}))
    return s


def test_bonus_of() -> None:
    assert INVOKE_BONUS == 2
    assert bonus_of(InvokeEffect.BONUS) == 2
    assert bonus_of(InvokeEffect.TEAMWORK) == 2
    assert bonus_of(InvokeEffect.OBSTACLE) == 2
    assert bonus_of(InvokeEffect.REROLL) == 0


def test_paid_invoke_spends_a_point() -> None:
    s, fp = scene(), FatePoints(2, 3)
    inv = Invoke("sharpshooter", "Zird", InvokeEffect.BONUS, Payment.FATE_POINT)
    aspect = pay_for_invoke(s, inv, fp)
    assert aspect.name == "Sharpshooter"
    assert fp.current == 1
    assert "Sharpshooter" in s


def test_free_invoke_uses_holders_invoke() -> None:
    s, fp = scene(), FatePoints(2, 3)
    pay_for_invoke(s, Invoke("Dark Hangar", "Zird", InvokeEffect.REROLL, Payment.FREE), fp)
    assert s.get("Dark Hangar").free_for("Zird") == 0
    assert fp.current == 2
    assert "Dark Hangar" in s  # situation aspects stay


def test_free_and_paid_stack() -> None:
    s, fp = scene(), FatePoints(1, 3)
    pay_for_invoke(s, Invoke("Hidden Drone", "Zird", InvokeEffect.BONUS, Payment.FREE), fp)
    pay_for_invoke(s, Invoke("Hidden Drone", "Zird", InvokeEffect.BONUS, Payment.FREE), fp)
    pay_for_invoke(s, Invoke("Hidden Drone", "Zird", InvokeEffect.BONUS, Payment.FATE_POINT), fp)
    assert fp.current == 0
    assert s.get("Hidden Drone").total_free() == 0


def test_refused_invokes_leave_everything_unchanged() -> None:
    s, fp = scene(), FatePoints(0, 3)
    before_aspects, before_points = s.to_json(), fp.to_json()
    refused = [
        Invoke("Sharpshooter", "Zird", InvokeEffect.BONUS, Payment.FATE_POINT),  # no points
        Invoke("Sharpshooter", "Zird", InvokeEffect.BONUS, Payment.FREE),  # no free invoke
        Invoke("Dark Hangar", "Kell", InvokeEffect.BONUS, Payment.FREE),  # Zird holds it
        Invoke("Nowhere", "Zird", InvokeEffect.BONUS, Payment.FREE),  # no such aspect
        Invoke("Dark Hangar", "Zird", InvokeEffect.TEAMWORK, Payment.FREE),  # no ally named
        Invoke("Dark Hangar", "Zird", InvokeEffect.TEAMWORK, Payment.FREE, "Zird"),
    ]
    for inv in refused:
        assert not can_pay_for_invoke(s, inv, fp)
        with pytest.raises(RuleError):
            pay_for_invoke(s, inv, fp)
        assert s.to_json() == before_aspects
        assert fp.to_json() == before_points


def test_no_points_message() -> None:
    s, fp = scene(), FatePoints(0, 3)
    with pytest.raises(RuleError, match="Zird has no fate points left to invoke 'Sharpshooter'"):
        pay_for_invoke(
            s, Invoke("Sharpshooter", "Zird", InvokeEffect.BONUS, Payment.FATE_POINT), fp
        )


def test_teamwork_with_ally() -> None:
    s, fp = scene(), FatePoints(0, 3)
    inv = Invoke("Dark Hangar", "Zird", InvokeEffect.TEAMWORK, Payment.FREE, beneficiary="Mara")
    pay_for_invoke(s, inv, fp)
    assert s.get("Dark Hangar").free_for("Zird") == 0


def test_boost_vanishes_when_invoked() -> None:
    s, fp = scene(), FatePoints(3, 3)
    aspect = pay_for_invoke(s, Invoke("Off Balance", "Zird", InvokeEffect.BONUS, Payment.FREE), fp)
    assert aspect.kind is AspectKind.BOOST
    assert "Off Balance" not in s
    assert fp.current == 3


def test_boost_cannot_be_paid_with_a_fate_point() -> None:
    s, fp = scene(), FatePoints(3, 3)
    with pytest.raises(RuleError, match="boost"):
        pay_for_invoke(s, Invoke("Off Balance", "Kell", InvokeEffect.BONUS, Payment.FATE_POINT), fp)
    assert "Off Balance" in s
    assert fp.current == 3


def test_invoke_options_with_points() -> None:
    s = scene()
    opts = invoke_options(s, "Zird", 1)
    assert opts == [
        ("Sharpshooter", Payment.FATE_POINT),
        ("Dark Hangar", Payment.FREE),
        ("Dark Hangar", Payment.FATE_POINT),
        ("Off Balance", Payment.FREE),
        # 'Secret Ambush' is hidden and on Kell: not offered
        ("Hidden Drone", Payment.FREE),  # hidden, but Zird holds free invokes on it
        ("Hidden Drone", Payment.FATE_POINT),
    ]


def test_invoke_options_without_points() -> None:
    s = scene()
    assert invoke_options(s, "Zird", 0) == [
        ("Dark Hangar", Payment.FREE),
        ("Off Balance", Payment.FREE),
        ("Hidden Drone", Payment.FREE),
    ]


def test_invoke_options_owner_sees_own_hidden_aspect() -> None:
    s = scene()
    kell = invoke_options(s, "Kell", 1)
    assert ("Secret Ambush", Payment.FATE_POINT) in kell
    assert ("Hidden Drone", Payment.FATE_POINT) not in kell
    assert ("Off Balance", Payment.FATE_POINT) not in kell  # a boost is only free


def test_invoke_options_visibility_callback() -> None:
    s = scene()
    everything = invoke_options(s, "Zird", 1, visible_to_invoker=lambda a: True)
    assert ("Secret Ambush", Payment.FATE_POINT) in everything
    nothing = invoke_options(s, "Zird", 1, visible_to_invoker=lambda a: False)
    # free invokes are always usable by their holder
    assert nothing == [
        ("Dark Hangar", Payment.FREE),
        ("Dark Hangar", Payment.FATE_POINT),
        ("Off Balance", Payment.FREE),
        ("Hidden Drone", Payment.FREE),
        ("Hidden Drone", Payment.FATE_POINT),
    ]
