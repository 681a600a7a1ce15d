"""The site's own scripts as a reader's browser gets them: without comment lines and
indentation.

The comments say why for whoever maintains the source; a reader only downloads them, and
every check page loads "Try it" within a size budget. Only whole comment lines are dropped
(`// ...`, and `/* ... */` blocks that start a line and end one) and only leading blanks
removed, so nothing inside a string, template or regular expression can change as long as
none spans lines: a script where one might is refused rather than guessed at.
"""

from __future__ import annotations

import re

_COMMENT_LINE = re.compile(r"(?://.*|/\*.*\*/)")


class ScriptShapeError(ValueError):
    """A site script this module cannot shorten safely (a bug in the script's source)."""


def served(source: str, name: str) -> str:
    """`source` without comment lines, blank lines and indentation."""
    kept = []
    in_block = False
    for number, line in enumerate(source.splitlines(), start=1):
        text = line.strip()
        if in_block or (text.startswith("/*") and not _COMMENT_LINE.fullmatch(text)):
            if "*/" in text and not text.endswith("*/"):
                raise ScriptShapeError(f"{name}:{number}: a block comment must end its line")
            in_block = not text.endswith("*/")
            continue
        if line.count("`") % 2 or line.endswith("\\"):
            raise ScriptShapeError(f"{name}:{number}: a template literal or string must open and close on one line")
        if text and not _COMMENT_LINE.fullmatch(text):
            kept.append(text)
    return "\n".join(kept) + "\n"
