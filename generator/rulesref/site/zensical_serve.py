"""`rulesref serve --engine zensical`: Zensical's own server, fed the docs a save changes.

Zensical builds and serves the docs folder and rebuilds the pages whose files change (0.4 s
for a page of the shipped content), with live reload. So rulesref's part is the one it has
with MkDocs, without the in-process site (`rulesref.site.live`): validate and render the
content (`rulesref.site.session`, reusing what a save did not touch), and write the docs
files whose bytes changed. The content folder and the config are watched by polling their
files' times and sizes (every 0.3 s; no dependency); a changed config is said, and takes a
new `serve`, since Zensical serves the config it started with. Zensical writes its site into a
folder of its own beside the `site_dir` that `rulesref build` owns (it must be inside the
project), removed when `serve` stops.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from rulesref.config import Settings
from rulesref.problems import format_text
from rulesref.site import zensical
from rulesref.site.serve import first_docs, save_generation, sync_docs
from rulesref.site.session import Session
from rulesref.site.staging import staged_config
from rulesref.support.output import remove_later, staging_folder

POLL = 0.3  # seconds between two looks at the content's files


def _stamp(paths: list[Path]) -> tuple[tuple[str, int, int], ...]:
    """Every file under `paths` with its modification time and size: what a save changes."""
    out = []
    for root in paths:
        for path in sorted(root.rglob("*")) if root.is_dir() else [root]:
            try:
                info = path.stat()
            except FileNotFoundError:  # (removed while looked at: the next look sees it gone)
                continue
            out.append((path.as_posix(), info.st_mtime_ns, info.st_size))
    return tuple(out)


def _save(session: Session, docs: Path, content: str, settings: Settings) -> None:
    started = time.perf_counter()
    files, problems = save_generation(session, content, settings)
    sys.stderr.write(format_text(problems))
    if not files:
        print("rulesref: the pages stay as they were until these are fixed", file=sys.stderr)
        return
    changed = sync_docs(docs, files, session)
    print(f"rulesref: content changed; {len(changed)} docs file(s) rewritten in {time.perf_counter() - started:.2f} s (Zensical rebuilds their pages)", file=sys.stderr)


def serve(content: str, config_file: str, dev_addr: str, settings: Settings) -> int:
    """Serve the site with Zensical's live reload, regenerating the docs a save changes."""
    command = zensical.command()
    start = first_docs(content, config_file, dev_addr, settings, put_off=False)
    if start is None:
        return 1
    config, settings, session = start.config, start.settings, start.session
    site = staging_folder(config.site_dir)  # (Zensical wants its site inside the project)
    watched = [Path(content).resolve()]
    seen, config_seen = _stamp(watched), _stamp([config.config_file])
    try:
        with staged_config(config.config_file, zensical.staged_settings(config.settings), config.docs_dir, config.docs_dir, site) as staged:
            server = subprocess.Popen([*command, "serve", "--config-file", str(staged), "--dev-addr", dev_addr], cwd=staged.parent)
            try:
                while server.poll() is None:
                    time.sleep(POLL)
                    now = _stamp(watched)
                    if now != seen:
                        seen = now
                        _save(session, config.docs_dir, content, settings)
                    config_now = _stamp([config.config_file])
                    if config_now != config_seen:
                        config_seen = config_now
                        print(f"rulesref: {config.config_file.name} changed; stop and start serve again to use it", file=sys.stderr)
            finally:
                if server.poll() is None:
                    server.terminate()
                    server.wait()
        if server.returncode:
            print(f"rulesref: zensical serve stopped (exit {server.returncode})", file=sys.stderr)
            return 1
    except KeyboardInterrupt:
        pass
    finally:
        remove_later(site)  # exit does not wait for it
    return 0
