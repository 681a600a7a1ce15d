"""The offline copy: a zip of the site built for the file system, linked from the home page,
that opens from file:// and searches with the network off; the published site keeps its
directory URLs and publishes the JSON Schemas at their `$id` URLs."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest

from rulesref.config import DEFAULT_SITE_URL
from rulesref.render import paths
from rulesref.schemas import schema_dir
from rulesref.site.offline import OFFLINE_SITE, POLYFILL, prepare

from .conftest import REPO, Built, search_titles

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
def test_the_unzipped_copy_searches_from_the_file_system_with_no_network(built: Built, browser: Any, tmp_path: Path) -> None:
    copy = unzip_offline_copy(built, tmp_path)
    context = browser.new_context(offline=True)
    page = context.new_page()
    errors: list[str] = []
    requests: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("request", lambda request: requests.append(request.url))
    titles = search_titles(page, (copy / "index.html").as_uri(), "hit")
    assert titles[0] == "Hit & Run · 40k 7th"
    page.locator(".md-search-result__item").first.click()
    page.wait_for_url(lambda url: url.startswith("file://") and "/w40k7/hit-and-run/index.html" in url)
    assert page.locator("article h1").inner_text().rstrip("¶") == "Hit & Run"
    context.close()
    assert errors == []
    assert requests and [url for url in requests if not url.startswith(("file://", "data:", "blob:", "about:"))] == []


@pytest.mark.browser
def test_try_it_works_in_the_unzipped_copy(built: Built, browser: Any, tmp_path: Path) -> None:
    """Browsers run no ES modules from file://: the copy loads the checks' classic twins."""
    copy = unzip_offline_copy(built, tmp_path)
    context = browser.new_context(offline=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.goto((copy / "w40k7" / "mob-rule" / "index.html").as_uri())
    page.wait_for_function("document.querySelectorAll('.rr-try-ready').length === document.querySelectorAll('.rr-try').length")
    holder = page.locator(".rr-try").first
    result = holder.locator(".rr-try-result")
    assert result.inner_text().strip()
    models = holder.locator("input[type=number]")
    models.fill("0")
    models.dispatch_event("input")
    assert result.inner_text() == "Not allowed: models must be a whole number from 1 to 100, not 0"
    context.close()
    assert errors == []


def test_zensical_builds_the_offline_copy_too(built: Built, tmp_path: Path) -> None:
    project = tmp_path / "zensical"
    shutil.copytree(built.docs, project / "build" / "docs")
    shutil.copy(REPO / "mkdocs.yml", project / "mkdocs.yml")
    files = {p.relative_to(built.docs).as_posix(): p.read_bytes() for p in built.docs.rglob("*") if p.is_file()}
    workspace = project / "build" / "offline"
    config = prepare(project / "mkdocs.yml", workspace, files)
    zensical = Path(sys.executable).with_name("zensical")
    done = subprocess.run([str(zensical), "build", "-f", str(config)], cwd=project, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    site = workspace / OFFLINE_SITE
    home = (site / "index.html").read_text(encoding="utf-8")
    assert "offline copy of the reference" in home and "unpkg.com" not in home
    assert POLYFILL in home
    assert 'href="../fearless/index.html' in (site / "w40k7" / "fear" / "index.html").read_text(encoding="utf-8")
    assert (site / "search.js").read_text(encoding="utf-8").startswith("var __index")


def test_a_failed_offline_build_leaves_the_previous_site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from rulesref.site.offline import OfflineBuild

    from .conftest import build_project, make_project
    from .test_build import tree_hashes

    project = make_project(tmp_path / "kept")
    assert build_project(project) == 0
    before = tree_hashes(project.site)
    monkeypatch.setattr(OfflineBuild, "finish", lambda self: None)
    assert build_project(project) == 1
    assert tree_hashes(project.site) == before
    assert [p.name for p in project.site.parent.iterdir() if p.name.startswith(".")] == []
