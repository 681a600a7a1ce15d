"""A build as one locale reads it: every entry of a system translated into the locale with
its translated words, the rest as the source has them, so the page writers make that
locale's site from it unchanged (the same URLs: they come from ids, never from names).

An entry keeps its source's names as aliases (a link written with the source's name still
resolves, and a player who searches for the source's name finds it), and what its
translation leaves out stays the source's (`rulesref.translations.marks` says what that is,
for the pages to mark). Check and input summaries reach "Try it" through the compiled plans, which are
given the translated check.
"""

from __future__ import annotations

from dataclasses import replace

from rulesref.build import Build
from rulesref.links import LinkIndex
from rulesref.logic.compiled import CompiledEntry
from rulesref.model import Check, Content, Entry, Table
from rulesref.translations.model import Translation


def locales_of(content: Content) -> list[str]:
    """Every locale some system is translated into, in the order systems declare them."""
    found: dict[str, None] = {}
    for system in content.systems:
        for locale in system.locales.translated if system.locales is not None else ():
            found.setdefault(locale, None)
    return list(found)


def source_locale(content: Content) -> str | None:
    """The language the content is written in, as the first system that declares one says."""
    return next((s.locales.source for s in content.systems if s.locales is not None), None)


def _table(table: Table | None, translation: Translation) -> Table | None:
    if table is None or translation.rows is None:
        return table
    rows = tuple(replace(row, title=own.title or row.title, result=own.result) for row, own in zip(table.rows, translation.rows, strict=True))
    return replace(table, title=translation.table_title or table.title, rows=rows)


def _check(check: Check, translation: Translation) -> Check:
    own = next((c for c in translation.checks if c.name == check.name), None)
    if own is None:
        return check
    inputs = {name: summary for name, summary, _ in own.inputs}
    return replace(check, summary=own.summary or check.summary, inputs=tuple(replace(i, summary=inputs.get(i.name, i.summary)) for i in check.inputs))


def localized_entry(entry: Entry, translation: Translation) -> Entry:
    names = [translation.name or entry.name, *translation.aliases]
    aliases = tuple(dict.fromkeys(a for a in (*translation.aliases, entry.name, *entry.aliases) if a not in names[:1]))
    return replace(
        entry,
        name=translation.name or entry.name,
        aliases=aliases,
        summary=translation.summary or entry.summary,
        text=translation.text if translation.text is not None else entry.text,
        table=_table(entry.table, translation),
        checks=tuple(_check(c, translation) for c in entry.checks),
    )


def _compiled(compiled: CompiledEntry, entry: Entry) -> CompiledEntry:
    checks = {c.name: c for c in entry.checks}
    made = []
    for item in compiled.checks:
        plan = item.plan
        check = checks.get(plan.check.name, plan.check)
        summaries = {i.name: i.summary for i in check.inputs}
        args = [replace(a, summary=summaries.get(a.name, a.summary)) for a in plan.args]
        made.append(replace(item, plan=replace(plan, entry=entry, check=check, args=args)))
    return replace(compiled, entry=entry, checks=tuple(made))


def localized(build: Build, locale: str) -> Build:
    """`build` as the locale reads it (`build` must be valid: translations that validate)."""
    translated = {s.id for s in build.content.systems if s.locales is not None and locale in s.locales.translated}
    mine = {t.key: t for t in build.translations if t.locale == locale}
    entries = tuple(localized_entry(e, mine[e.key]) if e.system in translated and e.key in mine else e for e in build.content.entries)
    content = Content(build.content.systems, entries)
    by_key = {e.key: e for e in entries}
    compiled = {key: _compiled(c, by_key[key]) if key in mine else c for key, c in build.compiled.items()}
    return replace(build, content=content, links=LinkIndex(content), compiled=compiled)
