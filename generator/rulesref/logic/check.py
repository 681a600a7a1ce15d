"""The compile stage for the logic: analyse every check once, run its examples once, prove
it, and (when pages need them) compute its odds, all from one in-process build of the same
function ASTs that `rulesref generate` writes out.

What comes out is a `CompiledEntry` per entry with checks; the writers read those and never
analyse or run anything again, so what validation proved is what tool authors import and
what the pages show.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rulesref.config import Settings
from rulesref.logic import prove
from rulesref.logic.analysed import analysed
from rulesref.logic.chain import MAX_ODDS_COST, odds_cost
from rulesref.logic.codegen import core_name, functions_module, internal, proof_module
from rulesref.logic.compiled import CompiledCheck, CompiledEntry, ExampleResult, OddsResult
from rulesref.logic.domain import MAX_COMBINATIONS, DomainTooLarge, ProofBudget, ProofTimeout, combinations, domain_size
from rulesref.logic.inputs import no_row_matched
from rulesref.logic.plan import Plan
from rulesref.logic.records import record_type
from rulesref.logic.sandbox import run_module
from rulesref.logic.until import until_problems
from rulesref.model import Entry, Example, Scalar
from rulesref.names import python_name_problems
from rulesref.problems import Problem

MAX_ODDS = 4  # distributions per check: one per distinct set of non-dice arguments of its examples


def plan_entry(entry: Entry) -> tuple[list[Plan], list[Problem]]:
    """Analyse every check of an entry; plans only when all of them are sound."""
    plans: list[Plan] = []
    problems: list[Problem] = python_name_problems(entry)
    for check in entry.checks:
        plan, found = analysed(entry, check)  # (a step's, as resolving the effects analysed it)
        problems += found
        if plan is not None:
            plans.append(plan)
    return ([] if problems else plans), problems


def _same(expected: Scalar, got: Any) -> bool:
    return type(expected) is type(got) and expected == got


def _in_gap(plan: Plan, exc: AssertionError) -> bool:
    """Whether `exc` is what a `decide` without `otherwise` raises when no row matches: the
    proof reports such a gap (`decide-incomplete`), but examples and odds run before it."""
    return str(exc) == no_row_matched(plan)


def run_example(plan: Plan, function: Any, example: Example) -> tuple[ExampleResult, list[Problem]]:
    """Run one example of `plan` on its compiled `function`: what it gave, and its problems
    (`compile_entry` runs each example once through here; a test counts the runs)."""
    where = example.where
    given = dict(example.given)
    try:
        got = function(**given)
    except AssertionError as exc:
        if not _in_gap(plan, exc):
            raise
        return ExampleResult(example, None, None), [(where / "given").problem("example-failed", "no row of the `decide` matches this example; add a row or an `otherwise`")]
    except ValueError as exc:
        if example.raises is None:
            return ExampleResult(example, None, None), [(where / "given").problem("example-failed", f"the example raised ValueError: {exc}")]
        if example.raises not in str(exc):
            return ExampleResult(example, None, None), [(where / "raises").problem("example-failed", f"expected an error containing {example.raises!r}, but it says: {exc}")]
        return ExampleResult(example, None, None), []
    except ArithmeticError as exc:
        return ExampleResult(example, None, None), [(where / "given").problem("example-failed", f"the logic fails on this example: {type(exc).__name__}: {exc}")]
    result = ExampleResult(example, got, repr(got))
    if example.raises is not None:
        return result, [(where / "raises").problem("example-failed", f"expected an error containing {example.raises!r}, but the result is {got!r}")]
    if plan.record_class is None:
        assert not isinstance(example.expect, tuple) and example.expect is not None
        if not _same(example.expect, got):
            return result, [(where / "expect").problem("example-failed", f"expected {example.expect!r}, but the logic gives {got!r}")]
        return result, []
    assert isinstance(example.expect, tuple)
    problems = []
    for field, expected in example.expect:
        actual = getattr(got, field)
        if not _same(expected, actual):
            problems.append(
                (where / "expect" / field).problem("example-failed", f"expected {field}={expected!r}, but the logic gives {field}={actual!r}")
            )
    return result, problems


def _proof_problems(plan: Plan, namespace: dict[str, Any], budget: ProofBudget | None = None) -> list[Problem]:
    """The enumerator, fallback of `prove.prove`: try every input combination: no row dead, none uncovered, no failure, results in range."""
    budget = budget or ProofBudget()
    check = plan.check
    size = domain_size(plan)
    steps = budget.charge(plan, size) if size <= MAX_COMBINATIONS else None
    if steps is not None:
        return [check.where.problem("domain-too-large", f"proving `{check.name}` takes about {steps:,} steps ({size:,} input combinations); with the other checks of this entry the proofs may take {budget.left:,} more: narrow the min/max of its inputs or split the entry", key=True)]
    helpers = namespace if internal("conditions", plan.name) in namespace else run_module(proof_module(plan), namespace["__name__"], namespace)
    conditions, requires = helpers[internal("conditions", plan.name)], helpers[internal("requires", plan.name)]
    core = namespace[core_name(plan)]
    names = [a.name for a in plan.args]
    first: list[dict[str, Any] | None] = [None] * len(plan.rows)
    holds: list[dict[str, Any] | None] = [None] * len(plan.rows)
    uncovered: dict[str, Any] | None = None
    bounds = [(f, lo, hi) for _, f, lo, hi in prove.bounded_fields(plan)]
    # the results themselves only need computing when they are bounded or could fail
    run_core = bool(bounds) or plan.usage.divides
    problems: list[Problem] = []
    try:
        for combo in combinations(plan, budget):
            args = [combo[n] for n in names]
            try:
                if not requires(*args):
                    continue
                flags = conditions(*args)
                result = core(*args) if run_core else None
            except ArithmeticError as exc:
                return [prove.logic_error(check, exc, combo)]
            except AssertionError:
                result = None
            index = next((i for i, flag in enumerate(flags) if flag), None)
            for i, flag in enumerate(flags):
                if flag and holds[i] is None:
                    holds[i] = combo
            if index is None:
                uncovered = uncovered or combo
                continue
            if first[index] is None:
                first[index] = combo
            for field, lo, hi in bounds:
                value: int = getattr(result, field) if plan.record_class else result  # type: ignore[assignment]
                if (lo is not None and value < lo) or (hi is not None and value > hi):
                    problems.append(prove.out_of_range(check, field, value, lo, hi, combo))
                    bounds = []
                    break
    except DomainTooLarge as exc:
        return [check.where.problem("domain-too-large", f"`{check.name}` has {exc.size:,} input combinations; the proof tries at most {MAX_COMBINATIONS:,}: narrow the min/max of its inputs", key=True)]
    except ProofTimeout:
        return [check.where.problem("domain-too-large", f"proving `{check.name}` ran past {budget.seconds:g} s with the other checks of this entry: narrow the min/max of its inputs", key=True)]
    if not plan.is_decide:
        return problems
    assert check.decide is not None
    if uncovered is not None:
        problems.append(prove.incomplete(check, uncovered))
    for index in range(len(plan.rows)):
        if first[index] is not None:
            continue
        witness = holds[index]
        if witness is None:
            problems.append(prove.dead_row(plan, index, None, index))
        else:
            taken = next(i for i in range(index) if first[i] is not None or holds[i] is not None)
            earlier = _first_true(conditions, [witness[n] for n in names])
            problems.append(prove.dead_row(plan, index, witness, earlier if earlier is not None else taken))
    return problems


def _first_true(conditions: Any, args: list[Any]) -> int | None:
    return next((i for i, flag in enumerate(conditions(*args)) if flag), None)


def _odds(plan: Plan, odds: Any) -> tuple[OddsResult, ...]:
    """Exact odds for the first few distinct sets of non-dice arguments the examples use."""
    seen: list[tuple[tuple[str, Scalar], ...]] = []
    for example in plan.check.examples:
        if example.raises is not None:
            continue
        given = dict(example.given)
        fixed = tuple((a.name, given[a.name]) for a in plan.odds_args if a.name in given)
        if fixed not in seen:
            seen.append(fixed)
    results = []
    for fixed in seen[:MAX_ODDS]:
        try:
            distribution: dict[Any, Fraction] = odds(**dict(fixed))
        except (ValueError, ArithmeticError):
            continue
        except AssertionError as exc:  # some roll falls in a gap of the `decide`: no odds
            if not _in_gap(plan, exc):
                raise
            continue
        results.append(OddsResult(fixed, tuple(distribution.items())))
    return tuple(results)


def proof_problems(plan: Plan, namespace: dict[str, Any], budget: ProofBudget | None = None) -> list[Problem]:
    """Proved by structure where it can be, by enumeration where it cannot (within the
    entry's `budget` of steps and time)."""
    proved = prove.prove(plan)
    return (proved if proved is not None else _proof_problems(plan, namespace, budget)) + until_problems(plan, namespace)


def run_plans(entry: Entry, plans: list[Plan], settings: Settings, *, odds: bool = False) -> dict[str, Any]:
    """The namespace of an entry's checks' functions, run in-process (with `odds`, their odds
    functions too): without the enumerator's helpers, which the structural prover leaves few
    checks to need, and `_proof_problems` compiles a check's helpers when it does."""
    records = {p.record_class: record_type(p.record_class, tuple(f for f, _ in p.fields)) for p in plans if p.record_class}
    module = functions_module(plans, odds_url=settings.entry_url(entry) if odds else None)
    return run_module(module, settings.module_path(entry), records)


def compile_entry(entry: Entry, settings: Settings, *, odds: bool = False, proofs: bool = True) -> tuple[CompiledEntry | None, list[Problem]]:
    """Analyse, run, prove (and with `odds`, weigh) every check of one entry; without
    `proofs`, the proofs are left to the caller (who has them already)."""
    plans, problems = plan_entry(entry)
    if not plans:
        return None, problems
    namespace = run_plans(entry, plans, settings, odds=odds)
    checks = []
    budget = ProofBudget()
    for plan in plans:
        results = []
        for example in plan.check.examples:
            result, found = run_example(plan, namespace[plan.name], example)
            results.append(result)
            problems += found
        if proofs:
            problems += proof_problems(plan, namespace, budget)
        cost = odds_cost(plan) if plan.pools else 0
        if cost > MAX_ODDS_COST:
            problems.append(
                plan.check.where.problem(
                    "odds-too-large",
                    f"the odds of `{plan.name}` take about {cost:,} steps (the limit for a page's charts is {MAX_ODDS_COST:,}): its page shows no chart, "
                    f"and `{plan.odds_name}` takes as long for whoever calls it; count fewer classes, keep fewer counts, or roll fewer dice",
                    key=True, severity="warning",
                )
            )
        weighed = _odds(plan, namespace[plan.odds_name]) if odds and plan.odds_name and cost <= MAX_ODDS_COST else ()
        checks.append(CompiledCheck(plan, tuple(results), weighed))
    return CompiledEntry(entry, tuple(checks)), problems
