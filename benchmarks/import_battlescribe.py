"""Benchmark: importing a whole BattleScribe data repository, against parsing its XML alone.

BattleScribe data carries no licence, so none ships with rulesref: point this script at your
own checkout (a folder of .gst/.cat files). In one run, each step in a fresh process:

- parse: every file parsed with the same safe parser the importer uses (the baseline);
- import: `rulesref import battlescribe` into an empty content folder;
- reimport: the same import again (must write nothing);
- validate: `rulesref validate` of the imported content (must find no errors);
- build (with --build): `rulesref build` of it.

It prints wall-clock and CPU seconds, peak memory, and the import's ratio to the parse.
Budgets: import under 30 s and under 1 GB; re-import writes no file; no validation error.

    python benchmarks/import_battlescribe.py DATA_FOLDER --system ID [--build] [--repeat 2]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BUDGET_SECONDS, BUDGET_MB = 30.0, 1024.0


def step_parse(data: Path, project: Path, system: str) -> dict[str, int]:
    from rulesref.importers.battlescribe.read import read_file, source_files

    files = source_files([str(data)])
    elements = sum(sum(1 for _ in read_file(path, shown).root.iter()) for path, shown in files)
    return {"files": len(files), "elements": elements, "bytes": sum(p.stat().st_size for p, _ in files)}


def _import(data: Path, project: Path, system: str) -> dict[str, int]:
    from rulesref.cli import main

    if main(["import", "battlescribe", str(data), "--system", system, "--content", str(project / "content")]) != 0:
        raise SystemExit("import failed")
    folder = project / "content" / system
    return {"entries": sum(1 for _ in folder.glob("*.yml")) - 1, "written_mb": sum(p.stat().st_size for p in folder.iterdir()) // 2**20}


def step_reimport(data: Path, project: Path, system: str) -> dict[str, int]:
    before = {p: p.stat().st_mtime_ns for p in (project / "content").rglob("*")}
    figures = _import(data, project, system)
    after = {p: p.stat().st_mtime_ns for p in (project / "content").rglob("*")}
    figures["changed"] = sum(1 for p in after if before.get(p) != after[p])
    return figures


def step_validate(data: Path, project: Path, system: str) -> dict[str, int]:
    from rulesref.validate import validate

    result = validate([str(project / "content")])
    return {"errors": sum(p.severity == "error" for p in result.problems), "warnings": sum(p.severity == "warning" for p in result.problems)}


def step_build(data: Path, project: Path, system: str) -> dict[str, int]:
    from rulesref.cli import main

    os.chdir(project)
    code = main(["build", "--content", "content", "--config-file", "mkdocs.yml"])
    site = project / "build" / "site"
    return {"exit": code, "site_mb": sum(p.stat().st_size for p in site.rglob("*") if p.is_file()) // 2**20 if site.exists() else 0}


STEPS = {"parse": step_parse, "import": _import, "reimport": step_reimport, "validate": step_validate, "build": step_build}


def run_step(name: str, data: Path, project: Path, system: str) -> None:
    start = time.perf_counter()
    figures: dict[str, float] = dict(STEPS[name](data, project, system))
    usage = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    figures["seconds"] = time.perf_counter() - start
    figures["cpu_seconds"] = usage.ru_utime + usage.ru_stime + children.ru_utime + children.ru_stime
    figures["peak_mb"] = max(usage.ru_maxrss, children.ru_maxrss) / 1024
    print(json.dumps(figures))


def measure(name: str, data: Path, project: Path, system: str) -> dict[str, float]:
    done = subprocess.run(
        [sys.executable, __file__, "--step", name, "--project", str(project), "--system", system, str(data)],
        capture_output=True, text=True, cwd=REPO, env=dict(os.environ, PYTHONPATH=str(REPO)),
    )
    if done.returncode != 0:
        raise SystemExit(f"step {name} failed:\n{done.stdout}\n{done.stderr}")
    figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("data", type=Path, help="a folder of BattleScribe files (your own copy)")
    parser.add_argument("--system", default="imported", help="the system id to import as")
    parser.add_argument("--build", action="store_true", help="also build the site of the imported content")
    parser.add_argument("--repeat", type=int, default=2, help="paired runs of parse and import; the best of each is shown")
    parser.add_argument("--step", choices=sorted(STEPS), help=argparse.SUPPRESS)
    parser.add_argument("--project", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.step:
        run_step(args.step, args.data.resolve(), args.project, args.system)
        return
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, load {os.getloadavg()[0]:.1f}")
    workdir = Path(tempfile.mkdtemp(prefix="rulesref-import-bench-"))
    try:
        best: dict[str, dict[str, float]] = {}
        for _ in range(args.repeat):  # paired: parse and import one after the other, each time
            project = workdir / "project"
            shutil.rmtree(project, ignore_errors=True)
            project.mkdir()
            for name in ("parse", "import"):
                figures = measure(name, args.data.resolve(), project, args.system)
                if name not in best or figures["seconds"] < best[name]["seconds"]:
                    best[name] = figures
        shutil.copy(REPO / "mkdocs.yml", project / "mkdocs.yml")
        for name in ("reimport", "validate", *(["build"] if args.build else [])):
            best[name] = measure(name, args.data.resolve(), project, args.system)
        report(best)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def report(best: dict[str, dict[str, float]]) -> None:
    parse, imported = best["parse"], best["import"]
    print(f"data: {parse['files']:.0f} files, {parse['bytes'] / 2**20:.1f} MB of XML, {parse['elements']:,.0f} elements")
    for name, figures in best.items():
        print(f"  {name:<9} {figures['seconds']:7.2f} s wall  {figures['cpu_seconds']:7.2f} s CPU  peak {figures['peak_mb']:6.0f} MB")
    ok = imported["seconds"] < BUDGET_SECONDS and imported["peak_mb"] < BUDGET_MB
    print(f"import: {imported['entries']:,.0f} entries, {imported['written_mb']:.0f} MB; {imported['seconds'] / parse['seconds']:.1f}x the parse alone; "
          f"budget {BUDGET_SECONDS:.0f} s and {BUDGET_MB:.0f} MB: {'ok' if ok else 'OVER BUDGET'}")
    print(f"re-import: {best['reimport']['changed']:.0f} files changed (budget 0)")
    print(f"validate: {best['validate']['errors']:.0f} errors, {best['validate']['warnings']:,.0f} warnings (derived summaries)")
    if "build" in best:
        print(f"build: exit {best['build']['exit']:.0f}, site {best['build']['site_mb']:.0f} MB")


if __name__ == "__main__":
    main()
