"""The site as an installable app: a valid web app manifest, linked from every page, and a
service worker that keeps the pages a player has seen, so they open with no server at all."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rulesref.pages.app import MANIFEST, SERVICE_WORKER

from .conftest import Built, serving

pytestmark = pytest.mark.slow


def test_the_manifest_names_an_installable_app(built: Built) -> None:
    manifest = json.loads((built.site / MANIFEST).read_text(encoding="utf-8"))
    assert manifest["name"] and manifest["short_name"] and manifest["display"] == "standalone"
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    for icon in manifest["icons"]:
        assert (built.site / icon["src"]).is_file()
    worker = (built.site / SERVICE_WORKER).read_text(encoding="utf-8")
    start = json.loads(worker.split("const START = ", 1)[1].split(";\n", 1)[0])
    for url in start:
        assert (built.site / url / ("index.html" if url.endswith("/") else "")).is_file(), url


def test_the_offline_copy_registers_no_service_worker(built: Built) -> None:
    import zipfile

    from rulesref import paths
    from rulesref.config import DEFAULT_SITE_URL

    with zipfile.ZipFile(built.site / paths.offline_zip(DEFAULT_SITE_URL)) as archive:
        script = archive.read(f"{paths.offline_name(DEFAULT_SITE_URL)}/assets/rulesref-app.js").decode("utf-8")
    assert "/^https?:$/.test(window.location.protocol)" in script


@pytest.mark.browser
def test_chromium_finds_the_site_installable_and_pages_once_seen_open_when_the_server_is_gone(built: Built, browser: Any) -> None:
    context = browser.new_context()
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    with serving(built.site) as base:
        page.goto(base)
        assert page.locator("link[rel=manifest]").get_attribute("href") == f"{base}{MANIFEST}"
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        # Chromium's own verdict; test contexts are incognito, which alone blocks installing.
        errors_found = page.context.new_cdp_session(page).send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert [e["errorId"] for e in errors_found if e["errorId"] != "in-incognito"] == []
        page.goto(base + "w40k7/hit-and-run/")
        page.wait_for_function(
            "url => caches.open('rulesref-reference').then(c => c.match(url)).then(Boolean)", arg=base + "w40k7/hit-and-run/"
        )
        page.wait_for_function("url => caches.open('rulesref-reference').then(c => c.match(url)).then(Boolean)", arg=base + "w40k7/")
    # The server is shut down: what the player saw, and the index pages, still open.
    page.goto(base + "w40k7/hit-and-run/")
    assert page.locator("article h1").inner_text().rstrip("¶") == "Hit & Run"
    page.goto(base + "w40k7/")
    assert page.locator("article h1").count() == 1
    page.goto(base)
    assert page.locator(".md-search__input").count() == 1
    with pytest.raises(Exception, match="ERR_"):  # a page never seen is not there: the cache serves, not a server
        page.goto(base + "w40k7/fear/")
    context.close()
    assert errors == []
