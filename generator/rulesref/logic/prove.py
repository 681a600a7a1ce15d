"""Proofs by structure: completeness, dead rows and output ranges without trying every
combination of a check's inputs.

Enumerating the whole input domain costs the product of every input's range: a check with
four dice, a distance and a flag is 28,512 calls, although its conditions only look at two
dice, the distance and the flag, and its conditions fall apart into groups of inputs that
never meet in one comparison. This prover uses that structure:

- every `requires` test and `when` condition is cut at `and`/`or`/`not` into atoms (the
  comparisons and other non-boolean parts); inputs that share an atom (directly or through a
  `let` step, or a dice count) are one group, and groups are independent;
- each group is tried on its own, over its own inputs only (whole-number inputs compared
  only with constants are tried at the points around those constants, as the enumerator
  does; dice are their totals, plain bounded integers), which gives the set of truth
  vectors its atoms can take, with the first input values giving each;
- the decision is then tried over the product of those truth vectors, not of the inputs;
- an output field is checked against its bounds over the inputs it reads only, within the
  truth vectors where its row is the first to match.

Witnesses are the first input combination in the enumerator's own order (its product is a
union of products of independent groups, whose first element is the groups' first elements
put together), so both provers word every problem alike: a test runs both over every shipped
check and every fixture. Checks that could divide by zero, or whose groups are still too
large, are left to the enumerator (`prove` returns None), which stays the fallback.

Why not an SMT solver: z3 would add a 30 MB dependency, a translation of every helper and
of Python's floor division, and about a millisecond per query in its Python bindings, for
problems that here fall into a few dozen truth vectors; and it would still need the
enumerator's order for stable witnesses.
"""

from __future__ import annotations

import ast
import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from rulesref.logic import positions as pos
from rulesref.logic.domain import MAX_COMBINATIONS, dice_domain, static_domain
from rulesref.logic.plan import Plan
from rulesref.logic.sandbox import run_module
from rulesref.model import Check
from rulesref.problems import Problem

Combo = dict[str, Any]


class _GiveUp(Exception):
    """The structure does not pay here: leave the check to the enumerator."""


# -- the words of every proof problem (the enumerator uses them too) -----------------------


def show(values: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v!r}" for k, v in values.items())


def logic_error(check: Check, exc: ArithmeticError, combo: Combo) -> Problem:
    return check.where.problem("logic-error", f"`{check.name}` fails with {type(exc).__name__} for {show(combo)}", key=True)


def out_of_range(check: Check, field: str, value: int | float, lo: int | float | None, hi: int | float | None, combo: Combo) -> Problem:
    where = check.where / "output" / field if field else check.where / "output"
    return where.problem("out-of-range", f"the result {value} is outside {lo} to {hi} for {show(combo)}")


def incomplete(check: Check, combo: Combo) -> Problem:
    return (check.where / "decide").problem("decide-incomplete", f"no row matches {show(combo)}; add a row or an `otherwise`")


def dead_row(plan: Plan, index: int, witness: Combo | None, earlier: int) -> Problem:
    """Row `index` is never the first match; `witness` is where it holds (None: nowhere),
    and `earlier` the row that matches there first."""
    row = plan.rows[index]
    where = row.where / "when" if row.when is not None else row.where
    label = f"row {index + 1}" if row.when is not None else "`otherwise`"
    if witness is None:
        return where.problem("decide-dead-row", f"{label} can never match: its condition never holds")
    return where.problem(
        "decide-dead-row",
        f"{label} can never be the first to match: wherever it holds an earlier row matches first (e.g. {show(witness)} goes to row {earlier + 1})",
    )


def bounded_fields(plan: Plan) -> list[tuple[int, str, int | float | None, int | float | None]]:
    """(index, name, lo, hi) of every whole-number output field with a bound that some row's
    value might break: one whose range, worked out from its parts, lies within the bound in
    every row needs no search."""

    def within(i: int, lo: int | float | None, hi: int | float | None) -> bool:
        for row in plan.rows:
            found = row.then.ranges[i] if i < len(row.then.ranges) else None
            if found is None or (lo is not None and found[0] < lo) or (hi is not None and found[1] > hi):
                return False
        return True

    return [
        (i, f, t.lo, t.hi)
        for i, (f, t) in enumerate(plan.fields)
        if t.kind == "int" and (t.lo is not None or t.hi is not None) and not within(i, t.lo, t.hi)
    ]


# -- the structure ---------------------------------------------------------------------------


def _subscript(i: int) -> ast.expr:
    return pos.Subscript(value=_name("_a"), slice=pos.Constant(i), ctx=ast.Load())


def _cut(node: ast.expr, atoms: list[ast.expr], seen: dict[str, int]) -> ast.expr:
    """`node` with each atom replaced by `_a[i]`, the atoms collected (each once)."""
    if isinstance(node, ast.BoolOp):
        return pos.BoolOp(op=node.op, values=[_cut(v, atoms, seen) for v in node.values])
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return pos.UnaryOp(op=ast.Not(), operand=_cut(node.operand, atoms, seen))
    key = ast.dump(node)
    if key not in seen:
        seen[key] = len(atoms)
        atoms.append(node)
    return _subscript(seen[key])


def _name(name: str, store: bool = False) -> ast.Name:
    return pos.Name(id=name, ctx=ast.Store() if store else ast.Load())


def _method(subject: ast.expr, method: str, *args: ast.expr) -> ast.Call:
    """`subject.method(*args)`."""
    return pos.Call(func=pos.Attribute(value=subject, attr=method, ctx=ast.Load()), args=list(args), keywords=[])


def _function(name: str, params: list[str], body: list[ast.stmt]) -> ast.FunctionDef:
    arguments = ast.arguments(posonlyargs=[], args=[pos.arg(arg=p) for p in params], kwonlyargs=[], kw_defaults=[], defaults=[])
    return pos.FunctionDef(name=name, args=arguments, body=body, decorator_list=[], returns=None, type_comment=None)


def _assignments(steps: list[tuple[str, ast.expr]]) -> list[ast.stmt]:
    return [pos.Assign(targets=[_name(n, store=True)], value=v) for n, v in steps]


def _returning(steps: list[tuple[str, ast.expr]], expr: ast.expr) -> list[ast.stmt]:
    """A function's body: its steps, then `expr`."""
    return [*_assignments(steps), pos.Return(value=expr)]


def _truth(atom: ast.expr) -> ast.expr:
    """`atom` as True or False (a comparison already is one)."""
    if isinstance(atom, ast.Compare):
        return atom
    return pos.UnaryOp(op=ast.Not(), operand=pos.UnaryOp(op=ast.Not(), operand=atom))


def _grouping(params: list[str], steps: list[tuple[str, ast.expr]], atoms: list[ast.expr]) -> list[ast.stmt]:
    """The body of a function of `_rows` (tuples of `params`' values) that groups them by the
    truth vector of `atoms`, in their order: one loop in generated code, where a call per row
    from here cost most of a proof."""
    loop: list[ast.stmt] = []
    if params:
        loop.append(pos.Assign(targets=[pos.Tuple(elts=[_name(p, store=True) for p in params], ctx=ast.Store())], value=_name("_r")))
    loop += _assignments(steps)
    vector = pos.Tuple(elts=[_truth(a) for a in atoms], ctx=ast.Load())
    loop.append(pos.Expr(value=_method(_method(_name("_v"), "setdefault", vector, pos.List(elts=[], ctx=ast.Load())), "append", _name("_r"))))
    return [
        pos.Assign(targets=[_name("_v", store=True)], value=pos.Dict(keys=[], values=[])),
        pos.For(target=_name("_r", store=True), iter=_name("_rows"), body=loop, orelse=[], type_comment=None),
        pos.Return(value=_name("_v")),
    ]


def _compile(functions: list[tuple[list[str], list[ast.stmt]]], module_name: str) -> list[Callable[..., Any]]:
    """Compile (parameters, body) into functions, in the sandbox. The plan's own nodes are
    shared, not copied: compiling reads them and only the new nodes get positions."""
    body: list[ast.stmt] = [pos.ImportFrom(module=None, names=[pos.alias(name="_dice")], level=2)]
    body += [_function(f"_f{i}", params, statements) for i, (params, statements) in enumerate(functions)]
    namespace = run_module(ast.Module(body=body, type_ignores=[]), module_name)
    return [namespace[f"_f{i}"] for i in range(len(functions))]


class _Structure:
    """A check cut into independent groups of inputs, each with the truth vectors it allows."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.args = {a.name: a for a in plan.args}
        # the enumerator's order: fixed inputs first, then dice
        rolled = [a for a in plan.dice_args if static_domain(a, plan) is None]
        self.order = [a.name for a in plan.args if a not in rolled] + [a.name for a in rolled]
        self.position = {n: i for i, n in enumerate(self.order)}
        # every domain that does not hang on another input: fixed inputs, and dice of a fixed count
        self.static = {a.name: static_domain(a, plan) for a in plan.args if a not in rolled}
        for a in rolled:
            if a.dice is not None and a.count is None and a.dice.of_param is None:
                self.static[a.name] = dice_domain(a, {})
        self.index = {n: {v: i for i, v in enumerate(d)} for n, d in self.static.items() if d is not None}
        self.let_inputs: dict[str, set[str]] = {}
        for step, value, _ in plan.lets:
            self.let_inputs[step] = self.inputs_of(value)
        atoms: list[ast.expr] = []
        seen: dict[str, int] = {}
        tests = [_cut(t, atoms, seen) for t in plan.proof_requires]
        self.requires = pos.BoolOp(op=ast.And(), values=tests) if len(tests) > 1 else tests[0] if tests else pos.Constant(True)
        self.conditions = pos.Tuple(
            elts=[_cut(r.when, atoms, seen) if r.when is not None else pos.Constant(True) for r in plan.rows], ctx=ast.Load()
        )
        self.atoms = atoms
        self.groups = self._groups([self.inputs_of(a) for a in atoms])
        self.group_of = {n: g for g, (names, _) in enumerate(self.groups) for n in names}

    def inputs_of(self, node: ast.expr) -> set[str]:
        """The inputs an expression reads, directly or through steps (and the dice counts)."""
        names: set[str] = set()
        for n in ast.walk(node):
            if isinstance(n, ast.Name):
                if n.id in self.args:
                    names.add(n.id)
                elif n.id in self.let_inputs:
                    names |= self.let_inputs[n.id]
        queue = list(names)
        while queue:  # dice whose count reads an input (or a total of dice of their own)
            arg = self.args[queue.pop()]
            more = (arg.count_reads & self.args.keys()) | ({arg.dice.of_param} if arg.dice is not None and arg.dice.of_param else set())
            queue += more - names
            names |= more
        return names

    def _groups(self, atom_inputs: list[set[str]]) -> list[tuple[list[str], list[int]]]:
        """(inputs in enumeration order, atoms) of each independent group; atoms over no
        input form a group of their own."""
        parent: dict[str, str] = {}

        def root(n: str) -> str:
            while parent.setdefault(n, n) != n:
                n = parent[n]
            return n

        for inputs in atom_inputs:
            ordered = sorted(inputs)
            for other in ordered[1:]:
                parent[root(other)] = root(ordered[0])
        members: dict[str | None, list[int]] = {}
        for i, inputs in enumerate(atom_inputs):
            members.setdefault(root(min(inputs)) if inputs else None, []).append(i)
        groups = []
        for key, atom_list in members.items():
            names = sorted({n for i in atom_list for n in atom_inputs[i]}, key=self.position.__getitem__) if key is not None else []
            groups.append((names, atom_list))
        return groups

    def parameters(self, node: ast.expr) -> list[str]:
        """The inputs an expression reads: those of a group first, then the others, each in
        the enumerator's order."""
        inputs = sorted(self.inputs_of(node), key=self.position.__getitem__)
        return [n for n in inputs if n in self.group_of] + [n for n in inputs if n not in self.group_of]

    def steps(self, params: list[str]) -> list[tuple[str, ast.expr]]:
        """The steps computable from `params` alone, in order (enough for any expression
        over those inputs)."""
        have = set(params)
        return [(step, value) for step, value, _ in self.plan.lets if self.let_inputs[step] <= have]

    def assignments(self, names: list[str], start: Combo | None = None) -> Iterator[Combo]:
        """Every combination of values of `names` (in enumeration order), extending `start`."""
        values = dict(start or {})
        domains = [d for d in (self.static.get(n) for n in names) if d is not None]
        if len(domains) == len(names):
            for combo in itertools.product(*domains):
                yield {**values, **dict(zip(names, combo, strict=True))}
            return

        def walk(i: int) -> Iterator[Combo]:
            if i == len(names):
                yield dict(values)
                return
            name = names[i]
            domain = self.static.get(name)
            for value in domain if domain is not None else dice_domain(self.args[name], values):
                values[name] = value
                yield from walk(i + 1)
            values.pop(name, None)

        yield from walk(0)

    def rows(self, names: list[str]) -> Iterator[tuple[Any, ...]]:
        """`assignments` of `names` from nothing, each as a tuple of values in `names`' order:
        a group is tried tens of thousands of times, and a dict per try is most of its cost."""
        domains = [self.static.get(n) for n in names]
        if all(d is not None for d in domains):
            return itertools.product(*domains)  # type: ignore[arg-type]
        return (tuple(values[n] for n in names) for values in self.assignments(names))

    def complete(self, partial: Combo) -> Combo:
        """`partial` with every other input at its first value, in the enumerator's order."""
        values = dict(partial)
        for name in self.order:
            if name not in values:
                domain = self.static.get(name)
                values[name] = domain[0] if domain is not None else dice_domain(self.args[name], values)[0]
        return {n: values[n] for n in self.order}

    def key(self, values: Combo) -> tuple[int, ...]:
        """Where a (partial) combination comes in the enumerator's order."""
        return tuple(self.index[n][values[n]] if n in self.index else values[n] for n in self.order if n in values)


def input_groups(plan: Plan) -> list[tuple[list[str], list[ast.expr]]]:
    """The independent groups of a check's inputs, each with the atoms over it."""
    s = _Structure(plan)
    return [(names, [s.atoms[i] for i in atoms]) for names, atoms in s.groups]


def prove(plan: Plan) -> list[Problem] | None:
    """The proof problems of one check, or None when it is left to the enumerator."""
    found = _searched(plan, fields=True)
    if found is None:
        return None
    try:
        return _prove(plan, found)
    except _GiveUp:  # the output ranges still too large to search
        return None


@dataclass
class _Search:
    """What the product of truth vectors showed: for each row the first combination it is
    the first row to match, for each the first where it holds at all (with the row that took
    it), the first no row covers, and each row's region of truth vectors."""

    structure: _Structure
    by_vector: list[dict[tuple[Any, ...], list[tuple[Any, ...]]]]  # values in each group's order of names
    first: list[tuple[tuple[int, ...], Combo] | None]
    holds: list[tuple[tuple[int, ...], Combo, int] | None]
    uncovered: tuple[tuple[int, ...], Combo] | None
    region: list[list[tuple[tuple[Any, ...], ...]]]
    # the bounded output fields, each row's value of each as (parameters, expression), and
    # those values compiled (with the rest, in one module); empty unless asked for
    bounds: list[tuple[int, str, int | float | None, int | float | None]]
    field_exprs: list[tuple[list[str], ast.expr]]
    field_fns: list[Callable[..., Any]]


def first_matches(plan: Plan) -> list[Combo | None] | None:
    """For each row of `plan`, the first combination (in the enumerator's order) at which it
    is the first row to match, None where there is none; None when the structure does not
    pay and the caller must enumerate."""
    found = _searched(plan, fields=False)
    return [f[1] if f is not None else None for f in found.first] if found is not None else None


def _searched(plan: Plan, *, fields: bool) -> _Search | None:
    """`_search`, or None where the structure does not pay (a division that could be by
    zero, or groups still too large)."""
    if plan.usage.divides:
        return None
    try:
        return _search(plan, fields)
    except _GiveUp:
        return None


def _search(plan: Plan, fields: bool) -> _Search:
    s = _Structure(plan)
    groupings = [(["_rows"], _grouping(names, s.steps(names), [s.atoms[i] for i in atoms])) for names, atoms in s.groups]
    bounds = bounded_fields(plan) if fields else []
    field_exprs = [(s.parameters(e), e) for r in plan.rows for e in (r.then.values[i] for i, _, _, _ in bounds)]
    compiled = _compile(
        [
            *groupings,
            (["_a"], _returning([], s.requires)),
            (["_a"], _returning([], s.conditions)),
            *[(p, _returning(s.steps(p), e)) for p, e in field_exprs],
        ],
        f"_prove_{plan.name}",
    )
    group_fns, requires, conditions = compiled[: len(s.groups)], compiled[len(s.groups)], compiled[len(s.groups) + 1]
    field_fns = compiled[len(s.groups) + 2 :]

    # each group on its own: truth vector -> the combinations giving it (values in the
    # group's order of names), in enumeration order
    by_vector: list[dict[tuple[Any, ...], list[tuple[Any, ...]]]] = []
    for (names, _), fn in zip(s.groups, group_fns, strict=True):
        vectors: dict[tuple[Any, ...], list[tuple[Any, ...]]] = fn(itertools.islice(s.rows(names), MAX_COMBINATIONS + 1))
        if sum(map(len, vectors.values())) > MAX_COMBINATIONS:
            raise _GiveUp
        by_vector.append(vectors)
    atom_at = [(g, j) for g, (_, atoms) in enumerate(s.groups) for j, _ in enumerate(atoms)]
    slot = [0] * len(s.atoms)
    for position, (g, j) in enumerate(atom_at):
        slot[s.groups[g][1][j]] = position

    def witness(vector: tuple[tuple[Any, ...], ...]) -> Combo:
        merged: Combo = {}
        for g, v in enumerate(vector):
            merged.update(zip(s.groups[g][0], by_vector[g][v][0], strict=True))
        return s.complete(merged)

    first: list[tuple[tuple[int, ...], Combo] | None] = [None] * len(plan.rows)
    holds: list[tuple[tuple[int, ...], Combo, int] | None] = [None] * len(plan.rows)
    uncovered: tuple[tuple[int, ...], Combo] | None = None
    region: list[list[tuple[tuple[Any, ...], ...]]] = [[] for _ in plan.rows]
    for count, vector in enumerate(itertools.product(*[list(v) for v in by_vector])):
        if count >= MAX_COMBINATIONS:
            raise _GiveUp
        flat = [x for v in vector for x in v]
        truth = [flat[slot[i]] for i in range(len(s.atoms))]
        if not requires(truth):
            continue
        flags = conditions(truth)
        combo = witness(vector)
        key = s.key(combo)
        index = next((i for i, flag in enumerate(flags) if flag), None)
        for i, flag in enumerate(flags):
            current = holds[i]
            if flag and (current is None or key < current[0]):
                holds[i] = (key, combo, index if index is not None else i)
        if index is None:
            if uncovered is None or key < uncovered[0]:
                uncovered = (key, combo)
            continue
        current_first = first[index]
        if current_first is None or key < current_first[0]:
            first[index] = (key, combo)
        region[index].append(vector)
    return _Search(s, by_vector, first, holds, uncovered, region, bounds, field_exprs, field_fns)


def _prove(plan: Plan, found: _Search) -> list[Problem]:
    s, by_vector, first, holds, uncovered, region = found.structure, found.by_vector, found.first, found.holds, found.uncovered, found.region
    bounds, field_exprs, field_fns = found.bounds, found.field_exprs, found.field_fns
    check = plan.check
    problems: list[Problem] = []
    worst = _first_out_of_range(s, by_vector, region, bounds, field_exprs, field_fns)
    if worst is not None:
        combo, row = worst
        for n, (_, field, lo, hi) in enumerate(bounds):
            value = field_fns[row * len(bounds) + n](*[combo[x] for x in field_exprs[row * len(bounds) + n][0]])
            if (lo is not None and value < lo) or (hi is not None and value > hi):
                problems.append(out_of_range(check, field, value, lo, hi, combo))
                break
    if not plan.is_decide:
        return problems
    if uncovered is not None:
        problems.append(incomplete(check, uncovered[1]))
    for index in range(len(plan.rows)):
        if first[index] is not None:
            continue
        held = holds[index]
        problems.append(dead_row(plan, index, held[1] if held else None, held[2] if held else index))
    return problems


def _first_out_of_range(
    s: _Structure,
    by_vector: list[dict[tuple[Any, ...], list[tuple[Any, ...]]]],
    region: list[list[tuple[tuple[Any, ...], ...]]],
    bounds: list[tuple[int, str, int | float | None, int | float | None]],
    fields: list[tuple[list[str], ast.expr]],
    field_fns: list[Callable[..., Any]],
) -> tuple[Combo, int] | None:
    """The first combination (in the enumerator's order) whose result is out of bounds, and
    its row. Each field is tried over the inputs it reads only: within the row's truth
    vectors, each group contributes the distinct values of the inputs the field reads (with
    the first combination giving them), the other inputs read range freely."""
    group_of = s.group_of
    best: tuple[tuple[int, ...], Combo, int] | None = None
    work = 0
    for row, vectors in enumerate(region):
        for n, (_, _, lo, hi) in enumerate(bounds):
            fn = field_fns[row * len(bounds) + n]
            params = fields[row * len(bounds) + n][0]
            grouped = [x for x in params if x in group_of]
            loose = params[len(grouped) :]
            touched = sorted({group_of[x] for x in grouped})
            static = all(s.static.get(x) is not None for x in loose)
            lowest: dict[tuple[tuple[Any, ...], ...], Combo | None] = {}
            for vector in vectors:
                part = tuple(vector[g] for g in touched)
                if part not in lowest:
                    found: tuple[tuple[int, ...], Combo] | None = None
                    choices = []
                    for g in touched:
                        names = s.groups[g][0]
                        reads = [names.index(x) for x in grouped if group_of[x] == g]
                        distinct: dict[tuple[Any, ...], tuple[Any, ...]] = {}
                        for tried_values in by_vector[g][vector[g]]:
                            distinct.setdefault(tuple(tried_values[i] for i in reads), tried_values)
                        choices.append([dict(zip(names, first_values, strict=True)) for first_values in distinct.values()])
                    for chosen in itertools.product(*choices):
                        start: Combo = {}
                        for c in chosen:
                            start.update(c)
                        prefix = [start[x] for x in grouped]
                        tried = (
                            ({**start, **dict(zip(loose, combo, strict=True))}, [*prefix, *combo])
                            for combo in itertools.product(*[s.static[x] or [] for x in loose])
                        ) if static else ((values, [values[x] for x in params]) for values in s.assignments(loose, start))
                        for values, args in tried:
                            work += 1
                            if work > MAX_COMBINATIONS:
                                raise _GiveUp
                            value = fn(*args)
                            if (lo is not None and value < lo) or (hi is not None and value > hi):
                                k = s.key(values)
                                if found is None or k < found[0]:
                                    found = (k, values)
                    lowest[part] = found[1] if found else None
                bad = lowest[part]
                if bad is None:
                    continue
                merged: Combo = {}
                for g, v in enumerate(vector):
                    if g not in touched:
                        merged.update(zip(s.groups[g][0], by_vector[g][v][0], strict=True))
                merged.update(bad)
                combo = s.complete(merged)
                k = s.key(combo)
                if best is None or k < best[0]:
                    best = (k, combo, row)
    return (best[1], best[2]) if best else None
