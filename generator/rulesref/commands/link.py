"""`rulesref link`: find mentions of entry names that are not links yet, and make them links.

The same linker the importer uses (`rulesref.links.mentions`), run over validated content: every
entry's text and table results, against the names and aliases of its own system. `--write`
inserts `[[` and `]]` into the files at the positions the loader gives, then reads each
changed value back and writes the file only if the value is exactly the linked text (a
string style where positions cannot be trusted is left for a person).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from rulesref.links.mentions import Linker, Mention
from rulesref.model import Content, Entry, Where
from rulesref.problems import Problem
from rulesref.read.load import LoadError, parse_text
from rulesref.support.output import write_file_atomically


@dataclass(frozen=True)
class Unlinked:
    entry: Entry
    where: Where
    mention: Mention


def _linkers(content: Content) -> dict[str, Linker]:
    linkers = {}
    for system in content.systems:
        names = []
        for entry in content.entries_of(system.id):
            for name in (entry.name, *entry.aliases):
                if not (entry.params and name.endswith(")")):  # `Brutal (X)` is written with a value
                    names.append((name, entry.id))
        linkers[system.id] = Linker(names)
    return linkers


def _texts(entry: Entry) -> Iterator[tuple[Where, str]]:
    if entry.text:
        yield entry.where / "text", entry.text
    if entry.table:
        for row in entry.table.rows:
            yield row.where / "result", row.result


def unlinked(content: Content, paths: set[str] | None = None) -> list[Unlinked]:
    """Every unlinked first mention of another entry's name, in the files of `paths` (all
    files when None)."""
    linkers = _linkers(content)
    found: list[Unlinked] = []
    for entry in content.entries:
        if paths is not None and entry.where.doc.path not in paths:
            continue
        for where, text in _texts(entry):
            found += (Unlinked(entry, where, m) for m in linkers[entry.system].mentions(text, self_key=entry.id))
    return found


def as_problems(found: list[Unlinked]) -> list[Problem]:
    problems = []
    for item in found:
        line, col = item.where.doc.locate(item.where.path, item.mention.start)
        problems.append(
            Problem(item.where.doc.path, line, col, "unlinked-mention", f"`{item.mention.text}` names an entry; link it as {item.mention.link}", "warning")
        )
    return problems


def _offset(text: str, line: int, col: int) -> int:
    start = 0
    for _ in range(line - 1):
        start = text.index("\n", start) + 1
    return start + col - 1


def write_links(found: list[Unlinked], files: dict[str, Path]) -> tuple[list[Path], list[str]]:
    """Insert the links; returns the files written and the files left for a person."""
    by_file: dict[str, list[Unlinked]] = {}
    for item in found:
        by_file.setdefault(item.where.doc.path, []).append(item)
    written, left = [], []
    for shown, items in sorted(by_file.items()):
        doc = items[0].where.doc
        text = doc.text
        inserts = []
        expected: dict[tuple[str | int, ...], str] = {}
        for item in items:
            line, col = doc.locate(item.where.path, item.mention.start)
            start = _offset(text, line, col)
            inserts.append((start, start + len(item.mention.text), item.mention))
            expected.setdefault(item.where.path, doc.value(item.where.path))
        for item in sorted(items, key=lambda i: -i.mention.start):
            value = expected[item.where.path]
            expected[item.where.path] = value[: item.mention.start] + item.mention.link + value[item.mention.end :]
        new_text = text
        for start, end, mention in sorted(inserts, key=lambda i: -i[0]):
            if new_text[start:end] != mention.text:
                break
            new_text = new_text[:start] + mention.link + new_text[end:]
        else:
            try:
                check = parse_text(new_text, shown)
            except LoadError:
                check = None
            if check is not None and all(check.value(path) == value for path, value in expected.items()):
                target = files[shown]
                write_file_atomically(target, new_text.encode("utf-8"))
                written.append(target)
                continue
        left.append(shown)
    return written, left
