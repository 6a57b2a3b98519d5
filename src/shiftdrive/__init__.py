"""shiftdrive: science-fiction combat for Fate and Fudge games."""

__version__ = "0.1.0"
