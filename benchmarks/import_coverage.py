"""Benchmark: import every BattleScribe checkout given, and say per repository what a user
would miss.

BattleScribe data carries no licence, so none ships with rulesref: point this script at your
own checkouts (folders of .gst/.cat files, zipped or not, or their JSON form). For each game
system in each checkout, in a fresh process: `rulesref import battlescribe` into an empty
folder, then `rulesref validate` of what it wrote. It prints figures only, never data:

- can take: the distinct things a force can take (each army's root entries and the targets of
  its root links, of type unit or model); units: how many became units; absent: how many of
  them are in catalogues the checkout lacks (a mirror without its large files, say: nothing
  there to import, and the import names each such catalogue); hidden: how many are hidden by
  default with no modifier to show them (in the data, but BattleScribe never lets a force
  take them: "hidden until Legends"); missing: the share of the rest that did not become
  units, and why (counts per reason, as the import's summary gives them);
- libraries: how many catalogues the data links that the checkout lacks;
- rules, and units the data gives no profile or no rule;
- errors and warnings of `validate` on the import;
- import seconds (wall and CPU) and the import's peak memory; validate seconds.

Budgets (issue "every datasheet a player looks for"): at most 1% missing, every difference
with its reason, and no validation error.

    python benchmarks/import_coverage.py CHECKOUT [CHECKOUT ...]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
MISSING_BUDGET = 0.01


def game_systems(checkout: Path) -> list[str]:
    """The ids of the game systems in a checkout."""
    from rulesref.formats.battlescribe.read import SourceError, read_file, source_files

    found = []
    for path, shown in source_files([str(checkout)]):
        if path.suffix.lower() in (".gst", ".gstz", ".json"):
            try:
                parsed = read_file(path, shown)
            except SourceError:
                continue
            if parsed.kind == "gst":
                found.append(parsed.root.get("id") or path.name)
    return sorted(found)


def one(checkout: Path, game_system: str, folder: Path) -> dict[str, object]:
    """Import one game system and validate it, in this process: the figures."""
    from rulesref.commands.import_battlescribe import import_battlescribe
    from rulesref.support import collector
    from rulesref.validate import check

    started, cpu = time.perf_counter(), time.process_time()
    with collector.paused():
        result = import_battlescribe([str(checkout)], "imported", None, str(folder / "content"), dry_run=False, game_system=game_system)
    import_wall, import_cpu = time.perf_counter() - started, time.process_time() - cpu
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    started = time.perf_counter()
    os.environ["RULESREF_CACHE"] = "off"
    with collector.paused():
        problems = check([str(folder / "content")]).problems
    coverage = result.coverage
    return {
        "name": result.system_name,
        "takeable": coverage.takeable,
        "units": coverage.units,
        "left_out": coverage.left_out,
        "absent": coverage.absent,
        "never_shown": coverage.never_shown,
        "libraries": len(coverage.missing_catalogues),
        "rules": coverage.rules,
        "without_profiles": coverage.without_profiles,
        "without_rules": coverage.without_rules,
        "errors": sum(p.severity == "error" for p in problems),
        "warnings": sum(p.severity == "warning" for p in problems),
        "import_s": round(import_wall, 1),
        "import_cpu_s": round(import_cpu, 1),
        "peak_mb": round(peak),
        "validate_s": round(time.perf_counter() - started, 1),
    }


def run_one(checkout: Path, game_system: str) -> dict[str, object]:
    with tempfile.TemporaryDirectory(prefix="rulesref-coverage-") as tmp:
        done = subprocess.run(
            [sys.executable, __file__, "--one", str(checkout), game_system, tmp],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONPATH": str(REPO / "generator")},
        )
    if done.returncode != 0:
        return {"failed": (done.stderr.strip().splitlines() or ["no output"])[-1]}
    parsed: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return parsed


def main(argv: list[str]) -> int:
    if argv[:1] == ["--one"]:
        print(json.dumps(one(Path(argv[1]), argv[2], Path(argv[3]))))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("checkouts", nargs="+", type=Path)
    args = parser.parse_args(argv)
    print(f"{platform.python_implementation()} {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores; caches off")
    head = f"{'repository':28} {'game system':34} {'can take':>8} {'units':>6} {'absent':>6} {'hidden':>6} {'missing':>8} {'libs':>4} {'rules':>6} {'no prof':>7} {'errors':>6} {'import s':>8} {'MB':>5} {'valid. s':>8}"
    print(head)
    over = 0
    for checkout in args.checkouts:
        for system in game_systems(checkout):
            f = run_one(checkout, system)
            if "failed" in f:
                print(f"{checkout.name[:28]:28} {system[:34]:34} FAILED: {f['failed']}")
                over += 1
                continue
            takeable, units, absent, hidden = (int(str(f[k])) for k in ("takeable", "units", "absent", "never_shown"))
            held = takeable - absent - hidden
            missing = (held - units) / held if held else 0.0
            over += missing > MISSING_BUDGET or int(str(f["errors"])) > 0
            print(
                f"{checkout.name[:28]:28} {str(f['name'])[:34]:34} {takeable:8} {units:6} {absent:6} {hidden:6} {missing:8.1%} {f['libraries']:>4} {f['rules']:>6} "
                f"{f['without_profiles']:>7} {f['errors']:>6} {f['import_s']:>8} {f['peak_mb']:>5} {f['validate_s']:>8}"
            )
            left_out = f["left_out"]
            assert isinstance(left_out, dict)
            for reason, count in sorted(left_out.items()):
                print(f"{'':28}   not a unit, {count}: {reason}")
    print(f"budget: at most {MISSING_BUDGET:.0%} of what the checkout holds and shows missing, and no validation error; {'all met' if not over else f'{over} over'}")
    return 0 if not over else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
