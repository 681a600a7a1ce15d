"""A system's index page (its kinds, A to Z, and its armies and books) and the A to Z pages
of a kind too big for one."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from rulesref import paths
from rulesref.pages.kinds.bound import bound
from rulesref.pages.markdown import attribute, front_matter, markdown_link, plain
from rulesref.pages.writer import (
    KIND_WORDS,
    Pages,
    count_of,
    count_words,
)
from rulesref.support.templates import render


def pages(site: Pages) -> Iterator[tuple[str, Callable[[], str]]]:
    for system in site.systems():
        yield paths.system_page(system.id), bound(system_page, site, system.id)
        for part in site.letter_pages(system.id):
            yield paths.letter_page(system.id, part.kind, part.part), bound(letter_page, site, system.id, part.kind, part.part)


def system_page(site: Pages, system_id: str) -> str:
    site.begin_page()
    system = site.system_of(system_id)
    assert system is not None
    page = paths.system_page(system.id)
    kinds = [
        {
            "title": kind.title,
            "lettered": kind.lettered,
            "count": plain(count_of(kind.count, kind.kind)),
            "pages": [markdown_link(plain(p.title), paths.relative(page, paths.letter_page(system.id, p.kind, p.part))) for p in kind.parts],
            "groups": [
                {"letter": plain(g.letter), "anchor": g.anchor, "items": [f"{site.listing_link(page, e, previewed=False)}: {plain(e.summary)}" for e in g.entries]}
                for g in kind.groups
            ],
        }
        for kind in site.system_kinds(system.id)
    ]
    armies = [
        (markdown_link(plain(v.army.name), paths.relative(page, paths.army_page(system.id, v.army.id))), str(v.units), str(len(v.rules)))
        for v in site.armies_of(system.id)
    ]
    facts = [system.edition] + [x for x in (system.publisher, str(system.year) if system.year else None) if x]
    books = [plain(b.title + (f" ({b.edition})" if b.edition else "") + (f", {b.year}" if b.year else "")) for b in system.books]
    return render(
        "site/system.md.jinja",
        front=front_matter(title=f"{system.name} ({system.edition})", description=system.summary or system.name, search={"exclude": True}),
        heading=plain(system.name),
        summary=attribute(system.summary or ""),
        facts=plain(" · ".join(facts)),
        counts=plain(count_words(site.kind_counts(system.id))),
        armies=armies,
        books=books,
        kinds=kinds,
        api_link=markdown_link(plain(paths.api_system(system.id)), paths.relative(page, paths.api_system(system.id))),
        references=site.refs.definitions(),
    )


def letter_page(site: Pages, system_id: str, kind_id: str, part_id: str) -> str:
    """One A to Z page of a big kind: its entries with their summaries."""
    site.begin_page()
    system = site.system_of(system_id)
    assert system is not None
    kind = next(k for k in site.system_kinds(system.id) if k.kind == kind_id)
    part = next(p for p in kind.parts if p.part == part_id)
    page = paths.letter_page(system.id, part.kind, part.part)
    pages = [
        f"**{plain(p.title)}**" if p.part == part.part else markdown_link(plain(p.title), paths.relative(page, paths.letter_page(system.id, p.kind, p.part)))
        for p in kind.parts
    ]
    title = f"{kind.title}: {part.title}"
    return render(
        "site/letters.md.jinja",
        front=front_matter(title=f"{title} · {system.short_name}", description=f"The {KIND_WORDS[part.kind][1]} of {system.name} under {part.title}.", search={"exclude": True}),
        heading=plain(title),
        pages=pages,
        items=[f"{site.listing_link(page, e, previewed=False)}: {plain(e.summary)}" for e in part.entries],
        system=plain(system.name),
        system_link=paths.relative(page, paths.system_page(system.id), kind.anchor),
        references=site.refs.definitions(),
    )
