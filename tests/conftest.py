"""Shared test helpers: the fixture content tree, copied so each test can change it freely;
and the two depths of the suite.

The everyday run (`tasks.py test`) runs every test, but a test marked `deep`, whose worth
grows with how much it covers (every page of the shipped site walked in Chromium, long
random series of edits), takes a sample there (`Depth`); one marked `deep(everyday={...})`
runs there with those parameters only (a scale or a variant of it); one marked
`deep(everyday=False)`, the random twin of a fixed everyday test, not at all; and the
browser tests run on the default engine only. `--deep` (`tasks.py test --deep`, which CI
runs after the everyday run) runs what the everyday run left: the rest of each deep test's
ground, its other parameters, and the browser tests on the other engine. The two runs
together cover everything once.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import pytest

from rulesref.config import MKDOCS

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


# --- the two depths ---------------------------------------------------------------------------

T = TypeVar("T")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--deep",
        action="store_true",
        help="run what the everyday run leaves out: the rest of each test marked deep, and the browser tests on engines other than the default",
    )


def _deep_only(item: pytest.Item) -> bool:
    """A test only `--deep` runs: a browser test on an engine other than the default, or one
    whose parameters are not those its `deep(everyday=...)` mark names."""
    callspec = getattr(item, "callspec", None)
    params = callspec.params if callspec is not None else {}
    if params.get("engine", MKDOCS) != MKDOCS and item.get_closest_marker("browser") is not None:
        return True
    mark = item.get_closest_marker("deep")
    everyday = mark.kwargs.get("everyday") if mark is not None else None
    if everyday is False:  # the deep twin of an everyday test
        return True
    return everyday is not None and any(params.get(name) != value for name, value in everyday.items())


def _runs(item: pytest.Item, deep: bool) -> bool:
    """Whether this run (`--deep` or the everyday one) runs the test: `--deep` runs what only
    it runs and the rest of the sampling tests (marked `deep` with no parameters named)."""
    if deep:
        mark = item.get_closest_marker("deep")
        return _deep_only(item) or (mark is not None and "everyday" not in mark.kwargs)
    return not _deep_only(item)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    deep = bool(config.getoption("deep"))
    kept = [item for item in items if _runs(item, deep)]
    if len(kept) < len(items):
        chosen = {id(item) for item in kept}
        config.hook.pytest_deselected(items=[item for item in items if id(item) not in chosen])
        items[:] = kept


@dataclass(frozen=True)
class Depth:
    """How much of its ground a test marked `deep` covers in this run."""

    deep: bool

    def part(self, everything: list[T], sample: list[T]) -> list[T]:
        """The everyday run's `sample` of `everything`; with `--deep`, the rest of it."""
        if not self.deep:
            return sample
        taken = set(sample)
        return [one for one in everything if one not in taken]

    def every(self, items: list[T], nth: int) -> list[T]:
        """Every `nth` of `items` (the first among them) in the everyday run; with `--deep`,
        the others."""
        return [one for i, one in enumerate(items) if (i % nth == 0) != self.deep]

    def pick(self, everyday: T, deep: T) -> T:
        """What this run takes of two: the everyday run's or the deep run's."""
        return deep if self.deep else everyday


@pytest.fixture(scope="session")
def depth(pytestconfig: pytest.Config) -> Depth:
    return Depth(bool(pytestconfig.getoption("deep")))
