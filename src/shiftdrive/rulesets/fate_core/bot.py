"""fate_core's bot (interim: the ruleset's own `bot` method, until it moves here)."""

from __future__ import annotations

import random
from typing import Any

from shiftdrive.engine.choices import Choice


def choose(rs: Any, state: Any, seat: str, rng: random.Random) -> Choice:
    choice: Choice = rs.bot(state, seat, rng)
    return choice
