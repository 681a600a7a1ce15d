"""Running compiled logic in-process: for examples and proofs at validation time.

The code run here is generated from allow-listed ASTs, so it can only compute; as a second
line of defence it runs with a minimal set of builtins and can import only the few modules
generated code uses.
"""

from __future__ import annotations

import ast
import builtins
import dataclasses
import fractions
import functools
import types
import typing
from typing import Any

from rulesref.logic import runtime_dice

_MODULES: dict[str, Any] = {
    "dataclasses": dataclasses,
    "fractions": fractions,
    "typing": typing,
}
# what `from .. import _dice` finds: the generated package's copy of the dice runtime
_PACKAGE = types.SimpleNamespace(_dice=runtime_dice)
_BUILTINS = {
    name: getattr(builtins, name)
    for name in (
        "type", "int", "float", "bool", "str", "dict", "tuple", "min", "max", "abs", "len", "object", "property",
        "ValueError", "AssertionError", "ZeroDivisionError", "TypeError", "__build_class__",
    )
}


def _import(name: str, globals: Any = None, locals: Any = None, fromlist: Any = (), level: int = 0) -> Any:
    if level == 2 and name == "" and tuple(fromlist or ()) == ("_dice",):
        return _PACKAGE
    if level != 0 or name not in _MODULES:
        raise ImportError(f"generated code may not import {name}")
    return _MODULES[name]


def run_module(module: str | ast.Module, module_name: str, predefined: dict[str, Any] | None = None) -> dict[str, Any]:
    """Execute a generated module (source or AST); returns its namespace."""
    namespace: dict[str, Any] = {
        **(predefined or {}),
        "__name__": module_name,
        "__builtins__": dict(_BUILTINS, __import__=_import),
    }
    code = compile(module, f"<{module_name}>", "exec", dont_inherit=True)
    exec(code, namespace)
    return namespace


@functools.cache
def _expression_code(node: ast.expr) -> types.CodeType:
    return compile(ast.fix_missing_locations(ast.Expression(body=node)), "<expression>", "eval", dont_inherit=True)


def evaluate(node: ast.expr, values: dict[str, Any]) -> Any:
    """One compiled expression (such as how many dice a check rolls) for these values, with
    the same builtins as a module: the proofs work out what the generated code does."""
    namespace: dict[str, Any] = {"__builtins__": _BUILTINS, "_dice": runtime_dice}
    return eval(_expression_code(node), namespace, values)  # an allow-listed AST, as `run_module` runs
