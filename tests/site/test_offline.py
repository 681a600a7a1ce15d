"""The offline copy: a zip of the site built for the file system, linked from the home page,
that opens from file:// and searches with the network off; the published site keeps its
directory URLs and publishes the JSON Schemas at their `$id` URLs."""

from __future__ import annotations

import gzip
import io
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import yaml

from rulesref import paths
from rulesref.config import DEFAULT_SITE_URL, Settings
from rulesref.emit.js_module import twin_path
from rulesref.site import generate, source_date_epoch
from rulesref.site.offline import LOADER, MODULE_SCRIPTS, POLYFILL, SEARCH_SCRIPT, file_url, offline_site
from rulesref.support.schemas import schema_dir

from .conftest import REPO, Built, offline_page, search_box, search_titles

pytestmark = pytest.mark.slow

OFFLINE_NAME = paths.offline_name(DEFAULT_SITE_URL)  # the fixture site has the default settings
OFFLINE_ZIP = paths.offline_zip(DEFAULT_SITE_URL)


def unzip_offline_copy(built: Built, into: Path) -> Path:
    with zipfile.ZipFile(built.site / OFFLINE_ZIP) as archive:
        names = archive.namelist()
        assert all(name.startswith(f"{OFFLINE_NAME}/") for name in names)
        archive.extractall(into)
    return into / OFFLINE_NAME


def test_the_home_page_links_the_offline_zip(built: Built) -> None:
    home = (built.site / "index.html").read_text(encoding="utf-8")
    assert f'href="{OFFLINE_ZIP}"' in home
    assert zipfile.ZipFile(built.site / OFFLINE_ZIP).testzip() is None


def test_the_offline_copy_links_files_and_the_published_site_folders(built: Built, tmp_path: Path) -> None:
    copy = unzip_offline_copy(built, tmp_path)
    offline_page = (copy / "w40k7" / "fear" / "index.html").read_text(encoding="utf-8")
    published_page = (built.site / "w40k7" / "fear" / "index.html").read_text(encoding="utf-8")
    assert 'href="../fearless/index.html' in offline_page
    assert 'href="../fearless/"' in published_page or 'href="../fearless/#' in published_page
    assert (copy / "search" / "search_index.js").read_text(encoding="utf-8").startswith("var __index = ")
    home = (copy / "index.html").read_text(encoding="utf-8")
    assert "offline copy of the reference" in home and OFFLINE_ZIP not in home
    assert not list(copy.rglob("*.map"))
    assert "unpkg.com" not in home and "://" not in "".join(
        line for line in home.splitlines() if "<script" in line and "src=" in line
    )


def test_the_schemas_are_published_at_their_ids(built: Built) -> None:
    for schema in sorted(schema_dir().glob("*.schema.json")):
        published = built.site / paths.SCHEMAS / schema.name
        assert published.read_bytes() == schema.read_bytes()
        url = json.loads(schema.read_text(encoding="utf-8"))["$id"]
        assert url.endswith(f"/{paths.SCHEMAS}/{schema.name}")


@pytest.mark.browser
def test_the_unzipped_copy_searches_from_the_file_system_with_no_network(engine_built: Built, browser: Any, tmp_path: Path) -> None:
    """Material reads its index from the pages' own script; Zensical's pages load `search.js`
    (its index as a script, which the copy writes from `search.json`)."""
    copy = unzip_offline_copy(engine_built, tmp_path)
    context = browser.new_context(offline=True)
    page = context.new_page()
    errors: list[str] = []
    requests: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("request", lambda request: requests.append(request.url))
    titles = search_titles(page, (copy / "index.html").as_uri(), "hit")
    assert titles[0] == "Hit & Run · 40k 7th"
    page.locator(search_box(page).result).first.click()
    page.wait_for_url(lambda url: url.startswith("file://") and "/w40k7/hit-and-run/index.html" in url)
    assert page.locator("article h1").inner_text().rstrip("¶") == "Hit & Run"
    context.close()
    assert errors == []
    assert requests and [url for url in requests if not url.startswith(("file://", "data:", "blob:", "about:"))] == []


@pytest.mark.browser
def test_try_it_works_in_the_unzipped_copy(engine_built: Built, browser: Any, tmp_path: Path) -> None:
    """Browsers run no ES modules from file://: the copy loads the checks' classic twins."""
    copy = unzip_offline_copy(engine_built, tmp_path)
    context, page, errors = offline_page(browser)
    page.goto((copy / "w40k7" / "mob-rule" / "index.html").as_uri())
    page.wait_for_function("document.querySelectorAll('.rr-try-ready').length === document.querySelectorAll('.rr-try').length")
    holder = page.locator(".rr-try").first
    result = holder.locator(".rr-try-result")
    assert result.inner_text().strip()
    models = holder.locator("input[type=number]")
    models.fill("0")
    models.dispatch_event("input")
    assert result.inner_text() == "Not allowed: models must be a whole number from 1 to 100, not 0"
    # a check with a pool: its module reads the pools' twin, which the loader reads first
    page.goto((copy / "w40k7" / "brutal" / "index.html").as_uri())
    page.wait_for_function("document.querySelectorAll('.rr-try-ready').length === document.querySelectorAll('.rr-try').length")
    pool = page.locator(".rr-try").nth(1)
    assert pool.locator(".rr-try-result").inner_text() == "How many of the X Wounds of one allocated Wound a model loses, each saved separately: 2."
    assert pool.locator(".rr-try-odds .rr-odds-mean").inner_text() == "On average: 1.5 (exactly 3/2)."
    context.close()
    assert errors == []


def _file_system_build(built: Built, workspace: Path) -> Path:
    """The fixture docs built by MkDocs for the file system, as the offline copy was made
    before it was derived from the published site: `use_directory_urls: false`, the theme's
    offline plugin (the search index as a script), the frame worker as the theme's polyfill
    and the classic twins of the module scripts (which the docs carry). The site it wrote."""
    shutil.copytree(built.docs, workspace / "docs")
    # the pages as rulesref writes them for this config: the parts that are finished HTML link
    # to `index.html` files, as MkDocs makes the links of their Markdown (`rulesref.pages.finished`)
    pages, _ = generate(str(built.content), replace(Settings(), directory_urls=False))
    assert pages.keys() <= {p.relative_to(built.docs).as_posix() for p in built.docs.rglob("*") if p.is_file()}
    for rel, data in pages.items():
        if rel.endswith(".md"):
            (workspace / "docs" / rel).write_bytes(data)
    docs = {p.relative_to(built.docs).as_posix(): p.read_bytes() for p in built.docs.rglob("*") if p.is_file()}
    for rel, data in offline_site(built.site, docs, DEFAULT_SITE_URL).items():  # the inlined stylesheets only
        if rel.endswith(".css") and rel.startswith(f"{paths.ASSETS}/rulesref"):
            (workspace / "docs" / rel).parent.mkdir(parents=True, exist_ok=True)
            (workspace / "docs" / rel).write_bytes(data)
    base = yaml.safe_load((REPO / "mkdocs.yml").read_text(encoding="utf-8"))
    scripts: list[Any] = []
    for item in base["extra_javascript"]:
        if isinstance(item, dict) and item.get("path") in MODULE_SCRIPTS:
            scripts += [LOADER, twin_path(item["path"])]
        else:
            scripts.append(item)
    config = {
        **base,
        "INHERIT": "docs/.nav.yml",
        "docs_dir": "docs",
        "site_dir": "site",
        "site_url": DEFAULT_SITE_URL,
        "use_directory_urls": False,
        "plugins": [*base["plugins"], "offline"],
        "extra": {"polyfills": [POLYFILL]},
        "extra_javascript": scripts,
    }
    (workspace / "mkdocs.offline.yml").write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")
    # the date the site was built with (MkDocs stamps the sitemap with it): the content's, not today's
    env = dict(os.environ, SOURCE_DATE_EPOCH=source_date_epoch(str(built.content)))
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--quiet", "-f", "mkdocs.offline.yml"], cwd=workspace, capture_output=True, text=True, check=False, env=env)
    assert done.returncode == 0, done.stderr
    return workspace / "site"


def _same_page(html: str) -> str:
    """A page with its whitespace between tags run together, and the polyfill's script tag
    taken out (the file system build puts it among the stylesheets, the copy before
    `</head>`; either way it runs before the theme's scripts)."""
    html = re.sub(r'\s*<script src="[^"]*rulesref-iframe-worker\.js"></script>', "", html)
    return re.sub(r">\s+<", "><", re.sub(r"[ \t]*\n\s*", "\n", html))


def test_the_copy_made_from_the_site_equals_a_build_for_the_file_system(built: Built, tmp_path: Path) -> None:
    """Every file of the offline copy is what a second MkDocs build with file URLs makes."""
    reference = _file_system_build(built, tmp_path / "reference")
    copy = unzip_offline_copy(built, tmp_path / "copy")
    expected = {p.relative_to(reference).as_posix() for p in reference.rglob("*") if p.is_file() and p.suffix != ".map"}
    actual = {p.relative_to(copy).as_posix() for p in copy.rglob("*") if p.is_file()}
    inline = {rel for rel in actual if rel.startswith(f"{paths.ASSETS}/inline/")}  # the published site's scripts out of its pages (csp)
    assert actual - inline == expected, (actual - inline) ^ expected
    differing = []
    for rel in sorted(expected):
        mine, theirs = (copy / rel).read_bytes(), (reference / rel).read_bytes()
        if rel.endswith(".html"):
            mine_text, theirs_text = _same_page(mine.decode()), _same_page(theirs.decode())
            if rel == "index.html":  # the one page the copy changes on purpose: the home page says it is the copy
                assert 'class="rr-online-only"' in theirs_text and 'class="rr-online-only"' not in mine_text
                theirs_text = re.sub(r'<p class="rr-online-only".*?</p>\s*', "", theirs_text, flags=re.DOTALL)
                theirs_text = re.sub(r'(<p class="rr-offline-only"[^>]*?) hidden(="[^"]*")?', r"\1", theirs_text)
            if mine_text != theirs_text:
                differing.append(rel)
        elif rel.endswith(".gz"):
            if gzip.decompress(mine) != gzip.decompress(theirs):
                differing.append(rel)
        elif rel in ("search/search_index.json", SEARCH_SCRIPT):
            if json.loads(mine.split(b"=", 1)[1] if rel == SEARCH_SCRIPT else mine) != json.loads(theirs.split(b"=", 1)[1] if rel == SEARCH_SCRIPT else theirs):
                differing.append(rel)
        elif mine != theirs:
            differing.append(rel)
    assert differing == []


@pytest.mark.parametrize(
    ("published", "on_disk"),
    [
        ("../fear/", "../fear/index.html"),
        ("../fear/#roll", "../fear/index.html#roll"),
        ("../..", "../../index.html"),
        ("..", "../index.html"),
        (".", "index.html"),
        ("./", "index.html"),
        ("/rulesref/.", "/rulesref/index.html"),
        ("/rulesref/w40k7/", "/rulesref/w40k7/index.html"),
        ("w40k7/", "w40k7/index.html"),
        ("#roll", "#roll"),
        ("../../assets/rulesref.css", "../../assets/rulesref.css"),
        ("../../api/w40k7/fear.json", "../../api/w40k7/fear.json"),
        ("https://example.org/x/", "https://example.org/x/"),
        (DEFAULT_SITE_URL + "w40k7/fear/", DEFAULT_SITE_URL + "w40k7/fear/index.html"),
        (DEFAULT_SITE_URL, DEFAULT_SITE_URL + "index.html"),
    ],
)
def test_a_link_to_a_page_s_folder_becomes_a_link_to_its_file(published: str, on_disk: str) -> None:
    assert file_url(published, DEFAULT_SITE_URL) == on_disk


def test_a_failed_offline_copy_leaves_the_previous_site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from rulesref import site as site_module

    from .conftest import build_project, make_project
    from .test_build import tree_hashes

    project = make_project(tmp_path / "kept")
    assert build_project(project) == 0
    before = tree_hashes(project.site)

    def full_disk(*args: object) -> bytes:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(site_module, "offline_zip", full_disk)
    with pytest.raises(OSError):
        build_project(project)
    assert tree_hashes(project.site) == before
    assert [p.name for p in project.site.parent.iterdir() if p.name.startswith(".")] == []


def test_a_build_makes_and_deflates_only_the_files_of_the_copy_that_changed(built: Built, tmp_path: Path) -> None:
    """The copy's members are kept by the bytes each was made from: the next build's zip is
    byte for byte the zip made from nothing, and only the files that changed are made and
    deflated again. The zip is written by hand (zipfile cannot take a member already
    deflated): zipfile reads it, checks every CRC, and finds the copy's every file."""
    from rulesref.site import offline

    docs = {p.relative_to(built.docs).as_posix(): p.read_bytes() for p in built.docs.rglob("*") if p.is_file()}
    site = tmp_path / "site"
    shutil.copytree(built.site, site)
    store = tmp_path / "cache"
    cold = offline.offline_zip(site, docs, DEFAULT_SITE_URL, 0)
    assert offline.offline_zip(site, docs, DEFAULT_SITE_URL, 0, store) == cold
    made: list[int] = []

    def deflate(data: bytes) -> offline.Member:
        made.append(len(data))
        return offline.deflated(data)

    assert offline.offline_zip(site, docs, DEFAULT_SITE_URL, 0, store, deflate=deflate) == cold
    css = sum(1 for rel in docs if rel.startswith(f"{paths.ASSETS}/") and rel.endswith(".css"))
    assert len(made) == css  # the stylesheets, made from more than their own bytes, are always made
    page = site / "w40k7" / "fear" / "index.html"
    page.write_bytes(page.read_bytes().replace(b"</body>", b"<p>edited</p></body>"))
    made.clear()
    warm = offline.offline_zip(site, docs, DEFAULT_SITE_URL, 0, store, deflate=deflate)
    assert len(made) == css + 1
    assert warm == offline.offline_zip(site, docs, DEFAULT_SITE_URL, 0)
    with zipfile.ZipFile(io.BytesIO(warm)) as archive:
        assert archive.testzip() is None
        files = offline_site(site, docs, DEFAULT_SITE_URL)
        assert archive.namelist() == [f"{OFFLINE_NAME}/{rel}" for rel in files]
        assert all(archive.read(f"{OFFLINE_NAME}/{rel}") == data for rel, data in files.items())
        assert b"<p>edited</p>" in archive.read(f"{OFFLINE_NAME}/w40k7/fear/index.html")
