"""shiftdrive: science-fiction combat for Fate and Fudge games."""

__version__ = "0.1.0"


def compiled() -> bool:
    """Whether this install runs the mypyc-compiled hot path (`make fast`, see setup.py)."""
    from shiftdrive.core import dice

    return not str(dice.__file__).endswith(".py")
