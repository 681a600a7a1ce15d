"""Pools: the exact odds against rolling every die (small pools) and against icepool (large
ones), the checks that use them against the same brute force, and JavaScript against Python.
"""

from __future__ import annotations

import itertools
import re
import shutil
from fractions import Fraction
from pathlib import Path
from typing import Any

import icepool  # a test dependency only: the exact reference for large pools
import pytest

from rulesref.logic import runtime_dice as dice
from rulesref.logic.codegen import module_ast
from rulesref.logic.sandbox import run_module
from rulesref.validate import validate

from . import pool_oracle
from .test_javascript import compare_groups
from .test_logic import compiled

FIXTURES = Path(__file__).parent / "fixtures"
F, P = dice.FAIL, dice.PASS

# each number's class on a D6: fail, pass, and named classes 2 and 3
SORTINGS = [
    (F, F, P, P, P, P),  # 3+
    (F, F, F, P, P, 2),  # 4+, a 6 apart (rending)
    (F, 3, F, P, 2, 2),  # classes anywhere
    (F, F, F, F, F, F),  # nothing passes
    (P, P, P, P, P, P),  # everything does
]
POLICIES = [("", 0, 0), ("ones", 0, 0), ("failures", 0, 0), ("one", 0, 0), ("all", 0, 0), ("", 6, 1), ("ones", 5, 2), ("failures", 6, 1)]


def as_fractions(found: dice.Dist) -> dict[tuple[int, ...], Fraction]:
    outcomes, total = found
    out: dict[tuple[int, ...], Fraction] = {}
    for vector, ways in outcomes:
        if ways:
            out[vector] = out.get(vector, Fraction(0)) + Fraction(ways, total)
    return out


def countings(classes: tuple[int, ...]) -> list[tuple[int, ...]]:
    present = sorted(set(classes) | {F})
    return [c for size in (1, 2, 3) for c in itertools.permutations(present, size)][:6]


@pytest.mark.parametrize("classes", SORTINGS)
@pytest.mark.parametrize(("reroll", "explode", "depth"), POLICIES)
def test_a_pool_equals_rolling_every_die(classes: tuple[int, ...], reroll: str, explode: int, depth: int) -> None:
    for counted in countings(classes):
        for n in range(0, 4 if not explode else 3):
            expected = pool_oracle.pool(n, 6, classes, counted, reroll, explode, depth)
            assert as_fractions(dice.pool(n, 6, classes, counted, reroll, explode, depth)) == expected, (n, counted)


@pytest.mark.slow
@pytest.mark.parametrize("classes", SORTINGS[:3])
@pytest.mark.parametrize("reroll", ["", "ones", "failures"])
def test_keeping_the_highest_or_lowest_equals_rolling_every_die(classes: tuple[int, ...], reroll: str) -> None:
    for counted in countings(classes)[:4]:
        for n, keep, highest in itertools.product(range(1, 5), range(1, 4), (True, False)):
            expected = pool_oracle.pool(n, 6, classes, counted, reroll, keep=keep, highest=highest)
            assert as_fractions(dice.pool(n, 6, classes, counted, reroll, keep=keep, highest=highest)) == expected, (n, keep, highest)


T = dice.TOTAL


@pytest.mark.parametrize("classes", SORTINGS[:3])
@pytest.mark.parametrize(("reroll", "explode", "depth"), [p for p in POLICIES if p[0] not in ("one", "all")])
def test_a_total_of_the_numbers_equals_rolling_every_die(classes: tuple[int, ...], reroll: str, explode: int, depth: int) -> None:
    for counted in [(T,), (P, T), (T, F, 2)]:
        for n in range(0, 4 if not explode else 3):
            expected = pool_oracle.pool(n, 6, classes, counted, reroll, explode, depth)
            assert as_fractions(dice.pool(n, 6, classes, counted, reroll, explode, depth)) == expected, (n, counted)
        for n, keep, highest in itertools.product(range(1, 4), range(1, 3), (True, False)):
            if not explode:
                expected = pool_oracle.pool(n, 6, classes, counted, reroll, keep=keep, highest=highest)
                assert as_fractions(dice.pool(n, 6, classes, counted, reroll, keep=keep, highest=highest)) == expected, (n, keep, highest, counted)


@pytest.mark.parametrize(("n", "k"), [(3, 2), (20, 3), (60, 5)])
def test_the_total_of_the_highest_dice_equals_icepool(n: int, k: int) -> None:
    theirs = icepool.d6.pool(n).highest(k).sum()
    expected = {o: Fraction(theirs.quantity(o), theirs.denominator()) for o in theirs.outcomes() if theirs.quantity(o)}
    ours = {v[0]: p for v, p in as_fractions(dice.pool(n, 6, (F, F, F, F, P, P), (T,), keep=k)).items()}
    assert ours == expected
    theirs = icepool.d6.pool(n).lowest(k).sum()
    expected = {o: Fraction(theirs.quantity(o), theirs.denominator()) for o in theirs.outcomes() if theirs.quantity(o)}
    ours = {v[0]: p for v, p in as_fractions(dice.pool(n, 6, (F, F, F, F, P, P), (T,), keep=k, highest=False)).items()}
    assert ours == expected


def test_a_d3_pool_and_a_composed_die_equal_rolling_every_die() -> None:
    assert as_fractions(dice.pool(3, 3, (F, P, 2), (P, 2), "ones")) == pool_oracle.pool(3, 3, (F, P, 2), (P, 2), "ones")
    # each pass of a 3+ pool rolls a 4+ die whose 6 is apart: the two counts of the second pool
    hit = dice.die(6, (F, F, P, P, P, P), (P,), "ones")
    wound = dice.die(6, (F, F, F, P, P, 2), (P, 2))
    chained = as_fractions(dice.power(3, dice.compose(hit, 0, wound)))
    expected: dict[tuple[int, ...], Fraction] = {}
    for hits, p in pool_oracle.pool(3, 6, (F, F, P, P, P, P), (P,), "ones").items():
        for counts, q in pool_oracle.pool(hits[0], 6, (F, F, F, P, P, 2), (P, 2)).items():
            expected[counts] = expected.get(counts, Fraction(0)) + p * q
    assert chained == expected


# -- large pools, against icepool --------------------------------------------------------------

def icepool_count(n: int, per_die: Any) -> dict[int, Fraction]:
    total = n @ per_die
    return {k: Fraction(total.quantity(k), total.denominator()) for k in total.outcomes() if total.quantity(k)}


@pytest.mark.parametrize("n", [30, 120, 200])
def test_large_pools_equal_icepool(n: int) -> None:
    d6 = icepool.d6
    # 3+ re-rolling 1s
    passes = (d6.reroll([1], depth=1) >= 3).map({True: 1, False: 0})
    ours = {v[0]: p for v, p in as_fractions(dice.pool(n, 6, (F, F, P, P, P, P), (P,), "ones")).items()}
    assert ours == icepool_count(n, passes)
    # 4+ re-rolling failures, counting the 6s apart: the count of 6s
    sixes = d6.reroll([1, 2, 3], depth=1).map(lambda x: 1 if x == 6 else 0)
    ours = {}
    for v, p in as_fractions(dice.pool(n, 6, (F, F, F, P, P, 2), (P, 2), "failures")).items():
        ours[v[1]] = ours.get(v[1], Fraction(0)) + p
    assert ours == icepool_count(n, sixes)
    # 5+ where a 6 adds a die, twice in a row at most
    exploding = icepool.map(lambda a, b, c: (a >= 5) + (a == 6) * ((b >= 5) + (b == 6) * (c >= 5)), d6, d6, d6)
    ours = {v[0]: p for v, p in as_fractions(dice.pool(n // 3, 6, (F, F, F, F, P, P), (P,), "", 6, 2)).items()}
    assert ours == icepool_count(n // 3, exploding)


@pytest.mark.slow
@pytest.mark.parametrize(("n", "k"), [(40, 3), (200, 10), (120, 60)])
def test_keeping_the_highest_of_many_equals_icepool(n: int, k: int) -> None:
    theirs = icepool.d6.pool(n).highest(k).keep_outcomes([5, 6]).size()
    expected = {o: Fraction(theirs.quantity(o), theirs.denominator()) for o in theirs.outcomes() if theirs.quantity(o)}
    ours = {v[0]: p for v, p in as_fractions(dice.pool(n, 6, (F, F, F, F, P, P), (P,), keep=k)).items()}
    assert ours == expected
    theirs = icepool.d6.pool(n).lowest(k).keep_outcomes([1]).size()
    expected = {o: Fraction(theirs.quantity(o), theirs.denominator()) for o in theirs.outcomes() if theirs.quantity(o)}
    ours = {v[0]: p for v, p in as_fractions(dice.pool(n, 6, (F, P, P, P, P, P), (F,), keep=k, highest=False)).items()}
    assert ours == expected


def icepool_attack(attacks: int) -> Any:
    """The benchmark's attack in icepool (`benchmarks/pools.py` times this very code): hit on
    3+ re-rolling 1s, wound on 4+ with natural 6s rending, 3+ armour against the wounds and a
    5+ invulnerable save against the rending ones, Feel No Pain on 5+, D3 damage for each
    wound it lets through."""
    from benchmarks.pools import ICEPOOL

    namespace: dict[str, Any] = {}
    exec(ICEPOOL, namespace)  # the benchmark's own source, so the two cannot drift apart
    return namespace["icepool_attack"](attacks)


# -- checks with pools, read from YAML ---------------------------------------------------------


@pytest.fixture(scope="module")
def volleys(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, dict[str, Any], Path]:
    content = tmp_path_factory.mktemp("pools") / "content"
    shutil.copytree(FIXTURES / "content", content)
    shutil.copy(FIXTURES / "pools" / "volleys.yml", content / "demo")
    entry = validate([str(content)]).content.entry("demo:volleys")
    assert entry is not None
    return entry, compiled(content, "demo", "volleys"), content


def fixed_points(entry: Any, check: Any, plan_args: list[str]) -> list[dict[str, Any]]:
    """Every setting of the arguments that are not rolled."""
    domains = []
    for name in plan_args:
        item = check.input(name)
        if item is None:
            param = entry.param(name)
            domains.append([(name, v) for v in range(param.min, param.max + 1)])
        elif item.type == "bool":
            domains.append([(name, False), (name, True)])
        else:
            domains.append([(name, v) for v in range(item.min, item.max + 1)])
    return [dict(combo) for combo in itertools.product(*domains)]


def odds_arguments(namespace: dict[str, Any], check_name: str) -> list[str]:
    import inspect

    return list(inspect.signature(namespace[f"{check_name}_odds"]).parameters)


@pytest.mark.slow
def test_every_pool_check_equals_rolling_every_die(volleys: tuple[Any, dict[str, Any], Path]) -> None:
    entry, namespace, _ = volleys
    tried = 0
    for check in entry.checks:
        for fixed in fixed_points(entry, check, odds_arguments(namespace, check.name)):
            expected = pool_oracle.check_odds(check, namespace[check.name], fixed)
            assert namespace[f"{check.name}_odds"](**fixed) == expected, (check.name, fixed)
            tried += 1
    assert tried >= 40


def test_a_chain_is_fused_into_one_pool_and_the_others_are_not(volleys: tuple[Any, dict[str, Any], Path]) -> None:
    from rulesref.logic.chain import schedule

    result = validate([str(volleys[2])])
    plans = {p.name: p for p in result.compiled[volleys[0].key].plans}
    chain = schedule(plans["chain"])
    assert [step.name for s in chain if (step := s.pool or s.dice)] == ["hits", "damage"]
    assert [f.inner.name for f in chain[0].fusions] == ["wounds", "armour", "invulnerable", "pain", "pain"]
    steps = schedule(plans["steps"])
    assert [s.pool.name for s in steps if s.pool] == ["first", "second", "third"]
    assert all(not s.fusions for s in steps)


def test_counts_that_do_not_add_up_are_refused(volleys: tuple[Any, dict[str, Any], Path]) -> None:
    _, namespace, _ = volleys
    chain = namespace["chain"]
    good = {"attacks": 2, "hits": 2, "wounds": 1, "rending": 1, "armour": 1, "through": 0, "invulnerable": 0, "rent": 1, "pain": 0, "unsaved": 1, "damage": 3}
    assert chain(**good) == 3
    with pytest.raises(ValueError, match=re.escape("hits must be at most 1 (the dice `hits` rolls), not 2")):
        chain(**{**good, "attacks": 1})
    with pytest.raises(ValueError, match=re.escape("armour + through must add up to exactly 1 (the dice `armour` rolls), not 2")):
        chain(**{**good, "through": 1})
    with pytest.raises(ValueError, match=re.escape("damage must be a roll of 1 D3 (1 to 3), not 4")):
        chain(**{**good, "damage": 4})
    with pytest.raises(ValueError, match=re.escape("high + six must add up to at most 2 (the dice `high` keeps), not 3")):
        namespace["best_two"](dice=4, high=2, six=1, low=1)


@pytest.mark.node
def test_javascript_equals_python_on_every_pool_check(volleys: tuple[Any, dict[str, Any], Path], tmp_path: Path) -> None:
    entry, namespace, content = volleys
    out = tmp_path / "js"
    from rulesref.commands.cli import main

    assert main(["generate", "--content", str(content), "--out", str(tmp_path / "py"), "--js-out", str(out)]) == 0
    module = (out / "demo" / "volleys.js").as_uri()
    groups = []
    for check in entry.checks:
        points = fixed_points(entry, check, odds_arguments(namespace, check.name))
        groups.append((f"demo/volleys {check.name}_odds", module, f"{check.name}_odds", namespace[f"{check.name}_odds"], points))
        given = [dict(e.given) for e in check.examples]
        wrong = [{**given[0], name: value + 1} for name, value in given[0].items() if isinstance(value, int) and not isinstance(value, bool)]
        groups.append((f"demo/volleys {check.name}", module, check.name, namespace[check.name], given + wrong))
    assert compare_groups(tmp_path, groups) == []


@pytest.mark.node
def test_the_benchmark_attack_equals_icepool_at_40_and_200_attacks(tmp_path: Path) -> None:
    from rulesref.commands.cli import main

    content = tmp_path / "content"
    shutil.copytree(FIXTURES / "content", content)
    text = (FIXTURES / "pools" / "volleys.yml").read_text().replace("attacks: {type: int, min: 1, max: 2}", "attacks: {type: int, min: 1, max: 200}").replace("max: 6}\n    expr: damage", "max: 600}\n    expr: damage")
    (content / "demo" / "volleys.yml").write_text(text)
    result = validate([str(content)])
    assert result.problems == ()
    entry = result.content.entry("demo:volleys")
    assert entry is not None
    namespace = run_module(module_ast(entry, result.compiled[entry.key].plans, system_name="demo", url="u"), result.settings.module_path(entry))
    for attacks in (40, 200):
        theirs = icepool_attack(attacks)
        expected = {k: Fraction(theirs.quantity(k), theirs.denominator()) for k in theirs.outcomes() if theirs.quantity(k)}
        assert namespace["chain_odds"](attacks=attacks) == expected
    # and the JavaScript gives the same BigInt fractions
    assert main(["generate", "--content", str(content), "--out", str(tmp_path / "py"), "--js-out", str(tmp_path / "js")]) == 0
    odds = namespace["chain_odds"]
    groups = [("demo/volleys chain_odds", (tmp_path / "js" / "demo" / "volleys.js").as_uri(), "chain_odds", odds, [{"attacks": 40}, {"attacks": 200}])]
    assert compare_groups(tmp_path, groups) == []


ORACLE_ROLLS = 60_000  # dice sequences the brute force may roll for one setting


def _most_of(source: str, most: dict[str, Any]) -> int:
    """The dice an expression rolls at the most: worked out from the settings and the highest
    values (a composed pool's dice, `10 if blitzed else attacks`), else 6."""
    try:
        return int(eval(source, {"__builtins__": {}, "min": min, "max": max}, dict(most)))  # only this repository's content
    except Exception:
        return 6


def _rolls(plan: Any, fixed: dict[str, Any]) -> int:
    """About how many sequences the oracle rolls: each pool's dice at their most (a pool whose
    dice are another roll's total, at that total's highest), re-rolls and all."""
    import re as regex

    from rulesref.logic.pools import Lineage, sum_names

    lineage = Lineage()  # a sum of counts that are different dice of one first pool is no more than its dice
    for pool in plan.pools:
        lineage.add(pool)
    rolled: dict[str, int] = {}  # each pool's dice at their most
    most = {a.name: a.vtype.hi for a in plan.args} | fixed
    total = 1
    for item in plan.check.inputs:
        if item.pool is not None:
            spec = item.pool
            dice = spec.dice.source
            n = int(dice if isinstance(dice, int) else most.get(dice) or 6 if regex.fullmatch(r"\w+", dice) else _most_of(dice, most))
            pool = next(p for p in plan.pools if p.name == item.name)
            sources = sum_names(pool.dice)
            if sources and lineage.bound(pool.dice) is not None:
                first = next(iter(lineage.paths[sources[0]]))[0][0]
                n = min(n, rolled.get(first, n))
            rolled[item.name] = n
            total += (spec.sides * (spec.sides if spec.reroll else 1)) ** n
            most |= {count: n for count, _ in next(p for p in plan.pools if p.name == item.name).counted}
        elif item.dice is not None and item.dice.of_param is not None:
            from rulesref.logic.runtime_dice import maximum, parse

            count, sides, _ = parse(fixed[item.dice.of_param])
            total *= sides**count
            most[item.name] = maximum(fixed[item.dice.of_param])  # a pool rolling this total rolls at most this
        elif item.dice is not None:
            total *= item.dice.sides ** (item.dice.count if item.dice.count_expr is None else int(fixed.get(str(item.dice.count_expr.source), 4)))
    return total


@pytest.mark.slow
def test_every_shipped_pool_check_equals_rolling_every_die() -> None:
    """The seed rules' pools, by brute force, on every setting of their examples small enough to roll."""
    from .test_javascript import python_module, shipped

    tried = set()
    for entry, plans in shipped():
        for plan in plans:
            if not plan.pools:
                continue
            module = python_module(entry)
            for example in plan.check.examples:
                given = dict(example.given)
                fixed = {a.name: given[a.name] for a in plan.odds_args}
                if example.raises is not None or _rolls(plan, fixed) > ORACLE_ROLLS:
                    continue
                expected = pool_oracle.check_odds(plan.check, getattr(module, plan.name), fixed)
                assert plan.odds_name is not None and getattr(module, plan.odds_name)(**fixed) == expected, (entry.id, plan.name, fixed)
                tried.add((entry.key, plan.name))
    assert len(tried) == sum(1 for _, plans in shipped() for p in plans if p.pools)  # every one, on some setting


def test_a_pool_said_to_count_every_die_does_on_every_roll(volleys: tuple[Any, dict[str, Any], Path]) -> None:
    """`whole` lets the proofs take a pool's counts to add up to exactly its dice (or the dice
    it keeps): by brute force, every roll of every pool so marked gives exactly that, and a
    pool not so marked has a roll where a die fails (so the mark is no constant)."""
    entry, namespace, content = volleys
    plans = {p.name: p for p in validate([str(content)]).compiled[entry.key].plans}
    marked = {(name, pool.name): pool.whole for name, plan in plans.items() for pool in plan.pools}
    assert marked[("kept_total", "high")] and marked[("split_at_x", "split")] and marked[("chain", "armour")]
    assert not marked[("best_two", "high")] and not marked[("chain", "hits")]
    short = set()
    for check in entry.checks:
        plan = plans[check.name]
        for fixed in fixed_points(entry, check, odds_arguments(namespace, check.name)):
            seen: list[tuple[str, int, int]] = []

            def record(plan: Any = plan, check: Any = check, seen: list[tuple[str, int, int]] = seen, **given: Any) -> int:
                for pool in plan.pools:
                    spec = next(i.pool for i in check.inputs if i.name == pool.name)
                    dice = pool_oracle._value(spec.dice.source, given)
                    limit = min(dice, pool_oracle._value(spec.keep[1].source, given)) if spec.keep else dice
                    seen.append((pool.name, sum(given[c] for c, _ in pool.counted), limit))
                return 0

            pool_oracle.check_odds(check, record, fixed)
            for pool in plan.pools:
                totals = [(total, limit) for name, total, limit in seen if name == pool.name]
                if pool.whole and not pool.explode_on:
                    assert all(total == limit for total, limit in totals), (check.name, pool.name, fixed)
                if any(total < limit for total, limit in totals):
                    short.add((check.name, pool.name))
    assert ("best_two", "high") in short and ("chain", "hits") in short


def test_a_roll_off_rolled_again_on_ties_sums_the_rerolls_exactly(volleys: tuple[Any, dict[str, Any], Path]) -> None:
    """`until`: D6 + bonus against D6, ties rolled again. Rolled k times before a winner, a
    side wins with (tie)^k * (win), which sums to win / (1 - tie): 21/31 with a bonus of 1,
    the figure no finite number of re-rolls gives."""
    _, namespace, _ = volleys
    for bonus in range(0, 3):
        pairs = [(a + bonus, d) for a in range(1, 7) for d in range(1, 7)]
        win, tie = Fraction(sum(1 for a, d in pairs if a > d), 36), Fraction(sum(1 for a, d in pairs if a == d), 36)
        wins = win / (1 - tie)
        assert namespace["rolloff_odds"](bonus=bonus) == {k: v for k, v in {False: 1 - wins, True: wins}.items() if v}
    assert namespace["rolloff_odds"](bonus=1)[True] == Fraction(21, 31)
    with pytest.raises(ValueError, match="rolled again until"):
        namespace["rolloff"](bonus=0, attacker=4, defender=4)


@pytest.mark.parametrize("sides", [3, 6])
def test_one_die_rolled_again_for_the_better_total_equals_every_choice(sides: int) -> None:
    """`reroll_one: better`: the player sees the dice, may roll any one again and keeps the
    better total; by brute force over every roll and every choice of die (the runtime rolls
    the lowest again, which this does not assume)."""
    for count in range(0, 5):
        expected: dict[int, int] = {}
        for faces in itertools.product(range(1, sides + 1), repeat=count + 1):
            rolled, again = faces[:-1], faces[-1]
            best = max([sum(rolled)] + [sum(rolled) - f + again for f in rolled])
            expected[best] = expected.get(best, 0) + 1
        found = dict(dice.faces_better(count, sides))
        scale = sum(found.values())
        assert {k: Fraction(v, scale) for k, v in found.items()} == {k: Fraction(v, sides ** (count + 1)) for k, v in expected.items()}, count


def test_a_charge_rolling_one_die_again_equals_icepool() -> None:
    theirs = icepool.map(lambda a, b, c: max(a + b, max(a, b) + c), icepool.d6, icepool.d6, icepool.d6)
    expected = {o: Fraction(theirs.quantity(o), theirs.denominator()) for o in theirs.outcomes()}
    found = dict(dice.faces_better(2, 6))
    assert {k: Fraction(v, 216) for k, v in found.items()} == expected
    assert sum(found.values()) == 216
