"""The JavaScript budgets, measured: what a check page loads, what a generated call costs
against a hand-written one, and how long the live odds of a 3D6 x D6 check take in Chromium.

- Sizes (gzip -9): the shared runtime every check page loads (`_runtime.js` of the generated
  package plus the site's `rulesref-try.js`, both as the site serves them, without comment
  lines and indentation;
  budget 6.5 KB, 6 KB until the live charts gave numbers their chances of "at least" and their
  mean) and each shipped entry's module, what one page loads beyond it, with the pools'
  runtime `_pools.js` (as served) for an entry whose checks roll pools (budget 8 KB).
- Call cost: the same Mob Rule as `benchmarks/checks.py`, generated to JavaScript by the real
  pipeline, against the same function written by hand in JavaScript (same checks, messages
  and frozen record), in one Node process, paired runs, best of five (budget: at most 3x).
- Live odds: a site built from that content, opened in headless Chromium; the time of the
  odds function of the 3D6 x D6 check, and of a whole "Try it" update (result, odds and chart
  redrawn) after a change of an argument (budget: under 5 ms).

    python benchmarks/javascript.py [--calls N]
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from benchmarks.checks import MOB_RULE, SYSTEM  # noqa: E402
from rulesref.commands.cli import main as rulesref  # noqa: E402
from rulesref.emit.js_module import served  # noqa: E402

SITE_SCRIPT = REPO / "generator" / "rulesref" / "templates" / "site" / "assets" / "rulesref-try.js"
CHROMIUM = Path("/usr/bin/chromium")


def gz(data: bytes) -> int:
    return len(gzip.compress(data, compresslevel=9, mtime=0))


def sizes() -> None:
    package = REPO / "rulechecks-js"
    site_script = served(SITE_SCRIPT.read_text(encoding="utf-8"), SITE_SCRIPT.name).encode("utf-8")
    # the hand-written runtime and pools as the site serves them, as the site script is
    shared = gz(served((package / "_runtime.js").read_text(encoding="utf-8"), "_runtime.js").encode("utf-8")) + gz(site_script)
    print(f"rulesref-try.js {gz(SITE_SCRIPT.read_bytes()) / 1024:.2f} KB gzipped as written, {gz(site_script) / 1024:.2f} KB as served")
    modules = {p.relative_to(package).as_posix(): gz(p.read_bytes()) for p in package.glob("*/*.js") if p.name != "index.js"}
    largest = max(modules, key=lambda m: modules[m])
    print(f"shared runtime (_runtime.js + rulesref-try.js) {shared / 1024:6.2f} KB gzipped (budget 6.5 KB)")
    pools = gz(served((package / "_pools.js").read_text(encoding="utf-8"), "_pools.js").encode("utf-8"))
    with_pools = {m: size + (pools if b'"../_pools.js"' in (package / m).read_bytes() else 0) for m, size in modules.items()}
    largest = max(with_pools, key=lambda m: with_pools[m])
    print(f"the pools' runtime (_pools.js)                   {pools / 1024:6.2f} KB gzipped, loaded only by an entry with pools")
    print(f"largest page module ({largest}, with _pools.js if it rolls pools) {with_pools[largest] / 1024:6.2f} KB gzipped (budget 8 KB)")
    print(f"median page module over {len(modules)} entries   {statistics.median(modules.values()) / 1024:6.2f} KB gzipped")


def content(folder: Path) -> Path:
    system = folder / "content" / "bench"
    system.mkdir(parents=True)
    (system / "system.yml").write_text(SYSTEM)
    (system / "mob-rule.yml").write_text(MOB_RULE)
    return folder / "content"


def calls(folder: Path, count: int) -> None:
    out = folder / "js"
    if rulesref(["generate", "--content", str(folder / "content"), "--out", str(folder / "py"), "--js-out", str(out)]) != 0:
        raise SystemExit("benchmark content did not generate")
    done = subprocess.run(
        ["node", str(REPO / "benchmarks" / "javascript_calls.js"), str(out / "bench" / "mob_rule.js"), str(count)],
        capture_output=True, text=True, check=True,
    )
    figures = json.loads(done.stdout)
    print(f"node {figures['node']}, {figures['calls']:,} calls each, paired runs, best of 5")
    print(f"generated mob_rule.resolve   {figures['generated']:8.1f} ns/call")
    print(f"hand-written equivalent      {figures['hand']:8.1f} ns/call")
    print(f"ratio generated/hand-written {figures['generated'] / figures['hand']:8.2f}   (budget <= 3)")
    print(f"big_roll_odds over 3D6 x D6  {figures['oddsUs']:8.1f} us/call in Node")


# Chromium coarsens performance.now() (to 0.1 ms without cross-origin isolation), so each
# figure is the time of a batch divided by its size; a layout is forced after every update so
# the redrawn chart is part of what is timed.
MEASURE = """async () => {
  const holder = [...document.querySelectorAll('.rr-try')].find(h => JSON.parse(h.dataset.rrTry).check === 'big_roll');
  const spec = JSON.parse(holder.dataset.rrTry);
  const module = await import(new URL(spec.module, document.baseURI).href);
  const form = holder.querySelector('form');
  const bonus = holder.querySelector('input[type=number]');
  const odds = [], updates = [];
  for (let batch = 0; batch < 20; batch++) {
    let t = performance.now();
    for (let i = 0; i < 50; i++) module.big_roll_odds({ bonus: i % 4 });
    odds.push((performance.now() - t) / 50);
    t = performance.now();
    for (let i = 0; i < 10; i++) {
      bonus.value = String(i % 4);
      form.dispatchEvent(new Event('input', { bubbles: true }));
      holder.getBoundingClientRect();
    }
    updates.push((performance.now() - t) / 10);
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const bars = holder.querySelectorAll('.rr-try-odds g').length;
  return { odds: median(odds), update: median(updates), worst: Math.max(...updates), bars };
}"""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@contextmanager
def serving(site: Path) -> Iterator[str]:
    """The built site over HTTP on 127.0.0.1 and a free port."""
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{httpd.server_port}/"
    finally:
        httpd.shutdown()
        httpd.server_close()


def live_odds(folder: Path) -> None:
    if not CHROMIUM.exists():
        print(f"live odds in Chromium: skipped ({CHROMIUM} not installed)")
        return
    shutil.copy(REPO / "mkdocs.yml", folder / "mkdocs.yml")
    from rulesref.site import build

    if build(str(folder / "content"), str(folder / "mkdocs.yml"), echo=lambda _: None) != 0:
        raise SystemExit("benchmark site did not build")
    from playwright.sync_api import sync_playwright

    with serving(folder / "build" / "site") as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page()
        page.goto(f"{url}bench/mob-rule/")
        page.wait_for_function("document.querySelectorAll('.rr-try-ready').length === 2")
        figures = page.evaluate(MEASURE)
        version = browser.version
        browser.close()
    print(f"chromium {version}: big_roll_odds over 3D6 x D6 {figures['odds']:7.4f} ms per call (median of 20 batches of 50)")
    print(
        f"whole Try it update (result, odds, chart of {figures['bars']} bars, layout) {figures['update']:7.4f} ms per update "
        f"(median of 20 batches of 10; slowest batch {figures['worst']:.4f} ms; budget < 5 ms)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--calls", type=int, default=2_000_000)
    args = parser.parse_args()
    sizes()
    folder = Path(tempfile.mkdtemp(prefix="rulesref-bench-js-"))
    try:
        content(folder)
        calls(folder, args.calls)
        live_odds(folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
