"""Benchmark: a roster against another on "Open a roster", a 20 x 20 matrix in Chromium.

The site is the invented Lantern Wars fixture played with `w40k7` (as the tests build it,
`tests/played.py`), built in a temporary folder, or a site you built (`--site`) that has the
Lantern Wars units. Two rosters are made in a temporary folder from the fixture rosters
(`tests/fixtures/battlescribe/lanterns-rosters/`), their units repeated: yours, Moth Reavers
that each took one weapon (the Dust Blade, the Wing Hook and the Lantern Gun in turn: one row
each); the opponent's, Hive Beetles and Moth Reavers in turn (one column each). Nothing real
is read or written.

In headless Chromium (/usr/bin/chromium) over HTTP, your roster is opened, then the opponent's;
the time is from the opponent's file picker's change to the matrix drawn (the status line no
longer saying "Reading"), measured inside the page with `performance.now` in a listener and an
observer this script adds (nothing in the page is made for it): the first opponent of a visit
(which reads the checks' descriptions and modules), then the same roster opened again. The
median and the slowest are printed with the budget (2 s, issue 41), the matrix's size, and the
machine's load before and after.

    python benchmarks/roster_matrix.py [--site DIR] [--size 20] [--runs 5] [--throttle 4]
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import re
import statistics
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))  # (as benchmarks/run.py: the repository's own modules)

CHROMIUM = Path("/usr/bin/chromium")
ROSTERS = REPO / "tests" / "fixtures" / "battlescribe" / "lanterns-rosters"
BUDGET_MS = 2000.0
WEAPONS = ("Dust Blade", "Wing Hook", "Lantern Gun")

WATCH = """() => {
  const input = document.querySelector('.rr-matrix input[type=file]');
  const status = document.querySelector('.rr-matrix-status');
  window.__bench = {};
  input.addEventListener('change', () => { window.__bench = {start: performance.now()}; }, {capture: true});
  new MutationObserver(() => {
    if (status.textContent && !status.textContent.startsWith('Reading') && window.__bench.start !== undefined && window.__bench.end === undefined)
      window.__bench.end = performance.now();
  }).observe(status, {childList: true, characterData: true, subtree: true});
}"""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


def _selections(roster: str) -> tuple[str, list[str], str]:
    """A roster's text before its force's selections, each top selection, and the rest."""
    start, end = roster.index("<selections>") + len("<selections>"), roster.rindex("</selections>")
    tops = re.findall(r"\n        <selection .*?(?:/>|\n        </selection>)", roster[start:end], re.DOTALL)
    return roster[:start], tops, roster[end:]


def _renamed(selection: str, n: int) -> str:
    """A selection as another unit of the roster: its own id and a numbered name."""
    selection = re.sub(r'id="([^"]+)"', lambda m: f'id="{m.group(1)}-{n}"', selection, count=1)
    return re.sub(r'name="([^"]+)"', lambda m: f'name="{m.group(1)} {n}"', selection, count=1)


def make_rosters(folder: Path, size: int) -> tuple[Path, Path]:
    """Yours (`size` Moth Reavers, each with one weapon) and the opponent's (`size` units)."""
    head, (reavers,), tail = _selections((ROSTERS / "moth-raid.ros").read_text(encoding="utf-8"))
    mine = [_renamed(reavers.replace("Dust Blade", WEAPONS[n % len(WEAPONS)]), n + 1) for n in range(size)]
    theirs_head, units, theirs_tail = _selections((ROSTERS / "beetle-hive.ros").read_text(encoding="utf-8"))
    theirs = [_renamed(units[n % len(units)], n + 1) for n in range(size)]
    yours, opponent = folder / "yours.ros", folder / "opponent.ros"
    yours.write_text(head + "".join(mine) + "\n      " + tail, encoding="utf-8")
    opponent.write_text(theirs_head + "".join(theirs) + "\n      " + theirs_tail, encoding="utf-8")
    return yours, opponent


def build_site(folder: Path) -> Path:
    from tests.played import played_content
    from tests.site.conftest import build_project, make_project

    project = make_project(folder, played_content(folder / "content"))
    if build_project(project) != 0:
        raise SystemExit("the fixture site did not build")
    return project.site


def times(site: Path, yours: Path, opponent: Path, runs: int, throttle: float) -> dict[str, Any]:
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
                page.set_input_files(".rr-roster input[type=file]", str(yours))
                page.locator(".rr-army h2").first.wait_for()
                page.evaluate(WATCH)
                for kept in (firsts, nexts):
                    page.set_input_files(".rr-matrix input[type=file]", [])  # (the same file again is no change)
                    page.set_input_files(".rr-matrix input[type=file]", str(opponent))
                    page.wait_for_function("window.__bench.end !== undefined", timeout=120_000)
                    bench = page.evaluate("window.__bench")
                    kept.append(bench["end"] - bench["start"])
                rows = page.locator(".rr-matrix-grid tbody tr").count()
                columns = page.locator(".rr-matrix-grid thead th").count() - 1
                cells = page.locator(".rr-matrix-grid tbody button").count()
                status = page.inner_text(".rr-matrix-status")
                page.close()
            browser.close()
    finally:
        httpd.shutdown()
    return {"first_ms": statistics.median(firsts), "next_ms": statistics.median(nexts), "worst_ms": max(nexts + firsts), "rows": rows, "columns": columns, "cells": cells, "status": status}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--site", type=Path, help="a built site with the Lantern Wars units (default: build the fixture's in a temporary folder)")
    parser.add_argument("--size", type=int, default=20, help="units in each roster: the matrix's rows and columns (default 20)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--throttle", type=float, default=1.0, help="also time the page with the processor slowed this many times (a phone); 1: not")
    args = parser.parse_args()
    if not CHROMIUM.exists():
        raise SystemExit(f"headless Chromium is not installed at {CHROMIUM}")
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        site = args.site if args.site is not None else build_site(folder / "project")
        yours, opponent = make_rosters(folder, args.size)
        before = os.getloadavg()
        figures = times(site, yours, opponent, args.runs, 1.0)
        after = os.getloadavg()
        slow = times(site, yours, opponent, args.runs, args.throttle) if args.throttle > 1 else None
    verdict = "met" if max(figures["first_ms"], figures["next_ms"]) <= BUDGET_MS else "over"
    print(f"matrix {figures['rows']} x {figures['columns']} ({figures['cells']} cells, each an exact distribution); the page said: {figures['status']}")
    print(
        f"opponent's roster opened to the matrix drawn: {figures['next_ms']:.0f} ms median of {args.runs} (slowest {figures['worst_ms']:.0f} ms); "
        f"the first of a visit, reading the checks: {figures['first_ms']:.0f} ms; budget {BUDGET_MS:g} ms: {verdict}"
    )
    print(f"machine: {os.cpu_count()} cores, load average {before[0]:.2f} before and {after[0]:.2f} after (1 min)")
    if slow is not None:
        print(f"processor {args.throttle:g}x slower: {slow['next_ms']:.0f} ms median (slowest {slow['worst_ms']:.0f} ms); the first of a visit: {slow['first_ms']:.0f} ms")


if __name__ == "__main__":
    main()
