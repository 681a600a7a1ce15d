"""A played system's `versus` module, in Python and in JavaScript, and the runtime it calls.

The data (`rulesref.versus.package_data`) is written as constants only: in Python one JSON
string, read at the first answer (an import's units are megabytes, and a literal of that size
takes seconds to import), in JavaScript a JSON literal (ASCII only). The module binds it to the runtime's
`PlayedUnits`, whose `versus(attacker, target)` answers as `rulesref versus` does.
"""

from __future__ import annotations

import ast
import json
from importlib import resources
from pathlib import Path
from typing import Any

from rulesref.emit.javascript import comment, header
from rulesref.logic.codegen import module_source
from rulesref.model import System
from rulesref.versus import runtime
from rulesref.versus.runtime import Arg

RUNTIME = "_versus"  # the runtime's module in both packages
PY_RUNTIME_SOURCE = "generator/rulesref/versus/runtime.py"
JS_RUNTIME_SOURCE = f"generator/rulesref/templates/javascript/{RUNTIME}.js"


def _name(name: str) -> ast.Name:
    return ast.Name(id=name, ctx=ast.Load())


def _of(outer: str, *inner: ast.expr) -> ast.expr:
    """A type subscripted: `dict[str, Any]`."""
    return ast.Subscript(value=_name(outer), slice=inner[0] if len(inner) == 1 else ast.Tuple(elts=list(inner), ctx=ast.Load()), ctx=ast.Load())


def _final(name: str, values: ast.expr, value: ast.expr) -> ast.stmt:
    """`NAME: Final[dict[str, VALUES]] = value`."""
    return ast.AnnAssign(target=ast.Name(id=name, ctx=ast.Store()), annotation=_of("Final", _of("dict", _name("str"), values)), value=value, simple=1)


def python_module(system: System, units: dict[str, Any], checks: dict[str, list[Arg]]) -> str:
    """`<system>/versus.py`: the data, and `versus` bound to it."""
    doc = (
        f"Versus for {system.name}: the exact odds of any of its units attacking any other.\n\n"
        f"`versus(attacker, target)` takes two unit ids (as their pages' addresses have them) and\n"
        f"returns one answer per weapon and step (see `{RUNTIME}.PlayedUnits.versus`).\n"
    )
    split = ast.Call(func=ast.Attribute(value=_name("__name__"), attr="rsplit", ctx=ast.Load()), args=[ast.Constant("."), ast.Constant(2)], keywords=[])
    top = ast.Subscript(value=split, slice=ast.Constant(0), ctx=ast.Load())  # the package of every system's modules
    bound = ast.Attribute(value=ast.Call(func=_name("PlayedUnits"), args=[top, _name("UNITS"), _name("CHECKS")], keywords=[]), attr="versus", ctx=ast.Load())
    body: list[ast.stmt] = [
        ast.Expr(ast.Constant(doc)),
        ast.ImportFrom(module="typing", names=[ast.alias("Final")], level=0),
        ast.ImportFrom(module=RUNTIME, names=[ast.alias("Arg"), ast.alias("PlayedUnits")], level=2),
        ast.Assign(targets=[ast.Name(id="__all__", ctx=ast.Store())], value=ast.List(elts=[ast.Constant("versus")], ctx=ast.Load())),
        ast.AnnAssign(target=ast.Name(id="UNITS", ctx=ast.Store()), annotation=_of("Final", _name("str")), value=ast.Constant(json.dumps(units, ensure_ascii=False, separators=(",", ":"))), simple=1),
        _final("CHECKS", _of("list", _name("Arg")), ast.Dict(keys=[ast.Constant(k) for k in checks], values=[ast.List(elts=[ast.Tuple(elts=[ast.Constant(x) for x in arg], ctx=ast.Load()) for arg in args], ctx=ast.Load()) for args in checks.values()])),
        ast.Assign(targets=[ast.Name(id="versus", ctx=ast.Store())], value=bound),
    ]
    return module_source(ast.fix_missing_locations(ast.Module(body=body, type_ignores=[])))


def python_runtime() -> str:
    return Path(runtime.__file__).read_text(encoding="utf-8")


def js_module(system: System, content: str, units: dict[str, Any], checks: dict[str, list[Arg]]) -> str:
    """`<system>/versus.js`: the data, and `versus` bound to it."""
    data = json.dumps(units, ensure_ascii=True, separators=(",", ":"), sort_keys=False)
    args = json.dumps(checks, ensure_ascii=True, separators=(",", ":"))
    return (
        header(f"{content}/{system.id}/")
        + f"/** Versus for {comment(system.name)}: the exact odds of any of its units attacking any other (see ../{RUNTIME}.d.ts). */\n"
        + f'import {{ playedUnits }} from "../{RUNTIME}.js";\n\n'
        + f"export const UNITS = Object.freeze({data});\n"
        + f"export const CHECKS = Object.freeze({args});\n"
        + "export const versus = playedUnits(UNITS, CHECKS);\n"
    )


def js_declarations(system: System) -> str:
    return (
        f"/** Versus for {comment(system.name)}: the exact odds of any of its units attacking any other. */\n"
        f'import type {{ Versus }} from "../{RUNTIME}.js";\n'
        "export declare const UNITS: Readonly<Record<string, unknown>>;\n"
        "export declare const CHECKS: Readonly<Record<string, readonly [string, string, number | null, number | null][]>>;\n"
        "export declare const versus: Versus;\n"
    )


def js_runtime() -> tuple[str, str]:
    """The runtime and its declarations, as written by hand."""
    folder = resources.files("rulesref").joinpath("templates", "javascript")
    return header(JS_RUNTIME_SOURCE) + folder.joinpath(f"{RUNTIME}.js").read_text(encoding="utf-8"), folder.joinpath(f"{RUNTIME}.d.ts").read_text(encoding="utf-8")


__all__ = ["JS_RUNTIME_SOURCE", "PY_RUNTIME_SOURCE", "RUNTIME", "js_declarations", "js_module", "js_runtime", "python_module", "python_runtime"]
