"""One site per locale: the same pages, from the build as the locale reads it
(`rulesref.translations.localize`), at the same URLs under `/<locale>/`, in the theme's
language (its labels and its search's language), with a switch between the languages (the
theme's `extra.alternate`, which Material and Zensical both read, kept on the page being
read by `assets/rulesref-languages.js`).

The source's site is built first, as it always is; each locale's is built after it into a
folder of the same staging site, from a docs folder of its own that is not kept (the source's
docs folder is the one `serve` and people read). Each keeps its caches apart, and gets its
own offline copy.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from rulesref.build import Build
from rulesref.config import Settings
from rulesref.history.changes import History
from rulesref.pages.docs import docs_files
from rulesref.translations.localize import locales_of, localized, source_locale
from rulesref.translations.marks import native_name, note, untranslated

LANGUAGE_SCRIPT = "assets/rulesref-languages.js"  # the switch kept on the page being read: every site of translated content loads it


@dataclass(frozen=True)
class LocaleSite:
    locale: str
    source: str  # the language the content is written in
    files: dict[str, bytes]  # its docs folder
    settings: Settings  # its pages' settings: the address under /<locale>/


def locale_url(site_url: str, locale: str) -> str:
    return site_url.rstrip("/") + f"/{locale}/"


def locale_sites(build: Build, history: History, processes: int) -> list[LocaleSite]:
    """The docs of every locale the content is translated into."""
    source = source_locale(build.content) or "en"
    sites = []
    for locale in locales_of(build.content):
        settings = replace(build.settings, site_url=locale_url(build.settings.site_url, locale))
        mine = {t.key: t for t in build.translations if t.locale == locale}
        systems = {s.id for s in build.content.systems if s.locales is not None and locale in s.locales.translated}
        notes = {
            e.key: said
            for e in build.content.entries
            if e.system in systems and (said := note(locale, source, untranslated(e, mine.get(e.key)))) is not None
        }
        files = docs_files(localized(replace(build, settings=settings), locale), history=history, processes=processes, notes=notes)
        sites.append(LocaleSite(locale, source, files, settings))
    return sites


def site_config(config: dict[str, Any], site_url: str, source: str, locales: list[str], locale: str | None = None) -> dict[str, Any]:
    """The engine's config for the site of `locale` (None: the source's): the language
    switch to every site, and for a locale's, its language and address."""
    top = "../" if locale is not None else ""  # from this site's root to the source's: links relative to the root work wherever the sites are served
    extra = config.get("extra")
    extra = dict(extra) if isinstance(extra, dict) else {}
    extra["alternate"] = [{"name": native_name(code), "link": (top or "./") if code == source else f"{top}{code}/", "lang": code} for code in (source, *locales)]
    scripts = config.get("extra_javascript")
    scripts = list(scripts) if isinstance(scripts, list) else []
    made = {**config, "extra": extra, "extra_javascript": [*scripts, LANGUAGE_SCRIPT]}
    if locale is not None:
        theme = config.get("theme")
        theme = {"name": theme} if isinstance(theme, str) else dict(theme) if isinstance(theme, dict) else {"name": "material"}
        made["theme"] = {**theme, "language": locale}
        made["site_url"] = locale_url(site_url, locale)
    return made


def cache_of(folder: Path | None, locale: str) -> Path | None:
    """A locale's own cache folder inside the build's (None: caching off)."""
    if folder is None:
        return None
    mine = folder / f"locale-{locale}"
    mine.mkdir(parents=True, exist_ok=True)
    return mine
