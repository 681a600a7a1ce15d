"""`rulesref serve --engine zensical`: Zensical's own server, fed the docs a save changes.

Zensical builds and serves the docs folder and rebuilds the pages whose files change (0.4 s
for a page of the shipped content), with live reload. So rulesref's part is the one it has
with MkDocs, without the in-process site (`rulesref.site.live`): validate and render the
content (`rulesref.site.session`, reusing what a save did not touch), and write the docs
files whose bytes changed. The content folder and the config are watched (`ContentWatch`):
the file system's events of a change (not of a file read) wake the loop (watchdog, the
library MkDocs' server watches with), which then compares the files' times and sizes with
the last look's, so only a real change is a save; where events cannot be had, it looks
every 0.3 s. A changed config is said, and takes a new `serve`, since Zensical serves the
config it started with. Zensical writes its site into a folder of its own beside the
`site_dir` that `rulesref build` owns (it must be inside the project), removed when `serve`
stops.
"""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from rulesref.config import Settings
from rulesref.problems import format_text
from rulesref.site import zensical
from rulesref.site.serve import first_docs, save_generation, sync_docs
from rulesref.site.session import Session
from rulesref.site.staging import staged_config
from rulesref.support.output import remove_later, staging_folder

POLL = 0.3  # seconds between two looks at the content's files, where no event tells of a change
SETTLE = 0.02  # seconds after an event before the look: an editor's save is several events
AWAKE = 1.0  # seconds between two checks that Zensical's server still runs, when nothing changes
READ_ONLY = frozenset({"opened", "closed_no_write"})  # watchdog's events of a file read (a save's own validation reads every file)


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


class ContentWatch:
    """What wakes the loop: an event under the watched paths (a folder, whole; a file, by
    its folder), or, without events, `POLL` seconds passing."""

    def __init__(self, paths: list[Path]) -> None:
        self.changed = threading.Event()
        self.observer: Any = None
        try:
            from watchdog.events import FileSystemEventHandler
            from watchdog.observers import Observer
        except ImportError:
            return
        changed = self.changed

        class Told(FileSystemEventHandler):
            def on_any_event(self, event: Any) -> None:
                if event.event_type not in READ_ONLY:
                    changed.set()

        observer = Observer()
        try:
            for path in paths:
                observer.schedule(Told(), str(path if path.is_dir() else path.parent), recursive=path.is_dir())
            observer.start()
        except OSError:  # (no more inotify watches, say): looked at every POLL seconds
            return
        self.observer = observer

    def wait(self) -> bool:
        """Whether something may have changed (an event came, or the poll's time passed)."""
        if self.observer is None:
            time.sleep(POLL)
            return True
        if not self.changed.wait(AWAKE):
            return False
        time.sleep(SETTLE)
        self.changed.clear()
        return True

    def close(self) -> None:
        if self.observer is not None:
            self.observer.stop()
            self.observer.join()


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
    watch = ContentWatch([*watched, config.config_file])
    seen, config_seen = _stamp(watched), _stamp([config.config_file])
    try:
        with staged_config(config.config_file, zensical.staged_settings(config.settings), config.docs_dir, config.docs_dir, site) as staged:
            server = subprocess.Popen([*command, "serve", "--config-file", str(staged), "--dev-addr", dev_addr], cwd=staged.parent)
            try:
                while server.poll() is None:
                    if not watch.wait():
                        continue
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
        watch.close()
        remove_later(site)  # exit does not wait for it
    return 0
