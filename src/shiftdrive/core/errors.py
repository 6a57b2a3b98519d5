"""The one error the rules raise: a move the game forbids."""

from __future__ import annotations


class RuleError(ValueError):
    """A move the rules forbid, explained in the game's words.

    Example: "Zird has no fate points left to invoke 'Sharpshooter'". Every core object that
    raises it leaves itself unchanged.
    """
