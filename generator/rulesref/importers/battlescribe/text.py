"""Imported text made fit for content: safe Markdown, a derived summary, dice tables as data.

Upstream descriptions are plain text typed into an editor: they may hold control
characters, stray markup, `[[` or `<b>`. Validation would refuse those, so they are
neutralised here with the smallest change that makes the text safe, using the same
definitions the validator uses (`rulesref.check.markup`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulesref.check.markup import unsafe_markup
from rulesref.check.tables import FACES, roll_range
from rulesref.links import LINK
from rulesref.read.load import FORBIDDEN_CHARS

MAX_TEXT = 50000
MAX_SUMMARY = 300
MAX_ROW = 50000
NO_TEXT = "The imported data gives no text for this rule."
_HTML_TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9]*(\s[^<>]*)?/?>")
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]]*\s+(?=[A-Z0-9\"'(])")


def clean_text(raw: str) -> str:
    """Text that passes `validate`: no control characters or tabs, no HTML tags, no `[[`
    (which would read as a link), no Markdown link to anything but http(s), no attribute
    list; paragraphs kept, trailing spaces dropped, at most 50,000 characters."""
    text = raw.replace("\r\n", "\n").replace("\r", "\n").replace("\t", " ")
    text = FORBIDDEN_CHARS.sub(" ", text)
    text = _HTML_TAG.sub("", text)
    text = text.replace("[[", "[ [").replace("]]", "] ]")
    for _ in range(5):  # each pass fixes what the validator would point at
        found = list(unsafe_markup(text))
        if not found:
            break
        for offset, code, _message in sorted(found, reverse=True):
            if code == "raw-html":
                text = text[: offset + 1] + " " + text[offset + 1 :]
            elif code == "unsafe-link":
                text = text[: offset + 1] + " " + text[offset + 1 :]
            else:  # attribute-list: `{` opens it
                text = text[:offset] + "(" + text[offset + 1 :]
    lines = [line.rstrip() for line in text.split("\n")]
    text = re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip()
    if len(text) > MAX_TEXT:
        text = text[: MAX_TEXT - 1].rsplit(" ", 1)[0]
    return text


def derive_summary(text: str) -> str:
    """The first sentence of `text` (links shown as their words), cut to 300 characters."""
    plain = LINK.sub(lambda m: m.group(1).partition("|")[2].strip() or m.group(1).split(":")[-1].strip(), text)
    plain = " ".join(plain.split())
    if not plain:
        return NO_TEXT
    first = _SENTENCE_END.split(plain, maxsplit=1)[0].strip()
    if len(first) > MAX_SUMMARY:
        first = first[: MAX_SUMMARY - 3].rsplit(" ", 1)[0].rstrip(",;:") + "..."
    return first


@dataclass(frozen=True)
class ParsedTable:
    die: str
    rows: tuple[tuple[str, str], ...]  # (roll, result)
    before: str
    after: str


_ROW = re.compile(r"^\s*(?P<roll>[0-9]{1,2}(?:\s*[-\u2013]\s*[0-9]{1,2})?|[0-9]{1,2}\+)\s*(?:[:.)\u2013-]\s*|\s+)(?P<result>\S.*)$")
_HEADING = re.compile(r"^\s*(D3|D6|2D6|3D6)\b[^\n]{0,40}$", re.IGNORECASE)


def find_table(text: str) -> ParsedTable | None:
    """A dice table written one row per line (`1: ...`, `2-3 ...`, `4+ ...`) that covers
    every face of a D3, D6, 2D6 or 3D6 exactly once; None when there is none or it does not
    add up (the text then stays as it is)."""
    lines = text.split("\n")
    best: tuple[int, int] | None = None
    start = None
    for index, line in enumerate([*lines, ""]):
        if _ROW.match(line) and index < len(lines):
            if start is None:
                start = index
            continue
        if start is not None and index - start >= 2 and (best is None or index - start > best[1] - best[0]):
            best = (start, index)
        start = None
    if best is None:
        return None
    rows = []
    for line in lines[best[0] : best[1]]:
        match = _ROW.match(line)
        assert match is not None
        roll = re.sub(r"\s*[-\u2013]\s*", "-", match.group("roll"))
        rows.append((roll, match.group("result").strip()[:MAX_ROW]))
    die = _die_of([r for r, _ in rows])
    if die is None or len(rows) > 36:
        return None
    head = lines[: best[0]]
    if head and _HEADING.match(head[-1]):
        head = head[:-1]  # the printed header row ("D6 Result") is the table's, not the text's
    return ParsedTable(die, tuple(rows), "\n".join(head).strip(), "\n".join(lines[best[1] :]).strip())


def _die_of(rolls: list[str]) -> str | None:
    for die in ("D3", "D6", "2D6", "3D6"):
        low, high = FACES[die]
        covered: list[int] = []
        for roll in rolls:
            span = roll_range(roll, die)
            if span is None:
                return None
            covered += range(span[0], span[1] + 1)
        if sorted(covered) == list(range(low, high + 1)):
            return die
    return None
