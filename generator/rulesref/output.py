"""Writing a generated tree all at once: either every file lands, or none does.

Files are built in memory, written into a temporary folder beside the target, and the
target is swapped in with renames, so an interrupted or failed run never leaves a
half-written package or site behind.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path


def differences(target: Path, files: dict[str, bytes]) -> list[str]:
    """Relative paths whose content on disk differs from `files` (missing, changed or extra)."""
    changed = []
    on_disk = set()
    if target.is_dir():
        for path in sorted(target.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                rel = path.relative_to(target).as_posix()
                on_disk.add(rel)
                if rel not in files:
                    changed.append(rel)
    for rel, data in sorted(files.items()):
        path = target / rel
        if rel not in on_disk or path.read_bytes() != data:
            changed.append(rel)
    return sorted(set(changed))


def swap_in(built: Path, target: Path) -> None:
    """Replace `target` by the folder `built` (a sibling) with renames; on failure the old
    tree is put back."""
    old = None
    if target.exists():
        old = Path(tempfile.mkdtemp(prefix=f".{target.name}.old-", dir=target.parent))
        os.rename(target, old / "tree")
    try:
        os.rename(built, target)
    except OSError:
        if old is not None:
            os.rename(old / "tree", target)
        raise
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def replace_tree(target: Path, files: dict[str, bytes]) -> None:
    """Make `target` hold exactly `files`, swapping the new tree in with renames."""
    target = target.resolve()
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.new-", dir=target.parent))
    try:
        for rel, data in files.items():
            path = staging / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        swap_in(staging, target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
