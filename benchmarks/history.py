"""Benchmark: what reading the history of releases adds to a build.

The shipped content cloned to about 1,000 files (`benchmarks/realistic.py`) is committed to a
new git repository and tagged 20 times, each release rewording the text of 5% of the entries
(different ones each time), so every release has changes to read and compare. In one
process, paired runs (alternating which goes first, three pairs; medians):

- history, cold: `read_history` with no snapshot on disk (every blob of every release parsed);
- history, warm: the same with the snapshots the run before left on disk (the next build's case);
- generate with and without the history: the docs a build writes, with its history pages and
  sections, against the same docs without them. The difference is what the history adds.

Budget: at most 10 s added for 1k entries over 20 releases, less when nothing changed.

    python benchmarks/history.py [--files 1000] [--releases 20]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))  # (as benchmarks/run.py: the benchmarks' own modules)
BUDGET_S = 10.0


def _git(root: Path, *args: str, date: str = "2026-01-01T00:00:00+00:00") -> None:
    env = dict(os.environ, GIT_AUTHOR_NAME="B", GIT_AUTHOR_EMAIL="b@example.org", GIT_COMMITTER_NAME="B", GIT_COMMITTER_EMAIL="b@example.org", GIT_AUTHOR_DATE=date, GIT_COMMITTER_DATE=date)
    subprocess.run(["git", *args], cwd=root, env=env, check=True, capture_output=True)


def make_repository(root: Path, files: int, releases: int) -> Path:
    from benchmarks.realistic import write_content

    content = root / "content"
    write_content(content, files)
    _git(root, "init", "-q", "-b", "main")
    entries = sorted(p for p in content.rglob("*.yml") if p.name != "system.yml" and "\ntext: |\n  " in p.read_text(encoding="utf-8"))
    step = max(1, len(entries) // 20)
    for n in range(releases):
        if n:
            for path in entries[(n * step) % len(entries) :][:step]:
                text = path.read_text(encoding="utf-8")
                path.write_text(text.replace("\ntext: |\n  ", f"\ntext: |\n  Release {n}. ", 1), encoding="utf-8")
        date = f"2026-{1 + n // 28:02d}-{1 + n % 28:02d}T12:00:00+00:00"
        _git(root, "add", "-A", date=date)
        _git(root, "commit", "-q", "-m", f"release {n}", date=date)
        _git(root, "tag", f"1.{n}", date=date)
    return content


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--releases", type=int, default=20)
    args = parser.parse_args()
    from rulesref.config import Settings
    from rulesref.history import snapshots
    from rulesref.history.changes import NO_HISTORY, read_history
    from rulesref.pages.docs import docs_files
    from rulesref.support import collector
    from rulesref.validate import validate

    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch)
        made = time.perf_counter()
        content = make_repository(root, args.files, args.releases)
        print(f"repository: {len(list(content.rglob('*.yml')))} files, {args.releases} tags ({time.perf_counter() - made:.1f} s to make)")
        os.environ["RULESREF_CACHE"] = str(root / "cache")
        with collector.paused():
            build = validate([str(content)], Settings(), odds=True)
            assert build.ok, build.problems[:3]

            def history(cold: bool) -> float:
                if cold:
                    (root / "cache" / snapshots.Snapshots.FILE).unlink(missing_ok=True)
                start = time.perf_counter()
                read_history(build.content, build.files.roots)
                return time.perf_counter() - start

            cold = statistics.median(history(True) for _ in range(3))
            warm = statistics.median(history(False) for _ in range(3))
            found = read_history(build.content, build.files.roots)
            with_history, without = [], []
            for n in range(6):
                for which in ((True, False) if n % 2 else (False, True)):
                    start = time.perf_counter()
                    docs_files(build, history=read_history(build.content, build.files.roots) if which else NO_HISTORY)
                    (with_history if which else without).append(time.perf_counter() - start)
    changed = sum(len(s.changes) for s in found.steps[1:])
    print(f"history read, cold (every blob parsed): {cold:.2f} s; warm (snapshots on disk): {warm:.2f} s; {changed} changes over {len(found.steps) - 1} releases")
    added = statistics.median(with_history) - statistics.median(without)
    print(f"docs with the history {statistics.median(with_history):.2f} s, without {statistics.median(without):.2f} s: the history adds {added:.2f} s (budget {BUDGET_S:g} s: {'met' if added + cold <= BUDGET_S else 'over'})")


if __name__ == "__main__":
    main()
