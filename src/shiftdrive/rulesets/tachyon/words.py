"""Tachyon: words."""

from __future__ import annotations

from typing import Final

from shiftdrive.core.dice import FudgeRoll

_FACES: Final[dict[tuple[tuple[int, ...], int, int], str]] = {}


def faces(r: FudgeRoll) -> str:
    """The dice as the log shows them. The wording depends only on the faces and the fixed
    dice, and a battle words a few dozen kinds of roll thousands of times: each is kept, by a
    key hashed without calling the roll's own (Python) hash."""
    key = (r.faces, r.minimized, r.maximized)
    text = _FACES.get(key)
    if text is None:
        text = r.symbols() or "-"
        if len(_FACES) < 4096:
            _FACES[key] = text
    return text
