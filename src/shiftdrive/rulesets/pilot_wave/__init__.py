"""Pilot Wave (seed 000): characters and conflicts on the hex map; ships join later."""

from shiftdrive.rulesets.pilot_wave.rules import PilotWave

__all__ = ["PilotWave"]
