"""The consistency proof of effects: two effects that can change the same quantity in the same
phase at once, with no relation declared, are a conflict, refused with a witness.

Comparing every pair of effects on a step, each with a proof, grows with the square of their
number (and each proof once looked through every exception of the content again): 200
effects on one step took 20 s. So the effects' conditions are indexed first:

- Each effect's `when` is read for what it pins down (`Box`): the conjuncts that compare one
  input with constants (`mark == 3`, `2 <= roll <= 4`, `time in ('day', 'dusk')`, `banner`,
  `not banner`) give the values that input can have where the effect applies. The box holds
  wherever the effect applies (an exception only makes that smaller), so two effects whose
  boxes leave one input no common value can never apply together.
- In each group (one quantity of one step, one phase), the input the most effects pin down is
  swept as intervals: only effects whose values meet there are paired (and every effect that
  does not pin it is paired with each), so effects with disjoint conditions cost a sort, not
  a proof per pair.
- A pair left is skipped when another input leaves its boxes apart, and proved otherwise, as
  before (`prove.first_matches`, enumeration as the fallback), with its exceptions looked up
  in an index. Pairs whose inputs of one name differ in type are always proved (the proof
  says they cannot be looked through together), so every problem is worded as it always was
  (the tests compare the index with a proof of every pair).
"""

from __future__ import annotations

import ast
import heapq
from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache

from rulesref.logic import prove
from rulesref.logic.analyse import analyse
from rulesref.logic.codegen import functions_module, internal
from rulesref.logic.domain import DomainTooLarge, combinations
from rulesref.logic.effect_forms import RESULT, names_in
from rulesref.logic.effects import PHASE_WORDS, STACKING, Resolved, condition_with, exception_refs, related
from rulesref.logic.plan import Plan
from rulesref.logic.sandbox import run_module
from rulesref.logic.types import VType
from rulesref.model import Check, DecideRow, Expr, Input, OutputField, Result, Where
from rulesref.problems import Problem

UNPROVED: dict[str, object] = {}  # the overlap could not be looked through: treated as a conflict
Exceptions = Callable[[Resolved], list[Resolved]]  # the effects that are exceptions to one
Span = tuple[float, float]  # an interval of values, both ends included
Box = dict[str, tuple[VType, tuple[Span, ...]]]  # input -> (its type, the values the effect leaves it)


def conflict_problems(resolved: list[Resolved], *, indexed: bool = True) -> list[Problem]:
    """Every conflict among the effects, in content order of the pairs, each at the later
    effect's line with a witness. `indexed=False` proves every pair of every group, with no
    index: what the index must come to (the tests compare the two)."""
    exceptions = _exception_index(resolved)
    groups: dict[tuple[str, str, bool, int, str], list[Resolved]] = {}
    for one in resolved:
        groups.setdefault((one.step.key, one.quantity, one.on_result, one.phase, one.effect.side), []).append(one)
    problems = []
    for group in groups.values():
        boxes = [box_of(one) for one in group] if indexed else [{} for _ in group]
        proved = _two_types(group, exceptions)
        for i, j in sorted(set(candidate_pairs(boxes)) | proved):
            a, b = group[i], group[j]
            if related(a, b) or ((i, j) not in proved and _apart(boxes[i], boxes[j])):
                continue
            witness = overlap(a, b, exceptions)
            if witness is not None:
                problems.append(_conflict(a, b, witness))
    return problems


def _exception_index(resolved: list[Resolved]) -> Exceptions:
    """`exceptions_to` by lookup: the exceptions to each effect, found once for all."""
    found: dict[tuple[str, str, bool, str], list[Resolved]] = {}
    for one in resolved:
        for ref in exception_refs(one):
            found.setdefault((one.step.key, one.quantity, one.on_result, ref), []).append(one)
    return lambda one: found.get((one.step.key, one.quantity, one.on_result, one.effect.ref), [])


# -- the index of conditions -----------------------------------------------------------------


def box_of(one: Resolved) -> Box:
    """The values each input can have where the effect applies, as its `when` pins them down
    (inputs it does not pin are left out: they can be anything)."""
    if one.effect.when is None or not isinstance(one.effect.when.source, str):
        return {}
    source = one.effect.when.source.strip()
    args = {a.name: a.vtype for a in one.step.plan.args if a.pool is None}
    types = {n: one.inputs[n][1] if n in one.inputs else args[n] for n in sorted(names_in(source)) if n != RESULT and (n in one.inputs or n in args)}
    box: Box = {}
    for name, spans in _pinned(source, tuple(types.items())):
        vtype = types[name]
        box[name] = (vtype, _meet(box[name][1], spans) if name in box else spans)
    return box


@lru_cache(maxsize=4096)
def _pinned(source: str, types: tuple[tuple[str, VType], ...]) -> tuple[tuple[str, tuple[Span, ...]], ...]:
    """Each conjunct of a condition that pins one input: (input, its values)."""
    try:
        tree = ast.parse(source, mode="eval").body
    except SyntaxError:
        return ()
    typed = dict(types)
    return tuple(found for conjunct in _conjuncts(tree) if (found := _pins(conjunct, typed)) is not None)


def _conjuncts(node: ast.expr) -> Iterator[ast.expr]:
    if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.And):
        for value in node.values:
            yield from _conjuncts(value)
    else:
        yield node


_FLIPPED: dict[type[ast.cmpop], type[ast.cmpop]] = {ast.Lt: ast.Gt, ast.Gt: ast.Lt, ast.LtE: ast.GtE, ast.GtE: ast.LtE, ast.Eq: ast.Eq}
INF = float("inf")


def _pins(node: ast.expr, types: dict[str, VType]) -> tuple[str, tuple[Span, ...]] | None:
    """(input, its values) where `node` holds, for the shapes read; None for any other."""
    if isinstance(node, ast.Name) and node.id in types and types[node.id].kind == "bool":
        return node.id, ((1, 1),)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not) and isinstance(node.operand, ast.Name):
        name = node.operand.id
        return (name, ((0, 0),)) if name in types and types[name].kind == "bool" else None
    if not isinstance(node, ast.Compare):
        return None
    found: tuple[str, tuple[Span, ...]] | None = None
    left = node.left
    for op, right in zip(node.ops, node.comparators, strict=True):
        pinned = _compared(left, op, right, types)
        if pinned is not None:
            if found is None:
                found = pinned
            elif found[0] == pinned[0]:
                found = (found[0], _meet(found[1], pinned[1]))
        left = right
    return found


def _compared(left: ast.expr, op: ast.cmpop, right: ast.expr, types: dict[str, VType]) -> tuple[str, tuple[Span, ...]] | None:
    """One comparison of an input with a constant (or a tuple of them, for `in`)."""
    if isinstance(op, ast.In) and isinstance(left, ast.Name) and isinstance(right, ast.Tuple | ast.List | ast.Set) and left.id in types:
        points = [_point(item, types[left.id]) for item in right.elts]
        return None if any(p is None for p in points) else (left.id, _union([(p, p) for p in points if p is not None]))
    if not isinstance(left, ast.Name):
        if not isinstance(right, ast.Name) or type(op) not in _FLIPPED:
            return None
        left, right, op = right, left, _FLIPPED[type(op)]()
    if left.id not in types:
        return None
    vtype = types[left.id]
    value = _point(right, vtype)
    if value is None:
        return None
    if isinstance(op, ast.Eq):
        return left.id, ((value, value),)
    if vtype.kind != "int" or vtype.halves:
        return None
    bounds = {ast.Lt: (-INF, value - 1), ast.LtE: (-INF, value), ast.Gt: (value + 1, INF), ast.GtE: (value, INF)}.get(type(op))
    return (left.id, (bounds,)) if bounds is not None else None


def _point(node: ast.expr, vtype: VType) -> float | None:
    """A constant as a point of an input's values: an int as itself, a bool as 0 or 1, an
    enum word as its place; None for anything else."""
    if not isinstance(node, ast.Constant):
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and isinstance(node.operand, ast.Constant):
            inner = _point(node.operand, vtype)
            return -inner if inner is not None and vtype.kind == "int" else None
        return None
    value = node.value
    if vtype.kind == "bool" and type(value) is bool:
        return int(value)
    if vtype.kind == "int" and not vtype.halves and type(value) is int:
        return value
    if vtype.kind == "str" and vtype.values is not None and isinstance(value, str) and value in vtype.values:
        return vtype.values.index(value)
    return None


def _union(spans: Iterable[Span]) -> tuple[Span, ...]:
    """Sorted spans, overlapping ones joined."""
    joined: list[Span] = []
    for lo, hi in sorted(spans):
        if joined and lo <= joined[-1][1]:
            joined[-1] = (joined[-1][0], max(joined[-1][1], hi))
        else:
            joined.append((lo, hi))
    return tuple(joined)


def _meet(a: tuple[Span, ...], b: tuple[Span, ...]) -> tuple[Span, ...]:
    """The values in both."""
    return tuple((max(x[0], y[0]), min(x[1], y[1])) for x in a for y in b if max(x[0], y[0]) <= min(x[1], y[1]))


def _apart(a: Box, b: Box) -> bool:
    """Whether some input of one type in both boxes has no value in both."""
    return any(name in b and b[name][0] == vtype and not _meet(spans, b[name][1]) for name, (vtype, spans) in a.items())


def _declared(one: Resolved, exceptions: Exceptions) -> dict[str, VType] | None:
    """The type of each input the proof of an effect declares (its own and its exceptions'),
    or None when one name has two types among them."""
    seen: dict[str, VType] = {}
    for x in (one, *exceptions(one)):
        for name, (_, vtype) in x.inputs.items():
            if seen.setdefault(name, vtype) != vtype:
                return None
    return seen


def _two_types(group: list[Resolved], exceptions: Exceptions) -> set[tuple[int, int]]:
    """The pairs whose proof declares one name with two types: the proof says they cannot be
    looked through together, so they are always proved, whatever their conditions. (Where
    every effect gives each name one type, as nearly always, there are none.)"""
    declared = [_declared(one, exceptions) for one in group]
    types: dict[str, set[VType]] = {}
    for found in declared:
        for name, vtype in (found or {}).items():
            types.setdefault(name, set()).add(vtype)
    mixed = {name for name, kinds in types.items() if len(kinds) > 1}
    pairs: set[tuple[int, int]] = set()
    for i, mine in enumerate(declared):
        if mine is None:  # two types already among its own proof's names: every pair of it
            pairs.update((min(i, j), max(i, j)) for j in range(len(group)) if j != i)
            continue
        names = mixed & mine.keys()
        for j, theirs in enumerate(declared) if names else ():
            if j != i and theirs is not None and any(n in theirs and theirs[n] != mine[n] for n in names):
                pairs.add((min(i, j), max(i, j)))
    return pairs


def candidate_pairs(boxes: list[Box]) -> list[tuple[int, int]]:
    """The pairs of a group (positions, in the order `itertools.combinations` gives them)
    that may apply together as the most pinned input tells: effects whose values for it
    meet, and each effect that does not pin it with every other."""
    counts: dict[tuple[str, VType], int] = {}
    for box in boxes:
        for name, (vtype, _) in box.items():
            counts[(name, vtype)] = counts.get((name, vtype), 0) + 1
    if not counts:
        return [(i, j) for i in range(len(boxes)) for j in range(i + 1, len(boxes))]
    pivot = max(sorted(counts, key=lambda k: k[0]), key=lambda k: counts[k])
    pinned = [i for i, box in enumerate(boxes) if box.get(pivot[0], (None,))[0] == pivot[1]]
    free = [i for i, box in enumerate(boxes) if box.get(pivot[0], (None,))[0] != pivot[1]]
    pairs = {(min(i, j), max(i, j)) for i in free for j in range(len(boxes)) if i != j}
    pairs |= _meeting(pinned, [boxes[i][pivot[0]][1] for i in pinned])
    return sorted(pairs)


def _meeting(members: list[int], values: list[tuple[Span, ...]]) -> set[tuple[int, int]]:
    """The pairs of members whose spans meet: a sweep over the spans by their low ends."""
    spans = sorted((lo, hi, member) for member, own in zip(members, values, strict=True) for lo, hi in own)
    active: list[tuple[float, int]] = []  # (high end, member): spans not yet ended
    pairs: set[tuple[int, int]] = set()
    for lo, hi, member in spans:
        while active and active[0][0] < lo:
            heapq.heappop(active)
        pairs.update((min(member, other), max(member, other)) for _, other in active if other != member)
        heapq.heappush(active, (hi, member))
    return pairs


# -- the proof of one pair -------------------------------------------------------------------


def _conflict(a: Resolved, b: Resolved, witness: dict[str, object]) -> Problem:
    shown = "inputs that cannot be looked through together (too many of them, or one name of two types), so they are not proved apart" if witness is UNPROVED else ", ".join(f"{k}={v!r}" for k, v in witness.items()) or "always"
    how = "say which wins (`exception_to`)" + (" or how they stack (`stacks`, on both)" if a.effect.operation in STACKING and b.effect.operation in STACKING else "")
    return (b.effect.where / "id").problem(
        "conflicting-effects",
        f"`{b.effect.ref}` and `{a.effect.ref}` can both change {b.what} at once ({PHASE_WORDS[b.phase]}), {'' if witness is UNPROVED else 'for example '}with {shown}: {how}",
    )


def _input_of(name: str, vtype: VType, where: Where) -> Input:
    """An input standing for a value of `vtype` (the result so far, in a proof)."""
    if vtype.kind == "bool":
        return Input(name, "bool", None, None, None, (), None, where)
    if vtype.kind == "str":
        return Input(name, "enum", None, None, None, tuple(vtype.values or ("none",)), None, where)
    return Input(name, "inches" if vtype.halves else "int", None, vtype.lo, vtype.hi, (), None, where)


def overlap(a: Resolved, b: Resolved, exceptions: Exceptions) -> dict[str, object] | None:
    """The first inputs (in the enumerator's order) where both effects apply, or None."""
    first, second = condition_with(a, exceptions(a)), condition_with(b, exceptions(b))
    if "False" in (first, second):
        return None  # an exception that always applies overrides it: it never applies at all
    source = f"({first}) and ({second})"
    read = names_in(source)
    if not read:
        return {}
    where = b.effect.where / "when"
    inputs: dict[str, Input] = {}
    step_inputs = {i.name: i for i in a.step.check.inputs}
    for one in (a, b, *exceptions(a), *exceptions(b)):
        for name, (item, _) in one.inputs.items():
            inputs.setdefault(name, item)
    for name in sorted(read):
        if name == RESULT:
            inputs.setdefault(name, _input_of(RESULT, a.vtype, where))
        elif name in step_inputs:
            inputs.setdefault(name, step_inputs[name])
    used = [inputs[n] for n in inputs if n in read]
    true, false = Result((("", Expr(True, where)),), where, made=True), Result((("", Expr(False, where)),), where, made=True)
    check = Check(
        name="both_apply", summary="Where both effects apply.", inputs=tuple(used),
        output=(OutputField("", "bool", None, None, None, (), where),), is_record=False, requires=(), lets=(), expr=None,
        decide=(DecideRow(Expr(source, where), true, None, where), DecideRow(None, false, None, where)), examples=(), where=where,
    )
    plan, problems = analyse(a.step.entry, check)
    if plan is None or problems:
        return UNPROVED  # each condition analyses on its own: together they read one name as two types
    found = prove.first_matches(plan)
    if found is not None:
        return found[0]
    return _enumerated(plan)


def _enumerated(plan: Plan) -> dict[str, object] | None:
    """The enumerator's first match of the first row (the fallback of `prove.first_matches`)."""
    namespace = run_module(functions_module([plan], odds_url=None, proofs=True), "<effects>", {})
    conditions = namespace[internal("conditions", plan.name)]
    names = [a.name for a in plan.args]
    try:
        for combo in combinations(plan):
            if conditions(*[combo[n] for n in names])[0]:
                return combo
    except DomainTooLarge:
        return UNPROVED
    return None
