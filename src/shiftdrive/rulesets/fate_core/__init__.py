"""fate_core: the reference ruleset, a Fate Core conflict between sides in zones."""

from shiftdrive.rulesets.fate_core.rules import FateCore

__all__ = ["FateCore"]
