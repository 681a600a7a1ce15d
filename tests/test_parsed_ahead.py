"""Entry files parsed ahead by a forked worker (`rulesref.read.ahead`): a run that shares
its parsing out reports exactly what a run in one process reports, builds the same model,
and leaves the same load cache behind; only the clean files a worker parsed are not parsed
again by the run."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest

from rulesref import validate as validate_module
from rulesref.build import Build
from rulesref.read import ahead
from rulesref.read.load import Document, load_read
from rulesref.validate import validate

from .conftest import REPO
from .test_load_cache import _edit


@pytest.fixture
def shipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the shipped content with a syntax error, a schema error and dangling links."""
    target = tmp_path / "content"
    shutil.copytree(REPO / "content", target)
    _edit(target)
    monkeypatch.setenv("RULESREF_JOBS", "2")  # one worker beside the run, whatever the machine
    return target


def _parsed_by_the_run(monkeypatch: pytest.MonkeyPatch, pause: float = 0.0) -> list[str]:
    """The shown paths of the files the run parses itself (each taking `pause` seconds more,
    so that a worker surely takes some while the run is slower than it)."""
    parsed: list[str] = []

    def spy(raw: bytes, display: str) -> tuple[Document | None, list[object]]:
        parsed.append(display)
        time.sleep(pause)
        return load_read(raw, display)  # type: ignore[return-value]

    monkeypatch.setattr(validate_module, "load_read", spy)
    return parsed


def _run(content: Path, monkeypatch: pytest.MonkeyPatch, *, shared: bool) -> Build:
    with monkeypatch.context() as patch:
        patch.setattr(ahead, "MIN_FILES", 2 if shared else 10**9)
        return validate([str(content)], odds=True)


@pytest.mark.parametrize("cache", ["off", "on"])
def test_a_run_that_shares_its_parsing_out_finds_what_one_process_finds(shipped: Path, cache: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULESREF_CACHE", "off" if cache == "off" else str(tmp_path / "cache"))
    alone = _run(shipped, monkeypatch, shared=False)
    if cache == "on":
        shutil.rmtree(tmp_path / "cache")  # the shared run starts from nothing too
    files = len(list(shipped.rglob("*.yml")))
    parsed = _parsed_by_the_run(monkeypatch, pause=0.005)
    shared = _run(shipped, monkeypatch, shared=True)
    assert 0 < len(parsed) < files - 50, "the worker parsed none of the files"  # (the run is slowed, the worker is not)
    assert {"blast.yml", "brutal.yml"} <= {Path(p).name for p in parsed}  # a file with a problem is the run's own
    assert {p.code for p in alone.problems} >= {"yaml-syntax", "unknown-key"}
    assert shared.problems == alone.problems
    assert shared.content == alone.content
    assert shared.compiled.keys() == alone.compiled.keys()


def test_what_a_worker_parsed_is_kept_in_the_load_cache_like_what_the_run_parsed(shipped: Path, cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    parsed = _parsed_by_the_run(monkeypatch, pause=0.005)
    first = _run(shipped, monkeypatch, shared=True)
    assert len(parsed) < len(list(shipped.rglob("*.yml"))) - 50
    parsed.clear()
    again = _run(shipped, monkeypatch, shared=False)
    assert sorted(Path(p).name for p in parsed) == ["blast.yml", "brutal.yml"]  # files with problems are never kept
    assert again.problems == first.problems
    assert again.content == first.content
