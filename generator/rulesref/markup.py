"""What rule text may contain: Markdown without raw HTML, and links only to http(s) addresses.

The validator refuses the rest with a position; the renderer defuses it again with the same
definitions (defence in depth). Link targets are found the way Markdown can read them, not
the way an author meant them: every `](` is the start of an inline link's address, overlaps
included (so an address hidden inside another address is seen), and a `]:` is a reference
definition wherever Markdown accepts one (inside list items and quotes too).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

TAG_START = re.compile(r"<(?=[A-Za-z!/?])")
LINK_OPEN = re.compile(r"\]\(")
SAFE_INLINE_URL = re.compile(r"\s*<?(https?://[^\s)>]*)", re.IGNORECASE)
DEFINITION_OPEN = re.compile(r"\]:")
SAFE_DEFINITION_URL = re.compile(r"[ \t]*\n?[ \t]*<?https?://", re.IGNORECASE)
# a reference definition: `[label]:` at the start of a line, after any quote or list markers
REFERENCE_DEFINITION = re.compile(r"^(?:[ \t]*(?:>|[-*+]|\d{1,9}[.)])?)*[ \t]*\[[^\[\]\n]+\]:", re.MULTILINE)
# `{: .class}`, `{#id}` or `{key=value ...}`: Markdown attribute lists (never enabled, refused anyway)
ATTR_LIST = re.compile(r"\{:?\s*[#.:][A-Za-z_]|\{:?\s*[A-Za-z_][\w-]*(\s+[^{}\n]*)?=")


def unsafe_inline_links(text: str) -> Iterator[int]:
    """Offsets of each `](` whose address is not an http(s) URL."""
    for match in LINK_OPEN.finditer(text):
        if SAFE_INLINE_URL.match(text, match.end()) is None:
            yield match.start()


def unsafe_definitions(text: str) -> Iterator[int]:
    """Offsets of each reference definition's `]:` whose address is not an http(s) URL."""
    for match in REFERENCE_DEFINITION.finditer(text):
        if SAFE_DEFINITION_URL.match(text, match.end()) is None:
            yield match.end() - 2


def unsafe_markup(text: str) -> Iterator[tuple[int, str, str]]:
    """(offset, code, message) for everything in `text` that must not reach a page."""
    if "<" not in text and "](" not in text and "]:" not in text and "{" not in text:
        return  # nearly all rule text: nothing here could be markup
    for match in TAG_START.finditer(text):
        yield match.start(), "raw-html", "raw HTML is not allowed in rule text; write Markdown (a lone `<` needs a space after it)"
    for offset in sorted({*unsafe_inline_links(text), *unsafe_definitions(text)}):
        shown = text[offset + 2 : offset + 42].strip().split()[0] if text[offset + 2 :].strip() else ""
        yield offset, "unsafe-link", f"link to `{shown}`: links must be http(s) addresses; link entries with [[Name]]"
    for match in ATTR_LIST.finditer(text):
        yield match.start(), "attribute-list", "`{...}` attribute lists are not allowed in rule text"

