"""The generated JavaScript (`rulechecks-js/`) against the YAML and against the Python package.

- `node --test` runs every example of every shipped check through the JavaScript modules;
- every check gives the same result or the same error in both languages over its whole input
  domain (at most 20,000 combinations) or 2,000 seeded random points of it, plus wrong-typed
  and out-of-range values of every argument;
- every odds function gives the same exact fractions in the same order for the non-dice
  arguments of every example;
- `tsc --noEmit --strict` accepts the declarations and a typed usage file (and refuses the
  misuses that file marks);
- generation is deterministic, drift-checked, and writes nothing that evaluates code.
"""

from __future__ import annotations

import dataclasses
import importlib
import itertools
import json
import math
import os
import random
import re
import subprocess
import zlib
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from rulesref.commands.cli import main
from rulesref.logic.check import plan_entry
from rulesref.logic.domain import dice_domain, every_value
from rulesref.logic.plan import Arg, Plan
from rulesref.model import Entry
from rulesref.names import python_name

from .conftest import REPO
from .jsnode import JS_TESTS, installed, node

WHOLE_DOMAIN = 20_000
SAMPLES = 2_000
PACKAGE = REPO / "rulechecks-js"


@cache
def shipped() -> tuple[tuple[Entry, tuple[Plan, ...]], ...]:
    from rulesref.validate import validate

    result = validate([str(REPO / "content")])
    assert result.problems == ()
    items = []
    for entry in result.content.entries:
        if entry.checks:
            plans, problems = plan_entry(entry)
            assert problems == []
            items.append((entry, tuple(plans)))
    return tuple(items)


def module_path(entry: Entry) -> str:
    return f"{python_name(entry.system)}/{entry.module}"


def python_module(entry: Entry) -> Any:
    return importlib.import_module(f"rulechecks.{python_name(entry.system)}.{entry.module}")


def run_node(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    installed()
    return subprocess.run(
        [node(), *args], cwd=JS_TESTS, capture_output=True, text=True, check=False, env={**os.environ, **(env or {})}, timeout=600
    )


# -- the examples, through node --test --------------------------------------------------------


@pytest.mark.node
def test_node_test_runs_every_example_through_the_javascript(tmp_path: Path) -> None:
    examples = []
    for entry, plans in shipped():
        for plan in plans:
            for index, example in enumerate(plan.check.examples):
                expect = dict(example.expect) if isinstance(example.expect, tuple) else example.expect
                examples.append(
                    {
                        "label": f"{entry.system}/{entry.id} {plan.name} example {index + 1}",
                        "module": module_path(entry),
                        "check": plan.name,
                        "given": dict(example.given),
                        "expect": expect,
                        "raises": example.raises,
                        "record": plan.record_class is not None,
                        "fields": [f for f, _ in plan.fields],
                    }
                )
    data = tmp_path / "examples.json"
    data.write_text(json.dumps(examples))
    done = run_node("--test", "--test-reporter=tap", "examples.test.js", env={"RULESREF_EXAMPLES": str(data)})
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr
    passed = re.search(r"^# pass (\d+)$", done.stdout, re.M)
    failed = re.search(r"^# fail (\d+)$", done.stdout, re.M)
    assert passed is not None and failed is not None, done.stdout[-2000:]
    assert len(examples) >= 280
    assert (int(passed.group(1)), int(failed.group(1))) == (len(examples), 0)


# -- Python and JavaScript, point by point ----------------------------------------------------


def ordered(plan: Plan) -> list[Arg]:
    """Arguments with the dice last: their totals depend on the others."""
    return [a for a in plan.args if not a.is_dice] + plan.dice_args


def domain_size(plan: Plan) -> int:
    size = 1
    for arg in ordered(plan):
        if arg.is_dice:  # the most totals any choice of the other arguments allows
            size *= max(len(every_value(arg, dict(c))) for c in _settings(plan, arg))
        else:
            size *= len(every_value(arg, {}))
    return size


def _settings(plan: Plan, arg: Arg) -> list[dict[str, Any]]:
    dice = arg.dice
    assert dice is not None
    others = [a for a in plan.args if a.name in arg.count_reads or a.name == dice.of_param]  # what sets how many (or which) dice
    names = [a.name for a in others]
    return [dict(zip(names, values, strict=True)) for values in itertools.product(*(every_value(a, {}) for a in others))]


def whole_domain(plan: Plan) -> list[dict[str, Any]]:
    points: list[dict[str, Any]] = [{}]
    for arg in ordered(plan):
        points = [{**p, arg.name: v} for p in points for v in every_value(arg, p)]
    return points


def sampled(plan: Plan, count: int) -> list[dict[str, Any]]:
    rng = random.Random(zlib.crc32(f"{plan.entry.key}/{plan.name}".encode()))
    points = []
    for _ in range(count):
        point: dict[str, Any] = {}
        for arg in ordered(plan):
            point[arg.name] = rng.choice(every_value(arg, point))
        points.append(point)
    return points


def wrong_values(plan: Plan, base: dict[str, Any]) -> list[dict[str, Any]]:
    """Each argument in turn given a value of the wrong type or outside its range."""
    points = []
    for arg in plan.args:
        t = arg.vtype
        if t.kind == "bool":
            bad: list[Any] = [1, 0, "true", None]
        elif t.kind == "str":
            bad = ["not-a-value", 1, True, ""]
        else:
            low, high = min(every_value(arg, base)), max(every_value(arg, base))
            bad = [True, False, low - 1, high + 1, str(low), 2.5, None]
        points += [{**base, arg.name: value} for value in bad]
    # keys Python refuses: one it does not take, and each one, two and three of its own left out
    points.append({**base, "not_an_argument": 1})
    for count in (1, 2, 3):
        if len(plan.args) >= count:
            points.append({k: v for k, v in base.items() if k not in {a.name for a in plan.args[:count]}})
    return points


def python_outcome(function: Any, point: dict[str, Any]) -> dict[str, Any]:
    try:
        value = function(**point)
    except (ValueError, TypeError) as exc:
        return {"error": str(exc), "type": type(exc).__name__}
    if isinstance(value, dict):
        return {"odds": [[_plain(k), str(p.numerator), str(p.denominator)] for k, p in value.items()]}
    return {"ok": _plain(value)}


def _plain(value: Any) -> Any:
    return dataclasses.asdict(value) if dataclasses.is_dataclass(value) and not isinstance(value, type) else value


Group = tuple[str, str, str, Any, list[dict[str, Any]]]  # label, JS module, function, Python function, points


def compare_groups(tmp_path: Path, groups: list[Group]) -> list[str]:
    """Run every group in JavaScript and Python; one line per difference, naming the check,
    the arguments and both outcomes."""
    data = tmp_path / "cases.json"
    data.write_text(json.dumps([{"module": js, "function": f, "points": pts} for _, js, f, _, pts in groups]))
    done = run_node("compare.js", str(data))
    assert done.returncode == 0, done.stderr
    js_results = json.loads(done.stdout)
    assert len(js_results) == len(groups)
    differences = []
    for (label, _, function, py_function, points), js in zip(groups, js_results, strict=True):
        assert len(js) == len(points)
        for point, js_outcome in zip(points, js, strict=True):
            py = python_outcome(py_function, point)
            if py != js_outcome:
                differences.append(f"{label} {function}({point}): Python {py} but JavaScript {js_outcome}")
    return differences


def compare(tmp_path: Path, groups: list[tuple[Entry, str, list[dict[str, Any]]]]) -> list[str]:
    """`compare_groups` for shipped checks: the committed packages, JavaScript and Python."""
    return compare_groups(
        tmp_path,
        [(f"{e.system}/{e.id}", module_path(e), f, getattr(python_module(e), f), pts) for e, f, pts in groups],
    )


@pytest.mark.slow
@pytest.mark.node
def test_javascript_equals_python_on_every_check(tmp_path: Path) -> None:
    groups = []
    whole = sampled_checks = 0
    for entry, plans in shipped():
        for plan in plans:
            if domain_size(plan) <= WHOLE_DOMAIN:
                points = whole_domain(plan)
                whole += 1
            else:
                points = sampled(plan, SAMPLES)
                sampled_checks += 1
            points += wrong_values(plan, points[0])
            groups.append((entry, plan.name, points))
    differences = compare(tmp_path, groups)
    assert differences == [], f"{len(differences)} differences, the first: " + "\n".join(differences[:20])
    checks = sum(len(plans) for _, plans in shipped())
    assert len(groups) == checks >= 60
    assert whole >= 1 and whole + sampled_checks == checks
    assert sum(len(points) for _, _, points in groups) > 10_000


@pytest.mark.node
def test_javascript_odds_equal_python_odds_for_every_example(tmp_path: Path) -> None:
    groups = []
    for entry, plans in shipped():
        for plan in plans:
            if plan.odds_name is None:
                continue
            dice = {a.name for a in plan.random_args}
            points = []
            for example in plan.check.examples:
                fixed = {k: v for k, v in example.given if k not in dice}
                if fixed not in points:
                    points.append(fixed)
            refused = [{**points[0], "dice": 3}]  # odds take no dice: Python refuses it by name
            refused += [{k: v for k, v in points[0].items() if k != name} for name in list(points[0])[:1]]
            groups.append((entry, plan.odds_name, points + refused))
    assert len(groups) >= 10
    assert compare(tmp_path, groups) == []
    # and the fractions really are exact and complete: each group's odds sum to one
    for entry, function, points in groups:
        for point in points:
            outcome = python_outcome(getattr(python_module(entry), function), point)
            if "odds" in outcome:
                assert sum(Fraction(int(n), int(d)) for _, n, d in outcome["odds"]) == 1


@pytest.mark.node
def test_a_difference_is_reported_with_the_check_the_arguments_and_both_results(tmp_path: Path) -> None:
    """The comparison can fail: a Python side that answers differently is named in full."""
    entry = next(e for e, _ in shipped() if e.id == "brutal" and e.system == "hh2")
    point = {"X": 3, "allocated_wounds": 2, "has_toughness": True}
    assert compare(tmp_path, [(entry, "wounds_suffered", [point])]) == []

    def off_by_one(**args: Any) -> int:
        return int(python_module(entry).wounds_suffered(**args)) + 1

    (difference,) = compare_groups(tmp_path, [("hh2/brutal", "hh2/brutal", "wounds_suffered", off_by_one, [point])])
    assert difference == f"hh2/brutal wounds_suffered({point}): Python {{'ok': 7}} but JavaScript {{'ok': 6}}"


# -- TypeScript -------------------------------------------------------------------------------


@pytest.mark.node
def test_tsc_strict_accepts_the_declarations_and_the_typed_usage() -> None:
    modules = installed()
    done = run_node(str(modules / "typescript" / "bin" / "tsc"), "-p", "tsconfig.json")
    assert done.returncode == 0, done.stdout + done.stderr
    expected_errors = (JS_TESTS / "usage.ts").read_text().count("@ts-expect-error")
    assert expected_errors >= 4


# -- the writer -------------------------------------------------------------------------------


def generate(content: Path, out: Path, js_out: Path, *extra: str) -> int:
    return main(["generate", "--content", str(content), "--out", str(out), "--js-out", str(js_out), *extra])


def files_of(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_generation_is_deterministic_and_drift_checked(content: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert generate(content, tmp_path / "a" / "py", tmp_path / "a" / "js") == 0
    assert generate(content, tmp_path / "b" / "py", tmp_path / "b" / "js") == 0
    assert files_of(tmp_path / "a" / "js") == files_of(tmp_path / "b" / "js")
    assert generate(content, tmp_path / "a" / "py", tmp_path / "a" / "js", "--check") == 0
    stale = tmp_path / "a" / "js" / "demo" / "brutal.js"
    stale.write_text(stale.read_text() + "\n// edited\n")
    capsys.readouterr()
    assert generate(content, tmp_path / "a" / "py", tmp_path / "a" / "js", "--check") == 1
    assert "demo/brutal.js" in capsys.readouterr().err


def test_generated_javascript_only_computes() -> None:
    forbidden = re.compile(r"\beval\b|\bFunction\s*\(|\bimport\s*\(|\brequire\s*\(|\bfetch\b|\bglobalThis\b|\bprocess\b|\bdocument\b")
    sources = {p: p.read_text() for p in PACKAGE.rglob("*.js")}
    assert len(sources) > 30
    for path, text in sources.items():
        assert not forbidden.search(text), path
        imports = re.findall(r'^import .* from "([^"]+)";$', text, re.M)
        assert all(i.startswith(("./", "../")) for i in imports), path  # no runtime dependencies
    package = json.loads((PACKAGE / "package.json").read_text())
    assert package["type"] == "module" and "dependencies" not in package
    for target in package["exports"].values():
        assert (PACKAGE / target["default"]).is_file() and (PACKAGE / target["types"]).is_file()


@pytest.mark.node
def test_hostile_text_stays_in_constants_and_comments(content: Path, tmp_path: Path) -> None:
    """Text that would close a comment, a string or a line only ever appears escaped."""
    fear = content / "demo" / "brutal.yml"
    text = fear.read_text()
    hostile = 'Ends */ a comment, "quotes\\" a string, and </script> a page'
    fear.write_text(re.sub(r"^summary: .*$", lambda _: "summary: " + json.dumps(hostile), text, count=1, flags=re.M))
    assert generate(content, tmp_path / "py", tmp_path / "js") == 0
    module = (tmp_path / "js" / "demo" / "brutal.js").read_text()
    comments = [line for line in module.splitlines() if line.lstrip().startswith("/**")]
    assert any("Ends *\\/ a comment" in line for line in comments)
    assert all(line.count("*/") == 1 and line.endswith("*/") for line in comments)
    assert json.dumps(hostile) in module  # the summary constant, JSON-quoted
    done = subprocess.run(
        [node(), "--input-type=module", "-e", f"import * as m from {json.dumps((tmp_path / 'js' / 'demo' / 'brutal.js').as_uri())}; console.log(m.SUMMARY)"],
        capture_output=True, text=True, check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.rstrip("\n") == hostile


def test_every_domain_point_kind_is_covered() -> None:
    """The comparison's domains hold what the checks take: dice totals depend on their count."""
    plans = [p for _, ps in shipped() for p in ps]
    counted = [p for p in plans if any(a.dice and (a.count is not None or a.dice.of_param) for a in p.args)]
    assert counted, "some shipped check rolls a number of dice set by another input"
    for plan in counted:
        for point in whole_domain(plan)[:50] if domain_size(plan) <= WHOLE_DOMAIN else sampled(plan, 50):
            for arg in plan.dice_args:
                assert point[arg.name] in dice_domain(arg, point)
    assert list(itertools.islice(whole_domain(plans[0]), 1))


ARITHMETIC = """id: arithmetic
kind: rule
name: Arithmetic
summary: A check that uses every operation of the logic language, where JavaScript differs from Python.
text: Made up for the tests.
source: {book: core}
checks:
  mix:
    summary: Every operator and helper.
    inputs:
      a: {type: int, min: -7, max: 7}
      b: {type: int, min: -3, max: 3}
      kind: {type: enum, values: [red, green, blue]}
      flag: {type: bool}
    output:
      floor: {type: int}
      up: {type: int}
      down: {type: int}
      chained: {type: bool}
      member: {type: bool}
      clamped: {type: int}
      neg: {type: int}
      product: {type: int}
      divided: {type: int}
      divneg: {type: int}
    expr:
      floor: "a // 3"
      up: "halve_up(a)"
      down: "halve_down(a)"
      chained: "-2 < a <= b + 2 != 4"
      member: "kind not in ('red', 'blue') or (a in (1, 2) and flag)"
      clamped: "clamp(abs(a) - max(b, 0) * 2, -3, min(a, 5))"
      neg: "-a if flag else -(a - b)"
      product: "a * b"
      divided: "a // (b * 2 + 7)"
      divneg: "a // (b - 4)"
    examples:
      - given: {a: -7, b: 3, kind: green, flag: true}
        expect: {floor: -3, up: -3, down: -4, chained: false, member: true, clamped: -7, neg: 7, product: -21, divided: -1, divneg: 7}
"""


@pytest.mark.node
def test_python_semantics_hold_for_every_operation(content: Path, tmp_path: Path) -> None:
    """Floor division of negatives (by constants and by expressions), halving, chained
    comparisons, `in`/`not in`, helpers, signs and zero products: equal to Python everywhere."""
    import importlib.util

    (content / "demo" / "arithmetic.yml").write_text(ARITHMETIC)
    assert generate(content, tmp_path / "py", tmp_path / "js") == 0
    spec = importlib.util.spec_from_file_location("generated_arithmetic", tmp_path / "py" / "demo" / "arithmetic.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    points = [
        {"a": a, "b": b, "kind": k, "flag": f}
        for a in range(-7, 8) for b in range(-3, 4) for k in ("red", "green", "blue") for f in (False, True)
    ]
    js_module = (tmp_path / "js" / "demo" / "arithmetic.js").as_uri()
    assert compare_groups(tmp_path, [("demo/arithmetic", js_module, "mix", module.mix, points)]) == []
    # no negative zero: JSON cannot tell, so ask JavaScript directly
    done = run_node(
        "--input-type=module", "-e",
        f"import {{ mix }} from {json.dumps(js_module)}; const r = mix({{a: 0, b: -3, kind: 'red', flag: true}});"
        "console.log(Object.values(r).filter(v => Object.is(v, -0)).length)",
    )
    assert done.returncode == 0 and done.stdout.strip() == "0", done.stderr


@pytest.mark.node
def test_numbers_in_messages_read_as_python_writes_them() -> None:
    """The runtime's `repr` of a number is Python's: `nan` and `inf`, and small numbers with
    an exponent of two digits or more (JSON carries none of these, so ask JavaScript directly)."""
    numbers = [math.nan, math.inf, -math.inf, 0.0001, 0.00012345, 1e-05, -2.5e-05, 1.5e-07, 1e-300, 5e-324, 0.1, 2.5, -7.25, 123456.789, 3, 0, -3]
    literals = ["NaN" if math.isnan(x) else ("Infinity" if x > 0 else "-Infinity") if math.isinf(x) else repr(x) for x in numbers]
    done = run_node(
        "--input-type=module", "-e",
        f"import {{ repr }} from 'rulechecks/runtime'; console.log(JSON.stringify([{', '.join(literals)}].map(repr)))",
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == [repr(x) for x in numbers]


def test_arithmetic_beyond_exact_numbers_is_refused(content: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    big = ARITHMETIC + """  huge:
    summary: A product beyond 2**53.
    inputs:
      n: {type: int, min: 0, max: 10}
    output: {type: int}
    expr: "n * 1000000 * 1000000 * 1000"
    examples:
      - given: {n: 0}
        expect: 0
"""
    (content / "demo" / "arithmetic.yml").write_text(big)
    capsys.readouterr()
    assert generate(content, tmp_path / "py", tmp_path / "js") == 1
    assert "error[number-too-large]" in capsys.readouterr().err  # the ±10^12 bound comes before 2**53
    assert not (tmp_path / "js").exists() and not (tmp_path / "py").exists()  # nothing half-written


@pytest.mark.parametrize(
    ("source", "bared"),
    [
        ("(a)", "a"),
        ("((a === 1) && b)", "(a === 1) && b"),
        ("(a) && (b)", "(a) && (b)"),
        ('(x === "(" && y)', 'x === "(" && y'),
        ('("a\\"b)" === x) || (y)', '("a\\"b)" === x) || (y)'),
        ('(x === "a\\\\" && (y))', 'x === "a\\\\" && (y)'),
    ],
)
def test_only_parentheses_around_the_whole_condition_are_dropped(source: str, bared: str) -> None:
    from rulesref.emit.js_expressions import bare

    assert bare(source) == bared


def test_every_whole_number_a_check_can_hold_is_exact_in_javascript() -> None:
    """The generated JavaScript has no range analysis of its own: it relies on these bounds."""
    import rulesref.support.schemas
    from rulesref.logic import bounds
    from rulesref.logic.expressions import MAX_CONSTANT

    assert bounds.LIMIT < 2**53 - 1  # JavaScript's largest exact whole number
    assert MAX_CONSTANT <= bounds.LIMIT
    stated: list[int] = []

    def walk(value: object) -> None:
        if isinstance(value, dict):
            stated.extend(v for k, v in value.items() if k in ("minimum", "maximum") and isinstance(v, int))
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    walk(json.loads((rulesref.support.schemas.schema_dir() / "entry.schema.json").read_text(encoding="utf-8")))
    assert stated and max(abs(v) for v in stated) <= bounds.LIMIT
