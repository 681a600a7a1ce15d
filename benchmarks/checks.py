"""Call cost of a generated check function against a hand-written equivalent, in one run.

The generated side is compiled from YAML by the real pipeline (Mob Rule, as in the design,
plus a 3D6-against-D6 check for the odds); the hand-written side is what a careful person
would type: the same input validation, the same record type, the same decision logic.
Prints ns per call for both and the ratio (budget: at most 1.5), and the cost of an odds
call over 3D6 x D6 (budget: well under a millisecond).

    python benchmarks/checks.py [--calls N]
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import timeit
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from rulesref.commands.cli import main as rulesref  # noqa: E402

SYSTEM = """id: bench
name: Benchmark Game
edition: 1st
books: {core: {title: Core}}
"""
MOB_RULE = """id: mob-rule
kind: rule
name: Mob Rule
summary: A unit that fails a Morale check rolls on the Mob Rule table.
text: Roll a D6.
checks:
  resolve:
    summary: What a failed Morale check becomes under Mob Rule.
    inputs:
      roll: {type: D6}
      locked_in_combat: {type: bool}
      has_ork_character: {type: bool}
      models: {type: int, min: 1, max: 100}
    output:
      outcome: {type: enum, values: [passed, failed]}
      hits: {type: dice}
    decide:
      - when: roll == 1 and locked_in_combat
        then: {outcome: passed, hits: none}
      - when: roll == 1
        then: {outcome: failed, hits: none}
      - when: roll <= 3 and has_ork_character
        then: {outcome: passed, hits: D6}
      - when: roll <= 3
        then: {outcome: failed, hits: none}
      - when: models >= 10
        then: {outcome: passed, hits: D6}
      - otherwise: {outcome: failed, hits: none}
    examples:
      - given: {roll: 1, locked_in_combat: true, has_ork_character: false, models: 5}
        expect: {outcome: passed, hits: none}
  big_roll:
    summary: Whether 3D6 plus a bonus beats three times a D6.
    inputs:
      total: {type: 3D6}
      die: {type: D6}
      bonus: {type: int, min: 0, max: 3}
    output: {type: bool}
    expr: total + bonus > 3 * die
    examples:
      - given: {total: 3, die: 1, bonus: 0}
        expect: false
"""


def build_package(folder: Path) -> None:
    content = folder / "content" / "bench"
    content.mkdir(parents=True)
    (content / "system.yml").write_text(SYSTEM)
    (content / "mob-rule.yml").write_text(MOB_RULE)
    if rulesref(["generate", "--content", str(folder / "content"), "--out", str(folder / "rulechecks")]) != 0:
        raise SystemExit("benchmark content did not generate")


def hand_written(result_type: type) -> object:
    """Mob Rule typed by hand, validating its inputs like the generated function does."""

    def resolve(*, roll: int, locked_in_combat: bool, has_ork_character: bool, models: int) -> object:
        if type(roll) is not int or not 1 <= roll <= 6:
            raise ValueError(f"roll must be a D6 roll from 1 to 6, not {roll!r}")
        if type(locked_in_combat) is not bool:
            raise ValueError(f"locked_in_combat must be True or False, not {locked_in_combat!r}")
        if type(has_ork_character) is not bool:
            raise ValueError(f"has_ork_character must be True or False, not {has_ork_character!r}")
        if type(models) is not int or not 1 <= models <= 100:
            raise ValueError(f"models must be a whole number from 1 to 100, not {models!r}")
        if roll == 1:
            return result_type(outcome="passed" if locked_in_combat else "failed", hits="none")
        if roll <= 3:
            return result_type(outcome="passed", hits="D6") if has_ork_character else result_type(outcome="failed", hits="none")
        if models >= 10:
            return result_type(outcome="passed", hits="D6")
        return result_type(outcome="failed", hits="none")

    return resolve


def per_call(function: object, kwargs: list[dict[str, object]], calls: int) -> float:
    """Best of 5 runs, in nanoseconds per call."""
    def loop() -> None:
        for kw in kwargs:
            function(**kw)  # type: ignore[operator]

    runs = timeit.repeat(loop, number=max(1, calls // len(kwargs)), repeat=5)
    return min(runs) / (max(1, calls // len(kwargs)) * len(kwargs)) * 1e9


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--calls", type=int, default=200_000)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="rulesref-bench-"))
    try:
        build_package(folder)
        sys.path.insert(0, str(folder))
        from rulechecks.bench import mob_rule  # type: ignore[import-not-found]

        inputs = [
            {"roll": r, "locked_in_combat": lic, "has_ork_character": hoc, "models": m}
            for r in range(1, 7) for lic in (False, True) for hoc in (False, True) for m in (5, 12)
        ]
        handmade = hand_written(mob_rule.Resolve)
        for kw in inputs:  # same answers before timing anything
            assert mob_rule.resolve(**kw) == handmade(**kw), kw  # type: ignore[operator]
        generated_ns = per_call(mob_rule.resolve, inputs, args.calls)
        hand_ns = per_call(handmade, inputs, args.calls)
        odds_us = per_call(mob_rule.big_roll_odds, [{"bonus": 1}], 2_000) / 1000
        odds = mob_rule.big_roll_odds(bonus=1)
        assert sum(odds.values()) == 1
        print(f"python {sys.version.split()[0]}, {len(inputs)} input combinations, {args.calls:,} calls each")
        print(f"generated mob_rule.resolve   {generated_ns:8.0f} ns/call")
        print(f"hand-written equivalent      {hand_ns:8.0f} ns/call")
        print(f"ratio generated/hand-written {generated_ns / hand_ns:8.2f}   (budget <= 1.5)")
        print(f"big_roll_odds over 3D6 x D6  {odds_us:8.1f} us/call (budget: well under 1000 us)")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
