"""Composed checks call their step's code (`rulesref.logic.shared_code`, `rulesref.emit.js_shared`)
rather than copying its body: the shipped composed functions and their odds give exactly what the
composed logic the analysis read gives (compiled in-process, the step's body written in), on every
input; a unit's generated code does not grow with its step's body, so the packages grow with the
units plus the steps; and JavaScript gives what Python gives on such content."""

from __future__ import annotations

import ast
import importlib.util
import inspect
import sys
from pathlib import Path
from typing import Any

import pytest

from rulesref.emit import js_package
from rulesref.emit import python as python_package
from rulesref.logic.codegen import functions_module
from rulesref.logic.records import record_type
from rulesref.logic.sandbox import run_module
from rulesref.logic.shared_code import calls
from rulesref.validate import validate

from .conftest import FIXTURES
from .test_javascript import SAMPLES, WHOLE_DOMAIN, compare_groups, domain_size, python_module, sampled, shipped, whole_domain

ODDS_SETTINGS = 12  # settings of the odds' arguments compared per composed check


def _shown(value: Any) -> Any:
    """A result or odds as the package prints them (a compiled record prints as the package's)."""
    if isinstance(value, dict):
        return [(repr(k), p) for k, p in value.items()]
    return repr(value)


def _outcome(function: Any, point: dict[str, Any]) -> Any:
    try:
        return _shown(function(**point))
    except ValueError as exc:
        return ("ValueError", str(exc))


def _composed_logic(entry: Any, plans: tuple[Any, ...]) -> dict[str, Any]:
    """The entry's functions as validation compiles them: the composed logic whole."""
    records = {p.record_class: record_type(p.record_class, tuple(f for f, _ in p.fields)) for p in plans if p.record_class}
    return run_module(functions_module(list(plans), odds_url="https://example.invalid/"), f"composed.{entry.module}", records)


def test_shipped_composed_checks_call_their_step_and_give_what_the_composed_logic_gives() -> None:
    items = shipped()
    found = calls([(entry, list(plans)) for entry, plans in items])
    compared = tabled = 0
    for entry, plans in items:
        mine = found.get(entry.key, {})
        if not mine:
            continue
        module = python_module(entry)
        tree = ast.parse(inspect.getsource(module))
        defined = {node.name: node for node in tree.body if isinstance(node, ast.FunctionDef)}
        composed = _composed_logic(entry, plans)
        for plan in plans:
            call = mine.get(plan.name)
            if call is None:
                continue
            # the step's body is not there: its lets are no assignments of the composed logic
            assert plan.check.shares is not None
            core = defined[f"_core_{plan.name}"]
            assigned = {n.target.id for n in ast.walk(core) if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)}
            assert not assigned & set(plan.check.shares.body), (entry.key, plan.name)
            assert f"_shared_{call.module}._core_{call.step.name}(" in ast.unparse(core)
            points = whole_domain(plan) if domain_size(plan) <= WHOLE_DOMAIN else sampled(plan, SAMPLES)
            for point in points:
                assert _outcome(getattr(module, plan.name), point) == _outcome(composed[plan.name], point), (entry.key, plan.name, point)
            compared += 1
            if plan.odds_name is None:
                continue
            if call.table is not None:
                assert f"_shared_{call.module}._table_{call.step.name}(" in ast.unparse(defined[plan.odds_name])
                tabled += 1
            names = [a.name for a in plan.odds_args]
            settings = list({tuple((n, p[n]) for n in names): None for p in points})[:ODDS_SETTINGS]
            for setting in settings:
                given = dict(setting)
                assert _outcome(getattr(module, plan.odds_name), given) == _outcome(composed[plan.odds_name], given), (entry.key, plan.odds_name, given)
    assert compared >= 9 and tabled >= 2, (compared, tabled)


# -- size -------------------------------------------------------------------------------------

# Two steps alike but for the length of their body (`lets` and twice as many), their names of one
# length, so a unit composed with one is the same size as a unit composed with the other, unless
# its code repeats the body. Half the units charge with each.


def _step(name: str, lets: int) -> str:
    steps = "".join(f'      step_{i}: "step_{i - 1} + (1 if strength + {i} > toughness + armour else 0) - (1 if step_{i - 1} > {i} else 0)"\n' for i in range(1, lets + 1))
    value = 1
    for i in range(1, lets + 1):  # what the example gives: strength 3, toughness 3, armour 4, one wound
        value = value + (1 if 3 + i > 7 else 0) - (1 if value > i else 0)
    return (
        f"id: {name}\nkind: term\nname: {name.title()}\nsummary: Blows struck.\n"
        f"checks:\n  {name}:\n    summary: How many blows land.\n    inputs:\n"
        "      attacks: {type: int, min: 1, max: 4}\n      strength: {type: int, min: 1, max: 6}\n"
        "      toughness: {type: int, min: 1, max: 6}\n      armour: {type: int, min: 2, max: 6}\n"
        '      hits: {type: pool, dice: attacks, target: "3 if strength > toughness else 4"}\n'
        '      wounded: {type: pool, dice: hits, target: "2 if strength >= toughness + 2 else 3 if strength > toughness else 4", fails: missed}\n'
        f"    output: {{type: int}}\n    let:\n      step_0: wounded\n{steps}    expr: \"step_{lets}\"\n"
        "    examples:\n      - given: {attacks: 2, strength: 3, toughness: 3, armour: 4, hits: 1, wounded: 1, missed: 0}\n"
        f"        expect: {value}\n"
    )


def _rule(name: str, step: str) -> str:
    return (
        f"id: {name}\nkind: rule\nname: {name.title()}\nsummary: Strikes harder on the charge.\ntext: Plus one Strength on the charge.\n"
        f"effects:\n  - id: e\n    step: {step}\n    changes: strength\n    summary: +1 Strength on the charge.\n    add: 1\n    when: charged\n"
        "    inputs: {charged: {type: bool}}\n"
    )


def write_units(root: Path, units: int, lets: int) -> Path:
    """The content: the two steps (`short`, with `lets` steps of logic; `longer`, twice as many),
    a rule changing each, and `units` units, half with each rule."""
    folder = root / "demo"
    folder.mkdir(parents=True)
    (folder / "system.yml").write_text((FIXTURES / "content" / "demo" / "system.yml").read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "short.yml").write_text(_step("short", lets), encoding="utf-8")
    (folder / "longer.yml").write_text(_step("longer", 2 * lets), encoding="utf-8")
    (folder / "charge.yml").write_text(_rule("charge", "short"), encoding="utf-8")
    (folder / "onrush.yml").write_text(_rule("onrush", "longer"), encoding="utf-8")
    for n in range(units):
        rule = "charge" if n % 2 == 0 else "onrush"
        (folder / f"u{n:04d}.yml").write_text(f"id: u{n:04d}\nkind: unit\nname: U{n:04d}\nsummary: Unit {n}.\nrules: [{rule}]\n", encoding="utf-8")
    return root


def _sizes(root: Path, units: int, lets: int) -> tuple[dict[str, bytes], dict[str, bytes], Any]:
    build = validate([str(write_units(root, units, lets))])
    assert not [p for p in build.problems if p.severity == "error"]
    return python_package.package_files(build), js_package.package_files(build), build


def _per_unit(files: dict[str, bytes], suffix: str, rule_of: dict[str, str]) -> dict[str, float]:
    """The mean bytes of a unit's module, by the rule it has."""
    sizes: dict[str, list[int]] = {}
    for path, data in files.items():
        name = path.rsplit("/", 1)[-1].removesuffix(suffix)
        if name in rule_of and path.endswith(suffix):
            sizes.setdefault(rule_of[name], []).append(len(data))
    return {rule: sum(s) / len(s) for rule, s in sizes.items()}


def _check_sizes(tmp_path: Path, units: int) -> None:
    python_files, js_files, _ = _sizes(tmp_path, units, lets=3)  # (the proofs of longer chains of steps take long)
    rule_of = {f"u{n:04d}": "charge" if n % 2 == 0 else "onrush" for n in range(units)}
    for files, suffix in ((python_files, ".py"), (js_files, ".js")):
        per_unit = _per_unit(files, suffix, rule_of)
        step = {name: next(len(d) for p, d in files.items() if p.endswith(f"/{name}{suffix}")) for name in ("short", "longer")}
        assert step["longer"] > step["short"] + 250  # the longer step's body is longer...
        assert abs(per_unit["onrush"] - per_unit["charge"]) <= 0.005 * per_unit["charge"], per_unit  # ...its units' code is not
        units_bytes = sum(len(d) for p, d in files.items() if p.rsplit("/", 1)[-1].removesuffix(suffix) in rule_of and p.endswith(suffix))
        assert units_bytes == pytest.approx(units * per_unit["charge"], rel=0.01)


@pytest.mark.deep(everyday={"units": 40})  # (a thousand, 30 s, with --deep)
@pytest.mark.parametrize("units", [40, pytest.param(1000, marks=pytest.mark.slow)])
def test_the_packages_grow_by_units_plus_steps_and_a_units_code_not_with_its_steps_body(tmp_path: Path, units: int) -> None:
    _check_sizes(tmp_path, units)


# -- JavaScript -------------------------------------------------------------------------------


def _import_package(folder: Path, name: str) -> None:
    spec = importlib.util.spec_from_file_location(name, folder / "__init__.py", submodule_search_locations=[str(folder)])
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)


@pytest.mark.node
@pytest.mark.slow  # 10 s: every composed check over its whole domain, in Python and in Node
def test_javascript_composed_checks_give_what_python_gives(tmp_path: Path) -> None:
    python_files, js_files, build = _sizes(tmp_path / "content", 4, lets=3)
    for root, files in ((tmp_path / "py", python_files), (tmp_path / "js", js_files)):
        for path, data in files.items():
            (root / path).parent.mkdir(parents=True, exist_ok=True)
            (root / path).write_bytes(data)
    package = "shared_steps_package"
    _import_package(tmp_path / "py", package)
    try:
        groups = []
        for entry in build.content.entries:
            compiled = build.compiled.get(entry.key)
            if compiled is None or entry.kind != "unit":
                continue
            module = importlib.import_module(f"{package}.demo.{entry.module}")
            url = (tmp_path / "js" / "demo" / f"{entry.module}.js").as_uri()
            for plan in compiled.plans:
                points = whole_domain(plan)
                groups.append((entry.id, url, plan.name, getattr(module, plan.name), points))
                settings = [dict(s) for s in {tuple((a.name, p[a.name]) for a in plan.odds_args): None for p in points}]
                assert plan.odds_name is not None
                groups.append((entry.id, url, plan.odds_name, getattr(module, plan.odds_name), settings))
        assert len(groups) == 8
        assert compare_groups(tmp_path, groups) == []
    finally:
        for name in [m for m in sys.modules if m == package or m.startswith(package + ".")]:
            del sys.modules[name]


# -- analysed once ----------------------------------------------------------------------------


def test_each_check_is_analysed_once_per_build(tmp_path: Path, cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A step's analysis, made to resolve the effects on it, is the one its entry is compiled
    with: before, each step was analysed twice in a build."""
    from rulesref.logic import analysed
    from rulesref.logic.analyse import analyse

    made: list[tuple[str, str]] = []

    def counted(entry: Any, check: Any) -> Any:
        made.append((entry.key, check.name))
        return analyse(entry, check)

    monkeypatch.setattr(analysed, "analyse", counted)
    build = validate([str(write_units(tmp_path, 4, 3))])
    assert build.compiled and not [p for p in build.problems if p.severity == "error"]
    assert len(made) == len(set(made)), sorted(m for m in made if made.count(m) > 1)
    steps = {(e.key, c.name) for e in build.content.entries for c in e.checks if any(f.step.split(".", 1)[0] == e.id for u in build.content.entries_of(e.system) for f in u.effects)}
    assert steps and steps <= set(made)  # the steps were analysed, once, and compiled
    assert {(key, c.plan.name) for key, entry in build.compiled.items() for c in entry.checks} >= steps
