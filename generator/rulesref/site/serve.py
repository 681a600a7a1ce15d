"""`rulesref serve`: the site with live reload, regenerated whenever a content file changes.

Runs `mkdocs serve` (live reload, dirty rebuilds) on the docs folder and rewrites only the
changed files of that folder whenever a content file changes. Content with problems is
reported and the last good pages stay up.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from rulesref.config import Settings
from rulesref.errors import EnvironmentProblem, UsageError
from rulesref.extras import require_site_tools
from rulesref.output import differences, ensure_owned, with_marker
from rulesref.problems import format_text
from rulesref.site import DOCS_OWNER, Kept, SiteConfig, _mkdocs, _nav_written, generate

POLL_SECONDS = 0.5


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
