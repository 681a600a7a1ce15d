"""The home page."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from rulesref import paths
from rulesref.pages.changes import INDEX as CHANGES_PAGE
from rulesref.pages.kinds.bound import bound
from rulesref.pages.markdown import attribute, code, front_matter, markdown_link, plain
from rulesref.pages.roster import PAGE as ROSTER_PAGE
from rulesref.pages.roster import roster_systems
from rulesref.pages.writer import (
    Pages,
)
from rulesref.support.templates import render


def pages(site: Pages) -> Iterator[tuple[str, Callable[[], str]]]:
    yield paths.HOME, bound(home_page, site)


def home_page(site: Pages) -> str:
    """The home page. It says both how to download the offline copy and, hidden, where
    the newest copy is, which the copy shows instead (`rulesref.site.offline`)."""
    site.begin_page()
    rows = []
    for system in site.systems():
        counts = site.kind_counts(system.id)
        link = markdown_link(plain(system.name), paths.relative(paths.HOME, paths.system_page(system.id)))
        rows.append([link, plain(system.edition), *[str(c) for c in counts]])
    return render(
        "site/home.md.jinja",
        front=front_matter(title="Home", description="Tabletop wargame rules as code: a reference of rules, units and terms."),
        rows=rows,
        total=plain(site.total()),
        glossary=paths.relative(paths.HOME, paths.GLOSSARY),
        tags=paths.relative(paths.HOME, paths.TAGS),
        api=paths.relative(paths.HOME, paths.API_PAGE),
        roster=paths.relative(paths.HOME, ROSTER_PAGE) if roster_systems(site) else "",
        changes=paths.relative(paths.HOME, CHANGES_PAGE) if site.releases().releases else "",
        download=attribute(paths.offline_zip(site.settings().site_url)),
        download_name=attribute(paths.offline_zip(site.settings().site_url).rpartition("/")[2]),
        online=markdown_link(plain(site.settings().site_url), site.settings().site_url),
        package=code(site.settings().package),
    )
