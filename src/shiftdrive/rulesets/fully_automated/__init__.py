"""fully_automated: Fully Automated! combat - secret simultaneous action cards on a hex map."""

from shiftdrive.rulesets.fully_automated.rules import FullyAutomated

__all__ = ["FullyAutomated"]
