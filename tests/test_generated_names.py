"""Generated code from awkward content: checks named like the parts the code makes for itself
(proof helpers, the logic functions, the odds function's locals, the `_dice` module) and
error messages that look like doctest syntax still give a package whose functions, odds and
doctests all work."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from rulesref.commands.cli import main
from rulesref.logic.codegen import INTERNAL_WORDS, internal

from .conftest import FIXTURES

ODDS = """
from fractions import Fraction
from rulechecks.demo import internal_names as m
assert m.dice_odds() == {n: Fraction(1, 6) for n in range(1, 7)}
assert m.counts_odds() == {False: Fraction(1, 2), True: Fraction(1, 2)}
assert sum(m.result_odds().values()) == 1 and m.result_odds()[4] == Fraction(3, 9)
assert m.core_result(roll=2) == 2 and m.dice(roll=5) == 5
print("ok")
"""


def test_checks_named_like_internal_parts_still_work(content: Path, tmp_path: Path) -> None:
    shutil.copy(FIXTURES / "good" / "internal-names.yml", content / "demo")
    out = tmp_path / "pkg" / "rulechecks"
    assert main(["generate", "--content", str(content), "--out", str(out)]) == 0
    env = dict(os.environ, PYTHONPATH=str(out.parent))
    run = subprocess.run([sys.executable, "-c", ODDS], cwd=out.parent, env=env, capture_output=True, text=True, timeout=120)
    assert run.stdout == "ok\n", run.stderr
    doctests = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--doctest-modules", "rulechecks/demo/internal_names.py"]
    run = subprocess.run(doctests, cwd=out.parent, env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr


def test_error_messages_that_look_like_doctest_syntax_make_passing_doctests(content: Path, tmp_path: Path) -> None:
    shutil.copy(FIXTURES / "good" / "doctest-quoting.yml", content / "demo")
    out = tmp_path / "pkg" / "rulechecks"
    assert main(["generate", "--content", str(content), "--out", str(out)]) == 0
    doctests = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--doctest-modules", "rulechecks/demo/doctest_quoting.py"]
    env = dict(os.environ, PYTHONPATH=str(out.parent))
    run = subprocess.run(doctests, cwd=out.parent, env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and "1 passed" in run.stdout, run.stdout + run.stderr


def test_internal_names_cannot_meet_each_other_or_content_names() -> None:
    content_names = ["x", "conditions_x", "core", "core_x", "w", "w_x", "dice", "counts", "result"]
    names = [internal(word) for word in INTERNAL_WORDS] + [internal(word, of) for word in INTERNAL_WORDS for of in content_names]
    assert len(set(names)) == len(names)
    assert not set(names) & set(content_names)
    assert all("_" not in word for word in INTERNAL_WORDS)


def test_a_name_clash_is_reported_at_the_second_name_with_the_first(content: Path) -> None:
    from rulesref.validate import validate

    shutil.copy(FIXTURES / "bad" / "python-name-class-clash.yml", content / "demo")
    [problem] = validate([str(content / "demo" / "python-name-class-clash.yml")]).problems
    assert (problem.line, problem.code) == (14, "python-name")
    assert problem.message == (
        "the record class of check `roll2d6` would be `Roll2d6`, which is also the record class of check `roll_2d6` (line 8); choose another name"
    )
