"""Positioned AST node classes for trees that are built to be compiled.

`compile` needs a line and column on every statement and expression, and the compiler reads
them like any attribute: these subclasses of the `ast` classes carry line 1 as a class
default, so built trees compile without a walk to fill positions in. They keep their base
class names, so `ast.unparse`, `isinstance` checks and everything else treat them as the
standard nodes they are.
"""

from __future__ import annotations

import ast
from typing import TypeVar

T = TypeVar("T", bound=ast.AST)


def _positioned(cls: type[T]) -> type[T]:
    defaults = {"lineno": 1, "col_offset": 0, "end_lineno": 1, "end_col_offset": 0, "__module__": __name__, "__slots__": ()}
    return type(cls.__name__, (cls,), defaults)


AnnAssign = _positioned(ast.AnnAssign)
Assign = _positioned(ast.Assign)
Attribute = _positioned(ast.Attribute)
BinOp = _positioned(ast.BinOp)
BoolOp = _positioned(ast.BoolOp)
Call = _positioned(ast.Call)
ClassDef = _positioned(ast.ClassDef)
Compare = _positioned(ast.Compare)
Constant = _positioned(ast.Constant)
Dict = _positioned(ast.Dict)
Expr = _positioned(ast.Expr)
For = _positioned(ast.For)
FormattedValue = _positioned(ast.FormattedValue)
FunctionDef = _positioned(ast.FunctionDef)
If = _positioned(ast.If)
IfExp = _positioned(ast.IfExp)
Lambda = _positioned(ast.Lambda)
ImportFrom = _positioned(ast.ImportFrom)
JoinedStr = _positioned(ast.JoinedStr)
List = _positioned(ast.List)
Name = _positioned(ast.Name)
Raise = _positioned(ast.Raise)
Return = _positioned(ast.Return)
Subscript = _positioned(ast.Subscript)
Tuple = _positioned(ast.Tuple)
UnaryOp = _positioned(ast.UnaryOp)
arg = _positioned(ast.arg)
keyword = _positioned(ast.keyword)
alias = _positioned(ast.alias)
