"""The odds of a check with pools: in which order its random values are rolled, which are fused,
and which are kept from one step to the next. Both writers (Python and JavaScript) follow it.

The odds are a table of the states of the random values still needed, with the ways of each,
extended one step at a time (a pool, or a dice total) and summed over what no later step or
the logic reads. Polynomial in the dice: a state holds counts, never rolls.

A chain (hits roll to wound, wounds are saved) is fused where it can be: when a pool's dice are
just counts of earlier pools that nothing else reads, and each of its dice is sorted on its
own, every earlier die that lands in such a count simply becomes one of its dice, so the two
are one die of a longer story (composed, `_dice.compose`). A chain of five pools then costs
what one pool costs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import comb, prod

from rulesref.logic.plan import Arg, Plan
from rulesref.logic.pools import PoolPlan, sum_names
from rulesref.logic.runtime_dice import TOTAL


@dataclass(frozen=True)
class Fusion:
    """Compose `inner` into the die at `slot`, the position of `name` in the vector so far."""

    name: str
    slot: int
    inner: PoolPlan
    counted: tuple[tuple[str, int], ...]  # inner's counts that are kept, with their classes


@dataclass(frozen=True)
class Step:
    """One step: a pool (with the pools fused into it) or a dice total."""

    pool: PoolPlan | None
    dice: Arg | None
    counted: tuple[tuple[str, int], ...]  # the pool's own counts that are kept
    fusions: tuple[Fusion, ...]
    names: tuple[str, ...]  # the counts (or the total) it gives, in its vector's order
    state: tuple[str, ...]  # the state it reads
    targets: tuple[int, ...]  # where each of `names` is added in the widened state
    width: int
    keep: tuple[int, ...]  # positions of the widened state kept after it
    after: tuple[str, ...] = field(default=())  # the state after it
    gather: tuple[int, ...] | None = None  # a count the fusions give twice: where each coordinate goes in `names`


def _reads(arg: Arg) -> frozenset[str]:
    if arg.pool is not None:
        return arg.pool.reads
    assert arg.dice is not None
    return arg.count_reads | ({arg.dice.of_param} if arg.dice.of_param else set())


def core_reads(plan: Plan) -> frozenset[str]:
    """The random values the logic itself reads."""
    used = plan.usage.free | set(plan.usage.compared)
    return frozenset(a.name for a in plan.random_args if a.name in used)


def _fusable(source: Arg | None, core: frozenset[str], readers: list[int] | None, reader: int) -> bool:
    """A count can hand its dice on to the pool `reader` alone: it is a count of a pool whose dice
    are sorted one by one, and nothing else reads it."""
    return source is not None and source.pool is not None and source.pool.independent and source.name not in core and readers == [reader]


def schedule(plan: Plan) -> list[Step]:
    """The steps of a check's odds, in order (see the module's docstring)."""
    random = {a.name: a for a in plan.random_args}
    core = core_reads(plan)
    units: list[Arg] = []  # one per pool and per dice total, in the order they are written
    for arg in plan.random_args:
        if arg.pool is None or all(u.pool is not arg.pool for u in units):
            units.append(arg)
    readers: dict[str, list[int]] = {}
    for index, unit in enumerate(units):
        for name in _reads(unit) & random.keys():
            readers.setdefault(name, []).append(index)
    # which pools are fused into which counts
    fused_into: dict[str, PoolPlan] = {}
    fused: set[int] = set()
    for index, unit in enumerate(units):
        pool = unit.pool
        if pool is None or not pool.independent or pool.die_reads & random.keys():
            continue
        sources = sum_names(pool.dice)
        if not sources or len(set(sources)) != len(sources):
            continue
        if all(_fusable(random.get(n), core, readers.get(n), index) for n in sources):
            fused.add(index)
            for name in sources:
                fused_into[name] = pool
    # what each count is needed for: the logic, a later step, or a fusion
    def needed_after(position: int) -> set[str]:
        out = set(core)
        for later, unit in enumerate(units):
            if later > position and later not in fused:
                out |= _reads(unit) & random.keys()
        return out

    steps: list[Step] = []
    state: tuple[str, ...] = ()
    for index, unit in enumerate(units):
        if index in fused:
            continue
        needed = needed_after(index)
        fusions: list[Fusion] = []
        if unit.pool is not None:
            own = tuple((n, c) for n, c in unit.pool.counted if n in needed or n in fused_into)
            names = [n for n, _ in own]
            queue = [n for n in names if n in fused_into]
            while queue:  # a count that is in the vector twice (two sources) is composed twice, once each
                name = queue.pop(0)
                inner = fused_into[name]
                kept = tuple((n, c) for n, c in inner.counted if n in needed or n in fused_into)
                slot = names.index(name)
                fusions.append(Fusion(name, slot, inner, kept))
                names = names[:slot] + names[slot + 1 :] + [n for n, _ in kept]
                queue += [n for n, _ in kept if n in fused_into]
        else:
            own = ()
            names = [unit.name]
        composed = names
        names = list(dict.fromkeys(names))  # a count fed by two pools is one count (`_dice.gather`)
        gather = tuple(names.index(n) for n in composed) if len(names) < len(composed) else None
        widened = list(state) + [n for n in names if n not in state]
        width = len(widened)
        targets = tuple(widened.index(n) for n in names)
        after = tuple(n for n in widened if n in needed)
        keep = tuple(widened.index(n) for n in after)
        steps.append(Step(unit.pool, unit if unit.dice else None, own, tuple(fusions), tuple(names), state, targets, width, keep, after, gather))
        state = after
    return steps


MAX_ODDS_COST = 2_000_000  # about 3 s of Python: past it the pages draw no chart (a warning says so)


def odds_cost(plan: Plan) -> int:
    """An upper bound of the work of a check's odds: for each step, the states of the table
    before it times the outcomes one state can have (a pool of n dice counting k classes has
    C(n + k, k); one that adds dice or keeps some, more). Linear in the table, so a pool of
    200 dice counting three classes, or a table of many counts kept side by side, is seen
    before it is computed. A total of the numbers shown multiplies the outcomes by the values
    it can take, and a pool that totals all its dice is a power by convolution: its outcomes
    times themselves."""
    ranges = {a.name: int(a.vtype.hi or 0) - int(a.vtype.lo or 0) + 1 for a in plan.random_args}
    pool_totals = {n for pool in plan.pools for n, c in pool.counted if c == TOTAL}
    table, work = 1, 0
    for step in schedule(plan):
        if step.pool is None:
            assert step.dice is not None
            size = ranges[step.dice.name]
        else:
            pool, k = step.pool, len(step.names)
            if pool.explode_on:
                size = (pool.most + 1) ** k
            elif pool.keep is not None:
                size = (pool.most + 1) ** k * (pool.dice_hi + 1) * pool.sides
            else:
                size = comb(pool.dice_hi + k, k)
            totals = sum(1 for n in step.names if n in pool_totals)
            if totals:  # a total takes up to the highest number times the dice, each; without keep, by convolving
                size = comb(pool.dice_hi + k - totals, k - totals) * (pool.most * pool.sides + 1) ** totals
                size = size * size if pool.keep is None else size * (pool.dice_hi + 1)
        work += table * size
        table = min(table * size, prod(ranges[n] for n in step.after))
    return work
