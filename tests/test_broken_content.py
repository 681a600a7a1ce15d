"""Broken content ends in problems, never in a crash: every one-step change of the demo
content's entries, and changes to the decision tables and examples of every shipped check.

A fixture in fixtures/bad/ pins one problem someone thought of; this walks the changes nobody
thought of one by one: a key dropped, a list item dropped or repeated, a number, word or
flag replaced by a neighbour or by a value of another type. Each changed file is validated
with odds (as `build` and `serve` do), and what it accepts is also written out as both
packages. The changes are listed, not random, so a failure names the change that made it;
the everyday run takes every other change, `--deep` the others.
"""

from __future__ import annotations

import copy
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from rulesref.emit import js_package
from rulesref.emit.python import package_files
from rulesref.problems import Problem
from rulesref.validate import validate

from .conftest import FIXTURES, REPO, Depth
from .hang_guard import no_hang

Path_ = tuple[str | int, ...]
CASE_SECONDS = 20.0  # a guard against a hang, far above the real cost of one file

OTHER_VALUES: dict[type, list[Any]] = {
    bool: [None, 0, "true"],
    int: [0, -1, 1, 7, 1_000_001, True, "3", None],
    str: ["", "x", "1", "none", "D6", "roll", "true", "a and", "otherwise", "[[Nowhere]]", 3, None, [], {}],
}


def nodes(data: Any, path: Path_ = ()) -> Iterator[tuple[Path_, Any]]:
    yield path, data
    if isinstance(data, dict):
        for key, value in data.items():
            yield from nodes(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from nodes(value, (*path, index))


def changed(data: Any, path: Path_, change: str, value: Any = None) -> Any:
    """A copy of `data` with the node at `path` dropped, repeated or replaced by `value`."""
    new = copy.deepcopy(data)
    parent = new
    for part in path[:-1]:
        parent = parent[part]
    last = path[-1]
    if change == "drop":
        del parent[last]
    elif change == "repeat":
        parent.insert(last, copy.deepcopy(parent[last]))
    else:
        parent[last] = value
    return new


def every_change(data: dict[str, Any], under: tuple[str, ...] = ()) -> Iterator[tuple[str, Any]]:
    """(what was changed, the changed data) for each one-step change of the nodes below the
    top-level keys `under` (all of them when empty)."""
    for path, value in nodes(data):
        if not path or (under and path[0] not in under) or path == ("id",):
            continue
        shown = ".".join(map(str, path))
        yield f"drop {shown}", changed(data, path, "drop")
        if isinstance(path[-1], int):
            yield f"repeat {shown}", changed(data, path, "repeat")
        for other in OTHER_VALUES.get(type(value), []) + ([value + 1, value - 1] if type(value) is int else []) + ([not value] if type(value) is bool else []):
            yield f"{shown} = {other!r}", changed(data, path, "replace", other)


def decision_changes(data: dict[str, Any]) -> Iterator[tuple[str, Any]]:
    """The changes of a shipped check that reach its proof and examples: each decision row
    dropped or moved first, each example's given value moved by one or set to a bound."""
    for name, check in (data.get("checks") or {}).items():
        rows = check.get("decide") or []
        for index in range(len(rows)):
            yield f"{name}: drop row {index + 1}", changed(data, ("checks", name, "decide", index), "drop")
            if index:
                moved = copy.deepcopy(data)
                row = moved["checks"][name]["decide"].pop(index)
                moved["checks"][name]["decide"].insert(0, row)
                yield f"{name}: row {index + 1} first", moved
        for index, example in enumerate(check.get("examples") or []):
            for arg, value in (example.get("given") or {}).items():
                if type(value) is int:
                    for other in (value - 1, value + 1, 0, 1000):
                        yield f"{name}: example {index + 1} {arg} = {other}", changed(data, ("checks", name, "examples", index, "given", arg), "replace", other)
                elif type(value) is bool:
                    yield f"{name}: example {index + 1} {arg} = {not value}", changed(data, ("checks", name, "examples", index, "given", arg), "replace", not value)


def check_no_crash(path: Path, data: Any, change: str, *, validated: Path | None = None) -> tuple[Problem, ...]:
    """Write `data` to `path` and validate it (or the folder `validated`, whose problems are
    then those of every file in it)."""
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=10**6), encoding="utf-8")
    try:
        with no_hang(CASE_SECONDS):
            result = validate([str(validated or path)], odds=True)
            if not result.problems:  # accepted content must also become both packages
                package_files(result)
                js_package.package_files(result)
    except Exception as exc:
        raise AssertionError(f"{path.name}, {change}: {type(exc).__name__}: {exc}") from exc
    for problem in result.problems:
        assert (validated is not None or problem.path.endswith(path.name)) and problem.line >= 1 and problem.col >= 1, (change, problem)
        assert problem.message and "\n" not in problem.message, (change, problem)
    return result.problems


DEMO = sorted(p for p in (FIXTURES / "content" / "demo").glob("*.yml") if p.name != "system.yml")


def halves(changes: Iterator[tuple[str, Any]], depth: Depth) -> list[tuple[str, Any]]:
    """Every other change in the everyday run, the others with `--deep`."""
    return depth.every(list(changes), 2)


@pytest.mark.slow
@pytest.mark.deep
@pytest.mark.parametrize("source", DEMO, ids=[p.stem for p in DEMO])
def test_every_one_step_change_of_a_demo_entry_is_a_problem_or_clean(source: Path, content: Path, depth: Depth) -> None:
    data = yaml.safe_load(source.read_text(encoding="utf-8"))
    outcomes = {"refused": 0, "accepted": 0}
    for change, new in halves(every_change(data), depth):
        problems = check_no_crash(content / "demo" / source.name, new, change)
        outcomes["refused" if problems else "accepted"] += 1
    assert outcomes["refused"] and outcomes["accepted"], outcomes  # some changes do reach past validation


@pytest.mark.slow
@pytest.mark.deep
def test_every_one_step_change_of_a_system_is_a_problem_or_clean(content: Path, depth: Depth) -> None:
    """A system's books, profile types, armies and roles are what its entries are checked
    against: each change is validated with the whole system."""
    source = content / "demo" / "system.yml"
    data = yaml.safe_load(source.read_text(encoding="utf-8"))
    outcomes = {"refused": 0, "accepted": 0}
    for change, new in halves(every_change(data), depth):
        problems = check_no_crash(source, new, change, validated=content / "demo")
        outcomes["refused" if problems else "accepted"] += 1
    assert outcomes["refused"] and outcomes["accepted"], outcomes


SHIPPED = sorted(p for p in (REPO / "content").glob("*/*.yml") if "\ndecide:" in p.read_text(encoding="utf-8").replace("    decide:", "\ndecide:"))


@pytest.mark.slow
@pytest.mark.deep
@pytest.mark.parametrize("source", SHIPPED, ids=[f"{p.parent.name}/{p.stem}" for p in SHIPPED])
def test_changed_decisions_and_examples_of_a_shipped_check_are_problems_or_clean(source: Path, tmp_path: Path, depth: Depth) -> None:
    """Each shipped check with a decision table, alone in a copy of its system (its links to
    other entries are then unresolved, which is a problem of its own and no obstacle)."""
    system = tmp_path / "content" / source.parent.name
    system.mkdir(parents=True)
    shutil.copy(source.parent / "system.yml", system / "system.yml")
    data = yaml.safe_load(source.read_text(encoding="utf-8"))
    codes: set[str] = set()
    for change, new in halves(decision_changes(data), depth):
        codes |= {p.code for p in check_no_crash(system / source.name, new, change)}
    assert codes & {"decide-incomplete", "decide-dead-row", "example-failed", "example-input"}, codes
