"""MkDocs (or Zensical) pointed at a staging copy of the docs folder, so the real one is
replaced only after the site was built from the copy.

MkDocs takes `docs_dir` from its config file only, so the build runs on a temporary config
beside the user's (relative paths in it mean the same), holding the user's settings with
`docs_dir` set to the staging folder, and an `INHERIT` that pointed into the docs folder
(the generated nav) pointed at the staging copy of that file instead.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import yaml


def _from(base: Path, path: Path) -> str:
    """`path` as the config names it: relative to the config's folder (Zensical stops on an
    absolute `docs_dir`), absolute only where no relative path leads (another drive)."""
    try:
        return os.path.relpath(path.resolve(), base.resolve())
    except ValueError:
        return str(path)


def _inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


@contextmanager
def staged_config(config_file: Path, settings: dict[str, object], docs_dir: Path, staging: Path, site: Path | None = None) -> Iterator[Path]:
    """A config file that builds `staging` as if it were `docs_dir` (into `site`, where given:
    for Zensical, which takes no `--site-dir`); removed on exit."""
    base = config_file.parent
    staged: dict[str, object] = dict(settings)
    staged["docs_dir"] = _from(base, staging)
    if site is not None:
        staged["site_dir"] = _from(base, site)
    inherit = settings.get("INHERIT")
    if isinstance(inherit, str):
        parent = (base / inherit).resolve()
        if _inside(parent, docs_dir.resolve()):
            staged["INHERIT"] = _from(base, staging / parent.relative_to(docs_dir.resolve()))
    handle, name = tempfile.mkstemp(prefix=f".{config_file.stem}.staging-", suffix=".yml", dir=base)
    path = Path(name)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            yaml.safe_dump(staged, out, sort_keys=False, allow_unicode=True)
        yield path
    finally:
        path.unlink(missing_ok=True)
