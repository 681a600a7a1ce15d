"""MkDocs' private names are used in one module only, for the versions it was written for."""

from __future__ import annotations

import re
from pathlib import Path

import mkdocs
import pytest

from rulesref.site import mkdocs_internals

from .conftest import REPO

PRIVATE = re.compile(r"\b(_populate_page|_build_page|_build_theme_template|_serve_request|_epoch_cond|_visible_epoch|_wanted_epoch|_RawHTMLPreprocessor|_file_sort_key)\b")


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


def test_pages_not_written_yet_are_listed_where_mkdocs_lists_them_once_written(tmp_path: Path) -> None:
    """`serve` lists the pages it put off without writing them (`docs_files`): in the order a
    walk of the docs folder gives once they are written (index first in a folder, a folder's
    files before its folders), which is the sitemap's."""
    from mkdocs.config import load_config
    from mkdocs.structure.files import get_files

    (tmp_path / "mkdocs.yml").write_text("site_name: Listed\ndocs_dir: docs\n", encoding="utf-8")
    (tmp_path / "docs").mkdir()
    config = load_config(str(tmp_path / "mkdocs.yml"))
    every = ["index.md", "a.md", "zz.md", "b/index.md", "b/z.md", "b/c/index.md", "b/c/d.md", "B/x.md", "w40k7/index.md", "w40k7/fear/index.md", "api/w40k7/fear.json", "assets/x.js"]
    unwritten = ["a.md", "zz.md", "b/z.md", "b/c/index.md", "w40k7/fear/index.md"]
    for rel in every:
        if rel not in unwritten:
            (tmp_path / "docs" / rel).parent.mkdir(parents=True, exist_ok=True)
            (tmp_path / "docs" / rel).write_text("# page\n", encoding="utf-8")
    assert [f.src_uri for f in mkdocs_internals.docs_files(config)] == [f.src_uri for f in get_files(config)]
    listed = [f.src_uri for f in mkdocs_internals.docs_files(config, unwritten)]
    for rel in unwritten:
        (tmp_path / "docs" / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "docs" / rel).write_text("# page\n", encoding="utf-8")
    assert listed == [f.src_uri for f in get_files(config)]
    assert sorted(listed) == sorted(every)
