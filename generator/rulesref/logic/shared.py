"""What a composed check's code shares with its step: the call that stands for the step's body.

A composed check (`rulesref.logic.compose`) is the step's logic with the effects written in,
and the analysis and the proofs read it whole. Its generated code need not repeat the step's
body, though: where the effects change only the step's inputs and its result, the code works
out the changed inputs, calls the step's own function with them, and changes what it gives.
So a package's size grows with its units plus its steps, not units times steps.

`shares` says whether the composed check can call its step, and how (a `Shares`; the writers
then see that it has every value to pass, `rulesref.logic.shared_code`); it cannot, and its
code is the composed logic itself, where
- an effect changes one of the step's own `let`s (Instant Death on a lost Wound): no call of
  the step's function can reach inside it;
- the result no longer reads the step at all (Fearless settles a Morale check outright): the
  composed logic is then short, with no call to make;
- something besides the call's result reads one of the step's own `let`s.
"""

from __future__ import annotations

import ast

from rulesref.composed import Shares
from rulesref.logic.effect_forms import names_in
from rulesref.model import Check, Expr, Input


def constants(changed: dict[str, str], lets: dict[str, ast.expr]) -> dict[str, bool | int | str]:
    """Each changed input (of `changed`: the `let` holding its value) that folding settled to
    a constant (`lets`: the folded `let`s), with that constant."""
    out: dict[str, bool | int | str] = {}
    for quantity, let in changed.items():
        node = lets[let]
        if isinstance(node, ast.Constant) and isinstance(node.value, bool | int | str):
            out[quantity] = node.value
    return out


def shares(
    step: tuple[str, Check], args: dict[str, str], settled: dict[str, bool | int | str], bases: dict[str, str], direct: list[tuple[str, str]],
    inputs: list[Input], lets: list[tuple[str, Expr]], values: list[tuple[str, Expr]],
) -> Shares | None:
    """How the composed check calls its step (the step's entry key and check), or None where
    it cannot (see the module's docstring). `args`: the `let` holding each input an effect
    changes, `settled`: those of them that are constants; `bases`: the `let` holding the step's result before a result's effects, with the
    step's field; `direct`: each result field the effects leave as the step gives it, with the
    step's field; `inputs`, `lets`, `values`: the composed check's, as pruned."""
    key, check = step
    body = {name for name, _ in check.lets}
    kept = {name for name, _ in lets}
    reads = [(name, field) for name, field in bases.items() if name in kept] + direct
    if not reads:
        return None
    direct_names = {name for name, _ in direct}
    rest = [e for name, e in lets if name not in body and name not in bases] + [e for name, e in values if name not in direct_names]
    if any(names_in(e.source) & body for e in rest):
        return None
    passed = tuple((i, settled.get(i, let)) for i, let in args.items())
    return Shares(key, check.name, passed, tuple(name for name, _ in lets if name in body), tuple(reads), tuple(settled))
