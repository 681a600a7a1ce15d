"""The page about the JSON API."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from rulesref import paths
from rulesref.pages.kinds.bound import bound
from rulesref.pages.markdown import front_matter, markdown_link, plain
from rulesref.pages.writer import (
    Pages,
)
from rulesref.support.templates import render


def pages(site: Pages) -> Iterator[tuple[str, Callable[[], str]]]:
    yield paths.API_PAGE, bound(api_page, site)


def api_page(site: Pages) -> str:
    site.begin_page()
    systems = [
        (plain(s.name), markdown_link(plain(paths.api_system(s.id)), paths.relative(paths.API_PAGE, paths.api_system(s.id))))
        for s in site.systems()
    ]
    example = site.api_example()
    return render(
        "site/api.md.jinja",
        front=front_matter(title="JSON API", description="Static JSON files with every entry's data, described by a JSON Schema."),
        index=markdown_link("api/index.json", "index.json"),
        schema=markdown_link("api/schema.json", "schema.json"),
        systems=systems,
        example=markdown_link(plain(paths.api_entry(example)), paths.relative(paths.API_PAGE, paths.api_entry(example))) if example else "",
    )
