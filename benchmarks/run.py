"""Benchmarks at scale: validation, generation and the site build, against baselines.

For N synthetic rules (benchmarks/synthetic.py) this prints, in one run:

- `rulesref validate` time and its ratio to merely parsing the same files with PyYAML's
  CSafeLoader (N = 100, 1,000, 10,000);
- `rulesref generate` time, per rule;
- the full site build (`rulesref build`: validate, render, MkDocs) and its ratio to a bare
  `mkdocs build` of the very same generated pages and config (N = 100, 1,000);
- median and largest page, total site size;
- peak memory of every step;
- how each cost grows from one N to the next (budget: 10x content, at most 12x time).

Every step runs in a fresh process (so peak memory is its own), best of `--repeat` runs.

    python benchmarks/run.py [--validate 100,1000,10000] [--site 100,1000] [--repeat 2] [--json out.json]
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

BUDGETS = {"validate_vs_parse": 3.0, "build_vs_bare": 1.25, "median_page_kb": 60, "growth_10x": 12.0}


# -- steps (each run in its own process) -------------------------------------------------------


def step_parse(project: Path) -> None:
    import yaml

    for path in sorted((project / "content").rglob("*.yml")):
        with open(path, "rb") as handle:
            yaml.load(handle, Loader=yaml.CSafeLoader)


def step_validate(project: Path) -> None:
    from rulesref.validate import validate

    result = validate([str(project / "content")])
    if result.problems:
        raise SystemExit(f"synthetic content has problems: {result.problems[:3]}")


def step_generate(project: Path) -> None:
    from rulesref.cli import main

    if main(["generate", "--content", str(project / "content"), "--out", str(project / "rulechecks")]) != 0:
        raise SystemExit("generate failed")


def step_build(project: Path) -> None:
    from rulesref.cli import main

    os.chdir(project)
    if main(["build", "--content", "content", "--config-file", "mkdocs.yml"]) != 0:
        raise SystemExit("build failed")


def step_bare(project: Path) -> None:
    """MkDocs alone on the pages `build` wrote (same Markdown, nav, assets and config)."""
    os.chdir(project)
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-f", "mkdocs.yml"], capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(done.stderr)


STEPS = {"parse": step_parse, "validate": step_validate, "generate": step_generate, "build": step_build, "bare": step_bare}


def run_step(name: str, project: Path) -> None:
    """Entry point of a step process: prints {"seconds": ..., "peak_mb": ...} as JSON."""
    start = time.perf_counter()
    STEPS[name](project)
    seconds = time.perf_counter() - start
    peak_kb = max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
    print(json.dumps({"seconds": seconds, "peak_mb": peak_kb / 1024}))


def measure(name: str, project: Path, repeat: int) -> dict[str, float]:
    best: dict[str, float] | None = None
    for _ in range(repeat):
        done = subprocess.run(
            [sys.executable, __file__, "--step", name, "--project", str(project)],
            capture_output=True, text=True, cwd=REPO, env=dict(os.environ, PYTHONPATH=str(REPO)),
        )
        if done.returncode != 0:
            raise SystemExit(f"step {name} failed:\n{done.stdout}\n{done.stderr}")
        figures = json.loads(done.stdout.strip().splitlines()[-1])
        if best is None or figures["seconds"] < best["seconds"]:
            best = figures
    assert best is not None
    return best


# -- the run ------------------------------------------------------------------------------------


def make_project(root: Path, rules: int) -> Path:
    from benchmarks.synthetic import write_content

    project = root / f"n{rules}"
    write_content(project / "content", rules)
    shutil.copy(REPO / "mkdocs.yml", project / "mkdocs.yml")
    return project


def page_sizes(site: Path) -> dict[str, float]:
    pages = [p.stat().st_size for p in site.rglob("*.html")]
    total = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
    return {"pages": len(pages), "median_page_kb": statistics.median(pages) / 1024, "largest_page_kb": max(pages) / 1024, "site_mb": total / 2**20}


def growth(rows: list[dict[str, Any]], key: str) -> list[str]:
    out = []
    for small, large in itertools.pairwise(rows):
        if key in small and key in large and large["rules"] == 10 * small["rules"]:
            factor = large[key] / small[key]
            mark = "ok" if factor <= BUDGETS["growth_10x"] else "OVER BUDGET"
            out.append(f"  {key}: {small['rules']:,} -> {large['rules']:,} rules costs {factor:.1f}x ({mark})")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--validate", default="100,1000,10000", help="sizes for validate/generate")
    parser.add_argument("--site", default="100,1000", help="sizes for the site build")
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--json", type=Path, help="also write the figures here")
    parser.add_argument("--step", choices=sorted(STEPS), help=argparse.SUPPRESS)
    parser.add_argument("--project", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.step:
        run_step(args.step, args.project)
        return

    sizes = sorted({int(n) for n in args.validate.split(",") if n} | {int(n) for n in args.site.split(",") if n})
    site_sizes = {int(n) for n in args.site.split(",") if n}
    workdir = Path(tempfile.mkdtemp(prefix="rulesref-bench-"))
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, {platform.platform()}")
    rows: list[dict[str, Any]] = []
    try:
        for rules in sizes:
            project = make_project(workdir, rules)
            files = sum(1 for _ in (project / "content").rglob("*.yml"))
            row: dict[str, Any] = {"rules": rules, "files": files}
            repeat = 1 if rules >= 10_000 else args.repeat
            for name in ("parse", "validate", "generate"):
                figures = measure(name, project, repeat)
                row[f"{name}_s"], row[f"{name}_mb"] = figures["seconds"], figures["peak_mb"]
            row["validate_vs_parse"] = row["validate_s"] / row["parse_s"]
            row["generate_ms_per_rule"] = row["generate_s"] / rules * 1000
            if rules in site_sizes:
                for name in ("build", "bare"):
                    figures = measure(name, project, repeat)
                    row[f"{name}_s"], row[f"{name}_mb"] = figures["seconds"], figures["peak_mb"]
                row["build_vs_bare"] = row["build_s"] / row["bare_s"]
                row.update(page_sizes(project / "build" / "site"))
            rows.append(row)
            shutil.rmtree(project)
            report(row)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    print("\ngrowth (budget: 10x the content costs at most 12x the time)")
    for key in ("validate_s", "generate_s", "build_s"):
        print("\n".join(growth(rows, key)))
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2) + "\n")


def report(row: dict[str, Any]) -> None:
    def verdict(value: float, budget: float) -> str:
        return "ok" if value <= budget else "OVER BUDGET"

    print(f"\n{row['rules']:,} rules ({row['files']:,} files)")
    print(f"  CSafeLoader parse   {row['parse_s']:7.2f} s   peak {row['parse_mb']:6.0f} MB")
    budget = (
        f"budget {BUDGETS['validate_vs_parse']}x: {verdict(row['validate_vs_parse'], BUDGETS['validate_vs_parse'])}"
        if row["rules"] >= 10_000 else "the budget is set at 10,000 rules; fixed start-up costs weigh more here"
    )
    print(f"  rulesref validate   {row['validate_s']:7.2f} s   peak {row['validate_mb']:6.0f} MB   {row['validate_vs_parse']:.2f}x parse ({budget})")
    print(f"  rulesref generate   {row['generate_s']:7.2f} s   peak {row['generate_mb']:6.0f} MB   {row['generate_ms_per_rule']:.2f} ms per rule")
    if "build_s" in row:
        print(f"  rulesref build      {row['build_s']:7.2f} s   peak {row['build_mb']:6.0f} MB   "
              f"{row['build_vs_bare']:.2f}x bare mkdocs (budget {BUDGETS['build_vs_bare']}x: {verdict(row['build_vs_bare'], BUDGETS['build_vs_bare'])})")
        print(f"  bare mkdocs build   {row['bare_s']:7.2f} s   peak {row['bare_mb']:6.0f} MB")
        print(f"  pages {row['pages']:,}: median {row['median_page_kb']:.1f} KB (budget {BUDGETS['median_page_kb']} KB: "
              f"{verdict(row['median_page_kb'], BUDGETS['median_page_kb'])}), largest {row['largest_page_kb']:.1f} KB, site {row['site_mb']:.1f} MB")


if __name__ == "__main__":
    main()
