"""Benchmark: the same docs built by both engines, Material for MkDocs and Zensical.

Works on a copy of a project (default: this repository's shipped content, `mkdocs.yml` and
`pyproject.toml`) in a temporary folder and prints, for each engine, in paired runs (the two
engines alternate, so both meet the same load):

- `rulesref build --engine E`: cold (no `.rulesref-cache/`, no Zensical `.cache/`, no
  `build/`) and warm (again at once, with the caches the cold one left), offline copy included;
- the engine's bare build of the docs folder that build wrote (`mkdocs build`, `zensical
  build`), cold and warm, which is what either costs without rulesref;
- the ratio of the default build (`[tool.rulesref] engine`, else mkdocs-material) to the
  faster engine's bare build (issue 42: at most 1.10).

Wall clock seconds, median of the runs.

    python benchmarks/engines.py [PROJECT] [--runs 1]
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_LOCALES = re.compile(r"^locales:.*\n", re.MULTILINE)
ENGINES = ("mkdocs-material", "zensical")


def _copy(project: Path, into: Path) -> Path:
    """The project, its content declaring no locales and holding no translations: one site,
    the one the bare builds build (a locale's docs are built and not kept:
    benchmarks/locales.py measures them)."""
    for name in ("content", "mkdocs.yml", "pyproject.toml"):
        source = project / name
        if source.is_dir():
            shutil.copytree(source, into / name)
        elif source.is_file():
            shutil.copy(source, into / name)
    for system in (into / "content").glob("*/system.yml"):
        system.write_text(_LOCALES.sub("", system.read_text(encoding="utf-8")), encoding="utf-8")
        shutil.rmtree(system.parent / "translations", ignore_errors=True)  # (a translation of a system of no locales is an error)
    return into


def _clean(folder: Path) -> None:
    for name in (".rulesref-cache", ".cache", "build"):
        shutil.rmtree(folder / name, ignore_errors=True)


def _timed(command: list[str], folder: Path) -> float:
    started = time.perf_counter()
    done = subprocess.run(command, cwd=folder, capture_output=True, text=True, env=dict(os.environ, NO_MKDOCS_2_WARNING="1"), check=False)
    if done.returncode != 0:
        sys.exit(f"failed: {' '.join(command)}\n{done.stdout}{done.stderr}")
    return time.perf_counter() - started


def _bare(engine: str, folder: Path) -> list[str]:
    """The engine's own build of the docs folder that `rulesref build` left (into another site folder)."""
    bin_dir = Path(sys.executable).parent
    if engine == "zensical":
        return [str(bin_dir / "zensical"), "build", "--config-file", "mkdocs.yml"]
    return [sys.executable, "-m", "mkdocs", "build", "--config-file", "mkdocs.yml", "--site-dir", "build/bare-site"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("project", type=Path, nargs="?", default=ROOT)
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    from rulesref.config import load_settings

    default = load_settings(args.project).engine
    figures: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory(prefix="rulesref-engines-") as tmp:
        folder = _copy(args.project.resolve(), Path(tmp))
        for _ in range(args.runs):
            for engine in ENGINES:
                _clean(folder)
                build = [sys.executable, "-m", "rulesref", "build", "--engine", engine]
                figures.setdefault(f"{engine}: rulesref build, cold", []).append(_timed(build, folder))
                figures.setdefault(f"{engine}: rulesref build, warm", []).append(_timed(build, folder))
                shutil.rmtree(folder / ".cache", ignore_errors=True)
                if engine == "zensical":  # (it writes into site_dir: keep rulesref's site apart)
                    shutil.move(folder / "build" / "site", folder / "build" / "kept-site")
                figures.setdefault(f"{engine}: bare build, cold", []).append(_timed(_bare(engine, folder), folder))
                figures.setdefault(f"{engine}: bare build, warm", []).append(_timed(_bare(engine, folder), folder))
    print(f"{platform.node()}: {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}; project {args.project}; {args.runs} run(s), medians")
    median = {name: statistics.median(values) for name, values in figures.items()}
    for name, value in median.items():
        print(f"  {name:<45} {value:7.1f} s")
    fastest_bare = min(median[f"{e}: bare build, cold"] for e in ENGINES)
    ratio = median[f"{default}: rulesref build, cold"] / fastest_bare
    print(f"default engine ({default}) rulesref build / the faster bare build, cold: {ratio:.2f} (budget 1.10)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
