"""Names and ids: what an upstream name becomes in content.

Content names may not hold `[ ] | : < > { }` (they would break `[[links]]` and Markdown) and
ids are kebab-case ASCII that must also be usable as Python module names. An upstream name
outside those rules is changed as little as possible; the exact upstream name is kept in
the entry's `origin`.
"""

from __future__ import annotations

import re

from rulesref.check.content import reserved_reason
from rulesref.model import python_name
from rulesref.slugs import MAX_ID

MAX_NAME = 80
_NAME_REPLACEMENTS = str.maketrans({"[": "(", "]": ")", "{": "(", "}": ")", "<": "(", ">": ")", "|": "/", "\t": " ", "\n": " ", "\r": " "})
PARAM_PLACEHOLDER = re.compile(r"[A-Z]")


def content_name(name: str, limit: int = MAX_NAME) -> str:
    """`Warlord Trait: Fury [Melee]` -> `Warlord Trait - Fury (Melee)`: a valid content name
    (also fit for profile and characteristic names, with their own `limit`)."""
    text = re.sub(r"\s*:\s*", " - ", name.translate(_NAME_REPLACEMENTS))
    text = " ".join(text.split()).strip(" -/")
    if len(text) > limit:
        text = text[: limit - 3].rstrip(" -/(") + "..."
    return text or "Unnamed"


def profile_value(value: str) -> str:
    """A characteristic's value on one line, without `< > { }`, at most 200 characters."""
    text = " ".join(value.translate(_NAME_REPLACEMENTS).split())
    return text[:200]


def usable_id(ident: str, kind: str) -> str:
    """An id whose module name is not a Python keyword or builtin (`range` -> `range-rule`)."""
    if ident == "system" or reserved_reason(python_name(ident)):
        return f"{ident[: MAX_ID - len(kind) - 1]}-{kind}"
    return ident
