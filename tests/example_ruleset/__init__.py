"""`tiny`: a duel of two craft on a short track, the smallest whole ruleset on the contract.

It is the example docs/ARCHITECTURE.md walks through ("Adding a ruleset"): a scenario model
(`scenario.py`), a state (`state.py`), the contract's hooks (`rules.py`), the turn order
(`order.py`), one module per concern holding its action specs (`helm.py`: move and concede;
`gunnery.py`: shoot, the invoke window and the damage a hit does), the words (`words.py`),
what a bot or a UI may ask (`query.py`) and the bot (`bot.py`). It is registered here, for the
tests only; a real ruleset is registered in `engine/registry.py`'s `_REGISTRY`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from shiftdrive.engine.registry import register

ID: Final = "tiny"
EXAMPLE: Final = Path(__file__).with_name("duel.yaml")

register(ID, "example_ruleset.rules:Duel", "example_ruleset.bot:choose")
