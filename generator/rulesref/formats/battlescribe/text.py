"""Imported text made fit for content: safe Markdown, a derived summary, dice tables as data.

Upstream descriptions are plain text typed into an editor: they may hold control
characters, stray markup, `[[` or `<b>`. Validation would refuse those, so they are
neutralised here with the smallest change that makes the text safe, using the same
definitions the validator uses (`rulesref.check.markup`).

Dice tables are typed in many ways (a header line or none, rows on consecutive lines or
with blank lines between, `1:` `1.` `1)` `1 -` `1-2:` `5+`, a row's result running over
several lines, a row's title on a line of its own). `find_tables` reads all of them, but
only makes a table where a reader would see one: the rows cover every face of the die
exactly once, and something says dice are rolled on them (a range such as `2-3`, a
header, or the die named before the rows). A numbered list of steps therefore stays text.
The summary is never taken from rows: it comes from the words before the table, or says
what the table is for.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from rulesref.check.markup import unsafe_markup
from rulesref.check.tables import FACES, roll_range
from rulesref.links import LINK
from rulesref.read.load import FORBIDDEN_CHARS

MAX_TEXT = 50000
MAX_SUMMARY = 300
MAX_ROW = 50000
MAX_ROWS = 36
MAX_TITLE = 60  # a row's or table's title is a heading, not a sentence
MAX_TABLE_TITLE = 120  # what the schema allows
NO_TEXT = "The imported data gives no text for this rule."
_HTML_TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9]*(\s[^<>]*)?/?>")
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]]*\s+(?=[A-Z0-9\"'(\u2022])")  # a bullet (U+2022) starts one too


# Older data's markup, `[Strength](+1)`: a Markdown link to no address. It means the words
# and the value; written as such, it reads as text (a link to `+1` is refused).
_OLD_MARKUP = re.compile(r"\[([^\[\]\n]{1,200})\]\((?!https?://)([^()\n]{0,200})\)")


def defused(text: str) -> str:
    """Text in which nothing reads as markup `validate` refuses (raw HTML, a link to no web
    address, an attribute list), each changed by a character: also after links are made, when
    a link ends right before `(` (`[[Overawe]](+1 ...)`)."""
    for _ in range(5):  # each pass fixes what the validator would point at
        found = list(unsafe_markup(text))
        if not found:
            break
        for offset, code, _message in sorted(found, reverse=True):
            if code in ("raw-html", "unsafe-link"):
                text = text[: offset + 1] + " " + text[offset + 1 :]
            else:  # attribute-list: `{` opens it
                text = text[:offset] + "(" + text[offset + 1 :]
    return text


def clean_text(raw: str) -> str:
    """Text that passes `validate`: no control characters or tabs, no HTML tags, no `[[`
    (which would read as a link), no Markdown link to anything but http(s), no attribute
    list; paragraphs kept, trailing spaces dropped, at most 50,000 characters."""
    text = raw.replace("\r\n", "\n").replace("\r", "\n").replace("\t", " ")
    text = FORBIDDEN_CHARS.sub(" ", text)
    text = _HTML_TAG.sub("", text)
    text = re.sub(r"\[(?=\[)", "[ ", re.sub(r"\](?=\])", "] ", text))  # (every pair: `[[[` too)
    text = _OLD_MARKUP.sub(lambda m: f"{m.group(1)} ({m.group(2)})" if m.group(2).strip() else m.group(1), text)
    text = defused(text)
    lines = [line.rstrip() for line in text.split("\n")]
    text = re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip()
    if len(text) > MAX_TEXT:
        text = text[: MAX_TEXT - 1].rsplit(" ", 1)[0]
    return text


# -- dice tables -----------------------------------------------------------------------------

_DASHES = "-\u2013\u2014"
_SMALL_WORDS = frozenset("a an and of the to".split())  # written in lower case in a title
_DASH = re.escape(_DASHES)  # for character classes, where a bare `-` would make a range
_ROLL = rf"[0-9]{{1,2}}(?:\s*[{_DASH}]\s*[0-9]{{1,2}}|\+)?"
# a row: `1: ...`, `1. ...`, `1) ...`, `1 | ...`, `1 - ...`, `3-4 -Quick ...`, `1  Lost ...`, `4+ ...`
_ROW = re.compile(
    rf"^\s*\|?\s*(?P<roll>{_ROLL})(?:\s*[:.)|]|\s*[{_DASH}](?=\s*[^\s0-9{_DASH}])|(?=\s)|$)\s*(?P<result>.*?)[\s|]*$"
)
_DIE = r"(?i:[23]?D[36])"
# a header: `D6 Result`, `D6 | Effect`, `D3 - Result`, `Roll Result`, `D6 BURROW TRAIT`,
# `Warren Mishap Table: D6 Roll` (what is before the colon is the table's title)
_HEADER = re.compile(
    rf"^\s*\|?\s*(?:(?P<title>[A-Za-z][^:.!?|\n]{{0,{MAX_TITLE}}}?)\s*:\s*)?"
    rf"(?:(?P<die>{_DIE})(?P<label>(?:[\s|:{_DASH}]+[A-Za-z][\w'\u2019/&]*){{0,5}})"
    rf"|(?i:roll|dice|score)(?:[\s|:{_DASH}]+[A-Z][\w'\u2019/&]*){{1,4}})[\s|:]*$"  # `Roll Result`, not `Roll on this`
)
# a table written inside a sentence: `... roll a D6: 1: it is snared; 2-5: it loses one Grit; 6: ...`
_INLINE_ITEM = rf"(?:{_ROLL})\s*:\s*[^;:\n]+"
_INLINE = re.compile(rf"^(?P<lead>.*?:)\s*(?P<items>{_INLINE_ITEM}(?:;\s*{_INLINE_ITEM})+?)\s*\.?$")
_INLINE_SPLIT = re.compile(rf"^\s*(?P<roll>{_ROLL})\s*:\s*(?P<result>.*?)\s*$")


@dataclass(frozen=True)
class ParsedTable:
    die: str
    rows: tuple[tuple[str, str | None, str], ...]  # (roll, title or None, result)
    before: str  # the text before the table (its header line is the table's)
    after: str  # the text after it
    title: str | None = None

    @property
    def text(self) -> str:
        """The text without the table: what is before it and what is after it."""
        return "\n\n".join(part for part in (self.before, self.after) if part)

    @property
    def data(self) -> dict[str, Any]:
        """The table as an entry's `table` value."""
        rows = [{"roll": roll, **({"title": title} if title else {}), "result": result} for roll, title, result in self.rows]
        return {**({"title": self.title} if self.title else {}), "die": self.die, "rows": rows}


@dataclass
class _Row:
    roll: str
    first: str  # what follows the roll on its own line
    more: list[str]  # the lines the row runs on over ("" between its paragraphs)
    start: int  # its lines in the text
    end: int

    def title_and_result(self) -> tuple[str | None, str]:
        """A heading on the row's first line, with its effect on the lines after, is the
        row's title (`1. Prickly Ball:`, `1-3: Quick Retreat`, `3 Tails Up!`): a
        short line that ends with a colon or `!`, or has every word capitalised and does not
        end like a sentence, followed by a line that starts a sentence. Otherwise the lines
        are one result (a line wrapped mid-sentence goes on in lower case). Lines join into
        one; paragraphs stay apart."""
        first = self.first.strip()
        following = next((line.strip() for line in self.more if line.strip()), "")
        words = first.rstrip(":!").split()
        heading = first.endswith((":", "!")) or (all(w[:1].isupper() or w in _SMALL_WORDS for w in words) and not first.endswith((".", ",", ";")))
        if following[:1].isupper() and words and len(first) <= MAX_TITLE and len(words) <= 8 and heading:
            title = first.rstrip(":").rstrip(f" {_DASHES}").strip()
            return title or None, _paragraphs(self.more)
        return None, _paragraphs([first, *self.more])


def _paragraphs(lines: list[str]) -> str:
    paragraphs = "\n".join(lines).split("\n\n")
    return "\n\n".join(joined for p in paragraphs if (joined := " ".join(p.split())))


def _header(line: str) -> re.Match[str] | None:
    return _HEADER.match(line) if len(line) <= 2 * MAX_TITLE else None  # a header is short


def _row(line: str) -> re.Match[str] | None:
    return None if _header(line) else _ROW.match(line)


def _blank_from(lines: list[str], index: int) -> int:
    while index < len(lines) and not lines[index].strip():
        index += 1
    return index


def _runs(lines: list[str]) -> list[list[_Row]]:
    """Runs of rows. A row runs on over the lines after it until a blank line, the next row
    or a header; rows may have blank lines between them, and a paragraph between two rows
    is the first one's. A compact run (no blank lines, no row running on) whose last row
    ends a sentence ends there: a line right after it is the text's again."""
    runs: list[list[_Row]] = []
    index = 0
    while index < len(lines):
        if _row(lines[index]) is None:
            index += 1
            continue
        run: list[_Row] = []
        loose = False
        while True:
            match = _row(lines[index])
            assert match is not None
            row = _Row(re.sub(rf"\s*[{_DASH}]\s*", "-", match.group("roll")), match.group("result"), [], index, index + 1)
            run.append(row)
            index += 1
            while index < len(lines) and lines[index].strip() and _row(lines[index]) is None and not _header(lines[index]):
                row.more.append(lines[index])
                index += 1
            row.end = index
            following = _blank_from(lines, index)
            paragraphs: list[str] = []
            while following < len(lines) and _row(lines[following]) is None and not _header(lines[following]) and len(paragraphs) < 20:
                end = following
                while end < len(lines) and lines[end].strip() and _row(lines[end]) is None and not _header(lines[end]):
                    end += 1
                paragraphs += ["", *lines[following:end]]
                following = _blank_from(lines, end)
            upcoming = _row(lines[following]) if following < len(lines) else None
            if upcoming is not None and (not paragraphs or _goes_on(row.roll, upcoming.group("roll"))):
                loose = loose or following > index
                row.more += paragraphs
                index = following
                continue
            break
        last = run[-1]
        if last.more and not loose and not any(r.more for r in run[:-1]) and re.search(r"[.!?]$", last.first.strip()):
            last.more, last.end = [], last.start + 1
            index = last.end
        runs.append(run)
    return runs


def _goes_on(roll: str, upcoming: str) -> bool:
    """Whether a row rolled `upcoming` can follow a row rolled `roll` in one table (a
    paragraph between them is then the first one's; else it heads the next table)."""
    this, that = roll_range(roll, "3D6"), roll_range(re.sub(rf"\s*[{_DASH}]\s*", "-", upcoming), "3D6")
    return this is not None and that is not None and that[0] > this[1]


def _ascending(run: list[_Row]) -> list[list[_Row]]:
    """A run split where its rolls start again: two tables written one after the other."""
    parts: list[list[_Row]] = []
    previous: int | None = None
    for row in run:
        span = roll_range(row.roll, "3D6")
        if not parts or span is None or previous is None or span[0] <= previous:
            parts.append([])
        parts[-1].append(row)
        previous = span[1] if span is not None else None
    return parts


def _die_of(rolls: list[str]) -> str | None:
    """The die whose faces the rolls cover exactly once, if there is one."""
    for die in ("D3", "D6", "2D6", "3D6"):
        low, high = FACES[die]
        covered: list[int] = []
        for roll in rolls:
            span = roll_range(roll, die)
            if span is None or span[0] > span[1]:
                break  # `4+` is no roll of a D3
            covered += range(span[0], span[1] + 1)
        else:
            if sorted(covered) == list(range(low, high + 1)):
                return die
    return None


def _header_above(lines: list[str], start: int) -> tuple[int, re.Match[str] | None]:
    """The header line above the rows at `start` (blank lines between allowed), if any:
    the first line that is the table's, and the header."""
    above = start - 1
    while above >= 0 and not lines[above].strip():
        above -= 1
    if above >= 0:
        header = _header(lines[above])
        if header is not None:
            return above, header
    return start, None


def _label(line: str) -> str | None:
    """A table's title on the line right above it, every word capitalised: `Burrow Mishap
    Table`, `THORN TABLE`, or a short label with a colon (`Small Critters:`, `Hedge
    Gap:`); not a sentence such as `Roll on the following table:`."""
    words = line.strip().rstrip(":").split()
    if not words or len(line.strip()) > MAX_TITLE or re.search(r"[.!?;|]", line):
        return None
    capitalised = all(w[:1].isupper() or w in _SMALL_WORDS for w in words)
    if capitalised and (words[-1].casefold() == "table" or (line.rstrip().endswith(":") and len(words) <= 5)):
        return " ".join(words)
    return None


def _column_line(line: str) -> bool:
    """A column's name right above the rows (`Turn`, `Warren Size`): one or two words, no
    punctuation, no die."""
    words = line.split()
    return 0 < len(words) <= 2 and all(w.isalpha() for w in words) and not any(w.casefold() in ("roll", "dice", "table") for w in words)


_COLUMN_WORDS = frozenset("result results effect effects roll rolls outcome outcomes score dice".split())


def _header_label(header: re.Match[str]) -> str | None:
    """What a header says after its die, unless it only names the column (`Result`)."""
    label = (header.group("label") or "").strip(f" |:{_DASHES}")
    words = re.findall(r"[A-Za-z]+", label)
    return label if words and not any(w.casefold() in _COLUMN_WORDS for w in words) else None


@dataclass(frozen=True)
class _Found:
    table: ParsedTable
    top: int  # its first line (a title or header above the rows)
    end: int  # the line after its last row
    rows: tuple[int, ...]  # the first line of each row


def _table(lines: list[str], rows: list[_Row]) -> _Found | None:
    """The rows as a table, if they are one (see the module docstring)."""
    if not 2 <= len(rows) <= MAX_ROWS:
        return None
    die = _die_of([r.roll for r in rows])
    if die is None:
        return None
    top, header = _header_above(lines, rows[0].start)
    named = (header.group("die") or "").upper() if header is not None else ""
    if named and named != die:
        return None  # a header that names another die: not this table
    if header is None and top > 0 and _column_line(lines[top - 1]):
        return None  # `Turn` right above the rows: a table by something else than a roll
    rolled = header is not None or die != "D3" or any(not r.roll.isdigit() for r in rows)
    if not rolled and not re.search(r"(?<![0-9A-Za-z])D3(?![0-9A-Za-z])", "\n".join(lines[:top]), re.IGNORECASE):
        return None  # numbered 1, 2, 3 like a list of steps, and no D3 is named: a list
    table_rows = []
    for row in rows:
        title, result = row.title_and_result()
        if not result:
            return None
        table_rows.append((row.roll, title, result[:MAX_ROW]))
    titles = [header.group("title")] if header is not None and header.group("title") else []
    if not titles and top > 0 and (label := _label(lines[top - 1])):
        titles, top = [label], top - 1
    if header is not None and (named_label := _header_label(header)):
        titles.append(named_label)  # `D6 Large Critter`: which of two tables this is
    title = " ".join(" - ".join(titles).split())
    if len(title) > MAX_TABLE_TITLE:
        title = title[: MAX_TABLE_TITLE - 3].rsplit(" ", 1)[0] + "..."
    table = ParsedTable(die, tuple(table_rows), "\n".join(lines[:top]).strip(), "\n".join(lines[rows[-1].end :]).strip(), title or None)
    return _Found(table, top, rows[-1].end, tuple(r.start for r in rows))


def _inline_table(lines: list[str]) -> ParsedTable | None:
    """A table written inside a line after a colon, its rows apart by semicolons, with its
    die named before it (`... roll a D6: 1: it is snared; 2-5: it loses one Grit; 6: ...`)."""
    for index, line in enumerate(lines):
        match = _INLINE.match(line)
        if match is None:
            continue
        rows = []
        for item in match.group("items").split(";"):
            part = _INLINE_SPLIT.match(item)
            if part is None:
                break
            rows.append((re.sub(rf"\s*[{_DASH}]\s*", "-", part.group("roll")), None, part.group("result").rstrip(".")))
        else:
            if not all(result for _, _, result in rows):
                continue
            die = _die_of([r for r, _, _ in rows])
            before = "\n".join([*lines[:index], match.group("lead")]).strip()
            if die is not None and re.search(rf"(?<![0-9A-Za-z]){die}(?![0-9A-Za-z])", before, re.IGNORECASE):
                return ParsedTable(die, tuple(rows), before, "\n".join(lines[index + 1 :]).strip())
    return None


def _found(lines: list[str]) -> list[_Found]:
    return [found for run in _runs(lines) for rows in _ascending(run) if (found := _table(lines, rows)) is not None]


def find_tables(text: str) -> list[ParsedTable]:
    """Every dice table written in `text`, in order, each with the text before and after
    it as written."""
    lines = text.split("\n")
    tables = [found.table for found in _found(lines)]
    if not tables and (inline := _inline_table(lines)) is not None:
        tables.append(inline)
    return tables


def find_table(text: str) -> ParsedTable | None:
    """The first dice table in `text`, or None when there is none or none adds up (the text
    then stays as it is). An entry holds one table: the rows of any later table stay in
    the text, each row a paragraph of its own so that they do not run together."""
    lines = text.split("\n")
    found = _found(lines)
    if not found:
        return _inline_table(lines)
    first = found[0]
    later = {start for other in found[1:] for start in other.rows}
    after: list[str] = []
    for index in range(first.end, len(lines)):
        if index in later and after and after[-1].strip():
            after.append("")
        after.append(lines[index])
    return replace(first.table, after="\n".join(after).strip())


# -- summaries ----------------------------------------------------------------------------------


def _lead(lines: list[str]) -> list[str]:
    """The lines before the first table in them, made or not: a header, or two rows or more
    (one line that opens with a number, `4+ Thick Fur`, is no table), without a table's
    title right above it, and without a table written in its last line."""
    end = next((i for i, line in enumerate(lines) if _header(line)), len(lines))
    run = next((run for run in _runs(lines[:end]) if len(run) > 1), None)
    if run is not None:
        end = run[0].start
    if end < len(lines):
        above = end - 1
        while above >= 0 and not lines[above].strip():
            above -= 1
        if above >= 0 and (_label(lines[above]) or (above == end - 1 and _column_line(lines[above]))):
            end = above
    kept = lines[:end]
    if kept and (inline := _INLINE.match(kept[-1])) is not None:
        kept[-1] = inline.group("lead")
    return kept


LIST_SUMMARY = "A numbered list; see the text."
TABLE_SUMMARY = "A table; see the text."


def derive_summary(text: str | None, table: Mapping[str, Any] | None = None) -> str:
    """The first sentence of `text` before any table (links shown as their words), cut to
    300 characters; never a table's rows. A text that opens with its table (or is all
    table) gets a sentence saying what the table is for; one that opens with rows that made
    no table but read as one (ranges such as `1-3` or `7+`, or a header) says it is a table.
    A text that opens with a numbered list is summed up by its first item's sentence,
    without its number. A rule with neither text nor table says that the data gave no text."""
    plain = LINK.sub(lambda m: m.group(1).partition("|")[2].strip() or m.group(1).split(":")[-1].strip(), text or "")
    lines = plain.split("\n")
    first = _first_sentence("\n".join(_lead(lines)))
    if first is not None:
        return first
    if table:
        title = str(table.get("title") or "")
        where = "the table" if not title else f"the {title}" if title.casefold().endswith("table") else f"the {title} table"
        return f"Roll a {table['die']} and look up the result on {where}."[:MAX_SUMMARY]
    if not _WORD.search(plain):
        return NO_TEXT
    run = next((run for run in _runs(lines) if len(run) > 1), None)
    if run is None or any(_header(line) for line in lines[: run[0].start]) or any(not row.roll.isdigit() for row in run):
        return TABLE_SUMMARY
    first = _first_sentence("\n".join([run[0].first, *run[0].more]))
    return first if first is not None and len(first.split()) >= 4 else LIST_SUMMARY


_WORD = re.compile(r"[^\W\d_]{2}")


def _first_sentence(text: str) -> str | None:
    """The first sentence of `text` on one line, cut to 300 characters; None if it has no words."""
    joined = " ".join(text.split())
    first = _SENTENCE_END.split(joined, maxsplit=1)[0].strip() if joined else ""
    if not _WORD.search(first):
        return None
    if first.endswith(":"):
        first = first[:-1].rstrip() + "."  # "... roll on the following table:" as a sentence
    if len(first) > MAX_SUMMARY:
        first = first[: MAX_SUMMARY - 3].rsplit(" ", 1)[0].rstrip(",;:") + "..."
    return first
