"""Real content at any size: the shipped rules, units and terms cloned under renamed systems.

Synthetic content (benchmarks/synthetic.py) has one small check shape; the shipped content
has the checks people really write (four dice and a distance, 3D6 against an Initiative
test, tables, units with profiles). Cloning it keeps every check, domain, link and table as
it is, so the figures say what a rules repository of that size would cost. Clone `k` of
system `w40k7` is system `w40k7c<k>`: every clone validates on its own, and links stay
inside their clone.

    python benchmarks/realistic.py OUT_DIR FILES
"""

from __future__ import annotations

import argparse
import math
import re
import shutil
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CONTENT = REPO / "content"
_SYSTEM_ID = re.compile(r"^id: (\S+)$", re.MULTILINE)
_LOCALES = re.compile(r"^locales:.*\n", re.MULTILINE)


def shipped_files() -> int:
    """The shipped content files, translations aside."""
    return sum(1 for p in CONTENT.rglob("*.yml") if "translations" not in p.relative_to(CONTENT).parts)


def write_content(out: Path, files: int, *, translated: bool = False) -> int:
    """Clone the shipped content until it has at least `files` files; returns the count
    (translations aside). Without `translated`, a clone declares no locales (its site is one
    site, as the figures measured before translations were); with it, each clone has the
    shipped translations too."""
    systems = sorted(p for p in CONTENT.iterdir() if (p / "system.yml").is_file())
    clones = max(1, math.ceil(files / shipped_files()))
    written = 0
    for k in range(clones):
        for system in systems:
            target = out / f"{system.name}c{k}"
            target.mkdir(parents=True)
            for source in sorted(system.glob("*.yml")):
                text = source.read_text(encoding="utf-8")
                if source.name == "system.yml":
                    text, renamed = _SYSTEM_ID.subn(f"id: {system.name}c{k}", text, count=1)
                    assert renamed == 1, f"{source} has no `id:` line"
                    if not translated:
                        text = _LOCALES.sub("", text)
                (target / source.name).write_text(text, encoding="utf-8")
                written += 1
            if translated and (system / "translations").is_dir():
                shutil.copytree(system / "translations", target / "translations")
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("files", type=int)
    args = parser.parse_args()
    print(f"wrote {write_content(args.out, args.files):,} files to {args.out}")


if __name__ == "__main__":
    main()
