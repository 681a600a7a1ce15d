"""Synthetic rules content of any size, shaped like a real reference.

N rules spread over several systems, each system with glossary terms and units; rule texts
of realistic length with cross-links to terms and other rules; about one rule in five with a
dice table and one in three with a check (dice inputs, a decision table, examples).
Deterministic for a given N and seed, so runs compare.

    python benchmarks/synthetic.py OUT_DIR N [--systems 4] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

WORDS = (
    "unit model charge combat morale test roll dice wound save armour weapon range move phase turn "
    "enemy friendly target attack hit strength toughness leadership initiative terrain cover reserve "
    "deploy table result score modifier bonus penalty rank file front flank rear engaged fleeing"
).split()
SCHEMA_COMMENT = "# yaml-language-server: $schema=../../schemas/entry.schema.json\n"


def sentence(rng: random.Random, links: list[str]) -> str:
    words = [rng.choice(WORDS) for _ in range(rng.randint(8, 18))]
    if links and rng.random() < 0.6:
        words.insert(rng.randrange(len(words)), f"[[{rng.choice(links)}]]")
    text = " ".join(words)
    return text[0].upper() + text[1:] + "."


def paragraph(rng: random.Random, links: list[str], sentences: int) -> str:
    return " ".join(sentence(rng, links) for _ in range(sentences))


def block(text: str, indent: str = "  ") -> str:
    return "|\n" + "\n".join(indent + line for line in text.split("\n")) + "\n"


def term(index: int) -> tuple[str, str]:
    return f"term-{index:05d}", f"Term {index:05d}"


def rule_name(index: int) -> tuple[str, str]:
    return f"rule-{index:05d}", f"Rule {index:05d}"


CHECK = """checks:
  outcome:
    summary: The result of rolling for this rule.
    inputs:
      roll: {{type: D6}}
      bonus: {{type: int, min: 0, max: 3}}
      engaged: {{type: bool}}
    output:
      result: {{type: enum, values: [fails, passes, excels]}}
      hits: {{type: int}}
    let:
      total: roll + bonus
    decide:
      - when: total >= {high} and not engaged
        then: {{result: excels, hits: total - {low}}}
      - when: total >= {low}
        then: {{result: passes, hits: 1}}
      - otherwise: {{result: fails, hits: 0}}
    examples:
      - given: {{roll: 6, bonus: 3, engaged: false}}
        expect: {{result: excels, hits: {excels_hits}}}
      - given: {{roll: {low}, bonus: 0, engaged: true}}
        expect: {{result: passes, hits: 1}}
      - given: {{roll: 1, bonus: 0, engaged: true}}
        expect: {{result: fails, hits: 0}}
"""

TABLE = """table:
  die: D6
  rows:
    - roll: "1"
      result: "{a}"
    - roll: 2-4
      result: "{b}"
    - roll: 5+
      result: "{c}"
"""


def write_system(folder: Path, system: str, rules: int, rng: random.Random) -> int:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "system.yml").write_text(
        f"id: {system}\nname: Synthetic Game {system[-1].upper()}\nedition: 1st edition\n"
        f"books:\n  core: {{title: Synthetic Core Rules, year: 2025}}\n",
        encoding="utf-8",
    )
    terms = max(5, rules // 5)
    term_names = [term(i)[1] for i in range(terms)]
    rule_names = [rule_name(i)[1] for i in range(rules)]
    written = 1
    for i in range(terms):
        tid, name = term(i)
        text = paragraph(rng, [], rng.randint(1, 3))
        (folder / f"{tid}.yml").write_text(
            f"{SCHEMA_COMMENT}id: {tid}\nkind: term\nname: {name}\nsummary: {sentence(rng, [])}\ntext: {block(text)}",
            encoding="utf-8",
        )
        written += 1
    for i in range(rules):
        rid, name = rule_name(i)
        links = term_names + rule_names[:i] + rule_names[i + 1 :]
        text = "\n\n".join(paragraph(rng, links, rng.randint(3, 7)) for _ in range(rng.randint(1, 4)))
        parts = [
            SCHEMA_COMMENT,
            f"id: {rid}\nkind: rule\nname: {name}\naliases: [Alias {i:05d}]\n",
            f"summary: {sentence(rng, [])}\n",
            f"text: {block(text)}",
            f"source: {{book: core, page: {rng.randint(1, 300)}}}\n",
            f"tags: [{rng.choice(WORDS)}, synthetic]\n",
        ]
        if i % 5 == 0:
            parts.append(TABLE.format(a=sentence(rng, links), b=sentence(rng, links), c=sentence(rng, links)))
        if i % 3 == 0:
            low = rng.randint(2, 4)
            high = rng.randint(6, 8)
            excels_hits = 9 - low
            parts.append(CHECK.format(low=low, high=high, excels_hits=excels_hits))
        (folder / f"{rid}.yml").write_text("".join(parts), encoding="utf-8")
        written += 1
    for i in range(max(1, rules // 10)):
        members = sorted(rng.sample(range(rules), min(rules, rng.randint(2, 6))))
        listed = ", ".join(rule_name(m)[0] for m in members)
        (folder / f"unit-{i:05d}.yml").write_text(
            f"{SCHEMA_COMMENT}id: unit-{i:05d}\nkind: unit\nname: Unit {i:05d}\nsummary: {sentence(rng, [])}\nrules: [{listed}]\n",
            encoding="utf-8",
        )
        written += 1
    return written


def write_content(out: Path, rules: int, systems: int = 4, seed: int = 1) -> int:
    """Write N rules over `systems` systems under out/; returns the number of files."""
    rng = random.Random(seed)
    per_system = [rules // systems + (1 if s < rules % systems else 0) for s in range(systems)]
    return sum(write_system(out / f"synth{chr(97 + s)}", f"synth{chr(97 + s)}", n, rng) for s, n in enumerate(per_system))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("rules", type=int)
    parser.add_argument("--systems", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    files = write_content(args.out, args.rules, args.systems, args.seed)
    print(f"{files} files written under {args.out}")


if __name__ == "__main__":
    main()
