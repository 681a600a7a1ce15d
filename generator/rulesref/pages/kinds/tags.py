"""The tags page and each tag's pages."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from rulesref import paths
from rulesref.pages.armies import (
    tag_part,
    tag_parts,
)
from rulesref.pages.kinds.bound import bound
from rulesref.pages.markdown import front_matter, markdown_link, plain
from rulesref.pages.writer import (
    Pages,
    counts_of,
)
from rulesref.support.templates import render


def pages(site: Pages) -> Iterator[tuple[str, Callable[[], str]]]:
    yield paths.TAGS, bound(tags_page, site)
    for tag, count in site.tag_counts():
        for number in range(1, tag_parts(count) + 1):
            yield paths.tag_page(tag, number), bound(tag_page, site, tag, number)


def tags_page(site: Pages) -> str:
    """The tags, each with how many entries carry it; every tag has a page of its own,
    so no page lists the whole content."""
    site.begin_page()
    items = [
        f"{markdown_link(plain(tag), paths.relative(paths.TAGS, paths.tag_page(tag)))} ({count})"
        for tag, count in site.tag_counts()
    ]
    return render(
        "site/tags.md.jinja",
        front=front_matter(title="Tags", description="Entries grouped by tag.", search={"exclude": True}),
        items=items,
    )


def tag_page(site: Pages, tag: str, part: int = 1) -> str:
    """A page of the entries that carry `tag` (a tag many carry has several: `tag_parts`)."""
    site.begin_page()
    page = paths.tag_page(tag, part)
    entries = site.tagged(tag)
    parts = tag_parts(len(entries))
    shown = tag_part(entries, part)
    items = [
        f"{site.listing_link(page, e, previewed=False)} ({plain(site.system_label(e.system))}, {plain(e.kind)}): {plain(e.summary)}"
        for e in shown
    ]
    pages = [
        f"**{n}**" if n == part else markdown_link(str(n), paths.relative(page, paths.tag_page(tag, n)))
        for n in range(1, parts + 1)
    ] if parts > 1 else []
    return render(
        "site/tag.md.jinja",
        front=front_matter(title=f"#{tag}" + (f" ({part} of {parts})" if parts > 1 else ""), description=f"Entries tagged {tag}.", search={"exclude": True}),
        heading=plain(f"#{tag}"),
        count=plain(counts_of(entries)),
        pages=pages,
        items=items,
        tags=paths.relative(page, paths.TAGS),
        references=site.refs.definitions(),
    )
