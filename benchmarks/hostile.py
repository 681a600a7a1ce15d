"""The worst single file: `rulesref validate` on the shipped content plus one hostile file of
up to 256 KiB (the loader's size cap), for every attack we know, against a benign file of the
same size, in one run.

Each case is a file that once froze or slowed a scanner, a parser or the prover (see the
issue on hostile input), or that makes thousands of problems at once; Markdown is spread
over every field that holds it (text, notes, 36 table rows) so the whole cap is used. Each
measurement runs `validate` in a fresh process (imports excluded), paired with a run of the
benign baseline, best of `--repeat`. Budget: every case under 2 s of CPU (the process's own
time: on a machine shared with other work the wall clock says more about the neighbours;
both are printed).

    python benchmarks/hostile.py [--repeat 3] [--only NAME] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "generator"))

from rulesref.read.load import MAX_FILE_BYTES  # noqa: E402

BUDGET_SECONDS = 2.0
TEXT_LIMIT = 50_000  # characters in one Markdown field (the schema's maxLength)
ROWS = 36  # table rows (the schema's maxItems)
HEAD = "id: hostile\nkind: rule\nname: Hostile\nsummary: x\nsource: {book: brb}\n"


def _block(key: str, text: str, indent: str = "  ") -> str:
    return f"{key}: |-\n" + "".join(f"{indent}{line}\n" if line else "\n" for line in text.split("\n"))


def markdown_everywhere(unit: str) -> str:
    """`unit` repeated through text, notes and the 16 rows of a 3D6 table, up to the cap."""
    rolls = [str(face) for face in range(3, 19)]
    room = MAX_FILE_BYTES - 4_000
    per_text = min(TEXT_LIMIT, room // 3)
    per_row = min(TEXT_LIMIT, (room - 2 * per_text) // len(rolls))

    def fill(size: int) -> str:
        return (unit * (size // len(unit.encode()) + 1))[: size // max(1, len(unit.encode()) // len(unit))].rstrip("\n ") or unit

    out = HEAD + _block("text", fill(per_text)) + _block("notes", fill(per_text)) + "table:\n  die: 3D6\n  rows:\n"
    for roll in rolls:
        out += f'    - roll: "{roll}"\n' + _block("      result", fill(per_row), indent="        ")
    return _fit(out)


def _fit(text: str) -> str:
    data = text.encode()
    if len(data) <= MAX_FILE_BYTES:
        return text
    return data[:MAX_FILE_BYTES].decode("utf-8", errors="ignore").rsplit("\n", 1)[0] + "\n"


def yaml_keys() -> str:
    body = "".join(f"unknown_key_{i}: {i}\n" for i in range(20_000))
    return _fit(HEAD + body)


def many_checks() -> str:
    """As many checks as fit, each with the largest domain the proof accepts."""
    check = (
        "  c{n}:\n    summary: x\n    inputs: {{a: {{type: int, min: 0, max: 999}}, b: {{type: int, min: 0, max: 99}}}}\n"
        "    output: {{type: int}}\n    expr: a * b + a // (b + 1)\n    examples: [{{given: {{a: 1, b: 2}}, expect: 2}}]\n"
    )
    body = "checks:\n" + "".join(check.format(n=n) for n in range(1200))
    return _fit(HEAD.replace("text: x\n", "") + "text: x\n" + body)


def long_decide() -> str:
    """One check with a decide table of as many rows as fit, over a wide domain."""
    rows = "".join(f"      - when: a * b == {k}\n        then: {k}\n" for k in range(8000))
    body = (
        "checks:\n  c:\n    summary: x\n    inputs: {a: {type: int, min: 0, max: 999}, b: {type: int, min: 0, max: 99}}\n"
        "    output: {type: int}\n    decide:\n" + rows + "      - otherwise: -1\n    examples: [{given: {a: 1, b: 2}, expect: 2}]\n"
    )
    return _fit(HEAD + "text: x\n" + body)


def many_steps() -> str:
    """Let steps of the largest expressions the language accepts, each using the last."""
    term = " + ".join(["s{p} * 1 // 3"] * 45)
    steps = "".join(f"      s{i}: {term.format(p=i - 1) if i else 'a'}\n" for i in range(600))
    body = (
        "checks:\n  c:\n    summary: x\n    inputs: {a: {type: int, min: 0, max: 999}}\n    output: {type: int}\n"
        "    let:\n" + steps + "    expr: s599\n    examples: [{given: {a: 1}, expect: 1}]\n"
    )
    return _fit(HEAD + "text: x\n" + body)


def unresolved_links() -> str:
    return markdown_everywhere("[[Brutl Chargr Zzz]] ")


CASES: dict[str, Callable[[], str]] = {
    "benign prose (baseline)": lambda: markdown_everywhere("A unit with this rule may re-roll failed [[Morale checks|Morale check]]. "),
    "link then indented lines (old ReDoS)": lambda: markdown_everywhere("[a](https://example.org)\n" + " " * 40 + "x\n"),
    "brace then blanks (old quadratic)": lambda: markdown_everywhere("{a" + " " * 4000 + "\n"),
    "brackets [a (Markdown quadratic)": lambda: markdown_everywhere("[a"),
    "unclosed [[ (a problem each)": lambda: markdown_everywhere("[["),
    "raw <a (a problem each)": lambda: markdown_everywhere("<a "),
    "unsafe ](x (a problem each)": lambda: markdown_everywhere("](x "),
    "definitions ]: (a problem each)": lambda: markdown_everywhere("[a]: x\n"),
    "attribute lists {: (a problem each)": lambda: markdown_everywhere("{:a} "),
    "unresolved links (did you mean)": unresolved_links,
    "blanks inside a link name": lambda: markdown_everywhere("[[a" + " " * 3000 + "b]]\n"),
    "deep quotes": lambda: markdown_everywhere(">" * 200 + " x\n"),
    "deep list": lambda: markdown_everywhere("".join("    " * i + "- x\n" for i in range(40))),
    "fences of growing length": lambda: markdown_everywhere("".join("`" * n + "\n" for n in range(3, 200))),
    "code spans of growing length": lambda: markdown_everywhere("".join("`" * n + "a" for n in range(1, 300))),
    "20,000 unknown keys": yaml_keys,
    "1,200 checks at the domain limit": many_checks,
    "decide of 8,000 rows": long_decide,
    "600 steps of 200 parts": many_steps,
}

PROBE = """
import sys, time
sys.path.insert(0, {generator!r})
from rulesref.validate import validate
started, cpu = time.perf_counter(), time.process_time()
result = validate([{content!r}])
print(time.perf_counter() - started, time.process_time() - cpu, len(result.problems))
"""


def measure(content: Path) -> tuple[float, float, int]:
    """Wall-clock and CPU seconds of one `validate` run in a fresh process, and its problems."""
    code = PROBE.format(generator=str(REPO / "generator"), content=str(content))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600, check=False)
    if done.returncode != 0:
        raise SystemExit(f"validate failed:\n{done.stderr[-2000:]}")
    wall, cpu, problems = done.stdout.split()
    return float(wall), float(cpu), int(problems)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", help="run the cases whose name contains this")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="rulesref-hostile-"))
    try:
        baseline_content = work / "baseline" / "content"
        shutil.copytree(REPO / "content", baseline_content)
        (baseline_content / "w40k7" / "hostile.yml").write_text(CASES["benign prose (baseline)"](), encoding="utf-8")
        rows = []
        print(f"{'case':40} {'bytes':>8} {'problems':>8} {'CPU':>7} {'wall':>7} {'baseline CPU':>12} {'ratio':>6}")
        for name, make in CASES.items():
            if args.only and args.only not in name:
                continue
            content = work / "case" / "content"
            if content.exists():
                shutil.rmtree(content)
            shutil.copytree(REPO / "content", content)
            text = make()
            (content / "w40k7" / "hostile.yml").write_text(text, encoding="utf-8")
            runs, bases = [], []
            for _ in range(args.repeat):  # paired: the baseline runs between the case's runs
                runs.append(measure(content))
                bases.append(measure(baseline_content))
            wall, cpu, problems = min(runs, key=lambda r: r[1])
            base = min(b[1] for b in bases)
            size = len(text.encode())
            rows.append({"case": name, "bytes": size, "problems": problems, "cpu_seconds": cpu, "wall_seconds": wall, "baseline_cpu_seconds": base})
            print(f"{name:40} {size:8,} {problems:8,} {cpu:6.2f}s {wall:6.2f}s {base:11.2f}s {cpu / base:5.1f}x", flush=True)
        worst = max(rows, key=lambda r: r["cpu_seconds"])
        verdict = "within" if worst["cpu_seconds"] < BUDGET_SECONDS else "OVER"
        print(f"\nworst: {worst['case']}: {worst['cpu_seconds']:.2f} s of CPU, {worst['wall_seconds']:.2f} s wall ({verdict} the {BUDGET_SECONDS:g} s budget)")
        if args.json:
            args.json.write_text(json.dumps(rows, indent=2) + "\n", encoding="utf-8")
        if worst["cpu_seconds"] >= BUDGET_SECONDS:
            raise SystemExit(1)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
