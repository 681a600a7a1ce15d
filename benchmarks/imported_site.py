"""Benchmark: `rulesref build` and `rulesref serve` of a rules repository you imported.

BattleScribe data has no licence, so none ships with rulesref: run this on your own import
(`rulesref init DIR --system ID --import YOUR-DATA`). It works on a copy of the repository's
`content/`, `mkdocs.yml` and `pyproject.toml` in a temporary folder, and prints figures only
(seconds, megabytes, counts), never a name or a word of the data.

- build: `rulesref build` from nothing (no `.rulesref-cache`, no `build/`), the offline copy
  included; then again after one edit, with the cache the first left. Wall clock, CPU time
  of every process it ran, and peak memory: the largest of its processes (its own peak),
  and all of them at once, their resident sizes summed every 50 ms, which counts a page
  that forked workers share with their parent in each of them. With `--pss`, all of them at
  once is the sum of their proportional set sizes instead (PSS: such a page counted once),
  every second; the kernel walks a process's whole memory to give it (23 ms for a process
  of 1 GB), which slows what is measured (every 50 ms, a build went from about 51 s to
  58.6 s; every second, `serve`'s first page from 9.3 s to 10.4 s), so time it without.
- serve: `rulesref serve` from nothing, and again with the cache a build left: until the
  home page answers; a save made as soon as it does (the first build still running) until
  the saved page shows it; until every page is built; three saves after that, each made
  once the last one's rebuild ended, until the saved page shows it and until every page it
  changed is built (a save made while the last one's rebuild still runs waits for it); peak memory; and
  how long the server takes to exit on SIGTERM, and on SIGINT (Ctrl-C) sent while its first
  build runs, and whether anything it started is still running then.

The entry edited is the last unit (or entry) in its folder's order that has a summary, which
the first build reaches last; its summary gets a word, in a copy. Budgets (issue 37, the 40K
7th-edition import, 2 cores): build at most 60 s; serve's first page within 10 s, a save
shown within 1 s, even during the first build; at most 1 GB; exit within 2 s.

With `--baseline DIR` (another checkout of rulesref), each run alternates that checkout's
code and this one's, so both meet the same load; the figures of each are shown side by side.

Each run starts as on a fresh clone: what the last run made is moved aside, not deleted (it
is deleted at the end), and the run waits until a minute has passed since the last one
ended, the disk synced. ext4 without a journal (this machine's disk) passes over every inode
freed in the last 60 s (6 minutes while its table is unwritten) each time it makes a file:
writing a build's 16,609 docs files took 1.0 s with nothing deleted for minutes, and 4 to
13 s just after a tree like it was deleted, which made single builds differ by 15 s. A
build after one edit deletes the site it replaces itself, and is measured with that.

    python benchmarks/imported_site.py PROJECT [--runs 2] [--baseline DIR] [--only build|serve]
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BUDGETS = {"build_s": 60.0, "first_page_s": 10.0, "save_s": 1.0, "peak_mb": 1024.0, "exit_s": 2.0}
TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
PSS_EVERY = 20  # samples (of 50 ms) between two sums of the tree's PSS


# -- the processes of a run ---------------------------------------------------------------------


def _children() -> dict[int, list[int]]:
    """Every process's children, from /proc."""
    found: dict[int, list[int]] = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat", "rb") as handle:
                parent = int(handle.read().rsplit(b")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        found.setdefault(parent, []).append(int(entry.name))
    return found


def tree(root: int) -> list[int]:
    """`root` and every process under it."""
    children, out, todo = _children(), [], [root]
    while todo:
        pid = todo.pop()
        out.append(pid)
        todo.extend(children.get(pid, []))
    return out


def _status(pid: int, field: str) -> int:
    """A field of /proc/PID/status in kB (0 when the process is gone)."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as handle:
            for line in handle:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


def _pss_kb(pid: int) -> int:
    """A process's proportional set size in kB: its own pages, and its share of those it
    shares (its resident size where the kernel gives no PSS; 0 when it is gone)."""
    try:
        with open(f"/proc/{pid}/smaps_rollup", encoding="ascii") as handle:
            for line in handle:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return _status(pid, "VmRSS")


def cpu_seconds(pids: list[int]) -> float:
    """CPU time of these processes and of the children they have waited for."""
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat", "rb") as handle:
                fields = handle.read().rsplit(b")", 1)[1].split()
            total += sum(int(f) for f in fields[11:15])  # utime stime cutime cstime
        except (OSError, ValueError, IndexError):
            continue
    return total / TICK


class Watched:
    """A process started now, its tree's memory sampled every 50 ms until it ends. It is
    reaped here only (`wait`), with the CPU time of its whole tree."""

    pss = False  # all its processes' memory as their PSS (`--pss`)

    def __init__(self, command: list[str], cwd: Path, env: dict[str, str], log: Path) -> None:
        self.started = time.perf_counter()
        with log.open("wb") as out:
            self.process = subprocess.Popen(command, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT)
        self.pid = self.process.pid
        self.peak_sum_kb = 0  # the tree's memory at its largest: its processes' resident sizes, or PSS (`pss`), summed
        self.peak_one_kb = 0  # the largest process's own peak (VmHWM)
        self.seen: set[int] = set()
        self._ended = threading.Event()
        self._sampler = threading.Thread(target=self._sample, daemon=True)
        self._sampler.start()

    def _sample(self) -> None:
        samples = 0
        while not self._ended.is_set():
            pids = tree(self.pid)
            self.seen.update(pids)
            if not Watched.pss:
                self.peak_sum_kb = max(self.peak_sum_kb, sum(_status(pid, "VmRSS") for pid in pids))
            elif samples % PSS_EVERY == 0:
                self.peak_sum_kb = max(self.peak_sum_kb, sum(_pss_kb(pid) for pid in pids))
            self.peak_one_kb = max([self.peak_one_kb, *(_status(pid, "VmHWM") for pid in pids)])
            samples += 1
            time.sleep(0.05)

    def alive(self) -> bool:
        return _state(self.pid) not in ("", "Z")

    def seconds(self) -> float:
        return time.perf_counter() - self.started

    def cpu(self) -> float:
        return cpu_seconds(tree(self.pid))

    def wait(self, timeout: float | None = None) -> tuple[int, float]:
        """Its exit code and its whole tree's CPU seconds (it and every child it waited for);
        killed after `timeout` seconds."""
        deadline = time.monotonic() + (timeout if timeout is not None else 1e9)
        while True:
            found, status, usage = os.wait4(self.pid, os.WNOHANG)
            if found:
                break
            if time.monotonic() > deadline:
                os.kill(self.pid, signal.SIGKILL)
            time.sleep(0.01)
        self._ended.set()
        self._sampler.join()
        self.process.returncode = os.waitstatus_to_exitcode(status)
        return self.process.returncode, usage.ru_utime + usage.ru_stime

    def left_running(self) -> int:
        """How many processes it started are still running (after it ended)."""
        return sum(1 for pid in self.seen - {self.pid} if _state(pid) not in ("", "Z"))

    def peaks_mb(self) -> tuple[float, float]:
        return self.peak_one_kb / 1024, self.peak_sum_kb / 1024


def _state(pid: int) -> str:
    """A process's state letter ("" when it is gone)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            return handle.read().rsplit(b")", 1)[1].split()[0].decode("ascii")
    except (OSError, IndexError):
        return ""


# -- the project ------------------------------------------------------------------------------


class Project:
    """A copy of the repository to build and serve, and the edit this benchmark makes."""

    def __init__(self, source: Path, where: Path) -> None:
        self.root = where
        shutil.copytree(source / "content", where / "content")
        for name in ("mkdocs.yml", "pyproject.toml"):
            shutil.copy(source / name, where / name)
        self.edited, self.url_path = self._edited()
        self.original = self.edited.read_text(encoding="utf-8")
        self.edits = 0

    def _edited(self) -> tuple[Path, str]:
        folders = sorted((p for p in (self.root / "content").iterdir() if p.is_dir()), key=lambda p: -sum(1 for _ in p.glob("*.yml")))
        for folder in folders:
            files = sorted(p for p in folder.glob("*.yml") if p.name != "system.yml")
            with_summary = [p for p in files if re.search(r"(?m)^summary: ", p.read_text(encoding="utf-8"))]
            units = [p for p in with_summary if re.search(r"(?m)^kind: unit\s*$", p.read_text(encoding="utf-8"))]
            if units or with_summary:
                path = (units or with_summary)[-1]
                return path, f"{folder.name}/{path.stem}/"
        raise SystemExit("no entry with a summary to edit")

    def edit(self) -> str:
        """Give the edited entry's summary a new word; the word."""
        self.edits += 1
        word = f"Benchmarked{self.edits}x{os.getpid()}"
        text = re.sub(r'(?m)^summary: ("?)', lambda m: f"summary: {m.group(1)}{word} ", self.original, count=1)
        self.edited.write_text(text, encoding="utf-8")
        return word

    def restore(self) -> None:
        self.edited.write_text(self.original, encoding="utf-8")

    def clean(self) -> None:
        """No build and no cache: moved aside, to be deleted after every run (`settle`)."""
        aside = self.root.parent / "aside" / str(time.monotonic_ns())
        aside.mkdir(parents=True)
        for name in ("build", ".rulesref-cache"):
            if (self.root / name).exists():
                (self.root / name).rename(aside / name)


SETTLE_S = 65.0  # ext4 without a journal passes over inodes freed this recently (`recently_deleted`)


def settle(since: float) -> None:
    """The disk synced, and `SETTLE_S` passed since `since` (when the last run ended)."""
    os.sync()
    time.sleep(max(0.0, since + SETTLE_S - time.monotonic()))


def environment(code: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("RULESREF_CACHE", "PYTHONDONTWRITEBYTECODE")}
    return dict(env, PYTHONPATH=str(code / "generator"), NO_MKDOCS_2_WARNING="1", CI="1")


def rulesref(*args: str) -> list[str]:
    return [sys.executable, "-m", "rulesref", *args]


# -- build --------------------------------------------------------------------------------------


def build_run(project: Project, code: Path, log: Path) -> dict[str, float]:
    """A cold build, then a build after one edit with the cache the first left."""
    project.clean()
    figures: dict[str, float] = {}
    for label in ("build", "warm_build"):
        if label == "warm_build":
            project.edit()
        run = Watched(rulesref("build"), project.root, environment(code), log)
        code_, cpu = run.wait()
        if code_ != 0:
            raise SystemExit(f"rulesref build failed (exit {code_}); see {log}")
        one, summed = run.peaks_mb()
        figures.update({f"{label}_s": run.seconds(), f"{label}_cpu_s": cpu, f"{label}_peak_mb": one, f"{label}_tree_mb": summed})
    project.restore()
    site = project.root / "build" / "site"
    figures["pages"] = sum(1 for _ in site.rglob("*.html"))
    return figures


# -- serve --------------------------------------------------------------------------------------


def _port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _page(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:  # the local server of this run
            text: str = response.read().decode("utf-8", "replace")
            return text
    except OSError:
        return None


def _until(test: Callable[[], bool], seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not test():
        if time.monotonic() > deadline:
            raise SystemExit(f"serve: {what} never happened within {seconds:.0f} s")
        time.sleep(0.02)


def _mount(project: Project, code: Path) -> str:
    done = subprocess.run(
        [sys.executable, "-c", "import pathlib, sys, urllib.parse; from rulesref.config import load_settings; "
         "print(urllib.parse.urlsplit(load_settings(pathlib.Path(sys.argv[1])).site_url).path)", str(project.root)],
        capture_output=True, text=True, env=environment(code), check=True,
    )
    return done.stdout.strip() or "/"


def _rebuilds(log: Path) -> int:
    """The saves whose rebuild `serve` has ended, by what it said (`content changed; ...`)."""
    return log.read_text(encoding="utf-8", errors="replace").count("rulesref: content changed;")


def serve_run(project: Project, code: Path, log: Path, *, cached: bool, stop: str) -> dict[str, float]:
    """One `serve`: first page, a save during the first build, every page built, a save
    after it, then `stop` (SIGTERM once every page is built, or SIGINT during the first build)."""
    project.clean()
    if cached:  # the cache a build leaves (its MkDocs pages are no use to serve)
        subprocess.run(rulesref("build", "--no-offline"), cwd=project.root, env=environment(code), check=True, capture_output=True)
    port = _port()
    base = f"http://127.0.0.1:{port}{_mount(project, code)}"
    run = Watched(rulesref("serve", "--dev-addr", f"127.0.0.1:{port}"), project.root, environment(code), log)
    figures: dict[str, float] = {}
    try:
        _until(lambda: _page(base) is not None or not run.alive(), 600, "the home page")
        figures["first_page_s"], figures["first_page_cpu_s"] = run.seconds(), run.cpu()
        if stop == "SIGINT":
            time.sleep(1)
        else:
            word = project.edit()
            saved = time.perf_counter()
            _until(lambda: word in (_page(base + project.url_path) or ""), 1800, "the save during the first build")
            figures["save_first_build_s"] = time.perf_counter() - saved
            _until(lambda: "pages built in" in log.read_text(encoding="utf-8", errors="replace"), 1800, "the end of the first build")
            figures["all_pages_s"] = run.seconds()
            time.sleep(2)
            saves, wholes = [], []
            for _ in range(3):  # one at a time: each after the last one's rebuild ended
                done = _rebuilds(log)
                word = project.edit()
                saved = time.perf_counter()
                _until(lambda: word in (_page(base + project.url_path) or ""), 120, "a save")  # noqa: B023
                saves.append(time.perf_counter() - saved)
                _until(lambda: _rebuilds(log) > done, 120, "the end of a save's rebuild")  # noqa: B023
                wholes.append(time.perf_counter() - saved)
                time.sleep(0.5)
            figures["save_s"], figures["save_whole_s"] = statistics.median(saves), statistics.median(wholes)
        running = run.alive()
        asked = time.perf_counter()
        run.process.send_signal(signal.SIGTERM if stop == "SIGTERM" else signal.SIGINT)
        run.wait(timeout=60)
        figures[f"exit_{stop.lower()}_s"] = time.perf_counter() - asked if running else float("nan")
        figures[f"left_running_{stop.lower()}"] = run.left_running()
        if stop == "SIGINT":  # this run is only for how it stops
            return {key: value for key, value in figures.items() if key.endswith("sigint")}
        figures["peak_mb"], figures["tree_mb"] = run.peaks_mb()
    finally:
        if run.alive():
            run.wait(timeout=0)
        project.restore()
    return figures


# -- the run ------------------------------------------------------------------------------------


def measure(name: str, project: Project, code: Path, log: Path) -> dict[str, float]:
    if name == "build":
        return build_run(project, code, log)
    if name == "serve":
        return serve_run(project, code, log, cached=False, stop="SIGTERM")
    if name == "serve_cached":
        return serve_run(project, code, log, cached=True, stop="SIGTERM")
    return serve_run(project, code, log, cached=True, stop="SIGINT")


ROWS = [  # (key, label, budget key)
    ("build_s", "build, cold, offline copy included: wall", "build_s"),
    ("build_cpu_s", "  CPU of all its processes", None),
    ("build_peak_mb", "  peak memory, largest process (MB)", "peak_mb"),
    ("build_tree_mb", "  peak memory, all its processes (MB)", "peak_mb"),
    ("warm_build_s", "build after one edit, cached: wall", None),
    ("warm_build_cpu_s", "  CPU of all its processes", None),
    ("pages", "pages", None),
    ("first_page_s", "serve: home page answered", "first_page_s"),
    ("first_page_cpu_s", "  CPU used by then", None),
    ("save_first_build_s", "  a save during the first build, shown", "save_s"),
    ("all_pages_s", "  every page built", None),
    ("save_s", "  a save after it, shown (median of 3)", "save_s"),
    ("save_whole_s", "  the same saves, until every page they changed is built", None),
    ("exit_sigterm_s", "  exit after SIGTERM", "exit_s"),
    ("exit_sigint_s", "  exit after SIGINT during the first build", "exit_s"),
    ("left_running_sigterm", "  processes left running after it", None),
    ("left_running_sigint", "  processes left running after SIGINT", None),
    ("peak_mb", "  peak memory, largest process (MB)", "peak_mb"),
    ("tree_mb", "  peak memory, all its processes (MB)", "peak_mb"),
]


def report(results: dict[str, dict[str, list[float]]]) -> None:
    codes = list(results)
    print(f"{'':48}" + "".join(f"{c:>22}" for c in codes) + "   budget")
    for key, label, budget in ROWS:
        if not any(key in results[c] for c in codes):
            continue
        cells = []
        for c in codes:
            values = [v for v in results[c].get(key, []) if v == v]
            if not values:
                cells.append(f"{'-':>22}")
            elif len(values) == 1:
                cells.append(f"{values[0]:>22.2f}")
            else:
                cells.append(f"{statistics.median(values):>10.2f} ({min(values):.2f}-{max(values):.2f})".rjust(22))
        limit = f"   {BUDGETS[budget]:g}" if budget else ""
        print(f"{label:48}" + "".join(cells) + limit)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("project", type=Path, help="a rules repository (content/, mkdocs.yml, pyproject.toml), e.g. made by `rulesref init --import`")
    parser.add_argument("--runs", type=int, default=2, help="runs of each measurement (alternating with the baseline's)")
    parser.add_argument("--baseline", type=Path, help="another checkout of rulesref, run alternately with this one")
    parser.add_argument("--only", choices=("build", "serve"), help="only the build, or only serve")
    parser.add_argument("--pss", action="store_true", help="all processes' memory as their PSS, summed (slows what is timed)")
    args = parser.parse_args()
    Watched.pss = args.pss
    codes = {"this": REPO} | ({"baseline": args.baseline.resolve()} if args.baseline else {})
    names = {"build": ["build"], "serve": ["serve", "serve_cached", "serve_stop"]}.get(args.only or "", ["build", "serve", "serve_cached", "serve_stop"])
    work = Path(tempfile.mkdtemp(prefix="rulesref-imported-site-"))
    results: dict[str, dict[str, list[float]]] = {label: {} for label in codes}
    loads = [os.getloadavg()[0]]
    ended = time.monotonic()  # (the copy of the project was made just now)
    try:
        project = Project(args.project.resolve(), work / "project")
        entries = sum(1 for _ in (project.root / "content").rglob("*.yml"))
        print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; {entries:,} content files; all processes' memory as their {'PSS' if args.pss else 'resident sizes'}, summed")
        for run in range(args.runs):
            order = list(codes.items()) if run % 2 == 0 else list(codes.items())[::-1]
            for name in names:
                for label, code in order:
                    settle(ended)
                    figures = measure(name, project, code, work / f"{label}-{name}.log")
                    ended = time.monotonic()
                    loads.append(os.getloadavg()[0])
                    for key, value in figures.items():
                        results[label].setdefault(key if name != "serve_cached" else f"cached_{key}", []).append(value)
        for label in codes:  # the cached serve's figures are shown under their own names
            for key in [k for k in results[label] if k.startswith("cached_")]:
                results[label].setdefault(key, [])
        report(results)
        cached = {label: {k[len("cached_"):]: v for k, v in r.items() if k.startswith("cached_")} for label, r in results.items()}
        if any(cached.values()):
            print("\nserve again, with the cache a build left:")
            report(cached)
        print(f"\nload average (1 min) during the runs: {min(loads):.1f} to {max(loads):.1f}")
    except BaseException:
        print(f"(the copy and the logs of each run are kept in {work})", file=sys.stderr)
        raise
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
