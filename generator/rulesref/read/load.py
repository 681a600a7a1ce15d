"""Load one content file: safe YAML in, plain JSON values out, with a position for every value.

YAML 1.1 (what PyYAML implements) silently turns `no` into False, `010` into 8 and
`2024-01-01` into a date; anchors make alias bombs possible and tags can name Python
objects. Content files need none of that, so this loader builds values itself from the
parser's events and refuses, with a line and column, everything outside plain JSON data:
duplicate keys, anchors and aliases, tags, ambiguous scalars, several documents, and so on.
Nothing in a file is ever executed or constructed beyond dicts, lists, str, int, float,
bool and None.
"""

from __future__ import annotations

import bisect
import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

import yaml
from yaml import events as ev
from yaml.nodes import MappingNode, ScalarNode

try:  # libyaml's parser; the pure-Python one has the same event API
    from yaml.cyaml import CParser as _Parser  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - PyYAML built without libyaml
    from yaml.loader import BaseLoader as _Parser  # type: ignore[assignment]

from rulesref.problems import Problem, Severity, excerpt

MAX_FILE_BYTES = 256 * 1024
MAX_DEPTH = 20
MAX_INT_DIGITS = 15

JsonPath = tuple[str | int, ...]


class LoadError(Exception):
    """Raised inside the loader only; turned into exactly one Problem per file."""

    def __init__(self, line: int, col: int, code: str, message: str) -> None:
        super().__init__(message)
        self.line, self.col, self.code, self.message = line, col, code, message


class Span(NamedTuple):
    """Where a value (or a mapping key) starts: 1-based line and column, 0-based char offset."""

    line: int
    col: int
    offset: int
    style: str  # "" plain, "'" or '"' quoted, "|" or ">" block; "{" / "[" for collections


@dataclass
class Document:
    """A loaded file: its data, its text, and the span of every value and key by JSON path."""

    path: str
    data: dict[str, Any]
    text: str
    # None for a document rebuilt from the load cache: found again (by parsing) when first asked
    _spans: dict[JsonPath, Span] | None = field(default=None, repr=False, compare=False)
    _key_spans: dict[JsonPath, Span] | None = field(default=None, repr=False, compare=False)
    _line_starts: list[int] | None = field(default=None, repr=False)
    _lines_of: dict[JsonPath, tuple[list[int], list[int | None]]] | None = field(default=None, repr=False)
    # for a document rebuilt from the load cache: the spans of its top-level keys and values,
    # which most problems of a clean file are placed at (a summary still to rewrite, on every
    # imported entry), so that placing them parses nothing again
    _top: dict[str, tuple[Span, Span]] | None = field(default=None, repr=False, compare=False)

    def top_spans(self) -> dict[str, tuple[Span, Span]]:
        """Each top-level key's (key span, value span): what the load cache keeps of them."""
        if self._spans is None and self._top is not None:
            return dict(self._top)
        return _top_of(self.spans, self.key_spans)

    @property
    def spans(self) -> dict[JsonPath, Span]:
        """The span of every value by JSON path."""
        if self._spans is None:
            self._find_spans()
        assert self._spans is not None
        return self._spans

    @property
    def key_spans(self) -> dict[JsonPath, Span]:
        """The span of every mapping key by JSON path."""
        if self._key_spans is None:
            self._find_spans()
        assert self._key_spans is not None
        return self._key_spans

    def _find_spans(self) -> None:
        """Parse the text again for its spans: the same text parses to the same spans, and a
        document without them came from text that parsed cleanly before."""
        parsed = parse_text(self.text, self.path)
        self._spans, self._key_spans = parsed._spans, parsed._key_spans

    def _top_span(self, path: JsonPath, key: bool) -> Span | None:
        if self._spans is None and self._top is not None and len(path) == 1:
            found = self._top.get(str(path[0]))
            if found is not None:
                return found[0] if key else found[1]
        return None

    def span(self, path: JsonPath) -> Span:
        """The span of the value at `path`, or of its nearest ancestor that has one."""
        top = self._top_span(path, False)
        if top is not None:
            return top
        while path not in self.spans and path:
            path = path[:-1]
        return self.spans.get(path, Span(1, 1, 0, ""))

    def at(self, path: JsonPath, *, key: bool = False) -> tuple[int, int]:
        """(line, col) of the value at `path`; with key=True, of its key in the parent mapping."""
        top = self._top_span(path, key)
        if top is not None:
            return top.line, top.col
        if key and path in self.key_spans:
            s = self.key_spans[path]
        else:
            s = self.span(path)
        return s.line, s.col

    def problem(self, path: JsonPath, code: str, message: str, *, key: bool = False, severity: Severity = "error") -> Problem:
        line, col = self.at(path, key=key)
        return Problem(self.path, line, col, code, message, severity)

    def locate(self, path: JsonPath, offset: int) -> tuple[int, int]:
        """(line, col) of character `offset` inside the string value at `path`.

        Works for plain, quoted and block scalars by finding the value's lines in the source
        text, in order, after the value's start; falls back to the value's own position.
        The lines are found once per value, so a text with thousands of problems costs no
        more than one with a single problem.
        """
        value = self.value(path)
        start = self.span(path)
        if not isinstance(value, str) or not 0 <= offset <= len(value):
            return start.line, start.col
        starts, found = self._value_lines(path, value, start.offset)
        line_no = bisect.bisect_right(starts, offset) - 1
        at = found[line_no]
        if at is None:
            return start.line, start.col
        if at < 0:  # an empty line: the end of the last line found before it
            return self._line_col(-at - 1)
        return self._line_col(at + offset - starts[line_no])

    def _value_lines(self, path: JsonPath, value: str, cursor: int) -> tuple[list[int], list[int | None]]:
        """Where each line of the value starts in the value, and in the source text: an
        offset, `-(end + 1)` of the last line found for an empty line, or None once a line
        cannot be found (quoted scalars with escapes)."""
        if self._lines_of is None:
            self._lines_of = {}
        cached = self._lines_of.get(path)
        if cached is not None:
            return cached
        starts: list[int] = []
        found: list[int | None] = []
        at = 0
        lost = False
        for line_text in value.split("\n"):
            starts.append(at)
            at += len(line_text) + 1
            if lost:
                found.append(None)
            elif not line_text:
                found.append(-cursor - 1)
            else:
                where = self.text.find(line_text, cursor)
                if where < 0:
                    lost = True
                    found.append(None)
                else:
                    found.append(where)
                    cursor = where + len(line_text)
        self._lines_of[path] = (starts, found)
        return starts, found

    def value(self, path: JsonPath) -> Any:
        """The raw value at `path`, or None where the path leads nowhere."""
        node: Any = self.data
        for part in path:
            if isinstance(node, dict) and part in node:
                node = node[part]
            elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
                node = node[part]
            else:
                return None
        return node

    def _line_col(self, index: int) -> tuple[int, int]:
        if self._line_starts is None:
            self._line_starts = [0] + [m.end() for m in re.finditer("\n", self.text)]
        row = bisect.bisect_right(self._line_starts, index) - 1
        return row + 1, index - self._line_starts[row] + 1


# -- reading bytes -------------------------------------------------------------------------

# characters no content file may hold (also what importers remove from text they bring in):
# control characters, line separators, bidirectional overrides, the byte order mark; and, only
# reachable through a double-quoted escape, lone surrogates (no UTF-8 page can hold them) and
# noncharacters (U+FFFE, U+FDD0...: refused by the YAML front matter of a page)
_NONCHARACTERS = "\ufdd0-\ufdef\ufffe\uffff" + "".join(f"{chr(plane * 0x10000 + 0xFFFE)}{chr(plane * 0x10000 + 0xFFFF)}" for plane in range(1, 17))
FORBIDDEN_CHARS = re.compile(f"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff\ud800-\udfff{_NONCHARACTERS}]")


def _line_col_of(text: str, index: int) -> tuple[int, int]:
    line_start = text.rfind("\n", 0, index) + 1
    return text.count("\n", 0, index) + 1, index - line_start + 1


_PRINTABLE_ASCII = bytes(range(0x20, 0x7F)) + b"\n\t"  # (a tab is refused below, with its own message)


def _char_name(ch: str) -> str:
    return {"\x00": "a NUL byte", "\t": "a tab", "\r": "a carriage return", "\ufeff": "a byte order mark"}.get(
        ch, f"the control character U+{ord(ch):04X}"
    )


def text_of(raw: bytes) -> str:
    """UTF-8 bytes to text, unchecked: a leading BOM is dropped; CRLF line ends become LF.
    Raises UnicodeDecodeError; `decode` is the checked way in."""
    text = raw.decode("utf-8")
    if text.startswith("\ufeff"):
        text = text[1:]
    return text.replace("\r\n", "\n")


def decode(raw: bytes) -> str:
    """`text_of`, refusing invalid UTF-8 and characters no content file may hold."""
    try:
        text = text_of(raw)
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        line_start = raw.rfind(b"\n", 0, exc.start) + 1
        col = len(raw[line_start : exc.start].decode("utf-8", errors="replace")) + 1
        raise LoadError(line, col, "encoding", f"invalid UTF-8 (byte 0x{raw[exc.start]:02X}); save the file as UTF-8") from None
    tab = text.find("\t")
    # most files are printable ASCII, which `translate` tells in one pass of C (the class of
    # forbidden characters costs the regular expression ten times more per character)
    plain = raw.isascii() and not raw.translate(None, _PRINTABLE_ASCII)
    bad = None if plain else FORBIDDEN_CHARS.search(text)
    if bad is not None and (tab < 0 or bad.start() < tab):
        line, col = _line_col_of(text, bad.start())
        code = "nul-byte" if bad.group() == "\x00" else "control-character"
        raise LoadError(line, col, code, f"{_char_name(bad.group())} is not allowed in a content file")
    if tab >= 0:
        line, col = _line_col_of(text, tab)
        raise LoadError(line, col, "tab", "tab character; indent and separate with spaces")
    return text


# -- scalars -------------------------------------------------------------------------------

_NULL = frozenset(["", "~", "null", "Null", "NULL"])
_TRUE = frozenset(["true", "True", "TRUE"])
_FALSE = frozenset(["false", "False", "FALSE"])
_YAML11_BOOL = frozenset(["y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF"])
_INT = re.compile(r"[-+]?(0|[1-9][0-9]*)")
_DECIMAL = re.compile(r"[-+]?[0-9]+\.[0-9]+")
# what YAML 1.1 (PyYAML's resolver) or YAML 1.2 (core schema) would read as a number
_NUMBERISH = re.compile(
    r"[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|0o[0-7]+"
    r"|[-+]?[1-9][0-9_]*(:[0-5]?[0-9])+"
    r"|[-+]?[0-9][0-9_]*\.[0-9_]*([eE][-+][0-9]+)?|\.[0-9_]+([eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+\.[0-9_]*"
    r"|[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?"
)
_SPECIAL_FLOAT = re.compile(r"[-+]?\.(inf|Inf|INF)|\.(nan|NaN|NAN)")
_TIMESTAMP = re.compile(r"[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}([Tt ].*)?")
_MAYBE_SPECIAL = frozenset("-+.0123456789~nNtTfFyYoO")
_NUMBER_STARTS = frozenset("-+.0123456789")  # how every pattern below begins


def resolve_plain(value: str, line: int, col: int) -> Any:
    """The JSON value of an unquoted scalar, refusing what YAML 1.1 and 1.2 read differently."""
    if value and value[0] not in _MAYBE_SPECIAL:
        return value
    if value in _NULL:
        return None
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    if value in _YAML11_BOOL:
        raise LoadError(
            line, col, "ambiguous-boolean",
            f"`{value}` is a boolean to some YAML readers and a string to others; write true or false, or quote it (\"{value}\")",
        )
    if value[0] not in _NUMBER_STARTS:  # a word (`fear`, `no retreat`): no number, date or float starts so
        return value
    if _INT.fullmatch(value):
        if len(value.lstrip("+-")) > MAX_INT_DIGITS:
            raise LoadError(line, col, "number-too-large", f"number with more than {MAX_INT_DIGITS} digits")
        return int(value)
    if _DECIMAL.fullmatch(value):
        return float(value)
    if _TIMESTAMP.fullmatch(value):
        raise LoadError(line, col, "timestamp", f"`{value}` would be read as a date; quote it (\"{value}\")")
    if _SPECIAL_FLOAT.fullmatch(value):
        raise LoadError(line, col, "not-json", f"`{value}` (infinity or not-a-number) is not a JSON value")
    if _NUMBERISH.fullmatch(value):
        raise LoadError(
            line, col, "ambiguous-number",
            f"`{value}` is read as a different number by different YAML versions (octal, hex, sexagesimal, exponent "
            f"or digit separators); write a plain decimal number, or quote it (\"{value}\")",
        )
    return value


# -- events to values ----------------------------------------------------------------------


def _scalar_value(value: str, style: str, line: int, col: int) -> Any:
    """A scalar's JSON value. Quoted and block scalars are strings; only a double-quoted one
    can hold an escape, so only it can bring in a character the raw text was checked for."""
    if not style:
        return resolve_plain(value, line, col)
    if style == '"' and FORBIDDEN_CHARS.search(value):
        raise LoadError(line, col, "control-character", "a control character (from an escape) is not allowed in a string")
    return value


def _add_key(key: str, style: str, line: int, col: int, first_lines: dict[str, int]) -> None:
    """Record a mapping key, refusing a repeated one (and control characters from escapes)."""
    if style == '"' and FORBIDDEN_CHARS.search(key):
        raise LoadError(line, col, "control-character", "a control character is not allowed in a key")
    if key in first_lines:
        raise LoadError(line, col, "duplicate-key", f"duplicate key `{key}` (first defined at line {first_lines[key]})")
    first_lines[key] = line


def _complex_key(line: int, col: int) -> LoadError:
    return LoadError(line, col, "complex-key", "mapping keys must be plain strings, not lists or mappings")


def _too_deep(line: int, col: int) -> LoadError:
    return LoadError(line, col, "too-deep", f"nested more than {MAX_DEPTH} levels deep")


class _Frame:
    __slots__ = ("container", "keys", "path", "pending_key")

    def __init__(self, container: Any, path: JsonPath) -> None:
        self.container = container
        self.path = path
        self.pending_key: str | None = None
        self.keys: dict[str, int] = {}


def _pos(event: Any) -> tuple[int, int]:
    mark = event.start_mark
    return mark.line + 1, mark.column + 1


def _refuse_anchor_and_tag(event: Any) -> None:
    if isinstance(event, ev.AliasEvent):
        raise LoadError(*_pos(event), "alias", f"alias `*{event.anchor}`: anchors and aliases are not allowed; write the value out")
    anchor = getattr(event, "anchor", None)
    if anchor is not None:
        raise LoadError(*_pos(event), "anchor", f"anchor `&{anchor}`: anchors and aliases are not allowed; write the value out")
    tag = getattr(event, "tag", None)
    if tag is not None:
        shown = "!!" + tag[len("tag:yaml.org,2002:") :] if tag.startswith("tag:yaml.org,2002:") else tag
        raise LoadError(*_pos(event), "tag", f"tag `{shown}`: YAML tags are not allowed; content is plain data")


def _build(parser: Any) -> tuple[Any, dict[JsonPath, Span], dict[JsonPath, Span], bool]:
    """Turn the event stream into a value; returns (value, spans, key_spans, had_document)."""
    spans: dict[JsonPath, Span] = {}
    key_spans: dict[JsonPath, Span] = {}
    stack: list[_Frame] = []
    root: Any = None
    documents = 0
    while True:
        event = parser.get_event()
        kind = type(event)
        if kind is ev.ScalarEvent or kind is ev.MappingStartEvent or kind is ev.SequenceStartEvent or kind is ev.AliasEvent:
            _refuse_anchor_and_tag(event)
            frame = stack[-1] if stack else None
            mark = event.start_mark
            line, col = mark.line + 1, mark.column + 1
            if frame is not None and type(frame.container) is dict and frame.pending_key is None:
                # a mapping key
                if kind is not ev.ScalarEvent:
                    raise _complex_key(line, col)
                key = event.value
                _add_key(key, event.style or "", line, col, frame.keys)
                frame.pending_key = key
                key_spans[frame.path + (key,)] = Span(line, col, mark.index, event.style or "")
                continue
            if frame is None:
                path: JsonPath = ()
            elif type(frame.container) is dict:
                path = frame.path + (frame.pending_key,)  # type: ignore[operator]
            else:
                path = frame.path + (len(frame.container),)
            if kind is ev.ScalarEvent:
                style = event.style or ""
                value: Any = _scalar_value(event.value, style, line, col)
                spans[path] = Span(line, col, mark.index, style)
            else:
                if len(stack) >= MAX_DEPTH:
                    raise _too_deep(line, col)
                value = {} if kind is ev.MappingStartEvent else []
                spans[path] = Span(line, col, mark.index, "{" if kind is ev.MappingStartEvent else "[")
            if frame is None:
                root = value
            elif type(frame.container) is dict:
                frame.container[frame.pending_key] = value
                frame.pending_key = None
            else:
                frame.container.append(value)
            if kind is not ev.ScalarEvent:
                stack.append(_Frame(value, path))
        elif kind is ev.MappingEndEvent or kind is ev.SequenceEndEvent:
            stack.pop()
        elif kind is ev.DocumentStartEvent:
            documents += 1
            if documents > 1:
                raise LoadError(*_pos(event), "multiple-documents", "a content file holds one YAML document; remove the second `---`")
        elif kind is ev.StreamEndEvent:
            return root, spans, key_spans, documents > 0


# -- the fast path: libyaml composes the tree in C, Python only converts it --------------------

# Anything that could be an anchor, an alias or a tag sends a file down the event path, which
# reports those precisely; files without (nearly all of them) are composed in C. Markdown's
# emphasis (`*word*`, `**bold**`) looks like an alias, so the lines of block scalars (`text: |`)
# are not looked at: their words are text whatever they hold.
#
# An anchor, alias or tag is `&`, `*` or `!` at the start of a line or after a space, `[`,
# `{` or `,`, followed by its name. The pattern starts with the character, so the regular
# expression engine skips to each of those in C; what comes before is looked behind at (the
# two characters ending at it: none or one at the start of the text, which counts as a line's
# start). A `%` starting a line is a directive.
_MAYBE_SPECIAL_MARK = re.compile(r"[&*!](?<![^\s\[{,][&*!])[^\s,\[\]{}]")


def _maybe_special(text: str) -> bool:
    """Whether some anchor, alias, tag or directive may start in the text."""
    return _MAYBE_SPECIAL_MARK.search(text) is not None or text.startswith("%") or "\n%" in text


# a line whose last thing is a block scalar's indicator (`|`, `>-`, `|2`), with no `#` before it
# (a comment's words prove nothing, so such a line is looked at as structure)
_OPENS_BLOCK = re.compile(r"[^#]*?(?:^|[\s:])[|>][-+0-9]*\s*")
_ITEM_MARKS = re.compile(r"(?:-\s+)*")  # the `- ` of sequence items a line's node stands after


def _plain_data_only(text: str) -> bool:
    """True when the text cannot hold an anchor, alias, tag or directive (a cheap test first)."""
    if "&" not in text and "*" not in text and "!" not in text and "%" not in text:
        return True
    if not _maybe_special(text):
        return True
    block = -1  # while in a block scalar: the column its content is deeper than
    for line in text.split("\n"):
        stripped = line.lstrip(" ")
        indent = len(line) - len(stripped)
        if block >= 0:
            if not stripped or indent > block:
                continue  # a line of the block scalar's text
            block = -1
        if _maybe_special(line):
            return False
        if _OPENS_BLOCK.fullmatch(line):
            block = indent + _ITEM_MARKS.match(stripped).end()  # type: ignore[union-attr]
    return True


_IMPLICIT = "tag:rulesref,implicit"

if hasattr(_Parser, "get_single_node"):

    class _Composer(_Parser):
        """libyaml's composer with a resolver that decides nothing: this module resolves values."""

        def descend_resolver(self, *args: Any) -> None:
            pass

        def ascend_resolver(self, *args: Any) -> None:
            pass

        def resolve(self, *args: Any) -> str:
            return _IMPLICIT

else:  # pragma: no cover - no libyaml
    _Composer = None  # type: ignore[assignment,misc]


def _convert(root: Any, positions: bool = True, escapes: bool = True) -> tuple[Any, dict[JsonPath, Span], dict[JsonPath, Span]]:
    """Plain values and spans from a composed node tree (no anchors, aliases or tags in it).
    Without `positions`, only the spans of the top-level keys and values are kept (what
    `Document._top` holds): the rest are found again from the text if a problem asks.
    Without `escapes` (a text with no backslash), no double-quoted scalar holds an escape,
    so none can bring in a character the text was checked for."""
    spans: dict[JsonPath, Span] = {}
    key_spans: dict[JsonPath, Span] = {}
    holder: list[Any] = [None]
    # (node, path, container, slot, depth)
    stack: list[tuple[Any, JsonPath, Any, Any, int]] = [(root, (), holder, 0, 0)]
    while stack:
        node, path, container, slot, depth = stack.pop()
        mark = node.start_mark
        line, col = mark.line + 1, mark.column + 1
        if node.tag != _IMPLICIT:
            raise LoadError(line, col, "tag", "YAML tags are not allowed; content is plain data")
        kind = node.__class__
        placed = positions or depth <= 1
        if kind is ScalarNode:
            style = node.style or ""
            value: Any = _scalar_value(node.value, style, line, col) if not style or escapes else node.value
            if placed:
                spans[path] = Span(line, col, mark.index, style)
        elif depth >= MAX_DEPTH:
            raise _too_deep(line, col)
        elif kind is MappingNode:
            value = {}
            if placed:
                spans[path] = Span(line, col, mark.index, "{")
            keyed = positions or depth == 0  # its keys' places (and its values' paths) are kept
            first_line: dict[str, int] = {}
            for key_node, _ in node.value:
                key_mark = key_node.start_mark
                k_line, k_col = key_mark.line + 1, key_mark.column + 1
                if key_node.__class__ is not ScalarNode:
                    raise _complex_key(k_line, k_col)
                if key_node.tag != _IMPLICIT:
                    raise LoadError(k_line, k_col, "tag", "YAML tags are not allowed; content is plain data")
                key = key_node.value
                _add_key(key, key_node.style or "", k_line, k_col, first_line)
                if keyed:
                    key_spans[(*path, key)] = Span(k_line, k_col, key_mark.index, key_node.style or "")
                value[key] = None
            # push in reverse so that values convert (and errors surface) in document order
            for key_node, item in reversed(node.value):
                stack.append((item, (*path, key_node.value) if keyed else path, value, key_node.value, depth + 1))
        else:
            value = [None] * len(node.value)
            if placed:
                spans[path] = Span(line, col, mark.index, "[")
            for index in range(len(node.value) - 1, -1, -1):
                stack.append((node.value[index], (*path, index) if positions or depth == 0 else path, value, index, depth + 1))
        container[slot] = value
    return holder[0], spans, key_spans


def _compose(text: str, positions: bool) -> tuple[Any, dict[JsonPath, Span], dict[JsonPath, Span], bool]:
    composer = _Composer(text)
    try:
        root = composer.get_single_node()
    except yaml.composer.ComposerError as exc:
        if "single document" in str(exc.context or ""):
            mark = exc.problem_mark
            line, col = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
            raise LoadError(line, col, "multiple-documents", "a content file holds one YAML document; remove the second `---`") from None
        raise
    finally:
        composer.dispose()
    if root is None:
        return None, {}, {}, False
    value, spans, key_spans = _convert(root, positions, "\\" in text)
    return value, spans, key_spans, True


def _only_comments(text: str) -> bool:
    """True when every line is blank, a comment or a document marker."""
    for line in text.split("\n"):
        line = line.strip()
        if line and not line.startswith("#") and line not in ("---", "..."):
            return False
    return True


def parse_text(text: str, path: str, *, positions: bool = True) -> Document:
    """Parse decoded text; raises LoadError for anything that is not plain JSON-shaped data.

    Without `positions`, the document keeps the places of its top-level keys and values only
    (as one rebuilt from the load cache does): a clean file's other places are never asked
    for, and a problem that asks finds them by parsing the text again. The span of every
    value is most of a loaded document's weight."""
    fast = _Composer is not None and _plain_data_only(text)
    parser = None if fast else _Parser(text)
    try:
        root, spans, key_spans, had_document = _compose(text, positions) if fast else _build(parser)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
        problem = exc.problem or "invalid YAML"
        if exc.context and exc.problem:
            problem = f"{problem} ({exc.context})"
        raise LoadError(line, col, "yaml-syntax", f"invalid YAML: {problem}") from None
    except yaml.YAMLError as exc:
        raise LoadError(1, 1, "yaml-syntax", f"invalid YAML: {exc}") from None
    finally:
        if parser is not None:
            parser.dispose()
    if not had_document or (root is None and _only_comments(text)):
        raise LoadError(1, 1, "empty-file", "the file is empty (or only comments); it must hold a mapping")
    if not isinstance(root, dict):
        span = spans.get((), Span(1, 1, 0, ""))
        got = "a list" if isinstance(root, list) else "null" if root is None else f"the {type(root).__name__} {excerpt(repr(root))}"
        raise LoadError(span.line, span.col, "not-a-mapping", f"the top level must be a mapping of keys to values, not {got}")
    if not positions:
        return Document(path=path, data=root, text=text, _top=_top_of(spans, key_spans))
    return Document(path=path, data=root, text=text, _spans=spans, _key_spans=key_spans)


def _top_of(spans: dict[JsonPath, Span], key_spans: dict[JsonPath, Span]) -> dict[str, tuple[Span, Span]]:
    """Each top-level key's (key span, value span), from a document's spans."""
    return {str(path[0]): (key_spans[path], span) for path, span in spans.items() if len(path) == 1 and path in key_spans}


def load_bytes(raw: bytes, path: str) -> Document:
    """Check and parse a file's bytes: the document keeps its top-level places only."""
    if len(raw) > MAX_FILE_BYTES:
        raise LoadError(1, 1, "file-too-large", f"file is {len(raw)} bytes; the limit is {MAX_FILE_BYTES}")
    return parse_text(decode(raw), path, positions=False)


def _real(path: str, real_dirs: dict[str, str] | None) -> str:
    """`os.path.realpath`; with `real_dirs` (one run's memo of resolved folders), a path that
    is not itself a link is its resolved folder plus its name, each folder resolved once."""
    if real_dirs is None or os.path.islink(path):
        return os.path.realpath(path)
    folder, name = os.path.split(os.path.abspath(path))
    return os.path.join(_real_folder(folder, real_dirs), name)


def _real_folder(folder: str, real_dirs: dict[str, str]) -> str:
    real = real_dirs.get(folder)
    if real is None:
        real = real_dirs[folder] = os.path.realpath(folder)
    return real


def _beyond(real: str, home: str) -> bool:
    """Whether a resolved path lies outside the resolved folder `home`."""
    return real != home and not real.startswith(home if home.endswith(os.sep) else home + os.sep)


def outside_content(fs_path: str | os.PathLike[str], root: Path, real_dirs: dict[str, str] | None = None) -> bool:
    """Whether the file, its links followed, lies outside `root` (the content folder)."""
    real = _real(os.fspath(fs_path), real_dirs)
    home = os.path.realpath(root) if real_dirs is None else _real_folder(os.fspath(root), real_dirs)
    return _beyond(real, home)


def folder_outside_content(folder: str, root: str, real_dirs: dict[str, str]) -> bool:
    """`outside_content` for a file known not to be a link itself: whether its folder (an
    absolute path) resolves outside `root`. One lookup per file once the folder is known."""
    return _beyond(_real_folder(folder, real_dirs), _real_folder(root, real_dirs))


def read_file(
    fs_path: str | os.PathLike[str], display: str, *, root: Path | None = None, real_dirs: dict[str, str] | None = None
) -> tuple[bytes | None, list[Problem]]:
    """The bytes of one file, or None and the one problem that stopped reading it.

    With `root` (the content folder), a file whose symbolic links lead outside it is refused
    unread: content is what the folder holds, not what a link in it points at. A run that
    reads many files passes one `real_dirs` memo so that each folder is resolved once."""
    try:
        if root is not None and outside_content(fs_path, root, real_dirs):
            raise LoadError(1, 1, "outside-content", "a symbolic link to a file outside the content folder; content files must lie inside it")
        info = os.stat(fs_path)
        if not stat.S_ISREG(info.st_mode):
            raise LoadError(1, 1, "not-a-file", "not a regular file")
        if info.st_size > MAX_FILE_BYTES:  # checked before reading or parsing anything
            raise LoadError(1, 1, "file-too-large", f"file is {info.st_size} bytes; the limit is {MAX_FILE_BYTES}")
        with open(fs_path, "rb") as handle:
            # as many bytes as the status said and one more: a buffer of the limit's size for
            # each file cost more than reading it; a file still growing is read on, to the limit
            raw = handle.read(info.st_size + 1)
            if len(raw) > info.st_size:
                raw += handle.read(MAX_FILE_BYTES + 1 - len(raw))
            return raw, []
    except LoadError as exc:
        return None, [Problem(display, exc.line, exc.col, exc.code, exc.message)]
    except OSError as exc:
        return None, [Problem(display, 1, 1, "io-error", f"cannot read the file: {exc.strerror or exc}")]


def load_read(raw: bytes, display: str) -> tuple[Document | None, list[Problem]]:
    """Parse bytes read by `read_file`; returns the document, or None and the problem."""
    try:
        return load_bytes(raw, display), []
    except LoadError as exc:
        return None, [Problem(display, exc.line, exc.col, exc.code, exc.message)]


def load_file(fs_path: str | os.PathLike[str], display: str, *, root: Path | None = None) -> tuple[Document | None, list[Problem]]:
    """Load one file from disk (`read_file`, then parse); returns the document, or None and
    the one problem that stopped it."""
    raw, problems = read_file(fs_path, display, root=root)
    return (None, problems) if raw is None else load_read(raw, display)
