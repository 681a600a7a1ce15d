"""The editor texts of the JSON Schemas, derived from their descriptions so they never drift.

Editors show a schema's `description` on hover and beside each completion. The YAML language
server (and VS Code's JSON support) escape a `description` before showing it, so the code
spans the descriptions are written with (`rule`, `{type: D6, count: n}`) would appear as
literal backquotes; they render Markdown only from `markdownDescription`. JSON Schema has no
way to say that a description is Markdown, so a description that holds any gets the same
words again as its `markdownDescription` (and so does one beside a `$ref`, which the
referenced schema's would otherwise override), and one kept by hand would drift from it.

So `description` is the one source, written by people, and every `markdownDescription` is
written from it by `python -m rulesref.support.schema_text --write` (`python3 tasks.py schemas`); a
test fails while any of them differs from what this module derives. Example values are kept
in the standard `examples` keyword beside the description, which the language server shows on
hover and offers as completions, so they are not repeated in the text.

The files are hand-formatted (one line per leaf property) and stay so: the rewrite works on
the text, putting each `markdownDescription` right after its `description` on the same line,
and touches nothing else.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

KEY = "markdownDescription"
CODE_SPAN = re.compile(r"`[^`]+`")
_SPECIAL = re.compile(r"([\\`*_\[\]<>#|])")  # what Markdown would read as markup outside a code span


def markdown_of(description: str, *, beside_ref: bool = False) -> str | None:
    """The `markdownDescription` a description needs: its words as Markdown, code spans kept
    and every other character Markdown would read as markup escaped. None for a description
    without code spans, which editors show the same either way, unless it stands beside a
    `$ref`: the language server merges the referenced schema in, and a `markdownDescription`
    there would win over this plain description (`when` would show what an expression is,
    not "The condition")."""
    if not CODE_SPAN.search(description) and not beside_ref:
        return None
    parts, at = [], 0
    for span in CODE_SPAN.finditer(description):
        parts += [_SPECIAL.sub(r"\\\1", description[at : span.start()]), span.group()]
        at = span.end()
    parts.append(_SPECIAL.sub(r"\\\1", description[at:]))
    return "".join(parts)


@dataclass(frozen=True)
class Member:
    """One `"key": value` of a JSON object in the text: where the member starts and where
    its value ends."""

    key: str
    start: int
    value_end: int


_WHITESPACE = re.compile(r"[ \t\n\r]*")
_SCALAR = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?|true|false|null")


class _Reader:
    """A JSON reader that keeps positions: for every object, its members in text order."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.objects: list[list[Member]] = []

    def _skip(self, at: int) -> int:
        match = _WHITESPACE.match(self.text, at)
        assert match is not None
        return match.end()

    def value(self, at: int) -> int:
        at = self._skip(at)
        char = self.text[at]
        if char == "{":
            return self._object(at)
        if char == "[":
            at = self._skip(at + 1)
            if self.text[at] == "]":
                return at + 1
            while True:
                at = self._skip(self.value(at))
                if self.text[at] == "]":
                    return at + 1
                at += 1  # the comma
        if char == '"':
            _, end = json.decoder.scanstring(self.text, at + 1)  # type: ignore[attr-defined]
            end_at: int = end
            return end_at
        match = _SCALAR.match(self.text, at)
        if match is None:
            raise ValueError(f"not JSON at character {at}")
        return match.end()

    def _object(self, at: int) -> int:
        members: list[Member] = []
        self.objects.append(members)
        at = self._skip(at + 1)
        if self.text[at] == "}":
            return at + 1
        while True:
            start = at
            key, at = json.decoder.scanstring(self.text, at + 1)  # type: ignore[attr-defined]
            at = self._skip(at) + 1  # the colon
            end = self.value(at)
            members.append(Member(key, start, end))
            at = self._skip(end)
            if self.text[at] == "}":
                return at + 1
            at = self._skip(at + 1)  # the comma


def objects(text: str) -> list[list[Member]]:
    """The members of every object of a JSON text, objects in the order they open."""
    reader = _Reader(text)
    reader.value(0)
    return reader.objects


INSTANCES = frozenset(("examples", "default", "const", "enum", "body"))  # keywords whose values are content, not schemas


def _schema_objects(node: object, inside_content: bool = False, parent: str = "") -> Iterator[bool]:
    """For every object of a parsed schema, in the order its text opens them: whether it is
    content (an example, a snippet's body...) rather than a schema or a snippet."""
    if isinstance(node, dict):
        yield inside_content
        for key, value in node.items():
            yield from _schema_objects(value, inside_content or (key in INSTANCES and parent != "properties"), key)
    elif isinstance(node, list):
        for value in node:
            yield from _schema_objects(value, inside_content, parent)


def derived(text: str) -> str:
    """`text` with every `markdownDescription` written from its object's `description`: an
    old one replaced or removed, a missing one put right after the description. Examples and
    snippet bodies are content, whose keys are left as they are."""
    edits: list[tuple[int, int, str]] = []  # (start, end, replacement), applied from the end
    for members, content in zip(objects(text), _schema_objects(json.loads(text)), strict=True):
        if content:
            continue
        by_key = {m.key: m for m in members}
        description = by_key.get("description")
        wanted = None
        if description is not None:
            value = json.loads(text[text.index(":", description.start + len('"description"')) + 1 : description.value_end])
            wanted = markdown_of(value, beside_ref="$ref" in by_key) if isinstance(value, str) else None
        old = by_key.get(KEY)
        if old is not None:  # removed with the comma before it (after it, when it comes first)
            index = members.index(old)
            if index:
                edits.append((members[index - 1].value_end, old.value_end, ""))
            else:
                edits.append((old.start, members[1].start if len(members) > 1 else old.value_end, ""))
        if wanted is not None and description is not None:
            edits.append((description.value_end, description.value_end, f", {json.dumps(KEY)}: {json.dumps(wanted, ensure_ascii=False)}"))
    for start, end, replacement in sorted(edits, key=lambda e: (e[0], e[1]), reverse=True):
        text = text[:start] + replacement + text[end:]
    json.loads(text)  # still JSON
    return text


def schema_files(folder: Path) -> Iterator[Path]:
    yield from sorted(folder.glob("*.schema.json"))


def main(argv: list[str]) -> int:
    """`--write` rewrites the schemas' derived parts (each `markdownDescription`, and the
    entry schema's branches for a misspelt kind, `schema_kinds`); `--check` lists the files
    whose derived parts differ (exit 1)."""
    from rulesref.support.schemas import schema_dir

    if argv not in (["--write"], ["--check"]):
        print("usage: python -m rulesref.support.schema_text --write|--check", file=sys.stderr)
        return 2
    from rulesref.support import schema_kinds

    stale = []
    for path in schema_files(schema_dir()):
        text = path.read_text(encoding="utf-8")
        new = schema_kinds.derived(derived(text))
        if new != text:
            stale.append(path)
            if argv == ["--write"]:
                path.write_text(new, encoding="utf-8")
    for path in stale:
        print(f"{path.name}: {'written' if argv == ['--write'] else 'a derived part differs (python3 tasks.py schemas)'}", file=sys.stderr)
    return 1 if stale and argv == ["--check"] else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
