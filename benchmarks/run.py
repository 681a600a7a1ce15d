"""Benchmarks at scale: validation, generation and the site build, against baselines, on
two corpora.

- `real`: the shipped content cloned under renamed systems (benchmarks/realistic.py), so
  every real check, domain, table and link is there; sizes count files;
- `synthetic`: generated rules of one small check shape (benchmarks/synthetic.py); sizes
  count rules.

Figures come from paired runs: each pair runs the measured command and its baseline one
right after the other (alternating which goes first), and the figure is the median of the
per-pair ratios; times shown are medians. Other work on the machine then slows both sides
of a pair alike. Per size this prints:

- cold `rulesref validate` (no cache) against a CSafeLoader parse of the same files;
- warm `rulesref validate` after editing one file (the cache filled by the run before);
- `rulesref generate`;
- cold `rulesref build` (no cache) against a bare `mkdocs build` of the very same pages and
  config (the build reads pages on every core, `rulesref.site.mkdocs_split`; `--one-process`
  also times it reading them in one process, as bare MkDocs does);
- warm `rulesref build` (one file edited, the caches the build before left: MkDocs reads only
  the pages that changed) against the cold build, in pairs of their own;
- peak memory of every step, and how each cost grows from one size to the next.

- `rulesref serve`: seconds from saving a rule to its page being served updated (real content).

Every step runs in a fresh process (so peak memory is its own).

    python benchmarks/run.py [--corpus real,synthetic] [--validate 1000,10000] [--site 100,1000] [--pairs 3] [--json out.json]
    python benchmarks/run.py --corpus real --site 1000,10000 --site-only   # the build figures alone
    python benchmarks/run.py --corpus real --site 1000 --site-only --one-process   # and MkDocs unsplit
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

BUDGETS = {
    "validate_vs_parse": 2.0,  # cold validate, 10,000 files: against a CSafeLoader parse of them
    "warm_validate_s": 0.5,  # validate after one edit, 10,000 files
    "build_vs_bare": 1.1,  # the default build (offline copy included), against a bare mkdocs build
    "warm_build_vs_cold": 0.3,  # build after one edit, against a cold build
    "median_page_kb": 60,
    "growth_10x": 11.0,
    "validate_mb": 300,  # peak memory of validate, 10,000 files
}


# -- steps (each run in its own process) -------------------------------------------------------


def step_parse(project: Path) -> None:
    import yaml

    for path in sorted((project / "content").rglob("*.yml")):
        with open(path, "rb") as handle:
            yaml.load(handle, Loader=yaml.CSafeLoader)


def step_validate(project: Path) -> None:
    """`rulesref validate`'s own call (`check`), with no cache: every file is checked."""
    from rulesref.support import collector
    from rulesref.validate import check

    with collector.paused():  # as the command has it
        result = check([str(project / "content")])
    if result.problems:
        raise SystemExit(f"content has problems: {result.problems[:3]}")


def edit_one_file(project: Path) -> None:
    """Toggle a comment at the end of the first file with checks (before a warm step, untimed)."""
    edited = next(p for p in sorted((project / "content").rglob("*.yml")) if "\nchecks:" in p.read_text(encoding="utf-8"))
    text = edited.read_text(encoding="utf-8")
    edited.write_text(text[: -len(EDIT)] if text.endswith(EDIT) else text + EDIT, encoding="utf-8")


def step_warm(project: Path) -> None:
    """Validate after one file with checks was edited, with the caches the previous run left
    (among them its problems by system: only the edited file's system is checked again)."""
    from rulesref.support import collector
    from rulesref.validate import check

    with collector.paused():  # as the command has it
        result = check([str(project / "content")])
    if result.problems:
        raise SystemExit(f"content has problems: {result.problems[:3]}")


EDIT = "# edited\n"


def step_generate(project: Path) -> None:
    from rulesref.commands.cli import main

    if main(["generate", "--content", str(project / "content"), "--out", str(project / "rulechecks")]) != 0:
        raise SystemExit("generate failed")


def step_build(project: Path) -> None:
    """The default build, as a user runs it (the offline copy included), against its bare
    MkDocs baseline."""
    from rulesref.commands.cli import main

    os.chdir(project)
    if main(["build", "--content", "content", "--config-file", "mkdocs.yml"]) != 0:
        raise SystemExit("build failed")


def step_build_one(project: Path) -> None:
    """The build with MkDocs reading every page in one process, as `mkdocs build` does."""
    os.environ["RULESREF_MKDOCS_PROCESSES"] = "1"
    step_build(project)


def step_build_warm(project: Path) -> None:
    """The build after one file with checks was edited, with the cache the build before left."""
    step_build(project)


def step_bare(project: Path) -> None:
    """MkDocs alone on the pages `build` wrote (same Markdown, nav, assets and config)."""
    os.chdir(project)
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-f", "mkdocs.yml"], capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(done.stderr)


STEPS = {
    "parse": step_parse,
    "validate": step_validate,
    "warm": step_warm,
    "generate": step_generate,
    "build": step_build,
    "build_one": step_build_one,
    "build_warm": step_build_warm,
    "bare": step_bare,
}
CACHED = {"warm", "build_warm"}  # the steps that may use the cache (in the project); all others run cold
PREPARE = {"warm": edit_one_file, "build_warm": edit_one_file}  # done before the clock starts


def run_step(name: str, project: Path) -> None:
    """Entry point of a step process: prints {"seconds": ..., "peak_mb": ...} as JSON."""
    if name in PREPARE:
        PREPARE[name](project)
    start = time.perf_counter()
    STEPS[name](project)
    seconds = time.perf_counter() - start
    peak_kb = max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
    print(json.dumps({"seconds": seconds, "peak_mb": peak_kb / 1024}))


def step_env(**more: str) -> dict[str, str]:
    """The environment of a measured process: Python's bytecode is written and read as on a
    usual install (`PYTHONDONTWRITEBYTECODE`, set on some machines, would add the compiling
    of rulesref's modules, ≈0.15 s, to every step)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return dict(env, PYTHONPATH=str(REPO), **more)


def compile_bytecode() -> None:
    """rulesref's modules compiled before anything is measured, as a first run leaves them."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(REPO / "generator" / "rulesref")], check=True, env=step_env(), stdout=subprocess.DEVNULL)


def measure(name: str, project: Path) -> dict[str, float]:
    """One run of a step in a fresh process. Only the steps in `CACHED` use the cache (in the project)."""
    cache = str(project / ".rulesref-cache") if name in CACHED else "off"
    done = subprocess.run(
        [sys.executable, __file__, "--step", name, "--project", str(project)],
        capture_output=True, text=True, cwd=REPO, env=step_env(RULESREF_CACHE=cache),
    )
    if done.returncode != 0:
        raise SystemExit(f"step {name} failed:\n{done.stdout}\n{done.stderr}")
    figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def paired(a: str, b: str, project: Path, pairs: int) -> dict[str, float]:
    """`pairs` runs of step a and step b back to back, alternating which goes first: median
    times, largest peaks, and the median of the per-pair ratios a / b."""
    runs: dict[str, list[dict[str, float]]] = {a: [], b: []}
    for i in range(pairs):
        for name in (a, b) if i % 2 == 0 else (b, a):
            runs[name].append(measure(name, project))
    ratios = [x["seconds"] / y["seconds"] for x, y in zip(runs[a], runs[b], strict=True)]
    return {
        f"{a}_s": statistics.median(r["seconds"] for r in runs[a]),
        f"{b}_s": statistics.median(r["seconds"] for r in runs[b]),
        f"{a}_mb": max(r["peak_mb"] for r in runs[a]),
        f"{b}_mb": max(r["peak_mb"] for r in runs[b]),
        f"{a}_vs_{b}": statistics.median(ratios),
        f"{a}_vs_{b}_range": (min(ratios), max(ratios)),  # type: ignore[dict-item]
    }


def serve_latency(project: Path, saves: int) -> dict[str, float]:
    """Seconds from saving a rule to its page being served updated by `rulesref serve`, median
    of `saves` saves (each changes the rule's summary; the page is polled every 20 ms);
    rulesref's share of it (until the rule's docs file is rewritten); and, from serve's own
    log, the seconds until every page that shows the summary is rebuilt too (from the change
    being noticed, so without the file-event delay of about 0.1 s)."""
    import re
    import socket
    import threading
    import urllib.request

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    rule = project / "content" / "w40k7c0" / "fleet.yml"
    url = f"http://127.0.0.1:{port}/rulesref/w40k7c0/fleet/"
    log = project / "serve.log"
    with log.open("wb") as out:
        server = subprocess.Popen(
            [sys.executable, "-m", "rulesref", "serve", "--content", "content", "--dev-addr", f"127.0.0.1:{port}"],
            cwd=project, stdout=subprocess.DEVNULL, stderr=out,
            env=step_env(RULESREF_CACHE=str(project / ".rulesref-cache"), NO_MKDOCS_2_WARNING="1"),
        )

    docs_file = project / "build" / "docs" / "w40k7c0" / "fleet" / "index.md"
    written: list[float] = []

    def watch_docs(words: str, start: float, seconds: float) -> None:
        # its own thread: the server holds a page request while the page rebuilds
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                if words in docs_file.read_text(encoding="utf-8"):
                    written.append(time.perf_counter() - start)
                    return
            except OSError:
                pass
            time.sleep(0.02)

    def shows(words: str, seconds: float) -> bool:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(url, timeout=5) as response:
                    if words in response.read().decode("utf-8"):
                        return True
            except OSError:
                pass
            time.sleep(0.02)
        return False

    done_line = re.compile(r"rewritten in ([0-9.]+) s, (?:\d+ page\(s\)|the whole site) rebuilt in ([0-9.]+) s")

    def all_rebuilt(seen: int, seconds: float) -> float:
        """The next save's whole rebuild, in seconds, from the log line it ends with."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            found = done_line.findall(log.read_text(encoding="utf-8", errors="replace"))
            if len(found) > seen:
                return float(found[seen][0]) + float(found[seen][1])
            time.sleep(0.05)
        raise SystemExit("serve never finished rebuilding")

    latencies, everything = [], []
    try:
        if not shows("Fleet", 900):
            raise SystemExit("serve never showed the page")
        deadline = time.monotonic() + 900  # the first build goes on in the background once pages are served
        while "pages built in" not in log.read_text(encoding="utf-8", errors="replace"):
            if time.monotonic() > deadline:
                raise SystemExit("serve never finished its first build")
            time.sleep(0.1)
        time.sleep(2)  # let the first build settle
        original = rule.read_text(encoding="utf-8")
        for i in range(saves):
            marker = f"Saved edit number {i} here"
            rule.write_text(original.replace("summary: ", f"summary: {marker} ", 1), encoding="utf-8")
            start = time.perf_counter()
            watcher = threading.Thread(target=watch_docs, args=(marker, start, 120), daemon=True)
            watcher.start()
            if not shows(marker, 120):
                raise SystemExit("serve never showed the edit")
            latencies.append(time.perf_counter() - start)
            watcher.join()
            everything.append(all_rebuilt(i, 300))
            time.sleep(1)
        rule.write_text(original, encoding="utf-8")
    finally:
        server.terminate()
        server.wait(timeout=30)
    return {
        "serve_s": statistics.median(latencies),
        "serve_range": (min(latencies), max(latencies)),  # type: ignore[dict-item]
        "serve_docs_s": statistics.median(written) if written else float("nan"),
        "serve_all_s": statistics.median(everything),
        "serve_all_range": (min(everything), max(everything)),  # type: ignore[dict-item]
    }


def own(figures: dict[str, float], step: str) -> dict[str, float]:
    """The figures of one step of a pair (a second pair against the same baseline adds only these)."""
    return {key: value for key, value in figures.items() if key.startswith(step)}


def repeated(name: str, project: Path, runs: int) -> dict[str, float]:
    figures = [measure(name, project) for _ in range(runs)]
    return {f"{name}_s": statistics.median(f["seconds"] for f in figures), f"{name}_mb": max(f["peak_mb"] for f in figures)}


# -- the run ------------------------------------------------------------------------------------


def make_project(root: Path, corpus: str, size: int) -> Path:
    project = root / f"{corpus}{size}"
    if corpus == "real":
        from benchmarks.realistic import write_content as write_real

        write_real(project / "content", size)
    else:
        from benchmarks.synthetic import write_content

        write_content(project / "content", size)
    shutil.copy(REPO / "mkdocs.yml", project / "mkdocs.yml")
    return project


def page_sizes(site: Path) -> dict[str, float]:
    pages = [p.stat().st_size for p in site.rglob("*.html")]
    total = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
    return {"pages": len(pages), "median_page_kb": statistics.median(pages) / 1024, "largest_page_kb": max(pages) / 1024, "site_mb": total / 2**20}


def growth(rows: list[dict[str, Any]], key: str) -> list[str]:
    out = []
    for small, large in itertools.pairwise(rows):
        if key in small and key in large and large["size"] == 10 * small["size"]:
            factor = large[key] / small[key]
            mark = "ok" if factor <= BUDGETS["growth_10x"] else "OVER BUDGET"
            out.append(f"  {small['corpus']} {key}: {small['files']:,} -> {large['files']:,} files costs {factor:.1f}x ({mark})")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--corpus", default="real,synthetic", help="real (shipped content cloned), synthetic, or both")
    parser.add_argument("--validate", default="1000,10000", help="sizes for validate/generate")
    parser.add_argument("--site", default="100,1000", help="sizes for the site build")
    parser.add_argument("--serve", default="1000,10000", help="sizes for the live preview (real content only)")
    parser.add_argument("--pairs", type=int, default=3, help="paired runs per figure")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    parser.add_argument("--site-only", action="store_true", help="only the site build steps (build, warm build, bare MkDocs)")
    parser.add_argument("--one-process", action="store_true", help="also the build with MkDocs reading its pages in one process")
    parser.add_argument("--step", choices=sorted(STEPS), help=argparse.SUPPRESS)
    parser.add_argument("--project", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.step:
        run_step(args.step, args.project)
        return

    chosen = [args.site] if args.site_only else [args.validate, args.site, args.serve]
    sizes = sorted({int(n) for n in ",".join(chosen).split(",") if n})
    site_sizes = {int(n) for n in args.site.split(",") if n}
    serve_sizes = {int(n) for n in args.serve.split(",") if n}
    workdir = Path(tempfile.mkdtemp(prefix="rulesref-bench-"))
    compile_bytecode()
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, {platform.platform()}; "
          f"load average {os.getloadavg()[0]:.1f} at the start")
    rows: list[dict[str, Any]] = []
    try:
        for corpus in args.corpus.split(","):
            for size in sizes:
                project = make_project(workdir, corpus, size)
                files = sum(1 for _ in (project / "content").rglob("*.yml"))
                row: dict[str, Any] = {"corpus": corpus, "size": size, "files": files}
                pairs = args.pairs
                if not args.site_only:
                    row.update(paired("validate", "parse", project, pairs))
                    measure("warm", project)  # fills the cache; the measured runs below edit one file each
                    row.update(repeated("warm", project, pairs))
                    row.update(repeated("generate", project, pairs))
                if size in site_sizes:
                    row.update(paired("build", "bare", project, pairs))
                    if args.one_process:
                        row.update(own(paired("build_one", "bare", project, pairs), "build_one"))
                    row.update(page_sizes(project / "build" / "site"))
                    shutil.rmtree(project / ".rulesref-cache", ignore_errors=True)
                    measure("build_warm", project)  # fills the cache; the measured runs below edit one file each
                    warm = paired("build_warm", "build", project, pairs)  # against a cold build in the same pairs
                    row["build_warm_s"] = warm["build_warm_s"]
                    row["build_warm_vs_cold"] = warm["build_warm_vs_build"]
                    row["build_warm_vs_cold_range"] = warm["build_warm_vs_build_range"]
                    row["cold_warm_s"] = warm["build_s"]  # the baseline of these pairs
                if corpus == "real" and size in serve_sizes and not args.site_only:
                    try:
                        row.update(serve_latency(project, 5))
                    except SystemExit as failed:
                        row["serve_failed"] = str(failed)
                rows.append(row)
                shutil.rmtree(project)
                report(row)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    print(f"\ngrowth (budget: 10x the content costs at most {BUDGETS['growth_10x']:g}x the time)")
    for key in ("validate_s", "generate_s", "build_s"):
        print("\n".join(growth(rows, key)))
    print(f"load average {os.getloadavg()[0]:.1f} at the end")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2) + "\n")


SERVE_BUDGETS = {1_000: 0.3, 10_000: 1.0}


def report(row: dict[str, Any]) -> None:
    big = row["files"] >= 5_000
    print(f"\n{row['corpus']} content, {row['files']:,} files")
    if "parse_s" in row:
        report_validate(row, big)
    if "build_s" in row:
        report_build(row)
    if "serve_failed" in row:
        print(f"  serve, save -> page: {row['serve_failed']}")
    if "serve_s" in row:
        lo, hi = row["serve_range"]
        budget = SERVE_BUDGETS.get(row["size"])
        verdict_text = f"budget {budget:g} s: {verdict(row['serve_s'], budget)}" if budget else "no budget at this size"
        print(f"  serve, save -> page {row['serve_s']:7.2f} s   median of 5 saves ({lo:.2f}-{hi:.2f}; {verdict_text})")
        print(f"    of it rulesref      {row['serve_docs_s']:7.2f} s   save -> docs file rewritten (the rest is MkDocs building the page)")
        lo, hi = row["serve_all_range"]
        print(f"    every page showing it {row['serve_all_s']:5.2f} s   rebuilt, from the change being noticed ({lo:.2f}-{hi:.2f}; no budget)")


def verdict(value: float, budget: float) -> str:
    return "ok" if value <= budget else "OVER BUDGET"


def spread(row: dict[str, Any], key: str) -> str:
    lo, hi = row[f"{key}_range"]
    return f"pairs {lo:.2f}-{hi:.2f}"


def report_validate(row: dict[str, Any], big: bool) -> None:
    print(f"  CSafeLoader parse   {row['parse_s']:7.2f} s   peak {row['parse_mb']:6.0f} MB")
    budget = f"budget {BUDGETS['validate_vs_parse']:g}x: {verdict(row['validate_vs_parse'], BUDGETS['validate_vs_parse'])}" if big else "budget set at 10,000 files"
    print(f"  rulesref validate   {row['validate_s']:7.2f} s   peak {row['validate_mb']:6.0f} MB   {row['validate_vs_parse']:.2f}x parse ({spread(row, 'validate_vs_parse')}; {budget})")
    if big:
        print(f"  validate memory budget {BUDGETS['validate_mb']} MB: {verdict(row['validate_mb'], BUDGETS['validate_mb'])}")
    warm = f"budget {BUDGETS['warm_validate_s']:g} s: {verdict(row['warm_s'], BUDGETS['warm_validate_s'])}" if big else "budget set at 10,000 files"
    print(f"  warm validate       {row['warm_s']:7.2f} s   peak {row['warm_mb']:6.0f} MB   one file edited, cache of the run before ({warm})")
    print(f"  rulesref generate   {row['generate_s']:7.2f} s   peak {row['generate_mb']:6.0f} MB")


def report_build(row: dict[str, Any]) -> None:
    budget = BUDGETS["build_vs_bare"]
    print(f"  rulesref build      {row['build_s']:7.2f} s   peak {row['build_mb']:6.0f} MB   cold (no cache): "
          f"{row['build_vs_bare']:.2f}x bare mkdocs ({spread(row, 'build_vs_bare')}; budget {budget}x: {verdict(row['build_vs_bare'], budget)})")
    print(f"  bare mkdocs build   {row['bare_s']:7.2f} s   peak {row['bare_mb']:6.0f} MB")
    if "build_one_s" in row:
        print(f"  build, MkDocs in one process {row['build_one_s']:5.2f} s   pages read as `mkdocs build` reads them: "
              f"{row['build_one_vs_bare']:.2f}x bare mkdocs ({spread(row, 'build_one_vs_bare')})")
    warm = row["build_warm_vs_cold"]
    print(f"  warm build          {row['build_warm_s']:7.2f} s   one file edited, cache of the build before: {warm:.2f}x the cold build "
          f"({spread(row, 'build_warm_vs_cold')}; cold {row['cold_warm_s']:.2f} s in these pairs; budget {BUDGETS['warm_build_vs_cold']:g}x: "
          f"{verdict(warm, BUDGETS['warm_build_vs_cold'])})")
    print(f"  pages {row['pages']:,}: median {row['median_page_kb']:.1f} KB (budget {BUDGETS['median_page_kb']} KB: "
          f"{verdict(row['median_page_kb'], BUDGETS['median_page_kb'])}), largest {row['largest_page_kb']:.1f} KB, site {row['site_mb']:.1f} MB")


if __name__ == "__main__":
    main()
