"""A word that is no action at all is refused as such (a typo at the prompt), not as an action
the seat may not take now ("crew cannot legal now")."""

from __future__ import annotations

import pytest

from conftest import EXAMPLES
from shiftdrive.engine.encounter import Encounter, IllegalChoice
from shiftdrive.files import read_yaml


def test_a_word_that_is_no_action_is_named_as_such() -> None:
    enc = Encounter.start(read_yaml(EXAMPLES / "star_wars" / "cantina-duel.yaml"), seed=1)
    seat = enc.pending_seats()[0]
    with pytest.raises(IllegalChoice) as refused:
        enc.submit(seat, "legal")
    words = str(refused.value)
    assert words.startswith("no action is called 'legal' (")
    assert f"{seat} may: " in words
    # an action of the ruleset that is not on offer now is still refused as before
    with pytest.raises(IllegalChoice, match=rf"{seat} cannot duel now"):
        enc.submit(seat, "duel")
