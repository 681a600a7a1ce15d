"""`until`: a check whose dice are rolled again until a condition holds, proved to stop.

Rolled again until it holds, the dice end on each roll that meets the condition in
proportion to its chance, so the odds are the distribution given the condition, exactly (the
odds functions drop the other rolls and divide by what is left). That needs a roll that meets
it: where none can, for some setting of the arguments that are not rolled, the dice would be
rolled again forever. This tries every setting the proofs try, and refuses the condition at
its line with the first setting no roll meets. The counts of pools are tried as the proofs try
them (each on its own, a superset of what the dice give), so a setting found here is one no
roll meets; a roll the superset holds but the dice never give is left to the odds function,
which refuses the arguments ("no roll meets `until`") rather than loop.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import Any

from rulesref.logic import prove
from rulesref.logic.codegen import internal, proof_module
from rulesref.logic.describe import expression_words
from rulesref.logic.domain import MAX_COMBINATIONS, DomainTooLarge, ProofTimeout, combinations, domain_size
from rulesref.logic.plan import Plan
from rulesref.logic.pools import names_read
from rulesref.logic.sandbox import run_module
from rulesref.logic.types import VType
from rulesref.model import Expr
from rulesref.problems import Problem


def analyse_until(
    until: Expr | None, scope: dict[str, VType], dice_names: set[str],
    expression: Callable[[Expr, dict[str, VType]], tuple[ast.expr, VType] | None], report: Callable[..., None],
) -> tuple[ast.expr, str] | None:
    """`until` checked: true/false, over the inputs, and reading the dice, or nothing would
    change from one roll to the next. With the words the check function refuses values with."""
    if until is None:
        return None
    result = expression(until, scope)
    if result is None:
        return None
    built, vtype = result
    if vtype.kind != "bool":
        report(until.where, "bad-until", f"`until` must be true/false, not {vtype.describe()}")
        return None
    if not names_read(built) & dice_names:
        report(until.where, "bad-until", "`until` reads no dice, so rolling again would never change it: use `requires`")
        return None
    return built, f"the dice are rolled again until {expression_words(str(until.source))}, so it must hold"  # in words: pages show it


def until_problems(plan: Plan, namespace: dict[str, Any]) -> list[Problem]:
    """The first setting of the arguments that are not rolled where the rest holds but no roll
    meets `until` (none at all: it never holds)."""
    until = plan.check.until
    if plan.until is None or until is None or domain_size(plan) > MAX_COMBINATIONS:
        return []
    helpers = namespace if internal("until", plan.name) in namespace else run_module(proof_module(plan), namespace["__name__"], namespace)
    test = helpers[internal("until", plan.name)]
    names = [a.name for a in plan.args]
    fixed = [a.name for a in plan.odds_args]
    met: dict[tuple[Any, ...], bool] = {}  # a setting where the rest holds -> whether a roll meets `until`
    try:
        for combo in combinations(plan):
            key = tuple(combo[n] for n in fixed)
            if met.get(key):
                continue
            try:
                rest, both = test(*[combo[n] for n in names])
            except ArithmeticError:
                continue  # the proofs report it
            if rest:
                met[key] = met.get(key, False) or bool(both)
    except (DomainTooLarge, ProofTimeout):
        return []
    never = [key for key, found in met.items() if not found]
    if not never:
        return []
    if len(never) == len(met):
        return [until.where.problem("bad-until", f"no roll ever meets `until` ({until.source}): the dice would be rolled again forever")]
    setting = prove.show(dict(zip(fixed, never[0], strict=True)))
    return [until.where.problem("bad-until", f"no roll meets `until` ({until.source}) for {setting}: the dice would be rolled again forever")]
