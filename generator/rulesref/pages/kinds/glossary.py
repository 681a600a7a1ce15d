"""The glossary: every term, A to Z (and, past a size, one page per system)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from markdown.extensions.toc import slugify, unique  # type: ignore[import-untyped]

from rulesref import paths
from rulesref.model import Entry
from rulesref.pages.armies import (
    letter_of,
)
from rulesref.pages.kinds.bound import bound
from rulesref.pages.markdown import front_matter, markdown_link, plain
from rulesref.pages.writer import (
    Pages,
    count_of,
)
from rulesref.support.templates import render


def pages(site: Pages) -> Iterator[tuple[str, Callable[[], str]]]:
    yield paths.GLOSSARY, bound(glossary_page, site)
    for system in site.glossary_systems():
        yield paths.glossary_page(system.id), bound(glossary_page, site, system.id)


def glossary_page(site: Pages, system_id: str | None = None) -> str:
    """Every term of every system (or of `system`, on its own glossary page), under A-Z
    headings with jump links (the heading ids are the ones the `toc` extension gives
    them, computed the same way in page order). A glossary of many systems' terms lists
    the systems instead, each linking its own page."""
    site.begin_page()
    system = site.system_of(system_id) if system_id is not None else None
    page = paths.glossary_page(system.id if system else None)
    ids: set[str] = set()
    unique(slugify(f"Glossary of {system.name}" if system else "Glossary", "-"), ids)
    split = site.glossary_systems()
    systems = []
    for owner in [system] if system else ([] if split else site.systems()):
        terms = site.terms_of(owner.id)
        if not terms:
            continue
        title = f"{owner.name} ({owner.short_name})"
        unique(slugify(title, "-"), ids)
        letters: dict[str, list[Entry]] = {}
        for term in terms:
            letters.setdefault(letter_of(term.name), []).append(term)
        groups = [
            {
                "letter": plain(letter),
                "heading": plain(f"{owner.short_name}: {letter}"),
                "anchor": unique(slugify(f"{owner.short_name}: {letter}", "-"), ids),
                "items": [f"{site.entry_link(page, e, previewed=False)}: {plain(e.summary)}" for e in members],
            }
            for letter, members in sorted(letters.items())
        ]
        systems.append({"title": plain(title), "groups": groups})
    listed = [
        f"{markdown_link(plain(s.name), paths.relative(page, paths.glossary_page(s.id)))}: {plain(count_of(len(site.terms_of(s.id)), 'term'))}"
        for s in split
    ] if system is None else []
    return render(
        "site/glossary.md.jinja",
        front=front_matter(title=f"Glossary of {system.name}" if system else "Glossary", description="Short definitions of the core terms rules link to.", search={"exclude": True}),
        heading=plain(f"Glossary of {system.name}" if system else "Glossary"),
        systems=systems,
        listed=listed,
        references=site.refs.definitions(),
    )
