"""Benchmark: proving the effects on one step consistent grows with the effects, not their pairs.

Content: the demo system with one core step (`stand`, a `needed` step to change) and N rules,
each with one effect on that step pinned to a value of its own (`when: mark == k`), so no two
can apply together and no relation is needed. Once, every pair was proved (and each proof
looked through every exception of the content again): 50 effects took 0.9 s, 200 took 20 s,
1,000 did not finish in 30 s. For each N this prints, in one process, paired runs (alternating
which goes first; medians):

- the consistency proof as `validate` makes it (the index of conditions: `conflict_problems`),
  in processor seconds, repeated for 0.2 s at least (milliseconds are otherwise noise);
- the same proof of every pair, with no index (`indexed=False`), as the baseline, up to
  `--pairs-up-to` effects (it grows with their square);
- a whole cold `rulesref validate` of the content (no cache), once, on the clock.

Budget: 1,000 effects validate in under 5 s, and the proof grows at most 1.5x faster than
the effects (10x the effects: at most 15x the time).

    python benchmarks/effects.py [--sizes 50,100,200,500,1000] [--pairs-up-to 200] [--repeat 3]
"""

from __future__ import annotations

import argparse
import itertools
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))  # (as benchmarks/run.py: the repository's own modules)
BUDGET_1000_S = 5.0
BUDGET_GROWTH = 1.5


def write_effects(root: Path, count: int) -> Path:
    """The content folder: the step and `count` rules, one effect each, pinned apart."""
    folder = root / "demo"
    folder.mkdir(parents=True)
    (folder / "system.yml").write_text((REPO / "tests" / "fixtures" / "content" / "demo" / "system.yml").read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "stand.yml").write_text(
        "id: stand\nkind: term\nname: Stand\nsummary: Whether a unit stands.\n"
        "checks:\n  holds:\n    summary: Whether a unit holds.\n    inputs:\n"
        "      roll: {type: 2D6}\n      leadership: {type: int, min: 2, max: 10}\n"
        "    output: {type: bool}\n    let:\n      needed: leadership\n    expr: roll <= needed\n"
        "    examples:\n      - given: {roll: 7, leadership: 7}\n        expect: true\n",
        encoding="utf-8",
    )
    for k in range(count):
        (folder / f"r{k}.yml").write_text(
            f"id: r{k}\nkind: rule\nname: R{k}\nsummary: Rule {k}.\neffects:\n  - id: e\n    step: stand\n    summary: Set on mark {k}.\n"
            f"    changes: needed\n    set: {k % 9 + 2}\n    when: mark == {k}\n    inputs: {{mark: {{type: int, min: 0, max: 1000}}}}\n",
            encoding="utf-8",
        )
    return root


def _proof_cpu(resolved: list[Any], indexed: bool) -> float:
    """Processor seconds of one consistency proof (repeated for at least 0.2 s and averaged:
    a proof of milliseconds is otherwise all the scheduler's noise)."""
    from rulesref.logic.conflicts import conflict_problems

    runs, start = 0, time.process_time()
    while True:
        assert conflict_problems(resolved, indexed=indexed) == []
        runs += 1
        if time.process_time() - start >= 0.2:
            return (time.process_time() - start) / runs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="50,100,200,500,1000")
    parser.add_argument("--pairs-up-to", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    from rulesref.logic.effects import resolve_all
    from rulesref.support import collector
    from rulesref.validate import validate

    rows = []
    with tempfile.TemporaryDirectory() as scratch, collector.paused():
        for size in (int(s) for s in args.sizes.split(",")):
            root = write_effects(Path(scratch) / f"c{size}", size)
            os.environ["RULESREF_CACHE"] = str(Path(scratch) / f"cache{size}")
            start = time.perf_counter()
            build = validate([str(root)])
            cold = time.perf_counter() - start
            assert build.ok and not build.problems, build.problems[:3]
            resolved = resolve_all(build.content)[0].resolved
            indexed: list[float] = []
            every: list[float] = []
            for n in range(args.repeat):
                for which in (("index", "pairs") if n % 2 == 0 else ("pairs", "index")):
                    if which == "pairs" and size > args.pairs_up_to:
                        continue
                    (indexed if which == "index" else every).append(_proof_cpu(resolved, which == "index"))
            rows.append((size, cold, statistics.median(indexed), statistics.median(every) if every else None))
    print(f"{'effects':>8} {'validate, cold':>15} {'proof, indexed':>15} {'every pair':>12} {'ratio':>7}  (the proofs in processor seconds)")
    for size, cold, fast, slow in rows:
        print(f"{size:>8} {cold:>13.2f} s {fast:>13.3f} s {'' if slow is None else f'{slow:10.2f} s':>12} {'' if slow is None else f'{slow / fast:6.0f}x':>7}")
    for (small, _, fast_small, _), (big, _, fast_big, _) in itertools.pairwise(rows):
        print(f"{small} -> {big} effects ({big / small:g}x): the indexed proof {fast_big / fast_small:.2f}x")
    last = next((r for r in rows if r[0] == 1000), None)
    if last is not None:
        first = rows[0]
        growth = (last[2] / first[2]) / (last[0] / first[0])
        print(f"1,000 effects: validate {last[1]:.2f} s (budget {BUDGET_1000_S:g} s: {'met' if last[1] <= BUDGET_1000_S else 'over'}); "
              f"the proof grows {growth:.2f}x as fast as the effects (budget {BUDGET_GROWTH:g}x: {'met' if growth <= BUDGET_GROWTH else 'over'})")


if __name__ == "__main__":
    main()
