"""The structural prover agrees with the enumerator, problem for problem and word for word,
on every shipped check and every fixture's check; and it proves every shipped check itself
(none is left to the slower enumerator)."""

from __future__ import annotations

import shutil
from pathlib import Path

from rulesref.logic import check, prove
from rulesref.logic.codegen import functions_module
from rulesref.logic.plan import Plan
from rulesref.logic.records import record_type
from rulesref.logic.sandbox import run_module
from rulesref.problems import Problem
from rulesref.validate import validate

from .conftest import FIXTURES, REPO


def _both(content: Path) -> list[tuple[Plan, list[Problem], list[Problem] | None]]:
    """(plan, enumerator's problems, structural prover's problems or None) of every check."""
    build = validate([str(content)])
    results = []
    for entry in build.content.entries:
        plans, _ = check.plan_entry(entry)
        if not plans:
            continue
        records = {p.record_class: record_type(p.record_class, tuple(f for f, _ in p.fields)) for p in plans if p.record_class}
        # as `compile_entry` has it: without the enumerator's helpers, which it compiles itself
        namespace = run_module(functions_module(plans), build.settings.module_path(entry), records)
        for plan in plans:
            results.append((plan, check._proof_problems(plan, namespace), prove.prove(plan)))
    return results


def test_shipped_checks_are_proved_by_structure_alike() -> None:
    results = _both(REPO / "content")
    assert len(results) >= 60
    for plan, enumerated, structural in results:
        assert structural is not None, f"{plan.entry.key} {plan.name} fell back to enumeration"
        if [p.code for p in enumerated] == ["domain-too-large"]:
            # an attack of many characteristics, composed or not, past the enumerator's size or
            # step budget: only the structure proves it
            assert structural == [], f"{plan.entry.key} {plan.name}"
            continue
        assert structural == enumerated, f"{plan.entry.key} {plan.name}"


def test_fixture_checks_are_proved_alike(content: Path) -> None:
    fixtures = [*sorted((FIXTURES / "bad").glob("logic-*.yml")), *sorted((FIXTURES / "good").glob("*.yml"))]
    for fixture in fixtures:
        shutil.copy(fixture, content / "demo" / fixture.name)
    results = _both(content)
    found = {p.code for _, enumerated, _ in results for p in enumerated}
    # the fixtures do hold failing proofs, so agreeing is not agreeing on nothing
    assert {"decide-dead-row", "decide-incomplete", "out-of-range", "logic-error", "domain-too-large"} <= found
    proved = 0
    for plan, enumerated, structural in results:
        if structural is None:
            continue
        proved += 1
        assert structural == enumerated, f"{plan.entry.key} {plan.name}"
    assert proved >= len(results) - 2  # only division by a variable and the oversized domain fall back


def test_inputs_that_never_meet_in_a_condition_are_proved_apart(content: Path) -> None:
    shutil.copy(FIXTURES / "bad" / "logic-groups.yml", content / "demo")
    plan = next(p for p, _, _ in _both(content) if p.entry.id == "logic-groups")
    groups = sorted((sorted(names) for names, _ in prove.input_groups(plan) if names), key=len)
    # `bonus` is read by one result only, `flag` is an atom of its own, a dice count joins its dice
    assert groups == [["flag"], ["skill", "test"], ["count", "move", "wanted"]]
