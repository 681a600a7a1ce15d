"""What an effect reads and brings besides its operation, checked as it is resolved.

- The parameters of its rule (`X` of Brutal (X)) that its expressions read: typed and proved
  as inputs of the parameter's range, until a unit gives their values (`compose`).
- The words a `set` brings to an enum result (`new_values`), and the fields it adds to the
  result (`outcomes`), each typed in the effect's own scope.

Kept apart from `rulesref.logic.effects`, which resolves effects and checks their relations.
"""

from __future__ import annotations

import ast
from dataclasses import replace
from functools import lru_cache

from rulesref.logic.analyse import effect_scope
from rulesref.logic.expressions import HELPERS
from rulesref.logic.types import VType, enum_type, field_type
from rulesref.model import Check, Effect, Entry, Input, Param
from rulesref.problems import Problem

RESULT = "result"  # the name an effect on a result reads the result so far by


def names_in(source: object) -> frozenset[str]:
    """The names an expression reads (helpers aside); a literal reads none."""
    return _names_in(source) if isinstance(source, str) else frozenset()


@lru_cache(maxsize=4096)
def _names_in(source: str) -> frozenset[str]:
    # (kept: many units compose the same steps with the same rules, so the same texts recur)
    try:
        tree = ast.parse(source.strip(), mode="eval")
    except SyntaxError:
        return frozenset()
    return frozenset(n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and n.id not in HELPERS)


def params_read(effect: Effect, entry: Entry, base: dict[str, VType]) -> tuple[Param, ...]:
    """The parameters of the effect's rule that its `when` and value read. (Parameters are
    upper-case and inputs snake_case, so one name is never both; on its own rule's check a
    parameter the check reads is already among `base`.)"""
    if not entry.params:  # (most rules have none: nothing to read, no expression to parse)
        return ()
    exprs = [effect.when, effect.value, *(e for o in effect.outcomes for e in (o.value, o.otherwise))]
    read = frozenset().union(*(names_in(e.source) for e in exprs if e is not None))
    return tuple(p for p in entry.params if p.name in read and p.name not in base)


def with_new_values(effect: Effect, on_result: bool, vtype: VType) -> VType | Problem:
    """The type a `set` may give, with the words it brings to an enum result (`new_values`),
    or why it cannot bring them."""
    if not effect.new_values:
        return vtype
    where = effect.where / "new_values"
    if effect.operation != "set" or not on_result or vtype.kind != "str" or vtype.values is None:
        return where.problem("bad-effect", f"`new_values` are words a `set` brings to an enum result, not to {vtype.describe()}", key=True)
    known = [v for v in effect.new_values if v in vtype.values]
    if known:
        return where.problem("duplicate-name", f"`{known[0]}` is already a value of the result: a new value needs a word of its own", key=True)
    return enum_type((*vtype.values, *effect.new_values))


def outcome_problems(effect: Effect, entry: Entry, check: Check, words: str, base: dict[str, VType], params: tuple[Input, ...]) -> list[Problem]:
    """Each field the effect adds: a name the step's result does not have, and its two values
    of its type, read in the effect's own scope (`result` is the result before its phase)."""
    problems = []
    fields = {f.name for f in check.output}
    for outcome in effect.outcomes:
        name = outcome.field.name
        if name in fields or (name == RESULT and not check.is_record):
            problems.append(outcome.field.where.problem("duplicate-name", f"{words} already gives `{name}`: an added field needs a name of its own", key=True))
            continue
        if outcome.field.type == "enum" and not outcome.field.values:
            problems.append(outcome.field.where.problem("bad-effect", f"the added field `{name}` is an enum: give its `values`", key=True))
            continue
        wanted = field_type(outcome.field)
        for expr in (outcome.value, outcome.otherwise):
            _, found = effect_scope(entry, replace(effect, inputs=effect.inputs + params, when=None, value=expr, operation=name), base, wanted)
            problems += found
    return problems


def param_input(param: Param) -> Input:
    """A parameter as an input of its range (a `roll` parameter, `4+`, is its number)."""
    if param.type == "dice":
        return Input(param.name, "dice", param.summary, None, None, param.values, None, param.where)
    return Input(param.name, "int", param.summary, param.min, param.max, (), None, param.where)
