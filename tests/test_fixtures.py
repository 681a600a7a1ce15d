"""Every bad-input fixture produces exactly the problems its first line announces.

A fixture in fixtures/bad/ starts with `# expect: CODE LINE[, CODE LINE...]` (or has a
`<name>.expect` file beside it when its bytes cannot hold a comment). It is dropped into a
copy of the demo content and validated alone; the codes and lines reported must match.
Fixtures in fixtures/good/ must validate with no problem at all.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rulesref.problems import Problem
from rulesref.validate import validate

from .conftest import FIXTURES

BAD = sorted((FIXTURES / "bad").glob("*.yml"))
GOOD = sorted((FIXTURES / "good").glob("*.yml"))


def expectations(path: Path) -> set[tuple[str, int]]:
    sidecar = path.with_name(path.name + ".expect")
    if sidecar.exists():
        text = sidecar.read_text()
    else:
        first = path.read_bytes().split(b"\n", 1)[0].decode("ascii")
        assert first.startswith("# expect: "), f"{path.name} has no `# expect:` line"
        text = first.removeprefix("# expect: ")
    pairs = set()
    for item in text.replace("\n", ",").split(","):
        if item.strip():
            code, line = item.split()
            pairs.add((code, int(line)))
    return pairs


def run_in_demo(fixture: Path, content: Path) -> tuple[Problem, ...]:
    target = content / "demo" / fixture.name
    shutil.copy(fixture, target)
    return validate([str(target)]).problems


@pytest.mark.parametrize("fixture", BAD, ids=[p.stem for p in BAD])
def test_bad_fixture_reports_its_problem(fixture: Path, content: Path) -> None:
    problems = run_in_demo(fixture, content)
    assert {(p.code, p.line) for p in problems} == expectations(fixture), "\n".join(map(str, problems))
    for problem in problems:
        assert problem.path.endswith(fixture.name)
        assert problem.col >= 1 and problem.message
        assert "\n" not in problem.message


@pytest.mark.parametrize("fixture", GOOD, ids=[p.stem for p in GOOD])
def test_good_fixture_is_clean(fixture: Path, content: Path) -> None:
    problems = run_in_demo(fixture, content)
    assert problems == (), "\n".join(map(str, problems))


def test_demo_content_is_clean(content: Path) -> None:
    result = validate([str(content)])
    assert result.problems == ()
    assert len(result.content.entries) == 7
