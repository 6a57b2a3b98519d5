"""The registry that finds a ruleset, and its default bot, by id: each is imported only when
first asked for (`shiftdrive play`, the simulator and the server name rulesets by id)."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from typing import Any, Final

from mypy_extensions import mypyc_attr

from shiftdrive.engine.choices import Choice
from shiftdrive.engine.ruleset import Ruleset

#: A bot: the ruleset, the state, the seat to decide for and the bot's own generator.
Bot = Callable[[Any, Any, str, random.Random], Choice]

#: id -> ("module:RulesetClass", "module:default_bot"). Bots live beside the rules and use only
#: the ruleset's public contract and query module.
_REGISTRY: Final[dict[str, tuple[str, str]]] = {
    "diaspora": (
        "shiftdrive.rulesets.diaspora:Diaspora",
        "shiftdrive.rulesets.diaspora.bot:choose",
    ),
    "fate_core": (
        "shiftdrive.rulesets.fate_core:FateCore",
        "shiftdrive.rulesets.fate_core.bot:choose",
    ),
    "fully_automated": (
        "shiftdrive.rulesets.fully_automated:FullyAutomated",
        "shiftdrive.rulesets.fully_automated.bot:choose",
    ),
    "pilot_wave": (
        "shiftdrive.rulesets.pilot_wave.scenes:PilotWaveScenes",
        "shiftdrive.rulesets.pilot_wave.scenes:choose",
    ),
    "star_wars": (
        "shiftdrive.rulesets.star_wars:StarWars",
        "shiftdrive.rulesets.star_wars.bot:choose",
    ),
    "tachyon": ("shiftdrive.rulesets.tachyon:Tachyon", "shiftdrive.rulesets.tachyon.bot:choose"),
}
_LOADED: Final[dict[str, Ruleset[Any, Any]]] = {}
_BOTS: Final[dict[str, Bot]] = {}


@mypyc_attr(native_class=False)  # compiled classes cannot subclass KeyError
class UnknownRuleset(KeyError):
    """A ruleset id that is not registered."""

    def __str__(self) -> str:
        return str(self.args[0])


def register(ruleset_id: str, target: str, bot: str = "") -> None:
    """Register a ruleset class by 'module:Class' (and its default bot by 'module:function')
    so it is imported only when used. Without a bot, seats play at random."""
    _REGISTRY[ruleset_id] = (target, bot)
    _LOADED.pop(ruleset_id, None)
    _BOTS.pop(ruleset_id, None)


def _load(target: str) -> Any:
    module_name, _, name = target.partition(":")
    return getattr(importlib.import_module(module_name), name)


def ruleset_ids() -> list[str]:
    return sorted(_REGISTRY)


def get_ruleset(ruleset_id: str) -> Ruleset[Any, Any]:
    if ruleset_id not in _REGISTRY:
        raise UnknownRuleset(f"unknown ruleset {ruleset_id!r} (known: {', '.join(ruleset_ids())})")
    if ruleset_id not in _LOADED:
        _LOADED[ruleset_id] = _load(_REGISTRY[ruleset_id][0])()
    return _LOADED[ruleset_id]


def random_choice(ruleset: Ruleset[Any, Any], state: Any, seat: str, rng: random.Random) -> Choice:
    """The bot of a ruleset without one: any legal choice, at random."""
    return rng.choice(ruleset.legal(state, seat))


def get_bot(ruleset_id: str) -> Bot:
    """The default bot the registry names for a ruleset."""
    get_ruleset(ruleset_id)
    if ruleset_id not in _BOTS:
        target = _REGISTRY[ruleset_id][1]
        _BOTS[ruleset_id] = _load(target) if target else random_choice
    return _BOTS[ruleset_id]
