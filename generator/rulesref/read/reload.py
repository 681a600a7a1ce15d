"""What a long-lived process (`serve`) keeps of each content file between two validations.

Loading a file, checking it against its schema and building its model object depend on that
file's bytes, its shown path and its system alone, so a run that finds a file byte for byte
as the last run read it takes the last outcome instead of parsing it again. Every file is
still read (reading is cheap; comparing bytes, unlike comparing times, cannot be fooled),
and an outcome is kept only for files that the latest run saw.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

Outcome = TypeVar("Outcome")


class LoadMemo(Generic[Outcome]):
    """Outcomes by (file, shown path, system), each with the bytes it was made from."""

    def __init__(self) -> None:
        self._kept: dict[tuple[str, str, str], tuple[bytes, Outcome]] = {}
        self._seen: dict[tuple[str, str, str], tuple[bytes, Outcome]] = {}

    def outcome(self, key: tuple[str, str, str], raw: bytes, make: Callable[[bytes], Outcome]) -> Outcome:
        kept = self._kept.get(key)
        if kept is not None and kept[0] == raw:
            self._seen[key] = kept
            return kept[1]
        made = make(raw)
        self._seen[key] = (raw, made)
        return made

    def finish(self) -> None:
        """End a run: what it saw is what the next run may reuse."""
        self._kept, self._seen = self._seen, {}
