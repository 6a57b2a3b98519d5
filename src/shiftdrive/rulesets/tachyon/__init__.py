"""tachyon: phased starfighter combat for Tachyon Squadron (seed 001; rulings T1-T14)."""

from shiftdrive.rulesets.tachyon.rules import Tachyon

__all__ = ["Tachyon"]
