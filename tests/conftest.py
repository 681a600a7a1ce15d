"""Shared test helpers: the fixture content tree, copied so each test can change it freely."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent / "fixtures"
REPO = Path(__file__).parent.parent


@pytest.fixture
def content(tmp_path: Path) -> Path:
    """A fresh copy of the small valid demo content (systems `demo` and `other`)."""
    target = tmp_path / "content"
    shutil.copytree(FIXTURES / "content", target)
    return target


@pytest.fixture(autouse=True, scope="session")
def _compile_cache(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The compile cache of the tests lives in a folder of their own (never the checkout's),
    shared by the session so that repeated runs over the same files do take the cached path."""
    import os

    os.environ["RULESREF_CACHE"] = str(tmp_path_factory.mktemp("rulesref-cache"))


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache folder of one test's own (`RULESREF_CACHE`), empty at its start."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("RULESREF_CACHE", str(folder))
    return folder


def edit(path: Path, old: str, new: str) -> None:
    """Replace the first `old` in a text file by `new` (which must be there)."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
