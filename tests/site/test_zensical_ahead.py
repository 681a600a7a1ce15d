"""A saved page put into Zensical's site ahead of its rebuild (`rulesref.site.zensical_ahead`)
is the page Zensical's rebuild writes, byte for byte; and a change it cannot place (a new
title) waits for the rebuild.

The fixture content's docs are built by Zensical itself (`zensical build`, as its server
builds them: none of what `rulesref build` does after), before and after a save of edits, and
the pages put ahead into the first site are compared with the second's; among them one that
a rebuild already under way (from the docs before the save) wrote again as it was."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from rulesref.config import DEFAULT_SITE_URL, Settings
from rulesref.site import SiteConfig, zensical
from rulesref.site.serve import sync_tree
from rulesref.site.session import Session
from rulesref.site.staging import staged_config
from rulesref.site.zensical_ahead import PagesAhead

from .conftest import Built, make_project

pytestmark = pytest.mark.slow


@contextmanager
def ahead_of(project: Built, site: Path) -> Iterator[tuple[Path, PagesAhead]]:
    """The staged config that builds `project`'s docs into `site`, and the pages put ahead
    into that site."""
    config = SiteConfig.read(str(project.config), DEFAULT_SITE_URL)
    with staged_config(config.config_file, zensical.staged_settings(config.settings), config.docs_dir, config.docs_dir, site) as staged:
        ahead = PagesAhead.set_up(staged, site, directory_urls=True)
        assert ahead is not None
        try:
            yield staged, ahead
        finally:
            ahead.close()


def _page(site: Path, rel: str) -> str:
    """The page Zensical built from docs page `rel`."""
    return (site / f"{rel.removesuffix('.md')}.html").read_text(encoding="utf-8")


EDITS = [  # (file, text, replacement, whether its page can be put ahead)
    ("w40k7/fearless.yml", "automatically passes Pinning", "always passes Pinning", True),  # a summary: the description and the article
    ("w40k7/fear.yml", "Fear-causing enemy", "terrifying enemy", True),  # a word of the text
    ("w40k7/run.yml", "name: Run", "name: Sprint", False),  # a name: the page's title (and the pages listing it)
]
KEPT = "w40k7/fearless/index.md"  # put ahead, then written as it was: put again
NAV = ("w40k7/system.yml", "short_name: 40k 7th", "short_name: 40K 7th")  # the nav every page shows


def _edit(project: Built, name: str, text: str, replacement: str) -> None:
    rule = project.content / name
    source = rule.read_text(encoding="utf-8")
    assert text in source
    rule.write_text(source.replace(text, replacement), encoding="utf-8")


def _generated(project: Built, session: Session) -> dict[str, bytes]:
    settings = SiteConfig.read(str(project.config), DEFAULT_SITE_URL).pages_settings(Settings())
    files, problems = session.generate(str(project.content), settings)
    assert files, problems
    return files


def test_a_page_put_ahead_is_the_page_zensical_builds_from_the_saved_docs(tmp_path: Path) -> None:
    project = make_project(tmp_path / "project")
    session = Session()
    written = _generated(project, session)
    sync_tree(project.docs, written)
    ahead_site, rebuilt_site = project.root / "build" / "ahead", project.root / "build" / "rebuilt"
    env = dict(os.environ)
    with ahead_of(project, ahead_site) as (staged, ahead):
        assert zensical.build(staged, strict=False, env=env) == 0
        pages = {rel: data for rel, data in written.items() if rel.endswith("index.md")}
        missed = [rel for rel, data in pages.items() if ahead.updated(rel, built := _page(ahead_site, rel), data, data) != built]
        assert len(pages) > 20 and missed == []  # (each page's own article and description, found where Zensical placed them)
        for name, text, replacement, _ in EDITS:
            _edit(project, name, text, replacement)
        files = _generated(project, session)
        stale = _page(ahead_site, KEPT)
        put = ahead.show(files, written)
        assert KEPT in put
        (ahead_site / f"{KEPT[:-3]}.html").write_text(stale, encoding="utf-8")  # (a rebuild from the docs before the save writes it as it was)
        deadline = time.monotonic() + 10
        while _page(ahead_site, KEPT) == stale and time.monotonic() < deadline:
            time.sleep(0.05)
    sync_tree(project.docs, files)
    with ahead_of(project, rebuilt_site) as (staged, rebuilt):
        assert zensical.build(staged, strict=False, env=env) == 0
        for name, _, _, placed in EDITS:
            assert (f"{name.removesuffix('.yml')}/index.md" in put) is placed, name
        assert len(put) > 2 * len(EDITS)  # (the pages that list or preview them too)
        differ = [rel for rel in put if _page(ahead_site, rel) != _page(rebuilt_site, rel)]
        assert differ == []
        _edit(project, *NAV)
        assert rebuilt.show(_generated(project, session), files) == []  # (every page waits for Zensical)


LINKED = {  # an index page's links to Markdown files, each of a form Zensical rewrites
    "index.md": "# Home\n\n[self](index.md) [a](a/index.md) [foo](foo.md#x) [json](a/data.json)\n",
    "a/index.md": "# A\n\n[self](index.md) [up](../index.md) [b](b/index.md) [top](index.md#top) [foo](../foo.md)\n",
    "a/b/index.md": "# B\n\n[a](../index.md) [home](../../index.md#x)\n",
    "foo.md": "# Foo\n",
}


@pytest.mark.parametrize("directory_urls", [True, False])
def test_links_to_markdown_files_are_written_as_zensical_writes_them(tmp_path: Path, directory_urls: bool) -> None:
    docs, site = tmp_path / "docs", tmp_path / "site"
    for rel, text in LINKED.items():
        (docs / rel).parent.mkdir(parents=True, exist_ok=True)
        (docs / rel).write_text(text, encoding="utf-8")
    config = tmp_path / "mkdocs.yml"
    config.write_text(f"site_name: Links\nuse_directory_urls: {str(directory_urls).lower()}\ntheme:\n  name: material\n  variant: classic\n", encoding="utf-8")
    assert zensical.build(config, strict=False, env=dict(os.environ)) == 0
    ahead = PagesAhead.set_up(config, site, directory_urls)
    assert ahead is not None
    for rel in ("index.md", "a/index.md", "a/b/index.md"):
        built, markdown = _page(site, rel), LINKED[rel].encode("utf-8")
        assert ahead.updated(rel, built, markdown, markdown) == built, rel
