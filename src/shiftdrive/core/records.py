"""Field names of the state records, for their `to_json`."""

from __future__ import annotations

from dataclasses import fields
from typing import Any, Final

_NAMES: Final[dict[type[Any], tuple[str, ...]]] = {}


def field_names(cls: type[Any]) -> tuple[str, ...]:
    """A dataclass's field names in order: what `__slots__` lists in plain Python, but also
    there when the class is compiled (mypyc's native classes have no `__slots__`)."""
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(f.name for f in fields(cls))
    return names


def by_fields(record: Any) -> tuple[Any, ...]:
    """`__reduce__` for a frozen record: rebuilt through its constructor, field by field.

    Pickle's and copy's default sets each slot in turn, which a compiled frozen class refuses.
    """
    return (type(record), tuple(getattr(record, name) for name in field_names(type(record))))
