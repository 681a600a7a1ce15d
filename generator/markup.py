"""What rule text may contain: Markdown without raw HTML, and links only to http(s) addresses.

The validator refuses the rest with a position; the renderer escapes again (defence in depth).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

RAW_HTML = re.compile(r"<[A-Za-z!/?]")
INLINE_LINK = re.compile(r"\]\(\s*<?([^\s)>]*)")
REFERENCE_DEF = re.compile(r"^ {0,3}\[[^\]\n]+\]:\s*<?(\S+?)>?(\s|$)", re.MULTILINE)
ATTR_LIST = re.compile(r"\{:?\s*[#.:][A-Za-z_]|\{\s*[A-Za-z_-]+\s*=")
SAFE_URL = re.compile(r"https?://[^\s]+", re.IGNORECASE)


def unsafe_markup(text: str) -> Iterator[tuple[int, str, str]]:
    """(offset, code, message) for everything in `text` that must not reach a page."""
    for match in RAW_HTML.finditer(text):
        yield match.start(), "raw-html", "raw HTML is not allowed in rule text; write Markdown (a lone `<` needs a space after it)"
    for pattern in (INLINE_LINK, REFERENCE_DEF):
        for match in pattern.finditer(text):
            url = match.group(1)
            if not SAFE_URL.fullmatch(url):
                yield (
                    match.start(1),
                    "unsafe-link",
                    f"link to `{url[:60]}`: links must be http(s) addresses; link entries with [[Name]]",
                )
    for match in ATTR_LIST.finditer(text):
        yield match.start(), "attribute-list", "`{...}` attribute lists are not allowed in rule text"


def is_safe_url(url: str) -> bool:
    return SAFE_URL.fullmatch(url.strip()) is not None
