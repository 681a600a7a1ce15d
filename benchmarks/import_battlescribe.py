"""Benchmark: importing a whole BattleScribe data repository, against parsing its XML alone.

BattleScribe data carries no licence, so none ships with rulesref: point this script at your
own checkout (a folder of .gst/.cat files). In one run, each step in a fresh process:

- parse: every file parsed with the same safe parser the importer uses (the baseline);
- import: `rulesref import battlescribe` into an empty content folder;
- reimport: the same import again (must write nothing);
- validate: `rulesref validate` of the imported content (must find no errors);
- build (with --build): `rulesref build` of it, the offline copy included: its time and
  peak memory, its largest page and its search index;
- serve (with --build): `rulesref serve` of it: how long until the home page answers, how
  long a page not built yet takes when asked for, and until every page is built;
- search (with --build and Chromium at /usr/bin/chromium): how long after the home page
  loads a search first lists results (the theme's worker reads the whole index first).

It prints wall-clock and CPU seconds, peak memory, and the import's ratio to the parse.
Budgets: import under 30 s and under 1 GB; re-import writes no file; no validation error;
build (offline copy included) under 60 s and 1 GB, no page over 300 KB, a search index of
at most 3 MB that lists results within 1.5 s; serve's first page within 20 s.

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
    from rulesref.formats.battlescribe.read import read_file, source_files

    files = source_files([str(data)])
    elements = sum(sum(1 for _ in read_file(path, shown).root.iter()) for path, shown in files)
    return {"files": len(files), "elements": elements, "bytes": sum(p.stat().st_size for p, _ in files)}


def _import(data: Path, project: Path, system: str) -> dict[str, int]:
    from rulesref.commands.cli import main

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
    from rulesref.support import collector
    from rulesref.validate import validate

    with collector.paused():  # as the command has it
        result = validate([str(project / "content")])
    return {"errors": sum(p.severity == "error" for p in result.problems), "warnings": sum(p.severity == "warning" for p in result.problems)}


def step_build(data: Path, project: Path, system: str) -> dict[str, float]:
    from rulesref.commands.cli import main

    os.chdir(project)
    code = main(["build", "--content", "content", "--config-file", "mkdocs.yml"])
    site = project / "build" / "site"
    pages = [p.stat().st_size for p in site.rglob("*.html")]
    index = site / "search" / "search_index.json"
    zipped = next(iter((site / "download").glob("*.zip")), None)
    return {
        "exit": code,
        "site_mb": sum(p.stat().st_size for p in site.rglob("*") if p.is_file()) / 2**20,
        "pages": len(pages),
        "largest_kb": max(pages, default=0) / 1024,
        "index_mb": index.stat().st_size / 2**20 if index.is_file() else 0,
        "zip_mb": zipped.stat().st_size / 2**20 if zipped else 0,
    }


def _get(url: str, timeout: float) -> int:
    import urllib.request

    with urllib.request.urlopen(url, timeout=timeout) as response:  # a local server of this run
        response.read()
        return int(response.status)


def step_serve(data: Path, project: Path, system: str) -> dict[str, float]:
    """`rulesref serve` from cold: until the home page answers, a page asked for before
    the background build reached it, and until every page is built."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    log = project / "serve.log"
    started = time.perf_counter()
    with open(log, "w", encoding="utf-8") as out:
        server = subprocess.Popen([sys.executable, "-m", "rulesref", "serve", "--dev-addr", f"127.0.0.1:{port}"], cwd=project, stderr=out)
    figures: dict[str, float] = {}
    try:
        base = f"http://127.0.0.1:{port}/"
        while "first_page_s" not in figures and time.perf_counter() - started < 600:
            try:
                _get(base, 2)
                figures["first_page_s"] = time.perf_counter() - started
            except OSError:
                time.sleep(0.1)
        units = sorted((project / "content" / system).glob("*.yml"))
        last = units[-2].stem  # near the end of the background build's order
        asked = time.perf_counter()
        _get(f"{base}{_mount(project)}{system}/{last}/", 120)
        figures["page_asked_s"] = time.perf_counter() - asked
        while time.perf_counter() - started < 900:
            if "pages built in" in log.read_text(encoding="utf-8"):
                figures["all_pages_s"] = time.perf_counter() - started
                break
            time.sleep(0.2)
    finally:
        server.terminate()
        server.wait()
    return figures


def _mount(project: Path) -> str:
    """The site's path on the local server (`serve` keeps the path of site_url)."""
    sys.path.insert(0, str(REPO / "generator"))
    from urllib.parse import urlsplit

    from rulesref.config import load_settings

    return urlsplit(load_settings(project).site_url).path.lstrip("/")


def step_search(data: Path, project: Path, system: str) -> dict[str, float]:
    """In Chromium: from the home page's DOMContentLoaded until a typed search lists results."""
    import functools
    import http.server
    import threading

    from playwright.sync_api import sync_playwright

    site = project / "build" / "site"
    handler = functools.partial(type("Quiet", (http.server.SimpleHTTPRequestHandler,), {"log_message": lambda *a: None}), directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    times = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
            for _ in range(3):
                context = browser.new_context()
                page = context.new_page()
                page.goto(f"http://127.0.0.1:{httpd.server_port}/", wait_until="domcontentloaded")
                loaded = page.evaluate("performance.now()")
                page.click(".md-search__input")
                page.keyboard.type("fearless")
                page.wait_for_selector(".md-search-result__item", timeout=60000)
                times.append((page.evaluate("performance.now()") - loaded) / 1000)
                context.close()
            browser.close()
    finally:
        httpd.shutdown()
    return {"results_s": min(times), "results_worst_s": max(times)}


STEPS = {"parse": step_parse, "import": _import, "reimport": step_reimport, "validate": step_validate, "build": step_build, "serve": step_serve, "search": step_search}


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
        for name in ("reimport", "validate", *(["build", "serve", "search"] if args.build else [])):
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
        built = best["build"]
        ok = built["seconds"] < 60 and built["peak_mb"] < BUDGET_MB and built["largest_kb"] < 300 and built["index_mb"] <= 3
        print(
            f"build: exit {built['exit']:.0f}, {built['pages']:,.0f} pages, site {built['site_mb']:.0f} MB (offline copy {built['zip_mb']:.0f} MB), "
            f"largest page {built['largest_kb']:.0f} KB, search index {built['index_mb']:.2f} MB; budget 60 s, 1 GB, 300 KB, 3 MB: {'ok' if ok else 'OVER BUDGET'}"
        )
    if "serve" in best:
        served = best["serve"]
        print(
            f"serve: home page after {served['first_page_s']:.1f} s (budget 20 s), a page not built yet answered in {served['page_asked_s']:.2f} s, "
            f"every page built after {served.get('all_pages_s', float('nan')):.1f} s"
        )
    if "search" in best:
        print(f"search: results {best['search']['results_s']:.2f} s after the home page loaded (worst of 3: {best['search']['results_worst_s']:.2f} s; budget 1.5 s)")


if __name__ == "__main__":
    main()
