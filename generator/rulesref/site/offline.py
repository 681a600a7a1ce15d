"""The offline copy of the site: the same pages built for the file system, as a zip.

Players read rules at a table that often has no network. A site with directory URLs
(`/<system>/<id>/`) does not work from the file system: a link to a folder opens the folder,
not its `index.html`. The published site keeps its stable directory URLs, so the offline
copy is a second build of the same docs folder with a derived config: `use_directory_urls:
false` and the theme's `offline` plugin (Material's, which Zensical also understands), which
inlines the search index into a script. Browsers refuse to start the search worker from
file://, so the derived config lists `assets/rulesref-iframe-worker.js` as the theme's
polyfill; it runs the worker in a frame instead, and nothing is fetched from another site.
Nor do they run ES modules from file://: the copy carries a classic twin of each module
(`rulesref.render.classic`), and its config loads those, so "Try it" works there too; and
they load no CSS mask images from file://, so the copy's stylesheets carry their icons inline.

The copy's home page says where the newest copy lives instead of offering a download
(`paths.OFFLINE_HOME`). The zip holds one folder named after the site, with fixed file times
(`SOURCE_DATE_EPOCH`), so two builds of the same content give the same bytes.
"""

from __future__ import annotations

import base64
import io
import os
import re
import shutil
import subprocess
import tempfile
import time
import zipfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from rulesref.config import Settings
from rulesref.render import classic, paths, try_it

POLYFILL = f"{paths.ASSETS}/rulesref-iframe-worker.js"
OFFLINE_CONFIG = "mkdocs.offline.yml"
OFFLINE_DOCS = "docs"
OFFLINE_SITE = "site"
MODULE_SCRIPTS = (f"{paths.ASSETS}/rulesref-try.js",)  # the site config's scripts of type module
LOADER = f"{paths.ASSETS}/rulesref-classic.js"  # loads the classic twins of modules (file:// runs no modules)


def offline_files(files: Mapping[str, bytes]) -> dict[str, bytes]:
    """The docs folder of the offline copy: the same files, with its own home page, and a
    classic twin of every ES module of the site (`rulesref.render.classic`)."""
    copy = {rel: data for rel, data in files.items() if rel != paths.OFFLINE_HOME}
    copy[paths.HOME] = files[paths.OFFLINE_HOME]
    for rel, data in files.items():
        if _is_module(rel):
            copy[classic.twin_path(rel)] = classic.classic_twin(data.decode("utf-8"), rel).encode("utf-8")
        elif rel.startswith(f"{paths.ASSETS}/") and rel.endswith(".css"):
            copy[rel] = _inline_icons(data, rel, files)
    return copy


_ICON = re.compile(rb'url\("(icons/[a-z0-9-]+\.svg)"\)')


def _inline_icons(css: bytes, rel: str, files: Mapping[str, bytes]) -> bytes:
    """A stylesheet with its icons inlined: browsers load no CSS mask image from file:// (the
    published site keeps them as files, which its content security policy allows)."""
    folder = rel.rsplit("/", 1)[0]

    def inline(found: re.Match[bytes]) -> bytes:
        svg = files[f"{folder}/{found.group(1).decode('ascii')}"]
        return b'url("data:image/svg+xml;base64,' + base64.b64encode(svg) + b'")'

    return _ICON.sub(inline, css)


def _is_module(rel: str) -> bool:
    """The site's ES modules that pages load: the generated checks and their runtime (not the
    package's index modules, which only re-export them), and the config's module scripts."""
    if rel in MODULE_SCRIPTS:
        return True
    return rel.startswith(f"{try_it.MODULES}/") and rel.endswith(".js") and not rel.endswith(("/index.js", classic.SUFFIX))


def _classic_scripts(scripts: list[Any]) -> list[Any]:
    """The site config's `extra_javascript` for the file system: each module script replaced
    by its classic twin, after the loader of the twins of the modules it imports."""
    out: list[Any] = []
    for item in scripts:
        path = item.get("path") if isinstance(item, dict) else item
        if isinstance(item, dict) and item.get("type") == "module" and path in MODULE_SCRIPTS:
            if LOADER not in out:
                out.append(LOADER)
            out.append(classic.twin_path(path))
        else:
            out.append(item)
    return out


def offline_config(base: Path, workspace: Path) -> dict[str, Any]:
    """The derived config, to be written into `workspace` beside the offline docs folder
    `docs/`: the project's `mkdocs.yml` (inherited whole) built for the file system, with the
    offline plugin and the worker polyfill. Paths are relative to the workspace, as MkDocs
    and Zensical both read them (Zensical refuses absolute ones)."""
    data = yaml.safe_load(base.read_text(encoding="utf-8")) or {}
    plugins = list(data.get("plugins") or ["search"])
    if not any((next(iter(p)) if isinstance(p, dict) else p) == "offline" for p in plugins):
        plugins.append("offline")
    return {
        "INHERIT": os.path.relpath(base.resolve(), workspace.resolve()).replace(os.sep, "/"),
        "docs_dir": OFFLINE_DOCS,
        "site_dir": OFFLINE_SITE,
        "use_directory_urls": False,
        "plugins": plugins,
        "extra": {"polyfills": [POLYFILL]},
        "extra_javascript": _classic_scripts(list(data.get("extra_javascript") or [])),
    }


def prepare(config_file: Path, workspace: Path, files: Mapping[str, bytes]) -> Path:
    """Write the offline docs folder and the derived config into `workspace`; the config."""
    for rel, data in offline_files(files).items():
        path = workspace / OFFLINE_DOCS / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    config = workspace / OFFLINE_CONFIG
    config.write_text(yaml.safe_dump(offline_config(config_file, workspace), sort_keys=False), encoding="utf-8")
    return config


def zip_folder(folder: Path, top: str, epoch: int) -> bytes:
    """The folder as a zip under `top/`: sorted, with one fixed time, so the bytes only change
    when the files do. Source maps are left out (a third of the size, useful only to debug
    the theme)."""
    stamp = time.gmtime(max(epoch, 315532800))[:6]  # zip times start in 1980
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for path in sorted(folder.rglob("*")):
            if path.is_file() and path.suffix != ".map":  # source maps only serve debuggers
                info = zipfile.ZipInfo(f"{top}/{path.relative_to(folder).as_posix()}", date_time=stamp)
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                archive.writestr(info, path.read_bytes(), compresslevel=9)
    return buffer.getvalue()


class OfflineBuild:
    """One run of the offline build beside the published one: `start` launches MkDocs (the
    two builds run at once), `finish` waits and returns the zip, `close` removes its files."""

    def __init__(self, workspace: Path, process: subprocess.Popen[bytes], site: Path, name: str, epoch: int) -> None:
        self.workspace = workspace
        self.process = process
        self.site = site
        self.name = name
        self.epoch = epoch

    @classmethod
    def start(
        cls,
        mkdocs: list[str],
        config_file: Path,
        where: Path,
        files: Mapping[str, bytes],
        env: dict[str, str],
        *,
        strict: bool,
        settings: Settings,
    ) -> OfflineBuild:
        """Write the offline docs folder and config into a new folder in `where`; run MkDocs."""
        workspace = Path(tempfile.mkdtemp(prefix=".offline-", dir=where))
        try:
            config = prepare(config_file, workspace, files)
            command = [*mkdocs, "build", "--quiet", "--config-file", str(config)]
            if strict:
                command.append("--strict")
            process = subprocess.Popen(command, env=env)
        except BaseException:
            shutil.rmtree(workspace, ignore_errors=True)
            raise
        return cls(workspace, process, workspace / OFFLINE_SITE, paths.offline_name(settings.site_url), int(env.get("SOURCE_DATE_EPOCH") or 0))

    def finish(self) -> bytes | None:
        """The zip of the offline site, or None when its build failed."""
        if self.process.wait() != 0:
            return None
        return zip_folder(self.site, self.name, self.epoch)

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.workspace, ignore_errors=True)
