"""Benchmark: a roster's army page, from the command and in the browser, on real content.

Rosters and BattleScribe data carry no licence, so none ships with rulesref: point this
script at a rules repository you built from your own import (`rulesref import battlescribe`,
then `rulesref build`) and at a roster of yours. In one run:

- command: `rulesref roster ROSTER --content DIR --out army.html`, each run a fresh process,
  the caches left by the run before (the first run fills them and is reported apart); its
  own part (reading the roster, matching, writing the page) is timed in this process beside
  the content's loading and validation, which every command does;
- page: the site's "Open a roster" page in Chromium (/usr/bin/chromium) over HTTP, from the
  file picker's change to the army shown (measured inside the page, with `performance.now`
  in a listener and an observer this script adds: nothing in the page is made for it): the
  first roster of a visit, picked as soon as the page has loaded (the page reads its data file
  from then on, so the pick may wait for it), and the next ones.

Budgets (for content of 5,000 entries and a 2,000-point roster): under 1 s from the command,
under 300 ms in the browser.

    python benchmarks/roster.py ROSTER --project DIR [--runs 5] [--throttle 4]
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

CHROMIUM = Path("/usr/bin/chromium")
BUDGET_COMMAND_S, BUDGET_PAGE_MS = 1.0, 300.0

# the page's own events, observed from outside: the picker's change, then the status line
# once it no longer says "Reading"
WATCH = """() => {
  const input = document.querySelector('.rr-roster input[type=file]');
  const status = document.querySelector('.rr-roster-status');
  window.__bench = {};
  input.addEventListener('change', () => { window.__bench = {start: performance.now()}; }, {capture: true});
  new MutationObserver(() => {
    if (status.textContent && !status.textContent.startsWith('Reading') && window.__bench.start !== undefined && window.__bench.end === undefined)
      window.__bench.end = performance.now();
  }).observe(status, {childList: true, characterData: true, subtree: true});
}"""


def command(roster: Path, content: Path, out: Path) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "rulesref", "roster", str(roster), "--content", str(content), "--out", str(out)], capture_output=True, check=False)
    return time.perf_counter() - start


def own_part(roster: Path, content: Path) -> dict[str, float]:
    """The command's steps timed in this process: loading and validating the content, then
    what is the roster's own (read, match, write the page)."""
    from rulesref.config import Settings
    from rulesref.formats.roster import write
    from rulesref.formats.roster.match import match
    from rulesref.formats.roster.read import read_roster
    from rulesref.support import collector
    from rulesref.validate import validate

    with collector.paused():
        start = time.perf_counter()
        build = validate([str(content)], keep=False)
        loaded = time.perf_counter()
        army = match(read_roster(roster, roster.name), build.content)
        write.as_html(army, Settings())
        done = time.perf_counter()
    return {"validate_s": loaded - start, "roster_s": done - loaded, "entries": len(build.content.entries), "units": len(army.units), "matched": sum(1 for u in army.units if u.entry is not None)}


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


def page_times(site: Path, roster: Path, runs: int, throttle: float = 1.0) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    handler = functools.partial(_Quiet, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    firsts, nexts = [], []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
            for _ in range(runs):
                page = browser.new_page()
                if throttle > 1:  # a slower processor, as Chromium's devtools emulate a phone's
                    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
                page.goto(f"http://127.0.0.1:{httpd.server_port}/roster/")
                page.evaluate(WATCH)
                for times in (firsts, nexts):
                    page.set_input_files(".rr-roster input[type=file]", [])  # (the same file again is no change)
                    page.set_input_files(".rr-roster input[type=file]", str(roster))
                    page.wait_for_function("window.__bench.end !== undefined", timeout=60_000)
                    bench = page.evaluate("window.__bench")
                    times.append(bench["end"] - bench["start"])
                status = page.inner_text(".rr-roster-status")
                read = page.evaluate("performance.getEntriesByType('resource').map(e => new URL(e.name).pathname).filter(p => p.includes('/assets/roster/'))")
                page.close()
            browser.close()
    finally:
        httpd.shutdown()
    packed = sum(len(gzip.compress((site / p.lstrip("/")).read_bytes(), 9)) for p in set(read))
    return {"first_ms": statistics.median(firsts), "next_ms": statistics.median(nexts), "worst_next_ms": max(nexts), "status": status, "read": len(set(read)), "read_gz": packed}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("roster", type=Path)
    parser.add_argument("--project", type=Path, required=True, help="a built rules repository: content/ and build/site/")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--throttle", type=float, default=4.0, help="also time the page with the processor slowed this many times (a phone); 1: not")
    args = parser.parse_args()
    content, site = args.project / "content", args.project / "build" / "site"
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "army.html"
        first = command(args.roster, content, out)
        times = [command(args.roster, content, out) for _ in range(args.runs)]
    part = own_part(args.roster, content)
    print(f"content: {part['entries']:,} entries; roster: {args.roster.name}, {part['units']} units ({part['matched']} matched)")
    median = statistics.median(times)
    verdict = "met" if median <= BUDGET_COMMAND_S else "over"
    print(f"command  {median:6.2f} s median of {args.runs} (first run, filling the caches: {first:.2f} s); budget {BUDGET_COMMAND_S:g} s: {verdict}")
    print(f"  in one process: loading and validating the content {part['validate_s']:.2f} s, the roster's own part {part['roster_s'] * 1000:.0f} ms")
    data = sorted((site / "assets" / "roster").rglob("*.js"))
    size = sum(p.stat().st_size for p in data)
    packed = sum(len(gzip.compress(p.read_bytes(), 9)) for p in data)
    print(f"data files: {len(data)}, {size / 2**20:.2f} MB, {packed / 2**20:.2f} MB gzipped in all")
    if CHROMIUM.exists():
        figures = page_times(site, args.roster, args.runs)
        verdict = "met" if figures["next_ms"] <= BUDGET_PAGE_MS else "over"
        print(
            f"page     {figures['next_ms']:6.0f} ms median of {args.runs} (worst {figures['worst_next_ms']:.0f} ms); budget {BUDGET_PAGE_MS:g} ms: {verdict}; "
            f"the first roster of a visit, reading the data: {figures['first_ms']:.0f} ms"
        )
        print(f"  the page said: {figures['status']}")
        print(f"  the page read {figures['read']} data files, {figures['read_gz'] / 1024:.0f} KB gzipped")
        if args.throttle > 1:
            slow = page_times(site, args.roster, args.runs, args.throttle)
            print(f"page, processor {args.throttle:g}x slower: {slow['next_ms']:.0f} ms (worst {slow['worst_next_ms']:.0f} ms); the first roster of a visit: {slow['first_ms']:.0f} ms")


if __name__ == "__main__":
    main()
