"""The exact odds of a whole attack, generated from YAML, side by side with icepool, in one run.

The case (the pools issue's): 40 attacks, hit on 3+ re-rolling 1s, wound on 4+ with natural 6s
rending, a 3+ armour save against the other wounds and a 5+ invulnerable save against the
rending ones, Feel No Pain on 5+, D3 damage for each wound that gets through. The check is
written once in YAML (`CHECK` below) and compiled by the real pipeline into the Python and the
JavaScript packages; icepool computes the same distribution its own way (`icepool_attack`).

- Python: the generated `chain_odds(attacks=N)` against icepool, each in a fresh process per
  run (so no cache of either is warm: the first call a tool makes), paired runs alternating,
  median of `--runs`; and warm, repeated in one process. The two results are compared exactly.
  Budget: the generated odds at most 1x icepool's time (cold).
- Growth: the same from 10 to 200 attacks, with the slope of log(time) over log(N).
- JavaScript: the generated module in headless Chromium, the first call of a page and the
  median of repeated calls. Budget: at most 20 ms.

    python benchmarks/pools.py [--runs 7] [--no-browser]
"""

from __future__ import annotations

import argparse
import contextlib
import http.server
import io
import json
import math
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from rulesref.commands.cli import main as rulesref  # noqa: E402

SYSTEM = "id: bench\nname: Benchmark Game\nedition: 1st\nbooks: {core: {title: Core}}\n"
CHECK = """id: attack
kind: rule
name: Attack
summary: A volley from to hit to damage.
text: Roll to hit, to wound, to save, to ignore, then damage.
source: {book: core}
checks:
  damage:
    summary: The damage a volley of attacks does.
    inputs:
      attacks: {type: int, min: 1, max: 200}
      hits: {type: pool, dice: attacks, target: 3, reroll: ones}
      wounds: {type: pool, dice: hits, target: 4, classes: {rending: "natural == 6"}}
      armour: {type: pool, dice: wounds, target: 3, fails: through}
      invulnerable: {type: pool, dice: rending, target: 5, fails: rent}
      pain: {type: pool, dice: through + rent, target: 5, fails: unsaved}
      damage: {type: D3, count: unsaved}
    output: {type: int, min: 0, max: 600}
    expr: damage
    examples:
      - given: {attacks: 2, hits: 2, wounds: 1, rending: 1, armour: 1, through: 0, invulnerable: 0, rent: 1, pain: 0, unsaved: 1, damage: 3}
        expect: 3
"""
ICEPOOL = """
import icepool
def icepool_attack(attacks):
    d6, d3 = icepool.d6, icepool.d3
    hit = d6.reroll([1], depth=1) >= 3
    wound = d6.map(lambda x: 2 if x == 6 else 1 if x >= 4 else 0)
    through = wound.map({0: icepool.Die([False]), 1: d6 <= 2, 2: d6 <= 4})
    per_attack = hit.if_else(through.if_else((d6 <= 4).if_else(d3, 0), 0), 0)
    return attacks @ per_attack
"""
TIMED = """
import json, sys, time
from fractions import Fraction
side, attacks, repeat = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
if side == "rulesref":
    from rulechecks.bench.attack import damage_odds
    run = lambda: damage_odds(attacks=attacks)
else:
""" + "\n".join("    " + line for line in ICEPOOL.strip().splitlines()) + """
    run = lambda: icepool_attack(attacks)
started = time.perf_counter()
result = run()
first = time.perf_counter() - started
warm = []
for _ in range(repeat):
    started = time.perf_counter()
    run()
    warm.append(time.perf_counter() - started)
if side == "rulesref":
    odds = {str(k): f"{v.numerator}/{v.denominator}" for k, v in result.items()}
else:
    odds = {str(k): str(Fraction(result.quantity(k), result.denominator())) for k in result.outcomes() if result.quantity(k)}
print(json.dumps({"first": first, "warm": sorted(warm)[len(warm) // 2] if warm else None, "odds": odds}))
"""
PAGE = """<!doctype html><meta charset="utf-8"><script type="module">
import { damage_odds } from "./rulechecks-js/bench/attack.js";
const t0 = performance.now();
damage_odds({ attacks: ATTACKS });
const first = performance.now() - t0;
const warm = [];
for (let i = 0; i < 20; i++) { const t = performance.now(); damage_odds({ attacks: ATTACKS }); warm.push(performance.now() - t); }
warm.sort((a, b) => a - b);
window.timed = { first, warm: warm[10] };
</script>"""


def build(root: Path) -> None:
    (root / "content" / "bench").mkdir(parents=True)
    (root / "content" / "bench" / "system.yml").write_text(SYSTEM)
    (root / "content" / "bench" / "attack.yml").write_text(CHECK)
    with contextlib.redirect_stderr(io.StringIO()):  # the summary of the files written
        code = rulesref(["generate", "--content", str(root / "content"), "--out", str(root / "rulechecks"), "--js-out", str(root / "rulechecks-js")])
    if code != 0:
        raise SystemExit("the benchmark check does not compile")


def timed(root: Path, side: str, attacks: int, repeat: int) -> dict[str, Any]:
    done = subprocess.run([sys.executable, "-c", TIMED, side, str(attacks), str(repeat)], cwd=root, capture_output=True, text=True, check=True)
    measured: dict[str, Any] = json.loads(done.stdout)
    return measured


def paired(root: Path, attacks: int, runs: int) -> tuple[float, float, float, float, bool]:
    ours: list[float] = []
    theirs: list[float] = []
    ours_warm: list[float] = []
    theirs_warm: list[float] = []
    same = True
    for _ in range(runs):
        a = timed(root, "rulesref", attacks, 5)
        b = timed(root, "icepool", attacks, 5)
        ours.append(a["first"])
        theirs.append(b["first"])
        ours_warm.append(a["warm"])
        theirs_warm.append(b["warm"])
        same = same and a["odds"] == b["odds"]
    med = statistics.median
    return med(ours), med(theirs), med(ours_warm), med(theirs_warm), same


def chromium(root: Path) -> tuple[float, float] | None:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    if shutil.which("chromium") is None and not Path("/usr/bin/chromium").exists():
        return None
    (root / "page.html").write_text(PAGE.replace("ATTACKS", "40"))

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), lambda *a: Quiet(*a, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            firsts, warms = [], []
            for _ in range(5):
                page = browser.new_page()
                page.goto(f"http://127.0.0.1:{server.server_address[1]}/page.html")
                page.wait_for_function("window.timed !== undefined")
                got = page.evaluate("window.timed")
                firsts.append(got["first"])
                warms.append(got["warm"])
                page.close()
            browser.close()
        return statistics.median(firsts), statistics.median(warms)
    finally:
        server.shutdown()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--no-browser", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="rulesref-bench-pools-") as tmp:
        root = Path(tmp)
        build(root)
        print("the attack: 40 attacks, 3+ re-rolling 1s, 4+ with 6s rending, 3+ armour / 5+ invulnerable, FNP 5+, D3 damage")
        print("each side in a fresh process per run (cold: no cache warm), paired, median of", args.runs)
        ours, theirs, ours_warm, theirs_warm, same = paired(root, 40, args.runs)
        verdict = "met" if ours <= theirs else "OVER"
        print(f"generated Python damage_odds(attacks=40)  {ours * 1000:8.2f} ms   icepool {theirs * 1000:8.2f} ms   ratio {ours / theirs:5.2f}x (budget <= 1x: {verdict})")
        print(f"  warm, repeated in one process            {ours_warm * 1000:8.3f} ms   icepool {theirs_warm * 1000:8.3f} ms")
        print(f"  the two distributions are {'exactly equal' if same else 'DIFFERENT'}")
        print("\ngrowth (cold, median of 3 paired runs):")
        print(f"{'attacks':>8} {'generated ms':>13} {'icepool ms':>11} {'ratio':>6}")
        points = []
        for n in (10, 20, 50, 100, 200):
            o, t, _, _, same_n = paired(root, n, 3)
            points.append((n, o, t))
            print(f"{n:>8} {o * 1000:>13.2f} {t * 1000:>11.2f} {o / t:>6.2f}{'' if same_n else '  DIFFERENT'}")
        for label, index in (("generated", 1), ("icepool", 2)):
            (n0, *first), (n1, *last) = points[1], points[-1]
            slope = math.log(last[index - 1] / first[index - 1]) / math.log(n1 / n0)
            print(f"{label}: time grows as N^{slope:.2f} from {n0} to {n1} attacks (polynomial)")
        if not args.no_browser:
            found = chromium(root)
            if found is None:
                print("\nChromium or Playwright not found: the JavaScript figure is skipped")
            else:
                first_ms, warm_ms = found
                print(f"\ngenerated JavaScript damage_odds({{attacks: 40}}) in Chromium: first call of a page {first_ms:.2f} ms, repeated {warm_ms:.3f} ms (budget <= 20 ms: {'met' if first_ms <= 20 else 'OVER'})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
