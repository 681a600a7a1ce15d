""""Did you mean ...?" hints for misspelt keys, values and link targets."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def closest(word: str, candidates: Iterable[str], *, cutoff: float = 0.6) -> str | None:
    """The candidate most like `word` (case-insensitively), if any is close enough."""
    by_folded: dict[str, str] = {}
    for candidate in candidates:
        by_folded.setdefault(candidate.casefold(), candidate)
    matches = difflib.get_close_matches(word.casefold(), sorted(by_folded), n=1, cutoff=cutoff)
    return by_folded[matches[0]] if matches else None


def did_you_mean(word: str, candidates: Iterable[str], *, cutoff: float = 0.6) -> str:
    """"; did you mean `x`?" or the empty string."""
    match = closest(word, candidates, cutoff=cutoff)
    return f"; did you mean `{match}`?" if match is not None and match != word else ""
