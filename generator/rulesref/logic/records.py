"""The stand-in for a check's record result while checks run in-process.

The generated package defines each record as a frozen dataclass. Creating a dataclass costs
far more than everything else about a check, and a large content has hundreds of records, so
when rulesref itself runs the checks (examples, proofs, odds) a record is a `Record`: built
with keywords, compared, hashed and ordered by its fields in order, and printed exactly like
the package's dataclass, so what an example shows is what a tool author sees.
"""

from __future__ import annotations

from typing import Any


class Record(tuple):  # type: ignore[type-arg]
    __slots__ = ()
    fields: tuple[str, ...] = ()

    def __new__(cls, **values: Any) -> Record:
        return tuple.__new__(cls, tuple(values[name] for name in cls.fields))

    def __getattr__(self, name: str) -> Any:
        try:
            return self[type(self).fields.index(name)]
        except ValueError:
            raise AttributeError(name) from None

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={value!r}" for name, value in zip(type(self).fields, self, strict=True))
        return f"{type(self).__name__}({shown})"


def record_type(name: str, fields: tuple[str, ...]) -> type[Record]:
    """A `Record` class named like the package's dataclass, with its fields in order."""
    return type(name, (Record,), {"__slots__": (), "fields": fields})
