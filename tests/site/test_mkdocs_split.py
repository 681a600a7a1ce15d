"""MkDocs' reading and writing of pages split over forked processes (`rulesref.site.mkdocs_split`)
makes the very site `mkdocs build` makes, logs what MkDocs logs (and `--strict` counts it),
and falls back to reading or writing in the build's process whatever a worker could not send."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from mkdocs.commands import build as build_module
from mkdocs.config import load_config
from mkdocs.exceptions import Abort
from mkdocs.plugins import BasePlugin

from rulesref.config import Settings
from rulesref.site import generate, mkdocs_internals, mkdocs_kept, mkdocs_split
from rulesref.site.serve import sync_tree

from .conftest import Built, make_project, site_files

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not hasattr(os, "fork"), reason="splitting needs fork")]


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Built:
    project = make_project(tmp_path_factory.mktemp("split"))
    files, problems = generate(str(project.content), Settings())
    assert files, problems
    sync_tree(project.docs, files)
    return project


@pytest.fixture(scope="module")
def bare(project: Built, tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """The site as `mkdocs build` makes it from the same docs."""
    site = tmp_path_factory.mktemp("bare") / "site"
    env = dict(os.environ, SOURCE_DATE_EPOCH="1700000000", NO_MKDOCS_2_WARNING="1")
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(project.config), "-d", str(site)], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return site_files(site)


WRITTEN: list[str] = []  # the pages the `reads` fixture saw written in the build's own process


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The pages read in the build's own process (the workers' reads happen in theirs; those
    written there are in `WRITTEN`), with MkDocs' page steps restored after the test."""
    seen: list[str] = []
    original, writing = mkdocs_internals.page_steps()
    pid = os.getpid()
    WRITTEN.clear()

    def counted(page: Any, config: Any, files: Any, dirty: bool = False) -> None:
        if os.getpid() == pid:
            seen.append(page.file.src_uri)
        original(page, config, files, dirty)

    def written(page: Any, *args: Any, **kwargs: Any) -> None:
        if os.getpid() == pid:
            WRITTEN.append(page.file.src_uri)
        writing(page, *args, **kwargs)

    mkdocs_internals.replace_page_steps(counted, written)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    try:
        yield seen
    finally:
        mkdocs_internals.replace_page_steps(original, writing)


def _build(project: Built, site: Path, processes: int, *, strict: bool = False, plugin: BasePlugin | None = None) -> int:  # type: ignore[type-arg]
    """Build in this process, as the runner does, reading pages in `processes` processes;
    the number of pages the build read."""
    mkdocs_split.install(processes, mkdocs_internals, mkdocs_kept)
    config = load_config(str(project.config), site_dir=str(site), strict=strict)
    if plugin is not None:
        config.plugins["test/reading"] = plugin  # (registers its events)
    config.plugins.on_startup(command="build", dirty=False)
    try:
        build_module.build(config)
    finally:
        config.plugins.on_shutdown()
    docs = Path(config.docs_dir)
    return sum(1 for path in docs.rglob("*.md") if not any(part.startswith(".") for part in path.relative_to(docs).parts))


def test_a_split_build_makes_the_very_site_mkdocs_build_makes(project: Built, bare: dict[str, object], reads: list[str], tmp_path: Path) -> None:
    pages = _build(project, tmp_path / "site", 2)
    assert site_files(tmp_path / "site") == bare
    assert len(reads) < pages  # the build read the first pages, and the worker the others
    assert len(WRITTEN) < pages  # and wrote them


def test_three_processes_share_the_pages_too(project: Built, bare: dict[str, object], reads: list[str], tmp_path: Path) -> None:
    pages = _build(project, tmp_path / "site", 3)
    assert site_files(tmp_path / "site") == bare
    assert len(reads) < pages
    assert len(WRITTEN) < pages


def test_pages_a_worker_could_not_read_are_read_by_the_build(
    project: Built, bare: dict[str, object], reads: list[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    counted, _ = mkdocs_internals.page_steps()
    pid = os.getpid()
    failed: list[str] = []

    def failing_in_worker(page: Any, config: Any, files: Any, dirty: bool = False) -> None:
        if os.getpid() != pid and page.file.src_uri.endswith("fearless/index.md"):
            raise OSError("a worker's read failed")
        counted(page, config, files, dirty)
        if os.getpid() == pid and page.file.src_uri.endswith("fearless/index.md"):
            failed.append(page.file.src_uri)

    mkdocs_internals.replace_page_steps(failing_in_worker)  # (the `reads` fixture restores MkDocs' own)
    pages = _build(project, tmp_path / "site", 2)
    assert site_files(tmp_path / "site") == bare
    assert failed  # the page the worker failed on was read here
    assert len(reads) < pages  # the worker read the pages it took before that one


def test_a_warning_found_by_a_worker_is_logged_once_and_strict_counts_it(
    project: Built, reads: list[str], caplog: pytest.LogCaptureFixture, tmp_path: Path
) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    for n in range(6):
        link = "[gone](missing.md)" if n == 5 else "[home](index.md)"
        (docs / ("index.md" if n == 0 else f"page{n}.md")).write_text(f"# Page {n}\n\n{link}\n", encoding="utf-8")
    counted, _ = mkdocs_internals.page_steps()
    pid = os.getpid()

    def slowly(page: Any, config: Any, files: Any, dirty: bool = False) -> None:
        if os.getpid() == pid:
            time.sleep(0.2)  # (so the worker, which starts from the last page, takes page 5)
        counted(page, config, files, dirty)

    mkdocs_internals.replace_page_steps(slowly)  # (the `reads` fixture restores MkDocs' own)
    config = tmp_path / "mkdocs.yml"
    config.write_text(f"site_name: t\ndocs_dir: {docs}\nvalidation:\n  unrecognized_links: warn\n", encoding="utf-8")
    small = Built(tmp_path, tmp_path / "content", config, docs, tmp_path / "site")
    with caplog.at_level("WARNING", logger="mkdocs"), pytest.raises(Abort, match="1 warnings"):
        _build(small, tmp_path / "site", 2, strict=True)
    warned = [r.getMessage() for r in caplog.records if "missing.md" in r.getMessage()]
    assert len(warned) == 1, warned
    assert "page5.md" not in reads  # page 5 was read by the worker


def test_a_plugin_that_works_while_pages_are_read_keeps_the_build_in_one_process(
    project: Built, bare: dict[str, object], reads: list[str], tmp_path: Path
) -> None:
    class Reading(BasePlugin):  # type: ignore[type-arg,no-untyped-call]
        def on_page_markdown(self, markdown: str, /, **kwargs: Any) -> str:
            return markdown

    pages = _build(project, tmp_path / "site", 2, plugin=Reading())
    assert len(reads) == pages
    assert site_files(tmp_path / "site") == bare


def test_pages_a_worker_could_not_write_are_written_by_the_build(
    project: Built, bare: dict[str, object], reads: list[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    reading, counted = mkdocs_internals.page_steps()
    pid = os.getpid()

    def failing_in_worker(page: Any, *args: Any, **kwargs: Any) -> None:
        if os.getpid() != pid and page.file.src_uri.endswith("fearless/index.md"):
            raise OSError("a worker's write failed")
        counted(page, *args, **kwargs)

    mkdocs_internals.replace_page_steps(reading, failing_in_worker)  # (the `reads` fixture restores MkDocs' own)
    pages = _build(project, tmp_path / "site", 2)
    assert site_files(tmp_path / "site") == bare
    assert any(uri.endswith("fearless/index.md") for uri in WRITTEN)  # the page the worker failed on was written here
    assert len(WRITTEN) < pages  # the worker wrote the pages it took before that one


def test_a_plugin_that_works_while_pages_are_written_keeps_their_writing_in_one_process(
    project: Built, bare: dict[str, object], reads: list[str], tmp_path: Path
) -> None:
    class Writing(BasePlugin):  # type: ignore[type-arg,no-untyped-call]
        def on_post_page(self, output: str, /, **kwargs: Any) -> str:
            return output

    pages = _build(project, tmp_path / "site", 2, plugin=Writing())
    assert len(reads) < pages  # reading is still shared
    assert len(WRITTEN) == pages
    assert site_files(tmp_path / "site") == bare
