"""How far each locale is translated: per system and locale, the entries translated (in the
source's current state), stale and missing. `rulesref translations` prints it, its JSON
serves CI, and the site's Translations page shows the same."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rulesref.model import Content
from rulesref.translations.model import Translation


@dataclass(frozen=True)
class LocaleCoverage:
    system: str
    locale: str
    source: str  # the source's locale
    entries: int  # the system's entries
    current: tuple[Translation, ...]  # translated, in the source's current state
    stale: tuple[Translation, ...]
    missing: tuple[str, ...]  # ids of the entries with no translation

    @property
    def percent(self) -> float:
        return 100.0 * len(self.current) / self.entries if self.entries else 100.0


def coverage(content: Content, translations: tuple[Translation, ...]) -> list[LocaleCoverage]:
    """Every translated locale of every system that declares one, in system and locale order."""
    found: list[LocaleCoverage] = []
    for system in content.systems:
        if system.locales is None:
            continue
        entries = content.entries_of(system.id)
        for locale in system.locales.translated:
            mine = {t.id: t for t in translations if t.system == system.id and t.locale == locale}
            found.append(
                LocaleCoverage(
                    system.id,
                    locale,
                    system.locales.source,
                    len(entries),
                    tuple(mine[e.id] for e in entries if e.id in mine and mine[e.id].stale is None),
                    tuple(mine[e.id] for e in entries if e.id in mine and mine[e.id].stale is not None),
                    tuple(e.id for e in entries if e.id not in mine),
                )
            )
    return found


def as_json(found: list[LocaleCoverage]) -> dict[str, Any]:
    """The coverage as JSON data: per locale, the counts and the ids (stale ones with the
    release they are stale since and each field's word diff, as HTML)."""
    return {
        "locales": [
            {
                "system": c.system,
                "locale": c.locale,
                "source": c.source,
                "entries": c.entries,
                "translated": len(c.current),
                "stale": len(c.stale),
                "missing": len(c.missing),
                "translated_ids": [t.id for t in c.current],
                "stale_ids": [
                    {"id": t.id, "since": t.stale.since, "diff": dict(t.stale.diffs) if t.stale.known else None}
                    for t in c.stale
                    if t.stale is not None
                ],
                "missing_ids": list(c.missing),
            }
            for c in found
        ]
    }
