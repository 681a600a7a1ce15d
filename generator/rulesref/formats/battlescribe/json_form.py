"""BattleScribe's schema written as JSON (`*.json` game systems and catalogues), read as the
same element tree the XML gives, so that every later phase reads one form.

Newer BSData repositories keep their data as JSON: `{"catalogue": {...}}` whose keys are the
XML's attributes (`"name": "Orks"`), its plural wrappers as lists (`"sharedRules": [{...}]`
is `<sharedRules><rule .../></sharedRules>`), and its text as `description`, `readme`,
`comment` or `$text`. Numbers and booleans become the attribute strings the XML writes.

The JSON is as hostile as the XML: its size is checked before it is parsed, nesting deeper
than any BattleScribe file is refused, and a key written twice in one object is refused
(the parser would keep the last silently). Each element gets the line of the `{` that opens
it: the objects of a JSON text are parsed in the order their braces stand, so walking the
parsed objects in that order pairs each with its brace.
"""

from __future__ import annotations

import bisect
import json
import re
from typing import Any
from xml.etree.ElementTree import Element

MAX_DEPTH = 200
ROOT_KEYS = {"gameSystem": "gst", "catalogue": "cat", "roster": "ros"}
TEXT_KEYS = ("description", "readme", "comment")  # written as child elements in the XML
# A string (skipped whole), an opening brace, or a line break: what the line count needs.
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|\{')


class JsonFormError(ValueError):
    """A JSON text that is no BattleScribe data: `line` is where it shows."""

    def __init__(self, line: int, message: str, *, foreign: bool = False) -> None:
        super().__init__(message)
        self.line, self.message, self.foreign = line, message, foreign


def item_tag(wrapper: str) -> str:
    """The element a plural wrapper holds: `sharedSelectionEntries` -> `selectionEntry`,
    `entryLinks` -> `entryLink`, `repeats` -> `repeat`."""
    name = wrapper[len("shared") :] if wrapper.startswith("shared") and len(wrapper) > 6 and wrapper[6].isupper() else wrapper
    name = name[:1].lower() + name[1:]
    if name.endswith("ies"):
        return name[:-3] + "y"
    return name[:-1] if name.endswith("s") else name


def _attribute(value: Any) -> str:
    if value is True:
        return "true"
    if value is False:
        return "false"
    return str(value)


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise _Duplicate(key)
        found[key] = value
    return found


class _Duplicate(Exception):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


class _Lines:
    """The line of each object's opening brace, in the order the braces stand."""

    def __init__(self, text: str) -> None:
        breaks = [m.start() for m in re.finditer("\n", text)]
        self.lines = [bisect.bisect(breaks, m.start()) + 1 for m in _TOKENS.finditer(text) if m.group() == "{"]
        self.next = 0

    def take(self) -> int:
        line = self.lines[self.next] if self.next < len(self.lines) else 1
        self.next += 1
        return line


def parse_json(text: str) -> tuple[str, Element, dict[int, int]]:
    """The kind (`gst`, `cat`, `ros`), the root element and the line of every element of a
    BattleScribe JSON text; raises JsonFormError."""
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates)
    except json.JSONDecodeError as exc:
        raise JsonFormError(exc.lineno, f"malformed JSON: {exc.msg}") from None
    except _Duplicate as exc:
        raise JsonFormError(1, f"the key {json.dumps(exc.key)} is written twice in one object") from None
    except RecursionError:
        raise JsonFormError(1, f"refused: objects nest more than {MAX_DEPTH} deep") from None
    if not isinstance(data, dict) or len(data) != 1 or next(iter(data)) not in ROOT_KEYS or not isinstance(next(iter(data.values())), dict):
        raise JsonFormError(1, "not BattleScribe data: the text is not one object holding `gameSystem`, `catalogue` or `roster`", foreign=True)
    key, body = next(iter(data.items()))
    lines = _Lines(text)
    lines.take()  # the outer object's brace
    numbers: dict[int, int] = {}
    root = _element(key, body, lines, numbers, 1)
    return ROOT_KEYS[key], root, numbers


def _element(tag: str, body: dict[str, Any], lines: _Lines, numbers: dict[int, int], depth: int) -> Element:
    if depth > MAX_DEPTH:
        raise JsonFormError(lines.take(), f"refused: objects nest more than {MAX_DEPTH} deep")
    element = Element(tag)
    numbers[id(element)] = lines.take()
    for key, value in body.items():
        if isinstance(value, list):
            wrapper = Element(key)
            numbers[id(wrapper)] = numbers[id(element)]
            inner = item_tag(key)
            for item in value:
                if isinstance(item, dict):
                    wrapper.append(_element(inner, item, lines, numbers, depth + 1))
                elif item is not None and not isinstance(item, list):
                    child = Element(key)
                    child.text = _attribute(item)
                    element.append(child)
            if len(wrapper):
                element.append(wrapper)
        elif isinstance(value, dict):
            element.append(_element(key, value, lines, numbers, depth + 1))
        elif key == "$text":
            element.text = _attribute(value)
        elif key in TEXT_KEYS and isinstance(value, str):
            child = Element(key)
            child.text = value
            numbers[id(child)] = numbers[id(element)]
            element.append(child)
        elif value is not None:
            element.set(key, _attribute(value))
    return element
