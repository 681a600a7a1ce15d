"""Reading a system's translation files: each loaded as safely as an entry file
(`rulesref.read.load`), checked against `translation.schema.json`, and made a `Translation`.

A file's locale is the folder it is in under `translations/`; a file there directly, or
outside every declared locale, is a problem of its own (`rulesref.translations.checks`
reports the rest). A run that records each file's state (`rulesref.validate.check`) gets
the translations' states too: an edit to a translation checks its system again.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rulesref.check.schema import schema_problems
from rulesref.model import Where
from rulesref.problems import Problem
from rulesref.read.cache import file_key
from rulesref.read.discover import TRANSLATIONS, SystemFolder, display_path
from rulesref.read.load import Document, load_read, read_file
from rulesref.read.unchanged import trusted_status
from rulesref.support.schemas import TRANSLATION
from rulesref.translations.model import TranslatedCheck, TranslatedRow, Translation

FileState = tuple[str, Any, str | None]  # as `rulesref.check.kept` records a file


def read_translations(
    folder: SystemFolder, cwd: str, shown: dict[str, Path], states: dict[str, FileState] | None, racy: int
) -> tuple[list[Translation], list[Problem]]:
    """The translations of one system folder that load and pass their schema, and the
    problems of those that do not. Each file's shown path goes into `shown`; with `states`,
    each file's state as it was read."""
    found: list[Translation] = []
    problems: list[Problem] = []
    top = folder.path / TRANSLATIONS
    for path in folder.translation_files:
        display = display_path(path, cwd)
        shown[display] = path
        status = trusted_status(str(path), racy) if states is not None else None
        raw, trouble = read_file(path, display, root=folder.path.parent)
        if states is not None:
            states[str(path)] = (str(path), status, None if raw is None else file_key(raw, display, folder.path.name))
        if raw is None:
            problems += trouble
            continue
        doc, trouble = load_read(raw, display)
        if doc is None:
            problems += trouble
            continue
        trouble = schema_problems(doc, TRANSLATION)
        if trouble:
            problems += trouble
            continue
        parts = path.relative_to(top).parts
        if len(parts) < 2:
            problems.append(Problem(display, 1, 1, "translation-place", f"a translation belongs in {TRANSLATIONS}/<locale>/ (for example {TRANSLATIONS}/fr/{path.name})"))
            continue
        found.append(translation_of(doc, folder.path.name, parts[0]))
    return found, problems


def translation_of(doc: Document, system: str, locale: str) -> Translation:
    """A schema-valid translation file as a `Translation`."""
    data: dict[str, Any] = doc.data
    where = Where(doc)
    table = data.get("table")
    rows = None
    if table is not None:
        rows = tuple(
            TranslatedRow(str(row["roll"]), row.get("title"), row["result"], where / "table" / "rows" / i) for i, row in enumerate(table["rows"])
        )
    checks = tuple(
        TranslatedCheck(
            name,
            check.get("summary"),
            tuple((input_name, summary, where / "checks" / name / "inputs" / input_name) for input_name, summary in (check.get("inputs") or {}).items()),
            where / "checks" / name,
        )
        for name, check in (data.get("checks") or {}).items()
    )
    return Translation(
        system=system,
        locale=locale,
        id=data["id"],
        translates=data["translates"],
        name=data.get("name"),
        aliases=tuple(data.get("aliases") or ()),
        summary=data.get("summary"),
        text=data.get("text"),
        table_title=table.get("title") if table is not None else None,
        rows=rows,
        checks=checks,
        where=where,
    )
