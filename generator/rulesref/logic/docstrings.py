"""The docstrings of generated functions: the summary, what each argument takes, and the
worked examples as doctests. Content text only ever reaches them as words that cannot start a
doctest (`doc_text`); the docstring itself is a constant node (`docstring`)."""

from __future__ import annotations

import ast

from rulesref.logic import positions as pos
from rulesref.logic.describe import arg_values
from rulesref.logic.plan import Plan

DOCTEST_PROMPT = ">>>"


def docstring(text: str, indent: str = "") -> ast.Expr:
    """A docstring node; with `indent`, continuation lines are indented to sit in a body."""
    if indent:
        lines = text.rstrip("\n").split("\n")
        text = "\n".join([lines[0]] + [indent + line if line else "" for line in lines[1:]])
        text += "\n" + indent if len(lines) > 1 else ""
    return pos.Expr(pos.Constant(text))


def doc_text(text: str) -> str:
    """Content text made harmless inside a docstring: it can never start a doctest."""
    return " ".join(text.split()).replace(DOCTEST_PROMPT, ">> >")


def raised_words(text: str) -> str:
    """The words of an expected error as its doctest quotes them, after `ValueError: ...`.
    Runs of blanks become one (the doctest normalises whitespace, so two spaces in the
    message still match), and `>>>` stays: in the middle of that line doctest never reads
    it as a prompt, and changing it would stop it matching the message."""
    return " ".join(text.split())


def function_doc(plan: Plan, url: str) -> str:
    check = plan.check
    lines = [doc_text(check.summary), "", f"{doc_text(plan.entry.name)}: {url}"]
    if check.parts:
        lines += ["", "Composed from:"] + [f"    {doc_text(part.name)}: {doc_text(part.words)}" for part in check.parts]
    if plan.args:
        lines += ["", "Args:"]
        for arg in plan.args:
            what = doc_text(arg.summary) if arg.summary else ""
            lines.append(f"    {arg.name}: {arg_values(arg)}{'. ' + what if what else ''}")
    lines += ["", "Examples:"] if plan.example_texts else []  # (a composed check may have none yet: no empty heading)
    for text in plan.example_texts:
        example = text.example
        lines.append("")
        if example.note:
            lines.append(f"    {doc_text(example.note)}")
        if example.raises is not None:
            lines.append(f"    >>> {text.call}  # doctest: +ELLIPSIS +NORMALIZE_WHITESPACE")
            lines += ["    Traceback (most recent call last):", "    ...", f"    ValueError: ...{raised_words(example.raises)}..."]
        else:
            lines += [f"    >>> {text.call}", f"    {text.expected}"]
    return "\n".join(lines) + "\n"
