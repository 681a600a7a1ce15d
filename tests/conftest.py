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
