"""Names that look like other names: invisible characters, and words that mix scripts.

`Brutаl` with a Cyrillic `а` looks exactly like `Brutal` but is another string, so a link
or a search for one never finds the other, and a reader cannot tell them apart. Names are
compared in their NFKC form (`rulesref.links.normalise`), which folds fullwidth letters and
drops invisible format characters; what that cannot fold (letters of another script that
look Latin) is found here: a word whose letters come from more than one script.
"""

from __future__ import annotations

import unicodedata


def script_of(char: str) -> str | None:
    """The script of a letter (LATIN, CYRILLIC, GREEK...), from its Unicode name."""
    if not char.isalpha():
        return None
    name = unicodedata.name(char, "")
    return name.split(" ", 1)[0] if name else None


def lookalike_reason(name: str) -> str | None:
    """Why a name could be mistaken for another, or None."""
    if name.isascii():
        return None
    for char in name:
        if unicodedata.category(char) == "Cf":
            return f"holds the invisible character U+{ord(char):04X} ({unicodedata.name(char, 'unnamed').lower()})"
    for word in name.split():
        scripts = {s for s in map(script_of, word) if s is not None}
        if len(scripts) > 1:
            return f"mixes letters of the {' and '.join(sorted(s.lower().capitalize() for s in scripts))} scripts in `{word}`"
    return None
