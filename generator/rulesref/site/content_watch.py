"""What `serve --engine zensical` learns of saves: the content files (and the config) that changed.

The file system's events of a change (not of a file read: a save's own validation reads
every file) wake the loop (watchdog, the library MkDocs' server watches with), and name the
files: only those are looked at again, their times and sizes compared with the last look's,
so only a real change is a save. On the 40K import a look at all 7,604 content files took
0.1 s of every save. An event of a folder made, removed or moved (whose files may have none
of their own) makes the next look take in every file, as does a watch without events, which
looks every `POLL` seconds.
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path
from typing import Any

POLL = 0.3  # seconds between two looks at the content's files, where no event tells of a change
SETTLE = 0.02  # seconds after an event before the look: an editor's save is several events
AWAKE = 1.0  # seconds between two wakes when nothing changes (the loop checks that Zensical's server still runs)
READ_ONLY = frozenset({"opened", "closed_no_write"})  # watchdog's events of a file read

Stamp = tuple[int, int]  # a file's modification time (ns) and size


def stamps(paths: list[Path]) -> dict[str, Stamp]:
    """Every file under `paths` (a folder, whole; a file, itself) with its time and size."""
    out: dict[str, Stamp] = {}
    for root in paths:
        for path in root.rglob("*") if root.is_dir() else [root]:
            _look(str(path), out)
    return out


def _look(path: str, into: dict[str, Stamp]) -> None:
    """`path`'s stamp into `into`, or out of it when it is no file (any more)."""
    try:
        info = os.stat(path)
    except OSError:  # (removed while looked at: gone)
        into.pop(path, None)
        return
    if os.path.isdir(path):
        return
    into[path] = (info.st_mtime_ns, info.st_size)


class ContentWatch:
    """The files under the watched paths (a folder, whole; a file, by its folder's events),
    and what wakes the loop: an event, or, without events, `POLL` seconds passing."""

    def __init__(self, paths: list[Path]) -> None:
        self.paths = [path.resolve() for path in paths]
        self._folders = [f"{path}{os.sep}" for path in self.paths if path.is_dir()]
        self.known: dict[str, Stamp] = {}
        self.changed = threading.Event()
        self.observer: Any = None
        self._told: set[str] = set()  # the files events named since the last look
        self._whole = True  # the next look takes in every file (no events yet; a folder event)
        self._lock = threading.Lock()
        try:
            from watchdog.events import FileSystemEventHandler
            from watchdog.observers import Observer
        except ImportError:
            self.known = stamps(self.paths)
            return
        watch = self

        class Told(FileSystemEventHandler):
            def on_any_event(self, event: Any) -> None:
                if event.event_type not in READ_ONLY:
                    watch._tell(event)

        observer = Observer()
        try:
            for path in self.paths:
                observer.schedule(Told(), str(path if path.is_dir() else path.parent), recursive=path.is_dir())
            observer.start()
        except OSError:  # (no more inotify watches, say): looked at every POLL seconds
            pass
        else:
            self.observer = observer
            self._whole = False
        self.known = stamps(self.paths)  # (once the events come: a change meanwhile is told)

    def _tell(self, event: Any) -> None:
        named = [os.fsdecode(p) for p in (event.src_path, getattr(event, "dest_path", "")) if p]
        watched = [p for p in named if self._watches(p)]
        if not watched:
            return  # (another file of a watched file's folder)
        with self._lock:
            if event.is_directory:
                self._whole = self._whole or event.event_type != "modified"  # (a folder's own time changes with every file made in it)
            else:
                self._told.update(watched)
        self.changed.set()

    def _watches(self, path: str) -> bool:
        return any(path == str(root) for root in self.paths) or path.startswith(tuple(self._folders))

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

    def look(self) -> set[str]:
        """The files changed, added or removed since the last look (paths as strings)."""
        with self._lock:
            told, whole = self._told, self._whole or self.observer is None
            self._told, self._whole = set(), False
        before = dict(self.known)
        if whole:
            self.known = stamps(self.paths)
            told = before.keys() | self.known.keys()
        else:
            for path in told:
                _look(path, self.known)
        return {path for path in told if before.get(path) != self.known.get(path)}

    def close(self) -> None:
        if self.observer is not None:
            self.observer.stop()
            self.observer.join()
