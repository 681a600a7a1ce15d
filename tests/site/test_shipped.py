"""The shipped content (content/) as a site: it builds strictly, every entry has its page,
no link is broken, and in Chromium its search and link previews work.

The shipped content must validate: if it does not, these fail and say so."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from rulesref.validate import Validated, validate

from .conftest import REPO, Built, build_project, make_project, search_titles, serving
from .linkcheck import broken_links

pytestmark = pytest.mark.slow
CONTENT = REPO / "content"


@pytest.fixture(scope="module")
def shipped_content() -> Validated:
    result = validate([str(CONTENT)])
    assert result.problems == [], f"content/ has {len(result.problems)} problem(s); run `rulesref validate`"
    return result


@pytest.fixture(scope="module")
def shipped(shipped_content: Validated, tmp_path_factory: pytest.TempPathFactory) -> Built:
    project = make_project(tmp_path_factory.mktemp("shipped"), CONTENT)
    assert build_project(project) == 0  # strict: broken links and anchors fail it
    return project


def test_every_shipped_entry_has_its_page(shipped: Built, shipped_content: Validated) -> None:
    for entry in shipped_content.content.entries:
        assert (shipped.site / entry.system / entry.id / "index.html").is_file(), entry.key


def test_no_link_in_the_shipped_site_is_broken(shipped: Built) -> None:
    assert broken_links(shipped.site) == []


@pytest.fixture(scope="module")
def shipped_url(shipped: Built) -> Iterator[str]:
    with serving(shipped.site) as url:
        yield url


@pytest.fixture
def page(browser: Any, shipped_url: str) -> Iterator[tuple[Any, str]]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    yield context.new_page(), shipped_url
    context.close()


@pytest.mark.browser
def test_searching_hit_finds_hit_and_run(page: tuple[Any, str], shipped_content: Validated) -> None:
    assert any(e.name == "Hit & Run" for e in shipped_content.content.entries)
    browser_page, base = page
    assert "Hit & Run · 40k 7th" in search_titles(browser_page, base, "hit")[:3]


@pytest.mark.browser
def test_an_alias_finds_its_rule(page: tuple[Any, str], shipped_content: Validated) -> None:
    entry = next((e for e in shipped_content.content.entries if e.aliases), None)
    assert entry is not None
    browser_page, base = page
    system = next(s for s in shipped_content.content.systems if s.id == entry.system)
    assert f"{entry.name} · {system.short_name}" in search_titles(browser_page, base, entry.aliases[0])[:5]


@pytest.mark.browser
def test_a_cross_link_previews_its_target_summary(page: tuple[Any, str], shipped_content: Validated) -> None:
    browser_page, base = page
    entries = {f"{e.system}/{e.id}": e for e in shipped_content.content.entries}
    source = next((e for e in shipped_content.content.entries if e.text and "[[" in e.text), None)
    assert source is not None
    browser_page.goto(f"{base}{source.system}/{source.id}/")
    link = browser_page.locator("article a.rr-xlink").first
    target = entries["/".join(Path(urlsplit(link.evaluate("a => a.href")).path).parts[1:3])]
    link.hover()
    preview = browser_page.locator(".rr-preview")
    preview.wait_for(state="visible")
    assert target.summary in preview.inner_text()


@pytest.mark.browser
def test_no_shipped_page_is_wider_than_a_phone(browser: Any, shipped: Built, shipped_url: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    phone = context.new_page()
    wide = []
    for index in sorted(shipped.site.rglob("index.html")):
        path = index.parent.relative_to(shipped.site).as_posix()
        phone.goto(shipped_url + ("" if path == "." else path + "/"), wait_until="domcontentloaded")
        width = phone.evaluate("document.documentElement.scrollWidth")
        if width > 390:
            wide.append(f"{path}: {width}px")
    context.close()
    assert wide == []
