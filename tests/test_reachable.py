"""Every problem code is reachable from `rulesref validate`, and fixtures show each one.

Whatever a later command (`generate`, `build`) would refuse, `validate` refuses first, so CI
that runs only `validate` is never surprised. Most codes are shown by a single-file fixture in
`fixtures/bad/` (see test_fixtures.py) or, for a translation, `fixtures/translations/bad/`
(test_translations.py); codes that need several files (two files with one id,
a folder without system.yml) by a content tree in `fixtures/bad-trees/<case>/content/` with an
`expect` file of `path CODE LINE` lines; the few that need the file system itself (a FIFO, a
broken link, a huge file) are made here. A new code without any of these fails the last test.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from rulesref.problems.codes import CODES
from rulesref.read.load import MAX_FILE_BYTES
from rulesref.validate import validate

from .conftest import FIXTURES
from .test_fixtures import BAD, expectations
from .test_translations import BAD as TRANSLATIONS_BAD

TREES = sorted(p for p in (FIXTURES / "bad-trees").iterdir() if p.is_dir())

# codes that no content can trigger, with the reason; each must still be documented
UNREACHABLE = {
    "schema": "the fallback for JSON Schema keywords the shipped schemas do not use",
    "unlinked-mention": "reported by `rulesref link --check`: a mention that is not a link is a suggestion, not a problem of the content",
    "import-source": "reported by `rulesref import` about the XML it reads, which is not content",
    "roster-source": "reported by `rulesref roster` about the roster it reads, which is not content",
}


def tree_expectations(case: Path) -> set[tuple[str, str, int]]:
    found = set()
    for line in (case / "expect").read_text().splitlines():
        if line.strip():
            path, code, number = line.split()
            found.add((path, code, int(number)))
    return found


@pytest.mark.parametrize("case", TREES, ids=[p.name for p in TREES])
def test_bad_tree_reports_its_problems(case: Path, tmp_path: Path) -> None:
    content = tmp_path / "content"
    shutil.copytree(case / "content", content)
    problems = validate([str(content)]).problems
    got = {(Path(p.path).resolve().relative_to(content.resolve()).as_posix(), p.code, p.line) for p in problems}
    assert got == tree_expectations(case), "\n".join(map(str, problems))


def _made(content: Path, name: str) -> Path:
    return content / "demo" / name


def make_fifo(content: Path) -> Path:
    path = _made(content, "pipe.yml")
    os.mkfifo(path)
    return path


def make_broken_link(content: Path) -> Path:
    path = _made(content, "gone.yml")
    path.symlink_to(content / "demo" / "nowhere" / "gone.yml")
    return path


def make_huge_file(content: Path) -> Path:
    path = _made(content, "huge.yml")
    path.write_bytes(b"id: huge\n# " + b"x" * MAX_FILE_BYTES + b"\n")
    return path


def make_outside_link(content: Path) -> Path:
    outside = content.parent / "outside.yml"
    outside.write_text("id: outside\n")
    path = _made(content, "outside.yml")
    path.symlink_to(outside)
    return path


MADE = {"not-a-file": make_fifo, "io-error": make_broken_link, "file-too-large": make_huge_file, "outside-content": make_outside_link}


@pytest.mark.parametrize("code", sorted(MADE))
def test_file_system_problems_reach_validate(code: str, content: Path) -> None:
    path = MADE[code](content)
    problems = validate([str(content)]).problems
    assert [(Path(p.path).name, p.code) for p in problems] == [(path.name, code)]


def test_every_code_is_reachable_from_validate() -> None:
    shown = {code for fixture in (*BAD, *TRANSLATIONS_BAD) for code, _ in expectations(fixture)}
    shown |= {code for case in TREES for _, code, _ in tree_expectations(case)}
    shown |= set(MADE)
    assert set(UNREACHABLE) <= set(CODES)
    missing = sorted(set(CODES) - shown - set(UNREACHABLE))
    assert missing == [], f"codes with no fixture reaching them through validate: {missing}"
