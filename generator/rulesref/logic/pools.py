"""Pools in the logic language: many dice rolled one by one, each sorted into a class, counted.

A pool input is not one argument but one per counted class: the pool's own name counts the
dice that passed, each of `classes` its own dice, `fails` the failures. To the logic they are
bounded whole numbers like any other input, so proofs, examples and the "Try it" forms treat
them as such; only the odds know they are random, and how (`PoolPlan`). The dice count, the
target and the rest are checked expressions over what comes before the pool, so a pool's dice
can be another pool's count: a chain.
"""

from __future__ import annotations

import ast
import itertools
from collections.abc import Callable
from dataclasses import dataclass

from rulesref.logic import positions as pos
from rulesref.logic.runtime_dice import FAIL, PASS, TOTAL  # the class numbers the generated code's runtime sorts dice into
from rulesref.logic.types import VType, int_type
from rulesref.model import Expr, Input, PoolSpec, Where

MAX_POOL = 200
MAX_DEPTH = 5  # a die adds at most this many dice in a row: each level multiplies one die's outcomes
PER_DIE = ("natural", "roll")  # what a class condition can read of its die
INCOMPATIBLE = {"one": "re-roll one die", "all": "re-roll the whole pool"}


@dataclass(frozen=True)
class PoolPlan:
    """A checked pool: each part an AST, and which arguments count which class."""

    name: str
    where: Where
    dice: ast.expr
    dice_hi: int
    sides: int
    target: ast.expr | None
    modifier: ast.expr | None
    best: ast.expr | None
    natural: tuple[tuple[int, int], ...]  # face -> class number
    classes: tuple[tuple[str, ast.expr], ...]  # named classes 2, 3, ... with their conditions
    counted: tuple[tuple[str, int], ...]  # argument -> class number, in the order of the arguments
    reroll: str
    explode_on: int
    explode_depth: ast.expr  # evaluated at the call: a parameter or an earlier input may set it (0: no die added)
    depth_hi: int  # the most it can be
    keep: ast.expr | None
    keep_hi: int
    keep_highest: bool
    reads: frozenset[str]  # names any part reads
    die_reads: frozenset[str]  # names the way one die is sorted reads (all but the dice and keep)
    whole: bool = False  # every die lands in a counted class, whatever the parameters (see `never_fails`)

    @property
    def independent(self) -> bool:
        """Whether each die is sorted without looking at the others (so n dice are one die's n-th power)."""
        return self.reroll in ("", "ones", "failures") and self.keep is None

    @property
    def most(self) -> int:
        """The largest count a class can reach."""
        if self.keep is not None:
            return min(self.dice_hi, self.keep_hi)
        return self.dice_hi * ((self.depth_hi + 1) if self.explode_on else 1)

    @property
    def exact_total(self) -> bool:
        """Whether the counts always add up to the dice rolled (every die counted, nothing added or dropped)."""
        return self.whole and not self.explode_on and self.keep is None


def sum_of(names: tuple[str, ...] | list[str]) -> ast.expr:
    """`a + b + c`: the counts of a pool added up, as the checks of their total write them."""
    total: ast.expr = pos.Name(id=names[0], ctx=ast.Load())
    for other in names[1:]:
        total = pos.BinOp(left=total, op=ast.Add(), right=pos.Name(id=other, ctx=ast.Load()))
    return total


def names_read(node: ast.AST, bound: tuple[str, ...] = ()) -> frozenset[str]:
    return frozenset(n.id for n in ast.walk(node) if isinstance(n, ast.Name) and n.id not in bound and n.id != "_dice")


Translate = Callable[[Expr, dict[str, VType]], "tuple[ast.expr, VType] | None"]
Report = Callable[..., None]  # (where, code, message, key=False)


def pool_arguments(item: Input) -> list[tuple[str, int, Where]]:
    """The arguments a pool input makes: (name, class number, where it is written)."""
    spec = item.pool
    assert spec is not None
    out: list[tuple[str, int, Where]] = []
    if spec.target is not None:
        out.append((item.name, PASS, item.where))
    for index, (name, expr) in enumerate(spec.classes):
        out.append((name, PASS + 1 + index, expr.where))
    if spec.fails is not None:
        out.append((spec.fails, FAIL, item.where / "fails"))
    if spec.total is not None:
        out.append((spec.total, TOTAL, item.where / "total"))
    return out


def counts_of(counted: tuple[tuple[str, int], ...]) -> list[str]:
    """The arguments that count dice (not the total of their numbers), in order."""
    return [name for name, number in counted if number != TOTAL]


def whole_number(translate: Translate, report: Report, expr: Expr | None, scope: dict[str, VType], what: str, noun: str = "a whole number") -> tuple[ast.expr, VType] | None:
    """`expr` translated, or None (refused at its line) when it is not a whole number: `what`
    names it and `noun` says what it must be ("a whole number of dice" for a dice count)."""
    if expr is None:
        return None
    result = translate(expr, scope)
    if result is None:
        return None
    built, vtype = result
    if vtype.kind != "int" or vtype.halves:
        report(expr.where, "type-mismatch", f"{what} must be {noun}, not {vtype.describe()}")
        return None
    return built, vtype


Path = tuple[tuple[str, int], ...]  # (pool, class) from a pool whose dice are no count, down to a count


class Lineage:
    """Where the dice of each count come from, to bound a sum of counts better than intervals
    can: the wounds and the rending wounds of one pool of hits are never more than the hits,
    and neither are the failed saves of each. Each count has the paths from a first pool down
    to it; counts whose paths split at different classes of one pool hold different dice."""

    def __init__(self) -> None:
        self.paths: dict[str, frozenset[Path]] = {}
        self.first: dict[str, int] = {}  # a first pool's name -> the most dice it rolls

    def add(self, pool: PoolPlan) -> None:
        sources = sum_names(pool.dice)
        exploded = pool.explode_on != 0
        paths: frozenset[Path] | None = None
        if sources is not None and all(s in self.paths for s in sources) and not exploded:
            paths = frozenset(p for s in sources for p in self.paths[s])
        for count, number in pool.counted:
            if number == TOTAL:
                continue  # a sum of numbers, not dice: no bound of a sum of counts holds it
            if paths is None:
                self.first[pool.name] = pool.dice_hi if not exploded else pool.most
                self.paths[count] = frozenset({((pool.name, number),)})
            else:
                self.paths[count] = frozenset(p + ((pool.name, number),) for p in paths)

    def bound(self, node: ast.expr) -> int | None:
        """The most a sum of counts can be, when their dice are all different dice of one first pool."""
        sources = sum_names(node)
        if sources is None or not all(s in self.paths for s in sources):
            return None
        paths = [p for s in sources for p in self.paths[s]]
        roots = {p[0][0] for p in paths}
        if len(roots) != 1 or not all(_apart(a, b) for i, a in enumerate(paths) for b in paths[i + 1 :]):
            return None
        return self.first[roots.pop()]


def _apart(a: Path, b: Path) -> bool:
    for (pool_a, class_a), (pool_b, class_b) in zip(a, b, strict=False):  # the shorter path ends first
        if pool_a != pool_b:
            return False
        if class_a != class_b:
            return True
    return False  # one is the other's ancestor: the same dice


def sum_names(node: ast.expr) -> list[str] | None:
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = sum_names(node.left), sum_names(node.right)
        return None if left is None or right is None else left + right
    return None


def analyse_pool(item: Input, scope: dict[str, VType], translate: Translate, report: Report, lineage: Lineage) -> PoolPlan | None:
    """Check a pool input against the scope before it; None (with problems reported) when unsound."""
    spec: PoolSpec | None = item.pool
    assert spec is not None
    where = item.where
    ok = True
    dice = whole_number(translate, report, spec.dice, scope, "`dice`")
    if dice is not None:
        lo, hi = dice[1].lo, dice[1].hi
        tokens = lineage.bound(dice[0])
        if tokens is not None and hi is not None and tokens < hi:
            dice = dice[0], int_type(lo, tokens)
            hi = tokens
        if lo is None or hi is None or lo < 0 or hi > MAX_POOL:
            report(spec.dice.where, "bad-pool", f"a pool rolls 0 to {MAX_POOL} dice, but `dice` can be {lo if lo is not None else 'unbounded'} to {hi if hi is not None else 'unbounded'}: bound the inputs it uses")
            ok = False
    parts = {key: whole_number(translate, report, getattr(spec, key), scope, f"`{key}`") for key in ("target", "modifier", "best")}
    ok = ok and dice is not None and all(parts[k] is not None for k in parts if getattr(spec, k) is not None)
    names = [n for n, c, _ in pool_arguments(item) if c != TOTAL]
    if not names and spec.total is None:
        report(where, "bad-pool", "a pool counts something: give it a `target` (its name counts the dice that pass), `classes` or `fails`")
        ok = False
    class_numbers = {name: PASS + 1 + i for i, (name, _) in enumerate(spec.classes)}
    natural: list[tuple[int, int]] = []
    for face, meaning in spec.natural:
        number = {"pass": PASS, "fail": FAIL}.get(meaning, class_numbers.get(meaning))
        if face > spec.sides:
            report(where / "natural" / str(face), "bad-pool", f"a D{spec.sides} never shows {face}", key=True)
            ok = False
        elif number is None:
            report(where / "natural" / str(face), "bad-pool", f"`{meaning}` is not `pass`, `fail` or one of the pool's classes ({', '.join(class_numbers) or 'it has none'})")
            ok = False
        elif number == PASS and spec.target is None:
            report(where / "natural" / str(face), "bad-pool", "a die can only pass when the pool has a `target`")
            ok = False
        else:
            natural.append((face, number))
    per_die = dict(scope) | {"natural": int_type(1, spec.sides), "roll": int_type(-20, 40)}
    classes: list[tuple[str, ast.expr]] = []
    for name, expr in spec.classes:
        result = translate(expr, per_die)
        if result is None:
            ok = False
            continue
        if result[1].kind != "bool":
            report(expr.where, "type-mismatch", f"the condition of the class `{name}` must be true/false, not {result[1].describe()}")
            ok = False
            continue
        classes.append((name, result[0]))
    reroll = spec.reroll or ""
    if isinstance(reroll, tuple):
        if len(reroll) > 1:
            report(where / "reroll", "bad-pool", f"a die is re-rolled at most once, so a pool has one re-roll, not {' and '.join(f'`{r}`' for r in reroll)} (which would re-roll a re-rolled die): choose one")
            ok = False
        reroll = reroll[0]
    if spec.total is not None and reroll in INCOMPATIBLE:
        report(where / "total", "bad-pool", f"a pool cannot both total its dice and {INCOMPATIBLE[reroll]}: split it into two pools", key=True)
        ok = False
    explode_on = spec.explode_on or 0
    if explode_on and explode_on > spec.sides:
        report(where / "explode" / "at", "bad-pool", f"a D{spec.sides} never shows {explode_on}")
        ok = False
    depth = whole_number(translate, report, spec.explode_depth if explode_on else None, scope, "`explode.depth`")
    if explode_on and depth is None:
        ok = False
    if depth is not None and (depth[1].lo is None or depth[1].hi is None or depth[1].lo < 0 or depth[1].hi > MAX_DEPTH):
        found = f"{depth[1].lo if depth[1].lo is not None else 'unbounded'} to {depth[1].hi if depth[1].hi is not None else 'unbounded'}"
        report(spec.explode_depth.where, "bad-pool", f"a die adds 0 to {MAX_DEPTH} dice in a row, but `depth` can be {found}: bound the inputs it uses")
        ok = False
    keep = whole_number(translate, report, spec.keep[1] if spec.keep else None, scope, "`keep`")
    if spec.keep is not None and keep is None:
        ok = False
    if keep is not None and (keep[1].lo is None or keep[1].lo < 1):
        report(spec.keep[1].where if spec.keep else where, "bad-pool", "a pool keeps at least 1 die: bound what `keep` uses")
        ok = False
    clashes = [("explode", explode_on and (reroll in INCOMPATIBLE or keep is not None)), ("keep", keep is not None and reroll in INCOMPATIBLE)]
    for key, clash in clashes:
        if clash:
            what = INCOMPATIBLE.get(reroll, "keep some dice")
            report(where / key, "bad-pool", f"a pool cannot both {'add dice on a roll' if key == 'explode' else 'keep some dice'} and {what}: split it into two pools", key=True)
            ok = False
    if not ok or dice is None:
        return None
    counted = tuple((n, c) for n, c, _ in pool_arguments(item))
    die_nodes: list[ast.expr] = [p[0] for p in parts.values() if p is not None] + ([depth[0]] if depth else [])
    nodes: list[ast.expr] = [dice[0], *die_nodes] + ([keep[0]] if keep else [])
    reads = frozenset().union(*(names_read(n) for n in nodes), *(names_read(c, PER_DIE) for _, c in classes))
    die_reads = frozenset().union(*(names_read(n) for n in die_nodes), *(names_read(c, PER_DIE) for _, c in classes))
    assert dice[1].hi is not None
    plan = PoolPlan(
        name=item.name,
        where=where,
        dice=dice[0],
        dice_hi=int(dice[1].hi),
        sides=spec.sides,
        target=parts["target"][0] if parts["target"] else None,
        modifier=parts["modifier"][0] if parts["modifier"] else None,
        best=parts["best"][0] if parts["best"] else None,
        natural=tuple(natural),
        classes=tuple(classes),
        counted=counted,
        reroll=reroll,
        explode_on=explode_on,
        explode_depth=depth[0] if depth else pos.Constant(0),
        depth_hi=int(depth[1].hi or 0) if depth else 0,
        keep=keep[0] if keep else None,
        keep_hi=int(keep[1].hi or MAX_POOL) if keep else 0,
        keep_highest=spec.keep is None or spec.keep[0] == "highest",
        reads=reads,
        die_reads=die_reads,
        whole=any(c == FAIL for _, c in counted) or never_fails(spec.sides, natural, classes, parts, scope),
    )
    lineage.add(plan)
    return plan


NEVER_FAILS_SETTINGS = 4096  # the most settings of what a pool's sorting reads that `never_fails` tries


def _values(vtype: VType) -> list[object] | None:
    """Every value a name the sorting reads can take, or None when too many or not known."""
    if vtype.kind == "bool":
        return [False, True]
    if vtype.kind == "str":
        return list(vtype.values) if vtype.values is not None else None
    if vtype.kind == "int" and not vtype.halves and vtype.lo is not None and vtype.hi is not None and vtype.hi - vtype.lo < NEVER_FAILS_SETTINGS:
        return list(range(int(vtype.lo), int(vtype.hi) + 1))
    return None


def _evaluator(node: ast.expr) -> Callable[[dict[str, object]], object]:
    code = compile(ast.fix_missing_locations(ast.Expression(body=node)), "<pool>", "eval")
    helpers = {"__builtins__": {}, "min": min, "max": max, "abs": abs}
    return lambda values: eval(code, helpers, values)  # an expression the analyser checked, of bounded numbers


def never_fails(sides: int, natural: list[tuple[int, int]], classes: list[tuple[str, ast.expr]], parts: dict[str, tuple[ast.expr, VType] | None], scope: dict[str, VType]) -> bool:
    """Whether no die can fail: on every setting of the parameters and inputs the sorting
    reads, each number is fixed to a class or a pass, or a class holds on it, or it passes.
    Then the counts (passes and classes) add up to the dice rolled or kept, though the pool
    names no `fails`: six classes `natural == 1` ... `natural == 6`, or `natural < X` and
    `natural >= X`. Sound, not complete: what reads a name of too many values (or fails to
    work out) is taken as a die that may fail."""
    fixed = dict(natural)
    nodes = [node for node, _ in (p for p in parts.values() if p is not None)] + [c for _, c in classes]
    read = sorted(frozenset().union(*(names_read(n, PER_DIE) for n in nodes)) if nodes else frozenset())
    domains = [_values(scope[name]) if name in scope else None for name in read]
    size = 1
    for domain in domains:
        if domain is None:
            return False
        size *= len(domain)
    if size > NEVER_FAILS_SETTINGS:
        return False
    part = {key: _evaluator(value[0]) if value is not None else None for key, value in parts.items()}
    conditions = [_evaluator(c) for _, c in classes]
    try:
        for setting in itertools.product(*(d or [] for d in domains)):
            values: dict[str, object] = dict(zip(read, setting, strict=True))
            modifier = part["modifier"](values) if part["modifier"] else 0
            target = part["target"](values) if part["target"] else None
            best = part["best"](values) if part["best"] else 1
            for face in range(1, sides + 1):
                if face in fixed:
                    if fixed[face] == FAIL:
                        return False
                    continue
                here = values | {"natural": face, "roll": face + modifier}  # type: ignore[operator]
                if any(condition(here) for condition in conditions):
                    continue
                if target is None or face < best or face + modifier < target:  # type: ignore[operator]
                    return False
    except Exception:  # whatever cannot be worked out is a die that may fail
        return False
    return True


def _times(node: ast.expr, factor: ast.expr) -> ast.expr:
    return pos.BinOp(left=node, op=ast.Mult(), right=factor)


def total_limits(pool: PoolPlan) -> tuple[ast.expr, ast.expr, str]:
    """The least and the most the total of a pool's numbers can be, and the dice they count:
    each die rolled (or kept) shows 1 to the die's highest number, and each die it adds too."""
    dice = pool.dice
    if pool.keep is not None:
        kept: ast.expr = pos.Call(func=pos.Name(id="min", ctx=ast.Load()), args=[pool.keep, dice], keywords=[])
        return kept, _times(kept, pos.Constant(pool.sides)), f"the dice `{pool.name}` keeps"
    if pool.explode_on:
        added = pos.BinOp(left=pool.explode_depth, op=ast.Add(), right=pos.Constant(1))
        return dice, _times(_times(dice, added), pos.Constant(pool.sides)), f"the dice `{pool.name}` rolls, D{pool.sides} each, with the dice they add"
    return dice, _times(dice, pos.Constant(pool.sides)), f"the dice `{pool.name}` rolls"


def count_bound(pool: PoolPlan, number: int = PASS) -> VType:
    """What one count of the pool can be: 0 to the most dice it can roll (and add, or keep);
    its total, 0 to that many times the die's highest number."""
    return int_type(0, pool.most * (pool.sides if number == TOTAL else 1))


def count_summary(item: Input, name: str, number: int) -> str:
    """What one count of a pool counts, in words: `The To Hit rolls: the dice that pass`."""
    base = (item.summary or item.name.replace("_", " ")).rstrip(".")
    if number == PASS:
        return f"{base}: the dice that pass"
    if number == FAIL:
        return f"{base}: the dice that fail"
    if number == TOTAL:
        return f"{base}: the total of the numbers the dice show"
    return f"{base}: the dice counted as {name.replace('_', ' ')}"
