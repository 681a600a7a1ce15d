"""The site built by Zensical (`rulesref build --engine zensical`, `[tool.rulesref] engine`),
compared with the one Material for MkDocs builds from the same content (the fixture content,
and imported BattleScribe data played with `w40k7`): the same pages, the
same links in every page's article, the same JSON API files, no broken link, and what
rulesref does after the build (the CSP-ready scripts, the offline copy, the owner marker)
done alike."""

from __future__ import annotations

import re
import signal
import time
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

import pytest

from rulesref import paths
from rulesref.commands.cli import main as rulesref
from rulesref.config import DEFAULT_SITE_URL, MKDOCS, ZENSICAL
from rulesref.site import SITE_OWNER, ZENSICAL_STAGING
from rulesref.support.output import MARKER, marker_text

from ..played import played_content
from .conftest import Built, Sites, build_project, make_project
from .linkcheck import broken_links
from .test_build import tree_hashes
from .test_serve import fetch, port_is_free, serve_running, wait_for

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def zensical_built(sites: Sites) -> Built:
    """The fixture content, built strictly by Zensical (the browser tests' site of that engine)."""
    return sites.get("site", ZENSICAL)


class _ArticleLinks(HTMLParser):
    """The links inside a page's <article> (the theme's own chrome differs between engines)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.inside = 0
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        href = dict(attrs).get("href")
        self.inside += tag == "article"
        if tag == "a" and self.inside and href and not urlsplit(href).scheme:
            self.links.append(href)

    def handle_endtag(self, tag: str) -> None:
        self.inside -= tag == "article"


def _pages(site: Path) -> set[str]:
    return {p.relative_to(site).as_posix() for p in site.rglob("*.html")}


def _links(site: Path, page: str) -> set[str]:
    parser = _ArticleLinks()
    parser.feed((site / page).read_text(encoding="utf-8"))
    return {urljoin(f"http://site/{page}", href) for href in parser.links}


def _api(site: Path) -> dict[str, bytes]:
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in (site / "api").rglob("*.json")}


def test_both_engines_build_the_same_pages_links_and_api(built: Built, zensical_built: Built) -> None:
    pages = _pages(built.site)
    assert len(pages) > 20 and _pages(zensical_built.site) == pages
    differ = [page for page in sorted(pages) if _links(built.site, page) != _links(zensical_built.site, page)]
    assert differ == []
    assert sum(len(_links(built.site, page)) for page in pages) > 100  # (links compared, not none)
    api = _api(built.site)
    assert len(api) > 10 and _api(zensical_built.site) == api


def test_both_engines_build_the_same_site_of_imported_data(sites: Sites) -> None:
    """The invented Lantern Wars data imported and played with `w40k7` (Versus forms, the
    targets script, composed checks), built by each engine (the Versus browser tests' sites)."""
    mkdocs, zensical = (sites.get("played", engine, lambda root: played_content(root / "content")).site for engine in (MKDOCS, ZENSICAL))
    pages = _pages(mkdocs)
    assert any(p.startswith("lanterns/") for p in pages) and _pages(zensical) == pages
    assert [page for page in sorted(pages) if _links(mkdocs, page) != _links(zensical, page)] == []
    assert _api(zensical) == _api(mkdocs)
    assert (zensical / "assets" / "versus" / "lanterns.js").read_bytes() == (mkdocs / "assets" / "versus" / "lanterns.js").read_bytes()
    assert broken_links(zensical, DEFAULT_SITE_URL) == []


def test_no_link_of_the_zensical_site_is_broken(zensical_built: Built) -> None:
    assert broken_links(zensical_built.site, DEFAULT_SITE_URL) == []


def test_the_zensical_site_is_made_csp_ready_and_gets_its_offline_copy_and_marker(zensical_built: Built) -> None:
    page = (zensical_built.site / "w40k7" / "mob-rule" / "index.html").read_text(encoding="utf-8")
    inline = [tag for tag in re.findall(r"<script[^>]*>", page) if "src=" not in tag and 'type="application/json"' not in tag]
    assert inline == [] and page.count('src="../../assets/inline/') >= 2  # every script a file (rulesref.site.csp)
    assert (zensical_built.site / paths.offline_zip(DEFAULT_SITE_URL)).is_file()
    assert (zensical_built.site / MARKER).read_bytes() == marker_text(SITE_OWNER)
    assert not (zensical_built.root / "build" / "site" / ".nav.yml").exists()


def test_the_engine_is_a_setting_and_an_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    project = make_project(tmp_path / "settings")
    (project.root / "pyproject.toml").write_text('[tool.rulesref]\nengine = "zensical"\n', encoding="utf-8")
    from rulesref.config import load_settings

    assert load_settings(project.root).engine == ZENSICAL
    with pytest.raises(SystemExit):
        rulesref(["build", "--engine", "hugo", "--content", str(project.content)])
    assert "invalid choice: 'hugo'" in capsys.readouterr().err


def test_a_second_zensical_build_keeps_its_folders_names_and_builds_what_a_cold_build_does(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Zensical keys its cache by its docs' and site's paths: `rulesref build` stages them in
    folders whose names stay from build to build (`steady_staging`), held by one build at a
    time; after an edit, that warm build's site equals a cold build's (Zensical's cache empty,
    folders of new names), byte for byte."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "86400")
    cache = tmp_path / "cache"
    monkeypatch.setenv("RULESREF_CACHE", str(cache))
    project = make_project(tmp_path / "warm")
    assert build_project(project, engine=ZENSICAL) == 0
    assert (cache / ZENSICAL_STAGING).is_file() and (project.root / ".cache").is_dir()  # (Zensical's own cache, beside the config)
    fear = project.content / "w40k7" / "fear.yml"
    fear.write_text(fear.read_text(encoding="utf-8").replace("must take a Leadership test", "must pass a Leadership test"), encoding="utf-8")
    assert build_project(project, engine=ZENSICAL) == 0
    assert _dot_folders(project.root / "build") == []  # (the staging folders swapped in)
    monkeypatch.setenv("RULESREF_CACHE", "off")
    cold = make_project(tmp_path / "cold", project.content)
    assert build_project(cold, engine=ZENSICAL) == 0
    assert tree_hashes(project.site) == tree_hashes(cold.site)


def _dot_folders(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if p.name.startswith(".")]


def test_serve_with_zensical_regenerates_a_page_when_the_content_changes_and_stops_cleanly(tmp_path: Path) -> None:
    project = make_project(tmp_path / "served")
    log = tmp_path / "serve.log"
    with serve_running(project, log, "--engine", "zensical") as (server, port):
        url = f"http://127.0.0.1:{port}/w40k7/fear/"
        wait_for(url, "Fear-causing enemy", 60)
        assert (project.root / "build" / ".site.serving" / "w40k7" / "fear" / "index.html").is_file()  # (its name kept from serve to serve: Zensical's cache)
        rule = project.content / "w40k7" / "fear.yml"
        text = rule.read_text(encoding="utf-8")
        rule.write_text(text.replace("Fear-causing enemy", "terrifying enemy"), encoding="utf-8")
        wait_for(url, "terrifying enemy")
        assert "the edited page(s) shown" in log.read_text(encoding="utf-8")  # (put into Zensical's site ahead of its rebuild)
        rule.write_text(text.replace("[[Fearless]]", "[[Fearles]]"), encoding="utf-8")
        deadline = time.monotonic() + 20
        while "unresolved-link" not in log.read_text(encoding="utf-8") and time.monotonic() < deadline:
            time.sleep(0.3)
        assert "content/w40k7/fear.yml:" in log.read_text(encoding="utf-8")
        assert "terrifying enemy" in (fetch(url) or "")  # the last good page stays up
        server.send_signal(signal.SIGTERM)
        assert server.wait(timeout=20) == 0
    assert port_is_free(port)
    deadline = time.monotonic() + 10  # (its site folder is removed by a process of its own, after the exit: `remove_later`)
    while _dot_folders(project.root / "build") and time.monotonic() < deadline:
        time.sleep(0.2)
    assert _dot_folders(project.root / "build") == []  # its site folder removed
    assert not project.site.exists()  # `rulesref build`'s site untouched


@pytest.mark.browser
@pytest.mark.deep(everyday=False)
def test_a_page_open_in_the_browser_shows_a_save_by_itself_with_zensical(tmp_path: Path, browser: Any) -> None:
    """Zensical's server reloads a page whose file changes; `serve` writes the saved entry's
    page into its site ahead of Zensical's rebuild, and the page open shows the save."""
    project = make_project(tmp_path / "served")
    log = tmp_path / "serve.log"
    with serve_running(project, log, "--engine", "zensical") as (_, port):
        url = f"http://127.0.0.1:{port}{urlsplit(DEFAULT_SITE_URL).path}w40k7/fear/"  # (where Zensical's reload script knows the page)
        wait_for(url, "Fear-causing enemy", 60)
        page = browser.new_page()
        try:
            page.goto(url)
            page.wait_for_function("document.title !== 'Waiting for connection'")  # (its reload script connected)
            rule = project.content / "w40k7" / "fear.yml"
            rule.write_text(rule.read_text(encoding="utf-8").replace("Fear-causing enemy", "terrifying enemy"), encoding="utf-8")
            page.wait_for_function("document.body.innerText.includes('terrifying enemy')", timeout=30_000)
        finally:
            page.close()
        assert "the edited page(s) shown" in log.read_text(encoding="utf-8")


def test_zensical_builds_in_material_s_look_unless_the_config_names_a_variant(zensical_built: Built) -> None:
    from rulesref.site.zensical import staged_settings

    home = (zensical_built.site / "index.html").read_text(encoding="utf-8")
    assert "assets/stylesheets/classic/main." in home and "stylesheets/modern/" not in home
    assert staged_settings({"theme": {"name": "material", "font": False}})["theme"] == {"name": "material", "font": False, "variant": "classic"}
    assert staged_settings({"theme": "material"})["theme"] == {"name": "material", "variant": "classic"}
    assert staged_settings({"theme": {"name": "material", "variant": "modern"}})["theme"]["variant"] == "modern"  # the user's choice
