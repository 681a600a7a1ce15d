"""Benchmark: a save in `rulesref serve`, shown on its page, with each engine (issue 42: the
same budgets with Zensical as with Material for MkDocs: 0.3 s at 1,000 files, 1 s at 10,000
and on the 40K import).

Projects: the shipped content cloned to each of `--sizes` files (benchmarks/realistic.py,
with this repository's mkdocs.yml and pyproject.toml), and any PROJECT given (a rules
repository, such as a BattleScribe import made by `rulesref init --import`: BattleScribe data
has no licence, so bring your own; only figures are printed). In each run the engines take
turns on a copy of the project (which goes first alternates from run to run, so both meet
the same load), each in one `serve`:

- started with `--engine E`, no build folder and no cache, and waited for until its first
  build has ended (MkDocs' serve says so; Zensical's server answers only then);
- then `--saves` saves, one at a time, each giving the same entry's summary a new word (in a
  clone, the Fleet rule that benchmarks/run.py's serve figures save; in a project, the entry
  benchmarks/imported_site.py picks: the last unit, or entry, with a summary in the largest
  folder): the seconds until the entry's page, fetched every 20 ms, shows the word
  (both engines' servers then reload it in a browser that shows it); rulesref's own figure
  for it, from serve's log (MkDocs: the page built; Zensical: the page put into its site
  ahead of its rebuild); the seconds until the save's rebuild has ended (MkDocs: serve says
  so; Zensical: serve has written every docs file the save changed and Zensical's rebuild of
  every page has written the entry's page again); and, where the entry's system index page
  lists it with its summary, until that page shows the word too. The next save waits for all
  of it: a save made while Zensical still rebuilds from the one before is shown at once, and
  then shown as it was until the next rebuild reaches it.

    python benchmarks/serve_engines.py [PROJECT ...] [--sizes 1000,10000] [--saves 5] [--runs 1]
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from benchmarks.imported_site import Project, _mount, _page, _port, _rebuilds, _until, environment  # noqa: E402
from benchmarks.realistic import write_content  # noqa: E402

ENGINES = ("mkdocs-material", "zensical")
SHOWN = re.compile(r"the edited page\(s\) shown ([0-9.]+) s after the change")


def budget(files: int) -> float:
    """The save budget (seconds) of a project of `files` content files."""
    return 0.3 if files <= 1_500 else 1.0


def cloned(where: Path, size: int) -> Path:
    """A project of the shipped content cloned to `size` files."""
    write_content(where / "content", size)
    for name in ("mkdocs.yml", "pyproject.toml"):
        shutil.copy(REPO / name, where / name)
    return where


def _site_page(project: Project, engine: str) -> Path | None:
    """The edited entry's page in the site Zensical serves (None with MkDocs)."""
    if engine != "zensical":
        return None
    sites = sorted((project.root / "build").glob(".site*"))
    return sites[0] / project.url_path / "index.html" if sites else None


def one_serve(project: Project, engine: str, saves: int, log: Path) -> dict[str, list[float]]:
    """One `serve` with `engine`: its first build, then `saves` saves (see the docstring)."""
    project.clean()
    port = _port()
    base = f"http://127.0.0.1:{port}{_mount(project, REPO)}"
    page, index = base + project.url_path, base + project.url_path.split("/")[0] + "/"
    figures: dict[str, list[float]] = {"shown_s": [], "rulesref_s": [], "whole_s": [], "index_s": []}
    with log.open("w") as out:
        started = time.perf_counter()
        server = subprocess.Popen(
            [sys.executable, "-m", "rulesref", "serve", "--engine", engine, "--dev-addr", f"127.0.0.1:{port}"],
            cwd=project.root, stdout=out, stderr=subprocess.STDOUT, env=environment(REPO),
        )
    try:
        _until(lambda: _page(page) is not None, 900, "the entry's page")
        if engine == "mkdocs-material":
            _until(lambda: "pages built in" in log.read_text(encoding="utf-8", errors="replace"), 900, "the end of the first build")
        figures["first_build_s"] = [time.perf_counter() - started]
        time.sleep(2)
        summary = re.search(r'(?m)^summary: "?([^"\n]*)', project.original)
        lists = summary is not None and " ".join(summary[1].split()[:4]) in (_page(index) or "")
        for _ in range(saves):
            done, ahead = _rebuilds(log), len(SHOWN.findall(log.read_text(encoding="utf-8", errors="replace")))
            word = project.edit()
            saved = time.perf_counter()
            _until(lambda: word in (_page(page) or ""), 120, "the save on its page")  # noqa: B023
            figures["shown_s"].append(time.perf_counter() - saved)
            put = _site_page(project, engine)
            stamp = put.stat().st_mtime_ns if put is not None else 0
            _until(lambda: _rebuilds(log) > done, 300, "the end of rulesref's part of the save")  # noqa: B023
            if put is not None and len(SHOWN.findall(log.read_text(encoding="utf-8", errors="replace"))) > ahead:  # put ahead: Zensical's rebuild writes it again
                _until(lambda: put.stat().st_mtime_ns != stamp, 300, "Zensical's rebuild of the page")  # noqa: B023
            figures["whole_s"].append(time.perf_counter() - saved)
            if lists:
                _until(lambda: word in (_page(index) or ""), 300, "the save on the system's index page")  # noqa: B023
                figures["index_s"].append(time.perf_counter() - saved)
            time.sleep(1)
        figures["rulesref_s"] = [float(s) for s in SHOWN.findall(log.read_text(encoding="utf-8", errors="replace"))][-saves:]
    finally:
        server.terminate()
        server.wait(timeout=60)
        project.restore()
    return figures


def cell(values: list[float]) -> str:
    if not values:
        return f"{'-':>24}"
    if len(values) == 1:
        return f"{values[0]:>24.2f}"
    return f"{statistics.median(values):>10.2f} ({min(values):.2f}-{max(values):.2f})".rjust(24)


ROWS = [
    ("first_build_s", "first build ended (s)"),
    ("shown_s", "save -> its page shows it (s)"),
    ("rulesref_s", "  serve's own figure for it (s)"),
    ("whole_s", "save -> its rebuild ended (s)"),
    ("index_s", "save -> the index page shows it (s)"),
]


def report(name: str, files: int, results: dict[str, dict[str, list[float]]]) -> None:
    print(f"\n{name}: {files:,} content files (budget: a save shown within {budget(files):g} s)")
    print(f"{'':40}" + "".join(f"{engine:>24}" for engine in ENGINES))
    for key, label in ROWS:
        print(f"{label:40}" + "".join(cell(results[engine].get(key, [])) for engine in ENGINES))
    shown = {engine: statistics.median(results[engine]["shown_s"]) for engine in ENGINES}
    verdicts = ", ".join(f"{engine} {'met' if shown[engine] <= budget(files) else 'OVER'}" for engine in ENGINES)
    print(f"{'budget':40}{verdicts}; zensical / mkdocs-material: {shown['zensical'] / shown['mkdocs-material']:.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("projects", nargs="*", type=Path, help="rules repositories (content/, mkdocs.yml, pyproject.toml)")
    parser.add_argument("--sizes", default="1000,10000", help="sizes of the shipped content cloned (files; empty: none)")
    parser.add_argument("--saves", type=int, default=5)
    parser.add_argument("--runs", type=int, default=1, help="serves of each engine per project, alternating which goes first")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="rulesref-serve-engines-"))
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; load average {os.getloadavg()[0]:.1f} at the start")
    try:
        sources = [(f"shipped content cloned to {size:,} files", cloned(work / f"clone{size}", size)) for size in (int(n) for n in args.sizes.split(",") if n)]
        sources += [(f"project {i + 1}", path.resolve()) for i, path in enumerate(args.projects)]
        for name, source in sources:
            project = Project(source, work / f"copy-{source.name}")
            if source.name.startswith("clone"):  # the rule benchmarks/run.py's serve figures save
                project.edited, project.url_path = project.root / "content" / "w40k7c0" / "fleet.yml", "w40k7c0/fleet/"
                project.original = project.edited.read_text(encoding="utf-8")
            files = sum(1 for _ in (project.root / "content").rglob("*.yml"))
            results: dict[str, dict[str, list[float]]] = {engine: {} for engine in ENGINES}
            for run in range(args.runs):
                for engine in ENGINES if run % 2 == 0 else ENGINES[::-1]:
                    for key, values in one_serve(project, engine, args.saves, work / f"{engine}.log").items():
                        results[engine].setdefault(key, []).extend(values)
            report(name, files, results)
            shutil.rmtree(project.root, ignore_errors=True)
    except BaseException:
        print(f"(the copies and the logs are kept in {work})", file=sys.stderr)
        raise
    print(f"\nload average (1 min) at the end: {os.getloadavg()[0]:.1f}")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
