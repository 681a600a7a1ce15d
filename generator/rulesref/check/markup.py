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
_BLANKS = " \t"
_WORD_START = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_")


def unsafe_inline_links(text: str) -> Iterator[int]:
    """Offsets of each `](` whose address is not an http(s) URL."""
    for match in LINK_OPEN.finditer(text):
        if SAFE_INLINE_URL.match(text, match.end()) is None:
            yield match.start()


def _definition_end(line: str) -> int | None:
    """Where `]:` ends when `line` starts a reference definition `[label]:`, after any blanks,
    quote markers (`>`) and list markers (`-`, `*`, `+`, `1.`, `1)`); else None.

    One pass over the line, each character looked at once (a regular expression with
    nested optional repeats took exponential time on indented lines)."""
    i, n = 0, len(line)
    while i < n:
        char = line[i]
        if char in _BLANKS or char in ">-*+":
            i += 1
        elif char.isdigit() and char.isascii():
            j = i
            while j < n and j - i < 9 and line[j].isdigit() and line[j].isascii():
                j += 1
            if j < n and line[j] in ".)":
                i = j + 1
            else:
                return None
        else:
            break
    if i >= n or line[i] != "[":
        return None
    close = i + 1
    while close < n and line[close] not in "[]":
        close += 1
    if close == i + 1 or close + 1 >= n or line[close] != "]" or line[close + 1] != ":":
        return None
    return close + 2


def unsafe_definitions(text: str) -> Iterator[int]:
    """Offsets of each reference definition's `]:` whose address is not an http(s) URL."""
    start = 0
    for line in text.split("\n"):
        end = _definition_end(line) if "]:" in line else None
        if end is not None and SAFE_DEFINITION_URL.match(text, start + end) is None:
            yield start + end - 2
        start += len(line) + 1


def _skip_spaces(text: str, i: int) -> int:
    while i < len(text) and text[i].isspace():
        i += 1
    return i


def _is_attribute_list(text: str, brace: int) -> bool:
    """Whether the `{` at `brace` starts what the attribute-list extension would read:
    `{: .class}`, `{#id}`, `{key=value ...}`. A linear scan that stops at the next brace or
    at the end of the line holding the key, so every character is looked at a bounded number
    of times however the braces and blanks are arranged."""
    n = len(text)
    i = brace + 1
    if i + 1 < n and text[i] == ":" and text[i + 1] in _WORD_START:
        return True  # `{:name`: the colon is the marker itself
    if i < n and text[i] == ":":
        i += 1
    i = _skip_spaces(text, i)
    if i >= n:
        return False
    if text[i] in "#.:":
        return i + 1 < n and text[i + 1] in _WORD_START
    if text[i] not in _WORD_START:
        return False
    i += 1
    while i < n and (text[i].isalnum() or text[i] in "_-"):
        i += 1
    if i < n and text[i] == "=":
        return True
    if i >= n or not text[i].isspace():
        return False
    i = _skip_spaces(text, i)
    while i < n and text[i] not in "{}\n":
        if text[i] == "=":
            return True
        i += 1
    return False


def attribute_lists(text: str) -> Iterator[int]:
    """Offsets of each `{` that starts a Markdown attribute list."""
    brace = text.find("{")
    while brace >= 0:
        if _is_attribute_list(text, brace):
            yield brace
        brace = text.find("{", brace + 1)


def unsafe_markup(text: str) -> Iterator[tuple[int, str, str]]:
    """(offset, code, message) for everything in `text` that must not reach a page."""
    if "<" not in text and "](" not in text and "]:" not in text and "{" not in text:
        return  # nearly all rule text: nothing here could be markup
    for match in TAG_START.finditer(text):
        yield match.start(), "raw-html", "raw HTML is not allowed in rule text; write Markdown (a lone `<` needs a space after it)"
    for offset in sorted({*unsafe_inline_links(text), *unsafe_definitions(text)}):
        shown = text[offset + 2 : offset + 42].strip().split()[0] if text[offset + 2 :].strip() else ""
        yield offset, "unsafe-link", f"link to `{shown}`: links must be http(s) addresses; link entries with [[Name]]"
    for offset in attribute_lists(text):
        yield offset, "attribute-list", "`{...}` attribute lists are not allowed in rule text"

