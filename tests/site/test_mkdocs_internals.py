"""MkDocs' private names are used in one module only, for the versions it was written for."""

from __future__ import annotations

import re
from pathlib import Path

import mkdocs
import pytest

from rulesref.site import mkdocs_internals

from .conftest import REPO

PRIVATE = re.compile(r"\b(_populate_page|_build_page|_build_theme_template|_serve_request|_epoch_cond|_visible_epoch|_wanted_epoch|_RawHTMLPreprocessor)\b")


def test_the_installed_mkdocs_is_one_the_internals_were_written_for() -> None:
    assert mkdocs.__version__ in mkdocs_internals.SUPPORTED
    mkdocs_internals.check_version()


def test_another_mkdocs_is_refused_with_what_to_install() -> None:
    with pytest.raises(mkdocs_internals.UnsupportedMkDocs, match=r"MkDocs 1\.7\.0 is installed, but rulesref's site needs MkDocs 1\.6\.0 or 1\.6\.1"):
        mkdocs_internals.check_version("1.7.0")


def test_no_other_module_names_mkdocs_private_api() -> None:
    """Not the generator, its benchmarks or its tests (this file only names the names)."""
    sources = sorted(path for folder in ("generator", "benchmarks", "tests") for path in (REPO / folder).rglob("*.py"))
    users = [p.relative_to(REPO).as_posix() for p in sources if p.name != Path(__file__).name and PRIVATE.search(p.read_text(encoding="utf-8"))]
    assert users == ["generator/rulesref/site/mkdocs_internals.py"]


def test_the_pin_of_the_distribution_admits_only_supported_versions() -> None:
    pyproject = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    assert '"mkdocs>=1.6,<1.7"' in pyproject
    constraint = next(line for line in (REPO / "constraints.txt").read_text(encoding="utf-8").splitlines() if line.startswith("mkdocs=="))
    assert constraint.removeprefix("mkdocs==") in mkdocs_internals.SUPPORTED
    assert Path(mkdocs_internals.__file__).name == "mkdocs_internals.py"
