"""diaspora: ship combat on the -4..+4 band map (seed 002; rulings D1-D15, C1-C12)."""

from shiftdrive.rulesets.diaspora.rules import Diaspora

__all__ = ["Diaspora"]
