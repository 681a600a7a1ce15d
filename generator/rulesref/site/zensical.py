"""Zensical, the site's second engine: `zensical build` on the staged docs folder.

Material for MkDocs went into maintenance in November 2025 and its fixes ended a year later;
Zensical, by the same authors, reads the same `mkdocs.yml` and Markdown. It has no plugin API
and rulesref uses none: the generator writes plain Markdown, a nav file and assets, so the
same docs folder builds with either (`[tool.rulesref] engine`, `--engine`).

Zensical is run as its command, on the staging copy of the docs (`rulesref.site.staging`);
it takes no `--site-dir`, so the staged config names the staging site folder. It keeps a
cache of its own (`.cache/` beside the config), which makes a second build of unchanged pages
faster. What rulesref does after the build (the offline copy, the CSP-ready scripts, the swap)
is the same for both engines.

Zensical's theme comes in two looks: `modern` (its default: other fonts and icons) and
`classic`, Material's. The staged config asks for `classic` unless the user's config names a
variant, so that a player sees the same site whichever engine built it.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from rulesref.errors import MissingExtra

CACHE = ".cache"  # Zensical's cache folder, beside the config file


def command() -> list[str]:
    """Zensical's command: the one installed beside this Python (the `site` extra's), else on PATH."""
    beside = Path(sys.executable).with_name("zensical")
    found = str(beside) if beside.is_file() else shutil.which("zensical")
    if found is None:
        raise MissingExtra("build --engine zensical", "site", "zensical")
    return [found]


def staged_settings(settings: dict[str, Any]) -> dict[str, Any]:
    """The user's config as Zensical builds it: its theme in Material's look (`variant:
    classic`) unless the config names a variant of its own."""
    theme = settings.get("theme")
    if isinstance(theme, str):  # (`theme: material`, the name alone)
        theme = {"name": theme}
    if not isinstance(theme, dict) or "variant" in theme:
        return settings
    return {**settings, "theme": {**theme, "variant": "classic"}}


def build(staged: Path, *, strict: bool, env: dict[str, str]) -> int:
    """Build the staged config's docs into its `site_dir`; Zensical's exit code."""
    args = [*command(), "build", "--config-file", str(staged)]
    if strict:
        args.append("--strict")
    return subprocess.run(args, env=env, cwd=staged.parent, check=False).returncode
