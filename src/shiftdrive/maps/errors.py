"""The one error type of the map package, so callers can catch bad map input in one place."""

from __future__ import annotations


class MapError(ValueError):
    """A coordinate, zone, band or map description that cannot be used; the message names it."""
