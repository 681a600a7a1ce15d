"""Data flows one way: compile once, then every writer reads the build.

A command analyses each check once and runs each example once; the writers (the Python
package, the pages, the JSON API) import the shape of a plan but never the analyser, the
prover or the sandbox, so they cannot compute anything the build did not prove.
"""

from __future__ import annotations

import ast
import os
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import rulesref.logic.check as compile_stage
from rulesref.commands.cli import main

from .conftest import REPO

WRITERS = [REPO / "generator" / "rulesref" / folder for folder in ("emit", "pages")]
COMPUTING = {"rulesref.logic.analyse", "rulesref.logic.check", "rulesref.logic.sandbox", "rulesref.logic.domain", "rulesref.validate"}


def imported_modules(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found |= {f"{node.module}.{a.name}" for a in node.names}
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
    return found


def test_no_writer_imports_what_computes() -> None:
    writers = sorted(path for folder in WRITERS for path in folder.glob("*.py"))
    assert len(writers) > 5
    for path in writers:
        assert imported_modules(path) & COMPUTING == set(), f"{path.name} imports a computing stage"


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Counts analyses (per entry and check) and example runs (per example's place)."""
    counts: Counter[str] = Counter()
    from rulesref.logic import analysed
    from rulesref.logic.analyse import analyse  # the one the compile stage and the effects' steps call, through `analysed`

    run_example = compile_stage.run_example

    def counting_analyse(entry: Any, check: Any) -> Any:
        counts[f"analyse {entry.key} {check.name}"] += 1
        return analyse(entry, check)

    def counting_run(plan: Any, function: Any, example: Any) -> Any:
        counts[f"example {example.where.doc.path} {example.where.path}"] += 1
        return run_example(plan, function, example)

    monkeypatch.setattr(analysed, "analyse", counting_analyse)
    monkeypatch.setattr(compile_stage, "run_example", counting_run)
    return counts


@pytest.mark.slow
def test_a_build_analyses_each_check_once_and_runs_each_example_once(counted: Counter[str], tmp_path: Path) -> None:
    from .site.conftest import make_project

    project = make_project(tmp_path / "project")
    cwd = os.getcwd()
    os.chdir(project.root)
    try:
        assert main(["build", "--content", "content"]) == 0
    finally:
        os.chdir(cwd)
    analysed = [k for k in counted if k.startswith("analyse")]
    examples = [k for k in counted if k.startswith("example")]
    assert len(analysed) >= 5 and len(examples) >= 20
    assert {k: n for k, n in counted.items() if n != 1} == {}


def test_generate_analyses_each_check_once(counted: Counter[str], content: Path, tmp_path: Path) -> None:
    assert main(["generate", "--content", str(content), "--out", str(tmp_path / "rulechecks")]) == 0
    assert counted and {k: n for k, n in counted.items() if n != 1} == {}
