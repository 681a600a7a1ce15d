"""Fixtures of the site tests: the fixture content, a site built from it once per session,
a local HTTP server for the built site, and headless Chromium.

Browser tests skip with a clear message when Chromium is missing, except when
`RULESREF_REQUIRE_BROWSER` is set (as in CI), where a missing browser is a failure.
"""

from __future__ import annotations

import functools
import gzip
import http.server
import io
import json
import os
import re
import shutil
import sys
import threading
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import urlsplit

import pytest

from rulesref.config import MKDOCS, ZENSICAL, Settings

HERE = Path(__file__).parent
REPO = HERE.parent.parent
FIXTURE_CONTENT = HERE / "fixtures" / "content"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@dataclass(frozen=True)
class Built:
    """A site built in a project folder of its own: mkdocs.yml, content/, build/docs, build/site."""

    root: Path
    content: Path
    config: Path
    docs: Path
    site: Path


def make_project(root: Path, content: Path = FIXTURE_CONTENT) -> Built:
    """A project folder with a copy of the repository's mkdocs.yml and of `content`."""
    root.mkdir(parents=True, exist_ok=True)
    shutil.copy(REPO / "mkdocs.yml", root / "mkdocs.yml")
    target = root / "content"
    if not target.exists():
        shutil.copytree(content, target)
    return Built(root, target, root / "mkdocs.yml", root / "build" / "docs", root / "build" / "site")


def build_project(project: Built, *, strict: bool = True, mkdocs_command: list[str] | None = None, engine: str = MKDOCS) -> int:
    from rulesref.site import build

    settings = Settings(engine=engine)
    return build(str(project.content), str(project.config), strict=strict, echo=lambda _: None, mkdocs_command=mkdocs_command, settings=settings)


def site_files(folder: Path) -> dict[str, object]:
    """Every file of a built site, in a form two builds of the same pages agree on."""
    files: dict[str, object] = {}
    for path in sorted(folder.rglob("*")):
        if not path.is_file():
            continue
        rel = path.relative_to(folder).as_posix()
        data = path.read_bytes()
        if rel.endswith(".gz"):
            data = gzip.decompress(data)  # the gzip header holds the time it was written
        if rel == "search/search_index.json":
            index = json.loads(data)
            files[rel] = (index["config"], sorted(json.dumps(doc, sort_keys=True) for doc in index["docs"]))
        else:
            files[rel] = data
    return files


ENGINES = [MKDOCS, ZENSICAL]  # the site engines every browser test runs on


@pytest.fixture(scope="session", params=ENGINES)
def engine(request: pytest.FixtureRequest) -> str:
    """Each site engine in turn: a fixture that takes it builds its site with each, once."""
    name: str = request.param
    return name


class Sites:
    """The sites the browser tests read, each built (strictly) at most once per engine a
    session: the fixture content's, and those a test module builds from content of its own."""

    def __init__(self, factory: pytest.TempPathFactory) -> None:
        self.factory = factory
        self.built: dict[tuple[str, str], Built] = {}

    def get(self, name: str, engine: str, content: Callable[[Path], Path] | None = None) -> Built:
        """The site `name` built by `engine`; `content` writes its content under a folder
        and returns where (the fixture content where not given)."""
        if (name, engine) not in self.built:
            root = self.factory.mktemp(f"{name}-{engine}")
            project = make_project(root, content(root) if content else FIXTURE_CONTENT)
            assert build_project(project, engine=engine) == 0
            self.built[name, engine] = project
        return self.built[name, engine]


@pytest.fixture(scope="session")
def sites(tmp_path_factory: pytest.TempPathFactory) -> Sites:
    return Sites(tmp_path_factory)


@pytest.fixture(scope="session")
def built(sites: Sites) -> Built:
    """The fixture content built by MkDocs, for every test that only reads the site's files."""
    return sites.get("site", MKDOCS)


@pytest.fixture(scope="session")
def engine_built(sites: Sites, engine: str) -> Built:
    """The fixture content built by each engine in turn, for the tests that use a browser."""
    return sites.get("site", engine)


class _Quiet(http.server.SimpleHTTPRequestHandler):
    headers_to_send: ClassVar[dict[str, str]] = {}

    def end_headers(self) -> None:
        for name, value in self.headers_to_send.items():
            self.send_header(name, value)
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        pass


class _Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        """A browser that leaves a page while a file of it is still sent closes the
        connection: that is no error of the site's (any other error is printed)."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@contextmanager
def serving(site: Path, headers: dict[str, str] | None = None) -> Iterator[str]:
    """A built site over HTTP on 127.0.0.1 and a free port (sending `headers` with every
    response); yields its base URL."""
    quiet = type("_Sending", (_Quiet,), {"headers_to_send": dict(headers or {})})
    handler = functools.partial(quiet, directory=str(site))
    httpd = _Server(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{httpd.server_port}/"
    finally:
        httpd.shutdown()
        httpd.server_close()


def pdf_text(pdf: bytes) -> tuple[int, str]:
    """A PDF's page count and its text, ligatures undone, a line that breaks after a hyphen
    joined to the next (`re-` / `roll`, where the fonts put the break) and spacing collapsed."""
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(pdf))
    text = " ".join(page.extract_text().replace("-\n", "-") for page in reader.pages)
    return len(reader.pages), " ".join(unicodedata.normalize("NFKC", text).split())


@contextmanager
def error_free_page(browser: Any, **options: Any) -> Iterator[Any]:
    """A page in a browser context of its own (`options`), which fails the test when a
    script on it throws."""
    context = browser.new_context(**options)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert errors == []


@pytest.fixture(scope="session")
def server(engine_built: Built) -> Iterator[str]:
    """The fixture site over HTTP, as each engine built it."""
    with serving(engine_built.site) as url:
        yield url


@dataclass(frozen=True)
class SearchBox:
    """Where a theme's search shows what the tests read: Material's list in the page, or
    Zensical's dialog in a shadow root (which Playwright's locators pierce)."""

    result: str  # a result shown
    title: str  # a result's title
    count: str  # the line that says how many documents matched
    opener: str  # what a player clicks to type a search

    def titles(self, page: Any) -> list[str]:
        found: list[str] = page.locator(self.title).all_inner_texts()
        return found

    def first_title_becomes(self, page: Any, title: str) -> None:
        """Wait until the first result's title is `title` (the site's script reorders the list
        when its names file has loaded: this fails if it never does)."""
        from playwright.sync_api import expect

        expect(page.locator(self.title).first).to_have_text(title, timeout=5000)

    def matched(self, page: Any) -> int:
        """The count the theme states, once it states one (Zensical's line can still say
        "No results" for a moment after the list has been drawn)."""
        from playwright.sync_api import expect

        line = page.locator(self.count)
        expect(line).to_have_text(re.compile(r"^\s*\d"), timeout=5000)
        return int(line.inner_text().split()[0])

    def links(self, page: Any) -> list[tuple[str, str, str]]:
        """Every result shown: its title, the line under it that says where it is (Material:
        the first paragraph, Zensical: the path), and where it leads (path and fragment)."""
        # read in one go: the theme may draw the list again while it is read (Zensical does,
        # as more results come), and a result read by its place could be gone
        shown: list[list[str]] = page.locator(self.result).evaluate_all(
            """(items) => items.map((item) => {
                const link = item.querySelector("a[href]");
                const title = link.querySelector("h1, h2");
                const where = link.querySelector("h1 + p, menu");
                return [title ? title.innerText : "", where ? where.innerText : "", link.getAttribute("href") || ""];
            })"""
        )
        found: list[tuple[str, str, str]] = []
        for title, where, href in shown:
            url = urlsplit(href)
            found.append((title, where, url.path + (f"#{url.fragment}" if url.fragment else "")))
        return found


MATERIAL_SEARCH = SearchBox(".md-search-result__item", ".md-search-result__item h1", ".md-search-result__meta", ".md-search__input")
ZENSICAL_SEARCH = SearchBox("ol[role=listbox] > li:visible", "ol[role=listbox] > li:visible h2", "dialog [role=status]", ".md-search__button")


def search_box(page: Any) -> SearchBox:
    """The search of the theme the page was built with."""
    return MATERIAL_SEARCH if page.locator(MATERIAL_SEARCH.opener).count() else ZENSICAL_SEARCH


def search_titles(page: Any, base: str, words: str) -> list[str]:
    """Type `words` into the site's search box; the titles of the results, in order."""
    page.goto(base)
    box = search_box(page)
    page.click(box.opener)
    if box is ZENSICAL_SEARCH:
        from playwright.sync_api import expect

        expect(page.locator("input[role=combobox]")).to_be_focused()  # (the dialog is open)
    page.keyboard.type(words)
    page.wait_for_selector(box.result)
    # the list is drawn as each letter is typed: the titles once two reads 0.1 s apart agree,
    # so they are the results of the whole words, not of a part typed before them
    shown, before = box.titles(page), None
    for _ in range(50):
        if shown == before:
            break
        page.wait_for_timeout(100)
        shown, before = box.titles(page), shown
    return shown


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        message = f"headless Chromium is not installed at {CHROMIUM}: `apt-get install -y chromium` (CI's .ci/run does)"
        if os.environ.get("RULESREF_REQUIRE_BROWSER"):
            pytest.fail(message)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def section_heading(title: str) -> str:
    """How an entry's page writes the heading of a section that stays out of the search
    index (profiles, rule cards, source, the lists of other pages)."""
    ident = title.lower().replace(" ", "-")
    return f'<h2 id="{ident}" data-search-exclude="" markdown>{title}</h2>'


def offline_page(browser: Any) -> tuple[Any, Any, list[str]]:
    """A browser context with the network off, a page in it, and the page's errors as they come."""
    context = browser.new_context(offline=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    return context, page, errors
