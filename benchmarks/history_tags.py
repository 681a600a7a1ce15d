"""Benchmark: a history of thousands of tags costs what its changes cost, not tags x pages.

A rules repository that tags every build of its CI, or a hostile one, can hold thousands of
tags. Every page of the history once linked every release, so 2,000 tags wrote hundreds of
megabytes of Changes pages. This builds the site's fixture content (`tests/site/fixtures/
content`) in repositories made with `git fast-import` (`tests/history_repo.make_tagged_repo`:
seconds for thousands of tags):

- `few`: 20 tags, each after the first rewording one entry's summary (19 changes);
- `many`: 2,000 tags with the same 19 edits spread among them, the other tags on commits
  that change no content (a CI tag per commit): the same changes, a hundred times the tags;
- `changes`: 2,000 tags, each after the first rewording an entry (1,999 changes): the site
  grows with them.

For each it runs `rulesref build` (the site, its offline copy left out: it zips the same
pages again) in a fresh process with a cache folder of its own, emptied before each run;
`few` and `many` in pairs (alternating which goes first; medians). It prints the build's
seconds on the clock and of processor time (the build's and its MkDocs children's: on a
machine shared with other work the clock says more about the neighbours), the files and
megabytes of the docs folder and of the built site, and the ratios. Budget: `many` at most
2x the build of `few`, and Changes pages whose bytes per change stay about the same from
19 changes to 1,999 (tags x pages would make them grow with the tags).

    python benchmarks/history_tags.py [--tags 2000] [--pairs 3] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))  # (as benchmarks/run.py: the repository's own modules)
BUDGET_RATIO = 2.0


def _project(root: Path) -> None:
    """The site's config beside the content, as `rulesref init` writes it."""
    for name in ("mkdocs.yml",):
        shutil.copy(REPO / name, root / name)


def _build(root: Path) -> tuple[float, float]:
    """`rulesref build` in a fresh process, with a cache folder of its own: its seconds, on
    the clock and of processor time (its own and its MkDocs children's)."""
    cache = root / ".bench-cache"
    shutil.rmtree(cache, ignore_errors=True)
    for folder in ("build",):
        shutil.rmtree(root / folder, ignore_errors=True)
    env = dict(os.environ, RULESREF_CACHE=str(cache), NO_COLOR="1")
    start, used = time.perf_counter(), _children_cpu()
    done = subprocess.run([sys.executable, "-m", "rulesref", "build", "--content", "content", "--config-file", "mkdocs.yml", "--no-offline"], cwd=root, env=env, capture_output=True, text=True)
    took, cpu = time.perf_counter() - start, _children_cpu() - used
    if done.returncode != 0:
        raise SystemExit(f"build failed in {root}:\n{done.stderr[-3000:]}")
    return took, cpu


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _size(folder: Path, under: str = "") -> tuple[int, int]:
    """(files, bytes) of a folder, or of its part under `under`."""
    files = [p for p in (folder / under).rglob("*") if p.is_file()] if (folder / under).exists() else []
    return len(files), sum(p.stat().st_size for p in files)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tags", type=int, default=2000)
    parser.add_argument("--few", type=int, default=20)
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    from tests.history_repo import make_tagged_repo

    with tempfile.TemporaryDirectory() as scratch:
        base = Path(scratch)
        spread = {round(i * (args.tags - 1) / (args.few - 1)) for i in range(1, args.few)}  # the same releases' edits, among many tags
        cases = {
            "few": (args.few, set(range(1, args.few))),
            "many": (args.tags, spread),
            "changes": (args.tags, set(range(1, args.tags))),
        }
        roots = {}
        for name, (tags, changed) in cases.items():
            made = time.perf_counter()
            roots[name] = base / name
            make_tagged_repo(roots[name], tags, changed)
            _project(roots[name])
            print(f"{name}: {tags} tags, {len(changed)} changes ({time.perf_counter() - made:.1f} s to make)", flush=True)
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in cases}
        for n in range(args.pairs):
            order = ["few", "many"] if n % 2 == 0 else ["many", "few"]
            for name in order:
                times[name].append(_build(roots[name]))
        times["changes"].append(_build(roots["changes"]))
        report: dict[str, dict[str, float]] = {}
        for name in cases:
            docs = _size(roots[name] / "build" / "docs")
            site = _size(roots[name] / "build" / "site")
            changes_docs = _size(roots[name] / "build" / "site", "changes")
            report[name] = {
                "tags": cases[name][0], "changes": len(cases[name][1]), "build_s": statistics.median(t for t, _ in times[name]), "cpu_s": statistics.median(c for _, c in times[name]),
                "docs_files": docs[0], "docs_mb": docs[1] / 1e6, "site_files": site[0], "site_mb": site[1] / 1e6,
                "changes_pages_mb": changes_docs[1] / 1e6,
            }
    for name, row in report.items():
        print(f"{name:8} {row['tags']:>5} tags {row['changes']:>5} changes: build {row['build_s']:6.2f} s ({row['cpu_s']:6.2f} s CPU); docs {row['docs_files']:>5} files {row['docs_mb']:7.2f} MB; "
              f"site {row['site_files']:>5} files {row['site_mb']:7.2f} MB (Changes pages {row['changes_pages_mb']:.2f} MB)")
    ratio = report["many"]["build_s"] / report["few"]["build_s"]
    cpu = report["many"]["cpu_s"] / report["few"]["cpu_s"]
    print(f"{args.tags} tags against {args.few}, the same {args.few - 1} changes: build {ratio:.2f}x, CPU {cpu:.2f}x (budget {BUDGET_RATIO:g}x: {'met' if max(ratio, cpu) <= BUDGET_RATIO else 'over'}); "
          f"site {report['many']['site_mb'] / report['few']['site_mb']:.2f}x")
    per_few = report["few"]["changes_pages_mb"] / max(1, report["few"]["changes"])
    per_many = report["changes"]["changes_pages_mb"] / max(1, report["changes"]["changes"])
    print(f"Changes pages per change: {per_few * 1e3:.1f} KB at {report['few']['changes']} changes, {per_many * 1e3:.1f} KB at {report['changes']['changes']} ({per_many / per_few:.2f}x)")
    if args.json:
        args.json.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
