"""Every problem code the source can report is documented in generator/rulesref/problems/codes.py."""

from __future__ import annotations

import re

from rulesref.problems.codes import CODES

from .conftest import REPO

# a code is the string argument right after a position (or the first argument of a problem call)
REPORTED = re.compile(r"""(?:problem(?:_at)?\(\s*(?:[\w.]+,\s*)?|LoadError\([^"]*|Problem\([^"]*?,\s*|report\([^"]*?,\s*)"([a-z]+(?:-[a-z]+)*)\"""")


def test_every_reported_code_is_documented() -> None:
    used: set[str] = set()
    for path in sorted((REPO / "generator" / "rulesref").rglob("*.py")):
        used |= set(REPORTED.findall(path.read_text()))
    assert len(used) > 50
    assert sorted(used - set(CODES)) == []


def test_every_documented_code_is_reported_somewhere() -> None:
    source = "\n".join(p.read_text() for p in sorted((REPO / "generator" / "rulesref").rglob("*.py")) if p.name != "codes.py")
    assert sorted(code for code in CODES if f'"{code}"' not in source) == []
