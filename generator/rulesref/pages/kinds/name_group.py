"""The page of a big name group: every entry of that name, in every system."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from rulesref.pages.kinds.bound import bound
from rulesref.pages.markdown import front_matter, plain
from rulesref.pages.writer import (
    Pages,
)
from rulesref.support.templates import render


def pages(site: Pages) -> Iterator[tuple[str, Callable[[], str]]]:
    for name in site.name_group_pages():
        yield name, bound(name_group_page, site, name)


def name_group_page(site: Pages, page: str) -> str:
    """The page of a big name group: every member, with its system and summary."""
    site.begin_page()
    group = site.group_page(page)
    title = f"{group.name} in {len({e.system for e in group.members})} systems"
    every = f"Every {group.kind} named {group.name}, or with it as an alias"
    items = [
        f"{site.listing_link(page, e, previewed=False)} ({plain(site.system_label(e.system))}): {plain(e.summary)}"
        for e in group.members
    ]
    return render(
        "site/name-group.md.jinja",
        front=front_matter(title=title, description=f"{every}.", search={"exclude": True}),
        heading=plain(title),
        intro=plain(f"{every}: {len(group.members)} entries."),
        items=items,
        references=site.refs.definitions(),
    )
