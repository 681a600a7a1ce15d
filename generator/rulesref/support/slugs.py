"""Names -> kebab-case ASCII path parts (`Hit & Run` -> `hit-run`).

Entry ids are slugs the importer makes from upstream names; the site makes the addresses of
its pages about names (`compare/rule-hit-run/`) the same way.
"""

from __future__ import annotations

import re
import unicodedata

MAX_ID = 60
_NOT_ALNUM = re.compile(r"[^a-z0-9]+")


def slug(name: str, *, fallback: str = "entry") -> str:
    """`Hit & Run` -> `hit-run`, `Ætheric Lance` -> `aetheric-lance`: kebab-case ASCII that
    starts with a letter, at most 60 characters, cut at a hyphen."""
    text = name.replace("Æ", "Ae").replace("æ", "ae").replace("Ø", "O").replace("ø", "o").replace("ß", "ss")
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii").lower()
    words = [w for w in _NOT_ALNUM.split(ascii_text) if w]
    ident = "-".join(words)
    if not ident or not ident[0].isalpha():
        ident = f"{fallback}-{ident}" if ident else fallback
    if len(ident) > MAX_ID:
        ident = ident[:MAX_ID].rsplit("-", 1)[0]
    return ident
