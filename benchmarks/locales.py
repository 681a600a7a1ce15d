"""Benchmark: what a second language costs a build (issue 43: two locales of the 1,000-entry
content in at most 2.2 times the time of one).

The shipped content cloned to about 1,000 files (benchmarks/realistic.py) twice: as one site
(the clones declare no locales), and translated (each 40K clone declares French and has the
shipped French translations), which builds the English site and the French one. Each
`rulesref build` runs in a fresh process on a project of its own, the two alternating (paired
runs, so both meet the same load), with the cache off (`RULESREF_CACHE=off`: every page
validated, written and built) and the offline copy on (each site makes its own). Prints each
run, the medians and their ratio.

    python benchmarks/locales.py [--files 1000] [--runs 3]
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from benchmarks.realistic import write_content  # noqa: E402


def _project(folder: Path, files: int, translated: bool) -> Path:
    folder.mkdir()
    for name in ("mkdocs.yml", "pyproject.toml"):
        shutil.copy(ROOT / name, folder / name)
    write_content(folder / "content", files, translated=translated)
    return folder


def _build(folder: Path) -> float:
    env = dict(os.environ, RULESREF_CACHE="off", NO_MKDOCS_2_WARNING="1")
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "rulesref", "build"], cwd=folder, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.exit(f"build failed in {folder}:\n{done.stderr[-3000:]}")
    return time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="rulesref-locales-") as tmp:
        one = _project(Path(tmp) / "one", args.files, translated=False)
        two = _project(Path(tmp) / "two", args.files, translated=True)
        pages = {name: sum(1 for _ in (folder / "content").rglob("*.yml")) for name, folder in (("one", one), ("two", two))}
        times: dict[str, list[float]] = {"one": [], "two": []}
        for run in range(args.runs):
            for name, folder in (("one", one), ("two", two)) if run % 2 == 0 else (("two", two), ("one", one)):
                shutil.rmtree(folder / "build", ignore_errors=True)
                times[name].append(_build(folder))
            print(f"run {run + 1}: one locale {times['one'][-1]:.1f} s, two locales {times['two'][-1]:.1f} s", flush=True)
        sites = sum(1 for _ in (two / "build" / "site").rglob("index.html")), sum(1 for _ in (one / "build" / "site").rglob("index.html"))
    print(f"{platform.node()}: {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}; {pages['one']} content files ({pages['two']} with the translations); cache off, offline copy on; {args.runs} paired runs, medians")
    one_median, two_median = statistics.median(times["one"]), statistics.median(times["two"])
    print(f"  one locale  ({sites[1]:,} pages): {one_median:6.1f} s")
    print(f"  two locales ({sites[0]:,} pages): {two_median:6.1f} s")
    print(f"two locales / one: {two_median / one_median:.2f} (budget 2.2)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
