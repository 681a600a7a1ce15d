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


RENAMED = {"python-name-pytest-test": "python_name_pytest_test_", "test-of-faith": "_test_of_faith_", "class": "class_"}
RENAMED_CALLS = """
from rulechecks.demo import python_name_pytest_test_, _test_of_faith_, class_
assert python_name_pytest_test_.test(a=2).value == 2
assert _test_of_faith_.passed(faith=7, roll=7) and not _test_of_faith_.passed(faith=7, roll=8)
assert class_.rank(roll=4) and not class_.rank(roll=3)
print("ok")
"""


def test_an_id_that_makes_no_usable_module_name_gets_a_renamed_module_in_both_packages(content: Path, tmp_path: Path) -> None:
    """Any id may have checks: `…-test`, `test-…` and a keyword make modules pytest does not
    collect and Python can import, the same names in JavaScript, and the same answers."""
    from .test_javascript import compare_groups
    from .test_logic import compiled

    for entry_id in RENAMED:
        shutil.copy(FIXTURES / "good" / f"{entry_id}.yml", content / "demo")
    out, js_out = tmp_path / "pkg" / "rulechecks", tmp_path / "js"
    assert main(["generate", "--content", str(content), "--out", str(out), "--js-out", str(js_out)]) == 0
    for entry_id, module in RENAMED.items():
        assert (out / "demo" / f"{module}.py").is_file() and (js_out / "demo" / f"{module}.js").is_file(), entry_id
    assert not (out / "demo" / "python_name_pytest_test.py").exists()
    env = dict(os.environ, PYTHONPATH=str(out.parent))
    run = subprocess.run([sys.executable, "-c", RENAMED_CALLS], cwd=out.parent, env=env, capture_output=True, text=True, timeout=120)
    assert run.stdout == "ok\n", run.stderr
    collect = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--collect-only", "rulechecks"]
    run = subprocess.run(collect, cwd=out.parent, env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 5 and "no tests collected" in run.stdout, run.stdout + run.stderr  # 5: nothing collected
    doctests = [sys.executable, "-m", "pytest", "-v", "-p", "no:cacheprovider", "--doctest-modules", "rulechecks/demo"]  # a folder: collected as pytest would
    run = subprocess.run(doctests, cwd=out.parent, env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    assert all(f"rulechecks/demo/{m}.py::rulechecks.demo.{m}." in run.stdout for m in RENAMED.values()), run.stdout
    assert "python_name_pytest_test_.py::test " not in run.stdout  # its function `test` is no test
    index = (js_out / "demo" / "index.js").read_text()
    assert all(f'export * as {m} from "./{m}.js";' in index for m in RENAMED.values())
    faith = compiled(content, "demo", "test-of-faith")  # the same compiled module, run in this process
    points = [{"faith": f, "roll": r} for f in range(1, 14) for r in range(1, 14)] + [{"faith": True, "roll": 7}]
    groups = [("demo/test-of-faith passed", (js_out / "demo" / "_test_of_faith_.js").as_uri(), "passed", faith["passed"], points)]
    assert compare_groups(tmp_path, groups) == []


def test_module_and_function_names_of_ids_are_renamed_by_one_rule() -> None:
    from rulesref.names import module_reason, python_function, python_module

    modules = {i: python_module(i) for i in ("mob-rule", "leadership-test", "break-test", "test-of-faith", "test-a-test", "conftest", "class", "range", "match", "testing")}
    assert modules == {
        "mob-rule": "mob_rule", "leadership-test": "leadership_test_", "break-test": "break_test_", "test-of-faith": "_test_of_faith_",
        "test-a-test": "_test_a_test_", "conftest": "conftest_", "class": "class_", "range": "range_", "match": "match_", "testing": "testing",
    }
    assert all(module_reason(m) is None for m in modules.values())
    assert [python_function(i) for i in ("break-test", "class", "range", "new", "mob-rule")] == ["break_test", "class_", "range_", "new_", "mob_rule"]


KEYWORD_STEP = """\
id: range
kind: term
name: Range
summary: How far a weapon reaches.
checks:
  within:
    summary: Whether a target is within range.
    inputs:
      distance: {type: int, min: 0, max: 48}
      reach: {type: int, min: 1, max: 48}
    output: {type: bool}
    expr: distance <= reach
    examples:
      - given: {distance: 12, reach: 12}
        expect: true
"""
LONG_REACH = """\
id: long-reach
kind: rule
name: Long Reach
summary: The weapon reaches 6 more.
text: The weapon reaches 6 more.
effects:
  - id: further
    step: range
    changes: reach
    summary: +6 to the reach.
    add: 6
"""
REACHING_UNIT = """\
id: reachers
kind: unit
name: Reachers
summary: A unit with Long Reach.
rules: [long-reach]
composed:
  range_:
    examples:
      - given: {distance: 18, reach: 12}
        expect: true
"""


def test_a_composed_check_of_a_step_whose_id_is_a_builtin_is_named_with_an_underscore(content: Path) -> None:
    from .test_logic import compiled

    for name, text in (("range.yml", KEYWORD_STEP), ("long-reach.yml", LONG_REACH), ("reachers.yml", REACHING_UNIT)):
        (content / "demo" / name).write_text(text)
    ns = compiled(content, "demo", "reachers")
    assert ns["range_"](distance=18, reach=12) is True and ns["range_"](distance=19, reach=12) is False
    assert compiled(content, "demo", "range")["within"](distance=18, reach=12) is False  # module `range_`
