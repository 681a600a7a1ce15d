"""The site as an installable app: a valid web app manifest, linked from every page, and a
service worker that keeps the pages a player has seen, so they open with no server at all."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rulesref.pages.app import MANIFEST, SERVICE_WORKER

from .conftest import Built, search_box, serving

pytestmark = pytest.mark.slow


def test_the_manifest_names_an_installable_app(engine_built: Built) -> None:
    site = engine_built.site
    manifest = json.loads((site / MANIFEST).read_text(encoding="utf-8"))
    assert manifest["name"] and manifest["short_name"] and manifest["display"] == "standalone"
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    for icon in manifest["icons"]:
        assert (site / icon["src"]).is_file()
    worker = (site / SERVICE_WORKER).read_text(encoding="utf-8")
    start = json.loads(worker.split("const START = ", 1)[1].split(";\n", 1)[0])
    for url in start:
        assert (site / url / ("index.html" if url.endswith("/") else "")).is_file(), url
    indexes = json.loads(worker.split("const INDEXES = ", 1)[1].split(";\n", 1)[0])
    assert [url for url in indexes if (site / url).is_file()] != []  # the engine's search index is one of them


def test_the_offline_copy_registers_no_service_worker(built: Built) -> None:
    import zipfile

    from rulesref import paths
    from rulesref.config import DEFAULT_SITE_URL

    with zipfile.ZipFile(built.site / paths.offline_zip(DEFAULT_SITE_URL)) as archive:
        script = archive.read(f"{paths.offline_name(DEFAULT_SITE_URL)}/assets/rulesref-app.js").decode("utf-8")
    assert "/^https?:$/.test(window.location.protocol)" in script


WORKER_READY = "Promise.race([navigator.serviceWorker.ready.then(() => true), new Promise(done => setTimeout(() => done(false), 30000))])"
# the page shown, and every file of the site its scripts and styles are, in the worker's cache
# (it keeps a page first, then the files the page names)
KEPT_WITH_ITS_FILES = """() => caches.open('rulesref-reference').then(cache => {
    const files = Array.from(document.querySelectorAll('script[src], link[rel=stylesheet]'), e => e.src || e.href);
    const urls = [location.href].concat(files.filter(url => new URL(url).origin === location.origin));
    return Promise.all(urls.map(url => cache.match(url))).then(kept => kept.every(Boolean));
})"""


@pytest.mark.browser
def test_chromium_finds_the_site_installable_and_pages_once_seen_open_when_the_server_is_gone(engine_built: Built, browser: Any) -> None:
    context = browser.new_context()
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    with serving(engine_built.site) as base:
        page.goto(base)
        assert page.locator("link[rel=manifest]").get_attribute("href") == f"{base}{MANIFEST}"
        assert page.evaluate(WORKER_READY) is True  # (within 30 s: a worker that never installs fails here, not hangs)
        # Chromium's own verdict; test contexts are incognito, which alone blocks installing.
        errors_found = page.context.new_cdp_session(page).send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert [e["errorId"] for e in errors_found if e["errorId"] != "in-incognito"] == []
        page.goto(base + "w40k7/hit-and-run/")
        page.wait_for_function(KEPT_WITH_ITS_FILES)
        page.wait_for_function("url => caches.open('rulesref-reference').then(c => c.match(url)).then(Boolean)", arg=base + "w40k7/")
    # The server is shut down: what the player saw, and the index pages, still open.
    page.goto(base + "w40k7/hit-and-run/")
    assert page.locator("article h1").inner_text().rstrip("¶") == "Hit & Run"
    page.goto(base + "w40k7/")
    assert page.locator("article h1").count() == 1
    page.goto(base)
    assert page.locator(search_box(page).opener).count() == 1  # (the search box)
    with pytest.raises(Exception, match="ERR_"):  # a page never seen is not there: the cache serves, not a server
        page.goto(base + "w40k7/fear/")
    context.close()
    assert errors == []
