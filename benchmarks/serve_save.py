"""rulesref's part of a `serve` save on real content: from a saved file to its docs files
rewritten, at 1,194 and 10,149 files.

One process does what `rulesref serve` does on a save: it keeps a `rulesref.site.session.Session`
between saves, calls its `generate(content, settings)` and then `sync_tree` to rewrite the docs
files whose bytes changed (the list MkDocs then rebuilds pages from). The content is
`benchmarks/realistic.py`'s clone of the shipped content; its files are older than the file
system's clock step when the saves begin, as in a real project. The saves alternate two
edits, each toggling its file between two states:

- summary: the summary of a rule that many other pages show (Fearless, previewed by its
  links and listed as the same rule in every other clone);
- text: a word in the text of a rule (Fear).

Figures: the median and range of each edit's saves, wall clock and the process's CPU time
(on a machine shared with other work, the CPU time says what rulesref costs, the wall clock
what a user waits), and when the edited entry's own page was written (`serve` builds and
shows it then, before it renders the pages that list or preview it). Baseline: a full `generate` of the same
content in the same process (loaded and compiled parts from the cache on disk, as a second
`rulesref generate` would), in pairs with a kept save after the same edit, alternating
which goes first; the ratio is the median of the per-pair ratios.

    python benchmarks/serve_save.py [--sizes 1000,10000] [--saves 10] [--pairs 3]
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

TARGETS = {1_000: 0.15, 10_000: 0.5}  # seconds: rulesref's share of the save budgets (1 s, 2 s)
EDITS = {  # name -> (file in the first clone of w40k7, words, replacement)
    "summary": ("fearless.yml", "never fails Morale checks", "never fails a Morale check"),
    "text": ("fear.yml", "all is well", "all is fine"),
}


class Project:
    """A cloned content folder, its docs folder, and what `serve` keeps between saves."""

    def __init__(self, root: Path, size: int) -> None:
        from benchmarks.realistic import write_content
        from rulesref.config import Settings
        from rulesref.read.status import RACY_SECONDS
        from rulesref.site.session import Session

        self.content = root / "content"
        self.docs = root / "docs"
        self.files = write_content(self.content, size)
        self.settings = Settings()
        self.session = Session()
        self.toggled = dict.fromkeys(EDITS, False)
        time.sleep(RACY_SECONDS + 0.5)  # files are older than the clock step, as in a real project
        self.docs.mkdir()
        self.first = self.save()[:2]

    def edit(self, name: str) -> None:
        file, old, new = EDITS[name]
        path = self.content / "w40k7c0" / file
        before, after = (new, old) if self.toggled[name] else (old, new)
        text = path.read_text(encoding="utf-8")
        assert before in text, f"{before!r} not in {path}"
        path.write_text(text.replace(before, after, 1), encoding="utf-8")
        self.toggled[name] = not self.toggled[name]

    def save(self) -> tuple[float, int, float, float]:
        """One save as `serve` handles it: seconds until the docs folder is in sync, how many
        docs files were rewritten, the CPU seconds of this process meanwhile, and the seconds
        until the saved entry's own page was written (`serve` builds and shows it then, before
        it renders the pages that list or preview it)."""
        from rulesref.site.serve import save_generation, sync_docs, sync_first

        started, cpu = time.perf_counter(), time.process_time()
        first: list[float] = []

        def show_first(files: dict[str, bytes]) -> None:
            sync_first(self.docs, files, self.session)
            first.append(time.perf_counter() - started)

        files, problems = save_generation(self.session, str(self.content), self.settings, show_first)
        changed = sync_docs(self.docs, files, self.session) if files else []
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
        if not files or any(p.severity == "error" for p in problems):
            raise SystemExit(f"content has problems: {problems[:3]}")
        return seconds, len(changed), cpu, first[0] if first else seconds

    def full(self) -> float:
        """The baseline: a full generation of the same content, keeping nothing."""
        from rulesref.site import generate
        from rulesref.support import collector

        started = time.perf_counter()
        with collector.paused():  # as a command that runs once has it
            files, _ = generate(str(self.content), self.settings)
        seconds = time.perf_counter() - started
        if not files:
            raise SystemExit("the full generation failed")
        return seconds


def measure(size: int, saves: int, pairs: int, root: Path) -> None:
    project = Project(root / f"real{size}", size)
    print(f"real content, {project.files:,} files")
    print(f"  first generation (nothing kept yet): {project.first[0]:.2f} s, {project.first[1]:,} docs files written")
    times: dict[str, list[float]] = {name: [] for name in EDITS}
    first_times: dict[str, list[float]] = {name: [] for name in EDITS}
    cpu_times: dict[str, list[float]] = {name: [] for name in EDITS}
    rewritten: dict[str, set[int]] = {name: set() for name in EDITS}
    for i in range(saves):
        name = list(EDITS)[i % len(EDITS)]
        project.edit(name)
        seconds, changed, cpu, first = project.save()
        times[name].append(seconds)
        first_times[name].append(first)
        cpu_times[name].append(cpu)
        rewritten[name].add(changed)
    target = TARGETS.get(size)
    for name, values in times.items():
        verdict = f"target {target:g} s: {'met' if statistics.median(values) <= target else 'NOT MET'}" if target else "no target"
        files = "/".join(str(n) for n in sorted(rewritten[name]))
        print(
            f"  {name:8} edit: median {statistics.median(values):.3f} s over {len(values)} saves "
            f"(range {min(values):.3f}-{max(values):.3f}; CPU {statistics.median(cpu_times[name]):.3f} s; {files} docs files rewritten; {verdict}); "
            f"its own page written after {statistics.median(first_times[name]):.3f} s"
        )
    ratios, kept_times, full_times = [], [], []
    for i in range(pairs):
        project.edit(list(EDITS)[i % len(EDITS)])
        if i % 2 == 0:
            full = project.full()
            kept = project.save()[0]
        else:
            kept = project.save()[0]
            full = project.full()
        ratios.append(kept / full)
        kept_times.append(kept)
        full_times.append(full)
    print(
        f"  against a full generate, {pairs} pairs: kept save {statistics.median(kept_times):.3f} s, "
        f"full {statistics.median(full_times):.2f} s: {statistics.median(ratios):.3f}x "
        f"(pairs {min(ratios):.3f}-{max(ratios):.3f}; {1 / statistics.median(ratios):.0f} times faster)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="1000,10000", help="content sizes in files (the shipped content cloned)")
    parser.add_argument("--saves", type=int, default=10, help="saves per size, alternating the two edits")
    parser.add_argument("--pairs", type=int, default=3, help="kept save / full generate pairs per size")
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="rulesref-serve-save-"))
    os.environ.setdefault("RULESREF_CACHE", str(root / "cache"))  # the full generations' cache, not the user's
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, {platform.platform()}; "
        f"load average {os.getloadavg()[0]:.1f} at the start"
    )
    try:
        for size in (int(n) for n in args.sizes.split(",") if n):
            measure(size, args.saves, args.pairs, root)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
