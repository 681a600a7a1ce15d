"""Benchmark: a Versus form's exact odds of 40 attacks, in Chromium.

Run on a built site whose unit pages have Versus forms (a played import: see README,
"Imported data, played"), with the page of one unit. In headless Chromium (`/usr/bin/chromium`)
the page's first Versus form is read, its module imported as the form does, and its odds
function called with the form's opening arguments, the Attacks (or shots) at 40, or the most
the step takes. It is timed over `--runs` calls after one to warm up; the median and the
slowest are printed, in milliseconds, with the budget (50 ms).

    python benchmarks/versus_odds.py SITE w40k7i/boyz/ [--runs 20]
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import statistics
import threading
from pathlib import Path
from typing import Any

MANY = 40
TIMING = """async ([spec, args, runs]) => {
  const url = new URL(spec.module, document.baseURI);
  const module = await import(url.href);
  module[spec.odds](args);
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    module[spec.odds](args);
    times.push(performance.now() - start);
  }
  return times;
}"""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", type=Path)
    parser.add_argument("page", help="a unit page's path in the site, e.g. w40k7i/boyz/")
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(args.site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium")
            page = browser.new_page()
            page.goto(f"http://127.0.0.1:{server.server_port}/{args.page}")
            holder = page.locator("[data-rr-try*='\"played\"']").first
            spec = json.loads(holder.get_attribute("data-rr-try") or "{}")
            rolled = {a["name"] for a in spec["args"] if a.get("rolled")}
            given = {k: v for k, v in spec["given"].items() if k not in rolled}
            many = next(n for n in ("attacks", "shots") if n in given)
            count = min(MANY, next(a["hi"] for a in spec["args"] if a["name"] == many))  # (as many as the step takes)
            given[many] = count
            times = page.evaluate(TIMING, [spec, given, args.runs])
            browser.close()
    finally:
        server.shutdown()
    print(f"{spec['check']} odds of {count} {many} in Chromium ({spec['module'].rsplit('/', 1)[-1]}): median {statistics.median(times):.1f} ms, slowest {max(times):.1f} ms over {args.runs} calls; budget 50 ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
