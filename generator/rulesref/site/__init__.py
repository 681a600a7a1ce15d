"""Building and serving the reference site: validate -> write the docs folder -> MkDocs.

The generator only writes plain Markdown, a nav file, JSON and static assets; MkDocs (with
Material) turns that folder into the site, through its command line and nothing else (no
plugin API), so Zensical can build the same folder.

- `build`: nothing is touched unless the content is valid. The docs are written into a
  staging folder, MkDocs builds that into a fresh folder beside the site, and only when it
  succeeds are the docs folder and the site swapped in whole, so a failure leaves both as
  they were. Both folders must be rulesref's own (`rulesref.output.ensure_owned`).
- `serve`: runs `mkdocs serve` (live reload) on the docs folder, and rewrites the changed
  files of that folder whenever a content file changes. Content with problems is
  reported and the last good pages stay up.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from rulesref.config import Settings
from rulesref.errors import EnvironmentProblem, UsageError
from rulesref.extras import require_site_tools
from rulesref.logic.stage import Memo
from rulesref.output import MARKER, differences, ensure_owned, marker_text, staging_folder, swap_in, with_marker, write_files
from rulesref.problems import Problem, format_text
from rulesref.read.reload import LoadMemo
from rulesref.render import paths
from rulesref.render.docs import docs_files
from rulesref.render.nav import NAV_HEADER
from rulesref.render.paths import NAV_FILE
from rulesref.render.reuse import RenderMemo
from rulesref.site.csp import make_csp_ready
from rulesref.site.offline import OfflineBuild
from rulesref.site.staging import staged_config
from rulesref.validate import Loads, validate

POLL_SECONDS = 0.5
DOCS_OWNER = "rulesref build: docs"
SITE_OWNER = "rulesref build: site"


@dataclass(frozen=True)
class SiteConfig:
    """The three paths of `mkdocs.yml` the generator needs (read as plain, safe YAML)."""

    config_file: Path
    docs_dir: Path
    site_dir: Path
    settings: dict[str, Any] = field(default_factory=dict, compare=False)

    @classmethod
    def read(cls, config_file: str) -> SiteConfig:
        path = Path(config_file)
        if not path.is_file():
            raise UsageError(f"no such config file: {config_file} (run in the folder that holds mkdocs.yml, or pass --config-file)")
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        except yaml.YAMLError as exc:
            raise UsageError(f"{config_file} is not valid YAML: {exc}") from None
        if not isinstance(data, dict):
            raise UsageError(f"{config_file} must be a mapping of settings")
        base = path.resolve().parent
        return cls(path.resolve(), base / str(data.get("docs_dir", "docs")), base / str(data.get("site_dir", "site")), data)


def _nav_written(docs_dir: Path) -> bool:
    """A docs folder from a release that marked it only by the header of its nav file."""
    nav = docs_dir / NAV_FILE
    return nav.is_file() and nav.read_text(encoding="utf-8", errors="replace").startswith(NAV_HEADER)


def _mkdocs_built(site_dir: Path) -> bool:
    """A site from a release that left no marker: MkDocs writes these two files into every site."""
    return (site_dir / "sitemap.xml").is_file() and (site_dir / "404.html").is_file()


def ensure_ours(config: SiteConfig) -> None:
    """Refuse to replace a docs or site folder that rulesref did not write (each is replaced
    whole, so a `docs_dir` or `site_dir` pointing at hand-written files would lose them)."""
    ensure_owned(config.docs_dir, DOCS_OWNER, legacy=_nav_written)
    ensure_owned(config.site_dir, SITE_OWNER, legacy=_mkdocs_built)


@dataclass
class Kept:
    """What `serve` keeps between saves: each file's loaded outcome, each entry's compiled
    checks and each rendered file, so a save reloads, recompiles and re-renders only what
    it changed (the cross-file checks and link facts are computed afresh every time)."""

    loads: Loads = field(default_factory=LoadMemo)
    compiled: Memo = field(default_factory=dict)
    pages: RenderMemo = field(default_factory=RenderMemo)
    written: dict[str, bytes] | None = None  # what the docs folder holds since the last sync


def generate(content: str, settings: Settings, kept: Kept | None = None) -> tuple[dict[str, bytes], list[Problem]]:
    """Validate and compile the content, then render every docs file (nothing is written).
    Returns the files (none when the content has errors) and the problems, warnings included.
    `serve` passes what it kept from the last save, so a save redoes only what it changed."""
    if kept is None:
        build = validate([content], settings, odds=True)
    else:
        build = validate([content], settings, odds=True, memo=kept.compiled, loads=kept.loads)
    if not build.ok:
        return {}, build.problems
    return docs_files(build, None if kept is None else kept.pages), build.problems


def source_date_epoch(content: str) -> str:
    """`SOURCE_DATE_EPOCH` when set; else the newest content file's time, so that two builds
    of the same files agree (MkDocs stamps the sitemap with the build time)."""
    given = os.environ.get("SOURCE_DATE_EPOCH")
    if given:
        return given
    times = [p.stat().st_mtime for p in Path(content).rglob("*") if p.is_file() and p.suffix in (".yml", ".yaml")]
    return str(int(max(times, default=0)))


def _mkdocs(*args: str) -> list[str]:
    return [sys.executable, "-m", "mkdocs", *args]


def build(
    content: str,
    config_file: str,
    *,
    strict: bool = False,
    offline: bool = True,
    echo: Callable[[str], None] | None = None,
    settings: Settings | None = None,
) -> int:
    """Validate, build the site (and, at the same time, its offline copy, zipped into the
    site: see `rulesref.site.offline`) from a staging copy of the docs, then swap both in.
    Returns the exit code."""
    say = echo or (lambda text: print(text, file=sys.stderr))
    require_site_tools("build")
    config = SiteConfig.read(config_file)
    ensure_ours(config)
    started = time.perf_counter()
    settings = settings or Settings()
    files, problems = generate(content, settings)
    sys.stderr.write(format_text(problems))
    if not files:
        return 1
    docs = staging_folder(config.docs_dir)
    site = staging_folder(config.site_dir)
    copy: OfflineBuild | None = None
    try:
        write_files(docs, with_marker(files, DOCS_OWNER))
        generated = time.perf_counter()
        say(f"{config.docs_dir}: {len(files)} files ({generated - started:.2f} s)")
        env = dict(os.environ, SOURCE_DATE_EPOCH=source_date_epoch(content), NO_MKDOCS_2_WARNING="1")
        with staged_config(config.config_file, config.settings, config.docs_dir, docs) as staged:
            if offline:  # built at the same time, from the same staged docs and nav
                copy = OfflineBuild.start(_mkdocs(), staged, site.parent, files, env, strict=strict, settings=settings)
            command = _mkdocs("build", "--config-file", str(staged), "--site-dir", str(site))
            if strict:
                command.append("--strict")
            done = subprocess.run(command, env=env, check=False)
            zipped = copy.finish() if copy is not None and done.returncode == 0 else None
        if done.returncode != 0:
            say(f"mkdocs build failed (exit {done.returncode}); {config.docs_dir} and {config.site_dir} are unchanged")
            return 1
        make_csp_ready(site)
        if copy is not None:
            if zipped is None:
                say(f"the offline build failed; {config.docs_dir} and {config.site_dir} are unchanged")
                return 1
            (site / paths.DOWNLOAD).mkdir(exist_ok=True)
            (site / paths.offline_zip(settings.site_url)).write_bytes(zipped)
        (site / MARKER).write_bytes(marker_text(SITE_OWNER))
        swap_in(docs, config.docs_dir)
        swap_in(site, config.site_dir)
    finally:
        if copy is not None:
            copy.close()
        for staging in (docs, site):
            if staging.exists():
                shutil.rmtree(staging, ignore_errors=True)
    say(f"{config.site_dir}: built in {time.perf_counter() - started:.2f} s")
    return 0


def sync_tree(target: Path, files: dict[str, bytes], known: dict[str, bytes] | None = None) -> list[str]:
    """Make `target` hold exactly `files`, rewriting only what changed (each file replaced
    atomically), so a watcher of the folder sees just the real changes. `known` is what this
    process last made the folder hold (`serve` passes it after its first sync): changes are
    then found in memory instead of by reading every file back."""
    if known is None:
        changed = differences(target, files)
    else:
        changed = sorted(rel for rel in files.keys() | known.keys() if files.get(rel) != known.get(rel))
    removed = False
    for rel in changed:
        path = target / rel
        if rel not in files:
            path.unlink(missing_ok=True)
            removed = True
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(f".{path.name}.tmp")
        temporary.write_bytes(files[rel])
        os.replace(temporary, path)
    if removed or known is None:
        for folder in sorted((p for p in target.rglob("*") if p.is_dir()), key=lambda p: len(p.parts), reverse=True):
            if not any(folder.iterdir()):
                folder.rmdir()
    return changed


def _snapshot(content: str) -> dict[str, tuple[float, int]]:
    state = {}
    for path in sorted(Path(content).rglob("*")):
        if path.is_file() and path.suffix in (".yml", ".yaml"):
            stat = path.stat()
            state[str(path)] = (stat.st_mtime, stat.st_size)
    return state


def _free_port(dev_addr: str) -> None:
    """Refuse a busy address up front, in one line, instead of letting the server fail."""
    host, _, port = dev_addr.rpartition(":")
    if not host or not port.isdigit():
        raise UsageError(f"--dev-addr must be HOST:PORT, such as 127.0.0.1:8000, not {dev_addr!r}")
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server will: TIME_WAIT is no obstacle
        try:
            probe.bind((host.strip("[]"), int(port)))
        except OSError as exc:
            raise EnvironmentProblem(f"cannot serve on {dev_addr}: {exc.strerror or exc}; stop what uses it or pass --dev-addr") from None


def _stop_on_sigterm() -> None:
    """SIGTERM ends `serve` the way Ctrl-C does, so the server child is always stopped."""

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, interrupt)


def serve(content: str, config_file: str, dev_addr: str, settings: Settings | None = None) -> int:
    """Serve the site with live reload, regenerating the docs whenever the content changes."""
    require_site_tools("serve")
    settings = settings or Settings()
    config = SiteConfig.read(config_file)
    ensure_owned(config.docs_dir, DOCS_OWNER, legacy=_nav_written)
    _free_port(dev_addr)
    _stop_on_sigterm()
    kept = Kept()
    files, problems = generate(content, settings, kept)
    sys.stderr.write(format_text(problems))
    if not files:
        if not (config.docs_dir / "index.md").is_file():
            print("rulesref: nothing to serve until the content is valid", file=sys.stderr)
            return 1
        print(f"rulesref: serving the last good pages in {config.docs_dir}", file=sys.stderr)
    else:
        config.docs_dir.mkdir(parents=True, exist_ok=True)
        files = with_marker(files, DOCS_OWNER)
        sync_tree(config.docs_dir, files)
        kept.written = files
    # MkDocs' dirty reload rebuilds the pages whose docs files changed; every page a save
    # changes (the edited entry's, and the pages whose links, backlinks or indexes name it)
    # has its file rewritten by sync_tree, and only those, so nothing else needs rebuilding
    command = _mkdocs("serve", "--config-file", str(config.config_file), "--dev-addr", dev_addr, "--livereload", "--dirty")
    server = subprocess.Popen(command, env=dict(os.environ, NO_MKDOCS_2_WARNING="1"))
    seen = _snapshot(content)
    try:
        while server.poll() is None:
            time.sleep(POLL_SECONDS)
            now = _snapshot(content)
            if now == seen:
                continue
            seen = now
            started = time.perf_counter()
            files, problems = generate(content, settings, kept)
            sys.stderr.write(format_text(problems))
            if not files:
                print("rulesref: the pages stay as they were until these are fixed", file=sys.stderr)
                continue
            files = with_marker(files, DOCS_OWNER)
            changed = sync_tree(config.docs_dir, files, kept.written)
            kept.written = files
            print(f"rulesref: content changed; {len(changed)} docs file(s) rewritten in {time.perf_counter() - started:.2f} s", file=sys.stderr)
    except KeyboardInterrupt:
        pass
    finally:
        if server.poll() is None:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
    return 0 if server.returncode in (0, None, -15) else 1
