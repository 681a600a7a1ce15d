"""The Translations page: for each locale of each translated system, how far it is
translated, each stale translation with how its source changed since (a word diff), and
what is not translated yet (`rulesref.translations.coverage`, which `rulesref
translations` prints)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from rulesref import paths
from rulesref.pages.kinds.bound import bound
from rulesref.pages.markdown import attribute, front_matter, plain
from rulesref.pages.writer import Pages
from rulesref.support.templates import render
from rulesref.translations.marks import native_name


def pages(site: Pages) -> Iterator[tuple[str, Callable[[], str]]]:
    if any(s.locales is not None for s in site.systems()):
        yield paths.TRANSLATIONS_PAGE, bound(translations_page, site)


def translations_page(site: Pages) -> str:
    site.begin_page()
    page = paths.TRANSLATIONS_PAGE
    locales = []
    for found in site.translation_coverage():
        system = site.system_of(found.system)
        assert system is not None
        entries = {e.id: e for e in site.entries_of(found.system)}
        stale = []
        for translation in found.stale:
            moved = translation.stale
            assert moved is not None
            since = plain(f"since {moved.since}" if moved.since else "not released yet" if moved.known else "no earlier state to compare with")
            stale.append({"link": site.entry_link(page, entries[translation.id], previewed=False), "since": since, "diffs": [(plain(field), diff) for field, diff in moved.diffs]})
        locales.append(
            {
                "title": plain(f"{system.short_name}: {native_name(found.locale)} ({found.locale})"),
                "counts": attribute(f"{len(found.current)} of {found.entries} entries translated ({found.percent:.0f}%), {len(found.stale)} stale, {len(found.missing)} not translated yet"),
                "percent": f"{found.percent:.0f}",
                "stale": stale,
                "current": [site.entry_link(page, entries[t.id], previewed=False) for t in found.current],
                "missing": [site.entry_link(page, entries[i], previewed=False) for i in found.missing],
            }
        )
    return render(
        "site/translations.md.jinja",
        front=front_matter(title="Translations", description="How far each language is translated, and what is stale.", search={"exclude": True}),
        locales=locales,
    )
