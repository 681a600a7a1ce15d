"""Bounds on Markdown structures that the site's Markdown parser cannot survive.

Python-Markdown parses nested blocks by recursion and inline links by rescanning the text
after every `[`: a list or quote nested a few hundred levels deep ends MkDocs with a
RecursionError, and a paragraph of a few thousand brackets takes seconds to minutes. No
rule text needs either, so `validate` refuses both at the line where the limit is passed,
and a build never meets them. One pass over the text.
"""

from __future__ import annotations

from collections.abc import Iterator

MAX_NESTING = 16  # quote and list markers, and each 4 columns of indentation, at a line's start
MAX_BRACKETS = 256  # `[` in one paragraph (a run of non-blank lines)


def _nesting(line: str) -> int:
    """How deeply the start of `line` nests: one level per `>`, per list marker and per
    4 columns of indentation before the line's text."""
    depth = 0
    columns = 0
    i, n = 0, len(line)
    while i < n:
        char = line[i]
        if char == " ":
            columns += 1
        elif char == ">":
            depth += 1
        elif char in "-*+" and (i + 1 == n or line[i + 1] == " "):
            depth += 1
        elif char.isascii() and char.isdigit():
            j = i
            while j < n and line[j].isascii() and line[j].isdigit():
                j += 1
            if j < n and line[j] in ".)" and (j + 1 == n or line[j + 1] == " "):
                depth += 1
                i = j
            else:
                break
        else:
            break
        i += 1
    return depth + columns // 4


def structure_problems(text: str, *, cell: bool = False) -> Iterator[tuple[int, str, str]]:
    """(offset, code, message) for each place where `text` passes a limit (once per paragraph).
    A table cell (`cell`) is one line on the page, its paragraphs joined: one paragraph here."""
    offset = 0
    brackets = 0
    reported = False
    for line in text.split("\n"):
        if not line.strip():
            if not cell:
                brackets, reported = 0, False
        elif not reported:
            depth = _nesting(line)
            if depth > MAX_NESTING:
                yield offset, "markdown-limit", f"lists, quotes and indentation nest {depth} levels deep here; the limit is {MAX_NESTING}"
                reported = True
            brackets += line.count("[")
            if brackets > MAX_BRACKETS and not reported:
                where = "table cell; shorten it" if cell else "paragraph; split it with a blank line"
                yield offset, "markdown-limit", f"more than {MAX_BRACKETS} `[` in one {where}"
                reported = True
        offset += len(line) + 1
