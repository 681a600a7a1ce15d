"""Finding BattleScribe files and parsing them safely.

The data comes from anywhere a user downloaded it, so the XML is treated as hostile: the
parser is defusedxml's (expat underneath), which refuses document type declarations, entity
declarations and external references before anything is expanded or fetched, so billion
laughs, external entities and network access are impossible. Sizes are checked before
parsing, for plain files and for members of zipped files (`.gstz`, `.catz`) alike, so a zip
bomb is refused from its header and from what it actually inflates to.
"""

from __future__ import annotations

import os
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree.ElementTree import Element, ParseError

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import DefusedXMLParser

from rulesref.errors import UsageError
from rulesref.formats.battlescribe.json_form import JsonFormError, parse_json
from rulesref.formats.battlescribe.old_form import as_current, is_old

MAX_XML_BYTES = 64 * 1024 * 1024
MAX_ZIP_BYTES = 64 * 1024 * 1024
MAX_DEPTH = 200
XML_SUFFIXES = {".gst": "gst", ".cat": "cat"}
ZIP_SUFFIXES = {".gstz": "gst", ".catz": "cat"}
JSON_SUFFIX = ".json"  # the same schema written as JSON: its kind is its root key
SUFFIXES = (*XML_SUFFIXES, *ZIP_SUFFIXES, JSON_SUFFIX)
SHOWN_SUFFIXES = ".gst, .cat, .gstz, .catz or .json"
ROOTS = {"gst": "gameSystem", "cat": "catalogue", "ros": "roster"}  # each kind's root element (a roster is read by `rulesref roster`)


class SourceError(Exception):
    """A source that cannot be imported: named with its file and line."""

    def __init__(self, path: str, line: int, message: str, *, foreign: bool = False) -> None:
        super().__init__(f"{path}:{line}: {message}")
        self.path, self.line, self.message = path, line, message
        self.foreign = foreign  # JSON of another kind than BattleScribe's: a folder may hold it beside the data


@dataclass
class XmlFile:
    """One parsed BattleScribe file: its root element and the line each element starts on."""

    path: str  # as shown to the user
    name: str  # the file name, recorded as an entry's origin
    kind: str  # "gst" or "cat"
    root: Element
    lines: dict[int, int] = field(repr=False)

    def line(self, element: Element) -> int:
        return self.lines.get(id(element), 1)


def parse_json_file(data: bytes, path: str, name: str) -> XmlFile:
    """One BattleScribe JSON file's bytes as the element tree its XML would give
    (`json_form`); raises SourceError with the line of the fault."""
    if len(data) > MAX_XML_BYTES:
        raise SourceError(path, 1, f"the file is {len(data)} bytes; the limit is {MAX_XML_BYTES}")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SourceError(path, data[: exc.start].count(b"\n") + 1, "not UTF-8 text") from None
    try:
        kind, root, lines = parse_json(text)
    except JsonFormError as exc:
        raise SourceError(path, exc.line, exc.message, foreign=exc.foreign) from None
    return XmlFile(path, name, kind, root, lines)


class _TooDeep(Exception):
    """Raised from inside the parser when elements nest deeper than any BattleScribe file does."""


class _LineRecordingParser(DefusedXMLParser):
    """defusedxml's parser (no DTDs, no entities, no external references) that also notes
    the line every element starts on, so skipped elements can be named as file:line."""

    def __init__(self) -> None:
        super().__init__(forbid_dtd=True, forbid_entities=True, forbid_external=True)
        self.lines: dict[int, int] = {}
        self.depth = 0

    def _start(self, tag: str, attr_list: list[str]) -> Element:
        self.depth += 1
        if self.depth > MAX_DEPTH:  # every later walk of the tree stays far from Python's recursion limit
            raise _TooDeep()
        # elements are named without their namespace (`rule`, not `{http://...}rule`): only
        # BattleScribe's own namespace is ever used, and every later lookup is cheaper
        element: Element = super()._start(tag.rpartition("}")[2], attr_list)  # type: ignore[misc]
        self.lines[id(element)] = self.parser.CurrentLineNumber
        return element

    def _end(self, tag: str) -> Element:
        self.depth -= 1
        ended: Element = super()._end(tag.rpartition("}")[2])  # type: ignore[misc]
        return ended

    def current_line(self) -> int:
        return int(self.parser.CurrentLineNumber)


def parse_xml(data: bytes, path: str, name: str, kind: str) -> XmlFile:
    """Parse one file's bytes; raises SourceError with the line of the first fault."""
    if len(data) > MAX_XML_BYTES:
        raise SourceError(path, 1, f"the file is {len(data)} bytes; the limit is {MAX_XML_BYTES}")
    parser = _LineRecordingParser()
    try:
        parser.feed(data)
        root: Element = parser.close()
    except DefusedXmlException as exc:
        what = type(exc).__name__.replace("Forbidden", "").lower()
        reason = {"dtd": "a document type declaration", "entities": "an entity declaration", "externalreference": "an external reference"}
        raise SourceError(path, parser.current_line(), f"refused: the XML holds {reason.get(what, what)}, which BattleScribe data never needs") from None
    except _TooDeep:
        raise SourceError(path, parser.current_line(), f"refused: elements nest more than {MAX_DEPTH} deep") from None
    except ParseError as exc:
        line = exc.position[0] if exc.position else 1
        raise SourceError(path, line, f"malformed XML: {exc.msg if hasattr(exc, 'msg') else exc}") from None
    local = root.tag
    expected = ROOTS[kind]
    if local != expected:
        raise SourceError(path, parser.lines.get(id(root), 1), f"not a BattleScribe {'roster' if kind == 'ros' else kind + ' file'}: the root element is <{local}>, not <{expected}>")
    if kind in ("gst", "cat") and is_old(root):
        as_current(root, parser.lines)
    return XmlFile(path, name, kind, root, parser.lines)


def _read_plain(path: Path, shown: str) -> bytes:
    size = path.stat().st_size
    if size > MAX_XML_BYTES:
        raise SourceError(shown, 1, f"the file is {size} bytes; the limit is {MAX_XML_BYTES}")
    return path.read_bytes()


def _read_zipped(path: Path, shown: str, kind: str) -> tuple[bytes, str]:
    """The one BattleScribe file inside a `.gstz`/`.catz`, and its name."""
    if path.stat().st_size > MAX_ZIP_BYTES:
        raise SourceError(shown, 1, f"the zipped file is {path.stat().st_size} bytes; the limit is {MAX_ZIP_BYTES}")
    try:
        with zipfile.ZipFile(path) as archive:
            members = [i for i in archive.infolist() if not i.is_dir()]
            wanted = [i for i in members if i.filename.lower().endswith("." + kind)]
            if len(wanted) != 1:
                raise SourceError(shown, 1, f"a .{kind}z file holds exactly one .{kind} file; this one holds {len(wanted)}")
            info = wanted[0]
            if info.file_size > MAX_XML_BYTES:
                raise SourceError(shown, 1, f"`{info.filename}` inflates to {info.file_size} bytes; the limit is {MAX_XML_BYTES}")
            with archive.open(info) as member:
                data = member.read(MAX_XML_BYTES + 1)  # the header may lie: read no more than the limit
            if len(data) > MAX_XML_BYTES:
                raise SourceError(shown, 1, f"`{info.filename}` inflates to more than {MAX_XML_BYTES} bytes")
            return data, os.path.basename(info.filename)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, RuntimeError) as exc:
        raise SourceError(shown, 1, f"not a readable zip file: {exc}") from None


def source_files(sources: list[str]) -> list[tuple[Path, str]]:
    """Every BattleScribe file the sources name (files, or folders walked in sorted order),
    with how each is shown. A source that is missing or holds no BattleScribe file is a wrong
    argument (UsageError, exit 2, as for `validate`), not a fault of the data."""
    found: list[tuple[Path, str]] = []
    for source in sources:
        path = Path(source)
        if path.is_dir():
            inside = sorted(p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in SUFFIXES and ".git" not in p.parts)
            if not inside:
                raise UsageError(f"no BattleScribe file ({SHOWN_SUFFIXES}) in {source}")
            found += [(p, p.as_posix()) for p in inside]
        elif path.is_file():
            if path.suffix.lower() not in SUFFIXES:
                raise UsageError(f"not a BattleScribe file ({SHOWN_SUFFIXES}): {source}")
            found.append((path, path.as_posix()))
        else:
            raise UsageError(f"no such file or folder: {source}")
    return found


def read_file(path: Path, shown: str) -> XmlFile:
    """A game system or catalogue (or, from JSON, a roster: the caller tells them apart)."""
    suffix = path.suffix.lower()
    if suffix == JSON_SUFFIX:
        try:
            return parse_json_file(_read_plain(path, shown), shown, path.name)
        except OSError as exc:
            raise SourceError(shown, 1, f"cannot read the file: {exc.strerror or exc}") from None
    zipped = suffix in ZIP_SUFFIXES
    return read_xml(path, shown, ZIP_SUFFIXES[suffix] if zipped else XML_SUFFIXES[suffix], zipped=zipped)


def read_xml(path: Path, shown: str, kind: str, *, zipped: bool) -> XmlFile:
    """One file of a kind (`gst`, `cat`, `ros`), plain or zipped, read and parsed with every
    limit above; raises SourceError."""
    try:
        if zipped:
            data, name = _read_zipped(path, shown, kind)
            return parse_xml(data, f"{shown}!{name}", path.name, kind)
        return parse_xml(_read_plain(path, shown), shown, path.name, kind)
    except OSError as exc:
        raise SourceError(shown, 1, f"cannot read the file: {exc.strerror or exc}") from None
